"""``python -m game replay FILE``: NOTATION.md, "Replaying"."""

from __future__ import annotations

import json
import sys

from game.errors import RecordError
from game.record import load_record_text, replay


def add_arguments(p) -> None:
    p.add_argument("file", help="a deal record (JSON), or - for standard input")


def run(args) -> int:
    try:
        if args.file == "-":
            text = sys.stdin.read()
        else:
            with open(args.file, encoding="utf-8") as f:
                text = f.read()
    except (OSError, UnicodeDecodeError) as e:
        print(f"replay: cannot read {args.file}: {getattr(e, 'strerror', None) or e}",
              file=sys.stderr)
        return 2
    try:
        record = load_record_text(text)
        result, code = replay(record)
    except RecordError as e:
        print(f"replay: unusable record: {e}", file=sys.stderr)
        return 2
    json.dump(result, sys.stdout, indent=2)
    sys.stdout.write("\n")
    return code
