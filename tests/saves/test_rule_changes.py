"""Saves of positions the rules now allow, or written before a rule dropped a step, load
(issue 27: LD-13, CA-6)."""

from __future__ import annotations

from game.engine.actions import parse_action
from game.engine.canasta.validate import state_problem
from game.saves.files import build_document, load_document, verify
from game.session import GameSession, SeatConfig


def test_ld13_an_old_saves_draw_in_the_last_round_draws_nothing():
    """LD-13 (decided): a save whose history still writes `draw` in the last round loads;
    the draw is read as drawing nothing, and the history keeps only what was played."""
    s = GameSession("looking-and-down", 2, seats=[SeatConfig("human", name="Ann"),
                                                   SeatConfig("human", name="Ben")], seed=3)
    s.start_deal()
    first_free = None
    while first_free is None or len(s.history) <= first_free:  # one turn into the last round
        st = s.state
        legal = st.legal_actions()
        verbs = [a.verb for a in legal]
        if first_free is None and not st.stock and not (st.drew or st.took or st.played):
            first_free = len(s.history)
        s.apply(legal[verbs.index("draw")] if "draw" in verbs else legal[verbs.index("discard")])
        assert not s.state.is_over()
    snap = s.snapshot()
    played = list(snap["deal"]["actions"])
    seat = played[first_free].split()[0]
    snap["deal"]["actions"] = played[:first_free] + [f"{seat} draw"] + played[first_free:]
    back = GameSession.restore(snap)
    assert back.history == played
    assert back.state.hand_cards(0) == s.state.hand_cards(0)
    assert back.state.hand_cards(1) == s.state.hand_cards(1)
    assert verify(back) is None


def _black_threes_session():
    """Seat 1 holds three black threes and two kings; its side has a canasta of queens and
    six kings (CA-6's going-out turn, any order)."""
    position = {"hands": ["5C 5D 9H", "3S 3S 3C KC KC"], "turn": 1, "phase": "play",
                "melds": [{}, {"K": "KS KS KH KH KD KD", "Q": "QS QS QH QH QD QD QC"}]}
    seats = [SeatConfig("human", name="Ann"), SeatConfig("human", name="Ben")]
    return GameSession.from_position("canasta", 2, position, seats=seats, seed=3)


def test_ca6_a_save_of_black_threes_melded_first_in_the_going_out_turn_loads():
    """CA-6 (decided): seat 1 melds its black threes, then `add K KC`, then `discard KC` goes
    out. A save at each point of that turn loads, and plays on to the same end."""

    s = _black_threes_session()
    for text in ("1 meld 3S 3S 3C", "1 add K KC"):
        s.apply(parse_action(text))
        loaded = load_document(build_document(s))
        assert loaded.session.history == s.history
    loaded.session.apply(parse_action("1 discard KC"))
    assert loaded.session.state.went_out == 1


def test_ca6_a_save_of_black_threes_melded_after_the_rest_loads():
    """CA-6: the order the engine always accepted (`add K KC`, then the black threes, then
    `discard KC`) was refused when saved between the black threes and the discard."""

    s = _black_threes_session()
    for text in ("1 add K KC", "1 meld 3S 3S 3C"):
        s.apply(parse_action(text))
    loaded = load_document(build_document(s))
    assert loaded.session.history == s.history


def test_ca6_black_threes_on_the_table_when_going_out_is_lost_are_refused():
    """CA-6: a save whose black threes lie on the table while the player to move can no
    longer go out (the hand edited to hold a lone nine more) is refused."""

    s = _black_threes_session()
    s.apply(parse_action("1 meld 3S 3S 3C"))
    st = s.state
    assert state_problem(st) is None
    st._give(1, 8)  # a nine of spades and a ten besides: no longer all meldable
    st._give(1, 9)
    assert "black threes" in state_problem(st)


def test_ca12_an_old_saves_question_now_refused_still_loads():
    """CA-12 (decided since: only while going out is still possible). A save whose history
    asks partner with a hand that could not go out (written before) loads, rewinds, and the
    answer binds as it did."""
    position = {"hands": ["4C 5D 6S 7H", "5C 5D", "6C 6D", "7C 7D"], "turn": 0,
                "phase": "play", "melds": [{"K": "KS KS KH KH KD KD KC"}, {}]}
    seats = [SeatConfig("human", name=n) for n in ("Ann", "Ben", "Cat", "Dan")]
    s = GameSession.from_position("canasta", 4, position, seats=seats, seed=3)
    assert s.state.why_illegal(parse_action("0 ask")) is not None  # refused today
    snap = s.snapshot()
    snap["deal"]["actions"] = ["0 ask", "2 no", "0 discard 4C"]
    back = GameSession.restore(snap)
    assert back.history == ["0 ask", "2 no", "0 discard 4C"]
    assert verify(back) is None
    back.rewind_to(2)
    assert back.state.ask == 3  # the 'no' stands
