"""The bundled practice positions: they load like any save, are exactly what the generator
writes, carry texts in both languages, and their solutions are legal (and teach something)."""

from __future__ import annotations

import pytest

from game import saves
from game.actions import parse_action
from game.saves import practice
from game.saves.store import practice_dir

ENTRIES = saves.list_practice()


def test_the_expected_positions_are_bundled():
    ids = [e.practice.id for e in ENTRIES]
    assert ids == [p.id for p in practice.PUZZLES]
    assert [f"cassino-{n:02}" for n in range(6, 12)] == ids[:6]
    topics = {e.practice.topic for e in ENTRIES}
    assert {"frozen-pile", "opening-minimum", "going-out"} <= topics


@pytest.mark.parametrize("entry", ENTRIES, ids=[e.name for e in ENTRIES])
def test_position_loads_and_matches_the_generator(entry):
    assert entry.ok, entry.reason
    order = [p.id for p in practice.PUZZLES].index(entry.practice.id)
    assert entry.path.read_bytes() == practice.file_bytes(practice.PUZZLES[order], order)
    for texts in (entry.practice.title, entry.practice.description):
        assert texts.en.strip() and texts.ja.strip()
        assert any(ord(c) > 0x3000 for c in texts.ja)


@pytest.mark.parametrize("entry", ENTRIES, ids=[e.name for e in ENTRIES])
def test_solution_is_legal(entry):
    s = saves.start_practice(entry.path)
    assert s.is_human(s.state.current_player())
    for text in entry.practice.solution:
        assert s.why_illegal(parse_action(text)) is None, text
        s.apply(parse_action(text))
    assert s.state.check_invariants() == []


def test_practice_games_get_their_own_identity(folder):
    path = practice_dir() / "cassino-06.json"
    a = saves.start_practice(path)
    b = saves.start_practice(path)
    a.apply(parse_action("0 build AC 3H = 4"))
    assert saves.autosave(a) is None
    assert saves.autosave(b) is None  # a practice game is not kept as an unfinished game
    assert [e.kind for e in saves.list_saves()] == ["autosave", "backup"]
    with pytest.raises(saves.SaveError):
        saves.delete(path)
    with pytest.raises(saves.SaveError):
        saves.rename(path, "mine")


def _start(name):
    return saves.start_practice(practice_dir() / f"{name}.json")


def why(s, text):
    return s.why_illegal(parse_action(text))


def test_frozen_pile_lesson():
    s = _start("canasta-frozen-pile")
    assert s.state.summary()["frozen"]
    assert why(s, "0 take 8H 2S") is not None  # no wild card on a frozen pile


def test_opening_minimum_lesson():
    s = _start("canasta-opening-minimum")
    assert why(s, "0 meld KH KS KD") is not None  # 30 < 90
    assert why(s, "0 meld AH AD 2C") is not None  # 60 < 90


def test_going_out_lesson():
    s = _start("canasta-going-out")
    for text in practice.PUZZLES[-1].solution:
        s.apply(parse_action(text))
    assert s.state.is_over() and s.scored


def test_cassino_lessons():
    assert why(_start("cassino-08"), "0 build 2S 3H 5D = 8") is not None
    assert why(_start("cassino-09"), "0 build AS 3H = 1") is not None
    s = _start("cassino-06")
    s.apply(parse_action("0 build AC 3H = 4"))
    assert why(s, "1 capture 3S 3H") is not None


def test_practice_texts_have_glyphs_in_the_shipped_font():
    """The texts live in the save files, not the catalogues the font subset is made from."""
    ttlib = pytest.importorskip("fontTools.ttLib")
    from game.ui.paths import FONT_BOLD, FONT_REGULAR

    for font in (FONT_REGULAR, FONT_BOLD):
        cmap = ttlib.TTFont(font).getBestCmap()
        for e in ENTRIES:
            for text in (e.practice.title.en, e.practice.title.ja, e.practice.description.en,
                         e.practice.description.ja):
                missing = {c for c in text if ord(c) not in cmap}
                assert not missing, (e.name, missing)
