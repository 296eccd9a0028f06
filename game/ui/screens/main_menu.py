"""The main menu: the title, a fan of cards, and New game / Continue / Load / Host a table /
Join a table / Daily deal / Statistics / Learn to play / Settings / Rules / Quit. Continue and
Load are enabled only when the saves layer says so (AppHooks)."""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

import game
from game.engine.cards import JOKER, card
from game.i18n import t
from game.ui import cards_art, fonts, palette, picture_cache
from game.ui.paths import FONT_BOLD, FONT_REGULAR
from game.ui.screen import Screen

FAN = (card(1, 0), card(13, 1), card(12, 2), card(11, 3), JOKER)  # A♠ K♥ Q♦ J♣ joker
# The code and files that draw a card face (for game.ui.picture_cache's keys).
CARD_ART_CODE = ("game.ui.cards_art", "game.ui.suits", "game.ui.fonts", "game.ui.palette",
                 "game.engine.cards")
CARD_ART_FILES = (FONT_REGULAR, FONT_BOLD)


def cached_card_art(name: str, key: str, draw) -> pygame.Surface:
    """A picture made of card faces by ``draw``, kept between runs (the first frame need not
    draw it); the code of ``draw``'s module is part of the key."""
    return picture_cache.cached(name, key, (draw.__module__, *CARD_ART_CODE), draw,
                                CARD_ART_FILES)


@lru_cache(maxsize=4)
def _fan(width: int, style: str, contrast: bool = False) -> pygame.Surface:
    """Five cards fanned from a pivot below them, as if held in a hand."""
    # ``contrast``: the palette's theme draws other faces (part of the keys).
    key = f"{width} {style}" + (" high-contrast" if contrast else "")
    return cached_card_art("menu-fan", key, lambda: _draw_fan(width, style))


def _draw_fan(width: int, style: str) -> pygame.Surface:
    h = cards_art.card_height(width)
    radius = h * 2.1
    spread = 12  # degrees between cards
    size = (round(width * 4.8), round(h * 1.7))
    surf = pygame.Surface(size, pygame.SRCALPHA)
    pivot = (size[0] / 2, h * 0.62 + radius)
    n = len(FAN)
    for i, code in enumerate(FAN):
        angle = (i - (n - 1) / 2) * spread
        img = cards_art.face(code, width, style)
        shadow = cards_art.shadow(width)
        for src, dx, dy in ((shadow, width * 0.03, width * 0.05), (img, 0, 0)):
            rot = pygame.transform.rotozoom(src, -angle, 1.0)
            a = math.radians(angle)
            cx = pivot[0] + math.sin(a) * radius + dx
            cy = pivot[1] - math.cos(a) * radius + dy
            surf.blit(rot, rot.get_rect(center=(round(cx), round(cy))))
    return surf


def _read_only() -> bool:
    """Whether another running copy holds the saves folder (decided when the menu's hooks
    were made; cheap: no file is touched)."""
    from game.saves import lock

    return lock.any_read_only()


class MainMenu(Screen):
    escape_goes_back = False
    needs_text_fonts = False

    def layout(self) -> None:
        w, h = self.size
        s = self.s
        bw, bh, gap, pad = s(340), s(52), s(12), s(30)
        items = [
            ("menu.new_game", self.app.show_new_game, True),
            ("menu.continue", self.app.continue_game, self.app.can_continue()),
            ("menu.load", self.app.load_game, self.app.can_load()),
            ("menu.host", self.show_host, True),
            ("menu.join", self.show_join, True),
            ("menu.daily", self.show_daily, True),
            ("menu.stats", self.show_stats, True),
            ("menu.settings", self.app.show_settings, True),
            ("menu.rules", self.app.show_rules, True),
            ("menu.guide", self.learn_to_play, True),
            ("menu.quit", self.app.quit, True),
        ]
        ph = pad * 2 + len(items) * bh + (len(items) - 1) * gap
        panel = pygame.Rect(0, 0, bw + pad * 2, ph)
        panel.center = (round(w * 0.73), h // 2)
        if panel.left < w * 0.52:  # narrow window: keep clear of the title
            panel.left = round(w * 0.52)
        self.menu_panel = self.panel(panel)
        self.buttons = {}
        for i, (key, action, enabled) in enumerate(items):
            rect = pygame.Rect(pad, pad + i * (bh + gap), bw, bh)
            self.buttons[key] = self.button(rect, t(key), action, "#menu_button",
                                            container=self.menu_panel, enabled=enabled)

    def learn_to_play(self) -> None:
        from game.ui.table.guide_panel import choose

        choose(self)

    def show_host(self) -> None:
        from game.ui.screens.net_screens import HostScreen  # not before the first frame

        self.app.show(HostScreen(self.app))

    def show_join(self) -> None:
        from game.ui.screens.net_screens import JoinScreen

        self.app.show(JoinScreen(self.app))

    def show_daily(self) -> None:
        from game.ui.screens.daily_screen import DailyScreen  # not before the first frame

        self.app.show(DailyScreen(self.app))

    def show_stats(self) -> None:
        from game.ui.screens.stats_screen import StatsScreen

        self.app.show(StatsScreen(self.app))

    @staticmethod
    def version_text() -> str:
        """The installed version (pyproject.toml's, through game.__version__)."""
        return t("app.version", version=game.__version__)

    def process_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.dialog is None:
                self.app.show_new_game()
                return True
        return super().process_event(event)

    def draw_background(self, surface: pygame.Surface) -> None:
        super().draw_background(surface)
        w, h = surface.get_size()
        s = self.s
        cx = round(w * 0.29)
        title = fonts.render(t("app.title"), s(74), palette.GOLD_LIGHT, bold=True,
                             shadow=(0, 0, 0, 150))
        max_w = round(w * 0.46)
        if title.get_width() > max_w:
            size = fonts.fit_size(t("app.title"), max_w, s(74), bold=True)
            title = fonts.render(t("app.title"), size, palette.GOLD_LIGHT, bold=True,
                                 shadow=(0, 0, 0, 150))
        ty = round(h * 0.15)
        surface.blit(title, title.get_rect(midtop=(cx, ty)))
        sub = fonts.render(t("app.subtitle"), s(24), palette.TEXT_DIM)
        sy = ty + title.get_height() + s(4)
        surface.blit(sub, sub.get_rect(midtop=(cx, sy)))
        # A thin gold rule under the subtitle.
        ry = sy + sub.get_height() + s(14)
        pygame.draw.line(surface, palette.GOLD_DARK, (cx - s(120), ry), (cx + s(120), ry), 1)
        pygame.draw.circle(surface, palette.GOLD, (cx, ry), max(2, s(3)))
        fan = _fan(s(124), self.app.store.first_frame.deck_style,  # validated or not yet
                   palette.HIGH_CONTRAST)
        fy = max(ry + s(30), round(h * 0.41))
        surface.blit(fan, fan.get_rect(midtop=(cx, fy)))
        # Footer: version, and notes: a damaged settings file, a second copy that does not save.
        small = self.app.font_sizes["small"]
        ver = fonts.render(self.version_text(), small, palette.TEXT_DIM)
        surface.blit(ver, ver.get_rect(bottomright=(w - s(16), h - s(10))))
        bottom = h - s(10)
        if self.app.settings_warning:
            aside = self.app.store.set_aside
            note = fonts.render(t("settings.set_aside", file=aside.name) if aside else
                                t("settings.damaged"), small, palette.GOLD_LIGHT)
            surface.blit(note, note.get_rect(bottomleft=(s(16), bottom)))
            bottom -= note.get_height()
        if _read_only():  # a second copy on the same saves folder (game.saves.lock)
            note = fonts.render(t("menu.read_only"), small, palette.GOLD_LIGHT)
            surface.blit(note, note.get_rect(bottomleft=(s(16), bottom)))
