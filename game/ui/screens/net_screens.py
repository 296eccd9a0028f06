"""Play with friends (issue 31): Host a table, Join a table, and the lobby where the players
gather until the host starts.

- :class:`HostScreen`: the game, the player count, its options and the level of the computers
  that fill the seats nobody takes (NewGameConfig checks the choice); "Open the table" runs
  the server in this program (game.net.hosting) and takes seat 1 for the host.
- :class:`JoinScreen`: the address, the code and a name, and a seat (any free one, or a chosen
  one at partnership tables). Bad input is said in a line under the fields.
- :class:`LobbyScreen`: the table's address and code (to pass on), who sits where and who is
  connected; the host's Start; then the table (game.ui.screens.net_table).

The connection runs in its own thread (game.net.link): no screen ever waits for the network.
"""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.elements import UICheckBox, UITextEntryLine

from game import i18n
from game.engine.registry import GAMES
from game.i18n import t
from game.net.messages import CODE_ALPHABET, CODE_LENGTH, MAX_NAME, MAX_SEATS, Create, Start
from game.newgame import LEVELS, NewGameConfig
from game.safetext import has_unsafe
from game.ui import fonts
from game.ui.screen import Screen
from game.ui.widgets.segmented import Segmented
from game.ui.widgets.textblock import text_block, text_height

NET_POLL = 0.05  # seconds between two looks at the connection while nothing else happens


def check_join(url: str, code: str, name: str) -> str | None:
    """The catalogue key of what is wrong with the Join fields, or None."""
    if not re.fullmatch(r"wss?://[^\s/]+(:\d{1,5})?/?", url.strip()):
        return "net.join.bad_address"
    if not re.fullmatch(f"[{CODE_ALPHABET}]{{{CODE_LENGTH}}}", code.strip().upper()):
        return "net.join.bad_code"
    name = name.strip()
    if not 1 <= len(name) <= MAX_NAME or has_unsafe(name):
        return "net.join.bad_name"
    return None


def refusal_text(msg) -> str:
    """Why joining failed, in the player's language when the server or the link named it
    (``key``), else the reason as the server wrote it."""
    key = f"net.error.{msg.key}" if getattr(msg, "key", None) else ""
    return t(key) if key and i18n.has(key) else t("net.join.failed", reason=msg.reason)


def button_height(sc: Screen) -> int:
    return max(sc.s(50), sc.line("button", True, 10))


def bottom_buttons(sc: Screen, p, pw: int, ph: int, back: tuple[str, object],
                   primary: tuple[str, object] | None, width: int = 220,
                   enabled: bool = True):
    """The panel's bottom row: going back on the left, the screen's own step (the yellow
    button) on the right, which is returned (None without one)."""
    s = sc.s
    bh = button_height(sc)
    by = ph - s(30) - bh + s(8)
    sc.button(pygame.Rect(s(30), by, s(170), bh), back[0], back[1], container=p)
    if primary is None:
        return None
    return sc.button(pygame.Rect(pw - s(30) - s(width), by, s(width), bh), primary[0],
                     primary[1], "#primary_button", container=p, enabled=enabled)


class _Form(Screen):
    """A panel with a title, rows of fields and a line for what went wrong."""

    def form(self, title: str, rows: int) -> tuple[object, int, int, int]:
        w, h = self.size
        s = self.s
        pw = min(w - s(40), s(760))
        row_h = max(s(44), self.line("body", pad=8))
        ph = min(h - s(30), s(150) + rows * (row_h + s(10)) + s(90))
        rect = pygame.Rect(0, 0, pw, ph)
        rect.center = (w // 2, h // 2)
        p = self.panel(rect)
        self.label(pygame.Rect(s(30), s(16), pw - s(60), max(s(50), self.line("title", True))),
                   title, "#title", container=p)
        return p, pw, ph, row_h

    def head_width(self, keys) -> int:
        """The labels' column: as wide as its longest label."""
        return max(self.s(200), max(self.text_width(t(k), "body", False) for k in keys)
                   + self.s(16))

    def message_line(self, p, pw: int, y: int) -> None:
        s = self.s
        self.message = self.label(pygame.Rect(s(30), y, pw - s(60),
                                              max(s(30), self.line("small"))), "", "#hint",
                                  container=p)
        self.message.hide()

    def say(self, text: str) -> None:
        self.message.set_text(text)
        self.message.show()


class HostScreen(_Form):
    def __init__(self, app, config: NewGameConfig | None = None, level: str = "normal",
                 tables: Path | None = None):
        from game.net.store import hosted, tables_dir

        super().__init__(app)
        self.config = config or app.settings.last_game or NewGameConfig.default()
        self.level = level
        self.name = t("net.host.default_name")
        self.tables = tables if tables is not None else tables_dir()
        # a table this program hosted, saved when it closed: the host sits back down there
        self.waiting = hosted(self.tables)[:1]

    def set_game(self, game: str) -> None:
        info = GAMES[game]
        players = self.config.players if self.config.players in info.player_counts \
            else info.usual_players
        self.config = NewGameConfig.default(game, players)
        self.rebuild()

    def set_players(self, players: int) -> None:
        self.config = NewGameConfig.default(self.config.game, players).model_copy(
            update={"options": self.config.options})
        self.rebuild()

    def set_level(self, level: str) -> None:
        self.level = level

    def layout(self) -> None:
        s = self.s
        c = self.config
        options = c.info.options
        rows = 6 + (len(options) + 1) // 2 + len(self.waiting)
        p, pw, ph, row_h = self.form(t("net.host.title"), rows)
        x, y = s(30), s(80)
        col = pw - 2 * x
        for saved in self.waiting:
            label = t("net.host.resume", code=saved.code, game=t(GAMES[saved.spec.game].title_key))
            self.resume_button = self.button(pygame.Rect(x, y, col, row_h), label,
                                             self.resume_table, container=p)
            y += row_h + s(14)
        head = self.head_width(("net.join.name", "new_game.players", "net.host.level"))
        self.label(pygame.Rect(x, y, head, row_h), t("net.join.name"), container=p)
        self.name_entry = UITextEntryLine(pygame.Rect(x + head, y, min(col - head, s(320)),
                                                      row_h), self.manager, container=p,
                                          initial_text=self.name)
        self.name_entry.set_text_length_limit(MAX_NAME)
        y += row_h + s(14)
        games = [(g, t(info.title_key)) for g, info in GAMES.items()]
        small = fonts.font(self.app.font_sizes["small"])
        wide = sum(small.size(w)[0] + s(34) for _g, w in games) > col
        rows = [games[:3], games[3:]] if wide else [games]  # two rows when one is too narrow
        self.games = []
        for row in rows:
            chosen = c.game if any(g == c.game for g, _w in row) else None
            self.games.append(Segmented(self, pygame.Rect(x, y, col, row_h), row, chosen,
                                        self.set_game, container=p, small=True))
            y += row_h + s(6)
        y += s(8)
        self.label(pygame.Rect(x, y, head, row_h), t("new_game.players"), container=p)
        counts = c.info.player_counts
        self.players = Segmented(self, pygame.Rect(x + head, y, min(col - head,
                                                                     len(counts) * s(60)),
                                                   row_h),
                                 [(n, str(n)) for n in counts], c.players, self.set_players,
                                 container=p, fit_text=False)
        y += row_h + s(10)
        self.label(pygame.Rect(x, y, head, row_h), t("net.host.level"), container=p)
        self.levels = Segmented(self, pygame.Rect(x + head, y, col - head, row_h),
                                [(lv, t(f"level.{lv}")) for lv in LEVELS], self.level,
                                self.set_level, container=p)
        y += row_h + s(14)
        self.option_boxes: dict[str, UICheckBox] = {}
        box = max(s(22), self.line("body") - s(4))
        for i, opt in enumerate(options):
            column, row = i % 2, i // 2
            r = pygame.Rect(x + column * (col // 2), y + row * (box + s(12)), box, box)
            self.option_boxes[opt.name] = UICheckBox(
                r, t(opt.label_key), self.manager, container=p,
                initial_state=opt.name in c.options, object_id="#small_check")
        y += ((len(options) + 1) // 2) * (box + s(12)) + s(6)
        self.message_line(p, pw, y)
        self.open_button = bottom_buttons(self, p, pw, ph, (t("new_game.back"), self.back),
                                          (t("net.host.open"), self.open_table))

    def back(self) -> None:
        self.app.show_main_menu()

    def resume_table(self, server=None) -> None:
        """Back to the table this program hosted (its server resumes it from its save): the
        host's seat taken back with its token, no code typed (``server``: one already
        running on the same tables folder, for tests)."""
        from game.net.link import TableLink

        saved = self.waiting[0]
        seat = saved.host_seat
        server = server or self.run_server()
        if server is None:
            return
        link = TableLink(server.local_url, saved.names[seat], saved.code, seat=seat,
                         token=saved.tokens[seat])
        link.host_token = saved.host_token  # a lobby saved before its start: Start works
        self.app.show(LobbyScreen(self.app, link.start(), server=server))

    def run_server(self):
        """This program's server on its tables folder (it resumes the tables saved there),
        or None with the reason said."""
        from game.net.hosting import HostedServer

        server = HostedServer(tables=self.tables)
        if not server.start():
            self.say(t("net.host.failed", reason=server.error))
            return None
        return server

    def process_event(self, event) -> bool:
        if (event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED
                and event.ui_element is getattr(self, "name_entry", None)):
            self.name = self.name_entry.get_text()
            return True
        if event.type in (pygame_gui.UI_CHECK_BOX_CHECKED, pygame_gui.UI_CHECK_BOX_UNCHECKED):
            for name, cb in self.option_boxes.items():
                if event.ui_element is cb:
                    opts = set(self.config.options)
                    (opts.add if event.type == pygame_gui.UI_CHECK_BOX_CHECKED
                     else opts.discard)(name)
                    self.config = self.config.model_copy(update={"options": frozenset(opts)})
                    return True
        return super().process_event(event)

    def spec(self) -> Create:
        c = self.config
        return Create(game=c.game, players=c.players, options=sorted(c.options),
                      level=self.level)

    def open_table(self, server=None) -> None:
        """Run the server here (``server``: one already running, for tests) and join it."""
        from game.net.link import TableLink

        name = self.name.strip()
        if not 1 <= len(name) <= MAX_NAME or has_unsafe(name):
            self.say(t("net.join.bad_name"))
            return
        server = server or self.run_server()
        if server is None:
            return
        link = TableLink(server.local_url, name, create=self.spec()).start()
        self.app.show(LobbyScreen(self.app, link, server=server))


class JoinScreen(_Form):
    def __init__(self, app, url: str = "ws://", code: str = "", name: str = "") -> None:
        super().__init__(app)
        self.fields = {"url": url, "code": code, "name": name}
        self.seat: int | None = None

    def layout(self) -> None:
        s = self.s
        p, pw, ph, row_h = self.form(t("net.join.title"), 4)
        x, y = s(30), s(80)
        head = self.head_width(("net.join.address", "net.join.code", "net.join.name",
                                "net.join.seat"))
        col = pw - 2 * x - head
        self.entries: dict[str, UITextEntryLine] = {}
        for key, word, hint in (("url", "net.join.address", "net.join.address_hint"),
                                ("code", "net.join.code", None),
                                ("name", "net.join.name", None)):
            self.label(pygame.Rect(x, y, head, row_h), t(word), container=p)
            e = UITextEntryLine(pygame.Rect(x + head, y, col, row_h), self.manager,
                                container=p, initial_text=self.fields[key],
                                placeholder_text=t(hint) if hint else None)
            e.set_text_length_limit({"url": 200, "code": CODE_LENGTH, "name": MAX_NAME}[key])
            self.entries[key] = e
            y += row_h + s(10)
        self.label(pygame.Rect(x, y, head, row_h), t("net.join.seat"), container=p)
        self.seats = Segmented(self, pygame.Rect(x + head, y, col, row_h),
                               [(None, t("net.join.any_seat"))]
                               + [(i, str(i + 1)) for i in range(MAX_SEATS)], self.seat,
                               self.set_seat, container=p, small=True)
        y += row_h + s(10)
        self.message_line(p, pw, y)
        self.join_button = bottom_buttons(self, p, pw, ph, (t("new_game.back"), self.back),
                                          (t("net.join.join"), self.join), width=200)

    def set_seat(self, seat) -> None:
        self.seat = seat

    def back(self) -> None:
        self.app.show_main_menu()

    def process_event(self, event) -> bool:
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            for key, e in self.entries.items():
                if event.ui_element is e:
                    self.fields[key] = e.get_text()
                    return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:
            self.join()
            return True
        return super().process_event(event)

    def join(self) -> None:
        from game.net.link import TableLink

        url, code, name = (self.fields[k].strip() for k in ("url", "code", "name"))
        problem = check_join(url, code, name)
        if problem is not None:
            self.say(t(problem))
            return
        link = TableLink(url, name, code.upper(), seat=self.seat).start()
        self.app.show(LobbyScreen(self.app, link, back_to=self))


class LobbyScreen(Screen):
    """Who sits where until the host starts; the host's Start; then the table."""

    def __init__(self, app, link, server=None, back_to: JoinScreen | None = None) -> None:
        super().__init__(app)
        self.link = link
        self.server = server  # the host's own server (it stops when the host leaves)
        self.back_to = back_to
        self.session = None
        self.lobby = None
        self.problem = ""
        self.started = False

    @property
    def host(self) -> bool:
        return self.server is not None

    def layout(self) -> None:
        w, h = self.size
        s = self.s
        pw = min(w - s(40), s(760))
        x, col = s(30), pw - s(60)
        line = max(s(34), self.line("body", pad=6))
        lobby = self.lobby
        code = lobby.code if lobby is not None else self.link.code
        title = t("net.lobby.title", code=code) if code else t("net.join.connecting")
        rows = []
        if lobby is not None:  # the game beside the code, or on a line of its own
            name = t(GAMES[lobby.game].title_key)
            if self.text_width(f"{title} · {name}", "title") + s(16) <= col:
                title = f"{title} · {name}"
            else:
                rows.append(name)
        title_h = max(s(50), self.line("title", True))
        y = max(s(80), s(16) + title_h + s(4))  # a title at 150 % text is taller than 64
        if self.host and code:
            rows += [t("net.lobby.address", url=self.server.public_url),
                     t("net.lobby.code", code=code), t("net.lobby.tell")]
        elif lobby is not None:
            rows.append(t("net.lobby.waiting"))
        if lobby is not None:
            you = self.session.seat if self.session is not None else -1
            info = GAMES[lobby.game]
            teams = info.partnership_kind(lobby.players) != "every_player"
            for i, seat in enumerate(lobby.seats):
                if not seat.taken:
                    row = t("net.lobby.seat_free", n=i + 1)
                elif i == you:
                    row = t("net.lobby.seat_you", n=i + 1, name=seat.name)
                elif not seat.connected:
                    row = t("net.lobby.seat_away", n=i + 1, name=seat.name)
                else:
                    row = t("net.lobby.seat_taken", n=i + 1, name=seat.name)
                if teams:  # who plays with whom, as New game says it
                    row += " · " + t("player.team", n=info.side_of(i, lobby.players) + 1)
                rows.append(row)
        # The options and a problem (a server's or the network's words): wrapped blocks.
        blocks = []
        if lobby is not None and lobby.options:
            labels = {o.name: o.label_key for o in GAMES[lobby.game].options}
            chosen = [t(labels[o]) for o in lobby.options if o in labels]
            blocks.append(t("common.list_sep").join(chosen))
        if self.problem:
            blocks.append(self.problem)
        self.rows = rows + blocks
        heights = [text_height(self, b, col + 8, "small") for b in blocks]
        bh = button_height(self)
        # The panel grows (up to the window) when even the small type needs more room.
        need = y + len(rows) * self.line("small", pad=2) + sum(heights) + s(38) + bh
        ph = min(h - s(30), max(s(620), need))
        rect = pygame.Rect(0, 0, pw, ph)
        rect.center = (w // 2, h // 2)
        p = self.panel(rect)
        self.label(pygame.Rect(x, s(16), col, title_h), title, "#title", container=p)
        room = ph - s(30) - bh - s(8) - y - sum(heights)
        # A crowded table, or long names: the lines in the small type.
        small = len(rows) * line > room or any(
            self.text_width(r, "body", False) + s(8) > col for r in rows)
        if small:
            line = max(self.line("small", pad=2), room // max(1, len(rows)))
        for text in rows:
            self.label(pygame.Rect(x, y, col, line), text,
                       "#small_label" if small else None, container=p)
            y += line
        for text, h in zip(blocks, heights, strict=True):
            text_block(self, pygame.Rect(x - 4, y, col + 8, h), text, size_key="small",
                       object_id="#hint_box", container=p)
            y += h
        start = bottom_buttons(self, p, pw, ph, (t("net.lobby.leave"), self.back),
                               (t("net.lobby.start"), self.start) if self.host else None,
                               enabled=lobby is not None and not lobby.started and not self.problem)
        if start is not None:
            self.start_button = start

    def start(self) -> None:
        if self.link.code and self.link.host_token:
            self.link.send(Start(code=self.link.code, host_token=self.link.host_token))

    def back(self) -> None:
        """Leave: the host's server stops, and a table it had not started goes with its
        file (a started one stays saved, for Back to your table)."""
        self.link.close(join=0.0)
        if self.server is not None:
            lobby = self.lobby
            self.server.stop(forget=lobby.code if lobby is not None and not lobby.started
                             else "")
        if self.back_to is not None:
            self.app.show(self.back_to)
            if self.problem:
                self.back_to.say(self.problem)
        else:
            self.app.show_main_menu()

    def update(self, dt: float) -> None:
        from game.net.link import LinkDown
        from game.net.messages import Error, Joined, Lobby
        from game.net.remote import RemoteSession

        changed = False
        if self.session is None:  # until the seat is ours, the lobby reads the link itself
            while not self.link.inbox.empty():
                msg = self.link.inbox.get_nowait()
                if isinstance(msg, Lobby):
                    self.lobby = msg
                elif isinstance(msg, Joined):
                    self.session = RemoteSession(self.link, msg, self.lobby)
                    self.session.server = self.server
                    changed = True
                    break
                elif isinstance(msg, Error | LinkDown):
                    self.problem = refusal_text(msg)
                    self.link.close(join=0.0)
                changed = True
        if self.session is not None:
            s = self.session
            before = s.lobby
            s.pump()
            if s.lobby is not before or changed:
                self.lobby = s.lobby
                changed = True
            if s.down is not None and not self.problem:
                self.problem = refusal_text(s.down)
                changed = True
            if s.has_deal():
                from game.ui.screens.net_table import NetTableScreen

                self.app.show(NetTableScreen(self.app, s))
                return
        if changed:
            self.rebuild()
            self.manager.update(0.0)  # the new labels drawn in this frame (the manager's
            self.app.request_frame()  # update for the frame ran before this one)

    def next_change(self) -> float | None:
        """The server may speak at any time: look at the connection often."""
        return NET_POLL
