"""Defects seen at the table (issue 15): the player's own wording in toasts, the banner, the
move log and the plates; Cassino's reservation values; the stock's hit area; which side's melds
are which; words that overlap or overflow."""

from __future__ import annotations

import itertools
import math

import pygame
import pytest
from pygame import Rect

from game import i18n
from game.engine.actions import parse_action
from game.engine.cards import parse_card
from game.engine.cassino.game import CassinoState
from game.engine.events import Event
from game.engine.registry import GAMES, get_game
from game.i18n import t, translate_reason
from game.ui.table import layout as L
from game.ui.table import moments, render
from game.ui.table.gestures import build_values
from game.ui.table.scene import Plate


def _cassino_position(d, hands, table, **kw):
    """Seat 0 to play a built Cassino position (a test's own, RULES.md CN-3)."""
    sc = d.screen
    sc.worker.cancel()
    sc.ready = None
    d.session.state = CassinoState.from_position(hands, table, **kw)
    sc.version += 1
    sc.sync_hands()
    sc.rebuild_scene()
    sc.mark_dirty()
    d.step(1, dt=0.01)
    return d


def _toasts(d) -> list[str]:
    return [x[0] for x in d.screen.presenter.toasts]


# ---- 1. The player's own wording ---------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "ja"])
def test_toasts_about_the_player_are_worded_for_the_player(table, lang):
    """Every seat-naming toast about the only human reads "You go out!", never "You goes
    out!"; about a computer it names the computer."""
    d = table("canasta", 4, seed=2, language=lang)
    d.settle()
    pres = d.screen.presenter
    for kind, key in (("out", "table.went_out"), ("sweep", "table.sweep_by"),
                      ("down", "table.picks_up_down")):
        pres.toasts = []
        pres.announce([Event(kind, 0)])
        assert _toasts(d) == [t(i18n.YOU_WORDING[key])], kind
        pres.toasts = []
        pres.announce([Event(kind, 2)])
        assert _toasts(d) == [t(key, name=t("player.computer", n=3))], kind
    if lang == "en":
        pres.toasts = []
        pres.announce([Event("out", 0)])
        assert _toasts(d) == ["You go out!"]


def test_the_move_log_says_you_for_the_player(table):
    d = table("canasta", 4, seed=2)
    d.settle()
    sc = d.screen
    sc.session.history.append("2 ask 0")
    sc.presenter.sync_log()
    moves = [text for text, kind in sc.movelog.rows if kind == "move"]
    assert moves[-1] == f"{len(sc.session.history)}. Computer 3 asked you: may I go out?"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_finished_cassino_game_is_a_game_not_a_deal(table, lang):
    d = table("cassino", 2, seed=3, language=lang)
    d.settle()
    d.session.state = CassinoState.from_position(["", ""], [], captured=[["AC"], ["2C"]])
    assert d.session.state.is_over()
    assert d.screen.hud.banner_text()[0] == t("table.deal_over.cassino")
    assert t("table.deal_over.cassino") != t("table.deal_over")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_plate_marks_are_in_the_games_words(lang):
    """Cassino marks its first player (CN-3), not a dealer; the keeper's mark is catalogued."""
    i18n.set_language(lang)
    try:
        p = Plate(seat=0, rect=None, name="x", count=1, pos="bottom", turn=False)
        p.dealer = True
        p.keeper = True
        assert render.plate_chips(p, "cassino") == (t("table.badge.dealer.cassino"),
                                                    t("table.badge.keeper"))
        assert render.plate_chips(p, "looking-and-down") == (t("table.badge.dealer"),
                                                             t("table.badge.keeper"))
    finally:
        i18n.set_language("en")


def test_a_refused_reservation_names_the_value_the_cards_make(table):
    """An 8 with a loose 7 makes 15, which no value declares (CN-6): the refusal says so, and
    does not complain about a guessed 13."""
    d = table("cassino", 2, seed=3)
    d.settle()
    _cassino_position(d, ["8C 2D", "KD 3S"], ["7H", "4S"], )
    st = d.session.state
    eight, seven = parse_card("8C"), parse_card("7H")
    d.screen.presenter.toasts = []
    assert d.screen.family.build_dialog(eight, (seven,), None) is False
    why = st.why_no_reservation(0, eight, (seven,))
    assert why is not None
    assert _toasts(d) == [translate_reason(why)]
    assert "15" in _toasts(d)[0]


# ---- 2. Cassino's value dialog -----------------------------------------------------------------

def test_a_reservation_with_one_legal_value_is_played_without_asking(table):
    """A 3 on a loose 5, holding an 8: 8 is the only value (CN-6), so the drop plays it."""
    d = table("cassino", 2, seed=3)
    d.settle()
    sc = d.screen
    _cassino_position(d, ["3C 8D", "KD 4S"], ["5H", "JS"])
    three, five = parse_card("3C"), parse_card("5H")
    assert build_values(d.state, 0, three, (five,)) == [8]
    d.table_select([five])
    d.drag_cards([three], d.empty_point(sc.lay.table))
    assert sc.overlay is None
    played = parse_action(d.session.history[-1])
    assert (played.seat, played.verb, played.groups, played.target) == (
        0, "build", ((three,), (five,)), 8)


def test_a_reservation_with_several_values_still_asks(table):
    """Two 2s make 4 or two 2s (CN-6): the player chooses."""
    d = table("cassino", 2, seed=3)
    d.settle()
    sc = d.screen
    _cassino_position(d, ["2C 4D 2S", "KD 4S 9H"], ["2H", "JS"])
    two, other = parse_card("2C"), parse_card("2H")
    values = build_values(d.state, 0, two, (other,))
    assert len(values) > 1
    d.table_select([other])
    d.drag_cards([two], d.empty_point(sc.lay.table))
    assert isinstance(sc.overlay, moments.BuildValue) and sc.overlay.values == values


# ---- 3. Looking and Down's stock ---------------------------------------------------------------

@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
def test_a_click_between_looking_and_downs_stock_piles_draws(table, size):
    """The four piles are one stock to draw from (LD-9): every gap between them is part of
    it."""
    d = table("looking-and-down", 2, seed=1, size=size)
    assert d.settle() == "human"
    sc = d.screen
    piles = sc.lay.stock_piles
    assert len(piles) == 4
    box = piles[0].unionall(piles[1:])
    for x in range(box.left, box.right, 3):
        for y in range(box.top, box.bottom, 3):
            hit = sc.intents.target_at((x, y))
            assert hit is not None and hit.kind == "stock", ((x, y), hit)
    gap = ((piles[0].right + piles[1].left) // 2, (piles[0].bottom + piles[2].top) // 2)
    assert not any(r.collidepoint(gap) for r in piles)
    before = len(d.session.history)
    d.click(gap)
    d.step(1, dt=0.01)
    assert d.session.history[before].split()[:2] == ["0", "draw"]


# ---- 4. Which side's melds are which -----------------------------------------------------------

SIZES = [(800, 600), (1280, 800), (1920, 1080)]
PARTNERSHIPS = [(g, n) for g, info in GAMES.items() if g != "cassino"
                for n in info.player_counts if info.num_sides(n) == 2 and n > 2]


def _gap(a: Rect, b: Rect) -> float:
    dx = max(0, a.left - b.right, b.left - a.right)
    dy = max(0, a.top - b.bottom, b.top - a.bottom)
    return math.hypot(dx, dy)


@pytest.mark.parametrize("game, players", PARTNERSHIPS)
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("log_open", [True, False])
def test_each_sides_melds_sit_beside_its_own_players(game, players, size, log_open):
    """In partnerships the seat nearest to a side's meld area is one of that side's, never
    the other side's (the opponents' melds used to sit under the partner, the player's
    partner)."""
    g = get_game(game)
    sides = [g.side_of(s, players) for s in range(players)]
    for viewer in range(players):
        lay = L.compute(size, game, players, sides, viewer, "medium", log_open)
        assert len(lay.meld_areas) == 2
        where = {seat: sp.box for seat, sp in lay.seats.items()}
        where[viewer] = where[viewer].union(lay.hand)  # the player is where their hand is
        for side, area in lay.meld_areas.items():
            nearest = min(lay.seats, key=lambda seat: _gap(where[seat], area))
            assert sides[nearest] == side, (viewer, side, area, where[nearest])


def test_partnership_games_are_tested():
    assert ("canasta", 4) in PARTNERSHIPS and ("canastone", 6) in PARTNERSHIPS


# ---- 5. Words that overlap or overflow ---------------------------------------------------------

LANGS = ["en", "ja"]
TEXT_SIZES = ["normal", "larger"]  # the largest text size must fit as well as the usual


def _open(table, game, players, size, lang, log_open, text_size="normal"):
    d = table(game, players, seed=3, size=size, language=lang, text_size=text_size)
    d.settle()
    sc = d.screen
    assert sc.app.settings.text_size == text_size  # the setting is in use
    if sc.log_open != log_open:
        sc.toggle_log()
        d.step(2, dt=0.01)
    sc.rebuild_scene()
    return d


def _counts(sc) -> list[tuple[str, Rect]]:
    """Every count drawn on the table ("Deck 40", "Captured 0") and where it goes."""
    window = Rect((0, 0), sc.size)
    s = sc.lay.scale
    return [(b.text, render.count_rect(b, render.count_image(b, s).get_size(), window, s))
            for b in sc.scene.badges if b.kind == "count"]


@pytest.mark.parametrize("text_size", TEXT_SIZES)
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game, players", [("cassino", 2), ("cassino", 4), ("canasta", 4)])
def test_words_fit_their_buttons_and_nothing_overlaps(table, game, players, size, lang,
                                                      text_size):
    """With the log open and closed: every button's label fits it (記録を隠す), no button
    covers a count ("Deck 32" under Capture/Reserve), the turn banner covers no count
    (取り札 over the instructions), and no count is flush against the window's edge."""
    for log_open in (True, False):
        d = _open(table, game, players, size, lang, log_open, text_size)
        sc = d.screen
        lay = sc.lay
        s = lay.scale
        font = i18n_font(sc)
        window = Rect((0, 0), size)
        buttons = {k: b.rect for k, b in sc.hud.buttons.items()}  # every button, shown or not
        for key, b in sc.hud.buttons.items():
            text_w = font.size(b.text)[0]
            assert text_w + 2 * round(4 * s) <= b.rect.w, (log_open, key, b.text, b.rect)
            ink = font.size(b.text)[1]  # the text's height: its descenders not cut off
            assert ink <= b.rect.h, (log_open, key, b.text, b.rect)
            assert window.contains(b.rect), (key, b.rect)
        for (ka, ra), (kb, rb) in itertools.combinations(buttons.items(), 2):
            assert not ra.colliderect(rb), (ka, kb)
        edge = max(4, round(8 * s))
        for text, r in _counts(sc):
            assert window.inflate(-2 * edge, -2 * edge).contains(r), (log_open, text, r)
            for key, br in buttons.items():
                assert not r.colliderect(br), (log_open, text, key)
            assert lay.banner is None or not r.colliderect(lay.banner), (log_open, text)
            for seat, spot in lay.seats.items():  # a tally beside the top plate ran under it
                assert not r.colliderect(spot.box), (log_open, text, seat)
            if lay.corner is not None:
                assert not r.colliderect(lay.corner), (log_open, text)
        others = [("banner", lay.banner), ("deck", lay.deck), ("table", lay.table),
                  ("stock", lay.stock), ("pile", lay.pile)]
        others += [(f"melds {x}", r) for x, r in lay.meld_areas.items()]
        others += [(f"seat {x}", sp.box) for x, sp in lay.seats.items()]
        others += [(f"captured {x}", sp.captured) for x, sp in lay.seats.items()]
        for name, r in others:
            if r is None or not r.w:
                continue
            for key, br in buttons.items():
                assert not r.colliderect(br), (log_open, name, key)
            if lay.corner is not None:
                assert not r.colliderect(lay.corner), (log_open, name)



@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_a_long_cassino_tally_stays_clear_of_its_pile_and_the_banner(table, monkeypatch, size,
                                                                     lang):
    """Issue 29, found playing a whole deal by hand at 150 % text: the player's tally was drawn
    under its pile's top card (a fixed offset that the larger text outgrew), and once the
    ten of diamonds, the two of spades and a sweep were taken it ran into the instructions and
    off the window's edge. CN-10's counts: the longest tally a side can have."""
    full = {"cards": 27, "spades": 7, "aces": 4, "ten_of_diamonds": 1, "two_of_spades": 1,
            "sweeps": 3}
    monkeypatch.setattr(CassinoState, "tallies", lambda self, side: dict(full))
    for players in (2, 4):
        d = _open(table, "cassino", players, size, lang, False, "larger")
        sc = d.screen
        lay = sc.lay
        edge = max(4, round(8 * lay.scale))
        window = Rect((0, 0), size).inflate(-2 * edge, -2 * edge)
        tallies = [(text, r) for text, r in _counts(sc) if "27" in text]
        assert len(tallies) == 2, [text for text, _ in _counts(sc)]
        for text, r in tallies:
            assert window.contains(r), (players, text, r)
            assert lay.banner is None or not r.colliderect(lay.banner), (players, text)
            for key, b in sc.hud.buttons.items():
                assert not r.colliderect(b.rect), (players, text, key)
            for seat, spot in lay.seats.items():
                assert not r.colliderect(spot.box), (players, text, seat)
                if spot.captured is not None:
                    assert not r.colliderect(spot.captured), (players, text, seat)

def i18n_font(sc):
    from game.ui import fonts

    return fonts.font(sc.app.font_sizes["small"])


@pytest.mark.parametrize("text_size", TEXT_SIZES)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game, players", [("canasta", 4), ("looking-and-down", 5)])
def test_the_scores_stay_in_view_with_the_log_hidden(table, game, players, size, lang,
                                                     monkeypatch, text_size):
    """Hide log hides the moves only: the Scores button and every side's running total stay."""
    d = _open(table, game, players, size, lang, False, text_size)
    sc = d.screen
    assert "scores" in sc.hud.buttons and sc.hud.buttons["scores"].visible
    drawn = []
    real = render.text

    def spy(text, *a, **kw):
        drawn.append(text)
        return real(text, *a, **kw)

    monkeypatch.setattr(render, "text", spy)
    sc.mark_dirty()
    d.app.render()
    for name, total in zip(sc.side_names(), sc.session.match.totals):
        assert name in drawn and str(total) in drawn, (name, drawn)
    # Every side's line fits the corner under the buttons.
    small = sc.app.font_sizes["small"]
    lines = sum(real(name, small, (0, 0, 0), True).get_height() for name in sc.side_names())
    box = sc.lay.corner_scores
    assert lines + 2 * round(4 * sc.lay.scale) <= box.h  # a margin above and below
    assert box.top >= sc.lay.corner_buttons.bottom and box.right <= sc.lay.main.right
    d.press(t("table.score_sheet_short"))
    assert sc.overlay is not None


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_the_dealers_name_is_as_large_as_everyones(lang, size, monkeypatch):
    """The dealer's mark no longer takes room from the name (a smaller font on that plate)."""
    from game.ui import fonts

    i18n.set_language(lang)
    try:
        scale = L.ui_scale(size)
        name = t("player.computer", n=4)
        rect = Rect(0, 0, round(156 * scale), round(46 * scale))
        sizes = {}
        real = fonts.render

        for dealer in (False, True):
            seen = []

            def spy(text, size, *a, seen=seen, **kw):
                seen.append((text, size))
                return real(text, size, *a, **kw)

            monkeypatch.setattr(fonts, "render", spy)
            render._plate_image.cache_clear()
            p = Plate(seat=3, rect=rect, name=name, count=11, pos="right", turn=False,
                      dealer=dealer, keeper=dealer, team=1)
            surf = pygame.Surface(size)
            render.draw_plate(surf, p, scale, "canasta")
            sizes[dealer] = [sz for text, sz in seen if text == name]
        assert sizes[True] == sizes[False] and sizes[True]
    finally:
        i18n.set_language("en")


# ---- 6. The hand's button column closes up --------------------------------------------------


def _column_is_closed_up(sc) -> None:
    """The shown buttons of the hand's column stand one under the other in the column's order,
    the lowest at its foot, with one gap between neighbours and none where a hidden one is."""
    hud = sc.hud
    hb = sc.lay.hand_buttons
    gap = round(6 * sc.lay.scale)
    column = [k for k, _label, _cb in sc.family.action_buttons()] + [
        "take_back", "hint", "sort_rank", "sort_suit"]
    assert set(column) == {k for k, b in hud.buttons.items() if b.rect.colliderect(hb)}
    shown = [k for k in column if hud.buttons[k].visible]
    assert shown, "the sorts at least are shown"
    rects = [hud.buttons[k].rect for k in shown]
    assert rects[-1].bottom == hb.bottom, (shown, rects[-1], hb)
    # One gap between neighbours: the layout's, or less where a large text size needs room.
    gaps = {b.top - a.bottom for a, b in zip(rects, rects[1:])}
    assert len(gaps) <= 1 and all(1 <= g <= gap for g in gaps), (shown, rects)
    for k, b in hud.buttons.items():  # no two buttons share a place, shown or not
        for k2, b2 in hud.buttons.items():
            assert k == k2 or not b.rect.colliderect(b2.rect), (k, k2)


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
@pytest.mark.parametrize("game, players", [("canasta", 4), ("cassino", 2), ("canasta", 2)])
def test_the_hand_buttons_close_up_where_some_are_hidden(table, game, players, size):
    d = table(game, players, seed=3, size=size)
    d.settle()
    sc = d.screen
    hidden = [k for k in ("ask", "capture", "take_back") if k in sc.hud.buttons
              and not sc.hud.buttons[k].visible]
    assert hidden, "a button is hidden at the start of the player's turn"
    _column_is_closed_up(sc)
    d.select([sc.scene.hand[0].code])  # Cassino: Trail comes; Canasta: nothing changes
    d.step(1, dt=0.01)
    _column_is_closed_up(sc)
    d.select([])
    d.step(1, dt=0.01)
    _column_is_closed_up(sc)


# ---- 7. The labels of the melds keep apart ---------------------------------------------------


def _played(table, game, players, size, lang, moves):
    """A table after ``moves`` computer moves of every seat (the screenshot command's)."""

    d = table(game, players, seed=3, size=size, language=lang)
    d.settle()
    sc = d.screen
    sc.worker.cancel()
    sc.ready = None
    d.session.play_computers(moves, 3, "simple")
    sc.version += 1
    sc.sync_hands()
    sc.rebuild_scene()
    return d


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game, players, moves", [
    ("canasta", 4, 70), ("canastone", 6, 80), ("canasta", 3, 60)])
def test_no_two_labels_of_the_melds_touch(table, game, players, moves, size, lang):
    """The labels under the melds ("4 · 40 pts", "Mixed · 230 pts") and each side's points on
    the table keep a few pixels apart, and none reaches into a meld of another row."""
    d = _played(table, game, players, size, lang, moves)
    sc = d.screen
    s = sc.lay.scale
    window = Rect((0, 0), size)
    labels = []
    for b in sc.scene.badges:
        if b.kind in render.LABELS:
            img = render._ribbon(b.text, "info", round(s * 100))
            labels.append((b.text, render.label_rect(b, img.get_size(), window, s), b.rect))
            # One separator in each language's labels ("ミックス・80点" as "5枚・50点").
            assert lang == "en" or " · " not in b.text, b.text
    assert sum(b.kind == "meld_info" for b in sc.scene.badges) >= 4, "a table with melds"
    apart = 3
    for (ta, ra, _ma), (tb, rb, _mb) in itertools.combinations(labels, 2):
        assert _gap(ra, rb) >= apart, (ta, ra, tb, rb)
    melds = [tg.rect.inflate(-4, -4) for tg in sc.scene.targets if tg.kind == "meld"]
    for text, r, own in labels:
        for m in melds:
            assert m == own or not r.colliderect(m), (text, r, m)


# ---- 8. A take offered with more than the pair -----------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_jacks_and_a_joker_dragged_to_a_frozen_pile_say_take_then_add(table, lang):
    """CA-9: two natural jacks and a joker dragged onto a frozen pile topped by a jack are
    refused with what to do (take with the jacks, then add the joker), the engine's reason as
    it gives it, not "you need 2 natural jacks"."""
    from game.engine.canasta.position import build_position

    d = table("canasta", 2, seed=1, language=lang)
    d.settle()
    sc = d.screen
    sc.worker.cancel()
    sc.ready = None
    d.session.state = build_position(
        "canasta", 2, hands=["JH JS JK 5C 6D 7S 9H", "4C 4D 4H 5S 6S 7C 8C"],
        pile="8D 2C 9S JD", turn=0, phase="draw", frozen=True,
        melds=[{"K": "KH KS KD"}, {}], opened=[True, False])
    sc.version += 1
    sc.sync_hands()
    sc.rebuild_scene()
    d.step(1, dt=0.01)
    before = list(d.session.history)
    d.drag_cards([parse_card(x) for x in ("JH", "JS", "JK")], sc.lay.pile.center)
    why = d.state.why_illegal(parse_action("0 take JH JS JK"))
    assert why.key == "take_frozen_then_add"
    assert [x[0] for x in sc.presenter.toasts] == [translate_reason(why)]
    assert t("card.joker") in sc.presenter.toasts[0][0]
    assert d.session.history == before


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game, players", [("looking-and-down", 7), ("canasta", 3),
                                           ("canasta", 4), ("canastone", 6)])
def test_a_meld_areas_name_keeps_clear_of_its_points(table, game, players, size, lang):
    """A meld area's owner's name (lower right) and the side's points on the table (lower
    left) never overlap: in Looking and Down's narrow tiles "On the table: 110" covered the
    name."""
    from game.ui.table.scene import Badge

    d = table(game, players, size=size, language=lang)
    sc = d.screen
    s = sc.lay.scale
    window = Rect((0, 0), size)
    names = sc.side_names()
    text = t("table.on_table", points=12345)
    img = render._ribbon(text, "info", round(s * 100))
    for side, area in sc.lay.meld_areas.items():
        points = render.label_rect(Badge("points", area, text, "dim"), img.get_size(), window, s)
        name = render.area_name_rect(area.size, names[side], s,
                                     side if sc.partnerships else -1)
        if name is not None:
            assert not name.move(area.topleft).colliderect(points), (side, names[side])


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_narrow_plates_second_line_never_runs_under_its_marks(lang):
    """Looking and Down at seven seats in 800x600: a plate's "8 cards · down 11" line, too long
    for the room left of the dealer's and keeper's marks, once ran under them."""
    i18n.set_language(lang)
    try:
        scale = L.ui_scale((800, 600))
        rect = Rect(0, 0, 75, 36)
        chip_r = max(6, round(8 * scale))
        pad = round(9 * scale)
        marks = Rect(rect.w - pad - 2 * (2 * chip_r + round(3 * scale)), 0,
                     2 * (2 * chip_r + round(3 * scale)), rect.h)

        def plate(count, down_count):
            render._plate_image.cache_clear()
            p = Plate(seat=1, rect=rect, name="X", count=count, pos="top", turn=False,
                      dealer=True, keeper=True, team=-1, in_down=False, down_count=down_count)
            surf = pygame.Surface(rect.size, pygame.SRCALPHA)
            render.draw_plate(surf, p, scale, "looking-and-down")
            return surf

        short, long = plate(1, -1), plate(18, 11)
        for x in range(marks.x, marks.right):
            for y in range(rect.h // 2, rect.h - 2):
                assert short.get_at((x, y)) == long.get_at((x, y)), (x, y)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("size, lang, text_size", [((800, 600), "ja", "larger"),
                                                   ((800, 600), "ja", "normal"),
                                                   ((800, 600), "en", "larger"),
                                                   ((1280, 800), "ja", "larger")])
@pytest.mark.parametrize("game, players", [("canasta", 4), ("canastone", 6),
                                           ("looking-and-down", 7)])
def test_the_piles_counts_stand_apart_and_in_view(table, game, players, size, lang, text_size):
    """Issue 29: "山札 58捨て札の山 0" ran together at 800x600; the packet's count ran under the
    corner's scores, and Looking and Down's pile lay under its seven totals."""
    d = table(game, players, seed=3, size=size, language=lang, text_size=text_size)
    d.settle()
    sc = d.screen
    keys = [t("table.stock"), t("table.discard_pile"), t("table.packet")]
    counts = [(text, r) for text, r in _counts(sc) if text.split("  ")[0] in keys]
    assert len(counts) >= 2, counts
    gap = round(4 * sc.lay.scale)
    for (ta, ra), (tb, rb) in itertools.combinations(counts, 2):
        assert not ra.inflate(gap, 0).colliderect(rb), (ta, tb)
    covers = [sc.lay.corner, sc.lay.log] if sc.lay.corner is not None else [sc.lay.log]
    piles = [("stock", sc.lay.stock), ("pile", sc.lay.pile), ("packet", sc.lay.packet)]
    for name, r in counts + piles:
        for c in covers:
            assert r is None or c is None or not r.colliderect(c), (name, r, c)


@pytest.mark.parametrize("text_size", [1.0, 1.5])
@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1600, 1000), (1920, 1080)])
def test_the_frozen_ribbon_stands_on_the_pile_clear_of_every_plate(size, text_size):
    """Issue 29: the Frozen badge stood above the pile, behind the plate of a top seat."""
    from game.ui import fonts
    from game.ui.table.scene import Badge, frozen_anchor

    old = fonts.text_scale()
    fonts.set_text_scale(text_size)
    try:
        for game, info in GAMES.items():
            if game == "cassino":
                continue
            for n in info.player_counts:
                g = get_game(game)
                lay = L.compute(size, game, n, [g.side_of(x, n) for x in range(n)], 0,
                                "medium", L.log_opens(size, game, n, text_size))
                img = render._ribbon(t("table.frozen"), "frozen", round(lay.scale * 100))
                r = img.get_rect(midbottom=Badge("frozen", frozen_anchor(lay)).rect.midbottom)
                assert lay.pile.contains(r), (game, n, r, lay.pile)
                for seat, spot in lay.seats.items():
                    assert not r.colliderect(spot.box), (game, n, seat)
    finally:
        fonts.set_text_scale(old)
