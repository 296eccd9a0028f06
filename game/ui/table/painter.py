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


class TablePainter:
    def __init__(self, screen) -> None:
        self.screen = screen
        self.static: pygame.Surface | None = None

    def compute_layout(self) -> None:
        """The screen's layout for its window, the log open or not (MoveLog.opens), every
        other hand whole in a replay shown open."""
        sc = self.screen
        old = sc.lay
        sc.log_open = sc.movelog.opens(sc)
        sc.lay = L.compute(sc.size, sc.game, sc.players, sc.sides, sc.viewer,
                           sc.app.settings.card_size, sc.log_open, sc.app.scale,
                           open_hands=getattr(sc, "open_hands", False))
        if old is not None and old.card_w != sc.lay.card_w:
            # Faces are cached per width: the old size's would linger (tens of MB when large).
            cards_art.clear_cache()

    def draw(self, surface: pygame.Surface) -> None:
        """The table under pygame_gui's buttons."""
        sc = self.screen
        size = surface.get_size()
        if sc.dirty or self.static is None or self.static.get_size() != size:
            self.draw_static(size)
        surface.blit(self.static, (0, 0))
        self.draw_moving(surface)

    def draw_over_buttons(self, surface: pygame.Surface) -> None:
        """The keyboard's focus ring (over buttons and dialogs), then the dragged cards and
        the toasts, over everything."""
        sc = self.screen
        sc.intents.keyboard.draw(surface)
        d = sc.pointer.drag
        if d is not None:
            style = sc.app.settings.deck_style
            w = sc.lay.card_w
            sh = cards_art.shadow(w)
            b = (sh.get_width() - w) // 2
            for code, (dx, dy) in zip(d.codes, d.grab):
                x, y = d.pos[0] + dx, d.pos[1] + dy
                surface.blit(sh, (x - b + w // 12, y - b + w // 8))
                surface.blit(cards_art.face(code, w, style, "selected"), (x, y))
        sc.hud.draw_toasts(surface)

    def draw_static(self, size) -> None:
        sc = self.screen
        if self.static is None or self.static.get_size() != size:
            self.static = None  # the old size's layer goes before the new one is made
            self.static = pygame.Surface(size)
        surf = self.static
        surf.blit(felt.felt(size), (0, 0))
        sc.dirty = False
        if sc.session.state is None or sc.lay is None:
            return
        drag = sc.pointer.drag
        if sc.scene is None or drag is None:
            sc.rebuild_scene(set(drag.indices) if drag else None)
        scene = sc.scene
        lay = sc.lay
        scale = lay.scale
        side_names = sc.side_names()
        active_sides = set()
        if sc.can_act() or (sc.session.is_human(sc.viewer) and sc.viewer in sc.reads.actors()):
            active_sides.add(sc.sides[sc.viewer])
        # Meld areas with their owners' names.
        for side, rect in lay.meld_areas.items():
            label = side_names[side] if side < len(side_names) else ""
            render.draw_area_frame(surf, rect, label, scale, side in active_sides,
                                   side if sc.partnerships else -1)
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
        render.draw_sprites(surf, scene, sc.app.settings.deck_style, sc.animator.hidden)
        for b in scene.badges:
            if b.kind not in under:
                render.draw_badge(surf, b, scale)
        for p in scene.plates:
            render.draw_plate(surf, p, scale, sc.game, is_viewer=p.seat == sc.viewer)
        sc.hud.draw_banner(surf)
        if lay.log is not None:
            sc.hud.draw_panel(surf)
        else:
            sc.hud.draw_corner(surf)

    def draw_moving(self, surface: pygame.Surface) -> None:
        sc = self.screen
        lay = sc.lay
        if lay is None:
            return
        seat = sc.flow.thinking_seat()
        if seat >= 0 and sc.scene is not None:
            for p in sc.scene.plates:
                if p.seat == seat:
                    sc.hud.draw_thinking(surface, p, sc.think_clock)
        if sc.hint is not None:
            sc.hud.draw_hint(surface, sc.think_clock)
        d = sc.pointer.drag
        if d is not None and d.hot is not None and d.hot in d.legal:
            render.draw_target(surface, d.hot.rect, lay.scale, True)
        if sc.animator.busy:
            sc.animator.draw(surface, sc.app.settings.deck_style)
        if sc.guide is not None:  # under the overlays (score sheet), over the cards
            sc.guide.draw(surface)
        if sc.overlay is not None:
            sc.overlay.draw(surface)
