"""The bundled practice positions: they load like any save, are exactly what the generator
writes, carry texts in both languages, and their solutions are legal (and teach something)."""

from __future__ import annotations

import pytest

from game import saves
from game.engine.actions import parse_action
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
    for text in practice.puzzle_by_id("canasta-going-out").solution:
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


# ---- the goal: when a position counts as solved -----------------------------------------------

@pytest.mark.parametrize("p", practice.PUZZLES, ids=[p.id for p in practice.PUZZLES])
def test_goal_is_reached_by_the_solution_only(p):
    """Every position declares a goal; it does not hold at the start, holds once the solution
    is played through the engine, and a legal line that misses the lesson does not reach it."""
    assert p.goal, p.id
    s = _start(p.id)
    assert practice.puzzle_of(s) is p
    assert not practice.solved(p, s)
    for text in p.solution:
        s.apply(parse_action(text))
    assert practice.solved(p, s)
    if p.id == "cassino-09":  # both aces trail: there is no wrong move here
        return
    s = _start(p.id)
    assert p.wrong, p.id
    for text in p.wrong:
        assert why(s, text) is None, text
        s.apply(parse_action(text))
    assert not practice.solved(p, s), p.wrong
    assert s.state.is_over() or s.state.current_player() != 0  # a whole turn, judged as such


def test_an_ordinary_game_is_no_practice_position():
    from game.session import GameSession

    s = GameSession("canasta", 2, seed=5)
    s.start_deal()
    assert practice.puzzle_of(s) is None


def test_three_positions_for_every_canasta_variant():
    count = {}
    for p in practice.PUZZLES:
        count[p.rules] = count.get(p.rules, 0) + 1
    assert all(count.get(r, 0) >= 3 for r in
               ("canasta", "quick-canasta", "canastone", "looking-and-down", "cassino")), count


def test_quick_canasta_lessons():
    """QC-2 draw two; QC-4 a frozen pile is never taken by adding the top card to a meld;
    QC-6 going out needs a canasta."""
    s = _start("quick-draw-two")
    before = s.state.summary()["hand_counts"][0]
    s.apply(parse_action("0 draw"))
    assert s.state.summary()["hand_counts"][0] == before + 2
    s = _start("quick-frozen-pile")
    assert s.state.summary()["frozen"]
    assert why(s, "0 take") is not None
    s = _start("quick-going-out")
    assert not any(m["canasta"] for m in s.state.summary()["melds"][0])
    s.apply(parse_action("0 draw"))
    events = s.apply(parse_action("0 meld 5H 5S 5D 5C 5H 5S 5D"))
    assert "canasta" in [e.kind for e in events]  # the two drawn cards make it


def test_canastone_lessons():
    """CS-8 with the 50 minimum every opening meld is clean; CS-9 open before drawing or not
    at all; CS-3/CS-11 the packet goes to the first taker, never by adding the top card alone;
    CS-6 no wild card discarded or put elsewhere while the wild meld is short."""
    s = _start("canastone-open-first")
    assert why(s, "0 meld AH AD 2C / KH KS KD") is not None
    s.apply(parse_action("0 draw"))
    assert why(s, "0 meld AH AD AS / KH KS KD") is not None
    s = _start("canastone-packet")
    assert why(s, "0 take") is not None
    packet = s.state.summary()["packet"]
    assert packet == 12
    hand = s.state.summary()["hand_counts"][0]
    s.apply(parse_action("0 take QH QS"))
    # the top card and two queens melded; the packet (its red three laid out) and one card drawn
    assert s.state.summary()["hand_counts"][0] == hand - 2 + packet - 1 + 1
    s = _start("canastone-wild-canasta")
    assert why(s, "0 discard 2H") is not None
    assert why(s, "0 add A JK") is not None
    s = _start("canastone-closing")  # CS-12: the kings are clean, the queens not yet a canasta
    melds = {m["rank"]: m for m in s.state.summary()["melds"][0]}
    assert melds["K"]["canasta"] and melds["K"]["natural"]
    assert not melds["Q"]["canasta"] and not melds["Q"]["natural"]


def test_looking_and_down_lessons():
    """LD-11 the down is picked up when the discard uses up the looking; LD-10 frozen in time
    (a meld between one's own turns); LD-6 nothing but one red three joins a red canasta."""
    s = _start("ld-looking-then-down")
    assert why(s, "0 meld 8H 8S 8D 4C") is not None
    s = _start("ld-frozen-in-time")
    for text in practice.puzzle_by_id("ld-frozen-in-time").solution[:2]:
        s.apply(parse_action(text))
    assert s.state.current_player() == 1
    assert s.state.observation(0)["frozen_in_time"][0]
    s = _start("ld-red-three-canasta")
    assert why(s, "0 add 8 JD") is not None
    s = _start("ld-going-out")  # LD-12: only from the down, with two canastas
    assert s.state.observation(0)["in_down"][0]
    s.apply(parse_action("0 meld 5H 5S 5D"))
    assert why(s, "0 add K KD") is None
