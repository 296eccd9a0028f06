"""Take-back at the table (issue 15) through real events: the Take back button and Ctrl+Z take
back the player's own melds and additions of the turn, never a draw or a pile take; the
practice setting takes back whole turns and marks the game; a click on the pile shows what the
take brings and asks first (a setting), a drag takes at once."""

from __future__ import annotations

import pygame

from game.engine.actions import parse_action
from game.i18n import cards_text, t

from .driver import post


def _play_until(d, want, limit: int = 300):
    """Play seat 0's hinted moves through gestures (the computers in between) until
    ``want(d, next_move)`` is true; that move, or None if the deal ended first."""
    for _ in range(limit):
        if d.settle() == "overlay":
            return None
        a = d.session.bot_move(0)
        if want(d, a):
            return a
        d.perform(a)
    return None


def _after_own_meld(d, _a) -> bool:
    h = d.session.history
    return (bool(h) and parse_action(h[-1]).seat == 0
            and parse_action(h[-1]).verb in ("meld", "add") and d.state.current_player() == 0)


def _ctrl_z(d) -> None:
    post(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL, unicode="z", scancode=0)
    d.step(1, dt=0.01)


def _reach(table, players: int, want, found: list, **kw):
    """A canasta table at the first moment ``want`` holds, and the move ahead (``found``
    remembers the seed that got there, so that later tests go straight to it)."""
    for seed in found or range(1, 30):
        d = table("canasta", players, seed=seed, **kw)
        a = _play_until(d, want)
        if a is not None:
            found[:] = [seed]
            return d, a
    raise AssertionError("no seed got there")


_MELD_SEED: list[int] = []
_TAKE_SEED: list[int] = []


def _reach_own_meld(table):
    return _reach(table, 4, _after_own_meld, _MELD_SEED)[0]


def test_the_button_and_ctrl_z_take_back_own_melds_but_never_the_draw(table):
    d = _reach_own_meld(table)
    sc = d.screen
    h = list(d.session.history)
    melded = parse_action(h[-1]).cards()
    label = t("table.take_back")
    assert label in d.buttons()
    d.press(label)
    assert d.session.history == h[:-1]
    hand = sc.reads.hand(0)
    assert all(hand.count(c) >= melded.count(c) for c in melded)
    assert sorted(sc.hand_orders[0]) == sorted(hand)  # the hand shown is the state's
    while _after_own_meld(d, None):
        _ctrl_z(d)
    last = parse_action(d.session.history[-1])
    assert last.seat == 0 and last.verb in ("draw", "take")  # the draw stays
    n = len(d.session.history)
    assert label not in d.buttons()
    _ctrl_z(d)  # nothing more: a toast says why, the draw is not undone
    assert len(d.session.history) == n
    assert any(m == t("table.take_back.none") for m, *_ in sc.toasts)
    assert not d.session.took_back
    d.perform(d.session.bot_move(0))  # and the game plays on
    assert len(d.session.history) == n + 1


def test_whole_turns_with_the_practice_setting_mark_the_game(table):
    d = table("canasta", 4, seed=2)
    d.app.update_settings(take_back_turns=True)
    for _ in range(3):  # a few turns of the player's, then back at its turn
        d.settle()
        while d.state.current_player() == 0 and not d.state.is_over():
            d.perform(d.session.bot_move(0))
    assert d.settle() == "human"
    h = list(d.session.history)
    _ctrl_z(d)
    n = len(d.session.history)
    assert n < len(h) and parse_action(h[n]).seat == 0 and parse_action(h[n - 1]).seat != 0
    assert d.session.took_back
    assert d.state.current_player() == 0
    assert d.settle() == "human"  # the player moves again from there


def test_whole_turns_are_off_by_default(table):
    d = table("canasta", 4, seed=2)
    d.settle()
    d.perform(d.session.bot_move(0))
    assert d.settle() == "human"
    n = len(d.session.history)
    _ctrl_z(d)
    assert len(d.session.history) == n and not d.session.took_back


def _take_ahead(d, a) -> bool:
    return a.verb == "take" and bool(d.screen.reads.pile())


def _reach_take(table):
    return _reach(table, 2, _take_ahead, _TAKE_SEED)


def test_a_click_on_the_pile_shows_the_cards_and_asks_first(table):
    d, a = _reach_take(table)
    sc = d.screen
    pile = sc.reads.pile()
    n = len(d.session.history)
    d.select(list(a.cards()))
    d.click(sc.lay.pile.center)
    assert sc.dialog is not None and sc.dialog._args[0] == t("table.take_pile.title")
    assert cards_text(reversed(pile)) in sc.dialog._args[1]
    assert len(d.session.history) == n  # nothing taken yet
    d.press(t("common.cancel"))
    assert len(d.session.history) == n
    d.select(list(a.cards()))
    d.click(sc.lay.pile.center)
    d.press(t("table.take_pile.take"))
    assert parse_action(d.session.history[n]).verb == "take"


def test_the_confirm_can_be_turned_off_and_a_drag_never_asks(table):
    d, a = _reach_take(table)
    d.app.update_settings(confirm_pile_take=False)
    n = len(d.session.history)
    d.select(list(a.cards()))
    d.click(d.screen.lay.pile.center)
    assert d.screen.dialog is None
    assert parse_action(d.session.history[n]).verb == "take"
    d2, a2 = _reach_take(table)
    n2 = len(d2.session.history)
    assert a2.groups  # a take with hand cards: they can be dragged onto the pile
    d2.drag_cards(list(a2.cards()), d2.screen.lay.pile.center)
    assert d2.screen.dialog is None
    assert parse_action(d2.session.history[n2]).verb == "take"


def test_every_new_word_is_in_both_languages():
    import json
    from pathlib import Path

    root = Path(__file__).resolve().parents[3] / "game" / "locales"
    en = json.loads((root / "en.json").read_text(encoding="utf-8"))
    ja = json.loads((root / "ja.json").read_text(encoding="utf-8"))
    keys = [k for k in en if k.startswith(("table.take_", "settings.confirm_take",
                                           "settings.take_back"))]
    assert len(keys) == 14
    assert all(ja.get(k) and ja[k] != en[k] for k in keys)


def _meld_ahead(d, a) -> bool:
    return a.seat == 0 and a.verb in ("meld", "add")


_MELD_AHEAD_SEED: list[int] = []


def test_the_hands_arrangement_goes_back_too(table):
    d, a = _reach(table, 4, _meld_ahead, _MELD_AHEAD_SEED)
    sc = d.screen
    d.press(t("table.sort_suit"))
    before = list(sc.hand_orders[0])
    d.perform(a)
    d.press(t("table.sort_rank"))
    assert sc.sort_mode[0] == "rank"
    d.press(t("table.take_back"))
    assert sc.sort_mode[0] == "suit" and sc.hand_orders[0] == before
