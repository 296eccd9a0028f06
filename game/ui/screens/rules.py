"""The rules of each game, from game/rules_text/<language>/<game>.md, in a scrolling text box.

If the text is missing in the current language, a note says so and the other language's
text follows when there is one. Only the shown game's text box is kept: pygame_gui draws a
box's whole text at once, a picture of the page's full length (38 MB for Canasta's rules at
1920x1080 and 125 % text, 50 MB with the box's own), and the five games' boxes, kept hidden
once seen, held 200 MB. Building one again on a tab's click takes a few tenths of a second.
"""

from __future__ import annotations

import pygame
from pygame_gui.elements import UITextBox

from game import i18n
from game.engine.registry import GAME_NAMES
from game.i18n import game_name, t
from game.ui import markdown, palette
from game.ui.paths import RULES_TEXT_DIR
from game.ui.screen import Screen
from game.ui.widgets.segmented import Segmented


def rules_source(game: str, language: str) -> tuple[str | None, str | None]:
    """(markdown text, its language) for ``game``: the current language first, then any."""
    for lang in [language] + [x for x in i18n.LANGUAGES if x != language]:
        path = RULES_TEXT_DIR / lang / f"{game}.md"
        try:
            return path.read_text(encoding="utf-8"), lang
        except (OSError, UnicodeDecodeError):
            continue
    return None, None


class RulesScreen(Screen):
    def __init__(self, app, game: str | None = None, on_back=None):
        super().__init__(app)
        last = app.settings.last_game
        self.game = game or (last.game if last else GAME_NAMES[0])
        self._boxes: dict[str, UITextBox] = {}
        self._on_back = on_back  # from the table: back to the same game

    def back(self) -> None:
        if self._on_back is not None:
            self._on_back()
        else:
            super().back()

    def layout(self) -> None:
        w, h = self.size
        s = self.s
        self._boxes = {}
        top = s(24)
        title_h = max(s(50), self.line("title", True))  # as tall as the text size's title
        self.label(pygame.Rect(0, top, w, title_h), t("rules.title"), "#title")
        tabs_w = min(w - s(60), s(1000))
        tabs_y = top + title_h + s(8)
        self.tabs = Segmented(self, pygame.Rect((w - tabs_w) // 2, tabs_y, tabs_w, s(42)),
                              [(g, game_name(g)) for g in GAME_NAMES], self.game,
                              self.select, gap=s(6))
        bw, bh = s(170), s(50)
        self.page = pygame.Rect(0, 0, min(w - s(60), s(1000)), 0)
        self.page.top = tabs_y + s(42) + s(16)
        self.page.h = h - self.page.top - bh - s(34)
        self.page.centerx = w // 2
        self.back_button = self.button(pygame.Rect(self.page.right - bw, h - bh - s(18), bw, bh),
                                       t("common.back"), self.back, "#primary_button")
        self.select(self.game)

    def select(self, game: str) -> None:
        self.game = game
        for g in [g for g in self._boxes if g != game]:
            self._boxes.pop(g).kill()
            self.app.release_memory_soon()
        if game not in self._boxes:
            self._boxes[game] = self._make_box(game)

    def _make_box(self, game: str) -> UITextBox:
        size = self.app.font_sizes["body"]
        pad = self.s(22)
        # The box is inset 10; then padding, the scroll bar and a safety margin.
        width = self.page.w - self.s(10) - 2 * pad - self.s(46)
        text, lang = rules_source(game, i18n.current_language())
        html = ""
        if lang != i18n.current_language():
            note = t("rules.missing", game=game_name(game))
            colour = "#{:02x}{:02x}{:02x}".format(*palette.GOLD_LIGHT)
            html = f"<font color='{colour}'>{markdown._esc(note)}</font><br><br>"
        if text is not None:
            html += markdown.to_html(markdown.parse(text), width, size,
                                     "#{:02x}{:02x}{:02x}".format(*palette.GOLD_LIGHT))
        # Inset so the scroll bar sits inside the page's rounded border.
        rect = self.page.inflate(-self.s(10), -self.s(10))
        return UITextBox(html, rect, self.manager, container=self.root,
                         object_id="#rules_text")

    def draw_background(self, surface: pygame.Surface) -> None:
        super().draw_background(surface)
        # The rounded page behind the (transparent, rectangular) text box.
        page = pygame.Surface(self.page.size, pygame.SRCALPHA)
        r = self.s(16)
        pygame.draw.rect(page, (*palette.PANEL, 225), page.get_rect(), border_radius=r)
        pygame.draw.rect(page, (*palette.GOLD, 150), page.get_rect(), max(1, self.s(1.5)),
                         border_radius=r)
        surface.blit(page, self.page)
