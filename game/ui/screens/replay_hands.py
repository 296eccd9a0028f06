"""The replay's hands (issue 29): every seat's hand face up at the viewer's card size, a row
each with the player's name, under a heading with the deal's number and the move.

The table shows other hands small above their plates (a thin strip when revealed); a replay
shown open promises every hand, so this board covers the table's main area (the replay's
buttons stay beside it) until the player turns to the table (Tab, or the Table button).
"""

from __future__ import annotations

import math

import pygame

from game.engine.deals import format_number
from game.i18n import game_name, t
from game.ui import cards_art, fonts, palette
from game.ui.table import render
from game.ui.table.layout import card_h, spread_step
from game.ui.table.order import rank_key
from game.ui.table.overlay import Overlay
from game.ui.table.scene import Sprite

INDEX_ROWS = 0.32  # of a card's height: its index (rank over suit) shows whole above the next


def readable_step(w: int) -> int:
    """The closest two cards of width ``w`` come in a line: the index of each shows whole (as
    in the table's hand, game.ui.table.layout.hand_slots)."""
    return max(8, cards_art.index_width(w) + 2)


class HandsBoard(Overlay):
    modal = False  # the replay's keys and buttons step on while it is shown

    def rect(self) -> pygame.Rect:
        """The table's main area: the replay's buttons stand over its right edge."""
        lay = self.screen.lay
        m = lay.margin
        return pygame.Rect(lay.main.x + m, m, lay.main.w - 2 * m, lay.size[1] - 2 * m)

    def room_right(self) -> int:
        """Where the cards stop: short of the replay's buttons (and the corner's scores)."""
        lay = self.screen.lay
        right = lay.hand_buttons.x
        if lay.corner is not None:
            right = min(right, lay.corner.x)
        return right - lay.margin

    def heading(self) -> str:
        sc = self.screen
        r = sc.replay
        words = [game_name(sc.game)]
        if sc.number is not None:
            words.append(t("table.number", number=format_number(sc.number, 1)))
        words.append(t("replay.step", step=r.step, total=r.total))
        return " · ".join(words)

    def rows(self) -> list[tuple[str, pygame.Rect, list[Sprite]]]:
        """Each seat's name, where it is written, and its cards (their sprites), top to
        bottom; the cards as large as the viewer's hand's."""
        sc = self.screen
        lay = sc.lay
        s = lay.scale
        box = self.rect()
        pad = round(12 * s)
        size = sc.app.font_sizes["body"]
        head_h = render.text("Ag", sc.app.font_sizes["heading"], palette.TEXT, True).get_height()
        name_h = render.text("Ag", size, palette.TEXT, True).get_height()
        names = sc.names()
        name_w = max(render.text(n, size, palette.TEXT, True).get_width() for n in names)
        w, h = lay.card_w, card_h(lay.card_w)
        top = box.y + pad + head_h + pad
        n = sc.players
        x0 = box.x + pad + name_w + pad
        span = self.room_right() - x0
        hands = sc.reads.view.every_hand or ()
        held = [sorted(hands[seat], key=rank_key) if seat < len(hands) else []
                for seat in range(n)]
        # A hand longer than its row holds with every index whole (a Canastone pile taken:
        # sixty cards and more) goes on over more lines, each as full as the others.
        per_line = 1 + max(0, int((span - w) // readable_step(w)))
        lines = [max(1, math.ceil(len(codes) / per_line)) for codes in held]
        room = box.bottom - pad - top
        # A line each, as tall as a card, or overlapping so that each line's indices show.
        step_y = min(h + pad, max(round(h * INDEX_ROWS), (room - h) / max(1, sum(lines) - 1)))
        out = []
        line = 0
        for seat, codes in enumerate(held):
            y = round(top + line * step_y)
            per = math.ceil(len(codes) / lines[seat])
            # As far apart as the row's room allows; a longer hand closes up inside it.
            step = min(spread_step(w), (span - w) / (per - 1)) if per > 1 else 0
            cards = [Sprite(c, pygame.Rect(round(x0 + (i % per) * step),
                                           round(top + (line + i // per) * step_y), w, h),
                            True, ("hand", seat))
                     for i, c in enumerate(codes)]
            out.append((names[seat], pygame.Rect(box.x + pad, y, name_w, name_h), cards))
            line += lines[seat]
        return out

    def draw(self, surface: pygame.Surface) -> None:
        sc = self.screen
        s = sc.lay.scale
        box = self.rect()
        # Opaque: the table under it would show through the panel's translucent ground.
        surface.blit(render.rounded(box.size, (*palette.FELT_DARK, 255), round(16 * s)), box)
        self.panel(surface, box)
        pad = round(12 * s)
        words = self.heading()
        size = fonts.fit_size(words, box.w - 2 * pad, sc.app.font_sizes["heading"], True)
        head = render.text(words, size, palette.GOLD_LIGHT, True)
        surface.blit(head, (box.x + pad, box.y + pad))
        style = sc.app.settings.deck_style
        for name, where, cards in self.rows():
            colour = palette.GOLD_LIGHT if cards and cards[0].zone[1] == sc.viewer else \
                palette.TEXT
            surface.blit(render.text(name, sc.app.font_sizes["body"], colour, True), where)
            for sp in cards:
                render.draw_card(surface, sp, style)
