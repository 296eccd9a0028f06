"""``python -m game screenshot``: play some moves with computer players and save a picture of
the table, without opening a window (also for the README's pictures).

    python -m game screenshot --rules canasta --players 4 --seed 3 --moves 40 --out table.png

With ``--record FILE --step K`` it draws the Replay screen of a deal record (NOTATION.md)
after its first K actions instead (``--reveal``: every hand face up); an unusable record or a
step out of range is one line on standard error and exit status 2.

Seat 0 is shown as the human player ("You", hand face up) but its moves are chosen by the
computer too. The user's settings and saves are never touched.
"""

from __future__ import annotations

import os
import sys
import tempfile

MAX_MOVES = 100_000  # more than any deal has: the picture is then at the deal's end


def add_arguments(p) -> None:
    from game.cli import (
        LazyChoices,
        add_players_argument,
        add_rules_argument,
        add_seed_argument,
        int_range,
        level_names,
        window_size,
    )

    add_rules_argument(p, required=False)
    add_players_argument(p)
    add_seed_argument(p, 1)
    p.add_argument("--moves", type=int_range(0, MAX_MOVES), default=30,
                   help="moves to play first (default 30)")
    p.add_argument("--out", required=True, metavar="PNG", help="where to save the picture")
    p.add_argument("--size", type=window_size, default=(1280, 800),
                   help="window size (1280x800)")
    p.add_argument("--language", choices=("en", "ja"), default="en")
    p.add_argument("--card-size", choices=("small", "medium", "large"), default="medium")
    p.add_argument("--text-size", choices=("normal", "large", "larger"), default="normal",
                   help="the text size setting (default normal)")
    p.add_argument("--high-contrast", action="store_true", help="the high-contrast theme")
    p.add_argument("--score-sheet", action="store_true",
                   help="play to the end of the deal and show the score sheet")
    p.add_argument("--record", metavar="FILE",
                   help="draw the replay of this deal record (JSON) instead; no --rules")
    p.add_argument("--step", type=int_range(0, None), default=None, metavar="K",
                   help="with --record: after the record's first K actions (default: all)")
    p.add_argument("--reveal", action="store_true",
                   help="with --record: every hand face up")
    p.add_argument("--level", default="normal", choices=LazyChoices(level_names),
                   metavar="LEVEL", help="computer level: %(choices)s (default normal)")


def run(args) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.cli import check_output_file, one_line, or_list, player_count, usage_error

    if args.record is not None:
        given = [o for o, v in (("--rules", args.rules), ("--players", args.players),
                                ("--score-sheet", args.score_sheet)) if v]
        if given:  # the record says its game and its players: nothing may say otherwise
            usage_error(args, f"{or_list(given)} cannot go with --record (the record says "
                              "which game it is)")
        check_output_file(args, "--out", args.out)
        return run_record(args)
    if args.rules is None:
        usage_error(args, "the following arguments are required: --rules (or --record)")
    if args.step is not None or args.reveal:
        usage_error(args, "--step and --reveal go with --record")
    players = player_count(args)
    check_output_file(args, "--out", args.out)
    from game.engine.registry import game_info
    from game.session import GameSession, SeatConfig
    from game.ui.table import TableScreen
    from game.ui.table.scoresheet import ScoreSheet

    seats = [SeatConfig("human", args.level)] + [SeatConfig("computer", args.level)
                                                 for _ in range(players - 1)]
    session = GameSession(args.rules, players, seats=seats, seed=args.seed,
                          dealer=players - 1, keeper=1 if game_info(args.rules).keeper
                          and players > 2 else None)
    session.start_deal()
    session.play_computers(args.moves, args.seed, args.level, to_end=args.score_sheet)

    def after(screen) -> None:
        if session.state.is_over():
            screen.open_overlay(ScoreSheet(screen))

    code = draw(args, lambda app: TableScreen(app, session=session, autosave=False,
                                              reveal=True), after)
    if code:
        return code
    print(f"saved {one_line(args.out, 200)} ({args.rules}, {players} players, seed {args.seed}, "
          f"{len(session.history)} moves)")
    return 0


def load_replay(path: str, step: int | None):
    """The replay of a record file at ``step`` (all its actions if None); RecordError or
    InputError with a one-line reason if it cannot be drawn."""
    from game.engine.errors import RecordError
    from game.inputs import read_limited
    from game.replay.model import Replay

    replay = Replay.from_bytes(read_limited(path))
    if step is not None and step > replay.total:
        raise RecordError(f"--step {step} is out of range: the record has {replay.total} "
                          f"actions (0 to {replay.total})")
    replay.go(replay.total if step is None else step)
    return replay


def run_record(args) -> int:
    from game.cli import one_line
    from game.engine.errors import RecordError
    from game.inputs import InputError

    try:
        replay = load_replay(args.record, args.step)
    except (RecordError, InputError) as e:
        print(f"screenshot: unusable record {one_line(args.record, 80)}: "
              f"{one_line(str(e), 200)}", file=sys.stderr)
        return 2
    from game.ui.screens.replay_screen import ReplayScreen

    code = draw(args, lambda app: ReplayScreen(app, replay, open_hands=args.reveal))
    if code == 0:
        print(f"saved {one_line(args.out, 200)} ({replay.record.rules}, "
              f"{replay.record.players} players, step {replay.step} of {replay.total})")
    return code


def draw(args, make_screen, after=None) -> int:
    """Open a hidden window with private settings, show ``make_screen(app)``, save the
    picture to ``args.out``."""
    import pygame

    from game import i18n
    from game.settings import SettingsStore
    from game.ui.app import App

    with tempfile.TemporaryDirectory(prefix="cardtable-shot-") as tmp:
        store = SettingsStore(os.path.join(tmp, "settings.json"))
        store.settings = store.settings.model_copy(update={
            "language": args.language, "card_size": args.card_size, "sound": False,
            "text_size": args.text_size, "high_contrast": args.high_contrast})
        try:
            app = App(store=store, size=args.size, fullscreen=False)
        except pygame.error as e:
            print(f"screenshot: cannot draw: {e}", file=sys.stderr)
            return 1
        try:
            i18n.set_language(args.language)
            screen = make_screen(app)
            app.show(screen)
            if after is not None:
                after(screen)
            app.manager.update(0.01)
            surface = app.render()
            try:
                pygame.image.save(surface, args.out)
            except (pygame.error, OSError) as e:
                from game.cli import one_line

                print(f"screenshot: cannot write {one_line(args.out, 200)}: {e}",
                      file=sys.stderr)
                return 2
        finally:
            app.close()
    return 0
