"""Storage: where files go, named saves, listing, delete, rename, Continue, and never losing
an unfinished game."""

from __future__ import annotations

import os

import platformdirs
import pytest

from game import saves
from game.saves.store import AUTOSAVE, BACKUP

from .helpers import edit, fingerprint, new_session, play


def test_folder_is_the_user_data_dir(folder, data_home):
    assert folder == saves.saves_dir()
    assert str(folder).startswith(platformdirs.user_data_dir("cardtable", appauthor=False))
    assert folder.parts[-2:] == ("cardtable", "saves")


def test_nothing_to_continue_at_first(folder):
    assert saves.list_saves() == []
    assert saves.load_latest() is None
    assert not saves.can_continue()


def test_autosave_and_continue(folder):
    s = play(new_session("canasta", 4, seed=1, human=True), 7)
    assert saves.autosave(s) is None
    assert saves.can_continue()
    t = saves.load_latest()
    assert t.history == s.history and t.seats[0].name == "Ann"
    # Continuing the resumed game keeps its identity: no extra saves appear.
    play(t, 3)
    assert saves.autosave(t) is None
    assert sorted(e.kind for e in saves.list_saves()) == ["autosave", "backup"]


def test_autosave_before_a_deal_is_a_no_op(folder):
    from game.session import GameSession

    assert saves.autosave(GameSession("canasta", 2)) is None
    assert saves.list_saves() == []


def test_finished_game_does_not_offer_continue(folder):
    s = new_session("cassino", 2, seed=2)
    while not s.game_over:
        play(s, 50)
    saves.autosave(s)
    assert saves.load_latest() is not None
    assert not saves.can_continue()


def test_a_new_game_keeps_the_unfinished_one(folder):
    old = play(new_session("canastone", 4, seed=1), 9)
    saves.autosave(old)
    new = play(new_session("cassino", 2, seed=1), 1)
    assert saves.autosave(new) is None
    entries = saves.list_saves()
    assert [e.kind for e in entries] == ["autosave", "recent"]
    kept = entries[-1]
    assert kept.ok and kept.summary.game == "canastone"
    assert saves.load(kept.path).history == old.history
    assert saves.load_latest().history == new.history


def test_replaced_games_stay_apart_from_named_saves(folder):
    """Starting game after game keeps the unfinished ones among the recent games, never among
    the player's named saves (an hour of new games made 12 named saves); none is pruned away
    (issue 27: tests/saves/test_two_copies.py)."""
    mine = saves.save_as(play(new_session("canasta", 2, seed=99), 2), "mine")
    sessions = []
    for seed in range(13):
        s = play(new_session("cassino", 2, seed=seed), 2)
        assert saves.autosave(s) is None
        sessions.append(s)
    entries = saves.list_saves()
    assert [e.path for e in entries if e.kind == "named"] == [mine]
    recent = [e for e in entries if e.kind == "recent"]
    # Every replaced game (all but the last game, which is the autosave).
    want = {tuple(s.history) for s in sessions[:-1]}
    assert {tuple(saves.load(e.path).history) for e in recent} == want
    # Renaming a recent game makes it one of the player's saves.
    kept = saves.rename(recent[0].path, "keep this")
    assert kept.parent == folder
    assert {e.name for e in saves.list_saves() if e.kind == "named"} == {"mine", "keep this"}


def test_save_as_and_name_rules(folder):
    s = play(new_session("quick-canasta", 2, seed=1), 5)
    p = saves.save_as(s, "  Sunday game  ")
    assert p.name == "Sunday game.json"
    with pytest.raises(saves.SaveExistsError):
        saves.save_as(s, "Sunday game")
    play(s, 1)
    saves.save_as(s, "Sunday game", overwrite=True)
    assert saves.load(p).history == s.history
    assert saves.save_as(s, "日曜日のゲーム").exists()
    for bad, code in [("", "empty"), ("   ", "empty"), ("a/b", "bad_char"), ("x" * 61, "too_long"),
                      (".hidden", "bad_char"), ("CON", "reserved"), ("autosave", "reserved"),
                      ("Autosave.bak", "reserved"), ("a\x00b", "control"), ("dots.", "bad_char")]:
        with pytest.raises(saves.SaveNameError) as e:
            saves.save_as(s, bad)
        assert e.value.code == code, bad


def test_list_shows_summaries_newest_first(folder):
    a = play(new_session("canasta", 4, seed=1, human=True), 6)
    b = play(new_session("looking-and-down", 3, seed=1), 6)
    pa = saves.save_as(a, "a")
    pb = saves.save_as(b, "b")
    os.utime(pa, (1_700_000_000, 1_700_000_000))
    edit(pa, lambda d: d.update(updated="2020-01-01T00:00:00Z"))
    saves.autosave(a)
    entries = saves.list_saves()
    assert [e.name for e in entries] == ["autosave", "b", "a"]
    e = entries[1]
    assert e.ok and e.summary.game == "looking-and-down" and e.summary.players == 3
    assert e.summary.turn == b.state.current_player()
    assert e.summary.totals == b.match.totals and e.updated.endswith("Z")
    assert pb == e.path


def test_delete_and_rename(folder):
    s = play(new_session("canasta", 2, seed=1), 3)
    p = saves.save_as(s, "one")
    q = saves.save_as(s, "two")
    with pytest.raises(saves.SaveExistsError):
        saves.rename(p, "two")
    assert p.exists() and q.exists()
    r = saves.rename(p, "three")
    assert not p.exists() and saves.load(r).history == s.history
    r2 = saves.rename(r, "Three")  # a change of case only
    assert r2.exists()
    saves.rename(r2, "two", overwrite=True)
    saves.delete(q.with_name("two.json"))
    assert [e.name for e in saves.list_saves()] == []
    saves.delete(q)  # deleting twice is harmless


def test_rename_and_delete_work_on_damaged_files_only_when_asked(folder):
    s = play(new_session("canasta", 2, seed=1), 3)
    p = saves.save_as(s, "broken")
    p.write_bytes(p.read_bytes()[:100])
    data = fingerprint(p)
    saves.list_saves()
    saves.autosave(s)
    assert fingerprint(p) == data  # untouched by listing and autosaving
    r = saves.rename(p, "still broken")
    assert r.read_bytes() == data[0]
    saves.delete(r)
    assert not r.exists()


def test_stale_temp_files_are_ignored_then_cleaned(folder):
    s = play(new_session("canasta", 2, seed=1), 3)
    saves.autosave(s)
    fresh = folder / ".cardtable-autosave.json.abc.tmp"
    old = folder / ".cardtable-autosave.json.def.tmp"
    fresh.write_bytes(b"partial")
    old.write_bytes(b"partial")
    os.utime(old, (1_000_000, 1_000_000))
    assert [e.kind for e in saves.list_saves()] == ["autosave"]
    assert fresh.exists() and not old.exists()


def test_listing_notices_a_file_changed_behind_its_back(folder):
    s = play(new_session("canasta", 2, seed=1), 3)
    p = saves.save_as(s, "x")
    assert saves.list_saves()[0].ok
    edit(p, lambda d: d["session"]["match"].update(totals=[5, 5]))
    assert not saves.list_saves()[0].ok


def test_backup_slot_damaged_is_set_aside(folder):
    s = play(new_session("canasta", 2, seed=1), 3)
    saves.autosave(s)
    play(s, 1)
    saves.autosave(s)
    bak = folder / BACKUP
    bak.write_bytes(b"{not json")
    play(s, 1)
    assert saves.autosave(s) is None
    damaged = [e for e in saves.list_saves() if not e.ok]
    assert len(damaged) == 1 and damaged[0].path.read_bytes() == b"{not json"
    assert (folder / AUTOSAVE).exists() and (folder / BACKUP).exists()
