"""``python -m game`` / ``python -m game play``: open the Card Table window."""

from __future__ import annotations

import os
import sys


def _size(text: str) -> tuple[int, int]:
    import argparse

    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a size like 1280x800") from None
    if w < 800 or h < 600:
        raise argparse.ArgumentTypeError("the window must be at least 800x600")
    return w, h


def add_arguments(p) -> None:
    p.add_argument("--size", type=_size, help="window size, e.g. 1280x800 (default: last used)")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--fullscreen", action="store_true", default=None,
                      help="start in full screen (F11 switches at any time)")
    mode.add_argument("--windowed", dest="fullscreen", action="store_false",
                      help="start in a window")
    p.add_argument("--language", choices=("auto", "en", "ja"),
                   help="language for this session (the Settings screen changes it for good)")
    from game.registry import GAME_NAMES

    p.add_argument("--rules", choices=GAME_NAMES,
                   help="start a game of these rules at once (seat 0 is you, the others "
                        "computers)")
    p.add_argument("--players", type=int, help="with --rules: number of players")
    p.add_argument("--seed", type=int, help="with --rules: seed of the shuffles")
    p.add_argument("--screenshot", metavar="PNG",
                   help="draw the main menu into PNG and exit (works without a display "
                        "with SDL_VIDEODRIVER=dummy)")


def run(args) -> int:
    # ``python -m game`` with no subcommand arrives here without our options.
    size = getattr(args, "size", None)
    fullscreen = getattr(args, "fullscreen", None)
    language = getattr(args, "language", None)
    screenshot = getattr(args, "screenshot", None)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        import pygame

        from game import i18n
        from game.ui.app import App
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
    rules = getattr(args, "rules", None)
    if rules is not None:
        problem = _start_game(app, rules, getattr(args, "players", None),
                              getattr(args, "seed", None))
        if problem:
            app.close()
            print(f"play: {problem}", file=sys.stderr)
            return 2
    if screenshot:
        app.step(present=False)
        app.step(present=False)
        pygame.image.save(app.render(), screenshot)
        app.close()
        return 0
    try:
        return app.run()
    except KeyboardInterrupt:  # Ctrl+C in the terminal: the window closes cleanly (run's finally)
        return 130


def _saves_hooks():
    """Continue and Load on the main menu, from game.saves (none if that part fails)."""
    try:
        from game.ui.screens.load_screen import saves_hooks

        return saves_hooks()
    except Exception as e:  # pragma: no cover - the menu still opens without them
        print(f"play: saves unavailable: {e}", file=sys.stderr)
        return None


def _start_game(app, rules: str, players: int | None, seed: int | None) -> str | None:
    """Open the table directly (``--rules``); a message when the player count is wrong."""
    from game.ui.config import PLAYER_COUNTS, NewGameConfig, default_seats, usual_players

    n = players or usual_players(rules)
    if n not in PLAYER_COUNTS[rules]:
        counts = ", ".join(map(str, PLAYER_COUNTS[rules]))
        return f"{rules} is played by {counts} players, not {n}"
    config = NewGameConfig(game=rules, players=n, seats=default_seats(n))
    from game.ui.table import TableScreen

    app.update_settings(last_game=config)
    app.show(TableScreen(app, config, seed=seed))
    return None
