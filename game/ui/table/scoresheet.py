"""The score sheet after every deal (each side's breakdown and the running totals) and the
game-over screen."""

from __future__ import annotations

import pygame

from game.i18n import game_name, t, winner_message
from game.ui import audio, fonts, palette
from game.ui.table.overlay import Overlay
from game.ui.table.render import text

# Breakdown keys (engines' ``breakdown()``) to catalogue keys, in the order shown.
CANASTA_ROWS = (
    ("melds", "score.melds"),
    ("canastas", "score.canasta_bonuses"),
    ("five_canastas", "score.five_canastas"),
    ("red_threes", "score.red_threes"),
    ("going_out", "score.going_out"),
    ("grab", "score.exact_grab"),
    ("hand", "score.cards_in_hand"),
)
CASSINO_ROWS = (
    ("cards", "score.cards"),
    ("spades", "score.spades"),
    ("ten_of_diamonds", "score.ten_of_diamonds"),
    ("two_of_spades", "score.two_of_spades"),
    ("aces", "score.aces"),
    ("sweeps", "score.sweeps"),
)


def rows_for(table: tuple, breakdown: list[dict],
             counts: list[dict] | None = None) -> list[tuple[str, list]]:
    """(label, points per side) rows of a deal's breakdown in the order of ``table`` (the
    family's ``score_rows``); rows every side scores 0 in are left out, except the usual
    ones. ``counts`` (per side, by the same keys): shown beside the points they gave."""
    out = []
    usual = {"melds", "canastas", "red_threes", "going_out", "hand", "cards", "spades",
             "ten_of_diamonds", "two_of_spades", "aces", "sweeps"}
    for key, label in table:
        if not any(key in part for part in breakdown):
            continue
        vals: list = [part.get(key, 0) for part in breakdown]
        if key not in usual and not any(vals):
            continue
        if counts and all(key in c for c in counts):
            vals = [t("score.with_count", points=f"{v:+d}" if v else "0", count=c[key])
                    for v, c in zip(vals, counts)]
        out.append((t(label), vals))
    return out


def _button_size(m, keys: tuple[str, ...] = ()) -> tuple[int, int]:
    """The score sheet's buttons (or those of ``keys``): as wide and tall as the longest of
    their words needs (``m``: the table model)."""
    s = m.s
    font = fonts.font(m.font_sizes["button"], True)
    keys = keys or ("replay.this_deal", "common.close", "score.final_result",
                    m.family.score_words[0])
    words = [t(k) for k in keys]
    return (max(s(190), max(font.size(w)[0] for w in words) + s(28)),
            max(s(46), font.get_linesize() + s(10)))


class ScoreSheet(Overlay):
    """After a deal (``final=False`` once the deal is over) or on request (``view=True``)."""

    closable = True

    def __init__(self, screen, view: bool = False) -> None:
        super().__init__(screen)
        self.view = view
        self.closable = view

    def build(self) -> None:
        m = self.model
        s = m.s
        rect = self.rect()
        bw, bh = _button_size(m)
        r = pygame.Rect(0, 0, bw, bh)
        r.bottomright = (rect.right - s(24), rect.bottom - s(20))
        if m.dealing and m.reads.is_over:  # issue 13
            from game.ui.screens.replay_screen import replay_button

            replay_button(self, r.move(-(bw + s(12)), 0))
        if self.view:
            self.button(r, t("common.close"), self.close, primary=True)
        elif m.game_over:
            self.button(r, t("score.final_result"), self.do.show_game_over, primary=True)
        else:
            label = t(m.family.score_words[0])
            self.button(r, label, self.do.next_deal, primary=True)

    def rect(self) -> pygame.Rect:
        m = self.model
        w, h = m.window_size
        s = m.s
        nsides = len(m.side_names())
        pw = min(w - s(40), round((s(300) + s(150) * nsides) * fonts.text_scale()))
        ph = min(h - s(40), s(640))
        r = pygame.Rect(0, 0, pw, ph)
        r.center = (m.lay.main.centerx if m.lay else w // 2, h // 2)
        if r.left < s(20):
            r.left = s(20)
        return r

    def draw(self, surface: pygame.Surface) -> None:
        m = self.model
        s = m.s
        self.dim(surface, 140)
        rect = self.rect()
        self.panel(surface, rect)
        fs = m.font_sizes
        x0 = rect.x + s(26)
        y = rect.y + s(20)
        title = text(t("score.title"), fs["title"], palette.GOLD_LIGHT, True)
        surface.blit(title, (x0, y))
        words = m.family.score_words
        sub = t(words[1], game=game_name(m.game), n=max(1, m.match.deals_played))
        img = text(sub, fs["body"], palette.TEXT_DIM)
        surface.blit(img, (x0, y + title.get_height() + s(2)))
        y += title.get_height() + img.get_height() + s(16)
        names = m.side_names()
        n = len(names)
        label_w = max(s(110), min(s(230), rect.w - s(52) - n * s(120)))
        col_w = (rect.right - s(26) - (x0 + label_w)) / max(1, n)
        body = fs["body"]
        small = fs["small"]

        def row(label, vals, bold=False, colour=palette.TEXT, line=False, size=body):
            nonlocal y
            if line:
                pygame.draw.line(surface, palette.GOLD_DARK, (x0, y), (rect.right - s(26), y))
                y += s(6)
            # a row's name shrinks to its column (a long one, "カナスタボーナス" at 150 %
            # text beside seven players' figures, ran into the first of them)
            img = text(label, fonts.fit_size(label, label_w - s(8), size, bold, 9), colour, bold)
            full = fonts.font(size, bold).get_height()
            surface.blit(img, (x0, y + max(0, full - img.get_height()) // 2))
            for i, v in enumerate(vals):
                val = v if isinstance(v, str) else f"{v:+d}" if v and not bold else str(v)
                im = text(val, fonts.fit_size(val, round(col_w - s(8)), size, bold, 9), colour,
                          bold)
                cx = x0 + label_w + col_w * (i + 1) - s(10)
                surface.blit(im, (round(cx - im.get_width()), y))
            y += round(fonts.font(size, bold).get_linesize() * 1.12)

        # Column heads: side names (wrapped to fit by shrinking).
        heads = []
        for nm in names:
            size = fonts.fit_size(nm, round(col_w - s(12)), body, True, 9)
            heads.append((nm, size))
        for i, (nm, size) in enumerate(heads):
            im = text(nm, size, palette.GOLD_LIGHT, True)
            cx = x0 + label_w + col_w * (i + 1) - s(10)
            surface.blit(im, (round(cx - im.get_width()), y))
        y += round(fonts.font(body, True).get_linesize() * 1.2)
        reads = m.reads if m.dealing else None
        bd = reads.breakdown() if reads is not None else None
        if bd:
            for label, vals in rows_for(m.family.score_rows, bd, m.family.score_counts(reads)):
                row(label, vals)
            scores = reads.deal_scores()
            label = t(words[2])
            row(label, scores, bold=True, colour=palette.GOLD_LIGHT, line=True)
        y += s(8)
        # The running totals, deal by deal.
        hist = m.match.deal_history
        pygame.draw.line(surface, palette.GOLD_DARK, (x0, y), (rect.right - s(26), y))
        y += s(6)
        run = [0] * n
        bw, bh = _button_size(m)
        bottom_limit = rect.bottom - s(40) - bh
        lh = round(fonts.font(small).get_linesize() * 1.1)
        # The total's row below them (a line and bold type); no room: no earlier deals.
        total_h = round(fonts.font(body, True).get_linesize() * 1.25) + s(8)
        first = max(0, len(hist) - max(0, (bottom_limit - y - total_h) // lh))
        for i, d in enumerate(hist):
            run = [a + b for a, b in zip(run, d)]
            if i < first:
                continue
            label = t(words[3], n=i + 1)
            row(label, [str(v) for v in run], size=small,
                colour=palette.TEXT_DIM)
        row(t("score.total"), [str(v) for v in m.match.totals], bold=True,
            colour=palette.GOLD_LIGHT, line=True)
        target = t("new_game.target_line", points=m.target())
        im = text(target, small, palette.TEXT_DIM)
        y = rect.bottom - s(20) - bh // 2 - im.get_height() // 2
        if x0 + im.get_width() + s(8) > rect.right - s(24) - 2 * bw - s(12):
            y = rect.bottom - s(26) - bh - im.get_height()  # no room beside the buttons
        surface.blit(im, (x0, y))


GAME_OVER_BUTTONS = ("table.main_menu", "menu.new_game")


class GameOver(Overlay):
    def build(self) -> None:
        s = self.model.s
        rect = self.rect()
        bw, bh = _button_size(self.model, GAME_OVER_BUTTONS)  # メインメニュー at 150 % was cut
        bw = min(max(bw, s(200)), (rect.w - s(64)) // 2)
        r1 = pygame.Rect(0, 0, bw, bh)
        r1.bottomright = (rect.centerx - s(8), rect.bottom - s(26))
        r2 = pygame.Rect(0, 0, bw, bh)
        r2.bottomleft = (rect.centerx + s(8), rect.bottom - s(26))
        self.button(r1, t("table.main_menu"), self.do.show_main_menu)
        self.button(r2, t("menu.new_game"), self.do.show_new_game, primary=True)

    def rect(self) -> pygame.Rect:
        m = self.model
        s = m.s
        w, h = m.window_size
        bw, bh = _button_size(m, GAME_OVER_BUTTONS)
        fs = m.font_sizes
        # As tall as the title, the winner's line, a line a side (seven in Looking and Down
        # ran under the buttons) and the buttons need.
        need = (s(30) + fonts.font(fs["title"], True).get_linesize() + s(14)
                + fonts.font(round(fs["title"] * 0.9), True).get_linesize() + s(18)
                + len(m.side_names()) * self.row_h(fs["heading"]) + s(10) + bh + s(26))
        r = pygame.Rect(0, 0, min(w - s(40), max(s(560), 2 * bw + s(64))),
                        min(h - s(40), max(s(420), need)))
        r.center = (w // 2, h // 2)
        return r

    def row_h(self, size: int) -> int:
        """A side's line: as tall as its words are drawn (taller than the font's line)."""
        f = fonts.font(size, True)
        return max(f.get_linesize(), f.size("Ag")[1]) + self.model.s(6)

    def draw(self, surface: pygame.Surface) -> None:
        model = self.model
        s = model.s
        self.dim(surface, 170)
        rect = self.rect()
        self.panel(surface, rect)
        fs = model.font_sizes
        m = model.match
        y = rect.y + s(30)
        head = text(t("score.game_over"), fs["title"], palette.GOLD_LIGHT, True)
        surface.blit(head, head.get_rect(midtop=(rect.centerx, y)))
        y += head.get_height() + s(14)
        names = model.side_names()
        teams = model.teams
        line = winner_message(m.winner, names, model.your_side() if teams else model.you(),
                              teams)
        size = fonts.fit_size(line, rect.w - s(40), round(fs["title"] * 0.9), True)
        im = text(line, size, palette.IVORY, True)
        surface.blit(im, im.get_rect(midtop=(rect.centerx, y)))
        y += im.get_height() + s(18)
        order = sorted(range(len(names)), key=lambda i: -m.totals[i])
        # The sides' lines above the buttons: smaller when the window is too low for them.
        room = min(b.rect.top for b in self.buttons) - s(10) - y if self.buttons else 10 ** 6
        size = fs["heading"]
        while size > 8 and len(order) * self.row_h(size) > room:
            size -= 1
        for i in order:
            col = palette.GOLD_LIGHT if i == m.winner else palette.TEXT
            a = text(names[i], size, col, True)
            b = text(str(m.totals[i]), size, col, True)
            surface.blit(a, (rect.x + s(70), y))
            surface.blit(b, (rect.right - s(70) - b.get_width(), y))
            y += self.row_h(size)

    def play_sound(self) -> None:
        audio.play("win")
