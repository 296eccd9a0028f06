"""``python -m game screenshot``: play some moves with computer players and save a picture of
the table, without opening a window (also for the README's pictures).

    python -m game screenshot --rules canasta --players 4 --seed 3 --moves 40 --out table.png

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

    add_rules_argument(p)
    add_players_argument(p)
    add_seed_argument(p, 1)
    p.add_argument("--moves", type=int_range(0, MAX_MOVES), default=30,
                   help="moves to play first (default 30)")
    p.add_argument("--out", required=True, metavar="PNG", help="where to save the picture")
    p.add_argument("--size", type=window_size, default=(1280, 800),
                   help="window size (1280x800)")
    p.add_argument("--language", choices=("en", "ja"), default="en")
    p.add_argument("--card-size", choices=("small", "medium", "large"), default="medium")
    p.add_argument("--score-sheet", action="store_true",
                   help="play to the end of the deal and show the score sheet")
    p.add_argument("--level", default="normal", choices=LazyChoices(level_names),
                   metavar="LEVEL", help="computer level: %(choices)s (default normal)")


def play_moves(session, moves: int, seed: int, level: str = "normal", to_end: bool = False,
               seat_zero_bot=None) -> int:
    """Apply up to ``moves`` computer moves (all seats), or to the end of the deal; returns
    the number applied. Looking and Down's frozen-in-time players are offered their out-of-turn
    melds at the start of each turn, as at the table."""
    from game.players.registry import make_player

    bots = {s: session.bots.get(s) or make_player(level, seed * 7 + s) for s in
            range(session.players)}
    st = session.state
    done = 0
    last_turn = None
    limit = 100000 if to_end else moves
    while done < limit and not st.is_over():
        if getattr(st, "down", None) is not None and (st.turn, st.turn_no) != last_turn:
            last_turn = (st.turn, st.turn_no)
            for other in st.actors()[1:]:
                for _ in range(6):
                    if st.is_over() or not st.frozen_time[other] or done >= limit:
                        break
                    d = session.decision(other)
                    if not d.legal:
                        break
                    a = bots[other].choose_optional(d)
                    if a is None:
                        break
                    session.apply(a)
                    done += 1
            if st.is_over() or done >= limit:
                break
        seat = st.current_player()
        session.apply(bots[seat].choose(session.decision(seat)))
        done += 1
    return done


def run(args) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.cli import check_output_file, player_count

    players = player_count(args)
    check_output_file(args, "--out", args.out)
    import pygame

    from game import i18n
    from game.session import GameSession, SeatConfig
    from game.settings import SettingsStore
    from game.ui.app import App
    from game.ui.table import TableScreen
    from game.ui.table.scoresheet import ScoreSheet

    seats = [SeatConfig("human", args.level)] + [SeatConfig("computer", args.level)
                                                 for _ in range(players - 1)]
    session = GameSession(args.rules, players, seats=seats, seed=args.seed,
                          dealer=players - 1, keeper=1 if args.rules == "looking-and-down"
                          and players > 2 else None)
    session.start_deal()
    play_moves(session, args.moves, args.seed, args.level, to_end=args.score_sheet)
    with tempfile.TemporaryDirectory(prefix="cardtable-shot-") as tmp:
        store = SettingsStore(os.path.join(tmp, "settings.json"))
        store.settings = store.settings.model_copy(update={
            "language": args.language, "card_size": args.card_size, "sound": False})
        try:
            app = App(store=store, size=args.size, fullscreen=False)
        except pygame.error as e:
            print(f"screenshot: cannot draw: {e}", file=sys.stderr)
            return 1
        try:
            i18n.set_language(args.language)
            screen = TableScreen(app, session=session, autosave=False, reveal=True)
            app.show(screen)
            if session.state.is_over():
                screen.open_overlay(ScoreSheet(screen))
            app.manager.update(0.01)
            surface = app.render()
            try:
                pygame.image.save(surface, args.out)
            except (pygame.error, OSError) as e:
                print(f"screenshot: cannot write {args.out}: {e}", file=sys.stderr)
                return 2
        finally:
            app.close()
    print(f"saved {args.out} ({args.rules}, {players} players, seed {args.seed}, "
          f"{len(session.history)} moves)")
    return 0
