"""Information on the table (issue 15): the final table of a deal, the move log's events and
earlier deals, meld values, Cassino's tallies, the newly drawn cards."""

from collections import Counter

import pytest

from game.i18n import cards_text, t
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
    from game.engine.actions import parse_action
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


def test_every_engine_event_worth_telling_gets_a_sentence():
    """The move log tells each kind of event beyond the move itself (issue 15): red threes
    and their replacement draws (CA-3), pile takes with their count, the packet (CS-3), going
    out (concealed too), the down (LD-11), canastas, the frozen pile, sweeps and the last
    capturer's collection (CN-9), reservations overridden."""
    from game.engine.events import Event
    from game.ui.table.movelog import describe_events

    names = ["You", "West", "North", "East"]
    cases = {
        "log.red_three_replaced": [Event("red_three", 1, (15,)), Event("draw", 1, (7,))],
        "log.red_three": [Event("red_three", 1, (15,))],
        "log.pile_count": [Event("take", 0, (3, 4, 5))],
        "log.packet": [Event("packet", 0, (3, 4))],
        "log.out": [Event("out", 2, (), False)],
        "log.out_concealed": [Event("out", 2, (), True)],
        "log.down": [Event("down", 3, (1, 2))],
        "log.canasta": [Event("canasta", 3, (), 7)],
        "log.frozen": [Event("frozen", 3, (53,))],
        "log.unfrozen": [Event("unfrozen", 3)],
        "log.sweep": [Event("sweep", 1, (), 1)],
        "log.collect": [Event("collect", 1, (4, 5, 6), 1)],
        "log.override": [Event("build", 1, (4, 5), {"value": 9, "overrides": [0]})],
    }
    for key, events in cases.items():
        said = describe_events(events, names)
        assert len(said) == 1, (key, said)
        template = t(key, name="\0", card="\0", count=len(events[0].cards) + 1, owner="\0",
                     meld="\0")
        assert said[0].split(names[events[0].seat])[0] == template.split("\0")[0], (key, said)
    # A replaced red three is one sentence, the replacement card itself is not told.
    said = describe_events(cases["log.red_three_replaced"], names)
    assert "7" not in said[0].replace(names[1], "")
    assert describe_events([Event("turn", 1), Event("deal_over", -1, (), [1, 2])], names) == []
    # A player who takes in their own reservation overrides no one (CN-6: ownership passes).
    assert describe_events([Event("build", 1, (4,), {"value": 9, "overrides": [1]})],
                           names) == []


def test_the_log_keeps_earlier_deals_and_the_last_collection(table):
    """CN-9: the last capturer's collection is in the log; after the next game starts the
    first one's moves are still there, under its title, to scroll back to."""
    d = table("cassino", 2, seed=3, humans=())
    sc = d.screen
    _finish(d)
    st = d.state
    log = sc.movelog
    moves = [text for text, kind in log.rows if kind == "move"]
    assert len(moves) == len(d.session.history) == 48
    collect = [e for e in log.deals[-1].events[47] if e.kind == "collect"]
    assert collect  # seed 3: cards were left on the table after the last capture
    notes = [text for text, kind in log.rows if kind == "note"]
    assert t("log.collect", name=sc.names()[st.last_capture],
             count=len(collect[0].cards)) in notes
    d.press(t("table.score_sheet_short"))
    d.press(t("score.next_game"))
    d.step(3)
    heads = [text for text, kind in log.rows if kind == "head"]
    assert heads[:2] == [t("table.game_n", n=1), t("table.game_n", n=2)]
    first = log.rows[1:log.rows.index((heads[1], "head"))]
    assert [x for x, k in first if k == "move"] == moves
    log.on_wheel(10_000)  # scrolled all the way back: the first game's title is drawn
    d.app.render()
    assert log.scroll > 0


def test_red_threes_laid_out_at_the_deal_are_in_the_log(table):
    """CA-3: red threes dealt are laid out and replaced before the first move; the log says
    so (without the replacement card) before move 1."""
    for seed in range(1, 12):
        d = table("canasta", 2, seed=seed)
        reds = [e for e in d.state.deal_events if e.kind == "red_three"]
        if reds:
            break
    else:
        raise AssertionError("no deal with a red three")
    d.step(2)
    rows = d.screen.movelog.rows
    names = d.screen.names()
    told = {t("log.red_three_replaced", name=names[e.seat], card=cards_text(e.cards))
            for e in reds} | {t("log.red_three", name=names[e.seat], card=cards_text(e.cards))
                              for e in reds}
    notes = [text for text, kind in rows if kind == "note"]
    assert len([n for n in notes if n in told]) == len(reds)
    assert all(kind == "note" for _, kind in rows[:len(reds)])


@pytest.mark.parametrize("game, players", [("looking-and-down", 7), ("canastone", 6)])
def test_a_finished_deals_sheet_fits_seven_columns_at_the_smallest_size(table, game, players):
    """The score sheet after a deal, with a column per player at 800x600 and 150 % text in
    Japanese: each row's name ("カナスタボーナス") stays clear of the first column's figures
    (it ran into them), and every word inside the panel (tests/ui/fits.py)."""
    from tests.ui.fits import check_painted

    d = table(game, players, seed=1, humans=(), level="easy", size=(800, 600),
              language="ja", text_size="larger")
    sc = d.screen
    _finish(d)
    sheet = ScoreSheet(sc)
    sc.open_overlay(sheet)
    check_painted(sc, sheet, (game, players))
