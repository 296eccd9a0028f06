"""Saves written by an older version keep loading after a rule dropped a step (issue 27)."""

from __future__ import annotations

from game.saves.files import verify
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
