"""``python -m game replay FILE``: NOTATION.md, "Replaying"."""

from __future__ import annotations

import json
import sys


def add_arguments(p) -> None:
    p.add_argument("file", help="a deal record (JSON), or - for standard input")


def run(args) -> int:
    from game.cli import one_line
    from game.engine.errors import RecordError
    from game.engine.record import load_record_bytes, replay
    from game.inputs import InputError, read_limited

    try:
        data = read_limited(args.file)
    except InputError as e:
        print(f"replay: cannot read {_name(args.file)}: {e}", file=sys.stderr)
        return 2
    try:
        record = load_record_bytes(data)
        result, code = replay(record)
    except RecordError as e:
        print(f"replay: unusable record: {one_line(str(e), 200)}", file=sys.stderr)
        return 2
    json.dump(result, sys.stdout, indent=2)
    sys.stdout.write("\n")
    return code


def _name(file: str) -> str:
    from game.cli import one_line

    return "standard input" if file == "-" else one_line(file, 200)
