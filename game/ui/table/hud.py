"""The heads-up display around the cards: buttons, the turn banner, the score and log panel,
toasts, the thinking dots and the hint's glow.

The :class:`Hud` builds the pygame_gui buttons in ``build_buttons`` (after every layout) and
shows only those that can act (``refresh_buttons``, cheap when nothing changed); the rest is
drawn: the banner and the panel into the table's static layer, the toasts, dots and glows
over it each frame.
"""

from __future__ import annotations

import pygame

from game.engine.deals import format_number
from game.i18n import game_name, game_text, seat_message, t
from game.ui import fonts, palette
from game.ui.table import render
from game.ui.table.presenter import FADE_SECONDS
from game.ui.textlayout import wrap

HINT_SECONDS = 7.0  # how long a hint's highlight and reason stay up
HINT_KINDS = {"draw": ("stock",), "take": ("pile",), "discard": ("pile",), "trail": ("table",),
              "meld": ("meld_area",), "add": ("meld",)}


def shared_widths(labels: list[str], width: int, gap: int, size: int) -> list[int]:
    """Widths of buttons in a row ``width`` wide: each its text's width plus an equal share of
    the rest, so a long label ("記録を隠す") is not cut while a short one has room to spare."""
    texts = [fonts.font(size).size(label)[0] for label in labels]
    spare = max(0, width - gap * (len(labels) - 1) - sum(texts))
    widths = [w + spare // len(labels) for w in texts]
    widths[-1] = width - gap * (len(labels) - 1) - sum(widths[:-1])
    return widths


class Hud:
    """Reads the table through ``model``, acts through ``do`` (game/ui/table/hub.py) and
    draws the move log ``movelog`` in its panel."""

    def __init__(self, model, do, movelog) -> None:
        self.model = model
        self.do = do
        self.movelog = movelog
        self.buttons: dict[str, object] = {}
        self._button_state: tuple = ()
        self.column: list[str] = []  # the hand's button column, top to bottom
        self._stage_at: pygame.Rect | None = None  # where the staged melds' buttons stand
        self._column_geometry: tuple = ()  # (its rectangle, a button's height, the gap)

    # ---- buttons ---------------------------------------------------------------------------
    def build_buttons(self) -> None:
        m = self.model
        s = m.s
        lay = m.lay
        self._button_state = ()
        self.buttons = {}
        small = "#small_button"
        panel = [("scores", t("table.score_sheet_short"), self.do.show_scores),
                 ("menu", t("table.menu"), self.do.back)]
        if lay.log_buttons is not None:
            r = lay.log_buttons
            row = [("log", t("table.hide_log"), self.do.toggle_log)] + panel
            widths = shared_widths([label for _k, label, _cb in row], r.w, s(6),
                                   m.font_sizes["small"])
            x = r.x
            for (key, label, cb), w in zip(row, widths):
                self.buttons[key] = self.do.button(pygame.Rect(x, r.y, w, r.h), label, cb, small)
                x += w + s(6)
        else:
            c = lay.corner_buttons
            col = [("log", t("table.show_log"), self.do.toggle_log)] + panel
            bh = (c.h - (len(col) - 1) * s(6)) // len(col)
            for i, (key, label, cb) in enumerate(col):
                self.buttons[key] = self.do.button(pygame.Rect(c.x, c.y + i * (bh + s(6)), c.w, bh),
                                              label, cb, small)
        hb = lay.hand_buttons
        gap = s(6)
        col = self.column_buttons()
        text_h = fonts.font(m.font_sizes["small"]).get_height() + s(2)  # the text size's
        bh = max(s(24), text_h, min(s(38), (hb.h - (len(col) - 1) * gap) // len(col)))
        if len(col) > 1 and len(col) * bh + (len(col) - 1) * gap > hb.h:  # closer, not higher
            gap = max(1, (hb.h - len(col) * bh) // (len(col) - 1))
        self.column = [key for key, _label, _cb in col]
        self._column_geometry = (hb, bh, gap)
        for key, label, cb in col:
            self.buttons[key] = self.do.button(pygame.Rect(hb.x, hb.y, hb.w, bh), label, cb, small)
        self.close_up_column(self.column)
        self._stage_at = None  # the staged melds' buttons come with them (refresh_buttons)

    def column_buttons(self) -> list[tuple[str, str, object]]:
        """(key, label, callback) of the hand's button column, top to bottom."""
        return self.model.family.action_buttons() + [
            ("take_back", t("table.take_back"), self.do.take_back),
            ("hint", t("table.hint"), self.hint_or_scores),
            ("sort_rank", t("table.sort_rank"), lambda: self.do.sort_hand("rank")),
            ("sort_suit", t("table.sort_suit"), lambda: self.do.sort_hand("suit"))]

    def wanted(self, can_act: bool) -> dict[str, bool]:
        """Which of the buttons that come and go are shown now (the rest always are)."""
        return self.model.family.buttons_wanted(can_act)

    def stage_buttons(self) -> list[tuple[str, str, object]]:
        staging = self.model.family.staging
        return [("stage_meld", t("table.meld"), staging.confirm),
                ("stage_back", t("stage.put_back"), staging.put_back)]

    def stage_controls_size(self) -> tuple[int, int]:
        """(width, height) of the staged melds' two buttons, one above the other, each as
        wide as the longer word needs."""
        m = self.model
        s = m.s
        font = fonts.font(m.font_sizes["small"])
        w = max(font.size(label)[0] for _k, label, _cb in self.stage_buttons()) + s(20)
        bh = max(s(24), font.get_height() + s(6))
        return w, 2 * bh + s(6)

    def place_stage_buttons(self) -> None:
        """The staged melds' buttons, in the slot the scene keeps after them, made when melds
        are staged and gone with them (no button waits hidden where another might go)."""
        m = self.model
        at = m.scene.stage_controls if (m.scene is not None and m.family.staging
                                         and m.can_act()) else None
        if at == self._stage_at and (at is None) == ("stage_meld" not in self.buttons):
            return
        for key in ("stage_meld", "stage_back"):
            b = self.buttons.pop(key, None)
            if b is not None:
                self.do.drop_button(b)
        self._stage_at = None if at is None else pygame.Rect(at)
        if at is None:
            return
        bh = (at.h - m.s(6)) // 2
        for (key, label, cb), y in zip(self.stage_buttons(), (at.y, at.bottom - bh)):
            self.buttons[key] = self.do.button(pygame.Rect(at.x, y, at.w, bh), label, cb,
                                          "#small_button")

    def close_up_column(self, shown: list[str]) -> None:
        """Stack the ``shown`` buttons of the hand's column at its foot, in the column's order,
        with no gap where a hidden one would be: the sorts stay put beside the hand, the
        buttons that come and go are the topmost. The hidden ones wait in the slots above, so
        no two buttons ever share a place."""
        hb, bh, gap = self._column_geometry
        order = [k for k in self.column if k not in shown] + [k for k in self.column if k in shown]
        y = hb.bottom - bh
        for key in reversed(order):
            if self.buttons[key].relative_rect.y != y:
                self.buttons[key].set_relative_position((hb.x, y))
            y -= bh + gap

    def hint_or_scores(self) -> None:
        """Hint's button opens a finished deal's sheet: one button in that place, so no two
        widgets ever share it (no hints once a deal is over)."""
        if self.model.sheet_due:
            self.do.show_scores()
        else:
            self.do.show_hint()

    def refresh_buttons(self, force: bool = False) -> None:
        """Show the buttons that can act now, hide the others."""
        m = self.model
        covered = m.overlay is not None and m.overlay.modal
        act = m.can_act()
        want = self.wanted(act)
        scores_due = m.sheet_due
        if "hint" in self.buttons:
            want["hint"] = scores_due or (m.dealing and m.can_hint())
            label = t("table.score_sheet_short") if scores_due else t("table.hint")
            if self.buttons["hint"].text != label:
                self.buttons["hint"].set_text(label)
        if "take_back" in self.buttons:
            want["take_back"] = m.can_take_back()
        self.place_stage_buttons()
        key = (covered, scores_due, tuple(sorted(want.items())), m.version, self._stage_at)
        if key == self._button_state and not force:
            return
        self._button_state = key
        self.do.request_frame()
        for name, b in self.buttons.items():
            if not covered and want.get(name, True):
                b.show()
            else:
                b.hide()
        self.close_up_column([k for k in self.column if want.get(k, True)])

    # ---- the banner ------------------------------------------------------------------------
    def banner_text(self) -> tuple[str, str]:
        """(headline, hint) for the turn banner."""
        m = self.model
        if m.halted:
            return t("table.halted.title"), t("table.halted.hint")
        if not m.dealing or m.reads.is_over:
            return game_text(m.game, "table.deal_over"), (
                t("table.deal_over_hint") if m.sheet_due else "")
        reads = m.reads
        cur = reads.current_player
        if m.down_gate:
            return t("table.your_down"), t("hint.pick_up_down")
        if cur == m.viewer and m.is_human(cur):
            return t("table.your_turn"), m.family.turn_hint(reads)
        think = m.thinking_seat()
        names = m.names()
        head = t("table.thinking", name=names[think]) if think >= 0 else \
            seat_message("table.turn_of", cur, names, m.you())
        return head, m.family.waiting_hint(reads)

    @staticmethod
    def _banner_head(head: str, area, s: float, colour) -> pygame.Surface:
        """The banner's head on one line, smaller where room is short but no smaller than
        100 % text would be; with a larger text size, on two lines before that; smaller
        still only when two lines do not fit either."""
        full = max(12, round(22 * s))
        size = fonts.fit_size(head, area.w, full, True, full)
        lines = [head]
        if fonts.font(size, True).size(head)[0] > area.w:
            lines = wrap(head, area.w, full, True)
            size = full
            if len(lines) > 2 or any(fonts.font(size, True).size(x)[0] > area.w for x in lines):
                size = fonts.fit_size(head, area.w, full, True, 10)
                lines = [head]
        imgs = [render.text_shadowed(line, size, colour, True) for line in lines]
        if len(imgs) == 1:
            return imgs[0]
        out = pygame.Surface((max(i.get_width() for i in imgs),
                              sum(i.get_height() for i in imgs)), pygame.SRCALPHA)
        y = 0
        for i in imgs:
            out.blit(i, (0, y))
            y += i.get_height()
        return out

    def draw_banner(self, surf) -> None:
        lay = self.model.lay
        s = lay.scale
        head, hint = self.banner_text()
        area = lay.banner
        if area is None or area.w < 60:
            return
        yours = head == t("table.your_turn")
        img = self._banner_head(head, area, s, palette.GOLD_LIGHT if yours else palette.TEXT)
        room = area.h - img.get_height() - round(4 * s)
        hs = max(10, round(14 * s))
        lines = []
        if hint:
            while True:  # smaller type before cutting the hint short
                lines = wrap(hint, area.w, hs)
                lh = fonts.font(hs).get_linesize()
                if len(lines) * lh <= room or hs <= max(9, round(11 * s)):
                    break
                hs -= 1
        lh = fonts.font(hs).get_linesize()
        fit = max(0, room // lh)
        if len(lines) > fit:
            lines = lines[:fit]
            if lines:
                lines[-1] = lines[-1].rstrip(" .,、。") + "…"
        total = img.get_height() + len(lines) * lh + round(4 * s)
        y = area.centery - total // 2
        surf.blit(img, (area.x, y))
        y += img.get_height() + round(4 * s)
        for line in lines:
            surf.blit(render.text(line, hs, palette.TEXT_DIM), (area.x, y))
            y += lh

    # ---- the score and log panel -----------------------------------------------------------
    def draw_panel(self, surf) -> None:
        m = self.model
        lay = m.lay
        s = lay.scale
        col = lay.log
        surf.blit(render.rounded((col.w, col.h), (8, 30, 20, 200), 0), col)
        pygame.draw.line(surf, palette.GOLD_DARK, (col.x, 0), (col.x, col.h))
        r = lay.info
        fs = m.font_sizes
        x = r.x + round(6 * s)
        y = r.y + round(4 * s)
        title = game_name(m.game)
        img = render.text(title, fonts.fit_size(title, r.w - round(8 * s), fs["heading"], True),
                          palette.GOLD_LIGHT, True)
        surf.blit(img, (x, y))
        y += img.get_height() + round(2 * s)
        n = m.deal_number
        sub = t(m.family.deal_key, n=max(1, n))
        if m.number is not None:
            sub += " · " + t("table.number", number=format_number(m.number, n))
        sub += " · " + t("table.target_short", points=m.target())
        size = fonts.fit_size(sub, r.w - round(8 * s), fs["small"])
        img = render.text(sub, size, palette.TEXT_DIM)
        surf.blit(img, (x, y))
        y += img.get_height() + round(6 * s)
        small = fs["small"]
        y = self.draw_scores(surf, r, y)
        if m.dealing:
            line = m.family.info_line(m.reads)
            if line:
                img = render.text(line, small, palette.GOLD_LIGHT)
                if y + img.get_height() <= r.bottom + round(10 * s):
                    surf.blit(img, (x, y + round(2 * s)))
        self.movelog.draw(surf, lay.log_list, s, t("table.move_log"))

    def draw_scores(self, surf, rect, y: int | None = None) -> int:
        """Each side's name and running total, one line each, from ``y`` down in ``rect``
        (the panel's header; with the log closed, the corner under its buttons)."""
        m = self.model
        s = m.lay.scale
        x = rect.x + round(6 * s)
        y = rect.y + round(4 * s) if y is None else y
        small = m.font_sizes["small"]
        totals = m.match.totals
        for i, nm in enumerate(m.side_names()):
            colour = render.TEAM_COLOURS[i % 2] if m.partnerships else palette.TEXT
            val = render.text(str(totals[i]), small, palette.TEXT, True)
            room = rect.w - round(18 * s) - val.get_width()
            img = render.text(nm, fonts.fit_size(nm, room, small, True, 8), colour, True)
            if y + img.get_height() > rect.bottom:
                break
            surf.blit(img, (x, y))
            surf.blit(val, (rect.right - round(6 * s) - val.get_width(), y))
            y += max(img.get_height(), val.get_height())
        return y

    def draw_corner(self, surf) -> None:
        """With the log closed: the running score under the corner's buttons."""
        r = self.model.lay.corner_scores
        if r is None:
            return
        radius = max(4, round(8 * self.model.lay.scale))
        surf.blit(render.rounded(r.size, (8, 30, 20, 190), radius), r)
        self.draw_scores(surf, r)

    # ---- drawn each frame ------------------------------------------------------------------
    def draw_toasts(self, surface) -> None:
        m = self.model
        if not m.toasts or m.lay is None:
            return
        if m.overlay is not None:  # the key sheet, Why? or a score sheet: read undisturbed
            return
        lay = m.lay
        s = lay.scale
        y = lay.hand.y - round(10 * s)
        for message, tone, left in reversed(m.toasts):
            img = render.toast(message, min(lay.main.w - round(40 * s), round(640 * s)), s, tone)
            if left < FADE_SECONDS:
                img = img.copy()
                img.set_alpha(round(255 * left / FADE_SECONDS))
            r = img.get_rect(midbottom=(lay.main.centerx, y))
            surface.blit(img, r)
            y = r.top - round(6 * s)

    def draw_thinking(self, surface, plate, clock: float) -> None:
        s = self.model.lay.scale
        r = max(2, round(3 * s))
        cx = plate.rect.right - round(12 * s)
        cy = plate.rect.y - round(8 * s)
        phase = clock * 2.5
        for i in range(3):
            on = int(phase) % 3 == i
            c = palette.GOLD_LIGHT if on else palette.GOLD_DARK
            pygame.draw.circle(surface, c, (cx - (2 - i) * r * 3, cy), r + (1 if on else 0))

    def draw_hint(self, surface, clock: float) -> None:
        cards, targets = self.hint_rects()
        pulse = 0.5 + 0.5 * abs(((clock * 1.2) % 2.0) - 1.0)
        scale = self.model.lay.scale
        for r in targets:
            render.draw_hint(surface, r, scale, pulse, card=False)
        for r in cards:
            render.draw_hint(surface, r, scale, pulse, card=True)

    def hint_rects(self) -> tuple[list[pygame.Rect], list[pygame.Rect]]:
        """(cards, targets) the current hint lights up: hand and table cards, and the pile,
        stock, meld, meld area, open table or button it goes to."""
        m = self.model
        h = m.hint
        if h is None or m.scene is None or h[1] != m.version:
            return [], []
        a = h[0]
        scene = m.scene
        cassino = a.verb in ("trail", "capture", "build")
        want = list(a.groups[0]) if cassino and a.groups else list(a.cards())
        cards = []
        for i, sp in enumerate(scene.hand):
            if sp.code in want:
                want.remove(sp.code)
                r = sp.rect
                nxt = scene.hand[i + 1].rect if i + 1 < len(scene.hand) else None
                if nxt is not None and r.x < nxt.x < r.right:  # fanned: only the part in view
                    r = pygame.Rect(r.x, r.y, nxt.x - r.x, r.h)
                cards.append(r)
        if cassino and len(a.groups) > 1:
            table = set(a.groups[1])
            cards += [sp.rect for sp in scene.sprites
                      if sp.zone[0] in ("loose", "res") and sp.code in table]
        kinds = HINT_KINDS.get(a.verb, ())
        targets = []
        for tg in scene.targets:
            if tg.kind not in kinds:
                continue
            if tg.kind in ("meld", "meld_area") and tg.side != m.reads.side(a.seat):
                continue
            if tg.kind == "meld" and tg.key != a.target:
                continue
            targets.append(tg.rect)
        if a.verb == "ask" and "ask" in self.buttons:
            targets.append(self.buttons["ask"].rect)
        return cards, targets
