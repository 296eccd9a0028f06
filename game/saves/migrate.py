"""Bringing older save files up to the current format, one small function per version.

``MIGRATIONS[v]`` turns a version ``v`` document (plain JSON data) into a version ``v + 1``
document. :func:`migrate` applies them in turn. A migration works on data not yet validated:
it may raise KeyError, TypeError or ValueError, which the loader reports as damage. The last
step's output lacks ``summary`` and ``checksum``: the loader derives both from the rebuilt game.

Version 0 (the prototype snapshot file, documented in docs/saves.md)::

    {"format": "cardtable-save", "version": 0, "saved": "2026-11-01T10:00:00Z",
     "session": {...GameSession.snapshot() with "version": 0, seats as [kind, level, name]
                 lists, and the deal's actions as a top-level "history" list instead of
                 "deal": {"actions": [...]}}}

Version 1: version 2 without the game's number (``session.number``, ``summary.number``), the
daily deal's date (``session.daily``) and the take-back flag (``session.took_back``).

Version 2: game.saves.model.SaveFile.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from game.saves.model import FORMAT, canonical


class MigrationError(ValueError):
    """A document that cannot be brought up to date (its message says why, in one line)."""


def migrate_0_to_1(doc: dict) -> dict:
    session = dict(doc["session"])
    if session.get("version") != 0:
        raise MigrationError("the game inside is not a version 0 snapshot")
    deal = dict(session["deal"])
    if "actions" in deal:
        raise MigrationError("a version 0 deal keeps its actions in 'history'")
    deal["actions"] = list(session.pop("history"))
    session["deal"] = deal
    seats = []
    for entry in session["seats"]:
        if not isinstance(entry, list) or len(entry) != 3:
            raise MigrationError("a version 0 seat is a [kind, level, name] list")
        kind, level, name = entry
        seats.append({"kind": kind, "level": level, "name": name})
    session["seats"] = seats
    session["version"] = 1
    saved = doc["saved"]
    return {
        "format": FORMAT,
        "version": 1,
        # The same old file always gets the same id.
        "game_id": hashlib.sha256(canonical(doc)).hexdigest()[:32],
        "created": saved,
        "updated": saved,
        "practice": None,
        "session": session,
    }


def migrate_1_to_2(doc: dict) -> dict:
    """Version 2 only adds optional fields: a version 1 game has no number (it was dealt from
    a plain seed), is no daily deal, and took nothing back. The loader checked the version 1
    checksum before; it derives the new summary and checksum."""
    out = {k: v for k, v in doc.items() if k not in ("summary", "checksum")}
    session = dict(doc["session"])
    for field in ("number", "daily", "took_back"):
        if field in session:
            raise MigrationError(f"a version 1 game has no '{field}'")
    out["session"] = session
    out["version"] = 2
    return out


MIGRATIONS: dict[int, Callable[[dict], dict]] = {
    0: migrate_0_to_1,
    1: migrate_1_to_2,
}


def migrate(doc: dict, target: int) -> dict:
    """Apply migrations from ``doc["version"]`` up to ``target``; MigrationError if a step is
    missing or fails."""
    version = doc["version"]
    while version < target:
        step = MIGRATIONS.get(version)
        if step is None:
            raise MigrationError(f"no way to update format version {version}")
        try:
            doc = step(doc)
        except MigrationError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError) as e:
            what = f"missing {e}" if isinstance(e, KeyError) else str(e) or type(e).__name__
            raise MigrationError(f"version {version} file does not have the expected shape "
                                 f"({what})") from None
        if not isinstance(doc, dict) or doc.get("version") != version + 1:
            raise MigrationError(f"the update from version {version} went wrong")
        version += 1
    return doc
