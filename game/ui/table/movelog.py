"""The move log: the deal's actions (the notation of NOTATION.md) told in words, with what
the engine did around them (red threes laid out and replaced, going out, a pile's card count,
the last capturer's collection, reservations overridden...), and the panel that lists them,
newest at the bottom. Earlier deals of the table stay above, to scroll back to.

A computer's move keeps its explanation (game.players.explain, carried from the worker thread
with the move): a click on a move's line, or the "Why?" key, shows it (game.ui.table.why)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from game.engine.actions import format_key, key_rank, parse_action
from game.engine.errors import NotationError
from game.i18n import card_text, cards_text, t
from game.ui import fonts, palette
from game.ui.table import layout as L
from game.ui.textlayout import wrap

if TYPE_CHECKING:
    from game.players.explain import Explanation


def meld_name(key: int) -> str:
    if key == 0:
        return t("log.wild_meld")
    name = format_key(key)
    ranks = t(f"rank.plural.{key_rank(key)}")  # "the aces", not "the As"
    if "#" in name:
        return t("log.meld_nth", ranks=ranks, n=name.split("#")[1])
    return t("log.meld_of", ranks=ranks)


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


def describe_events(events, names: list[str], you: int = -1) -> list[str]:
    """Sentences for what the engine did during a move or a deal beyond the move itself (the
    events of game.engine.events), in their order; ``you`` as for :func:`describe`."""
    out: list[str] = []
    used: set[int] = set()  # draws told with the red three they replaced

    def name(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else str(seat)

    taken_pile = False
    for i, e in enumerate(events):
        k = e.kind
        if k == "red_three":
            repl = next((j for j in range(i + 1, len(events)) if j not in used
                         and events[j].kind == "draw" and events[j].seat == e.seat), None)
            if repl is not None and events[repl - 1] is e:
                used.add(repl)
                out.append(t("log.red_three_replaced", name=name(e.seat),
                             card=cards_text(e.cards)))
            else:
                out.append(t("log.red_three", name=name(e.seat), card=cards_text(e.cards)))
        elif k == "take" and e.info is None:
            taken_pile = True
            out.append(t("log.pile_count", count=len(e.cards) + 1))
        elif k == "packet":
            out.append(t("log.packet", name=name(e.seat), count=len(e.cards)))
        elif k == "out":
            out.append(t("log.out_concealed" if e.info else "log.out", name=name(e.seat)))
        elif k == "down":
            out.append(t("log.down", name=name(e.seat)))
        elif k == "canasta":
            out.append(t("log.canasta", name=name(e.seat), meld=meld_name(e.info)))
        elif k == "frozen":
            out.append(t("log.frozen"))
        elif k == "unfrozen":
            out.append(t("log.unfrozen"))
        elif k == "sweep":
            out.append(t("log.sweep", name=name(e.seat)))
        elif k == "collect":
            out.append(t("log.collect", name=name(e.seat), count=len(e.cards)))
        elif k == "build" and isinstance(e.info, dict):
            for owner in e.info.get("overrides", ()):
                if owner == e.seat:  # raising one's own reservation overrides no one
                    continue
                if owner == you:  # "your reservation", never "the reservation You made"
                    out.append(t("log.override_you", name=name(e.seat)))
                else:
                    out.append(t("log.override", name=name(e.seat), owner=name(owner)))
    if not taken_pile and any(e.kind == "take" for e in events):
        out.append(t("log.pile_count", count=1))
    return out


@dataclass
class DealLog:
    """One deal's record for the log: its number, its moves as recorded, the engine's
    events at the deal (index -1) and after each move (by the move's index), and the
    explanations of the computers' moves (by the move's index; kept in memory only: a loaded
    game has none)."""

    number: int
    history: list[str] = field(default_factory=list)
    events: dict[int, list] = field(default_factory=dict)
    explained: dict[int, Explanation] = field(default_factory=dict)


@lru_cache(maxsize=512)
def _lines(sentence: str, width: int, size: int) -> tuple[str, ...]:
    return tuple(wrap(sentence, width, size))


@lru_cache(maxsize=1024)
def _line_image(line: str, size: int, colour: tuple) -> pygame.Surface:
    return fonts.font(size).render(line, True, colour)


def clear_caches() -> None:
    """After a change of text size (game.ui.app)."""
    _lines.cache_clear()
    _line_image.cache_clear()


class MoveLog:
    """The table's deals told in sentences, drawn in a scrollable panel. ``rows`` are
    (text, kind): "head" a deal's title, "move" a numbered move, "note" what the engine did."""

    def __init__(self) -> None:
        self.deals: list[DealLog] = [DealLog(1)]
        self.rows: list[tuple[str, str]] = []
        # per row, the move it tells: (index in ``deals``, index of the move), else None
        self.row_moves: list[tuple[int, int] | None] = []
        self.hits: list[tuple[pygame.Rect, int]] = []  # drawn lines and their rows
        self._source: tuple = ()
        self.scroll = 0  # lines scrolled up from the bottom
        self.choice: bool | None = None  # the player's Show log / Hide log at this table

    def opens(self, model) -> bool:
        """Whether the log's column is open (``model``: the table model): the player's choice
        at this table, else pinned by the setting, else only where the table keeps its room
        beside it."""
        if self.choice is not None:
            return self.choice
        return model.settings.log_pinned or L.log_opens(
            model.window_size, model.game, model.players, fonts.text_scale())

    def new_deal(self, events) -> None:
        """A deal begins: the one before stays above; ``events`` are the deal's own (red
        threes laid out and replaced)."""
        if self.deals[-1].history or self.deals[-1].events:
            self.deals.append(DealLog(self.deals[-1].number + 1))
        self.deals[-1].events = {-1: list(events)} if events else {}
        self._source = ()
        self.scroll = 0

    def told_again(self, number: int, dealt, moves) -> None:
        """The current deal, ``number``, told from its start (a network table's catchup: the
        deal's own events and each move's). A deal of that number the log held before it
        (the connection was lost in it) gives way to it, its explanations kept."""
        cur = self.deals[-1]
        if len(self.deals) > 1 and self.deals[-2].number == number:
            cur.explained = {**self.deals.pop(-2).explained, **cur.explained}
        cur.number = number
        cur.events = {i: list(e) for i, e in enumerate(moves) if e}
        if dealt:
            cur.events[-1] = list(dealt)
        self._source = ()

    def note(self, index: int, events) -> None:
        """The events of the current deal's move ``index``."""
        self.deals[-1].events[index] = list(events)
        self.deals[-1].explained.pop(index, None)  # a new move at this index
        self._source = ()

    def explain(self, index: int, explanation: Explanation | None) -> None:
        """The explanation of the current deal's move ``index`` (a computer's move)."""
        if explanation is None:
            self.deals[-1].explained.pop(index, None)
        else:
            self.deals[-1].explained[index] = explanation

    def move(self, deal: int, index: int) -> tuple[str, Explanation | None]:
        """The notation of a move of ``deals[deal]`` and its explanation (or None)."""
        d = self.deals[deal]
        return d.history[index], d.explained.get(index)

    def moves(self) -> list[tuple[int, int]]:
        """Every move of the log as (deal, index), oldest first."""
        return [(i, j) for i, d in enumerate(self.deals) for j in range(len(d.history))]

    def row_at(self, pos) -> tuple[int, int] | None:
        """The move told by the line drawn at ``pos``, or None."""
        for rect, row in self.hits:
            if rect.collidepoint(pos) and row < len(self.row_moves):
                return self.row_moves[row]
        return None

    def sync(self, history: list[str], names: list[str], language: str, you: int = -1,
             title: Callable[[int], str] | None = None, number: int = 1) -> None:
        """Bring the current deal (``number``) up to ``history``; ``title(n)`` names deal
        n above its moves once there are several."""
        cur = self.deals[-1]
        cur.history = list(history)
        cur.number = number
        for i in [i for i in cur.explained if i >= len(history)]:
            del cur.explained[i]  # moves taken back
        key = (len(self.deals), len(history), history[-1] if history else "", language,
               tuple(names), you)
        if key == self._source:
            return
        grew = bool(self._source) and self._source[3:] == key[3:]
        self._source = key
        rows: list[tuple[str, str]] = []
        moves: list[tuple[int, int] | None] = []  # a move's notes belong to it too
        several = len(self.deals) > 1
        for k, deal in enumerate(self.deals):
            if several and title is not None:
                rows.append((title(deal.number), "head"))
                moves.append(None)
            for x in describe_events(deal.events.get(-1, ()), names, you):
                rows.append((x, "note"))
                moves.append(None)
            for i, h in enumerate(deal.history):
                rows.append((f"{i + 1}. {describe(h, names, you)}", "move"))
                moves.append((k, i))
                for x in describe_events(deal.events.get(i, ()), names, you):
                    rows.append((x, "note"))
                    moves.append((k, i))
        self.rows = rows
        self.row_moves = moves
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
        rows: list[tuple[str, tuple, int]] = []  # (text, colour, row)
        last_move = max((i for i, (_, kind) in enumerate(self.rows) if kind == "move"),
                        default=-1)
        for i, (text, kind) in enumerate(self.rows):
            if kind == "note":
                text = "· " + text
            colour = (palette.GOLD if kind == "head" else
                      palette.GOLD_LIGHT if i >= last_move >= 0 and kind != "head" else
                      palette.TEXT_DIM if kind == "note" else palette.TEXT)
            for j, line in enumerate(_lines(text, inner_w, size)):
                rows.append(("   " + line if j or kind == "note" else line, colour, i))
        fit = max(1, (rect.bottom - top - round(6 * scale)) // lh)
        self.scroll = min(self.scroll, max(0, len(rows) - fit))
        end = len(rows) - self.scroll
        start = max(0, end - fit)
        y = top
        self.hits = []
        for text, colour, row in rows[start:end]:
            surface.blit(_line_image(text, size, colour), (rect.x + round(10 * scale), y))
            self.hits.append((pygame.Rect(rect.x, y, rect.w, lh), row))
            y += lh
        if not rows:
            img = _line_image(t("log.empty"), size, palette.TEXT_DIM)
            surface.blit(img, (rect.x + round(10 * scale), top))
