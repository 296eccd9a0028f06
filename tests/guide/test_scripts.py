"""The guided first deals, walked through the engine headless: every expected move is legal at
its step, the other seat's scripted moves are too, each kind of move is taught, every prompt
is in both catalogues, and a different legal move is not taken for the step's."""

from __future__ import annotations

import pytest

from game import i18n
from game.engine.actions import format_action, parse_action
from game.guide import scripts
from game.guide.scripts import SCRIPTS, Lesson, matches

EN = i18n.catalogue("en")
JA = i18n.catalogue("ja")


def walk(script_id: str):
    """Play the script through the engine; yield (session, lesson, seat, action, events)."""
    session, lesson = scripts.start(script_id)
    assert scripts.lesson_of(session) is lesson
    for _ in range(200):
        if session.state.is_over():
            return
        seat = session.state.current_player()
        if seat == 0:
            action = lesson.expected()
            assert action is not None, lesson.step
            assert session.why_illegal(action) is None, (lesson.step, session.why_illegal(action))
            assert lesson.accepts(action)
        else:
            action = session.bots[seat].choose(session.decision(seat))
        events = session.apply(action)
        lesson.record(action)
        yield session, lesson, seat, action, events
    raise AssertionError("the script does not end the deal")


@pytest.mark.parametrize("script_id", SCRIPTS)
def test_script_plays_to_the_end_of_the_deal(script_id):
    script = SCRIPTS[script_id]
    played = list(walk(script_id))
    session, lesson = played[-1][0], played[-1][1]
    assert session.state.is_over() and session.scored
    assert lesson.step is None and lesson.index == len(script.steps)
    theirs = [format_action(a) for _s, _l, seat, a, _e in played if seat != 0]
    assert theirs == list(script.opponent)  # the other seat kept to its script
    assert session.state.check_invariants() == []


def _taught(script_id):
    verbs, events = set(), set()
    for _s, _l, seat, action, evs in walk(script_id):
        if seat == 0:
            verbs.add(action.verb)
        events |= {e.kind for e in evs if e.seat in (0, -1)}  # the player's, or the deal's
    return verbs, events


def test_canasta_script_teaches_every_kind_of_move():
    """CA-8 draw and discard, CA-7 the opening meld, CA-4 adding, CA-9 taking the pile, CA-3
    a red three laid out and replaced, CA-5 a canasta, CA-11 going out."""
    verbs, events = _taught("canasta")
    assert {"draw", "meld", "add", "take", "discard"} <= verbs
    assert {"red_three", "canasta", "out", "deal_over"} <= events
    session = next(walk("canasta"))[0]
    assert session.state.summary()["opening_minimum"][0] == 50
    assert session.why_illegal(parse_action("0 meld KH KS KD")) is not None  # 30 < 50 (CA-7)


def test_cassino_script_teaches_every_kind_of_move():
    """CN-5 a capture of a pair and a group at once, CN-8 a trail, CN-6 a reservation, CN-7
    its capture, CN-9 a sweep and the table collected at the end of the deal."""
    verbs, events = _taught("cassino")
    assert {"capture", "trail", "build"} <= verbs
    assert {"sweep", "collect", "deal_over"} <= events
    first = parse_action(SCRIPTS["cassino"].steps[0].expect)
    assert len(first.groups[1]) == 3  # 9D alone, and 4C + 5H: two groups of nine


@pytest.mark.parametrize("script_id", SCRIPTS)
def test_every_prompt_is_in_both_catalogues(script_id):
    script = SCRIPTS[script_id]
    keys = [s.prompt for s in script.steps] + [script.title, script.end, script.wait]
    keys += ["guide.step", "guide.done", "guide.refused", "guide.choose.title",
             "guide.choose.body", "menu.guide", "practice.solved", "practice.missed"]
    for key in keys:
        assert key in EN and key in JA, key
        assert i18n.placeholders(EN[key]) == i18n.placeholders(JA[key]), key
    assert len({s.prompt for s in script.steps}) == len(script.steps)  # one prompt per step


@pytest.mark.parametrize("script_id", SCRIPTS)
def test_a_different_legal_move_is_not_the_step(script_id):
    """At every step the player has other legal moves, and none of them passes for the step's
    (the table refuses them with a hint), while the expected one does in any card order."""
    others = 0
    for session, lesson, seat, _action, _events in _before_each_move(script_id):
        if seat != 0:
            continue
        expected = lesson.expected()
        for a in session.state.legal_actions(0):
            if matches(lesson.step.expect, a):
                continue
            others += 1
            assert not lesson.accepts(a), (lesson.step, a)
        assert lesson.accepts(expected)
    assert others > 0


def _before_each_move(script_id):
    """As walk(), but yields each position before its move is applied."""
    session, lesson = scripts.start(script_id)
    while not session.state.is_over():
        seat = session.state.current_player()
        action = lesson.expected() if seat == 0 else \
            session.bots[seat].choose(session.decision(seat))
        yield session, lesson, seat, action, None
        session.apply(action)
        lesson.record(action)


def test_card_order_does_not_matter():
    lesson = Lesson(SCRIPTS["canasta"])
    lesson.index = 1  # the opening meld
    assert lesson.accepts(parse_action("0 meld AS AH AD"))
    assert not lesson.accepts(parse_action("0 meld AS AH AD AC"))
    assert matches("0 discard *", parse_action("0 discard 9S"))
    assert not matches("0 discard *", parse_action("0 draw"))
    assert lesson.highlight() == ["AH", "AD", "AS", "3D"]  # and the red three just laid out
    lesson.index = len(SCRIPTS["canasta"].steps)
    assert lesson.step is None and lesson.expected() is None and not lesson.accepts(
        parse_action("0 draw"))


def test_the_other_seat_plays_normally_after_the_guided_deal():
    """The script belongs to the hand-made deal; the next deal is dealt and played as usual."""
    session, _lesson = scripts.start("canasta")
    for _ in walk_session(session):
        pass
    session.start_deal()
    for _ in range(30):
        if session.state.is_over():
            break
        seat = session.state.current_player()
        action = session.bot_move(seat) if seat == 0 else \
            session.bots[seat].choose(session.decision(seat))
        assert session.why_illegal(action) is None
        session.apply(action)


def walk_session(session):
    lesson = scripts.lesson_of(session)
    while not session.state.is_over():
        seat = session.state.current_player()
        action = lesson.expected() if seat == 0 else \
            session.bots[seat].choose(session.decision(seat))
        session.apply(action)
        lesson.record(action)
        yield action


@pytest.mark.parametrize("script_id", SCRIPTS)
def test_no_step_is_a_move_the_hints_warn_against(script_id):
    """The guide never asks for a discard or trail that the table would question ("are you
    sure?"), such as a trail that leaves the opponent a sweep (CN-9)."""
    from game.players.hints import discard_warning

    for session, _lesson, seat, action, _events in _before_each_move(script_id):
        if seat == 0 and action.verb in ("discard", "trail"):
            assert discard_warning(session.decision(0), action) is None, action


def test_the_guide_imports_no_pygame():
    """The scripts and goals are rules-side data: the command line and the tests use them
    without a display."""
    import subprocess
    import sys

    code = ("import sys, game.guide.scripts, game.guide.goals, game.saves.practice; "
            "sys.exit('pygame' in sys.modules)")
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0


def _in_sight(summary: dict) -> set[str]:
    """The cards seat 0 can see: its hand and everything face up on the table."""
    seen = set(summary["hands"][0])
    if "table" in summary:  # Cassino
        seen |= set(summary["table"]["loose"])
        seen |= {c for r in summary["table"]["reservations"] for c in r["cards"]}
        return seen
    seen |= set(summary["discard"][-1:])
    seen |= {c for r in summary["red_three_cards"] for c in r}
    seen |= {c for side in summary["melds"] for m in side for c in m["cards"]}
    return seen


@pytest.mark.parametrize("script_id", SCRIPTS)
def test_every_card_a_step_points_at_is_in_sight(script_id):
    pointed = 0
    for session, lesson, seat, _action, _events in _before_each_move(script_id):
        if seat == 0:
            missing = set(lesson.highlight()) - _in_sight(session.state.summary())
            assert not missing, (lesson.step, missing)
            pointed += len(lesson.step.highlight)
    assert pointed or script_id == "cassino"
