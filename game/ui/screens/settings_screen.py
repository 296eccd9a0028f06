"""Settings: every change applies at once and is saved (the volume slider after a pause).

Two pages, chosen by a row of tabs: Display (language, text size, high contrast, cards,
animation, full screen), with a live preview of four cards and a back in the chosen deck style
and card size, and Play (sound, the computers' time, the table's questions, take-backs). Rows
are as tall as the text size needs; labels take the width their longest needs.
"""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIHorizontalSlider

from game.engine.cards import card
from game.i18n import t
from game.settings import TEXT_SIZES
from game.ui import audio, cards_art, fonts, palette
from game.ui.screen import Screen
from game.ui.widgets.segmented import Segmented

PREVIEW = (card(1, 0), card(7, 1), card(12, 2), card(10, 3))  # A♠ 7♥ Q♦ 10♣
AI_TIMES = (500, 1000, 2000, 5000)  # the computer players' thinking time, milliseconds
PAGES = ("display", "play")
# Each page's rows: the label's key, and whether a hint line follows the row.
ROWS = {
    "display": (("settings.language", None), ("settings.text_size", None),
                ("settings.high_contrast", None), ("settings.card_size", None),
                ("settings.deck_style", None), ("settings.animation_speed", None),
                ("settings.fullscreen", "settings.fullscreen.hint")),
    "play": (("settings.sound", None), ("settings.volume", None), ("settings.ai_time", None),
             ("settings.warn_discard", None), ("settings.confirm_take", None),
             ("settings.move_log", None),
             ("settings.take_back_turns", "settings.take_back_turns.hint")),
}


def _seconds(ms: int) -> str:
    return t("settings.seconds", n=f"{ms / 1000:g}")


def _on_off() -> list:
    return [(True, t("common.on")), (False, t("common.off"))]


class SettingsScreen(Screen):
    page = "display"  # the page shown; kept through rebuilds (resizes, text size, language)

    def layout(self) -> None:
        w, h = self.size
        s = self.s
        fs = self.app.font_sizes
        rows = ROWS[self.page]
        body_line = fonts.font(fs["body"]).get_linesize()
        hint_h = fonts.font(fs["small"]).get_linesize() + s(2)
        pad = s(30)
        title_h = fonts.font(fs["title"], True).get_linesize() + s(6)
        bh = max(s(46), fonts.font(fs["button"], True).get_linesize() + s(12))
        row_h = max(s(38), body_line + s(10))
        # The panel, its rows and columns are those of the fullest page on every page: the
        # tabs and the controls stay in place when the page changes (they jumped).
        n_rows = max(len(r) for r in ROWS.values())
        hints = max(sum(1 for _, hint in r if hint) for r in ROWS.values())
        pw = min(w - s(40), s(1160))
        room = h - s(20) - 2 * pad - title_h - (row_h + s(14)) - hints * hint_h - bh - s(20)
        gap = max(s(4), min(s(16), room // n_rows - row_h))
        ph = (2 * pad + title_h + (row_h + s(14)) + n_rows * (row_h + gap)
              + hints * hint_h + s(20) + bh)
        panel_rect = pygame.Rect(0, 0, pw, min(h - s(20), ph))
        panel_rect.center = (w // 2, h // 2)
        p = self.panel(panel_rect)
        self.label(pygame.Rect(pad, pad - s(6), pw - 2 * pad, title_h), t("settings.title"),
                   "#title", container=p)
        inner = pw - 2 * pad
        y = pad + title_h
        self.tabs = Segmented(self, pygame.Rect(pad, y, min(inner, s(520)), row_h),
                              [(v, t(f"settings.page.{v}")) for v in PAGES], self.page,
                              self.show_page, container=p)
        y += row_h + s(14)
        # Labels as wide as the longest on the page needs, at most 40 % of the panel.
        widest = max(fonts.font(fs["body"]).size(t(key))[0]
                     for page in ROWS.values() for key, _ in page)
        label_w = min(widest + s(24), round(inner * 0.4))
        preview_w = s(300)  # the display page's cards; its room kept on the other page
        ctrl_w = min(s(520), inner - label_w - (preview_w + s(24) if preview_w else 0))
        if ctrl_w < s(360):  # no room for the preview: the controls come first
            preview_w, ctrl_w = 0, min(s(560), inner - label_w)
        if self.page != "display":
            preview_w = 0
        x_ctrl = pad + label_w
        self.controls: dict[str, object] = {}
        self._rows: list[pygame.Rect] = []
        top = y
        for key, hint in rows:
            self.label(pygame.Rect(pad, y, label_w - s(8), row_h), t(key), container=p)
            r = pygame.Rect(x_ctrl, y, ctrl_w, row_h)
            self._rows.append(r.move(panel_rect.topleft))
            getattr(self, "_" + key.split(".", 1)[1])(r, p)
            y += row_h + gap
            if hint:
                self.label(pygame.Rect(x_ctrl, y - gap + s(2), inner - label_w, hint_h),
                           t(hint), "#hint", container=p)
                y += hint_h
        bw = max(s(170), fonts.font(fs["button"], True).size(t("common.back"))[0] + s(40))
        self.back_button = self.button(
            pygame.Rect(pw - pad - bw, panel_rect.h - pad - bh + s(8), bw, bh),
            t("common.back"), self.back, "#primary_button", container=p)
        # Where the preview cards go (drawn in draw_overlay, in window coordinates).
        px = panel_rect.x + x_ctrl + ctrl_w + s(24)
        self.preview_rect = pygame.Rect(px, panel_rect.y + top, preview_w, y - top)

    def show_page(self, page: str) -> None:
        self.page = page
        self.rebuild()

    # --- the rows: each builds its control in ``r`` -------------------------------------

    def _segmented(self, name: str, r: pygame.Rect, p, choices, value, on_change) -> None:
        self.controls[name] = Segmented(self, r, choices, value, on_change, container=p)

    def _language(self, r, p) -> None:
        self._segmented("language", r, p, [(v, t(f"settings.language.{v}"))
                                           for v in ("auto", "en", "ja")],
                        self.app.settings.language, self.app.set_language)

    def _text_size(self, r, p) -> None:
        self._segmented("text_size", r, p, [(v, t(f"settings.text_size.{v}"))
                                            for v in TEXT_SIZES],
                        self.app.settings.text_size, lambda v: self.app.set_look(text_size=v))

    def _high_contrast(self, r, p) -> None:
        self._segmented("high_contrast", r, p, _on_off(), self.app.settings.high_contrast,
                        lambda v: self.app.set_look(high_contrast=v))

    def _card_size(self, r, p) -> None:
        self._segmented("card_size", r, p, [(v, t(f"settings.size.{v}"))
                                            for v in ("small", "medium", "large")],
                        self.app.settings.card_size, lambda v: self._set(card_size=v))

    def _deck_style(self, r, p) -> None:
        self._segmented("deck_style", r, p, [(v, t(f"settings.deck.{v}"))
                                             for v in ("two-colour", "four-colour")],
                        self.app.settings.deck_style, lambda v: self._set(deck_style=v))

    def _animation_speed(self, r, p) -> None:
        self._segmented("animation_speed", r, p, [(v, t(f"settings.speed.{v}"))
                                                  for v in ("slow", "normal", "fast")],
                        self.app.settings.animation_speed,
                        lambda v: self._set(animation_speed=v))

    def _fullscreen(self, r, p) -> None:
        self._segmented("fullscreen", r, p, _on_off(), self.app.fullscreen,
                        self.app.set_fullscreen)

    def _sound(self, r, p) -> None:
        self._segmented("sound", r, p, _on_off(), self.app.settings.sound,
                        lambda v: self._set(sound=v))

    def _volume(self, r, p) -> None:
        s = self.s
        volume = round(self.app.settings.volume * 100)
        value_w = fonts.font(self.app.font_sizes["body"]).size("100%")[0] + s(16)
        self.volume = UIHorizontalSlider(
            pygame.Rect(r.x, r.y + s(6), r.w - value_w - s(10), r.h - s(12)),
            volume, (0, 100), self.manager, container=p, click_increment=5)
        self.volume_label = self.label(pygame.Rect(r.right - value_w, r.y, value_w, r.h),
                                       f"{volume}%", container=p)
        self._last_volume_sound = 0

    def _ai_time(self, r, p) -> None:
        st = self.app.settings
        times = list(AI_TIMES)
        if st.ai_deadline_ms not in times:  # a value set by hand in the file stays choosable
            times = sorted(times + [st.ai_deadline_ms])
        self._segmented("ai_deadline_ms", r, p, [(v, _seconds(v)) for v in times],
                        st.ai_deadline_ms, lambda v: self._set(ai_deadline_ms=v))

    def _warn_discard(self, r, p) -> None:
        self._segmented("warn_risky_discard", r, p,
                        [(True, t("settings.warn_discard.on")),
                         (False, t("settings.warn_discard.off"))],
                        self.app.settings.warn_risky_discard,
                        lambda v: self._set(warn_risky_discard=v))

    def _confirm_take(self, r, p) -> None:
        self._segmented("confirm_pile_take", r, p,
                        [(True, t("settings.confirm_take.on")),
                         (False, t("settings.confirm_take.off"))],
                        self.app.settings.confirm_pile_take,
                        lambda v: self._set(confirm_pile_take=v))

    def _move_log(self, r, p) -> None:
        self._segmented("log_pinned", r, p,
                        [(False, t("settings.move_log.auto")),
                         (True, t("settings.move_log.pinned"))],
                        self.app.settings.log_pinned, lambda v: self._set(log_pinned=v))

    def _take_back_turns(self, r, p) -> None:
        self._segmented("take_back_turns", r, p,
                        [(True, t("settings.take_back_turns.on")),
                         (False, t("settings.take_back_turns.off"))],
                        self.app.settings.take_back_turns,
                        lambda v: self._set(take_back_turns=v))

    def _set(self, **changes) -> None:
        self.app.update_settings(**changes)

    def process_event(self, event) -> bool:
        if (event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED
                and event.ui_element is getattr(self, "volume", None)):
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
        if by + h + caption.get_height() <= r.bottom:
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
