"""``python -m game saves list|check FILE|export FILE --record OUT.json`` (docs/saves.md).

- ``list``: the user's saves (autosave, backup, named, recent), then the bundled practice
  positions;
  damaged files are listed with their reason. ``--json`` prints one JSON array.
- ``check FILE``: exit 0 when the file loads (a summary on standard output), 1 with a one-line
  reason on standard error when it does not.
- ``export FILE --record OUT.json``: the current deal so far as a NOTATION.md record that
  ``replay`` accepts (exit 1 if the save does not load, 2 if OUT cannot be written).

Never a traceback: every problem is one line on standard error.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from game.safetext import display_text, json_safe


def add_arguments(p) -> None:
    sub = p.add_subparsers(dest="saves_command", metavar="ACTION", required=True)
    ls = sub.add_parser("list", help="list saves and practice positions")
    ls.add_argument("--json", action="store_true", help="print one JSON array")
    ls.add_argument("--folder", help="a saves folder other than the user's")
    ck = sub.add_parser("check", help="exit 0 if FILE loads, 1 with the reason if not")
    ck.add_argument("file")
    ex = sub.add_parser("export", help="write the deal so far as a record for 'replay'")
    ex.add_argument("file")
    ex.add_argument("--record", required=True, metavar="OUT.json",
                    help="where to write the record (- for standard output; the folder "
                         "must exist)")
    ex.set_defaults(parser=ex)


def _names(summary) -> list[str]:
    """The seats as the table and the Load screen name them ("You", "Computer 2")."""
    from game.i18n import player_names

    return player_names([x.kind for x in summary.seats],
                        [display_text(x.name) for x in summary.seats])


def _who(summary) -> str:
    if summary.turn < 0:
        return "game over" if summary.game_over else "deal over"
    return f"{_names(summary)[summary.turn]} to play"


def _line(e) -> str:
    """One line per save; names and reasons come from files, so they are made safe for a
    terminal (no escape sequences, no line breaks)."""
    name = display_text(e.name, 80)
    if not e.ok:
        return f"{e.kind:9} {name}: DAMAGED: {display_text(e.reason or '')}"
    s = e.summary
    players = ", ".join(_names(s))
    title = f" \"{display_text(e.practice.title.en)}\"" if e.practice else ""
    when = (e.updated or "").replace("T", " ").replace("Z", " UTC")
    return (f"{e.kind:9} {name}{title}: {s.game}, {s.players} players ({players}), "
            f"totals {s.totals}, deal {s.deal}{_number(s)}, {_who(s)}, {when}")


def _number(summary) -> str:
    """`` (no. 12345-2)``: deal k of game number N (docs/deals.md); nothing for older games."""
    from game.engine.deals import format_number

    return "" if summary.number is None else f" (no. {format_number(summary.number, summary.deal)})"


def _entry_json(e) -> dict:
    return {
        "path": str(e.path), "kind": e.kind, "name": e.name, "ok": e.ok, "reason": e.reason,
        "updated": e.updated,
        "summary": e.summary.model_dump(mode="json") if e.summary else None,
        "practice": e.practice.model_dump(mode="json") if e.practice else None,
    }


def run(args) -> int:
    from game.saves import DamagedSave, list_practice, list_saves, load_entry, saves_dir

    cmd = args.saves_command
    if cmd == "export" and args.record != "-":
        from game.cli import check_output_file

        check_output_file(args, "--record", args.record)  # before the save's slow replay
    if cmd == "list":
        folder = Path(args.folder) if args.folder else saves_dir()
        user = list_saves(folder)
        practice = list_practice()
        if args.json:
            print(json_safe(json.dumps([_entry_json(e) for e in user + practice],
                                       ensure_ascii=False)))
            return 0
        print(f"saves in {folder}:" if user else f"no saves in {folder}")
        for e in user:
            print("  " + _line(e))
        if practice:
            print("practice positions:")
            for e in practice:
                print("  " + _line(e))
        return 0
    from game.cli import one_line

    name = one_line(args.file, 200)  # a value typed by the user: one safe line
    try:
        loaded = load_entry(args.file)
    except DamagedSave as e:
        print(f"{name}: {e}", file=sys.stderr)
        return 1
    if cmd == "check":
        s = loaded.save.summary
        note = f" (format version {loaded.migrated_from}, updated on loading)" \
            if loaded.migrated_from is not None else ""
        print(f"{name}: ok: {s.game}, {s.players} players, totals {s.totals}, "
              f"deal {s.deal}{_number(s)}, {s.actions} actions, {_who(s)}{note}")
        return 0
    # export
    session = loaded.session
    if session.position is not None:
        print(f"{name}: this deal starts from a hand-made position, not a dealt deck, "
              "so it has no deal record", file=sys.stderr)
        return 1
    text = session.record().model_dump_json(exclude_none=True, indent=2) + "\n"
    if args.record == "-":
        sys.stdout.write(text)
        return 0
    from game.saves.atomic import write_atomic

    record = one_line(args.record, 200)
    try:
        write_atomic(Path(args.record), text.encode("utf-8"))
    except OSError as e:
        print(f"saves export: cannot write {record}: {e.strerror or e}", file=sys.stderr)
        return 2
    print(f"{record}: {len(session.history)} actions of deal {loaded.save.summary.deal}")
    return 0
