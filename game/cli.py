"""The command line: ``python -m game`` / ``cardtable``.

Building the parser is cheap: each subcommand module defines its arguments with the standard
library and game.engine.registry only, and imports what it runs with inside ``run``, so that
``--help`` or ``replay`` never load pygame, and ``--help`` neither pydantic nor the computer
players. Bad arguments print usage and one line to standard error and exit 2, never a
traceback; an unexpected error is written with its traceback to the log file, and the user
gets one line naming that file (exit 1).
"""

from __future__ import annotations

import argparse
import logging
import math
import sys
from importlib import import_module

from game.engine.registry import GAME_NAMES

# subcommand -> (module, help). Each module has add_arguments(parser) and run(args) -> int.
SUBCOMMANDS = {
    "replay": ("game.commands.replay", "replay a deal record and print the result as JSON"),
    "selfplay": ("game.commands.selfplay", "play whole games between simple bots, checking rules"),
    "bench": ("game.commands.bench", "measure engine speed"),
    "saves": ("game.commands.saves", "list, check and export saved games"),
    "stats": ("game.commands.stats", "your statistics: games, deals, scores, streaks, daily deals"),
    "tournament": ("game.commands.tournament", "duplicate deals between two computer levels"),
    "play": ("game.commands.play", "open the Card Table window (the default)"),
    "screenshot": ("game.commands.screenshot",
                   "play some computer moves and save a picture of the table (no window)"),
    "serve": ("game.commands.serve", "run a network table server without a window"),
}
# The commands that draw or play write a log; the rules-only ones (replay, selfplay, bench,
# saves, tournament) print everything they have to say and stay quick to start, so they
# configure the log only when something unexpected happens (see ``_crash``).
LOGGED_COMMANDS = frozenset({"play", "screenshot", "serve"})
DEFAULT_COMMAND = "play"

log = logging.getLogger("game.cli")


class _Version(argparse.Action):
    """``--version``: reads the installed version only when asked (importlib.metadata is slow
    to import)."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS,
                 help="print the version and exit"):
        super().__init__(option_strings, dest=dest, default=default, nargs=0, help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        from game import __version__

        print(f"cardtable {__version__}")
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="cardtable",
        description="Card Table: Canasta, Quick Canasta, Canastone, Looking and Down, Cassino.",
    )
    parser.add_argument("--version", action=_Version)
    parser.add_argument("--verbose", action="store_true",
                        help="also write the log to the terminal (standard error)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (module, help_text) in SUBCOMMANDS.items():
        p = sub.add_parser(name, help=help_text, description=help_text)
        # Also after the command name; SUPPRESS keeps a global --verbose from being reset.
        p.add_argument("--verbose", action="store_true", default=argparse.SUPPRESS,
                       help=argparse.SUPPRESS)
        p.set_defaults(parser=p)
        import_module(module).add_arguments(p)
    return parser


# ---- argument helpers for the subcommands ------------------------------------------------

def add_rules_argument(p: argparse.ArgumentParser, required: bool = True) -> None:
    p.add_argument("--rules", choices=GAME_NAMES, required=required, help="which game")


def int_range(low: int | None = None, high: int | None = None):
    """An argparse type: a whole number, from ``low`` to ``high`` when given."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:  # also numbers of thousands of digits
            raise argparse.ArgumentTypeError(f"'{one_line(text)}' is not a whole number") from None
        if (low is not None and value < low) or (high is not None and value > high):
            raise argparse.ArgumentTypeError(
                f"must be from {low} to {high}, not {one_line(text)}")
        return value

    parse.__name__ = "int"
    return parse


def float_range(low: float, high: float):
    """An argparse type: a number above ``low`` and at most ``high`` (no nan, no inf)."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"'{one_line(text)}' is not a number") from None
        if not (math.isfinite(value) and low < value <= high):
            raise argparse.ArgumentTypeError(
                f"must be more than {low:g} and at most {high:g}, not {one_line(text)}")
        return value

    parse.__name__ = "float"
    return parse


# The largest window or picture: 8K. Beyond it the drawing surfaces alone need gigabytes.
MAX_WINDOW = (7680, 4320)


def window_size(text: str) -> tuple[int, int]:
    """An argparse type: a window size such as ``1280x800``, from 800x600 to 7680x4320."""
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"'{one_line(text)}' is not a size like 1280x800") from None
    if w < 800 or h < 600:
        raise argparse.ArgumentTypeError("the window must be at least 800x600")
    if w > MAX_WINDOW[0] or h > MAX_WINDOW[1]:
        raise argparse.ArgumentTypeError(
            f"the window can be at most {MAX_WINDOW[0]}x{MAX_WINDOW[1]}")
    return w, h


class LazyChoices:
    """argparse ``choices`` read from a module only when a command line uses them (the level
    names live beside the computer players, which ``--help`` should not import)."""

    def __init__(self, load):
        self._load = load
        self._names: tuple[str, ...] | None = None

    def _get(self) -> tuple[str, ...]:
        if self._names is None:
            self._names = tuple(self._load())
        return self._names

    def __contains__(self, value) -> bool:
        return value in self._get()

    def __iter__(self):
        return iter(self._get())

    def __len__(self) -> int:
        return len(self._get())


def level_names() -> tuple[str, ...]:
    from game.players.registry import LEVELS

    return tuple(sorted(LEVELS))


def add_seed_argument(p: argparse.ArgumentParser, default: int | None,
                      help: str = "seed of the shuffles") -> None:
    p.add_argument("--seed", type=int_range(), default=default,
                   help=help if default is None else f"{help} (default {default})")


def add_players_argument(p: argparse.ArgumentParser) -> None:
    p.add_argument("--players", type=int_range(), default=None,
                   help="number of players (default: the usual for the game)")


def player_count(args) -> int:
    """``--players`` checked against the game's declared player counts (usage error if not
    allowed); the game's usual count when not given."""
    from game.engine.registry import game_info

    info = game_info(args.rules)
    if args.players is None:
        return info.usual_players
    counts = info.player_counts
    if args.players not in counts:
        usage_error(args, f"{args.rules} is played by {or_list(counts)} players, "
                          f"not {one_line(str(args.players))}")
    return args.players


def check_options(args) -> None:
    from game.engine.registry import get_game

    unknown = [o for o in args.option if o not in get_game(args.rules).options]
    if unknown:
        usage_error(args, f"unknown option(s) for {args.rules}: "
                          f"{', '.join(one_line(o) for o in unknown)}")


def check_output_file(args, option: str, path: str) -> None:
    """Usage error unless ``path`` names a file in a folder that exists: output never creates
    folders the user did not ask for, and never replaces a folder, a device or a pipe."""
    from pathlib import Path

    if not path or "\0" in path:
        usage_error(args, f"{option}: '{one_line(path)}' is not a file name")
    target = Path(path)
    if target.is_dir():
        usage_error(args, f"{option}: {one_line(path, 200)} is a folder")
    if target.exists() and not target.is_file():  # a device (/dev/full), a pipe, a socket
        usage_error(args, f"{option}: {one_line(path, 200)} is not a regular file (output "
                          "replaces files only)")
    folder = target.parent
    if not folder.is_dir():
        problem = "is not a folder" if folder.exists() else "does not exist"
        usage_error(args, f"{option}: the folder {one_line(str(folder), 200)} {problem}")


def usage_error(args, message: str):
    """Usage and ``message`` on standard error, exit 2 (argparse's own way)."""
    args.parser.error(message)


def or_list(values) -> str:
    """``2, 3 or 4``."""
    words = [str(v) for v in values]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def one_line(text: str, limit: int = 40) -> str:
    """A user's value in a message: one line, not thousands of characters long, and no control
    or escape characters that a terminal would obey (game.safetext, as saves quote theirs)."""
    from game.safetext import quoted

    return quoted(" ".join(text.split()), limit)


# ---- running ---------------------------------------------------------------------------

def main(argv: list[str] | None = None) -> int:
    """Run one command. Everything it writes to the terminal goes through
    :class:`game.safetext.TerminalStream`: a control character in an argument that a message
    echoes (``saves check $'x\\e[2J'``) is shown, never obeyed."""
    from game.safetext import TerminalStream

    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = TerminalStream(out), TerminalStream(err)
    try:
        return _main(argv)
    finally:
        sys.stdout, sys.stderr = out, err


def _main(argv: list[str] | None) -> int:
    try:
        parser = build_parser()
        args = parser.parse_args(argv)
    except SystemExit as e:  # --help, --version, usage errors
        return _exit_code(e)
    command = args.command or DEFAULT_COMMAND
    logging_to: list = []  # the log file, once configured (None if it cannot be written)
    try:
        if command in LOGGED_COMMANDS:
            from game import applog

            logging_to.append(applog.configure(verbose=args.verbose))
            _log_start(command)
        return import_module(SUBCOMMANDS[command][0]).run(args)
    except SystemExit as e:  # usage_error from inside a command
        return _exit_code(e)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (``replay FILE | head``): stop quietly.
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except Exception as e:
        if not logging_to:
            from game import applog

            logging_to.append(applog.configure(verbose=args.verbose))
        return _crash(command, e, logging_to[0])


def _log_start(command: str) -> None:
    """The first line of a run in the log, so that a report names what was running."""
    from game import __version__

    log.info("cardtable %s %s, Python %s on %s", __version__, command,
             sys.version.split()[0], sys.platform)


def _exit_code(e: SystemExit) -> int:
    if e.code is None:
        return 0
    return e.code if isinstance(e.code, int) else 1


def _crash(command: str, error: Exception, log_path) -> int:
    """An error nobody expected: its traceback to the log file, one line to the user."""
    log.error("%s failed", command, exc_info=error)
    where = f"details in {log_path}" if log_path is not None else \
        "the log file could not be written"
    what = one_line(f"{type(error).__name__}: {error}", 100)
    print(f"{command}: unexpected error ({what}); {where}", file=sys.stderr)
    return 1
