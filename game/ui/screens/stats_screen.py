"""The Statistics screen: per game, a table of your record at each player count and computer
level, a chart of your recent deals, today's daily deal, and Reset (asks first; Cancel is the
default). The numbers are game.stats' (docs/stats.md); nothing is counted here."""

from __future__ import annotations

import pygame

from game.engine.registry import GAMES
from game.i18n import game_name, game_text, t
from game.stats.families import counts_of
from game.ui import fonts, palette
from game.ui.screen import Screen
from game.ui.widgets.dialog import Dialog
from game.ui.widgets.segmented import Segmented
from game.ui.widgets.textblock import text_block, text_height

WON, LOST, DRAWN = (92, 190, 110), (214, 88, 76), palette.TEXT_DIM


def level_name(level: str) -> str:
    return t(f"level.{level}") if level in ("easy", "normal", "hard") else \
        t(f"stats.level.{level}")


def streak_text(streak: int) -> str:
    if streak > 0:
        return t("stats.streak_won", n=streak)
    return t("stats.streak_lost", n=-streak) if streak < 0 else t("stats.streak_none")


def tally_text(tally) -> str:
    return f"{tally.played}: {tally.won}–{tally.lost}–{tally.drawn}"


def rows_for(rules: str, bucket) -> list[tuple[str, str]]:
    """The table's rows for one bucket: (label, value)."""
    avg = bucket.average_score
    rows = [
        # In the game's own words: Cassino plays matches of games, not games of deals.
        (game_text(rules, "stats.games"), tally_text(bucket.games)),
        (game_text(rules, "stats.deals"), tally_text(bucket.deals)),
        (t("stats.average"), "–" if avg is None else f"{avg:.0f}"),
        (t("stats.best"), "–" if bucket.best_score is None else str(bucket.best_score)),
        (t("stats.streak"), streak_text(bucket.streak)),
        (t("stats.longest"), t("stats.longest_value", won=bucket.best_streak,
                               lost=bucket.worst_streak)),
    ]
    rows += counts_of(rules).rows(bucket, t)  # the family's own counts
    rows.append((t("stats.take_backs"), tally_text(bucket.take_backs)))
    return rows


class StatsScreen(Screen):
    def __init__(self, app, game: str | None = None):
        super().__init__(app)
        self.game = game or (app.settings.last_game.game if app.settings.last_game
                             else "canasta")
        self.reload()

    def reload(self) -> None:
        from game.stats import store

        loaded = store.read()
        self.stats = loaded.stats
        self.problem = loaded.problem
        self.unreadable = loaded.unreadable
        self.kept = [p.name for p in store.damaged_files()]

    def set_game(self, game: str) -> None:
        self.game = game
        self.rebuild()

    # --- layout ---------------------------------------------------------------------------

    def layout(self) -> None:
        w, h = self.size
        s = self.s
        pw, ph = min(w - s(40), s(1240)), h - s(30)
        rect = pygame.Rect(0, 0, pw, ph)
        rect.center = (w // 2, h // 2)
        self.panel_rect = rect
        p = self.panel(rect)
        pad = s(26)
        title_h = max(s(46), self.line("title", True))  # as tall as the text size's title
        self.label(pygame.Rect(pad, s(12), pw - 2 * pad, title_h), t("stats.title"), "#title",
                   container=p)
        below = title_h - s(46)  # what the title's text size adds, moves the rest down
        self.tabs = Segmented(self, pygame.Rect(pad, s(16) + title_h, pw - 2 * pad, s(38)),
                              [(g, t(info.title_key)) for g, info in GAMES.items()],
                              self.game, self.set_game, container=p, gap=s(4))
        bw, bh = s(170), s(46)
        by = ph - pad - bh + s(8)
        self.back_button = self.button(pygame.Rect(pad, by, bw, bh), t("common.back"),
                                       self.back, container=p)
        self.reset_button = self.button(pygame.Rect(pw - pad - bw, by, bw, bh),
                                        t("stats.reset"), self.ask_reset, container=p,
                                        enabled=bool(self.stats.buckets or self.stats.daily))
        self.body = pygame.Rect(rect.x + pad, rect.y + s(112) + below, pw - 2 * pad,
                                by - s(112) - below - s(10))
        notes = self.notes()
        if notes:
            # As tall as the notes' lines at the player's text size (a fixed height needed
            # a scroll bar at 150 %).
            nh = text_height(self, "\n".join(notes), pw - 2 * pad + 8, "small")
            text_block(self, pygame.Rect(pad - 4, by - s(8) - nh, pw - 2 * pad + 8, nh),
                       "\n".join(notes), size_key="small", object_id="#hint_box",
                       container=p)
            self.body.h -= nh + s(4)
        if not self.buckets():
            none = game_text(self.game, "stats.none", game=game_name(self.game))
            text_block(self, pygame.Rect(pad - 4, s(118) + below, pw - 2 * pad + 8,
                                         text_height(self, none, pw - 2 * pad + 8)),
                       none, container=p)

    def notes(self) -> list[str]:
        from game.stats.model import MAX_COUNT

        out = []
        if self.problem:
            out.append(t("stats.unreadable") if self.unreadable else t("stats.damaged"))
        if any(b.at_limit() for b in self.stats.buckets.values()):
            out.append(t("stats.at_limit", n=MAX_COUNT))
        if self.kept:
            out.append(t("stats.damaged_kept", file=self.kept[-1]))
        daily = self.today_result()
        if daily:
            out.append(t("stats.daily_today", result=daily))
        results = [e.result for e in self.stats.daily.values()
                   if e.rules == self.game and e.result is not None]
        if results:
            out.append(t("stats.daily_record", played=len(results), won=results.count("won"),
                         lost=results.count("lost"), drawn=results.count("drawn")))
        if any(b.take_backs.played for _, b in self.buckets()):
            out.append(game_text(self.game, "stats.take_backs_note"))
        return out

    def today_result(self) -> str | None:
        from game.stats.model import daily_key
        from game.stats.recorder import today

        e = self.stats.daily.get(daily_key(self.game, today().isoformat()))
        if e is None:
            return None
        if e.result is None:
            return t("daily.unfinished")
        return t(f"daily.{e.result}", score=e.score)

    def buckets(self) -> list[tuple[str, object]]:
        """This game's buckets, the most played first."""
        from game.stats.model import split_key

        mine = [(k, b) for k, b in self.stats.buckets.items() if split_key(k)[0] == self.game]
        mine.sort(key=lambda kb: (-kb[1].deals.played - kb[1].take_backs.played, kb[0]))
        return mine

    # --- actions --------------------------------------------------------------------------

    def ask_reset(self) -> None:
        # Cancel is last: the primary button, and Enter or Esc choose it.
        Dialog(self, t("stats.reset.title"), t("stats.reset.message"),
               [(t("stats.reset.confirm"), self.reset), (t("common.cancel"), None)])

    def reset(self) -> None:
        from game.stats import store

        try:
            store.reset()
        except OSError:
            Dialog(self, t("stats.title"), t("stats.write_failed"), [(t("common.ok"), None)])
        self.reload()
        self.rebuild()

    def process_event(self, event) -> bool:
        if (event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
                and self.dialog is not None):
            self.dialog.close()  # the default button of the reset question is Cancel
            return True
        return super().process_event(event)

    # --- drawing --------------------------------------------------------------------------

    def draw_background(self, surface: pygame.Surface) -> None:
        super().draw_background(surface)
        buckets = self.buckets()
        if not buckets:
            return
        s = self.s
        body = self.body
        table_h = self.draw_table(surface, buckets, body)
        chart = pygame.Rect(body.x, body.y + table_h + s(14), body.w,
                            min(s(260), body.bottom - body.y - table_h - s(14)))
        if chart.h >= s(70):
            self.draw_chart(surface, chart)

    def draw_table(self, surface, buckets, area: pygame.Rect) -> int:
        """The rows of each bucket side by side; returns the height used."""
        s = self.s
        size = self.app.font_sizes["small"]
        line = fonts.font(size).get_linesize() + s(3)
        rows0 = rows_for(self.game, buckets[0][1])
        label_w = min(max(fonts.font(size).size(lbl)[0] for lbl, _ in rows0) + s(16),
                      area.w // 3)
        col_w = max(s(150), s(170))
        cols = max(1, min(len(buckets), (area.w - label_w) // col_w))
        col_w = (area.w - label_w) // cols
        max_rows = max(1, (area.h * 2 // 3) // line - 1)
        y = area.y
        for i, (key, _) in enumerate(buckets[:cols]):
            _, players, level = key.split("/")
            head = t("stats.players", players=players, level=level_name(level))
            self._cell(surface, head, area.x + label_w + i * col_w, y, col_w - s(8), size,
                       palette.GOLD_LIGHT, True)
        y += line + s(2)
        pygame.draw.line(surface, palette.GOLD_DARK, (area.x, y - s(2)), (area.right, y - s(2)))
        for r, (label, _) in enumerate(rows0[:max_rows]):
            if r % 2:
                band = pygame.Surface((area.w, line), pygame.SRCALPHA)
                band.fill((255, 255, 255, 14))
                surface.blit(band, (area.x, y))
            self._cell(surface, label, area.x, y, label_w - s(8), size, palette.TEXT_DIM)
            for i, (_, bucket) in enumerate(buckets[:cols]):
                value = rows_for(self.game, bucket)[r][1]
                self._cell(surface, value, area.x + label_w + i * col_w, y, col_w - s(8), size,
                           palette.TEXT, True)
            y += line
        return y - area.y

    @staticmethod
    def _cell(surface, text, x, y, width, size, colour, bold=False) -> None:
        fitted = fonts.fit_size(text, width, size, bold)
        surface.blit(fonts.render(text, fitted, colour, bold=bold), (x, y))

    def draw_chart(self, surface, area: pygame.Rect) -> None:
        """Bars of your recent deals' leads: up and green when won, down and red when lost."""
        s = self.s
        size = self.app.font_sizes["small"]
        recent = self.stats.recent.get(self.game, [])
        title = game_text(self.game, "stats.recent" if recent else "stats.recent_none")
        self._cell(surface, title, area.x, area.y, area.w, size, palette.TEXT_DIM)
        top = area.y + fonts.font(size).get_linesize() + s(6)
        box = pygame.Rect(area.x, top, area.w, area.bottom - top)
        if not recent or box.h < s(30):
            return
        frame = pygame.Surface(box.size, pygame.SRCALPHA)
        frame.fill((0, 0, 0, 60))
        surface.blit(frame, box)
        mid = box.centery
        pygame.draw.line(surface, palette.GOLD_DARK, (box.x, mid), (box.right, mid))
        biggest = max(1, max(abs(d.margin) for d in recent))
        from game.stats.model import RECENT

        step = box.w / RECENT
        half = box.h / 2 - s(4)
        for i, d in enumerate(recent):
            x = box.x + round(i * step + step * 0.15)
            bw = max(1, round(step * 0.7))
            hgt = max(s(2), round(abs(d.margin) / biggest * half))
            colour = {"won": WON, "lost": LOST}.get(d.result, DRAWN)
            rect = pygame.Rect(x, mid - hgt if d.margin >= 0 else mid, bw, hgt)
            pygame.draw.rect(surface, colour, rect)
        label = fonts.render(f"±{biggest}", size, palette.TEXT_DIM)
        surface.blit(label, label.get_rect(topright=(box.right - s(4), box.y + s(2))))
