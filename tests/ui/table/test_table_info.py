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


def _badges(sc, kind):
    return [b.text for b in sc.scene.badges if b.kind == kind]


def test_melds_and_sides_show_the_engines_points(table):
    """CA-15: each meld shows its card count and its points by the rule set (a canasta its
    points on its ribbon), each side its points on the table, as the engine counts them."""
    d = table("canastone", 3, seed=3, humans=())
    sc = d.screen
    st = d.state
    for _ in range(400):
        d.step()
        if sum(len(m) for m in st.melds) >= 4 or st.is_over():
            break
    sc.rebuild_scene()
    want_info, want_ribbons = set(), set()
    for side in range(st.nsides):
        for m in st.melds[side]:
            if len(m.cards) >= 7 and m.rank != 3:
                want_ribbons.add(t("table.meld_points", points=st.meld_points(m)))
            else:
                want_info.add(t("table.meld_info", count=len(m.cards),
                                points=st.meld_points(m)))
    assert want_info or want_ribbons
    infos = _badges(sc, "meld_info")
    assert want_info <= {x.removeprefix(t("table.wild") + " · ") for x in infos}
    ribbons = _badges(sc, "canasta")
    assert all(any(r.endswith(w) for r in ribbons) for w in want_ribbons)
    points = _badges(sc, "points")
    on_table = {t("table.on_table", points=st.table_points(s)) for s in range(st.nsides)
                if st.melds[s] or st.red3[s]}
    assert set(points) == on_table


def test_cassino_piles_show_tallies_and_the_last_capture(table):
    """CN-10's counts (cards, spades, aces, the cassinos, sweeps) under each pile; a click on
    a pile shows that side's last capture, a second click hides it."""
    from game.actions import parse_action
    from game.players.registry import make_player
    from game.ui.table.table_info import tally_label

    d = table("cassino", 2, seed=5)
    sc = d.screen
    me = make_player("normal", 3)
    side = -1
    for _ in range(30):
        assert d.settle() == "human"
        caps = [parse_action(h) for h in d.session.history]
        caps = [a for a in caps if a.verb == "capture"]
        if caps:
            side = caps[-1].seat % 2
            last = tuple(caps[-1].cards())
            break
        d.perform(me.choose(d.session.decision(0)))
    assert side >= 0
    st = d.state
    labels = _badges(sc, "count")
    for s in (0, 1):
        assert tally_label(st.tallies(s)) in labels
    tg = d.target("captured", side=side)
    d.click(tg.rect.center)
    peek = [sp.code for sp in sc.scene.sprites if sp.zone == ("peek",)]
    assert tuple(peek) == last
    assert t("table.last_capture") in _badges(sc, "count")
    d.click(tg.rect.center)
    assert not [sp for sp in sc.scene.sprites if sp.zone == ("peek",)]


def test_cassino_score_sheet_shows_the_counts_behind_the_points(table):
    """CN-10: the cards, spades and aces rows show how many each side took."""
    from game.ui.table.scoresheet import rows_for

    d = table("cassino", 2, seed=3, humans=())
    sc = d.screen
    _finish(d)
    st = d.state
    counts = sc.family.score_counts(st)
    rows = dict(rows_for(sc.family.score_rows, st.breakdown(), counts))
    for key in ("cards", "spades", "aces"):
        shown = rows[t(f"score.{key}")]
        for side in (0, 1):
            assert f"({st.tallies(side)[key]})" in shown[side]
    assert counts[0]["cards"] + counts[1]["cards"] == 52
    d.press(t("table.score_sheet_short"))
    d.app.render()  # the sheet draws its strings
