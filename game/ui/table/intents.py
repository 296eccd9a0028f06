"""The player's mouse and keys at the table: hit tests and what each gesture means.

``gestures.Pointer`` turns button and motion events into intents (a click on a hand card, a
double click, a drag dropped on a target...) and calls :class:`TableIntents`. Here the intent
becomes a selection, a sort, or a move: the family (canasta or Cassino) gives the readings and
``TableMoves.play_first`` plays the first the engine accepts. Refused drops slide home.
Keys go to ``keyboard.KeyboardPlay``, which calls the same handlers.
"""

from __future__ import annotations

import pygame

from game.actions import make
from game.ui import audio
from game.ui.table.gestures import Drag
from game.ui.table.keyboard import KeyboardPlay
from game.ui.table.scene import Target

# Where overlapping places are hit, the first kind wins.
TARGET_ORDER = ("down", "meld", "staged", "group", "pile", "stock", "meld_area", "table",
                "captured", "hand")


class TableIntents:
    def __init__(self, screen) -> None:
        self.screen = screen
        self.keyboard = KeyboardPlay(screen)  # the focus ring and the keys

    # ---- hit testing -----------------------------------------------------------------------
    def hand_index_at(self, pos) -> int:
        sc = self.screen
        if sc.scene is None or not sc.revealed():
            return -1
        for sp in reversed(sc.scene.hand):
            if sp.rect.collidepoint(pos):
                return sp.index
        return -1

    def table_card_at(self, pos) -> int:
        sc = self.screen
        if sc.scene is None:
            return -1
        return sc.family.table_card_at(sc.scene, pos)

    def staged_at(self, pos) -> tuple[int, int] | None:
        """(staged meld, card code) under ``pos``, the topmost card, or None."""
        sc = self.screen
        if sc.scene is None:
            return None
        for i, sprites in enumerate(sc.scene.staged):
            for sp in reversed(sprites):
                if sp.rect.collidepoint(pos):
                    return i, sp.code
        return None

    def target_at(self, pos) -> Target | None:
        sc = self.screen
        if sc.scene is None:
            return None
        best = None
        for tg in sc.scene.targets:
            if tg.rect.collidepoint(pos):
                if best is None or TARGET_ORDER.index(tg.kind) < TARGET_ORDER.index(best.kind):
                    best = tg
        return best

    def drop_target_at(self, pos, drag: Drag) -> Target | None:
        return self.target_at(pos)

    # ---- clicks ----------------------------------------------------------------------------
    def on_click_card(self, index: int) -> None:
        sc = self.screen
        if not sc.can_act() and not sc.revealed():
            return
        sc.selected = sc.family.click_card(sc.selected, index)
        audio.play("click", 0.5)
        sc.mark_dirty()

    def on_double_click(self, index: int) -> None:
        sc = self.screen
        if not sc.can_act():
            return
        order = sc.hand_orders.get(sc.viewer, [])
        if index >= len(order):
            return
        code = order[index]
        sc.selected.clear()
        sc.apply(make(sc.viewer, sc.family.discard_verb, ((code,),)))

    def on_click_table_card(self, code: int) -> None:
        sc = self.screen
        if not sc.can_act():
            return
        sc.family.click_table_card(code)
        audio.play("click", 0.5)
        sc.mark_dirty()

    def on_click_staged(self, meld: int, code: int) -> None:
        """A click on a staged card: back to the hand."""
        if self.screen.can_act():
            self.screen.family.staging.unstage(meld, code)

    def on_click_target(self, target: Target) -> None:
        sc = self.screen
        if target.kind == "down":
            sc.pick_up_down()
            return
        if target.kind == "captured":
            sc.info.toggle_peek(target.side)
            return
        if sc.can_act():
            sc.family.click_target(target)

    # ---- drags -----------------------------------------------------------------------------
    def start_drag(self, index: int, pos) -> Drag | None:
        sc = self.screen
        if not sc.can_act():
            return None
        order = sc.hand_orders.get(sc.viewer, [])
        if index >= len(order):
            return None
        if index in sc.selected and sc.family.multi_select:
            indices = sorted(sc.selected)
        else:
            indices = [index]
        codes = [order[i] for i in indices]
        rects = {sp.index: sp.rect for sp in sc.scene.hand}
        grab = [(rects[i].x - pos[0], rects[i].y - pos[1]) for i in indices if i in rects]
        drag = Drag(indices, codes, grab, pos)
        drag.legal = sc.family.legal_targets(codes)
        sc.rebuild_scene(set(indices))
        sc.mark_dirty()
        audio.play("click", 0.4)
        return drag

    def start_staged_drag(self, staged: tuple[int, int], pos) -> Drag | None:
        """A staged card lifted: to the hand, another staged meld or a new one."""
        sc = self.screen
        if not sc.can_act() or sc.scene is None:
            return None
        meld, code = staged
        rect = next((sp.rect for sp in sc.scene.staged[meld] if sp.code == code), None)
        if rect is None:
            return None
        drag = Drag([], [code], [(rect.x - pos[0], rect.y - pos[1])], pos, staged=staged)
        side = sc.sides[sc.viewer]
        drag.legal = [tg for tg in sc.scene.targets if tg.kind == "hand" or (
            tg.kind in ("meld_area", "staged") and tg.side == side and tg.key != meld)]
        sc.rebuild_scene()
        sc.mark_dirty()
        audio.play("click", 0.4)
        return drag

    def end_staged_drag(self, drag: Drag, target: Target | None) -> None:
        sc = self.screen
        meld, code = drag.staged
        kind = target.kind if target is not None and target in drag.legal else None
        if kind == "hand":
            sc.family.staging.unstage(meld, code)
        elif kind in ("staged", "meld_area"):
            sc.family.staging.move(meld, code, target.key if kind == "staged" else -1)
        sc.rebuild_scene()
        sc.mark_dirty()

    def end_drag(self, drag: Drag, target: Target | None) -> None:
        sc = self.screen
        if drag.staged is not None:
            return self.end_staged_drag(drag, target)
        origin = {}
        for code, (dx, dy) in zip(drag.codes, drag.grab):
            origin.setdefault(code, pygame.Rect(drag.pos[0] + dx, drag.pos[1] + dy,
                                                sc.lay.card_w, sc.lay.card_h))
        done = False
        zone = ("hand", sc.viewer)
        if target is not None and target.kind == "hand":
            old = list(sc.scene.places.get(zone, []))
            for i, code in zip(drag.indices, drag.codes):
                if i < len(old):
                    old[i] = (code, origin[code], old[i][2])
            self._reorder(drag, drag.pos)
            sc.rebuild_scene()
            sc.animator.shift(zone, old, sc.scene.places.get(zone, []), sc.speed)
            done = True
        elif target is not None and sc.can_act():
            done = sc.family.drop(target, drag.codes, origin)
        if not done:
            sc.rebuild_scene()
            homes = {sp.index: sp.rect for sp in sc.scene.hand}
            slides = [(code, origin[code], homes[i], zone, i)
                      for i, code in zip(drag.indices, drag.codes) if i in homes]
            sc.animator.slide_home(slides, sc.speed)
        sc.rebuild_scene()
        sc.mark_dirty()

    def _reorder(self, drag: Drag, pos) -> None:
        """Dropped on the hand: the cards go where they were let go."""
        sc = self.screen
        seat = sc.viewer
        order = sc.hand_orders.get(seat, [])
        keep = [i for i in range(len(order)) if i not in set(drag.indices)]
        rects = {sp.index: sp.rect for sp in sc.scene.hand}
        at = sum(1 for i in keep if i in rects and rects[i].centerx < pos[0])
        moved = [order[i] for i in drag.indices]
        rest = [order[i] for i in keep]
        sc.hand_orders[seat] = rest[:at] + moved + rest[at:]
        sc.sort_mode[seat] = None
        sc.selected = set(range(at, at + len(moved))) if len(moved) > 1 else set()
        audio.play("place", 0.6)

    # ---- the hand's order ------------------------------------------------------------------
    def sort_hand(self, mode: str) -> None:
        """The hand in rank or suit order (the buttons, R and S); the cards slide there."""
        sc = self.screen
        seat = sc.viewer
        order = sc.hand_orders.get(seat, [])
        old = list(sc.scene.places.get(("hand", seat), [])) if sc.scene else []
        sc.hand_orders[seat] = sorted(order, key=sc.family.sort_key(mode))
        sc.sort_mode[seat] = mode
        sc.forget_hand_positions()
        sc.rebuild_scene()
        if old and sc.scene is not None:
            sc.animator.shift(("hand", seat), old, sc.scene.places.get(("hand", seat), []),
                              sc.speed)
        audio.play("shuffle")
        sc.mark_dirty()

    # ---- events ----------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """A mouse or key event on the open table (no dialog or modal overlay); True if
        used."""
        sc = self.screen
        pointer = sc.pointer
        et = event.type
        if et in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION):
            self.keyboard.mouse_used()
        if et == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            if sc.flow.sheet_due:  # the finished deal's table: a click opens its sheet
                sc.flow.open_deal_scores()
                return True
            move = sc.movelog.row_at(event.pos) if sc.lay and sc.lay.log_list else None
            if move is not None and pointer.drag is None:
                sc.presenter.why.open(*move)  # a click on a move's line: why it was made
                return True
            pointer.down(event.pos)
            return True
        if et == pygame.MOUSEMOTION:
            buttons = getattr(event, "buttons", (0, 0, 0))
            held = bool(buttons and buttons[0]) or pointer.press is not None
            pointer.motion(event.pos, held)
            return True
        if et == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            pointer.up(event.pos)
            return True
        if et == pygame.MOUSEWHEEL:
            sc.movelog.on_wheel(getattr(event, "y", 0))
            sc.mark_dirty()
            return True
        if et == pygame.KEYDOWN:
            return self.keyboard.key(event)
        return False
