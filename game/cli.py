"""The command line: ``python -m game`` / ``cardtable``.

Each subcommand lives in its own module and is imported only when used, so that ``replay`` or
``selfplay`` never load pygame. Bad arguments print usage and exit 2 (argparse), never a
traceback.
"""

from __future__ import annotations

import argparse
import sys
from importlib import import_module

from game.registry import GAME_NAMES

# subcommand -> (module, help). Each module has add_arguments(parser) and run(args) -> int.
SUBCOMMANDS = {
    "replay": ("game.commands.replay", "replay a deal record and print the result as JSON"),
    "selfplay": ("game.commands.selfplay", "play whole games between simple bots, checking rules"),
    "bench": ("game.commands.bench", "measure engine speed"),
    "saves": ("game.commands.saves", "list, check and export saved games"),
    "tournament": ("game.commands.tournament", "duplicate deals between two computer levels"),
    "play": ("game.commands.play", "open the Card Table window (the default)"),
    "screenshot": ("game.commands.screenshot",
                   "play some computer moves and save a picture of the table (no window)"),
}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="cardtable",
        description="Card Table: Canasta, Quick Canasta, Canastone, Looking and Down, Cassino.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (module, help_text) in SUBCOMMANDS.items():
        p = sub.add_parser(name, help=help_text, description=help_text)
        import_module(module).add_arguments(p)
    return parser


def add_rules_argument(p: argparse.ArgumentParser, required: bool = True) -> None:
    p.add_argument("--rules", choices=GAME_NAMES, required=required, help="which game")


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        if "play" in SUBCOMMANDS:
            return import_module(SUBCOMMANDS["play"][0]).run(args)
        parser.print_help()
        return 0
    module = import_module(SUBCOMMANDS[args.command][0])
    try:
        return module.run(args)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (``replay FILE | head``): stop quietly.
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
