"""The rules of each game, from game/rules_text/<language>/<game>.md, a section at a time.

If the text is missing in the current language, a note says so and the other language's
text follows when there is one. The page shows one section (a ``##`` heading and what
follows it; the first also has the game's title and introduction) beside a list of the
sections. pygame_gui draws a text box's whole text as one picture: the whole rule book was
a picture of its full length (43 MB for Canasta's rules at 1920x1080 and 125 % text), the
window's memory peak; a section is a tenth of it. Only the shown section's box is kept.
"""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UITextBox

from game import i18n
from game.engine.registry import GAME_NAMES
from game.i18n import game_name, t
from game.ui import markdown, palette
from game.ui.paths import RULES_TEXT_DIR
from game.ui.screen import Screen
from game.ui.textlayout import wrap_runs
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


def sections(blocks: list[markdown.Block]) -> list[tuple[str, list[markdown.Block]]]:
    """(heading, blocks) for each ``##`` section; what comes before the first (the title
    and the introduction) opens the first. A text without one is a single section, named
    by its title."""
    out: list[tuple[str, list[markdown.Block]]] = []
    lead: list[markdown.Block] = []
    for block in blocks:
        if block.kind == "h2":
            out.append(("".join(text for text, _ in block.runs), lead + [block]))
            lead = []
        elif out:
            out[-1][1].append(block)
        else:
            lead.append(block)
    if not out:
        title = next(("".join(x for x, _ in b.runs) for b in lead if b.kind == "h1"), "")
        out.append((title, lead))
    return out


def _hex(colour: tuple[int, int, int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*colour)


class RulesScreen(Screen):
    def __init__(self, app, game: str | None = None, on_back=None):
        super().__init__(app)
        last = app.settings.last_game
        self.game = game or (last.game if last else GAME_NAMES[0])
        self.section = 0  # the shown section's place in the game's list
        self._heading: str | None = None  # its heading, kept over a tab or a rebuild
        self._sections: list[tuple[str, list[markdown.Block]]] = []
        self._note = ""  # the text is not in the current language
        self._boxes: dict[str, UITextBox] = {}
        self._contents: UITextBox | None = None
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
        self._contents = None
        top = s(24)
        title_h = max(s(50), self.line("title", True))  # as tall as the text size's title
        self.label(pygame.Rect(0, top, w, title_h), t("rules.title"), "#title")
        tabs_w = min(w - s(60), s(1000))
        tabs_y = top + title_h + s(8)
        self.tabs = Segmented(self, pygame.Rect((w - tabs_w) // 2, tabs_y, tabs_w, s(42)),
                              [(g, game_name(g)) for g in GAME_NAMES], self.game,
                              self.select, gap=s(6))
        bh = max(s(50), self.line("button", True, 16))
        area = pygame.Rect(0, 0, min(w - s(60), s(1200)), 0)
        area.top = tabs_y + s(42) + s(16)
        area.h = h - area.top - bh - s(34)
        area.centerx = w // 2
        # The list of sections on the left, about a quarter of the width.
        gap = s(12)
        list_w = max(s(170), min(s(300), area.w * 27 // 100))
        self.contents_page = pygame.Rect(area.x, area.y, list_w, area.h)
        self.page = pygame.Rect(area.x + list_w + gap, area.y, area.w - list_w - gap, area.h)
        y = h - bh - s(18)
        labels = [t("common.back"), t("rules.previous"), t("rules.next")]
        bw = [max(s(150), self.text_width(x) + s(36)) for x in labels]
        self.back_button = self.button(pygame.Rect(area.right - bw[0], y, bw[0], bh),
                                       labels[0], self.back, "#primary_button")
        self.previous_button = self.button(pygame.Rect(self.page.x, y, bw[1], bh), labels[1],
                                           lambda: self.show_section(self.section - 1))
        self.next_button = self.button(
            pygame.Rect(self.page.x + bw[1] + s(10), y, bw[2], bh), labels[2],
            lambda: self.show_section(self.section + 1))
        self.select(self.game, rebuilt=True)

    def select(self, game: str, rebuilt: bool = False) -> None:
        """Show ``game``'s rules at the section of the same heading, if it has one (after a
        rebuild in another language, the same place), else at its first."""
        self.game = game
        text, lang = rules_source(game, i18n.current_language())
        self._note = t("rules.missing", game=game_name(game)) if lang != i18n.current_language() \
            else ""
        self._sections = sections(markdown.parse(text)) if text is not None else [("", [])]
        headings = [heading for heading, _ in self._sections]
        if self._heading in headings:
            place = headings.index(self._heading)
        elif rebuilt and self.section < len(headings):
            place = self.section
        else:
            place = 0
        self.show_section(place)

    # ---- what the page shows (read by tests and CI's wheel check) ----------------------------
    @property
    def section_titles(self) -> list[str]:
        """The shown game's sections' headings, in order (the list beside the text)."""
        return [heading for heading, _ in self._sections]

    def shown_text(self) -> str:
        """The shown section's text as its box holds it (HTML), the note that the text is
        not in the current language first."""
        return self._boxes[self.game].html_text

    def show_section(self, place: int) -> None:
        """Show the section at ``place`` of :attr:`section_titles` (out of range: nothing)."""
        if not 0 <= place < len(self._sections):
            return
        self.section = place
        self._heading = self._sections[place][0]
        for box in [*self._boxes.values(), self._contents]:
            if box is not None:
                box.kill()
                self.app.release_memory_soon()
        self._boxes = {self.game: self._make_box()}
        self._contents = self._make_contents()
        for button, on in ((self.previous_button, place > 0),
                           (self.next_button, place + 1 < len(self._sections))):
            if on:
                button.enable()
            else:
                button.disable()

    def _make_box(self) -> UITextBox:
        size = self.app.font_sizes["body"]
        pad = self.s(22)
        # The box is inset 10; then padding, the scroll bar and a safety margin.
        width = self.page.w - self.s(10) - 2 * pad - self.s(46)
        html = ""
        if self._note:
            html = (f"<font color='{_hex(palette.GOLD_LIGHT)}'>{markdown._esc(self._note)}"
                    "</font><br><br>")
        blocks = self._sections[self.section][1]
        if blocks:
            html += markdown.to_html(blocks, width, size, _hex(palette.GOLD_LIGHT))
        # Inset so the scroll bar sits inside the page's rounded border.
        rect = self.page.inflate(-self.s(10), -self.s(10))
        return UITextBox(html, rect, self.manager, container=self.root,
                         object_id="#rules_text")

    def _make_contents(self) -> UITextBox:
        """The sections' headings, each a link but the shown one's."""
        size = self.app.font_sizes["body"]
        rect = self.contents_page.inflate(-self.s(10), -self.s(10))
        width = rect.w - 2 * self.s(10) - self.s(30)  # padding, the scroll bar, a margin
        out = [f"<font color='{_hex(palette.GOLD_LIGHT)}'><b>"
               f"{markdown._esc(t('rules.contents'))}</b></font><br>"]
        indent = markdown._spaces(round(size * 0.8), size)
        for i, (heading, _) in enumerate(self._sections):
            # A long heading goes on over more lines, indented under its first.
            for j, line in enumerate(wrap_runs([(heading, i == self.section)],
                                               width - round(size * 0.8), size)):
                words = "".join(markdown._esc(x) for x, _ in line)
                if i == self.section:
                    words = f"<font color='{_hex(palette.IVORY)}'><b>{words}</b></font>"
                else:
                    words = f"<a href='{i}'>{words}</a>"
                out.append((indent if j else "") + words + "<br>")
        box = UITextBox("".join(out), rect, self.manager, container=self.root,
                        object_id="#rules_contents")
        if box.scroll_bar is not None:  # the shown section's heading in view
            box.scroll_bar.set_scroll_from_start_percentage(
                max(0.0, (self.section - 1) / (len(self._sections) + 1)))
        return box

    def process_event(self, event: pygame.event.Event) -> bool:
        if (event.type == pygame_gui.UI_TEXT_BOX_LINK_CLICKED
                and event.ui_element is self._contents and self.dialog is None):
            self.show_section(int(event.link_target))
            return True
        if event.type == pygame.KEYDOWN and self.dialog is None:
            step = {pygame.K_LEFT: -1, pygame.K_PAGEUP: -1,
                    pygame.K_RIGHT: 1, pygame.K_PAGEDOWN: 1}.get(event.key)
            if step is not None:
                self.show_section(self.section + step)
                return True
        return super().process_event(event)

    def draw_background(self, surface: pygame.Surface) -> None:
        super().draw_background(surface)
        # The rounded pages behind the (transparent, rectangular) text boxes.
        for rect in (self.contents_page, self.page):
            page = pygame.Surface(rect.size, pygame.SRCALPHA)
            r = self.s(16)
            pygame.draw.rect(page, (*palette.PANEL, 225), page.get_rect(), border_radius=r)
            pygame.draw.rect(page, (*palette.GOLD, 150), page.get_rect(), max(1, self.s(1.5)),
                             border_radius=r)
            surface.blit(page, rect)
