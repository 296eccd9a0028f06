"""The player's mouse and keys at the table: hit tests and what each gesture means.

``gestures.Pointer`` turns button and motion events into intents (a click on a hand card, a
double click, a drag dropped on a target...) and calls :class:`TableIntents`. Here the intent
becomes a selection, a sort, or a move: the family (canasta or Cassino) gives the readings and
``TableMoves.play_first`` plays the first the engine accepts. Refused drops slide home.
Keys go to ``keyboard.KeyboardPlay``, which calls the same handlers.
"""

from __future__ import annotations

import pygame

from game.engine.actions import make
from game.ui import audio
from game.ui.table.gestures import Drag, Pointer
from game.ui.table.keyboard import KeyboardPlay
from game.ui.table.scene import Target

# Where overlapping places are hit, the first kind wins.
TARGET_ORDER = ("down", "meld", "staged", "group", "pile", "stock", "meld_area", "table",
                "captured", "hand")


class TableIntents:
    """Reads the table through ``model`` and acts through ``do`` (game/ui/table/hub.py);
    ``clock``: the time now, for double clicks."""

    def __init__(self, model, do, clock) -> None:
        self.model = model
        self.do = do
        self.pointer = Pointer(self, clock)  # presses, clicks and drags
        self.keyboard = KeyboardPlay(model, do, self)  # the focus ring and the keys

    # ---- hit testing -----------------------------------------------------------------------
    def hand_index_at(self, pos) -> int:
        m = self.model
        if m.scene is None or not m.revealed():
            return -1
        for sp in reversed(m.scene.hand):
            if sp.rect.collidepoint(pos):
                return sp.index
        return -1

    def table_card_at(self, pos) -> int:
        m = self.model
        if m.scene is None:
            return -1
        return m.family.table_card_at(m.scene, pos)

    def staged_at(self, pos) -> tuple[int, int] | None:
        """(staged meld, card code) under ``pos``, the topmost card, or None."""
        m = self.model
        if m.scene is None:
            return None
        for i, sprites in enumerate(m.scene.staged):
            for sp in reversed(sprites):
                if sp.rect.collidepoint(pos):
                    return i, sp.code
        return None

    def target_at(self, pos) -> Target | None:
        m = self.model
        if m.scene is None:
            return None
        best = None
        for tg in m.scene.targets:
            if tg.rect.collidepoint(pos):
                if best is None or TARGET_ORDER.index(tg.kind) < TARGET_ORDER.index(best.kind):
                    best = tg
        return best

    def drop_target_at(self, pos, drag: Drag) -> Target | None:
        return self.target_at(pos)

    # ---- clicks ----------------------------------------------------------------------------
    def on_click_card(self, index: int) -> None:
        m = self.model
        if not m.can_act() and not m.revealed():
            return
        self.do.select(m.family.click_card(m.selected, index))
        audio.play("click", 0.5)
        self.do.mark_dirty()

    def on_double_click(self, index: int) -> None:
        m = self.model
        if not m.can_act():
            return
        order = m.hand_order(m.viewer)
        if index >= len(order):
            return
        code = order[index]
        self.do.select(())
        self.do.apply(make(m.viewer, m.family.discard_verb, ((code,),)))

    def on_click_table_card(self, code: int) -> None:
        m = self.model
        if not m.can_act():
            return
        m.family.click_table_card(code)
        audio.play("click", 0.5)
        self.do.mark_dirty()

    def on_click_staged(self, meld: int, code: int) -> None:
        """A click on a staged card: back to the hand."""
        if self.model.can_act():
            self.model.family.staging.unstage(meld, code)

    def on_click_target(self, target: Target) -> None:
        m = self.model
        if target.kind == "down":
            self.do.pick_up_down()
            return
        if target.kind == "captured":
            self.do.toggle_peek(target.side)
            return
        if m.can_act():
            m.family.click_target(target)

    # ---- drags -----------------------------------------------------------------------------
    def start_drag(self, index: int, pos) -> Drag | None:
        m = self.model
        if not m.can_act():
            return None
        order = m.hand_order(m.viewer)
        if index >= len(order):
            return None
        if index in m.selected and m.family.multi_select:
            indices = sorted(m.selected)
        else:
            indices = [index]
        codes = [order[i] for i in indices]
        rects = {sp.index: sp.rect for sp in m.scene.hand}
        grab = [(rects[i].x - pos[0], rects[i].y - pos[1]) for i in indices if i in rects]
        drag = Drag(indices, codes, grab, pos)
        drag.legal = m.family.legal_targets(codes)
        self.do.rebuild_scene(set(indices))
        self.do.mark_dirty()
        audio.play("click", 0.4)
        return drag

    def start_staged_drag(self, staged: tuple[int, int], pos) -> Drag | None:
        """A staged card lifted: to the hand, another staged meld or a new one."""
        m = self.model
        if not m.can_act() or m.scene is None:
            return None
        meld, code = staged
        rect = next((sp.rect for sp in m.scene.staged[meld] if sp.code == code), None)
        if rect is None:
            return None
        drag = Drag([], [code], [(rect.x - pos[0], rect.y - pos[1])], pos, staged=staged)
        side = m.sides[m.viewer]
        drag.legal = [tg for tg in m.scene.targets if tg.kind == "hand" or (
            tg.kind in ("meld_area", "staged") and tg.side == side and tg.key != meld)]
        self.do.rebuild_scene()
        self.do.mark_dirty()
        audio.play("click", 0.4)
        return drag

    def end_staged_drag(self, drag: Drag, target: Target | None) -> None:
        m = self.model
        meld, code = drag.staged
        kind = target.kind if target is not None and target in drag.legal else None
        if kind == "hand":
            m.family.staging.unstage(meld, code)
        elif kind in ("staged", "meld_area"):
            m.family.staging.move(meld, code, target.key if kind == "staged" else -1)
        self.do.rebuild_scene()
        self.do.mark_dirty()

    def end_drag(self, drag: Drag, target: Target | None) -> None:
        m = self.model
        if drag.staged is not None:
            return self.end_staged_drag(drag, target)
        origin = {}
        for code, (dx, dy) in zip(drag.codes, drag.grab):
            origin.setdefault(code, pygame.Rect(drag.pos[0] + dx, drag.pos[1] + dy,
                                                m.lay.card_w, m.lay.card_h))
        done = False
        zone = ("hand", m.viewer)
        if target is not None and target.kind == "hand":
            old = list(m.scene.places.get(zone, []))
            for i, code in zip(drag.indices, drag.codes):
                if i < len(old):
                    old[i] = (code, origin[code], old[i][2])
            self._reorder(drag, drag.pos)
            self.do.rebuild_scene()
            self.do.shift_cards(zone, old, m.scene.places.get(zone, []))
            done = True
        elif target is not None and m.can_act():
            done = m.family.drop(target, drag.codes, origin)
        if not done:
            self.do.rebuild_scene()
            homes = {sp.index: sp.rect for sp in m.scene.hand}
            slides = [(code, origin[code], homes[i], zone, i)
                      for i, code in zip(drag.indices, drag.codes) if i in homes]
            self.do.slide_home(slides)
        self.do.rebuild_scene()
        self.do.mark_dirty()

    def _reorder(self, drag: Drag, pos) -> None:
        """Dropped on the hand: the cards go where they were let go."""
        m = self.model
        seat = m.viewer
        order = m.hand_order(seat)
        keep = [i for i in range(len(order)) if i not in set(drag.indices)]
        rects = {sp.index: sp.rect for sp in m.scene.hand}
        at = sum(1 for i in keep if i in rects and rects[i].centerx < pos[0])
        moved = [order[i] for i in drag.indices]
        rest = [order[i] for i in keep]
        self.do.set_hand_order(seat, rest[:at] + moved + rest[at:], None)
        self.do.select(range(at, at + len(moved)) if len(moved) > 1 else ())
        audio.play("place", 0.6)

    # ---- the hand's order ------------------------------------------------------------------
    def sort_hand(self, mode: str) -> None:
        """The hand in rank or suit order (the buttons, R and S); the cards slide there."""
        m = self.model
        seat = m.viewer
        order = m.hand_order(seat)
        old = list(m.scene.places.get(("hand", seat), [])) if m.scene else []
        self.do.set_hand_order(seat, sorted(order, key=m.family.sort_key(mode)), mode)
        self.do.forget_hand_positions()
        self.do.rebuild_scene()
        if old and m.scene is not None:
            self.do.shift_cards(("hand", seat), old, m.scene.places.get(("hand", seat), []))
        audio.play("shuffle")
        self.do.mark_dirty()

    # ---- events ----------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """A mouse or key event on the open table (no dialog or modal overlay); True if
        used."""
        m = self.model
        pointer = self.pointer
        et = event.type
        if et in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION):
            self.keyboard.mouse_used()
        if et == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            if m.sheet_due:  # the finished deal's table: a click opens its sheet
                self.do.open_deal_scores()
                return True
            move = m.log_row_at(event.pos)
            if move is not None and pointer.drag is None:
                self.do.why(*move)  # a click on a move's line: why it was made
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
            self.do.scroll_log(getattr(event, "y", 0))
            return True
        if et == pygame.KEYDOWN:
            return self.keyboard.key(event)
        return False
