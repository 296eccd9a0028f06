"""The Load screen, "Continue", and the name dialog for "Save as..." and renaming.

The list shows the player's games (the autosave, its backup, named saves; newest first) with
game, players, scores, date and whose turn it is; damaged files greyed with a short reason;
then the recent unfinished games that new games replaced, and the bundled practice positions,
each in its own section. Load (or Start, for practice),
Rename and Delete act on the selected row. Rows are drawn onto one image inside the panel, so
dialogs stay on top of them.

:func:`saves_hooks` gives the main menu its Continue and Load buttons (``App(hooks=...)``).
A game is opened with ``game.ui.table.TableScreen.from_session(app, session)`` when the table
has it; until then a dialog says the table is not there yet.
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime

import pygame
import pygame_gui
from pygame_gui.elements import UIImage, UIPanel, UITextEntryLine, UIWindow

from game import i18n, saves
from game.engine.deals import format_number
from game.i18n import game_name, game_text, player_names, seat_message, t, you_seat
from game.safetext import display_text
from game.ui import fonts, palette
from game.ui.screen import Screen
from game.ui.widgets.dialog import Dialog
from game.ui.widgets.textblock import text_block

log = logging.getLogger(__name__)

GREY = (128, 142, 132)
GREY_DIM = (104, 118, 108)
WARN = (222, 150, 110)
SELECTED_BG = (214, 170, 72, 60)
HOVER_BG = (255, 255, 255, 16)


# ---- opening a game ------------------------------------------------------------------------

def open_session(app, session, screen=None) -> bool:
    """Show the table for a loaded session; a dialog if the table cannot take it yet."""
    table = app._table_screen_class()
    if table is not None and hasattr(table, "from_session"):
        app.show(table.from_session(app, session))
        return True
    Dialog(screen or app.screen, t("dialog.table_missing.title"),
           t("load.table_missing", game=game_name(session.rules)), [(t("common.ok"), None)])
    return False


def continue_latest(app) -> None:
    session = saves.load_latest()
    if session is None:
        Dialog(app.screen, t("load.failed.title"), t("load.nothing_to_continue"),
               [(t("common.ok"), None)])
        app.rebuild()
        return
    open_session(app, session)


def saves_hooks():
    """The main menu's Continue and Load, backed by game.saves (called once, at start: it
    also removes what writes killed midway left behind). game.saves loads its parts when
    first used, so this imports only game.saves.folder."""
    from game.saves import folder, lock
    from game.ui.app import AppHooks

    # The first copy to start writes the saves folder; a second one only reads it and says
    # so (game.saves.lock), and leaves the first one's writes in progress alone.
    if lock.writable(folder.saves_dir()):
        folder.remove_temp_files()

    def can_continue() -> bool:
        # Without an autosave file there is nothing to read: the menu's first frame then
        # imports no save model, session or computer players (docs/startup.md).
        return folder.has_latest() and saves.can_continue()

    return AppHooks(can_continue=can_continue, on_continue=continue_latest,
                    can_load=lambda: True, on_load=lambda app: app.show(LoadScreen(app)))


# ---- words for an entry --------------------------------------------------------------------

def local_time(stamp: str | None) -> str:
    if not stamp:
        return ""
    try:
        when = datetime.strptime(stamp, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)
    except ValueError:
        return ""
    return when.astimezone().strftime("%Y-%m-%d %H:%M")


def _kinds_and_names(summary) -> tuple[list[str], list[str]]:
    # Names come from the file: made safe to draw (a NUL would make the font raise).
    return [x.kind for x in summary.seats], [display_text(x.name) for x in summary.seats]


def seat_name(summary, seat: int) -> str:
    """The seat as the table names it."""
    return player_names(*_kinds_and_names(summary))[seat]


def entry_title(e) -> str:
    if e.kind == "practice" and e.practice is not None:
        return getattr(e.practice.title, i18n.current_language(), e.practice.title.en)
    if e.kind == "autosave":
        return t("load.autosave")
    if e.kind == "backup":
        return t("load.backup")
    if e.kind == "recent" and e.ok and e.summary is not None and local_time(e.updated):
        # Its file is named in the language of the day it was kept: the list says it anew.
        return t("load.recent_entry", game=game_name(e.summary.game), when=local_time(e.updated))
    return display_text(e.name)


def entry_line(e) -> str:
    """The second line of a row: game, players, scores, deal, whose turn (or the damage)."""
    if not e.ok:
        return t("load.damaged", reason=t(f"load.damaged.{e.reason_code}"))
    s = e.summary
    parts = [game_name(s.game)]
    if e.kind == "practice":
        return " · ".join(parts + [t("load.practice_to_play")])
    parts.append(t("common.list_sep").join(seat_name(s, i) for i in range(s.players)))
    parts.append(" – ".join(str(x) for x in s.totals))
    parts.append(game_text(s.game, "load.deal", n=s.deal))
    if s.number is not None:  # docs/deals.md: deal k of game N is N-k
        parts.append(t("load.number", number=format_number(s.number, s.deal)))
    if s.game_over:
        parts.append(game_text(s.game, "load.game_over"))
    elif s.turn < 0:
        parts.append(game_text(s.game, "load.deal_over"))
    else:
        kinds, names = _kinds_and_names(s)
        parts.append(seat_message("load.turn", s.turn, player_names(kinds, names),
                                  you_seat(kinds, names)))
    return " · ".join(parts)


def entry_detail(e) -> str:
    if e.kind == "practice" and e.practice is not None:  # its cards as the table shows them
        return i18n.cards_in_text(getattr(e.practice.description, i18n.current_language(),
                                          e.practice.description.en))
    if e.kind == "recent" and e.ok:
        return t("load.recent_note", file=display_text(e.path.name))
    if not e.ok:
        return t("load.damaged_detail", reason=t(f"load.damaged.{e.reason_code}"),
                 detail=display_text(e.reason or ""), file=display_text(e.path.name))
    return t("load.file", file=display_text(e.path.name))


def fit_text(text: str, size: int, width: int, bold: bool = False) -> str:
    """``text`` cut to fit ``width`` pixels, with an ellipsis: a binary search over the cut,
    so a few measurements whatever the length (cutting a character at a time was quadratic)."""
    text = display_text(text)
    f = fonts.font(size, bold)
    if f.size(text)[0] <= width:
        return text
    lo, hi = 0, len(text)  # the longest prefix that fits with its ellipsis
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if f.size(text[:mid] + "…")[0] <= width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + "…"


# ---- the name dialog -----------------------------------------------------------------------

class NameDialog:
    """A dialog asking for a name: ``on_ok(name)`` returns None (done) or an error to show."""

    def __init__(self, screen, title: str, initial: str, on_ok, ok_label: str | None = None):
        self.screen = screen
        self.on_ok = on_ok
        self.args = (title, initial, on_ok, ok_label)
        s = screen.s
        w, h = screen.size
        self.backdrop = UIWindow(pygame.Rect(0, 0, w, h), screen.manager,
                                 window_display_title="", object_id="#backdrop",
                                 draggable=False)
        self.backdrop.set_blocking(True)
        box_w = min(w - s(40), s(560))
        inner = box_w - s(56)
        title_h = fonts.font(screen.app.font_sizes["heading"], True).get_linesize() + s(6)
        box_h = s(28) + title_h + s(12) + s(46) + s(8) + s(30) + s(16) + s(46) + s(24)
        box = pygame.Rect(0, 0, box_w, box_h)
        box.center = (w // 2, h // 2)
        self.panel = UIPanel(box, starting_height=1, manager=screen.manager,
                             container=self.backdrop, object_id="#dialog")
        y = s(28)
        screen.label(pygame.Rect(s(28), y, inner, title_h), title, "#heading",
                     container=self.panel)
        y += title_h + s(12)
        self.entry = UITextEntryLine(pygame.Rect(s(28), y, inner, s(46)), screen.manager,
                                     container=self.panel)
        self.entry.set_text_length_limit(saves.store.MAX_NAME_LENGTH)
        self.entry.set_text(initial)
        self.entry.focus()
        y += s(46) + s(8)
        self.error = screen.label(pygame.Rect(s(28), y, inner, s(30)), "", "#hint",
                                  container=self.panel)
        bw, bh = s(150), s(46)
        x = box_w - s(28) - 2 * bw - s(12)
        screen.button(pygame.Rect(x, box_h - s(24) - bh, bw, bh), t("common.cancel"),
                      self.close, container=self.panel)
        self.ok_button = screen.button(
            pygame.Rect(x + bw + s(12), box_h - s(24) - bh, bw, bh), ok_label or t("common.ok"),
            self.submit, container=self.panel, object_id="#primary_button")
        screen.dialog = self

    def submit(self) -> None:
        text = self.entry.get_text()
        problem = name_error(text) or self.on_ok(text)
        if problem:
            self.error.set_text(problem)
        else:
            self.close()

    def close(self, silent: bool = False) -> None:
        if self.screen.dialog is self:
            self.screen.dialog = None
        self.backdrop.kill()
        # The backdrop holds three pictures of the window's size, in cycles with its buttons.
        self.screen.forget_killed()
        self.screen.app.release_memory_soon()

    def reopen_args(self):
        title, _, on_ok, ok_label = self.args
        return (title, self.entry.get_text(), on_ok, ok_label)


def name_error(name: str) -> str | None:
    """What is wrong with a name as typed (translated), before any file is touched: empty,
    too long, control or invisible characters, characters a file name cannot hold."""
    try:
        saves.check_name(name)
    except saves.SaveNameError as e:
        return name_problem(e)
    return None


def name_problem(e: Exception) -> str:
    """A save-name error in words."""
    if isinstance(e, saves.SaveNameError):
        return t(f"load.name_error.{e.code}")
    if isinstance(e, saves.SaveExistsError):
        return t("load.name_error.exists")
    if isinstance(e, saves.store.FolderInUse):
        return t("load.save_failed.in_use")
    return t("load.write_failed")


def save_as_dialog(screen, session, on_saved=None) -> NameDialog:
    """"Save as...": ask for a name and save the session under it (for the table's menu)."""
    def ok(name: str) -> str | None:
        try:
            path = saves.save_as(session, name)
        except saves.SaveError as e:
            return name_problem(e)
        if on_saved is not None:
            on_saved(path)
        return None

    default = f"{game_name(session.rules)} {datetime.now().strftime('%Y-%m-%d %H.%M')}"
    return NameDialog(screen, t("save_as.title"), default, ok, t("save_as.save"))


# ---- the screen ----------------------------------------------------------------------------

class _Panel(UIPanel):
    """A panel that lets clicks on the list through to the screen (a plain panel eats every
    click inside it)."""

    passthrough: pygame.Rect | None = None  # in screen coordinates

    def process_event(self, event: pygame.event.Event) -> bool:
        if (event.type == pygame.MOUSEBUTTONDOWN and self.passthrough is not None
                and self.passthrough.collidepoint(event.pos)):
            return False
        return super().process_event(event)


class LoadScreen(Screen):
    def __init__(self, app):
        super().__init__(app)
        self.selected = 0  # index into self.rows' selectable entries
        self.scroll = 0
        self.hover = -1
        self._last_click = (-1, 0)
        self.refresh(rebuild=False)

    # --- data -----------------------------------------------------------------------------

    def refresh(self, rebuild: bool = True) -> None:
        try:
            listed = saves.list_saves()
        except Exception:  # a broken folder must not take the screen down
            log.exception("listing saves failed")
            listed = []
        self.user = [e for e in listed if e.kind != "recent"]
        self.recent = [e for e in listed if e.kind == "recent"]
        try:
            self.practice = saves.list_practice()
        except Exception:
            log.exception("listing practice positions failed")
            self.practice = []
        self.entries = self.user + self.recent + self.practice
        self.selected = min(self.selected, max(0, len(self.entries) - 1))
        if rebuild and self.root is not None:
            self.rebuild()

    @property
    def current(self):
        return self.entries[self.selected] if self.entries else None

    def _rows(self) -> list[tuple[str, object]]:
        rows: list[tuple[str, object]] = [("header", t("load.section.saves"))]
        rows += [("entry", e) for e in self.user] or [("empty", t("load.none"))]
        if self.recent:
            rows.append(("header", t("load.section.recent")))
            rows += [("entry", e) for e in self.recent]
        rows.append(("header", t("load.section.practice")))
        rows += [("entry", e) for e in self.practice]
        return rows

    # --- layout ---------------------------------------------------------------------------

    def layout(self) -> None:
        w, h = self.size
        s = self.s
        pw, ph = min(w - s(40), s(1040)), min(h - s(30), s(740))
        panel_rect = pygame.Rect(0, 0, pw, ph)
        panel_rect.center = (w // 2, h // 2)
        self.panel = _Panel(panel_rect, manager=self.manager, container=self.root)
        p = self.panel
        pad = s(28)
        hw = max(s(200), self.text_width(t("load.history")) + s(28))  # History (issue 13)
        title_h = max(s(50), self.line("title", True))  # as tall as the text size's title
        self.label(pygame.Rect(pad, s(16), pw - 2 * pad - hw, title_h), t("load.title"),
                   "#title", container=p)
        self.button(pygame.Rect(pw - pad - hw, s(20), hw, max(s(42), self.line("button", True, 8))),
                    t("load.history"), self.show_history, container=p)
        bh = s(50)
        detail_h = s(78)
        top = s(24) + title_h
        self.list_rect = pygame.Rect(pad, top, pw - 2 * pad,
                                     ph - top - detail_h - bh - s(20) - s(24))
        self.panel.passthrough = self.list_rect.move(panel_rect.topleft)
        self.row_h = s(62)
        self.header_h = s(40)
        self.image = UIImage(self.list_rect, pygame.Surface(self.list_rect.size, pygame.SRCALPHA),
                             self.manager, container=p)
        self.detail_rect = pygame.Rect(pad - 4, self.list_rect.bottom + s(8), pw - 2 * pad + 8,
                                       detail_h)
        self.detail = None
        by = ph - bh - s(22)
        bw = s(170)
        gap = s(12)
        self.back_button = self.button(pygame.Rect(pad, by, bw, bh), t("common.back"),
                                       self.back, container=p)
        x = pw - pad - bw
        self.open_button = self.button(pygame.Rect(x, by, bw, bh), t("load.open"),
                                       self.open_selected, "#primary_button", container=p)
        x -= bw + gap
        self.delete_button = self.button(pygame.Rect(x, by, bw, bh), t("load.delete"),
                                         self.ask_delete, container=p)
        x -= bw + gap
        self.rename_button = self.button(pygame.Rect(x, by, bw, bh), t("load.rename"),
                                         self.ask_rename, container=p)
        self._update()

    def show_history(self) -> None:
        from game.ui.screens.history_screen import HistoryScreen

        app = self.app
        app.show(HistoryScreen(app, on_back=lambda: app.show(LoadScreen(app))))

    def _update(self) -> None:
        """Redraw the rows, the detail text and the buttons' states for the selection."""
        self._keep_visible()
        self.image.set_image(self._draw_rows())
        e = self.current
        if self.detail is not None:
            self.detail.kill()
            self.detail = None
        if e is not None:
            colour = None if e.ok else "#{:02x}{:02x}{:02x}".format(*WARN)
            self.detail = text_block(self, self.detail_rect, entry_detail(e), "small",
                                     container=self.panel, colour=colour)
        practice = e is not None and e.kind == "practice"
        self.open_button.set_text(t("load.start") if practice else t("load.open"))
        for button, on in ((self.open_button, e is not None and e.ok),
                           (self.rename_button, e is not None and not practice),
                           (self.delete_button, e is not None and not practice)):
            if on:
                button.enable()
            else:
                button.disable()

    # --- drawing the list -----------------------------------------------------------------

    def _row_boxes(self) -> list[tuple[pygame.Rect, str, object, int]]:
        """(rect in list coordinates before scrolling, kind, payload, entry index)."""
        out = []
        y = 0
        index = 0
        for kind, payload in self._rows():
            hgt = self.header_h if kind in ("header", "empty") else self.row_h
            out.append((pygame.Rect(0, y, self.list_rect.w, hgt), kind, payload,
                        index if kind == "entry" else -1))
            if kind == "entry":
                index += 1
            y += hgt
        return out

    def _content_height(self) -> int:
        boxes = self._row_boxes()
        return boxes[-1][0].bottom if boxes else 0

    def _keep_visible(self) -> None:
        firsts = {0, len(self.user), len(self.user) + len(self.recent)}  # under a header
        for rect, kind, _, i in self._row_boxes():
            if kind == "entry" and i == self.selected:
                if rect.top - self.scroll < 0:
                    self.scroll = rect.top - (self.header_h if i in firsts else 0)
                elif rect.bottom - self.scroll > self.list_rect.h:
                    self.scroll = rect.bottom - self.list_rect.h
        self.scroll = max(0, min(self.scroll, self._content_height() - self.list_rect.h))

    def _draw_rows(self) -> pygame.Surface:
        s = self.s
        surf = pygame.Surface(self.list_rect.size, pygame.SRCALPHA)
        sizes = self.app.font_sizes
        body, small, head = sizes["body"], sizes["small"], sizes["heading"]
        text_w = self.list_rect.w - s(32)
        for rect, kind, payload, i in self._row_boxes():
            r = rect.move(0, -self.scroll)
            if r.bottom < 0 or r.top > self.list_rect.h:
                continue
            if kind == "header":
                img = fonts.render(payload, head, palette.GOLD_LIGHT, bold=True)
                surf.blit(img, (s(6), r.bottom - img.get_height() - s(4)))
                pygame.draw.line(surf, palette.GOLD_DARK, (0, r.bottom - 1),
                                 (r.right, r.bottom - 1))
                continue
            if kind == "empty":
                img = fonts.render(payload, body, palette.TEXT_DIM)
                surf.blit(img, (s(16), r.centery - img.get_height() // 2))
                continue
            e = payload
            box = r.inflate(0, -s(6))
            if i == self.selected:
                pygame.draw.rect(surf, SELECTED_BG, box, border_radius=s(8))
                pygame.draw.rect(surf, palette.GOLD, box, width=max(1, s(2)),
                                 border_radius=s(8))
            elif i == self.hover:
                pygame.draw.rect(surf, HOVER_BG, box, border_radius=s(8))
            title_colour = palette.TEXT if e.ok else GREY
            line_colour = palette.TEXT_DIM if e.ok else WARN
            when = local_time(e.updated) if e.kind != "practice" else ""
            when_img = fonts.render(when, small, palette.TEXT_DIM if e.ok else GREY_DIM)
            title = fit_text(entry_title(e), body, text_w - when_img.get_width() - s(16), bold=True)
            x = box.x + s(14)
            y = box.y + s(5)
            surf.blit(fonts.render(title, body, title_colour, bold=True), (x, y))
            surf.blit(when_img, (box.right - s(14) - when_img.get_width(), y + s(3)))
            line = fit_text(entry_line(e), small, text_w)
            surf.blit(fonts.render(line, small, line_colour), (x, y + s(27)))
        # A thin scroll indicator when the list is longer than its box.
        total = self._content_height()
        if total > self.list_rect.h:
            track = self.list_rect.h
            bar_h = max(s(24), track * track // total)
            bar_y = (track - bar_h) * self.scroll // max(1, total - track)
            pygame.draw.rect(surf, (*palette.GOLD, 150),
                             pygame.Rect(self.list_rect.w - s(5), bar_y, s(4), bar_h),
                             border_radius=s(2))
        return surf

    # --- actions --------------------------------------------------------------------------

    def select(self, index: int) -> None:
        if not self.entries:
            return
        self.selected = max(0, min(index, len(self.entries) - 1))
        self._update()

    def open_selected(self) -> None:
        e = self.current
        if e is None or not e.ok:
            return
        try:
            session = saves.start_practice(e.path) if e.kind == "practice" else saves.load(e.path)
        except saves.DamagedSave as err:
            self.refresh()
            Dialog(self, t("load.failed.title"), t(f"load.damaged.{err.code}"),
                   [(t("common.ok"), None)])
            return
        open_session(self.app, session, self)

    def ask_delete(self) -> None:
        e = self.current
        if e is None or e.kind == "practice":
            return
        Dialog(self, t("load.delete.title"), t("load.delete.message", name=entry_title(e)),
               [(t("common.cancel"), None), (t("load.delete"), lambda: self._delete(e))],
               default=0)  # deleting cannot be undone

    def _delete(self, e) -> None:
        try:
            saves.delete(e.path)
        except saves.SaveError as err:
            Dialog(self, t("load.failed.title"), name_problem(err), [(t("common.ok"), None)])
        self.refresh()

    def ask_rename(self) -> None:
        e = self.current
        if e is None or e.kind == "practice":
            return
        initial = "" if e.kind in ("autosave", "backup") else e.name

        def ok(name: str) -> str | None:
            try:
                new = saves.rename(e.path, name)
            except saves.SaveError as err:
                return name_problem(err)
            self.refresh(rebuild=False)
            for i, x in enumerate(self.entries):
                if x.path == new:
                    self.selected = i
            self._update()
            return None

        NameDialog(self, t("load.rename.title"), initial, ok, t("load.rename"))

    # --- events ---------------------------------------------------------------------------

    def _entry_at(self, pos) -> int:
        abs_list = self.list_rect.move(self.panel.rect.topleft)
        if not abs_list.collidepoint(pos):
            return -1
        y = pos[1] - abs_list.y + self.scroll
        for rect, kind, _, i in self._row_boxes():
            if kind == "entry" and rect.top <= y < rect.bottom:
                return i
        return -1

    def process_event(self, event: pygame.event.Event) -> bool:
        if self.dialog is not None:
            if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and isinstance(
                    self.dialog, NameDialog):
                self.dialog.submit()
                return True
            return super().process_event(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            i = self._entry_at(event.pos)
            if i >= 0:
                now = pygame.time.get_ticks()
                double = self._last_click[0] == i and now - self._last_click[1] < 400
                self._last_click = (i, now)
                self.select(i)
                if double:
                    self.open_selected()
                return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll -= event.y * self.row_h // 2
            self.scroll = max(0, min(self.scroll, self._content_height() - self.list_rect.h))
            self.image.set_image(self._draw_rows())
            return True
        if event.type == pygame.MOUSEMOTION:
            i = self._entry_at(event.pos)
            if i != self.hover:
                self.hover = i
                self.image.set_image(self._draw_rows())
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_DOWN:
                self.select(self.selected + 1)
                return True
            if event.key == pygame.K_UP:
                self.select(self.selected - 1)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.open_selected()
                return True
            if event.key == pygame.K_DELETE:
                self.ask_delete()
                return True
            if event.key == pygame.K_F2:
                self.ask_rename()
                return True
        return super().process_event(event)
