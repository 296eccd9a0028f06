"""Drawing the table: a static layer redrawn only when something changed, and what moves.

The static layer holds the felt, the meld areas, every card at rest, badges, seat plates, the
banner and the panel; ``TableScreen.mark_dirty`` asks for it again. Each frame blits it and
draws over it what moves: the thinking dots, the hint's glow, the hot drop target, cards in
flight, an overlay; and, after pygame_gui's buttons, the dragged cards and the toasts.
One layer of the window's size is kept (the old size's is let go when the window changes).
"""

from __future__ import annotations

import pygame

from game.ui import cards_art, felt
from game.ui.table import layout as L
from game.ui.table import render


def table_layout(model, movelog) -> tuple[L.TableLayout, bool]:
    """The table's layout for its window (``model``: the table model) and whether the log's
    column is open in it (MoveLog.opens); every other hand whole in a replay shown open."""
    log_open = movelog.opens(model)
    lay = L.compute(model.window_size, model.game, model.players, model.sides, model.viewer,
                    model.settings.card_size, log_open, model.scale,
                    open_hands=model.open_hands)
    old = model.lay
    if old is not None and old.card_w != lay.card_w:
        # Faces are cached per width: the old size's would linger (tens of MB when large).
        cards_art.clear_cache()
    return lay, log_open


class TablePainter:
    """Reads the table through ``model`` (game/ui/table/hub.py) and draws it with the parts
    that draw themselves: the ``hud``, the ``intents``' focus ring and dragged cards and the
    ``animator``'s flights."""

    def __init__(self, model, do, hud, intents, animator) -> None:
        self.model = model
        self.do = do
        self.hud = hud
        self.keyboard = intents.keyboard
        self.pointer = intents.pointer
        self.animator = animator
        self.static: pygame.Surface | None = None
        self.dirty = True  # the static layer must be drawn again (TableScreen.mark_dirty)

    def draw(self, surface: pygame.Surface) -> None:
        """The table under pygame_gui's buttons."""
        size = surface.get_size()
        if self.dirty or self.static is None or self.static.get_size() != size:
            self.draw_static(size)
        surface.blit(self.static, (0, 0))
        self.draw_moving(surface)

    def draw_over_buttons(self, surface: pygame.Surface) -> None:
        """The keyboard's focus ring (over buttons and dialogs), then the dragged cards and
        the toasts, over everything."""
        m = self.model
        self.keyboard.draw(surface)
        d = self.pointer.drag
        if d is not None:
            style = m.deck_style
            w = m.lay.card_w
            sh = cards_art.shadow(w)
            b = (sh.get_width() - w) // 2
            for code, (dx, dy) in zip(d.codes, d.grab):
                x, y = d.pos[0] + dx, d.pos[1] + dy
                surface.blit(sh, (x - b + w // 12, y - b + w // 8))
                surface.blit(cards_art.face(code, w, style, "selected"), (x, y))
        self.hud.draw_toasts(surface)

    def draw_static(self, size) -> None:
        m = self.model
        if self.static is None or self.static.get_size() != size:
            self.static = None  # the old size's layer goes before the new one is made
            self.static = pygame.Surface(size)
        surf = self.static
        surf.blit(felt.felt(size), (0, 0))
        self.dirty = False
        if not m.dealing or m.lay is None:
            return
        drag = self.pointer.drag
        if m.scene is None or drag is None:
            self.do.rebuild_scene(set(drag.indices) if drag else None)
        scene = m.scene
        lay = m.lay
        scale = lay.scale
        side_names = m.side_names()
        active_sides = set()
        if m.can_act() or (m.is_human(m.viewer) and m.viewer in m.reads.actors()):
            active_sides.add(m.sides[m.viewer])
        # Meld areas with their owners' names.
        for side, rect in lay.meld_areas.items():
            label = side_names[side] if side < len(side_names) else ""
            render.draw_area_frame(surf, rect, label, scale, side in active_sides,
                                   side if m.partnerships else -1)
        if lay.table is not None:
            render.draw_area_frame(surf, lay.table, "", scale, False)
        # Drop targets the engine accepts, while dragging.
        if drag is not None:
            for tg in drag.legal:
                render.draw_target(surf, tg.rect, scale, False)
        under = ("group", "slot", "staged")
        for b in scene.badges:
            if b.kind in under:
                render.draw_badge(surf, b, scale)
        render.draw_sprites(surf, scene, m.deck_style, self.animator.hidden)
        for b in scene.badges:
            if b.kind not in under:
                render.draw_badge(surf, b, scale)
        for p in scene.plates:
            render.draw_plate(surf, p, scale, m.game, is_viewer=p.seat == m.viewer)
        self.hud.draw_banner(surf)
        if lay.log is not None:
            self.hud.draw_panel(surf)
        else:
            self.hud.draw_corner(surf)

    def draw_moving(self, surface: pygame.Surface) -> None:
        m = self.model
        lay = m.lay
        if lay is None:
            return
        seat = m.thinking_seat()
        if seat >= 0 and m.scene is not None:
            for p in m.scene.plates:
                if p.seat == seat:
                    self.hud.draw_thinking(surface, p, m.clock)
        if m.hint is not None:
            self.hud.draw_hint(surface, m.clock)
        d = self.pointer.drag
        if d is not None and d.hot is not None and d.hot in d.legal:
            render.draw_target(surface, d.hot.rect, lay.scale, True)
        if self.animator.busy:
            self.animator.draw(surface, m.deck_style)
        if m.guide is not None:  # under the overlays (score sheet), over the cards
            m.guide.draw(surface)
        if m.overlay is not None:
            m.overlay.draw(surface)
