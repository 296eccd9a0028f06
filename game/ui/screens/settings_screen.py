"""Settings: every change applies at once and is saved (the volume slider after a pause).

A live preview shows four cards and a back in the chosen deck style and card size.
"""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIHorizontalSlider

from game.cards import card
from game.i18n import t
from game.ui import audio, cards_art, fonts, palette
from game.ui.screen import Screen
from game.ui.widgets.segmented import Segmented

PREVIEW = (card(1, 0), card(7, 1), card(12, 2), card(10, 3))  # A♠ 7♥ Q♦ 10♣
AI_TIMES = (500, 1000, 2000, 5000)  # the computer players' thinking time, milliseconds


def _seconds(ms: int) -> str:
    return t("settings.seconds", n=f"{ms / 1000:g}")


class SettingsScreen(Screen):
    def layout(self) -> None:
        w, h = self.size
        s = self.s
        st = self.app.settings
        rows = 11
        label_w, ctrl_w, pad = s(230), s(470), s(36)
        title_h = s(58)
        preview_w = s(300)
        # Rows shrink a little on short windows so that all of them fit.
        room = h - s(20) - 2 * pad - title_h - s(30) - s(50)
        row_h = max(s(32), min(s(44), room // rows - s(10)))
        gap = max(s(6), min(s(14), room // rows - row_h))
        pw = min(w - s(40), pad * 2 + label_w + ctrl_w + s(30) + preview_w)
        ph = pad + title_h + rows * (row_h + gap) + s(12) + s(30) + s(50) + pad
        panel_rect = pygame.Rect(0, 0, pw, min(h - s(20), ph))
        panel_rect.center = (w // 2, h // 2)
        p = self.panel(panel_rect)
        self.label(pygame.Rect(pad, pad - s(8), pw - 2 * pad, title_h), t("settings.title"),
                   "#title", container=p)
        # Shrink the controls if the window is narrow.
        ctrl_w = min(ctrl_w, pw - 2 * pad - label_w - s(10))
        x_label, x_ctrl = pad, pad + label_w
        y = pad + title_h

        def row(key: str) -> pygame.Rect:
            nonlocal y
            self.label(pygame.Rect(x_label, y, label_w - s(10), row_h), t(key), container=p)
            r = pygame.Rect(x_ctrl, y, ctrl_w, row_h)
            y += row_h + gap
            return r

        self.controls: dict[str, object] = {}
        self.controls["language"] = Segmented(
            self, row("settings.language"),
            [("auto", t("settings.language.auto")), ("en", t("settings.language.en")),
             ("ja", t("settings.language.ja"))],
            st.language, self.app.set_language, container=p)
        self.controls["sound"] = Segmented(
            self, row("settings.sound"), [(True, t("common.on")), (False, t("common.off"))],
            st.sound, lambda v: self._set(sound=v), container=p)
        r = row("settings.volume")
        value_w = s(70)
        self.volume = UIHorizontalSlider(
            pygame.Rect(r.x, r.y + s(6), r.w - value_w - s(10), r.h - s(12)),
            round(st.volume * 100), (0, 100), self.manager, container=p, click_increment=5)
        self.volume_label = self.label(
            pygame.Rect(r.right - value_w, r.y, value_w, r.h), f"{round(st.volume * 100)}%",
            container=p)
        self._last_volume_sound = 0
        self.controls["animation_speed"] = Segmented(
            self, row("settings.animation_speed"),
            [(v, t(f"settings.speed.{v}")) for v in ("slow", "normal", "fast")],
            st.animation_speed, lambda v: self._set(animation_speed=v), container=p)
        self.controls["card_size"] = Segmented(
            self, row("settings.card_size"),
            [(v, t(f"settings.size.{v}")) for v in ("small", "medium", "large")],
            st.card_size, lambda v: self._set(card_size=v), container=p)
        self.controls["deck_style"] = Segmented(
            self, row("settings.deck_style"),
            [(v, t(f"settings.deck.{v}")) for v in ("two-colour", "four-colour")],
            st.deck_style, lambda v: self._set(deck_style=v), container=p)
        self.controls["fullscreen"] = Segmented(
            self, row("settings.fullscreen"), [(True, t("common.on")), (False, t("common.off"))],
            self.app.fullscreen, self.app.set_fullscreen, container=p)
        self.label(pygame.Rect(x_ctrl, y - gap + s(2), ctrl_w, s(24)),
                   t("settings.fullscreen.hint"), "#hint", container=p)
        y += s(12)  # room for the hint under the full-screen row
        times = list(AI_TIMES)
        if st.ai_deadline_ms not in times:  # a value set by hand in the file stays choosable
            times = sorted(times + [st.ai_deadline_ms])
        self.controls["ai_deadline_ms"] = Segmented(
            self, row("settings.ai_time"), [(v, _seconds(v)) for v in times],
            st.ai_deadline_ms, lambda v: self._set(ai_deadline_ms=v), container=p)
        self.controls["warn_risky_discard"] = Segmented(
            self, row("settings.warn_discard"),
            [(True, t("settings.warn_discard.on")), (False, t("settings.warn_discard.off"))],
            st.warn_risky_discard, lambda v: self._set(warn_risky_discard=v), container=p)
        self.controls["confirm_pile_take"] = Segmented(
            self, row("settings.confirm_take"),
            [(True, t("settings.confirm_take.on")), (False, t("settings.confirm_take.off"))],
            st.confirm_pile_take, lambda v: self._set(confirm_pile_take=v), container=p)
        self.controls["take_back_turns"] = Segmented(
            self, row("settings.take_back_turns"),
            [(True, t("settings.take_back_turns.on")),
             (False, t("settings.take_back_turns.off"))],
            st.take_back_turns, lambda v: self._set(take_back_turns=v), container=p)
        self.label(pygame.Rect(x_ctrl, y - gap + s(2), ctrl_w, s(24)),
                   t("settings.take_back_turns.hint"), "#hint", container=p)
        y += s(12)
        bw, bh = s(170), s(50)
        self.back_button = self.button(
            pygame.Rect(pw - pad - bw, panel_rect.h - pad - bh + s(8), bw, bh),
            t("common.back"), self.back, "#primary_button", container=p)
        # Where the preview cards go (drawn in draw_overlay, in window coordinates).
        px = panel_rect.x + x_ctrl + ctrl_w + s(30)
        self.preview_rect = pygame.Rect(px, panel_rect.y + pad + title_h,
                                        panel_rect.right - pad - px, rows * (row_h + gap))

    def _set(self, **changes) -> None:
        self.app.update_settings(**changes)

    def process_event(self, event) -> bool:
        if (event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED
                and event.ui_element is self.volume):
            v = int(event.value)
            self.volume_label.set_text(f"{v}%")
            self.app.update_settings(delay=0.6, volume=v / 100)
            now = pygame.time.get_ticks()
            if now - self._last_volume_sound > 150:  # let the player hear the new level
                self._last_volume_sound = now
                audio.play("place")
            return True
        return super().process_event(event)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        r = self.preview_rect
        if r.w < self.s(120):
            return
        st = self.app.settings
        width = cards_art.card_width_for(st.card_size, self.size)
        width = min(width, round(r.w / 2.3))
        h = cards_art.card_height(width)
        caption = fonts.render(t(f"settings.deck.{st.deck_style}"),
                               self.app.font_sizes["small"], palette.TEXT_DIM)
        # Four faces overlapping like a hand, the back below.
        step = min(round(width * 0.42), (r.w - width) // 3)
        total = width + 3 * step
        x0 = r.centerx - total // 2
        y0 = r.y + self.s(6)
        for i, code in enumerate(PREVIEW):
            self._card(surface, cards_art.face(code, width, st.deck_style), x0 + i * step, y0)
        by = y0 + h + self.s(18)
        if by + h <= r.bottom:
            self._card(surface, cards_art.back(width), r.centerx - width // 2, by)
            cy = by + h + self.s(8)
        else:
            cy = y0 + h + self.s(8)
        surface.blit(caption, caption.get_rect(midtop=(r.centerx, cy)))

    def _card(self, surface, img, x, y) -> None:
        sh = cards_art.shadow(img.get_width())
        b = (sh.get_width() - img.get_width()) // 2
        surface.blit(sh, (x - b + 2, y - b + 4))
        surface.blit(img, (x, y))
