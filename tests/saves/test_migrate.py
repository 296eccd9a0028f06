"""Migrations: the version 0 shape (docs/saves.md) becomes version 1 and loads identically."""

from __future__ import annotations

import copy
import json

import pytest

from game import saves
from game.saves.migrate import MIGRATIONS, MigrationError, migrate, migrate_0_to_1

from .helpers import fingerprint, new_session, play


def version_0(session) -> dict:
    """A session as the prototype wrote it (format version 0)."""
    snap = copy.deepcopy(session.snapshot())
    snap["version"] = 0
    snap["history"] = snap["deal"].pop("actions")
    snap["seats"] = [[s["kind"], s["level"], s["name"]] for s in snap["seats"]]
    return {"format": "cardtable-save", "version": 0, "saved": "2026-11-01T10:00:00Z",
            "session": snap}


def test_registry_covers_every_older_version():
    assert sorted(MIGRATIONS) == list(range(saves.SAVE_VERSION))


def test_migrate_0_to_1_shape():
    s = play(new_session("canasta", 2, seed=4), 12)
    old = version_0(s)
    new = migrate_0_to_1(copy.deepcopy(old))
    assert new["version"] == 1
    assert new["session"] == {**s.snapshot()}
    assert new["created"] == new["updated"] == "2026-11-01T10:00:00Z"
    assert len(new["game_id"]) == 32
    assert migrate_0_to_1(copy.deepcopy(old))["game_id"] == new["game_id"]  # stable
    assert "summary" not in new and "checksum" not in new


@pytest.mark.parametrize("rules", ["canasta", "looking-and-down", "cassino"])
def test_version_0_file_loads_and_continues(rules, folder):
    s = play(new_session(rules, seed=8), 20)
    folder.mkdir(parents=True, exist_ok=True)
    p = folder / "old.json"
    p.write_text(json.dumps(version_0(s)), encoding="utf-8")
    before = fingerprint(p)
    loaded = saves.load_entry(p)
    assert loaded.migrated_from == 0
    assert loaded.session.snapshot() == s.snapshot()
    assert loaded.save.summary == saves.summarize(s)
    assert fingerprint(p) == before  # loading never rewrites the file
    entry = [e for e in saves.list_saves() if e.name == "old"][0]
    assert entry.ok and entry.migrated_from == 0
    # Saving it again writes the current version.
    t = saves.load(saves.save_as(loaded.session, "new"))
    assert t.snapshot() == s.snapshot()


def test_broken_version_0_is_damaged(folder):
    s = play(new_session("canasta", 2, seed=4), 5)
    folder.mkdir(parents=True, exist_ok=True)
    for name, change in {
        "no-history": lambda d: d["session"].pop("history"),
        "seat-objects": lambda d: d["session"].update(seats=[{"kind": "human"}] * 2),
        "no-saved": lambda d: d.pop("saved"),
        "not-object": lambda d: d.update(session=[1, 2]),
        "bad-inner-version": lambda d: d["session"].update(version=5),
    }.items():
        doc = version_0(s)
        change(doc)
        p = folder / f"{name}.json"
        p.write_text(json.dumps(doc), encoding="utf-8")
        with pytest.raises(saves.DamagedSave, match="cannot be updated from version 0"):
            saves.load(p)


def test_missing_migration_step():
    with pytest.raises(MigrationError, match="no way to update"):
        migrate({"version": -5}, 1)


def test_illegal_history_in_an_old_file(folder):
    s = play(new_session("canasta", 2, seed=4), 5)
    doc = version_0(s)
    doc["session"]["history"].append("1 meld JK JK JK")
    folder.mkdir(parents=True, exist_ok=True)
    p = folder / "old.json"
    p.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(saves.DamagedSave, match="does not replay"):
        saves.load(p)


def version_1(session) -> dict:
    """A session as format version 1 wrote it: no game number anywhere."""
    from game.saves.files import build_document
    from game.saves.model import checksum_of

    doc = build_document(session)
    doc["version"] = 1
    del doc["summary"]["number"]
    for field in ("number", "daily", "took_back"):
        doc["session"].pop(field, None)
    doc["checksum"] = checksum_of(doc)
    return doc


@pytest.mark.parametrize("rules", ["canasta", "cassino"])
def test_version_1_file_loads_without_a_number(rules, folder):
    s = play(new_session(rules, seed=9), 15)
    folder.mkdir(parents=True, exist_ok=True)
    p = folder / "v1.json"
    p.write_text(json.dumps(version_1(s)), encoding="utf-8")
    before = fingerprint(p)
    loaded = saves.load_entry(p)
    assert loaded.migrated_from == 1
    assert loaded.session.number is None and loaded.save.summary.number is None
    assert loaded.session.snapshot() == s.snapshot()
    assert fingerprint(p) == before
    again = saves.load(saves.save_as(loaded.session, "v2"))
    assert again.snapshot() == s.snapshot()


def test_version_1_file_is_still_checked_against_its_checksum(folder):
    doc = version_1(play(new_session("canasta", seed=9), 15))
    doc["session"]["deal"]["actions"] = doc["session"]["deal"]["actions"][:-1]
    folder.mkdir(parents=True, exist_ok=True)
    p = folder / "edited.json"
    p.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(saves.DamagedSave, match="do not match the checksum"):
        saves.load(p)


def test_a_numbered_game_saves_its_number(folder):
    from datetime import date

    from game.engine.deals import daily_number
    from game.session import GameSession, SeatConfig

    n = daily_number("canasta", date(2026, 11, 23))  # a daily game carries the day's number
    s = GameSession("canasta", 2, seats=[SeatConfig("human"), SeatConfig()], number=n,
                    daily="2026-11-23", dealer=1)
    s.start_deal()
    play(s, 10)
    loaded = saves.load_entry(saves.save_as(s, "numbered", folder=folder))
    assert loaded.save.summary.number == n and loaded.save.version == saves.SAVE_VERSION
    assert (loaded.session.number, loaded.session.daily) == (n, "2026-11-23")
    entry = [e for e in saves.list_saves(folder) if e.name == "numbered"][0]
    assert entry.summary.number == n
