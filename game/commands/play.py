"""``python -m game`` / ``python -m game play``: open the Card Table window."""

from __future__ import annotations

import logging
import os
import sys

# Set (to anything) to quit right after the first frame is on the screen (bench --startup).




# What pygame reads from the environment when it is first imported.
PYGAME_ENVIRONMENT = {
    "PYGAME_HIDE_SUPPORT_PROMPT": "1",
    # One application name for X11 desktops (grouping, icons), however the game was started:
    # pygame otherwise names it after sys.argv[0], "__main__.py" under ``python -m game``.
    "SDL_VIDEO_X11_WMCLASS": "cardtable",
}


def prepare_environment() -> None:
    """Set, before pygame is imported, what it reads then; a value already set wins."""
    for name, value in PYGAME_ENVIRONMENT.items():
        os.environ.setdefault(name, value)


def add_arguments(p) -> None:
    from game.cli import window_size

    p.add_argument("--size", type=window_size,
                   help="window size, e.g. 1280x800 (default: last used)")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--fullscreen", action="store_true", default=None,
                      help="start in full screen (F11 switches at any time)")
    mode.add_argument("--windowed", dest="fullscreen", action="store_false",
                      help="start in a window")
    p.add_argument("--language", choices=("auto", "en", "ja"),
                   help="language for this session (the Settings screen changes it for good)")
    from game.cli import add_players_argument, add_rules_argument, add_seed_argument

    add_rules_argument(p, required=False)
    add_players_argument(p)
    add_seed_argument(p, None, "with --rules: seed of the shuffles")
    from game.cli import int_range
    from game.engine.deals import MAX_NUMBER

    p.add_argument("--number", type=int_range(1, MAX_NUMBER),
                   help="with --rules: the game's number, the same cards on every machine "
                        "(docs/deals.md)")
    p.add_argument("--screenshot", metavar="PNG",
                   help="draw the main menu into PNG and exit (works without a display "
                        "with SDL_VIDEODRIVER=dummy)")


def record_statistics(session) -> None:
    """Each deal the player finishes counts in their statistics (docs/stats.md); imported at
    the first deal's end, not before the menu's first frame."""
    from game.stats.recorder import record_deal

    record_deal(session)


def run(args) -> int:
    # ``python -m game`` with no subcommand arrives here without our options.
    size = getattr(args, "size", None)
    fullscreen = getattr(args, "fullscreen", None)
    language = getattr(args, "language", None)
    screenshot = getattr(args, "screenshot", None)
    rules = getattr(args, "rules", None)
    players = None
    if hasattr(args, "parser"):
        from game.cli import check_output_file, player_count, usage_error

        if rules is not None:
            players = player_count(args)
        elif args.players is not None or args.seed is not None or args.number is not None:
            usage_error(args, "--players, --seed and --number go with --rules")
        if args.seed is not None and args.number is not None:
            usage_error(args, "a game has a --seed or a --number, not both")
        if screenshot is not None:
            check_output_file(args, "--screenshot", screenshot)
    prepare_environment()
    try:
        import pygame

        from game import i18n
        from game.ui.app import EXIT_AFTER_FIRST_FRAME, App
    except ImportError as e:  # pragma: no cover - a broken install
        print(f"play: cannot start the interface: {e}", file=sys.stderr)
        return 2
    try:
        app = App(size=size, fullscreen=fullscreen, hooks=_saves_hooks())
    except pygame.error as e:
        print(f"play: cannot open a window: {e}", file=sys.stderr)
        return 1
    if language is not None:
        i18n.set_language(language)
        app.rebuild()
    if rules is not None:
        _start_game(app, rules, players, args.seed, getattr(args, "number", None))
    if screenshot:
        app.step(present=False)
        app.step(present=False)
        try:
            pygame.image.save(app.render(), screenshot)
        except (pygame.error, OSError) as e:
            from game.cli import one_line

            print(f"play: cannot write {one_line(screenshot, 200)}: {e}", file=sys.stderr)
            return 2
        finally:
            app.close()
        return 0
    if os.environ.get(EXIT_AFTER_FIRST_FRAME):
        # ``bench --startup``: the time to the first presented frame, then quit.
        app.step()
        app.close()
        return 0
    try:
        from game import listeners

        # The player's games count from here (not in a picture of the menu, nor in the
        # start-up measurement): docs/stats.md.
        if record_statistics not in listeners.DEAL_SCORED:
            listeners.DEAL_SCORED.append(record_statistics)
        from game.replay.history import record_finished_deal  # the History (issue 13)

        if record_finished_deal not in listeners.DEAL_SCORED:
            listeners.DEAL_SCORED.append(record_finished_deal)
        return app.run()
    except KeyboardInterrupt:  # Ctrl+C in the terminal: the window closes cleanly (run's finally)
        return 130


def _saves_hooks():
    """Continue and Load on the main menu, from game.saves (none if that part fails)."""
    try:
        from game.ui.screens.load_screen import saves_hooks

        return saves_hooks()
    except Exception as e:  # pragma: no cover - the menu still opens without them
        logging.getLogger("game.play").exception("saves unavailable")
        print(f"play: saves unavailable: {e}", file=sys.stderr)
        return None


def _start_game(app, rules: str, players: int, seed: int | None,
                number: int | None = None) -> None:
    """Open the table directly (``--rules``; the player count is checked already)."""
    from game.newgame import NewGameConfig, default_seats
    from game.ui.table import TableScreen

    config = NewGameConfig(game=rules, players=players, seats=default_seats(players))
    app.update_settings(last_game=config)
    app.show(TableScreen(app, config.model_copy(update={"number": number}), seed=seed))
