"""Keyboard play at the table (issue 15): the focus ring, a key for every move, the F1 sheet.

Only KEYDOWN events are posted (no mouse), except where a test checks that the mouse hides
the ring. Moves go through the mouse's own handlers, so a refused one shows the engine's
reason word for word.
"""

from __future__ import annotations

import json
from collections import Counter

import pygame
import pytest

from game.engine.actions import make
from game.engine.cards import JOKER, RANK
from game.i18n import t
from game.ui.paths import ROOT
from game.ui.table import moments
from game.ui.table.keyboard import SHEET
from game.ui.table.keysheet import KeySheet
from game.ui.table.render import FOCUS
from game.ui.table.scoresheet import ScoreSheet
from game.ui.widgets.dialog import Dialog

from .driver import post


def key(d, k, mod=0, times=1) -> None:
    for _ in range(times):
        post(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)
    d.step(1, dt=0.01)


def ring(d):
    return d.screen.intents.keyboard


def ring_on_hand(d) -> None:
    kb = ring(d)
    if not kb.visible:
        key(d, pygame.K_RIGHT)  # the first arrow shows the ring where it was
    for _ in range(len(kb.places())):
        if kb.current()[1] is None:
            return
        key(d, pygame.K_DOWN)
    raise AssertionError("the ring did not come back to the hand")


def ring_to_card(d, index: int) -> None:
    ring_on_hand(d)
    for _ in range(len(d.screen.scene.hand)):
        if ring(d).ring_card() == index:
            return
        key(d, pygame.K_RIGHT)
    raise AssertionError(f"the ring never reached hand card {index}")


def ring_to_place(d, kind: str, **match):
    """Up until the ring is on the place of ``kind`` (with these attributes: cards, key)."""
    kb = ring(d)
    if not kb.visible:
        key(d, pygame.K_UP)
    for _ in range(len(kb.places())):
        tg = kb.current()[1]
        if tg is not None and tg.kind == kind and all(
                getattr(tg, k) == v for k, v in match.items()):
            return tg
        key(d, pygame.K_UP)
    raise AssertionError(f"no {kind} place {match}")


def natural_rank(cards) -> int:
    return next(RANK[c] for c in cards if c != JOKER and RANK[c] != 2)


def choose(d, codes) -> None:
    """Choose exactly these hand cards with the arrows and Space."""
    sc = d.screen
    for code in codes:
        i = next(sp.index for sp in sc.scene.hand
                 if sp.code == code and sp.index not in sc.selected)
        ring_to_card(d, i)
        key(d, pygame.K_SPACE)
    assert Counter(sc.selected_codes()) == Counter(codes)


def answer_dialog_by_keys(d, label: str) -> None:
    """Move the ring onto the dialog's button ``label`` and press Enter."""
    sc = d.screen
    for _ in range(len(sc.dialog.buttons) + 1):
        kb = ring(d)
        buttons = kb.buttons()
        if kb.visible and buttons[kb.button].text == label:
            key(d, pygame.K_RETURN)
            return
        key(d, pygame.K_RIGHT)
    raise AssertionError(f"no button {label}")


def my_moves(d, before: int) -> list[str]:
    return [h for h in d.session.history[before:] if h.split()[0] == "0"]


def test_a_whole_canasta_turn_by_keyboard_alone(table):
    """Draw (Enter on the stock), meld (Space, M stages, Enter sends), add (Enter on the
    meld), discard (X): keys only (CS-10)."""
    d = table("canasta", 2, seed=2)
    assert d.settle() == "human"
    before = len(d.session.history)
    assert ring_to_place(d, "stock").kind == "stock"
    key(d, pygame.K_RETURN)
    d.step(3)
    assert [h.split()[1] for h in my_moves(d, before)] == ["draw"]
    hand = Counter(d.screen.hand_orders[0])

    def spare(meld):  # a card of the meld's rank left in hand after it, to add later
        rest = hand - Counter(meld.groups[0])
        rank = natural_rank(meld.groups[0])
        return next((c for c in rest if c != JOKER and RANK[c] == rank), None)

    meld = next(a for a in d.state.legal_actions(0) if a.verb == "meld"
                and len(a.groups) == 1 and spare(a) is not None)
    choose(d, list(meld.groups[0]))
    key(d, pygame.K_m)
    assert d.screen.family.staging.groups() == (tuple(d.screen.family.staging.melds[0]),)
    assert [h.split()[1] for h in my_moves(d, before)] == ["draw"]  # staged, not sent
    key(d, pygame.K_RETURN)
    d.step(3)
    assert [h.split()[1] for h in my_moves(d, before)] == ["draw", "meld"], d.screen.toasts
    assert not d.screen.family.staging
    choose(d, [spare(meld)])
    ring_to_place(d, "meld", key=natural_rank(meld.groups[0]))  # a Canasta meld's key: rank
    key(d, pygame.K_RETURN)
    d.step(3)
    assert [h.split()[1] for h in my_moves(d, before)] == ["draw", "meld", "add"]
    ring_to_card(d, 0)
    key(d, pygame.K_x)
    if d.screen.dialog is not None:  # the risky-discard question, answered by keys too
        answer_dialog_by_keys(d, t("table.risky.anyway"))
    d.step(3)
    assert [h.split()[1] for h in my_moves(d, before)] == ["draw", "meld", "add", "discard"]


def test_a_refused_keyboard_meld_shows_the_engines_reason(table):
    d = table("canasta", 2, seed=2)
    assert d.settle() == "human"
    key(d, pygame.K_d)
    d.step(3)
    sc = d.screen
    hand = sc.hand_orders[0]
    # Two natural cards of different ranks: never a meld (CS-5).
    natural = [c for c in hand if c != JOKER and RANK[c] not in (2, 3)]
    a = natural[0]
    b = next(c for c in natural if RANK[c] != RANK[a])
    choose(d, [a, b])
    before = list(d.session.history)
    key(d, pygame.K_m)
    staged = sc.family.staging.groups()
    assert sorted(staged) == sorted([(a,), (b,)])  # one staged meld per rank
    key(d, pygame.K_RETURN)
    reason = d.session.why_illegal(make(0, "meld", staged))
    assert reason is not None
    assert d.session.history == before
    assert sc.toasts and sc.toasts[-1][0] == sc.presenter.reason_text(reason)
    assert not sc.family.staging and Counter(sc.hand_orders[0]) == Counter(d.state.hand_cards(0))


def test_cassino_capture_and_trail_by_keyboard_alone(table):
    """Choose a hand card and table cards with Space, capture with C (CN-5); trail with T
    (CN-8)."""
    d = table("cassino", 2, seed=2)
    assert d.settle() == "human"
    capture = next(a for a in d.state.legal_actions(0) if a.verb == "capture"
                   and len(a.groups[1]) == 2)
    before = len(d.session.history)
    choose(d, [capture.groups[0][0]])
    for code in capture.groups[1]:
        ring_to_place(d, "group", cards=(code,))
        key(d, pygame.K_SPACE)
    assert d.screen.table_selected == set(capture.groups[1])
    key(d, pygame.K_c)
    d.step(3)
    mine = my_moves(d, before)
    assert len(mine) == 1 and mine[0].split()[1] == "capture", d.screen.toasts
    assert d.session.history[before:].count(mine[0]) == 1
    assert d.settle() == "human"
    before = len(d.session.history)
    ring_to_card(d, 0)  # nothing chosen: T trails the card under the ring
    key(d, pygame.K_t)
    if d.screen.dialog is not None:
        answer_dialog_by_keys(d, t("table.risky.trail_anyway"))
    d.step(3)
    assert [h.split()[1] for h in my_moves(d, before)] == ["trail"], d.screen.toasts


def test_enter_on_a_cassino_group_drops_the_chosen_card_there(table):
    """Enter on table cards: what dropping the chosen hand card on them does (a capture,
    CN-5)."""
    d = table("cassino", 2, seed=1)
    assert d.settle() == "human"
    capture = next(a for a in d.state.legal_actions(0) if a.verb == "capture"
                   and len(a.groups[1]) == 1)
    before = len(d.session.history)
    choose(d, [capture.groups[0][0]])
    ring_to_place(d, "group", cards=tuple(capture.groups[1]))
    key(d, pygame.K_RETURN)
    d.step(3)
    assert [h.split()[1] for h in my_moves(d, before)] == ["capture"], d.screen.toasts


def assert_rings_card(sc, ring_rect, index) -> None:
    """The ring is round the card's visible part: it starts at the card, stays inside it, and in
    a fanned hand stops where the next card covers it (so it never seems to ring two cards)."""
    at = {sp.index: sp.rect for sp in sc.scene.hand}
    card, after = at[index], at.get(index + 1)
    assert ring_rect.topleft == card.topleft and card.contains(ring_rect), (ring_rect, card)
    if after is not None and card.x < after.x < card.right:
        assert ring_rect.right == after.x, (ring_rect, after)
    else:
        assert ring_rect == card


def test_the_ring_wraps_round_the_hand_and_the_places(table):
    d = table("canasta", 2, seed=2)
    assert d.settle() == "human"
    kb = ring(d)
    sc = d.screen
    n = len(sc.scene.hand)
    assert not kb.visible and kb.ring_rect() is not None
    key(d, pygame.K_RIGHT)  # shows the ring, on the first card, without moving it
    assert kb.visible and kb.ring_card() == 0
    key(d, pygame.K_LEFT)
    assert kb.ring_card() == n - 1
    key(d, pygame.K_RIGHT)
    assert kb.ring_card() == 0
    key(d, pygame.K_RIGHT, times=n)
    assert kb.ring_card() == 0
    key(d, pygame.K_RIGHT, times=3)
    assert_rings_card(sc, kb.ring_rect(), 3)
    places = kb.places()
    kinds = ["hand" if p is None else p.kind for p in places]
    assert kinds[:4] == ["hand", "stock", "pile", "meld_area"]
    key(d, pygame.K_UP)
    assert kb.current()[1].kind == "stock" and kb.ring_rect() == kb.current()[1].rect
    key(d, pygame.K_DOWN, times=2)  # back to the hand, then round to the last place
    assert kb.current()[0] == len(places) - 1
    key(d, pygame.K_TAB, times=len(places))
    assert kb.current()[0] == len(places) - 1
    key(d, pygame.K_TAB)
    assert kb.current()[1] is None and kb.ring_card() == 3  # the hand keeps its card
    key(d, pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    assert kb.current()[0] == len(places) - 1
    key(d, pygame.K_TAB)
    code = sc.hand_orders[0][3]
    key(d, pygame.K_s)  # sorted by suit: the ring stays on its card
    assert sc.hand_orders[0][kb.ring_card()] == code


def test_the_ring_is_drawn_hides_for_the_mouse_and_follows_a_resize(table):
    d = table("canasta", 2, seed=2)
    assert d.settle() == "human"
    kb = ring(d)
    sc = d.screen
    key(d, pygame.K_RIGHT, times=3)
    rect = kb.ring_rect()
    scale = sc.lay.scale
    line, gap = max(2, round(3 * scale)), max(2, round(3 * scale))
    on_line = (rect.x - gap - line + line // 2, rect.centery)
    assert d.app.render().get_at(on_line)[:3] == FOCUS
    post(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1)
    post(pygame.MOUSEBUTTONUP, pos=(5, 5), button=1)
    d.step(1, dt=0.01)
    assert not kb.visible
    assert d.app.render().get_at(on_line)[:3] != FOCUS
    key(d, pygame.K_RIGHT)  # back where it was
    assert kb.visible and kb.ring_card() == 2
    pygame.display.set_mode((1920, 1080), pygame.RESIZABLE)
    post(pygame.VIDEORESIZE, size=(1920, 1080), w=1920, h=1080)
    d.step(2, dt=0.01)
    assert d.app.window_size == (1920, 1080)
    assert_rings_card(sc, kb.ring_rect(), 2)
    assert kb.ring_rect() != rect


def test_f1_opens_and_closes_the_sheet_of_keys(table):
    d = table("canasta", 2, seed=2)
    assert d.settle() == "human"
    sc = d.screen
    key(d, pygame.K_F1)
    assert isinstance(sc.overlay, KeySheet)
    words = [w for _title, rows in sc.overlay.sections() for _caps, w in rows]
    assert t("keys.do.meld") in words and t("keys.cassino.capture") not in words
    d.app.render()
    key(d, pygame.K_F1)
    assert sc.overlay is None and sc.dialog is None
    key(d, pygame.K_F1)
    key(d, pygame.K_ESCAPE)  # closes the sheet, and does not open the menu
    assert sc.overlay is None and sc.dialog is None
    d.press(t("table.menu"))  # the menu reaches the sheet too
    d.press(t("keys.menu_button"))
    assert isinstance(sc.overlay, KeySheet) and sc.dialog is None


def test_the_sheet_shows_each_games_own_keys(table):
    d = table("cassino", 2, seed=2, language="ja")
    assert d.settle() == "human"
    key(d, pygame.K_F1)
    sheet = d.screen.overlay
    words = [w for _title, rows in sheet.sections() for _caps, w in rows]
    assert t("keys.cassino.capture") in words and t("keys.do.meld") not in words
    assert t("keys.do.ask") not in words  # no partner at this table
    d.app.render()


def test_every_word_of_the_sheet_is_in_both_catalogues():
    catalogues = [json.loads((ROOT / "game" / "locales" / f"{lang}.json").read_text("utf-8"))
                  for lang in ("en", "ja")]
    wanted = {"keys.title", "keys.intro", "keys.menu_button", "keys.choose_first"}
    for s in SHEET:
        wanted |= {s.section, s.what} | {c for c in s.caps if c.startswith("keys.")}
    for cat in catalogues:
        assert wanted <= set(cat), wanted - set(cat)


def test_dialogs_and_overlays_answer_the_arrows_and_enter(table):
    d = table("canasta", 2, seed=2)
    assert d.settle() == "human"
    sc = d.screen
    key(d, pygame.K_RIGHT)  # a keyboard player: the ring is shown
    key(d, pygame.K_ESCAPE)
    assert sc.dialog is not None
    kb = ring(d)
    assert kb.buttons()[kb.button].text == t("leave.leave")  # the default (a saved game)
    key(d, pygame.K_RIGHT)  # round to the first button
    assert kb.buttons()[kb.button].text == t("leave.stay")
    key(d, pygame.K_ESCAPE)  # closed with the ring on Stay: the next menu starts on Leave
    assert sc.dialog is None
    key(d, pygame.K_ESCAPE)
    assert kb.buttons()[kb.button].text == t("leave.leave")
    key(d, pygame.K_RIGHT)
    key(d, pygame.K_RETURN)
    assert sc.dialog is None and sc.app.screen is sc
    key(d, pygame.K_F2)
    assert isinstance(sc.overlay, ScoreSheet)
    assert kb.buttons()[kb.button].text == t("common.close")
    key(d, pygame.K_SPACE)
    assert sc.overlay is None


def test_looking_and_downs_exact_grab_by_keys(table):
    """LD-2: a human dealer grabs with the arrows and Enter, then deals with Enter."""
    d = table("looking-and-down", 3, seed=4, first_dealer=0, keeper=2)
    sc = d.screen
    grab = sc.overlay
    assert isinstance(grab, moments.ExactGrab)
    away = grab.total // 2 - grab.needed  # the cut starts in the middle of the pile
    key(d, pygame.K_LEFT, mod=pygame.KMOD_SHIFT, times=away // 10)
    key(d, pygame.K_LEFT, times=away % 10 + 2)
    key(d, pygame.K_RIGHT, times=2)
    assert grab.hover == grab.needed and grab.grabbed is None
    key(d, pygame.K_RETURN)
    assert grab.grabbed == grab.needed
    key(d, pygame.K_RETURN)
    assert sc.overlay is None and d.session.setup.grab[0] is True
    key(d, pygame.K_F1)
    words = [w for _title, rows in sc.overlay.sections() for _caps, w in rows]
    assert t("keys.do.grab") in words


def test_taking_the_pile_by_keys_asks_first_and_the_keys_answer(table):
    """P: a click on the pile with the chosen cards (CS-11, with a meld to open: CS-8); its
    question is answered by the arrows and Enter."""
    d = table("canasta", 2, seed=21)
    assert d.settle() == "human"
    take = next(a for a in d.state.legal_actions(0) if a.verb == "take")
    before = len(d.session.history)
    choose(d, [c for g in take.groups for c in g])
    key(d, pygame.K_p)
    assert d.screen.dialog is not None and not my_moves(d, before)
    answer_dialog_by_keys(d, t("table.take_pile.take"))
    d.step(3)
    assert my_moves(d, before) == [str(take)]


def test_space_typed_in_a_name_box_presses_no_button(table):
    d = table("canasta", 2, seed=2)
    assert d.settle() == "human"
    sc = d.screen
    key(d, pygame.K_RIGHT)
    key(d, pygame.K_ESCAPE)
    d.press(t("table.save_as"))
    name_box = sc.dialog
    assert name_box is not None and hasattr(name_box, "entry")
    key(d, pygame.K_SPACE, times=2)
    key(d, pygame.K_RIGHT)
    assert sc.dialog is name_box


def _yellow(dialog) -> str:
    """The label of the button drawn as the dialog's primary one (yellow)."""
    primary = [b.text for b in dialog.buttons if "#primary_button" in b.get_object_ids()]
    assert len(primary) == 1, primary
    return primary[0]


def _take_the_pile(d):
    take = next(a for a in d.state.legal_actions(0) if a.verb == "take")
    choose(d, [c for g in take.groups for c in g])
    key(d, pygame.K_p)
    return take


@pytest.mark.parametrize("ring_shown", [False, True])
def test_enter_and_the_ring_agree_with_the_yellow_button(table, ring_shown):
    """Issue 27: Enter presses the button drawn as the default and the ring starts on it:
    "Take the pile?" rang Cancel, the Leave dialog rang Stay, and without a declared default
    Enter did nothing (a one-button dialog stayed open)."""
    d = table("canasta", 2, seed=21)
    assert d.settle() == "human"
    sc = d.screen
    kb = ring(d)
    before = len(d.session.history)
    take = _take_the_pile(d)
    assert sc.dialog is not None and _yellow(sc.dialog) == t("table.take_pile.take")
    if ring_shown:
        assert kb.visible  # the cards were chosen by keys
    else:
        kb.mouse_used()
    assert kb.buttons()[kb.button].text == t("table.take_pile.take")
    key(d, pygame.K_RETURN)
    d.step(3)
    assert sc.dialog is None and my_moves(d, before) == [str(take)]
    # A dialog with one button: Enter closes it.
    Dialog(sc, "?", "?", [(t("common.ok"), None)])
    d.step(1, dt=0.01)
    assert _yellow(sc.dialog) == t("common.ok")
    if not ring_shown:
        kb.mouse_used()
    key(d, pygame.K_RETURN)
    assert sc.dialog is None


def test_the_leave_dialogs_default_is_leave_only_when_the_game_is_saved(table):
    d = table("canasta", 2, seed=2)
    assert d.settle() == "human"
    sc = d.screen
    kb = ring(d)
    key(d, pygame.K_ESCAPE)
    assert _yellow(sc.dialog) == t("leave.leave") == kb.buttons()[kb.button].text
    key(d, pygame.K_ESCAPE)
    moments.leave_dialog(sc, False, sc.leave_table)  # a game that is not saved (a lesson)
    d.step(1, dt=0.01)
    assert _yellow(sc.dialog) == t("leave.stay") == kb.buttons()[kb.button].text
    key(d, pygame.K_RETURN)
    assert sc.dialog is None and sc.app.screen is sc
    key(d, pygame.K_ESCAPE)
    key(d, pygame.K_RETURN)
    assert sc.app.screen is not sc  # saved: Enter leaves, as the yellow button says


def test_enter_closes_a_one_button_dialog_on_any_screen(tmp_path):
    from .driver import make_app

    app = make_app(tmp_path)
    try:
        menu = app.screen
        Dialog(menu, "?", "?", [(t("common.ok"), None)])
        app.step(0.01, present=False)
        post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
        app.step(0.01, present=False)
        assert menu.dialog is None
    finally:
        app.close()
