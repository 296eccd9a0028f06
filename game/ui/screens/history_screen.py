"""History (issue 13): the last finished deals, to replay; and a record file to open.

Reached from the Load screen. Each row is a finished deal of ``game.replay.history`` (newest
first); Replay opens it on the Replay screen, "Open a record file" asks for a file's path.
Everything read from disk is checked through the engine first (``Replay``): an unusable
record is one line in the dialog, never a half-drawn table.
"""

from __future__ import annotations

import logging
import os

import pygame
from pygame_gui.elements import UISelectionList

from game.engine.errors import RecordError
from game.i18n import game_name, t
from game.replay import history
from game.replay.model import Replay
from game.ui import fonts
from game.ui.screen import Screen
from game.ui.screens.load_screen import NameDialog, fit_text, local_time

log = logging.getLogger(__name__)

MAX_PATH = 1024


class PathDialog(NameDialog):
    """The name box asking for a file's path instead of a save's name."""

    def __init__(self, screen, title: str, initial: str, on_ok, ok_label: str | None = None):
        super().__init__(screen, title, "", on_ok, ok_label)
        self.entry.set_text_length_limit(MAX_PATH)
        self.entry.set_text(initial[:MAX_PATH])

    def submit(self) -> None:
        problem = self.on_ok(self.entry.get_text().strip())
        if problem:
            self.error.set_text(problem)
        else:
            self.close()


class Unreadable(RecordError):
    """The record file cannot be read (missing, a folder, too large, no permission)."""


def open_record_file(path: str) -> Replay:
    """The replay of a record file; RecordError (one line) if it cannot be read or used."""
    from game.inputs import InputError, read_limited

    if not path:
        raise Unreadable("no file named")
    try:
        data = read_limited(path)
    except InputError as e:
        raise Unreadable(str(e)) from None
    return Replay.from_bytes(data)


def problem_text(e: RecordError) -> str:
    """Why a record cannot be replayed, in the player's language (the detail is logged)."""
    from game.replay.model import ActionRefused

    log.info("unusable record: %s", e)
    if isinstance(e, ActionRefused):
        reason = t("history.reason.refused", n=e.index)
    elif isinstance(e, Unreadable):
        reason = t("history.reason.unreadable")
    else:
        reason = t("history.reason.invalid")
    return t("history.unusable_reason", reason=reason)


def entry_line(e: history.HistoryEntry) -> str:
    r = e.record
    return t("history.entry", when=local_time(e.finished), game=game_name(r.rules),
             players=r.players, moves=len(r.actions),
             scores=" : ".join(str(x) for x in e.deal_scores))


class HistoryScreen(Screen):
    def __init__(self, app, on_back=None):
        super().__init__(app)
        self.on_back = on_back
        loaded = history.read()
        self.deals = loaded.deals
        self.problem = loaded.problem
        self.unreadable = loaded.unreadable
        if self.problem:
            log.warning("history file unreadable (%s); %s", self.problem,
                        "not replaced" if self.unreadable else "kept until the next deal")

    def layout(self) -> None:
        w, h = self.size
        s = self.s
        pw, ph = min(w - s(40), s(900)), min(h - s(30), s(700))
        rect = pygame.Rect(0, 0, pw, ph)
        rect.center = (w // 2, h // 2)
        p = self.panel(rect)
        pad = s(28)
        title_h = max(s(50), self.line("title", True))  # as tall as the text size's title
        self.label(pygame.Rect(pad, s(16), pw - 2 * pad, title_h), t("history.title"),
                   "#title", container=p)
        bh, gap = max(s(50), self.line("button", True, 12)), s(12)
        bw = max(s(220), *(self.text_width(t(k)) + s(28)
                           for k in ("history.replay", "history.open_file")))
        top = s(24) + title_h
        note_h = s(36)
        list_rect = pygame.Rect(pad, top, pw - 2 * pad, ph - top - note_h - bh - s(40))
        # Each line as wide as a row of the list, past its scroll bar (a long one ran out of
        # its row at 150 % text), in the larger of the theme's types the list may use.
        self.line_room = (list_rect.w - s(44), max(self.app.font_sizes["body"],
                                                   self.app.font_sizes["button"]))
        items = self.lines()
        self.list = UISelectionList(list_rect, [], self.manager, container=p)
        # Rows as tall as the theme's type at this scale (pygame_gui's default is 20 px).
        self.list.list_item_height = fonts.font(self.app.font_sizes["body"]).get_linesize() \
            + s(10)
        self.list.set_item_list(items)
        if items:  # the newest chosen, as pygame_gui's default selection does it
            first = self.list.item_list[0]
            first["selected"] = True
            if first["button_element"] is not None:
                first["button_element"].select()
        note = t("history.unreadable") if self.unreadable else t("history.damaged") \
            if self.problem else (
            t("history.none") if not items else t("history.kept", n=history.MAX_DEALS))
        self.label(pygame.Rect(pad, list_rect.bottom + s(6), pw - 2 * pad, note_h), note,
                   "#hint", container=p)
        by = ph - bh - s(22)
        self.button(pygame.Rect(pad, by, s(150), bh), t("common.back"), self.back,
                    container=p)
        x = pw - pad - bw
        self.replay_button = self.button(pygame.Rect(x, by, bw, bh), t("history.replay"),
                                         self.replay_selected, "#primary_button",
                                         container=p, enabled=bool(items))
        self.button(pygame.Rect(x - gap - bw, by, bw, bh), t("history.open_file"),
                    self.ask_file, container=p)

    def lines(self) -> list[str]:
        width, size = getattr(self, "line_room", (10 ** 6, self.app.font_sizes["body"]))
        return [fit_text(f"{i + 1}. {entry_line(e)}", size, width)
                for i, e in enumerate(self.deals)]

    def selected_index(self) -> int | None:
        chosen = self.list.get_single_selection()
        if chosen is None:
            return None
        lines = self.lines()
        return lines.index(chosen) if chosen in lines else None

    def replay_selected(self) -> None:
        i = self.selected_index()
        if i is None:
            return
        try:
            replay = Replay(self.deals[i].record)
        except RecordError as e:
            from game.ui.widgets.dialog import Dialog

            Dialog(self, t("history.unusable"), problem_text(e), [(t("common.ok"), None)])
            return
        self.show_replay(replay, self.deals[i].number)

    def show_replay(self, replay: Replay, number: int | None = None) -> None:
        from game.ui.screens.replay_screen import ReplayScreen

        app = self.app
        app.show(ReplayScreen(app, replay, on_back=lambda: app.show(HistoryScreen(
            app, self.on_back)), number=number))

    def ask_file(self) -> None:
        from game.ui.screens.replay_screen import export_folder

        def ok(path: str) -> str | None:
            try:
                replay = open_record_file(path)
            except RecordError as e:
                return problem_text(e)
            self.show_replay(replay)
            return None

        PathDialog(self, t("history.open_file"), str(export_folder()) + os.sep, ok,
                   t("history.open"))

    def back(self) -> None:
        if self.on_back is not None:
            self.on_back()
        else:
            self.app.show_main_menu()
