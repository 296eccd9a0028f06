"""Melds built card by card (issue 29): staged melds, and keys that act on the obvious card.

Cards dragged to an empty spot of the viewer's meld area wait there as staged melds, with their
value and what they lack (the engine's ``meld_shortfall`` and ``cards_points``); Meld (or
Enter, or a discard) sends them all as one meld action; a refusal brings them back with the
engine's reason. Staged cards stay hand cards in the engine throughout.
"""

from __future__ import annotations

from collections import Counter

import pygame
import pytest

from game.engine.actions import make, parse_action
from game.engine.canasta.position import build_position
from game.engine.cards import parse_cards
from game.engine.cassino.game import CassinoState
from game.i18n import t

from .driver import check_table, post


def cards(text):
    return parse_cards(text)


def at_position(d, state):
    """The table shows ``state`` (the seat to move is the human's), computers stopped."""
    sc = d.screen
    sc.worker.cancel()
    sc.ready = None
    d.session.state = state
    sc.version += 1
    sc.sync_hands()
    sc.rebuild_scene()
    sc.mark_dirty()
    d.step(1, dt=0.01)
    return d


def canasta(table, game="canasta", players=2, **kw):
    d = table(game, players, seed=1)
    d.settle()
    return at_position(d, build_position(game, players, **kw))


def key(d, k, mod=0) -> None:
    post(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)
    d.step(1, dt=0.01)


def staged_target(d, i):
    return d.target("staged", key=i)


def last(d):
    return parse_action(d.session.history[-1])


def test_ca7_a_two_meld_opening_built_card_by_card_and_sent_at_once(table):
    """CA-4 / CA-7: K K K and Q Q 2 staged a card at a time show what each still lacks and
    the opening's progress; Meld sends both as one meld action (worth 70 of 50)."""
    d = canasta(table, hands=["KH KS KD QH QS 2C 5D 9C", "5C 5D"], turn=0, phase="play",
                opened=[False, False])
    sc = d.screen
    before = list(d.session.history)
    engine_hand = Counter(d.state.hand_cards(0))
    d.drag_cards(cards("KH"), d.free_point())
    assert sc.family.staging.groups() == (tuple(cards("KH")),)
    assert sc.family.staging.shown()[0].label == t(
        "stage.label", value=t("table.meld_points", points=10),
        need=t("stage.needs_mixed", count=2, naturals=1))
    d.drag_cards(cards("KS"), staged_target(d, 0).rect.center)
    assert sc.family.staging.shown()[0].label.endswith(t("stage.needs_card"))
    d.drag_cards(cards("KD"), staged_target(d, 0).rect.center)
    assert sc.family.staging.shown()[0].ready
    assert sc.family.staging.note() == t("stage.opening", value=30, minimum=50)
    d.drag_cards(cards("QH"), d.free_point())
    d.drag_cards(cards("2C"), staged_target(d, 1).rect.center)
    assert sc.family.staging.shown()[1].label.endswith(t("stage.needs_natural"))
    d.drag_cards(cards("QS"), staged_target(d, 1).rect.center)
    assert sc.family.staging.note() == t("stage.opening", value=70, minimum=50)
    # Staged, not sent: the engine's hand is whole, the table shows them apart from it.
    assert d.session.history == before
    assert Counter(d.state.hand_cards(0)) == engine_hand
    assert Counter(sc.hand_orders[0]) == Counter(cards("5D 9C"))
    check_table(sc)
    d.press(t("table.meld"))
    d.step(2)
    assert len(d.session.history) == len(before) + 1
    a = last(d)
    assert a.verb == "meld" and sorted(map(Counter, a.groups), key=len) == sorted(
        [Counter(cards("KH KS KD")), Counter(cards("QH 2C QS"))], key=len)
    assert not sc.family.staging and d.state.opened[0]
    check_table(sc)


def test_ca7_a_refused_opening_comes_back_to_the_hand_with_the_engines_reason(table):
    """CA-7: K K K alone is worth 30 of 50: Enter sends it, the engine refuses, the cards
    fly back to the hand and the engine's reason shows."""
    d = canasta(table, hands=["KH KS KD 5D 9C", "5C 5D"], turn=0, phase="play",
                opened=[False, False])
    sc = d.screen
    before = list(d.session.history)
    d.drag_cards(cards("KH KS KD"), d.free_point())
    assert len(sc.family.staging.melds) == 1
    reason = d.session.why_illegal(make(0, "meld", sc.family.staging.groups()))
    assert reason.key == "opening_minimum"
    key(d, pygame.K_RETURN)
    assert d.session.history == before
    assert not sc.family.staging and sc.animator.busy  # sliding back
    assert Counter(sc.hand_orders[0]) == Counter(cards("KH KS KD 5D 9C"))
    assert sc.toasts[-1][0] == sc.presenter.reason_text(reason)
    check_table(sc)


def test_staged_cards_go_back_by_a_drag_a_click_or_put_back(table):
    d = canasta(table, hands=["KH KS KD QH 9C", "5C 5D"], turn=0, phase="play",
                opened=[True, False])
    sc = d.screen
    d.drag_cards(cards("KH KS KD"), d.free_point())
    ks = next(sp for sp in sc.scene.staged[0] if sp.code == cards("KS")[0])
    d.drag((ks.rect.x + 4, ks.rect.y + 8), sc.lay.hand.center)  # dragged back to the hand
    assert sorted(sc.family.staging.melds[0]) == sorted(cards("KH KD"))
    assert cards("KS")[0] in sc.hand_orders[0]
    kd = sc.scene.staged[0][-1]
    d.click((kd.rect.right - 4, kd.rect.centery))  # a click: back to the hand
    assert len(sc.family.staging.cards()) == 1
    d.drag_cards(cards("QH"), d.free_point())
    assert len(sc.family.staging.melds) == 2
    d.press(t("stage.put_back"))
    assert not sc.family.staging
    assert Counter(sc.hand_orders[0]) == Counter(d.state.hand_cards(0))
    check_table(sc)


def test_ca8_a_discard_sends_the_staged_melds_first(table):
    """CA-8: melds, then the discard that ends the turn: dropping a card on the pile with
    melds staged sends them first."""
    d = canasta(table, hands=["KH KS KD 5D 9C", "5C 5D"], turn=0, phase="play",
                opened=[True, False])
    sc = d.screen
    n = len(d.session.history)
    d.drag_cards(cards("KH KS KD"), d.free_point())
    d.drag_cards(cards("9C"), sc.lay.pile.center)
    if sc.dialog is not None:  # the risky-discard question
        d.press(t("table.risky.anyway"))
    d.step(2)
    verbs = [parse_action(h).verb for h in d.session.history[n:n + 2]]
    assert verbs == ["meld", "discard"], (d.session.history[n:], sc.toasts)
    assert not sc.family.staging


def test_ca9_a_pile_take_carries_the_staged_melds_as_an_opening(table):
    """CA-7 / CA-9: K K K staged, then 8 8 dropped on the pile's 8: one take with the
    staged meld besides, worth 60 of 50."""
    d = canasta(table, hands=["8H 8S KH KS KD 5D 9C", "5C 5D"], turn=0, pile="4C 8D",
                opened=[False, False])
    sc = d.screen
    n = len(d.session.history)
    d.drag_cards(cards("KH KS KD"), d.free_point())
    d.drag_cards(cards("8H 8S"), sc.lay.pile.center)
    d.step(2)
    a = parse_action(d.session.history[n])
    assert a.verb == "take" and Counter(a.groups[-1]) == Counter(cards("KH KS KD"))
    assert not sc.family.staging
    check_table(sc)


def test_cs6_canastones_wild_meld_is_staged_and_sent_the_same_way(table):
    """CS-6: three wild cards make Canastone's wild meld."""
    d = canasta(table, "canastone", 4, hands=["JK JK 2C 5D 9C", "5C 5D", "6C 6D", "7C 7D"],
                turn=0, phase="play", opened=[True, True])
    sc = d.screen
    d.drag_cards(cards("JK JK"), d.free_point())
    assert sc.family.staging.shown()[0].label.endswith(t("stage.needs_card"))
    d.drag_cards(cards("2C"), staged_target(d, 0).rect.center)
    assert sc.family.staging.shown()[0].ready
    d.press(t("table.meld"))
    d.step(2)
    assert last(d).verb == "meld" and Counter(last(d).groups[0]) == Counter(cards("JK JK 2C"))


def test_ld5_a_looking_and_down_book_is_staged_and_sent_the_same_way(table):
    """LD-5 / LD-8: 7 7 and a joker, worth 60, open with one book."""
    d = canasta(table, "looking-and-down", 3, hands=["7H 7S JK 5D 9C", "5C 5D", "6C 6D"],
                turn=0, phase="play")
    sc = d.screen
    d.drag_cards(cards("7H JK"), d.free_point())
    assert sc.family.staging.shown()[0].label.endswith(t("stage.needs_natural"))
    d.drag_cards(cards("7S"), staged_target(d, 0).rect.center)
    key(d, pygame.K_RETURN)
    d.step(2)
    assert last(d).verb == "meld", sc.toasts
    assert not sc.family.staging


def test_a_take_back_after_staging_loses_no_card(table):
    """A meld sent, a card staged, then Take back: every card is in the hand or staged."""
    d = table("canasta", 2, seed=2)
    assert d.settle() == "human"
    sc = d.screen
    d.click(sc.lay.stock.center)
    d.step(3)
    meld = next(a for a in d.state.legal_actions(0) if a.verb == "meld"
                and len(a.groups) == 1)
    d.perform(meld)
    spare = sc.hand_orders[0][0]
    d.drag_cards([spare], d.free_point())
    assert sc.family.staging.cards() == [spare]
    d.press(t("table.take_back"))
    d.step(2)
    shown = Counter(sc.hand_orders[0]) + Counter(sc.family.staging.cards())
    assert shown == Counter(d.state.hand_cards(0))
    assert set(meld.groups[0]) <= set(shown)
    check_table(sc)


def test_m_stages_the_chosen_cards_and_backspace_puts_them_back(table):
    d = canasta(table, hands=["KH KS KD 9C", "5C 5D"], turn=0, phase="play",
                opened=[True, False])
    sc = d.screen
    d.select(cards("KH KS KD"))
    key(d, pygame.K_m)
    assert sc.family.staging.groups() and not sc.selected
    key(d, pygame.K_BACKSPACE)
    assert not sc.family.staging and len(sc.hand_orders[0]) == 4


def test_x_discards_the_card_the_hint_marks(table):
    """After H marks a discard, X discards that card (nothing chosen, the ring hidden)."""
    d = canasta(table, hands=["9C 4D", "5C 5D"], turn=0, phase="play", pile="6H",
                melds=[{"A": "AS AH AD"}, {}], opened=[True, False])
    sc = d.screen
    key(d, pygame.K_h)
    assert sc.hint is not None and sc.hint[0].verb == "discard"
    hinted = sc.hint[0].groups[0][0]
    n = len(d.session.history)
    key(d, pygame.K_x)
    if sc.dialog is not None:
        d.press(t("table.risky.anyway"))
    assert parse_action(d.session.history[n]) == make(0, "discard", ((hinted,),))


def cassino(table, hands, loose, **kw):
    d = table("cassino", 2, seed=1)
    d.settle()
    return at_position(d, CassinoState.from_position(hands, loose, (), **kw))


def test_cn8_t_trails_the_only_card_in_hand(table):
    d = cassino(table, ["KS", "3C 4C"], "JH 2D QD")
    n = len(d.session.history)
    key(d, pygame.K_t)
    if d.screen.dialog is not None:
        d.press(t("table.risky.trail_anyway"))
    assert parse_action(d.session.history[n]) == make(0, "trail", ((cards("KS")[0],),))


def test_cn5_c_makes_the_only_capture(table):
    """CN-5: the king takes the table's king, the only capture: C makes it, nothing chosen."""
    d = cassino(table, ["KS 3H", "3C 4C"], "KH 2D QD")
    n = len(d.session.history)
    key(d, pygame.K_c)
    a = parse_action(d.session.history[n])
    assert a.verb == "capture" and a.groups == ((cards("KS")[0],), (cards("KH")[0],))


def test_down_from_cassinos_table_goes_to_the_hand(table):
    d = cassino(table, ["KS 3H", "3C 4C"], "KH 2D QD")
    kb = d.screen.intents.keyboard
    key(d, pygame.K_UP)  # shows the ring
    for _ in range(len(kb.places())):
        if kb.current()[1] is not None and kb.current()[1].kind == "group":
            break
        key(d, pygame.K_UP)
    key(d, pygame.K_UP)  # further up the table
    assert kb.current()[1] is not None
    key(d, pygame.K_DOWN)
    assert kb.current()[1] is None  # the hand


def test_staged_melds_keep_apart_from_the_sides_melds_at_800x600_in_japanese(table):
    """The staged melds take room inside the viewer's meld area only: no staged meld, label or
    button over a meld of the side, the buttons' words fit, at 800x600, 150 % text."""
    from game.ui import fonts

    d = table("canasta", 2, seed=1, size=(800, 600), language="ja", text_size="larger")
    d.settle()
    at_position(d, build_position(
        "canasta", 2, hands=["KH KS KD QH QS JH JS 9C 9D 8C 8D 7C", "5C 5D"], turn=0,
        phase="play", opened=[True, False],
        melds=[{"A": "AS AH AD", "6": "6S 6H 6D 6C", "5": "5S 5H 5D"}, {}]))
    sc = d.screen
    for group in ("KH KS KD", "QH QS", "JH JS", "9C 9D"):
        d.drag_cards(cards(group), d.free_point())
    assert len(sc.family.staging.melds) == 4
    area = d.target("meld_area", side=0).rect
    melds = [tg.rect for tg in sc.scene.targets if tg.kind == "meld"]
    staged = [tg.rect for tg in sc.scene.targets if tg.kind == "staged"]
    controls = sc.scene.stage_controls
    for r in staged + [controls]:
        assert area.contains(r), (r, area)
        assert not any(r.colliderect(m) for m in melds), r
    assert not any(controls.colliderect(r) for r in staged)
    font = fonts.font(sc.app.font_sizes["small"])
    for key in ("stage_meld", "stage_back"):
        b = sc.hud.buttons[key]
        assert b.visible and controls.contains(b.rect)
        assert font.size(b.text)[0] < b.rect.w and font.size(b.text)[1] <= b.rect.h


def test_enter_on_a_staged_meld_adds_the_chosen_card_then_sends(table):
    """Keys alone: M stages, the ring on the staged meld and Enter adds the chosen card,
    Enter with nothing chosen sends the staged melds."""
    d = canasta(table, hands=["KH KS KD 9C 5D 7H", "5C 5D"], turn=0, phase="play",
                opened=[True, False])
    sc = d.screen
    kb = sc.intents.keyboard
    d.select(cards("KH KS"))
    key(d, pygame.K_m)
    d.select(cards("KD"))
    key(d, pygame.K_UP)  # shows the ring
    for _ in range(len(kb.places())):
        if kb.current()[1] is not None and kb.current()[1].kind == "staged":
            break
        key(d, pygame.K_UP)
    key(d, pygame.K_RETURN)
    assert sorted(sc.family.staging.melds[0]) == sorted(cards("KH KS KD"))
    n = len(d.session.history)
    key(d, pygame.K_RETURN)
    assert parse_action(d.session.history[n]).verb == "meld", sc.toasts


def test_wild_cards_dropped_with_one_rank_stay_in_its_staged_meld():
    """Four sevens and three twos dropped together are one meld (CA-4: at most three wild
    cards with the naturals), never a meld of twos beside them, which no game allows."""
    from game.engine.cards import parse_cards
    from game.ui.table.staging import stage_groups

    sevens = parse_cards("7S 7H 7H 7C 2H 2H 2D")
    assert stage_groups(sevens) == [sevens]
    two_ranks = parse_cards("7S 7H 7C 8S 8H 8D 2C")
    groups = stage_groups(two_ranks)
    assert len(groups) == 2 and sorted(c for g in groups for c in g) == sorted(two_ranks)


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("melds", [{}, {"A": "AS AH AD"}])
def test_a_staged_melds_frame_stays_inside_the_meld_area(table, size, melds):
    """Issue 29: a staged meld in the area's first row (an opening: the first thing in the
    area) had its frame stand out above the meld area, and at a row's start to its left."""
    d = table("canasta", 2, seed=1, size=size)
    d.settle()
    at_position(d, build_position(
        "canasta", 2, hands=["KH KS KD QH QS JH JS 9C 9D 8C 8D 7C", "5C 5D"], turn=0,
        phase="play", opened=[bool(melds), False], melds=[melds, {}]))
    sc = d.screen
    for group in ("KH KS KD", "QH QS"):
        d.drag_cards(cards(group), d.free_point())
    area = d.target("meld_area", side=0).rect
    frames = [b.rect for b in sc.scene.badges if b.kind == "staged"]
    assert len(frames) == 2
    for r in frames:
        assert area.contains(r), (r, area)


@pytest.mark.parametrize("game, players, mine, size, text_size", [
    ("canasta", 2, 1, (1920, 1080), "larger"),
    ("canasta", 2, 3, (1280, 800), "normal"),
    ("canasta", 2, 3, (800, 600), "larger"),
    ("canastone", 6, 5, (800, 600), "larger"),  # a short meld area: small cards
    ("canastone", 6, 8, (800, 600), "larger"),
])
def test_a_staged_melds_line_of_what_it_needs_leaves_its_cards_in_view(
        table, game, players, mine, size, text_size):
    """The line under a staged meld ("20 pts · needs one more card") sat on its cards' lower
    edge as a meld's label does: in a short meld area, where the cards are small, it hid
    their lower third or all of them. It hangs under them now, inside the meld area, apart
    from the other labels."""
    import itertools

    from pygame import Rect

    from game.ui.table import render
    from tests.ui.table.test_meld_room import OTHERS, _melds

    d = table(game, players, seed=2, size=size, text_size=text_size)
    d.settle()
    sides = 2
    melds = _melds(sides, max(mine, 5), 0)
    melds[0] = dict(list(melds[0].items())[:mine])
    at_position(d, build_position(
        game, players, turn=0, phase="play", hands=["KH KS KD QH QS JC JD 7H 7S"]
        + OTHERS[:players - 1], melds=melds, opened=[True] * sides))
    sc = d.screen
    for group in ("KH KS", "JC JD"):
        assert sc.family.staging.stage(cards(group))
    sc.rebuild_scene()
    lines = {st.label for st in sc.family.staging.shown()}
    window = Rect((0, 0), size)
    area = d.target("meld_area", side=0).rect
    staged = [sp.rect for sprites in sc.scene.staged for sp in sprites]
    assert len(staged) == 4
    labels, found = [], []
    for b in sc.scene.badges:
        if b.kind not in render.LABELS:
            continue
        s = b.scale or sc.lay.scale
        img = render._ribbon(b.text, "info", round(s * 100))
        r = render.label_rect(b, img.get_size(), window, s)
        labels.append((b.text, r))
        if b.text in lines and b.kind != "points":
            found.append(r)
            assert not any(r.colliderect(c) for c in staged), (b.text, r, staged)
            assert area.contains(r), (b.text, r, area)
    assert len(found) == 2
    for (a, ra), (b, rb) in itertools.combinations(labels, 2):
        assert not ra.colliderect(rb), (a, ra, b, rb)
