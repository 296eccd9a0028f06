"""The Daily deal screen: today's deal of each game, the same for everyone (its number comes
from the date: game.engine.deals.daily_number), with what became of your attempt. The first attempt
of the day is the one the statistics keep; playing again is allowed and said not to count
(docs/stats.md)."""

from __future__ import annotations

from datetime import date

import pygame

from game.engine.deals import daily_number
from game.engine.registry import GAMES
from game.i18n import t
from game.newgame import NewGameConfig
from game.ui import fonts, palette
from game.ui.screen import Screen
from game.ui.textlayout import wrap
from game.ui.widgets.dialog import Dialog


def daily_config(rules: str, day: date) -> NewGameConfig:
    """The daily deal's table: the usual player count, you at seat 0, normal computers."""
    return NewGameConfig.default(rules).model_copy(update={"number": daily_number(rules, day)})


def daily_session(rules: str, day: date, deadline_ms: int = 1000):
    from game.ui.table.screen import new_session

    session = new_session(daily_config(rules, day), deadline_ms=deadline_ms)
    session.daily = day.isoformat()
    return session


def status_text(entry) -> str:
    if entry is None:
        return t("daily.not_played")
    if entry.result is None:
        return t("daily.unfinished")
    return t(f"daily.{entry.result}", score=entry.score)


class DailyScreen(Screen):
    def __init__(self, app, day: date | None = None):
        super().__init__(app)
        from game.stats.recorder import today

        self.day = day or today()
        self.reload()

    def reload(self) -> None:
        from game.stats import store
        from game.stats.model import daily_key

        loaded = store.read()
        stats = loaded.stats
        self.unreadable = loaded.unreadable  # said on the screen; the deals can still be played
        self.entries = {g: stats.daily.get(daily_key(g, self.day.isoformat())) for g in GAMES}

    def layout(self) -> None:
        w, h = self.size
        s = self.s
        pw, ph = min(w - s(40), s(1000)), h - s(30)
        rect = pygame.Rect(0, 0, pw, ph)
        rect.center = (w // 2, h // 2)
        p = self.panel(rect)
        pad = s(26)
        inner = pw - 2 * pad
        title_h = max(s(46), self.line("title", True))  # as tall as the text size's title
        self.label(pygame.Rect(pad, s(12), inner, title_h),
                   t("daily.title", day=self.day.isoformat()), "#title", container=p)
        y = s(18) + title_h
        small = self.app.font_sizes["small"]
        about = wrap(t("daily.about"), inner, small)
        if self.unreadable:
            about += wrap(t("daily.unreadable"), inner, small)
        self.about = (rect.x + pad, rect.y + y, about)
        y += len(self.about[2]) * fonts.font(small).get_linesize() + s(12)
        bw, bh = s(170), s(46)
        by = ph - pad - bh + s(8)
        row_h = min(s(76), (by - s(8) - y) // len(GAMES))
        play_w = s(190)
        self.play_buttons = {}
        self.rows: list[tuple[pygame.Rect, str]] = []
        for game in GAMES:
            entry = self.entries[game]
            label = t("daily.play") if entry is None else t("daily.replay")
            bh_row = min(s(44), row_h - s(8))
            b = self.button(pygame.Rect(pw - pad - play_w, y + (row_h - bh_row) // 2, play_w,
                                        bh_row), label, lambda g=game: self.play(g),
                            "#primary_button" if entry is None else None, container=p)
            self.play_buttons[game] = b
            self.rows.append((pygame.Rect(rect.x + pad, rect.y + y, inner - play_w - s(12),
                                          row_h), game))
            y += row_h
        self.back_button = self.button(pygame.Rect(pad, by, bw, bh), t("common.back"),
                                       self.back, container=p)

    # --- actions --------------------------------------------------------------------------

    def play(self, game: str) -> None:
        if self.entries[game] is None:
            self.start(game)
            return
        # Cancel is last: the primary button, and Esc chooses it.
        Dialog(self, t("daily.replay.title"),
               t("daily.replay.message", game=t(GAMES[game].title_key)),
               [(t("daily.replay"), lambda: self.start(game)), (t("common.cancel"), None)])

    def start(self, game: str) -> None:
        from game.stats.recorder import begin_daily
        from game.ui.table import TableScreen

        session = daily_session(game, self.day, self.app.settings.ai_deadline_ms)
        begin_daily(session)  # the first attempt of the day is the one that counts
        self.app.show(TableScreen(self.app, session=session))

    # --- drawing --------------------------------------------------------------------------

    def draw_background(self, surface: pygame.Surface) -> None:
        super().draw_background(surface)
        s = self.s
        fs = self.app.font_sizes
        x, y, lines = self.about
        for line in lines:
            surface.blit(fonts.render(line, fs["small"], palette.TEXT_DIM), (x, y))
            y += fonts.font(fs["small"]).get_linesize()
        for i, (r, game) in enumerate(self.rows):
            if i:
                pygame.draw.line(surface, palette.GOLD_DARK, (r.x, r.y), (r.right, r.y))
            info = GAMES[game]
            title = t(info.title_key)
            sub = " · ".join((t("load.number", number=daily_number(game, self.day)),
                              t("daily.players", n=info.usual_players)))
            lines = [(title, fs["body"], palette.GOLD_LIGHT, True),
                     (sub, fs["small"], palette.TEXT_DIM, False),
                     (status_text(self.entries[game]), fs["small"], palette.TEXT, False)]
            total = sum(fonts.font(size, bold).get_linesize() for _, size, _, bold in lines)
            y = r.y + max(0, (r.h - total) // 2)
            for text, size, colour, bold in lines:
                fitted = fonts.fit_size(text, r.w, size, bold)
                img = fonts.render(text, fitted, colour, bold=bold)
                if y + img.get_height() > r.bottom + s(4):
                    break
                surface.blit(img, (r.x, y))
                y += fonts.font(size, bold).get_linesize()
