"""The move log: the deal's actions (the notation of NOTATION.md) told in words, and the panel
that lists them, newest at the bottom."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.actions import format_key, key_rank, parse_action
from game.errors import NotationError
from game.i18n import card_text, cards_text, t
from game.ui import fonts, palette
from game.ui.textlayout import wrap


def meld_name(key: int) -> str:
    if key == 0:
        return t("log.wild_meld")
    name = format_key(key)
    rank = key_rank(key)
    word = {1: t("rank.ace_short"), 11: "J", 12: "Q", 13: "K"}.get(rank, name.split("#")[0])
    if "#" in name:
        return t("log.meld_nth", rank=word, n=name.split("#")[1])
    return t("log.meld_of", rank=word)


def describe(text: str, names: list[str], you: int = -1) -> str:
    """One notation line (``"2 meld 7H 7S 2C"``) as a sentence in the current language;
    ``you`` is the seat called "You" (game.ui.table.messages.you), or -1."""
    try:
        a = parse_action(text)
    except NotationError:
        return text
    name = names[a.seat] if 0 <= a.seat < len(names) else str(a.seat)
    v = a.verb
    if v == "draw":
        return t("log.draw", name=name)
    if v == "take":
        if not a.groups:
            return t("log.take_add", name=name)
        first = cards_text(a.groups[0])
        if len(a.groups) > 1:
            rest = " / ".join(cards_text(g) for g in a.groups[1:])
            return t("log.take_more", name=name, cards=first, more=rest)
        return t("log.take", name=name, cards=first)
    if v == "meld":
        return t("log.meld", name=name, cards=" / ".join(cards_text(g) for g in a.groups))
    if v == "add":
        return t("log.add", name=name, cards=cards_text(a.cards()), meld=meld_name(a.target))
    if v == "discard":
        return t("log.discard", name=name, cards=cards_text(a.cards()))
    if v == "ask":
        if a.target >= 0 and a.target == you:
            return t("log.ask_named_you", name=name)
        if a.target >= 0 and a.target < len(names):
            return t("log.ask_named", name=name, partner=names[a.target])
        return t("log.ask", name=name)
    if v == "yes":
        return t("log.yes", name=name)
    if v == "no":
        return t("log.no", name=name)
    if v == "trail":
        return t("log.trail", name=name, cards=cards_text(a.cards()))
    if v == "capture":
        return t("log.capture", name=name, card=card_text(a.groups[0][0]),
                 cards=cards_text(a.groups[1]))
    if v == "build":
        return t("log.build", name=name, card=card_text(a.groups[0][0]),
                 cards=cards_text(a.groups[1]), value=a.target)
    return text


@lru_cache(maxsize=512)
def _lines(sentence: str, width: int, size: int) -> tuple[str, ...]:
    return tuple(wrap(sentence, width, size))


@lru_cache(maxsize=1024)
def _line_image(line: str, size: int, colour: tuple) -> pygame.Surface:
    return fonts.font(size).render(line, True, colour)


class MoveLog:
    """Sentences for the session's history, drawn in a scrollable panel."""

    def __init__(self) -> None:
        self.sentences: list[str] = []
        self._source: tuple = ()
        self.scroll = 0  # lines scrolled up from the bottom

    def sync(self, history: list[str], names: list[str], language: str, you: int = -1) -> None:
        key = (len(history), history[-1] if history else "", language, tuple(names), you)
        if key == self._source:
            return
        grew = len(history) > len(self.sentences) and self._source[2:] == key[2:] \
            if self._source else False
        self._source = key
        self.sentences = [describe(h, names, you) for h in history]
        if grew:
            self.scroll = 0

    def on_wheel(self, dy: int) -> None:
        self.scroll = max(0, self.scroll + dy)

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, scale: float,
             title: str) -> None:
        size = max(10, round(14 * scale))
        lh = fonts.font(size).get_linesize()
        head = fonts.render(title, max(11, round(15 * scale)), palette.GOLD_LIGHT, bold=True)
        surface.blit(head, (rect.x + round(8 * scale), rect.y + round(6 * scale)))
        top = rect.y + head.get_height() + round(10 * scale)
        pygame.draw.line(surface, palette.GOLD_DARK, (rect.x + round(8 * scale), top - 4),
                         (rect.right - round(8 * scale), top - 4))
        inner_w = rect.w - round(20 * scale)
        rows: list[tuple[str, bool, int]] = []  # (text, newest, entry)
        n = len(self.sentences)
        for i, s in enumerate(self.sentences):
            lines = _lines(f"{i + 1}. {s}", inner_w, size)
            for j, line in enumerate(lines):
                rows.append(("   " + line if j else line, i == n - 1, i))
        fit = max(1, (rect.bottom - top - round(6 * scale)) // lh)
        self.scroll = min(self.scroll, max(0, len(rows) - fit))
        end = len(rows) - self.scroll
        start = max(0, end - fit)
        y = top
        for text, newest, _ in rows[start:end]:
            colour = palette.GOLD_LIGHT if newest else palette.TEXT
            surface.blit(_line_image(text, size, colour), (rect.x + round(10 * scale), y))
            y += lh
        if not rows:
            img = _line_image(t("log.empty"), size, palette.TEXT_DIM)
            surface.blit(img, (rect.x + round(10 * scale), top))
