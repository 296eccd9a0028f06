"""The table's readings of chosen cards, the most natural first (issue 27).

The table tries its readings of a gesture in order and, when the engine accepts none, shows
the engine's reason for the first (``TableMoves.play_first``). A two-meld opening below the
minimum was refused as "All natural cards of a meld must have the same rank": the first
reading was all the cards as one meld, which no game allows.
"""

from __future__ import annotations

from pygame import Rect

from game.engine.actions import make
from game.engine.cards import parse_cards
from game.i18n import t
from game.ui.table.gestures import canasta_candidates, meld_groupings, take_groupings
from game.ui.table.scene import Target
from tests.canasta.helpers import CA, QC, pos


def first_refusal(st, actions):
    """What the table shows when no reading is accepted: the first reading's reason."""
    reasons = [st.why_illegal(a) for a in actions]
    assert all(r is not None for r in reasons)
    return reasons[0]


def test_qc5_two_meld_opening_below_the_minimum_says_the_minimum():
    """QC-5 / CA-7: 6H 6H 6C / 7H 7H 2H is worth 45 of the 50 needed: the reason names the
    opening minimum with its numbers."""
    st = pos(QC, 2, hands=["6H 6H 6C 7H 7H 2H 9C 9D", "5C 5D"], turn=0, phase="play",
             opened=[False, False])
    drop = Target("meld_area", Rect(0, 0, 10, 10))
    readings = canasta_candidates(None, 0, drop, parse_cards("6H 6H 6C 7H 7H 2H"))
    r = first_refusal(st, readings)
    assert r.key == "opening_minimum"
    assert r.params == {"minimum": 50, "value": 45}


def test_ca4_several_ranks_are_read_as_one_meld_per_rank_first():
    """CA-4: a meld has one natural rank, so cards of several ranks are read one meld per
    rank first, the wild card where a group is short of three; one meld of all comes last."""
    cards = parse_cards("6H 6H 6C 7H 7H 2H")
    readings = meld_groupings(cards)
    assert readings[0] == (tuple(parse_cards("6H 6H 6C")), tuple(parse_cards("7H 7H 2H")))
    assert readings[-1] == (tuple(cards),)
    one_rank = parse_cards("6H 6H 2H")
    assert meld_groupings(one_rank)[0] == (tuple(one_rank),)


def test_ca7_take_with_another_meld_below_the_minimum_says_the_minimum():
    """CA-7 / CA-9: taking the pile with 8H 8S and melding 4H 4S 4D besides is worth
    30 + 15 = 45 of 50: the reason names the minimum, not the take's pair."""
    st = pos(CA, 2, hands=["8H 8S 4H 4S 4D 9C 9D KC", "5C 5D"], turn=0, pile="5S 8D",
             opened=[False, False])
    readings = take_groupings(parse_cards("8H 8S 4H 4S 4D"), parse_cards("8D")[0])
    r = first_refusal(st, [make(0, "take", g) for g in readings])
    assert r.key == "opening_minimum"
    assert r.params == {"minimum": 50, "value": 45}


def test_ld13_cards_dropped_on_the_pile_in_the_last_round_may_take_it():
    """LD-13: in the last round the turn starts without a draw, and taking the pile is still
    allowed: two cards dropped on the pile are read as a take too, not only as a discard."""
    from tests.canasta.helpers import LD

    st = pos(LD, 3, hands=["9C 5S", "5C 5D 7C 8C", "6C 6D 7D 8D"],
             melds=[{"A": "AS AH AD"}, {"Q": "QS QH QD"}, {}], turn=0,
             downs=["KS", "4H 4H", "4D 4D"], exact_stock="JS 6H")
    st.apply(make(0, "draw"))
    st.apply(make(0, "discard", ((parse_cards("5S")[0],),)))

    class Reads:
        turn = st.turn
        phase = st.phase

        @staticmethod
        def pile():
            return st.pile

    readings = canasta_candidates(Reads, 1, Target("pile", Rect(0, 0, 10, 10)),
                                  parse_cards("5C 5D"))
    assert any(st.why_illegal(a) is None and a.verb == "take" for a in readings)


def test_qc5_the_table_says_the_opening_minimum_for_two_melds_chosen_at_once(table):
    """The issue's case at the table: 6H 6H 6C and 7H 7H 2H chosen, M and Enter pressed, in
    Quick Canasta before opening: the toast names the minimum, 50, and the 45 reached (QC-5)."""
    import pygame

    from game.engine.canasta.position import build_position

    from .test_keyboard import choose, key

    d = table("quick-canasta", 2, seed=1)
    assert d.settle() == "human"
    sc = d.screen
    sc.worker.cancel()
    sc.ready = None
    d.session.state = build_position("quick-canasta", 2, turn=0, phase="play",
                                     hands=["6H 6H 6C 7H 7H 2H 9C 9D", "5C 5D"])
    sc.version += 1
    sc.sync_hands()
    sc.rebuild_scene()
    sc.mark_dirty()
    d.step(1, dt=0.01)
    choose(d, parse_cards("6H 6H 6C 7H 7H 2H"))
    before = list(d.session.history)
    key(d, pygame.K_m)  # staged, one meld per rank, with the opening's progress (issue 29)
    assert sorted(sc.family.staging.groups()) == sorted(
        [tuple(parse_cards("6H 6H 6C")), tuple(parse_cards("7H 7H 2H"))])
    assert sc.family.staging.note() == t("stage.opening", value=45, minimum=50)
    key(d, pygame.K_RETURN)  # sent: refused
    assert d.session.history == before
    shown = sc.toasts[-1][0]
    assert "50" in shown and "45" in shown, shown
