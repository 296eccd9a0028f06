"""A corpus of damaged files: truncated at many points, bytes flipped, wrong types, missing
fields, huge files, a future version, edited history, deck, totals and summary. Each is
listed as damaged with a short reason, loading raises DamagedSave (never anything else), and
the file is left exactly as it was (bytes and modification time)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from game import saves
from game.saves.files import DamagedSave, read_save
from game.saves.store import AUTOSAVE

from .helpers import edit, fingerprint, new_session, play


@pytest.fixture
def good(folder) -> Path:
    s = play(new_session("canasta", 4, seed=13, human=True), 30)
    return saves.save_as(s, "good")


def assert_damaged(path: Path, reason: str | None = None) -> str:
    before = fingerprint(path)
    with pytest.raises(DamagedSave) as e:
        saves.load(path)
    message = str(e.value)
    assert message and "\n" not in message and len(message) < 200
    if reason:
        assert reason in message
    entries = {x.path: x for x in saves.list_saves(path.parent)}
    assert not entries[path].ok and entries[path].reason == message
    assert fingerprint(path) == before
    return message


def test_truncated_at_many_points(good):
    data = good.read_bytes()
    reference = saves.load(good).snapshot()
    cuts = sorted({0, 1, 2, 10, len(data) - 1, len(data) - 2, len(data) - 3}
                  | set(range(0, len(data), max(1, len(data) // 60))))
    bad = good.with_name("cut.json")
    for k in cuts:
        bad.write_bytes(data[:k])
        saves.store._CHECKS.clear()
        if data[:k].strip() == data.strip():  # only the final newline went
            assert saves.load(bad).snapshot() == reference
            continue
        assert_damaged(bad)


def test_random_bytes_flipped(good):
    data = good.read_bytes()
    reference = saves.load(good).snapshot()
    rng = random.Random(5)
    bad = good.with_name("flipped.json")
    damaged = 0
    for _ in range(80):
        b = bytearray(data)
        for _ in range(rng.choice((1, 1, 2, 5))):
            i = rng.randrange(len(b))
            b[i] ^= 1 << rng.randrange(8)
        bad.write_bytes(bytes(b))
        saves.store._CHECKS.clear()
        try:
            s = saves.load(bad)
        except DamagedSave:
            damaged += 1
            continue
        assert s.snapshot() == reference  # only an insignificant byte changed (white space)
    assert damaged > 60


def test_random_garbage_and_odd_json(folder):
    rng = random.Random(1)
    cases = {
        "garbage": bytes(rng.randrange(256) for _ in range(3000)),
        "empty": b"",
        "spaces": b"   \n",
        "array": b"[1, 2, 3]",
        "string": b'"cardtable-save"',
        "other": b'{"format": "something-else", "version": 1}',
        "nan": b'{"format": "cardtable-save", "version": NaN}',
        "duplicate": b'{"format": "cardtable-save", "format": "cardtable-save"}',
        "deep": b"[" * 200_000 + b"]" * 200_000,
        "deep-object": b'{"format": "cardtable-save", "a": ' + b"[" * 5000 + b"]" * 5000 + b"}",
        "long-number": b'{"format": "cardtable-save", "version": ' + b"9" * 6000 + b"}",
        "utf16": '{"format": "cardtable-save"}'.encode("utf-16"),
        "no-version": b'{"format": "cardtable-save"}',
        "bool-version": b'{"format": "cardtable-save", "version": true}',
        "negative-version": b'{"format": "cardtable-save", "version": -1}',
    }
    for name, data in cases.items():
        p = folder / f"{name}.json"
        folder.mkdir(parents=True, exist_ok=True)
        p.write_bytes(data)
        assert_damaged(p)


def test_huge_file(folder):
    folder.mkdir(parents=True, exist_ok=True)
    p = folder / "huge.json"
    with open(p, "wb") as f:
        f.write(b'{"format": "cardtable-save", "pad": "')
        f.write(b"x" * (9 * 1024 * 1024))
        f.write(b'"}')
    assert "too large" in assert_damaged(p)


def test_future_version(good):
    edit(good, lambda d: d.update(version=saves.SAVE_VERSION + 1))
    assert "made by a newer Card Table" in assert_damaged(good)
    edit(good, lambda d: d.update(version=7, session="whatever the future holds"))
    assert "newer Card Table (format version 7)" in assert_damaged(good)


def test_edited_without_checksum(good):
    def swap(d):
        deck = d["session"]["deck"] if "deck" in d["session"] else d["session"]["deal"]["deck"]
        deck[-1], deck[-2] = deck[-2], deck[-1]

    edit(good, swap, resign=False)
    assert "checksum" in assert_damaged(good)


def test_missing_checksum(good):
    edit(good, lambda d: d.pop("checksum"), resign=False)
    assert "checksum" in assert_damaged(good)


WRONG_TYPES = [
    ("players as text", lambda d: d["session"].update(players="4"), "session.players"),
    ("totals as text", lambda d: d["session"]["match"].update(totals=["0", "0"]), "totals"),
    ("rng as float", lambda d: d["session"]["match"].update(rng=1.5), "rng"),
    ("rng too big", lambda d: d["session"]["match"].update(rng=1 << 64), "rng"),
    ("deck as number", lambda d: d["session"]["deal"].update(deck=7), "deck"),
    ("a card that is no card", lambda d: d["session"]["deal"]["deck"].__setitem__(0, "1Z"),
     "deck"),
    ("lower-case card", lambda d: d["session"]["deal"]["deck"].__setitem__(0, "ah"), "deck"),
    ("seat kind", lambda d: d["session"]["seats"][1].update(kind="alien"), "kind"),
    ("unknown level", lambda d: d["session"]["seats"][1].update(level="grandmaster"),
     "unknown computer level"),
    ("a name too long", lambda d: d["session"]["seats"][0].update(name="x" * 500), "name"),
    ("scored as 1", lambda d: d["session"].update(scored=1), "scored"),
    ("extra field", lambda d: d.update(cheat=True), "cheat"),
    ("extra nested field", lambda d: d["session"]["match"].update(bonus=100), "bonus"),
    ("unknown game", lambda d: d["session"].update(rules="poker"), "rules"),
    ("eight players", lambda d: d["session"].update(players=8), "players"),
    ("one seat too few", lambda d: d["session"]["seats"].pop(), "seats"),
    ("dealer out of range", lambda d: d["session"]["match"].update(dealer=6), "seat"),
    ("bad time", lambda d: d.update(updated="yesterday"), "updated"),
    ("bad game id", lambda d: d.update(game_id="../../etc"), "game_id"),
    ("too many actions", lambda d: d["session"]["deal"].update(actions=["0 draw"] * 20_001),
     "actions"),
    ("action with odd characters", lambda d: d["session"]["deal"]["actions"].append(
        "0 draw; rm -rf /"), "actions"),
]


@pytest.mark.parametrize("what,change,reason", WRONG_TYPES, ids=[w[0] for w in WRONG_TYPES])
def test_wrong_types(good, what, change, reason):
    edit(good, change)
    assert reason in assert_damaged(good)


TOP = ["format", "version", "game_id", "created", "updated", "summary", "session", "checksum"]
NESTED = [("session", "match"), ("session", "deal"), ("session", "seats"), ("session", "bots"),
          ("session", "scored"), ("summary", "turn"), ("session.deal", "actions"),
          ("session.match", "rng"), ("session.deal", "deck")]


@pytest.mark.parametrize("key", TOP)
def test_missing_top_field(good, key):
    edit(good, lambda d: d.pop(key), resign=key != "checksum")
    assert_damaged(good)


@pytest.mark.parametrize("where,key", NESTED)
def test_missing_nested_field(good, where, key):
    def drop(d):
        obj = d
        for part in where.split("."):
            obj = obj[part]
        obj.pop(key)

    edit(good, drop)
    assert_damaged(good)


def test_edited_history_with_an_illegal_action(good):
    def cheat(d):
        d["session"]["deal"]["actions"].insert(3, "0 meld JK JK JK")

    edit(good, cheat)
    assert "does not replay" in assert_damaged(good)


def test_edited_history_with_an_unreadable_action(good):
    edit(good, lambda d: d["session"]["deal"]["actions"].append("9 fly"))
    assert "does not replay" in assert_damaged(good)


def test_edited_deck(good):
    def dup(d):
        deck = d["session"]["deal"]["deck"]
        deck[5] = deck[6] if deck[6] != deck[5] else deck[7]

    edit(good, dup)
    assert "deck must hold every card" in assert_damaged(good)


def test_edited_deck_order_changes_the_deal(good):
    """Reordering the dealt cards (checksum recomputed) makes the history illegal."""
    def shuffle(d):
        deck = d["session"]["deal"]["deck"]
        random.Random(2).shuffle(deck)

    edit(good, shuffle)
    assert_damaged(good)


def test_edited_totals(good):
    edit(good, lambda d: d["session"]["match"].update(totals=[900, 0]))
    assert "totals" in assert_damaged(good)


def test_edited_summary(good):
    edit(good, lambda d: d["summary"].update(turn=(d["summary"]["turn"] + 1) % 4))
    assert "summary does not match" in assert_damaged(good)


def test_edited_bot_seat(good):
    edit(good, lambda d: d["session"]["bots"].pop("1"))
    assert "computer" in assert_damaged(good)


def test_edited_earlier_deals(good):
    edit(good, lambda d: d["session"]["match"].update(deals_played=3))
    assert "deals played" in assert_damaged(good)


def test_scored_flag_disagrees(good):
    edit(good, lambda d: d["session"].update(scored=True))
    assert_damaged(good)


def test_impossible_position(folder):
    from game.session import GameSession

    s = GameSession.from_position("cassino", 2, {"hands": [["AC"], ["2C"]], "table": ["3C"]})
    p = saves.save_as(s, "pos")

    def twice(d):
        d["session"]["position"]["table"] = ["AC"]  # a card in a hand and on the table

    edit(p, twice)
    assert "cannot be rebuilt" in assert_damaged(p)


def test_damaged_autosave_is_set_aside_not_overwritten(folder):
    s = play(new_session("cassino", 2, seed=3), 5)
    saves.autosave(s)
    auto = folder / AUTOSAVE
    edit(auto, lambda d: d.update(version=3))  # a newer Card Table's autosave
    data = auto.read_bytes()
    assert not saves.can_continue() or saves.load_latest().history != s.history
    play(s, 1)
    assert saves.autosave(s) is None
    kept = [e for e in saves.list_saves() if not e.ok]
    assert len(kept) == 1 and "newer Card Table" in kept[0].reason
    assert kept[0].path.read_bytes() == data
    assert saves.load_latest().history == s.history


def test_a_folder_named_like_a_save_and_unreadable_files(folder):
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "dir.json").mkdir()
    assert [e.name for e in saves.list_saves()] == []
    with pytest.raises(DamagedSave, match="folder"):
        read_save(folder / "dir.json")
    with pytest.raises(DamagedSave, match="no such file"):
        saves.load(folder / "missing.json")


def test_all_reasons_are_short_and_json_safe(good):
    edit(good, lambda d: d["session"]["deal"]["actions"].insert(0, "0 discard " + "AS " * 150))
    msg = assert_damaged(good)
    json.dumps(msg)


def test_every_reason_has_a_code(good):
    from game.saves.files import DAMAGE_CODES

    codes = {c for _, c in DAMAGE_CODES} | {"inconsistent"}
    edit(good, lambda d: d.update(version=9))
    e = [x for x in saves.list_saves() if x.name == "good"][0]
    assert e.reason_code == "newer" and e.reason_code in codes
    good.write_bytes(good.read_bytes()[:50])
    saves.store._CHECKS.clear()
    e = [x for x in saves.list_saves() if x.name == "good"][0]
    assert e.reason_code == "truncated"


def test_pipes_and_devices_are_refused_without_blocking(folder, tmp_path):
    import os

    if not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes here")
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    with pytest.raises(DamagedSave, match="not a regular file"):
        read_save(fifo)
    if os.path.exists("/dev/zero"):
        with pytest.raises(DamagedSave, match="not a regular file"):
            read_save("/dev/zero")
