"""The selection, the pointer and the scene always name positions of the hand shown.

Issue 10: in pass-and-play, the scene kept the previous player's hand until the next frame
was drawn, so a click just after the hand-over selected a position past the new (shorter)
hand, and the next drag crashed in ``start_drag`` (IndexError).
"""

import pygame

from game.ui.table import moments

from .driver import check_table, post


def to_viewer_turn(d) -> str:
    """Settle; show the table to the next pass-and-play player when the cover asks."""
    for _ in range(10):
        why = d.settle()
        if why == "overlay" and isinstance(d.screen.overlay, moments.Cover):
            post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
            d.step(1, dt=0.01)
            continue
        return why
    raise AssertionError("no human turn")


def test_clicks_right_after_the_hand_over_hit_the_new_hand(table):
    d = table("quick-canasta", 2, seed=7, humans=(0, 1))
    sc = d.screen
    assert to_viewer_turn(d) == "human"
    first = sc.viewer
    d.perform(next(a for a in sc.session.state.legal_actions(first) if a.verb == "draw"))
    discard = next(a for a in sc.session.state.legal_actions(first) if a.verb == "discard")
    d.perform(discard)
    d.settle()
    assert isinstance(sc.overlay, moments.Cover)
    old = list(sc.scene.hand)  # the first player's hand, still on the felt under the cover
    nxt = sc.overlay.seat
    assert len(old) > len(sc.hand_orders[nxt]), "the test needs a shorter next hand"
    # In one frame: the next player takes the screen, clicks the last and first cards where
    # they were a moment ago, and drags the first one.
    post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
    for sp in (old[-1], old[0]):
        pos = d.visible_point(sp)
        post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
        post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    pos = d.visible_point(old[0])
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.MOUSEMOTION, pos=(pos[0], pos[1] - 80), rel=(0, 0), buttons=(1, 0, 0))
    d.step(1, dt=0.01)
    assert sc.viewer == nxt
    check_table(sc)
    post(pygame.MOUSEBUTTONUP, pos=(pos[0], pos[1] - 80), button=1)
    d.step(1, dt=0.01)
    check_table(sc)


def test_every_change_of_the_hand_shown_keeps_scene_and_selection_in_step(table):
    """Each way the hand shown changes, checked before any frame is drawn: sorting, a move,
    a resize, the log column, the hand-over to the other player, a new deal."""
    d = table("canasta", 2, seed=8, humans=(0, 1))
    sc = d.screen
    assert to_viewer_turn(d) == "human"

    def select_all_then(change) -> None:
        sc.selected = set(range(len(sc.hand_orders[sc.viewer])))
        change()
        check_table(sc)

    select_all_then(lambda: post(pygame.KEYDOWN, key=pygame.K_s, mod=0, unicode="s",
                                 scancode=0) or d.step(1, dt=0.01))
    select_all_then(lambda: sc.intents.sort_hand("rank"))
    select_all_then(sc.toggle_log)
    select_all_then(lambda: (pygame.display.set_mode((1000, 700), pygame.RESIZABLE),
                             sc.app.on_resized()))
    seat = sc.viewer
    draw = next(a for a in sc.session.state.legal_actions(seat) if a.verb == "draw")
    select_all_then(lambda: sc.apply(draw))
    other = next(s for s in sc.humans if s != seat)
    select_all_then(lambda: sc.set_viewer(other))
    select_all_then(lambda: sc.set_viewer(seat))
    select_all_then(sc.begin_deal)
