"""The Replay screen (issue 13): a finished deal stepped through with every hand face up.

A read-only table: it is the table screen (its layout, scene, painter and move log) showing a
:class:`~game.replay.model.Replay`'s state, with no gestures and no computer players, and the
replay's controls where the table's buttons are: |< < > >|, play and pause at a chosen pace,
Export (the record, NOTATION.md's format, into the documents folder) and Back.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import platformdirs
import pygame
import pygame_gui

from game.i18n import game_text, t
from game.replay.model import Replay
from game.saves.atomic import write_atomic
from game.ui.screen import Screen
from game.ui.table.hud import Hud
from game.ui.table.movelog import describe
from game.ui.table.screen import TableScreen

PACES = (0.5, 1.0, 2.0, 4.0)  # seconds per action while playing
DEFAULT_PACE = 1


def replay_session(replay: Replay):
    """A GameSession showing ``replay``'s deal: every seat a person (no computer thinks), the
    match at the record's scores before the deal."""
    from game.session import GameSession, SeatConfig

    setup = replay.setup
    seats = [SeatConfig("human") for _ in range(setup.players)]
    session = GameSession(replay.record.rules, setup.players, seats=seats,
                          options=setup.options, dealer=setup.dealer)
    m = session.match
    m.setup = setup
    m.deal = replay.state
    m.dealer = setup.dealer
    m.totals = list(setup.scores) or m.totals
    m.start = list(m.totals)
    if setup.keeper >= 0:  # Looking and Down's score keeper (LD-1)
        m.keeper = setup.keeper
    session.state = replay.state
    session.history = replay.history()
    return session


def export_folder() -> Path:
    """Where Export writes: the player's documents folder."""
    return Path(platformdirs.user_documents_dir())


def suggested_path(replay: Replay, folder: Path | None = None) -> Path:
    """A new file name for the record in ``folder`` (the documents folder by default)."""
    folder = export_folder() if folder is None else Path(folder)
    stem = f"cardtable-{replay.record.rules}-{datetime.now().strftime('%Y%m%d-%H%M%S')}"
    path = folder / f"{stem}.json"
    n = 2
    while path.exists():
        path = folder / f"{stem}-{n}.json"
        n += 1
    return path


def write_record(replay: Replay, path: Path) -> None:
    """Write the replay's record (NOTATION.md) as the new file ``path``: FileExistsError
    rather than replace a file, OSError if the disk refuses."""
    if path.exists():
        raise FileExistsError(str(path))
    text = replay.record.model_dump_json(exclude_none=True, indent=2) + "\n"
    write_atomic(path, text.encode("utf-8"))


def export_record(replay: Replay, folder: Path | None = None) -> Path:
    """Write the record as a new file in ``folder`` (made if missing); its path."""
    path = suggested_path(replay, folder)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_record(replay, path)
    return path


def replay_button(overlay, rect: pygame.Rect) -> None:
    """The score sheet's "Replay this deal" (its one hook, in game/ui/table/scoresheet.py).
    A practice position was not dealt from a deck: it has no record to replay."""
    table = overlay.screen
    if table.session.position is None:
        overlay.button(rect, game_text(table.game, "replay.this_deal"),
                       lambda: replay_from_table(table))


def replay_from_table(table) -> None:
    """The table's finished deal on the Replay screen; Back returns to the same table."""
    from game.engine.errors import RecordError

    try:
        replay = Replay(table.session.record())
    except RecordError as e:  # the engine refused its own deal: say so, keep the table
        from game.ui.screens.history_screen import problem_text

        table.presenter.toast(problem_text(e))
        return
    app = table.app
    app.show(ReplayScreen(app, replay, on_back=lambda: app.show(table),
                          number=table.session.number))


class ReplayHud(Hud):
    """The table's words and panel, with the replay's controls instead of the table's
    buttons and the step counter in the banner."""

    def __init__(self, screen) -> None:
        super().__init__(screen.model, screen.do, screen.movelog)
        self.screen = screen  # the replay's controls (the table's parts read the model)

    def build_buttons(self) -> None:
        sc = self.screen
        s = sc.s
        lay = sc.lay
        self._button_state = ()
        self.buttons = {}
        small = "#small_button"
        gap = s(6)
        if lay.log_buttons is not None:
            r = lay.log_buttons
            w3 = (r.w - 2 * gap) // 3
            row = [("log", t("table.hide_log"), sc.toggle_log),
                   ("export", t("replay.export"), sc.export),
                   ("back", t("common.back"), sc.back)]
            for i, (key, label, cb) in enumerate(row):
                x = r.x + i * (w3 + gap)
                w = w3 if i < 2 else r.right - x
                self.buttons[key] = sc.button(pygame.Rect(x, r.y, w, r.h), label, cb, small)
            col_keys = []
        else:
            c = lay.corner_buttons  # the buttons' part of the corner; the totals below it
            bh = (c.h - s(6)) // 2
            self.buttons["log"] = sc.button(pygame.Rect(c.x, c.y, c.w, bh), t("table.show_log"),
                                            sc.toggle_log, small)
            self.buttons["back"] = sc.button(pygame.Rect(c.x, c.bottom - bh, c.w, bh),
                                             t("common.back"), sc.back, small)
            col_keys = [("export", t("replay.export"), sc.export)]
        hb = lay.hand_buttons
        pairs = [(("start", "|<", sc.to_start), ("back_one", "<", sc.step_back)),
                 (("forward", ">", sc.step_forward), ("end", ">|", sc.to_end))]
        singles = [("play", sc.play_label(), sc.toggle_play),
                   ("pace", sc.pace_label(), sc.next_pace), *col_keys]
        if sc.open_hands:
            singles.insert(0, ("hands", sc.hands_label(), sc.toggle_hands))
        rows = len(pairs) + len(singles)
        # As tall as their words at the player's text size (18 pixels cut 150 % text), the
        # column growing upwards when the hand's strip is too short for them.
        least = max(s(22), sc.line("small", pad=4))
        bh = max(least, min(s(38), (hb.h - (rows - 1) * gap) // rows))
        y = hb.bottom - rows * bh - (rows - 1) * gap
        half = (hb.w - gap) // 2
        for (k1, l1, c1), (k2, l2, c2) in pairs:
            self.buttons[k1] = sc.button(pygame.Rect(hb.x, y, half, bh), l1, c1, small)
            self.buttons[k2] = sc.button(pygame.Rect(hb.right - half, y, half, bh), l2, c2,
                                         small)
            y += bh + gap
        for key, label, cb in singles:
            self.buttons[key] = sc.button(pygame.Rect(hb.x, y, hb.w, bh), label, cb, small)
            y += bh + gap

    def refresh_buttons(self, force: bool = False) -> None:
        sc = self.screen
        r = sc.replay
        key = (r.step, sc.playing, sc.pace)
        if key == self._button_state and not force:
            return
        self._button_state = key
        enabled = {"start": r.step > 0, "back_one": r.step > 0, "forward": not r.at_end,
                   "end": not r.at_end, "play": not r.at_end or sc.playing}
        for name, b in self.buttons.items():
            if enabled.get(name, True):
                b.enable()
            else:
                b.disable()
        if "play" in self.buttons:
            self.buttons["play"].set_text(sc.play_label())
            self.buttons["pace"].set_text(sc.pace_label())
        if "hands" in self.buttons:
            self.buttons["hands"].set_text(sc.hands_label())

    def banner_text(self) -> tuple[str, str]:
        sc = self.screen
        r = sc.replay
        head = t("replay.step", step=r.step, total=r.total)
        if r.step == 0:
            return head, game_text(sc.game, "replay.at_start")
        last = describe(r.record.actions[r.step - 1], sc.names())
        if r.at_end:
            return head, game_text(sc.game, "replay.at_end", move=last)
        return head, last


class ReplayScreen(TableScreen):
    """A finished deal replayed; ``on_back`` is where Back goes (the main menu by default)."""

    def __init__(self, app, replay: Replay, on_back=None, open_hands: bool = True,
                 number: int | None = None) -> None:
        """``number``: the game's number (docs/deals.md), shown over the hands, if known."""
        self.replay = replay
        self.open_hands = open_hands
        self.number = number
        self.on_back = on_back
        self._playing = False
        self.pace = DEFAULT_PACE
        self.clock = 0.0
        super().__init__(app, session=replay_session(replay), autosave=False, reveal=True)

    def make_hud(self) -> ReplayHud:
        return ReplayHud(self)

    @property
    def playing(self) -> bool:
        return self._playing

    @playing.setter
    def playing(self, value: bool) -> None:
        """Play or pause; the Play/Pause button says which at once, whoever changed it."""
        if value == self._playing:
            return
        self._playing = value
        self.clock = 0.0
        hud = getattr(self, "hud", None)
        if isinstance(hud, ReplayHud):
            hud.refresh_buttons(force=True)
        self.request_frame()

    # ---- the table's parts, read-only ------------------------------------------------------
    def view(self, dragging=None):
        v = super().view(dragging)
        v.open_hands = self.open_hands
        return v

    def can_act(self) -> bool:
        return False

    def enter(self) -> None:
        Screen.enter(self)
        if self.open_hands and self.overlay is None:
            self.toggle_hands()
        self.show_step()

    # ---- the hands, or the table ------------------------------------------------------------
    def toggle_hands(self) -> None:
        """Every hand at full size (the hands board), or the table under it."""
        from game.ui.screens.replay_hands import HandsBoard

        if isinstance(self.overlay, HandsBoard):
            self.overlay.close()
        else:
            self.open_overlay(HandsBoard(self))
        self.hud.refresh_buttons(force=True)
        self.mark_dirty()

    def hands_label(self) -> str:
        from game.ui.screens.replay_hands import HandsBoard

        return t("replay.show_table") if isinstance(self.overlay, HandsBoard) else \
            t("replay.show_hands")

    def leave(self) -> None:
        Screen.leave(self)  # nothing to save, no computer thinking

    def back(self) -> None:
        if self.dialog is not None:
            self.dialog.close()
            return
        self.playing = False
        if self.on_back is not None:
            self.on_back()
        else:
            self.app.show_main_menu()

    def names(self) -> list[str]:
        return [t("player.seat", n=s + 1) for s in range(self.players)]

    # ---- stepping --------------------------------------------------------------------------
    def show_step(self) -> None:
        """Show the replay's current state: hands, scene, move log, banner, buttons."""
        self.session.state = self.replay.state
        self.session.match.deal = self.replay.state
        self.session.history = self.replay.history()
        self.version += 1
        self.last_move = set()
        self.animator.clear()
        self.sync_hands()
        self.presenter.sync_log()
        self.hud.refresh_buttons(force=True)
        self.mark_dirty()

    def go(self, step: int) -> None:
        self.replay.go(step)
        if self.replay.at_end:
            self.playing = False
        self.show_step()

    def step_forward(self) -> None:
        """One action on: its cards fly as at the table, and stay marked."""
        old = {z: list(lst) for z, lst in self.scene.places.items()} if self.scene else None
        events = self.replay.go(self.replay.step + 1)
        if self.replay.at_end:
            self.playing = False
        self.show_step()
        if old is not None and events:
            self.presenter.show_move(events, old, computer=True)

    def step_back(self) -> None:
        self.playing = False
        self.go(self.replay.step - 1)

    def to_start(self) -> None:
        self.playing = False
        self.go(0)

    def to_end(self) -> None:
        self.go(self.replay.total)

    def toggle_play(self) -> None:
        if not self.playing and self.replay.at_end:
            return
        self.playing = not self.playing

    def next_pace(self) -> None:
        self.pace = (self.pace + 1) % len(PACES)
        self.hud.refresh_buttons(force=True)

    def play_label(self) -> str:
        return t("replay.pause") if self.playing else t("replay.play")

    def pace_label(self) -> str:
        return t("replay.pace", seconds=f"{PACES[self.pace]:g}")

    # ---- export ----------------------------------------------------------------------------
    def export(self) -> None:
        """Ask where to write the record (a new file in the documents folder offered), write
        it, and say where it went."""
        from game.ui.screens.history_screen import PathDialog
        from game.ui.widgets.dialog import Dialog

        def ok(text: str) -> str | None:
            path = Path(text).expanduser()
            if not text or path.is_dir():
                return t("replay.export_no_name")
            try:
                if path.parent == export_folder():
                    path.parent.mkdir(parents=True, exist_ok=True)
                elif not path.parent.is_dir():  # no folder is made that was not asked for
                    return t("replay.export_no_folder")
                write_record(self.replay, path)
            except FileExistsError:
                return t("replay.export_exists")
            except OSError:
                return t("replay.export_failed")
            Dialog(self, t("replay.exported"), t("replay.exported_to", path=str(path)),
                   [(t("common.ok"), None)])
            return None

        # Playing holds while a dialog is open (update) and goes on once it is closed.
        PathDialog(self, t("replay.export_title"), str(suggested_path(self.replay)), ok,
                   t("replay.export"))

    # ---- each frame ------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.presenter.update(dt)
        if self.animator.update(dt):
            self.mark_dirty()
        if self.playing and self.dialog is None:
            self.clock += dt
            if self.clock >= PACES[self.pace]:
                self.clock = 0.0
                self.step_forward()

    def animating(self) -> bool:
        return bool(self.playing or self.animator.busy or self.presenter.fading())

    def process_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame_gui.UI_BUTTON_PRESSED, pygame_gui.UI_TEXT_ENTRY_FINISHED):
            return Screen.process_event(self, event)
        if self.dialog is not None:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.dialog.close()
                return True
            return False
        if event.type == pygame.KEYDOWN:
            keys = {pygame.K_ESCAPE: self.back, pygame.K_LEFT: self.step_back,
                    pygame.K_RIGHT: self.step_forward, pygame.K_HOME: self.to_start,
                    pygame.K_END: self.to_end, pygame.K_SPACE: self.toggle_play}
            if self.open_hands:
                keys[pygame.K_TAB] = self.toggle_hands
            if event.key in keys:
                keys[event.key]()
                return True
        if event.type == pygame.MOUSEWHEEL and self.lay is not None and self.lay.log_list:
            self.movelog.on_wheel(event.y)
            self.mark_dirty()
            return True
        return False
