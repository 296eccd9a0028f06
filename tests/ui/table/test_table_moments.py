"""The table's special moments, driven with real mouse events: asking partner and answering,
pass-and-play covers, Looking and Down's exact grab and frozen-in-time melds, Canastone's two
choices, the score sheet and the game-over screen, illegal drops, sorting and reordering."""

from collections import Counter

import pygame

from game.engine.actions import make, parse_action
from game.engine.canasta.position import build_position
from game.i18n import t
from game.players.registry import make_player
from game.ui.screens.new_game import NewGameScreen
from game.ui.table import moments
from game.ui.table.gestures import build_values
from game.ui.table.scoresheet import GameOver, ScoreSheet

from .driver import post


def _play_until(d, pred, bot_seed=5, limit=300):
    """Let the human play like a computer (via gestures) until ``pred()``."""
    me = make_player("normal", bot_seed)
    for _ in range(limit):
        if pred():
            return True
        r = d.settle()
        if r != "human":
            return pred()
        if pred():
            return True
        d.perform(me.choose(d.session.decision(d.screen.viewer)))
    return pred()


def _going_out_position(d, turn: int, phase: str, stock: str | None = None):
    """Seat ``turn`` to play a built Canasta position in which it can go out this turn:
    asking partner is offered only then (CA-12, decided)."""
    sc = d.screen
    sc.worker.cancel()
    sc.ready = None
    hands = ["5C 5D", "6C 6D", "7C 7D", "4C 4D"]
    hands[turn] = "8H 8S 8D 9C 9D" + ("" if stock else " 9S")
    d.session.state = build_position("canasta", 4, hands=hands, turn=turn, phase=phase,
                                     melds=[{"K": "KS KS KH KH KD KD KC"}, {}], stock=stock)
    sc.version += 1
    sc.sync_hands()
    sc.rebuild_scene()
    sc.mark_dirty()
    d.step(1, dt=0.01)


def test_ask_partner_and_the_computer_answers(table):
    d = table("canasta", 4, seed=1)
    assert d.settle() == "human"
    _going_out_position(d, 0, "draw", stock="9S")  # then the eights and nines go out
    d.perform(make(0, "draw"))
    assert d.screen.family.ask_legal()
    d.press(t("table.ask_partner"))
    assert d.session.history[-1] == "0 ask"
    d.settle()
    assert d.session.history[-1] in ("2 yes", "2 no")
    said = t("table.partner_says_yes" if d.session.history[-1] == "2 yes"
             else "table.partner_says_no")
    assert any(x[0] == said for x in d.screen.toasts)


def test_partner_asks_the_human_who_answers_in_a_dialog(table):
    d = table("canasta", 4, seed=20)
    assert d.settle() == "human"
    # Seat 2 has drawn and may go out, so it may ask (made here, as a computer might).
    _going_out_position(d, 2, "play")
    sc = d.screen
    assert sc.apply(make(2, "ask"), computer=True)
    assert d.settle() == "dialog"
    assert sc.dialog._args[0] == t("ask.title")
    d.press(t("table.yes"))
    assert d.session.history[-1] == "0 yes"


def _a_discard(d):
    return next(a for a in d.session.state.legal_actions(0) if a.verb == "discard")


def test_pass_and_play_cover_between_human_turns(table):
    d = table("canasta", 2, seed=3, humans=(0, 1), first_dealer=1)
    sc = d.screen
    assert d.settle() == "human" and sc.viewer == 0
    d.perform(make(0, "draw"))
    d.perform(_a_discard(d))
    assert d.settle() == "overlay"
    assert isinstance(sc.overlay, moments.Cover) and sc.overlay.seat == 1
    frame = d.app.render()
    # The cover hides the table: no card faces, just the felt and the message.
    assert frame.get_at(sc.lay.hand.center)[:3] != (253, 252, 247)
    d.press(t("cover.show", name=t("player.human", n=2)))
    assert sc.viewer == 1 and sc.overlay is None
    assert d.settle() == "human"
    assert Counter(sc.hand_orders[1]) == Counter(d.state.hand_cards(1))
    d.perform(make(1, "draw"))
    assert d.session.history[-1] == "1 draw"


def test_exact_grab_for_a_human_looking_dealer(table):
    d = table("looking-and-down", 3, seed=4, first_dealer=0, keeper=2)
    sc = d.screen
    assert isinstance(sc.overlay, moments.ExactGrab)
    grab = sc.overlay
    assert grab.needed == 33 and grab.total == 54 * 4
    r = grab.stack_rect()
    x = round(r.x + r.w * grab.needed / grab.total)
    post(pygame.MOUSEMOTION, pos=(x, r.centery), rel=(0, 0), buttons=(0, 0, 0))
    d.click((x, r.centery))
    assert grab.grabbed is not None and abs(grab.grabbed - grab.needed) <= 1 and grab.exact
    d.app.render()
    # With three players the down dealer (seat 1) is a computer: one human grab only.
    d.press(t("grab.continue"))
    assert d.session.state is not None and d.session.setup.grab[0] is True


def test_a_missed_grab_shows_how_close(table):
    d = table("looking-and-down", 2, seed=4, first_dealer=0, keeper=1)
    sc = d.screen
    grab = sc.overlay
    r = grab.stack_rect()
    d.click((r.x + r.w // 2, r.centery))
    assert not grab.exact and grab.grabbed > grab.needed
    d.app.render()
    d.press(t("grab.continue"))
    # Two players: the non-keeper deals both stacks, so a second cut follows.
    assert isinstance(sc.overlay, moments.ExactGrab) and sc.overlay.role == "down"
    r = sc.overlay.stack_rect()
    d.click((r.x + 2, r.centery))
    d.press(t("grab.continue"))
    assert d.session.setup.grab == (False, False)


def test_frozen_in_time_melds_out_of_turn(table):
    d = table("looking-and-down", 3, seed=6, first_dealer=1, keeper=0, level="easy")
    sc = d.screen
    assert sc.overlay is None  # the dealers are computers: no grab to make
    me = make_player("normal", 3)
    done = False
    for _ in range(3000):
        st = d.state
        if st.is_over():
            break
        d.step()
        if sc.overlay is not None or sc.dialog is not None:
            break
        if sc.down_gate and not sc.animator.tweens:
            d.pick_up_down()  # the looking was used up: pick up the down first (LD-11)
            continue
        if st.turn != 0 and st.frozen_time[0] and not sc.animator.busy:
            melds = [a for a in st.legal_actions(0) if a.verb in ("meld", "add")]
            if melds:
                got = d.perform(melds[0])
                assert parse_action(got).verb in ("meld", "add") and d.state.turn != 0
                done = True
                break
        if (st.current_player() == 0 and not sc.animator.busy and not sc.worker.busy
                and sc.ready is None):
            legal = st.legal_actions(0)
            takes = [a for a in legal if a.verb == "take"]
            discards = [a for a in legal if a.verb == "discard"]
            if takes:
                d.perform(takes[0])
            elif st.frozen_time[0] and discards:
                d.perform(discards[0])  # keep the melds for later, out of turn
            else:
                d.perform(me.choose(d.session.decision(0)))
    assert done, "the human never had an out-of-turn meld in this deal"


def test_canastone_two_choices_before_opening(table):
    d = table("canastone", 2, seed=1)
    assert d.settle() == "dialog"
    assert d.screen.dialog._args[0] == t("choice.title")
    d.press(t("choice.draw_two"))
    assert d.session.history[-1] == "0 draw"
    assert d.state.draw_only
    d.perform(_a_discard(d))
    assert parse_action(d.session.history[-1]).verb == "discard"


def test_canastone_open_first_then_meld(table):
    d = table("canastone", 2, seed=1)
    sc = d.screen
    for _ in range(30):
        r = d.settle()
        st = d.state
        openings = [a for a in st.legal_actions(0) if a.verb == "meld"]
        if r == "dialog" and openings:
            d.press(t("choice.open_first"))
            assert any(x[0] == t("choice.open_hint") for x in sc.toasts)
            got = d.perform(openings[0])
            assert parse_action(got).verb == "meld" and d.state.opened[0]
            return
        if r == "dialog":
            d.press(t("choice.draw_two"))
            d.perform(_a_discard(d))
        else:
            me = make_player("normal", 1)
            d.perform(me.choose(d.session.decision(0)))
    raise AssertionError("no opening came up")


def test_score_sheet_next_deal_and_game_over(table):
    d = table("cassino", 2, seed=2)
    sc = d.screen
    assert _play_until(d, lambda: sc.overlay is not None)
    assert isinstance(sc.overlay, ScoreSheet)
    d.app.render()
    bd = d.state.breakdown()
    assert bd and d.session.match.deals_played == 1
    d.press(t("score.next_game"))
    assert sc.overlay is None and not d.state.is_over() and len(d.session.history) == 0
    # Finish the match quickly: totals near the target.
    d.session.match.totals = [20, 20]
    sc.worker.cancel()
    assert _play_until(d, lambda: isinstance(sc.overlay, (ScoreSheet, GameOver)))
    assert d.session.game_over
    if d.session.game_over:
        d.press(t("score.final_result"))
        assert isinstance(sc.overlay, GameOver)
        d.app.render()
        d.press(t("menu.new_game"))
        assert isinstance(d.app.screen, NewGameScreen)


def test_illegal_drop_slides_home_with_the_reason(table):
    d = table("canasta", 2, seed=1)
    sc = d.screen
    assert d.settle() == "human"
    hand = list(sc.hand_orders[0])
    area = d.target("meld_area", side=1).rect  # the other side's melds
    before = len(d.session.history)
    d.drag_cards([hand[0]], d.empty_point(area))
    assert len(d.session.history) == before
    assert sc.toasts and sc.toasts[-1][0] == t("table.not_your_melds")
    assert sc.animator.slides
    d.step(3)
    assert not sc.animator.busy and sc.hand_orders[0] == hand


def test_drag_highlights_only_what_the_engine_accepts(table):
    d = table("canasta", 2, seed=1)
    sc = d.screen
    d.settle()
    d.perform(make(0, "draw"))
    sp = sc.scene.hand[0]
    src = d.visible_point(sp)
    post(pygame.MOUSEBUTTONDOWN, pos=src, button=1)
    post(pygame.MOUSEMOTION, pos=(src[0], src[1] - 40), rel=(0, -40), buttons=(1, 0, 0))
    d.step(1, dt=0.01)
    drag = sc.pointer.drag
    assert drag is not None
    kinds = {tg.kind for tg in drag.legal}
    assert "pile" in kinds  # a discard is legal now
    for tg in drag.legal:
        if tg.kind == "meld_area":
            assert tg.side == 0
    d.app.render()
    post(pygame.MOUSEBUTTONUP, pos=(src[0], src[1] - 40), button=1)
    d.step(2)


def test_double_click_discards_sort_and_reorder(table):
    d = table("canasta", 2, seed=1)
    sc = d.screen
    d.settle()
    d.press(t("table.sort_suit"))
    order = sc.hand_orders[0]
    from game.ui.table.order import suit_key

    assert order == sorted(order, key=lambda c: suit_key(c))
    # Drag the first card to the right end of the hand.
    first = sc.scene.hand[0]
    last = sc.scene.hand[-1]
    d.drag(d.visible_point(first), (last.rect.right + 5, last.rect.centery))
    assert sc.hand_orders[0][-1] == order[0] and sc.sort_mode[0] is None
    d.perform(make(0, "draw"))
    sp = sc.scene.hand[2]
    code = sp.code
    p = d.visible_point(sp)
    d.click(p)
    d.click(p)
    assert d.session.history[-1].endswith("discard " + _name(code))


def test_a_double_click_after_the_pointer_rested_discards(table):
    """Issue 27: after the pointer rested over the hand the run loop sleeps, and the step that
    handles the first click has the time slept as its dt (App.run's idle branch). That time
    passed before the click: counted after it, the second click looked late and the discard
    became two single clicks."""
    d = table("canasta", 2, seed=1)
    d.app.update_settings(warn_risky_discard=False)  # no question before the discard
    assert d.settle() == "human"
    d.perform(make(0, "draw"))
    assert d.settle() == "human"
    card = next(a for a in d.state.legal_actions(0) if a.verb == "discard").cards()[0]
    p = d.visible_point(d.hand_sprite(card))
    before = len(d.session.history)
    post(pygame.MOUSEBUTTONDOWN, pos=p, button=1)
    post(pygame.MOUSEBUTTONUP, pos=p, button=1)
    d.app.step(1.0, present=None)  # as App.run steps after a second's sleep
    post(pygame.MOUSEBUTTONDOWN, pos=p, button=1)
    post(pygame.MOUSEBUTTONUP, pos=p, button=1)
    d.app.step(0.2, present=None)
    assert d.session.history[before:] == [f"0 discard {_name(card)}"]


def _name(code):
    from game.engine.cards import format_card

    return format_card(code)


def test_cassino_build_asks_for_a_value(table):
    d = table("cassino", 2, seed=5)
    sc = d.screen
    me = make_player("normal", 1)
    for _ in range(30):
        assert d.settle() == "human"
        st = d.state
        builds = [a for a in st.legal_actions(0) if a.verb == "build"]
        if builds:
            a = builds[0]
            d.table_select(list(a.groups[1]))
            values = build_values(st, 0, a.groups[0][0], a.groups[1])
            d.drag_cards([a.groups[0][0]], d.empty_point(sc.lay.table))
            if len(values) == 1:
                assert sc.overlay is None  # the only value is played without asking
                assert parse_action(d.session.history[-1]) == a
                return
            assert isinstance(sc.overlay, moments.BuildValue)
            assert a.target in sc.overlay.values
            d.app.render()
            d.press(str(a.target))
            got = parse_action(d.session.history[-1])
            assert got.verb == "build" and got.target == a.target
            return
        d.perform(me.choose(d.session.decision(0)))
    raise AssertionError("no build came up")


def test_menu_saves_as_and_leaves(table):
    from game import saves

    d = table("canasta", 2, seed=1)
    sc = d.screen
    assert d.settle() == "human"
    d.perform(make(0, "draw"))
    d.step(5)  # the autosave is written once the cards have landed
    assert saves.can_continue()
    d.press(t("table.menu"))
    assert sc.dialog is not None and sc.dialog._args[0] == t("leave.title")
    d.press(t("table.save_as"))
    assert sc.dialog is not None and sc.dialog.args[0] == t("save_as.title")
    sc.dialog.entry.set_text("Table test")
    d.press(t("save_as.save"))
    assert sc.dialog is None
    assert any(e.name == "Table test" for e in saves.list_saves())
    d.press(t("table.menu"))
    d.press(t("leave.leave"))
    assert type(d.app.screen).__name__ == "MainMenu"


def test_continue_resumes_the_same_game(table):
    from game import saves
    from game.ui.table import TableScreen

    d = table("cassino", 2, seed=3)
    assert d.settle() == "human"
    me = make_player("normal", 1)
    d.perform(me.choose(d.session.decision(0)))
    d.step(5)
    history = list(d.session.history)
    session = saves.load_latest()
    assert session is not None and session.history[: len(history)] == history
    screen = TableScreen.from_session(d.app, session)
    d.app.show(screen)
    d.screen = screen
    d.step(2)
    d.app.render()
    assert screen.session is session and screen.scene is not None
    assert Counter(screen.hand_orders[0]) == Counter(session.state.hands[0])


def test_resize_and_language_switch_keep_the_game(table):
    d = table("looking-and-down", 4, seed=2, first_dealer=1, keeper=0)
    sc = d.screen
    d.settle()
    history = list(d.session.history)
    for size in ((800, 600), (1920, 1080)):
        d.app.window = pygame.display.set_mode(size, pygame.RESIZABLE)
        d.app.on_resized()
        d.step(1, dt=0.01)
        assert sc.lay.size == size
        frame = d.app.render()
        assert frame.get_size() == size
        for sp in sc.scene.hand:
            assert frame.get_rect().contains(sp.rect)
    d.app.set_language("ja")
    d.step(1, dt=0.01)
    assert sc.names()[0] == "あなた"
    d.app.render()
    assert d.session.history[: len(history)] == history


def test_picking_up_the_down_is_a_click(table):
    """LD-11: a used-up looking brings the down, which the player picks up with a click. Not
    every deal gets there before someone goes out: the first of a few seeds that does."""
    for seed in range(1, 7):
        d = table("looking-and-down", 2, seed=seed, first_dealer=1, keeper=0)
        sc = d.screen
        me = make_player("normal", 2)
        for _ in range(3000):
            d.step()
            if sc.down_gate and not sc.animator.tweens:
                break
            st = d.state
            if st.is_over():
                break
            if (st.current_player() == 0 and sc.can_act() and not sc.animator.busy
                    and not sc.worker.busy and sc.ready is None):
                d.perform(me.choose(d.session.decision(0)))
        if sc.down_gate:
            break
    assert sc.down_gate, "the human never used up the looking"
    cards = list(sc.down_gate)
    assert d.state.in_down(0) and not sc.can_act()
    assert sc.hud.banner_text()[0] == t("table.your_down")
    d.app.render()
    held = Counter(sc.hand_orders[0])
    d.pick_up_down()
    assert Counter(sc.hand_orders[0]) == held + Counter(cards)
    assert Counter(sc.hand_orders[0]) == Counter(d.state.hand_cards(0))


def test_rules_from_the_table_and_back_to_the_same_game(table):
    """Issue 4: the rules are reachable from the table; Back returns to the same deal."""
    d = table("canasta", 2, seed=1)
    sc = d.screen
    assert d.settle() == "human"
    d.perform(make(0, "draw"))
    d.step(5)
    history = list(d.session.history)
    d.press(t("table.menu"))
    d.press(t("menu.rules"))
    assert type(d.app.screen).__name__ == "RulesScreen"
    assert d.app.screen.game == "canasta"
    rules = d.app.screen
    back = next(b for b in rules._on_click if b.text == t("common.back") and b.visible)
    d.click(back.rect.center, frames=2)
    assert d.app.screen is sc
    assert d.session.history == history
    d.perform(make(0, "discard", ((d.session.state.hand_cards(0)[0],),)))
    assert len(d.session.history) == len(history) + 1
