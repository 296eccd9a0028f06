"""Information on the table (issue 15): the final table of a deal, the move log's events and
earlier deals, meld values, Cassino's tallies, the newly drawn cards."""

from collections import Counter

from game.i18n import t
from game.ui.table.scoresheet import ScoreSheet


def _finish(d):
    """Run the computers to the end of the deal; the final table waits for the player."""
    assert d.settle(open_sheet=False) == "over"


def test_final_table_stays_until_scores_pressed(table):
    d = table("cassino", 2, seed=3, humans=())
    sc = d.screen
    _finish(d)
    for _ in range(20):  # time passes: the sheet does not cover the table by itself
        d.step()
    assert sc.overlay is None and sc.flow.sheet_due
    assert t("table.deal_over_hint") in sc.hud.banner_text()
    d.press(t("table.score_sheet_short"))
    assert isinstance(sc.overlay, ScoreSheet) and not sc.overlay.view
    assert not sc.flow.sheet_due


def test_a_click_on_the_final_table_opens_the_sheet(table):
    d = table("canasta", 4, seed=2, humans=())
    sc = d.screen
    _finish(d)
    assert sc.overlay is None
    d.click(sc.lay.main.center)
    assert isinstance(sc.overlay, ScoreSheet) and not sc.overlay.view


def _lit(sc):
    return sorted(sp.code for sp in sc.scene.hand if sp.state == "highlighted")


def test_newly_drawn_cards_are_lit_until_the_next_move(table):
    d = table("canasta", 2, seed=4)
    sc = d.screen
    assert d.settle() == "human"
    before = list(d.state.hand_cards(0))
    assert _lit(sc) == []
    got = d.perform(next(a for a in d.state.legal_actions(0) if a.verb == "draw"))
    assert "draw" in got
    drawn = sorted((Counter(d.state.hand_cards(0)) - Counter(before)).elements())
    assert drawn and _lit(sc) == drawn
    # The player's next move ends the highlight.
    discard = next(a for a in d.state.legal_actions(0) if a.verb == "discard")
    d.perform(discard)
    assert _lit(sc) == []


def test_newly_drawn_cards_go_dim_after_a_few_seconds(table):
    d = table("canasta", 2, seed=4)
    sc = d.screen
    assert d.settle() == "human"
    d.perform(next(a for a in d.state.legal_actions(0) if a.verb == "draw"))
    assert _lit(sc)
    d.step(30, dt=0.2)  # six seconds of frames without a move
    assert _lit(sc) == []
