"""The card table: the screen that plays a game, and the composition root of its parts.

It drives one :class:`~game.session.GameSession` (the only controller): human gestures become
candidate actions that the session tries (``session.try_apply``: played, or refused with the
engine's reason); computer seats think on a worker thread and their moves are applied on the
main thread, animated at the chosen pace. The parts, each in its own module:

- ``family`` -- what differs between the canasta games and Cassino (chosen once);
- ``flow`` -- deals, whose move it is, the computers' jobs, prompts, the autosave;
- ``moves`` -- a move to the engine (one check), the risky-discard question, hints;
- ``presenter`` -- the engine's events as card flights, sounds, toasts and the move log;
- ``intents`` -- hit tests, and what clicks, drags and keys mean;
- ``hud`` -- buttons, banner, score and log panel, toasts, hint glow;
- ``painter`` -- the static layer and what moves over it;
- ``reads`` -- everything read of the deal in progress;
- ``hub`` -- what the parts read (``TableModel``) and ask for (``TableCommands``);
- ``scene``/``layout``/``render`` -- where cards go and how they look.

The static layer (felt, cards, plates, the move log) is drawn again only when something
changes; when nothing moves no frame is drawn at all (``animating``, ``next_change``).

Seats are drawn relative to the *viewer*, the human at the lower edge. With several humans
(pass-and-play) the viewer changes behind a cover screen between their turns.
"""

from __future__ import annotations

import contextlib
import logging
import random

import pygame
import pygame_gui

from game.engine.actions import Action
from game.engine.deals import random_number, seed_of
from game.engine.registry import game_info
from game.i18n import player_names, t
from game.saves.lock import any_read_only
from game.ui import audio
from game.ui.screen import Screen
from game.ui.table import layout as L
from game.ui.table import moments
from game.ui.table.animation import Animator
from game.ui.table.family import family_for
from game.ui.table.flow import TurnFlow
from game.ui.table.guide_panel import attach as attach_guide
from game.ui.table.hub import TableModel
from game.ui.table.hub_commands import TableCommands
from game.ui.table.hud import Hud
from game.ui.table.intents import TableIntents
from game.ui.table.movelog import MoveLog
from game.ui.table.moves import TableMoves
from game.ui.table.order import sync_order
from game.ui.table.painter import TablePainter, table_layout
from game.ui.table.presenter import Presenter
from game.ui.table.reads import TableReads, table_reads
from game.ui.table.scene import View
from game.ui.table.scoresheet import GameOver, ScoreSheet
from game.ui.table.table_info import TableInfo
from game.ui.table.takeback import TakeBack

log = logging.getLogger(__name__)


def _level(level: str) -> str:
    """The config's level as a registered computer player ("hard" may not exist yet)."""
    from game.players.registry import DEFAULT_LEVEL, LEVELS

    if level in LEVELS:
        return level
    return "normal" if "normal" in LEVELS else DEFAULT_LEVEL


def new_session(config, seed: int | None = None, deadline_ms: int = 1000):
    """A GameSession for a NewGameConfig (random first dealer and keeper resolved here)."""
    from game.session import GameSession, SeatConfig

    number = None
    if seed is None:  # a numbered game (docs/deals.md): the chosen number, or a new one
        number = config.number or random_number()
        seed = seed_of(number)
    cfg = config.resolved(random.Random(seed))
    seats = [SeatConfig(kind=s.kind, level=_level(s.level)) for s in cfg.seats]
    keeper = cfg.keeper if game_info(cfg.game).keeper else None  # LD-1
    return GameSession(cfg.game, cfg.players, seats=seats, options=cfg.options, seed=seed,
                       dealer=cfg.first_dealer, keeper=keeper, deadline_ms=deadline_ms,
                       number=number)


class TableScreen(Screen):
    def __init__(self, app, config=None, session=None, *, seed: int | None = None,
                 autosave: bool = True, reveal: bool = False) -> None:
        super().__init__(app)
        if session is None:
            from game.newgame import NewGameConfig

            config = config or NewGameConfig.default()
            session = new_session(config, seed, app.settings.ai_deadline_ms)
        self.session = session
        self.game = session.rules
        self.players = session.players
        g = session.game
        self.sides = [g.side_of(s, self.players) for s in range(self.players)]
        self.nsides = g.num_sides(self.players)
        self.partnerships = self.nsides == 2 and self.players >= 4
        self.humans = [s for s in range(self.players) if session.is_human(s)]
        self.viewer = self.humans[0] if self.humans else 0
        self.reveal_all = reveal  # the screenshot command shows seat 0's hand
        self.autosave_enabled = autosave
        self.hand_orders: dict[int, list[int]] = {}
        self.sort_mode: dict[int, str | None] = {}
        self.selected: set[int] = set()
        self.table_selected: set[int] = set()
        self.down_gate: list[int] = []  # Looking and Down: the viewer's down, not picked up yet
        self.last_move: set[tuple] = set()
        self.animator = Animator()
        self.movelog = MoveLog()
        self.model = TableModel(self)  # what the parts read (hub.py)
        self.do = TableCommands(self)  # what they ask for
        self.info = TableInfo(self.model, self.do)
        self.intents = TableIntents(self.model, self.do, lambda: self.app.now)
        self.pointer = self.intents.pointer
        self.family = family_for(self.game)(self.model, self.do)
        self.presenter = Presenter(self.model, self.do, self.movelog, self.animator)
        self.flow = TurnFlow(self.model, self.do, session)
        self.hud = self.make_hud()
        self.painter = TablePainter(self.model, self.do, self.hud, self.intents, self.animator)
        self.takeback = TakeBack(self.model, self.do)
        self.moves = TableMoves(self.model, self.do, self.presenter, self.info, self.takeback)
        self.version = 0
        self.hint: list | None = None  # [action, version, seconds left]: the Hint button's move
        self.overlay = None
        self.log_open = False  # each layout asks the move log (MoveLog.opens)
        self.lay: L.TableLayout | None = None
        self.scene = None
        self.think_clock = 0.0
        if autosave:  # imported now: the first save must not stall a frame (pydantic models)
            with contextlib.suppress(ImportError):
                import game.saves  # noqa: F401
        self.guide = attach_guide(self)  # a practice position's or a guided deal's panel

    def make_hud(self) -> Hud:
        """The buttons, banner and panel (the replay has its own)."""
        return Hud(self.model, self.do, self.movelog)

    @classmethod
    def from_session(cls, app, session) -> TableScreen:
        """A loaded or resumed session (Continue, Load): a finished deal opens at its sheet."""
        table = cls(app, session=session)
        table.flow.sheet_on_entry = True  # its final table was seen before it was saved
        return table

    # ---- the parts' state, under the names the tests and overlays use ----------------------
    @property
    def reads(self) -> TableReads:
        """The deal in progress as the table may read it (see ``reads``)."""
        return table_reads(self)

    @property
    def worker(self):
        return self.flow.worker

    @property
    def ready(self):
        return self.flow.ready

    @ready.setter
    def ready(self, value) -> None:
        self.flow.ready = value

    @property
    def halted(self) -> bool:
        return self.flow.halted

    @property
    def toasts(self) -> list[list]:
        return self.presenter.toasts

    @toasts.setter
    def toasts(self, value: list[list]) -> None:
        self.presenter.toasts = value

    # ===========================================================================================
    # Life cycle

    def enter(self) -> None:
        super().enter()
        if self.session.state is None:
            self.begin_deal()
        else:
            self.presenter.restore_log()  # a loaded deal: its log from the start
            self.sync_hands()
            self.presenter.sync_log()
            self.mark_dirty()

    def leave(self) -> None:
        self.worker.cancel(join=1.0)
        self.flow.save()
        super().leave()

    def save(self) -> None:
        self.flow.save()

    def back(self) -> None:
        if self.overlay is not None and self.overlay.closable:
            return self.overlay.close()
        saved = self.autosave_enabled and not any_read_only()  # a second copy saves nothing
        save_as = self._save_as if (saved and self.session.state and not self.halted) else None
        moments.leave_dialog(self, saved, self.leave_table, save_as, self._rules)

    def _rules(self) -> None:
        """This game's rules, then back to this same table (issue 4: rules from the table)."""
        from game.ui.screens.rules import RulesScreen

        self.app.show(RulesScreen(self.app, self.game, on_back=lambda: self.app.show(self)))

    def leave_table(self) -> None:
        self.app.show_main_menu()

    def _save_as(self) -> None:
        """The saves layer's "Save as..." dialog, if it is there."""
        try:
            from game.ui.screens.load_screen import save_as_dialog
        except ImportError:
            return
        save_as_dialog(self, self.session,
                       on_saved=lambda path: self.presenter.toast(t("table.saved"), "info"))

    def teardown(self) -> None:
        if self.overlay is not None:
            self.overlay.kill()
        self.hud.buttons = {}
        super().teardown()

    def layout(self) -> None:
        self.pointer.reset()
        self.lay, self.log_open = table_layout(self.model, self.movelog)
        self.rebuild_scene()  # hit tests use the scene: it follows the layout at once
        self.hud.build_buttons()
        if self.overlay is not None:
            self.overlay.build()
        self.mark_dirty()
        self.hud.refresh_buttons(force=True)

    def toggle_log(self) -> None:
        self.movelog.choice = not self.log_open
        self.rebuild()

    def mark_dirty(self) -> None:
        """The static layer must be drawn again (and a frame shown)."""
        self.painter.dirty = True
        self.request_frame()

    def request_frame(self) -> None:
        """Something on screen changed: the main loop draws a frame soon."""
        self.app.request_frame()

    def animating(self) -> bool:
        """Whether frames are needed without any input: cards in flight or in the hand, a
        computer thinking or about to move, a pulsing hint, fading toasts, a save due."""
        return bool(self.animator.busy or self.pointer.drag is not None or self.flow.waiting
                    or self.hint is not None or self.flow.save_due
                    or self.presenter.fading())

    def next_change(self) -> float | None:
        """Seconds until the picture changes by itself (a toast fading), or None."""
        return self.presenter.next_change()

    # ===========================================================================================
    # Names

    def names(self) -> list[str]:
        return player_names(["human" if self.session.is_human(s) else "computer"
                             for s in range(self.players)])

    def side_names(self) -> list[str]:
        if self.nsides == self.players:
            return self.names()
        if self.partnerships:
            mine = {self.sides[h] for h in self.humans}
            if len(mine) == 1:
                m = next(iter(mine))
                return [t("player.us") if x == m else t("player.them")
                        for x in range(self.nsides)]
            return [t("player.team", n=x + 1) for x in range(self.nsides)]
        return self.names()[: self.nsides]

    def target(self) -> int:
        return self.session.game.target(self.session.options)

    # ===========================================================================================
    # Deals and overlays

    def begin_deal(self) -> None:
        self.flow.begin_deal()

    def deal(self, grab) -> None:
        """Deal (with Looking and Down's grabs) and fly the cards out."""
        events = self.session.start_deal(grab)
        self.version += 1
        self.last_move = set()
        self.selected.clear()
        self.table_selected.clear()
        self.down_gate = []
        self.hand_orders = {}
        self.takeback.arrangements = {}
        self.info.forget()
        self.flow.new_deal_started()
        self.sync_hands()
        zone, anchor = self.family.deal_anchor(self.lay)
        self.presenter.show_deal(events, zone, anchor)
        self.mark_dirty()

    def next_deal(self) -> None:
        if self.overlay is not None:
            self.overlay.close()
        if self.session.game_over:
            self.show_game_over()
            return
        self.begin_deal()

    def show_scores(self) -> None:
        if self.overlay is not None:
            return
        if self.flow.sheet_due:
            return self.flow.open_deal_scores()
        view = not (self.session.state is not None and self.reads.is_over)
        self.open_overlay(ScoreSheet(self, view=view))

    def show_game_over(self) -> None:
        if self.overlay is not None:
            self.overlay.close()
        go = GameOver(self)
        self.open_overlay(go)
        go.play_sound()

    def open_overlay(self, overlay) -> None:
        if self.overlay is not None:
            self.overlay.close()
        self.pointer.reset()
        self.overlay = overlay
        overlay.build()
        self.mark_dirty()
        self.hud.refresh_buttons(force=True)

    @property
    def speed(self) -> float:
        return self.app.settings.animation_scale

    # ===========================================================================================
    # Hands and scene

    def hand_codes(self, seat: int) -> list[int]:
        return self.reads.hand(seat)

    def sync_hands(self) -> None:
        """Bring the humans' hand orders up to date with the state, then the scene.

        The one place where the hand shown changes: the selection and the pointer point at
        positions of a hand, so they are forgotten when the viewer's hand changes, and the
        scene (what clicks hit) is rebuilt at once, not at the next frame's drawing.
        """
        if self.session.state is None:
            return
        reads = self.reads
        for seat in set(self.humans) | {self.viewer}:
            old = self.hand_orders.get(seat, [])
            codes = reads.hand(seat)
            if seat == self.viewer:  # the down not picked up, the staged melds: not in hand
                for c in self.down_gate + self.family.staging.follow(reads):
                    if c in codes:
                        codes.remove(c)
            new = sync_order(old, codes)
            mode = self.sort_mode.setdefault(seat, "rank")
            if mode is not None:  # None: the player's own order
                new.sort(key=self.family.sort_key(mode))
            if new != old and seat == self.viewer:
                self.forget_hand_positions()
            self.hand_orders[seat] = new
        self.family.forget_gone_cards(reads)
        self.rebuild_scene()

    def forget_hand_positions(self) -> None:
        """The viewer's hand changed: a selection, a press or a first click of a double click
        named positions in the old hand."""
        self.selected.clear()
        self.pointer.forget_hand()

    def view(self, dragging: set[int] | None = None) -> View:
        return self.family.staging.dress(View(
            game=self.game, players=self.players, sides=self.sides, viewer=self.viewer,
            names=self.names(), hand_order=self.hand_orders.get(self.viewer, []),
            selected=set(self.selected), dragging=dragging or set(),
            reveal=self.revealed(), table_selected=set(self.table_selected),
            last_move=self.last_move, partnerships=self.partnerships,
            down_gate=list(self.down_gate), natural=self.session.canasta_is_natural,
            fresh=list(self.info.fresh), peek=self.info.peek, last_captures=self.info.captures(),
        ))

    def revealed(self) -> bool:
        return self.reveal_all or self.session.is_human(self.viewer)

    def rebuild_scene(self, dragging: set[int] | None = None) -> None:
        """The scene for the current state; ``dragging``: hand positions lifted (by default
        those of the drag in progress)."""
        if dragging is None and self.pointer.drag is not None:
            dragging = set(self.pointer.drag.indices)
        if self.session.state is None:
            self.scene = None
            return
        self.scene = self.family.build_scene(self.reads.view, self.lay, self.view(dragging))

    # ===========================================================================================
    # Moves (see ``moves``)

    def can_act(self) -> bool:
        if (self.session.state is None or self.reads.is_over or self.overlay is not None
                or self.dialog is not None or self.halted):
            return False
        return self.session.is_human(self.viewer) and self.revealed() and not self.down_gate

    def apply(self, action: Action, origin: dict[int, pygame.Rect] | None = None,
              computer: bool = False, confirmed: bool = False) -> bool:
        """Play an action with its animation; False (and the engine's reason shown) if the
        engine refuses it, or if a risky discard waits for the player's confirmation."""
        return self.moves.apply(action, origin, computer, confirmed)

    def can_hint(self) -> bool:
        return self.can_act() and self.reads.current_player == self.viewer

    def show_hint(self) -> None:
        self.moves.show_hint()

    # ===========================================================================================
    # Each frame

    def update(self, dt: float) -> None:
        self.think_clock += dt
        self.presenter.update(dt)
        self.info.update(dt)
        if self.hint is not None:
            self.hint[2] -= dt
            if self.hint[2] <= 0 or self.hint[1] != self.version:
                self.hint = None
                self.request_frame()
        if self.animator.update(dt):
            self.mark_dirty()
        if self.overlay is not None:
            self.overlay.update(dt)
        self.hud.refresh_buttons()
        self.flow.update(dt)

    def pick_up_down(self) -> None:
        """The player picks up the down (LD-11): it flies into the hand."""
        if not self.down_gate or self.scene is None:
            return
        old = {z: list(lst) for z, lst in self.scene.places.items()}
        cards = self.down_gate
        self.down_gate = []
        self.sync_hands()
        self.animator.move(old, self.scene.places, cards, self.speed)
        audio.play("pickup")
        self.mark_dirty()

    def set_viewer(self, seat: int) -> None:
        if seat == self.viewer:
            self.mark_dirty()
            return
        self.viewer = seat
        self.down_gate = []
        self.info.forget()
        self.forget_hand_positions()
        self.table_selected.clear()
        self.animator.clear()
        self.rebuild()  # the layout is drawn around the viewer
        self.sync_hands()

    def selected_codes(self) -> list[int]:
        """The viewer's chosen hand cards, in hand order."""
        order = self.hand_orders.get(self.viewer, [])
        return [order[i] for i in sorted(self.selected) if i < len(order)]

    # ===========================================================================================
    # Events

    def process_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame_gui.UI_BUTTON_PRESSED, pygame_gui.UI_TEXT_ENTRY_FINISHED):
            return super().process_event(event)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.dialog is not None:
                self.dialog.close()
            elif self.pointer.drag is not None:
                self.pointer.reset()
                self.rebuild_scene()
                self.mark_dirty()
            else:
                self.back()
            return True
        if self.overlay is not None:
            if self.overlay.process_event(event):
                return True
            if self.overlay.modal:
                return self.intents.keyboard.on_buttons(event)
        if self.dialog is not None:
            return self.intents.keyboard.on_buttons(event)
        return self.intents.handle(event)

    # ===========================================================================================
    # Drawing

    def draw_background(self, surface: pygame.Surface) -> None:
        if self.lay is None or self.lay.size != surface.get_size():
            self.lay, self.log_open = table_layout(self.model, self.movelog)
            self.painter.dirty = True
        self.painter.draw(surface)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        self.painter.draw_over_buttons(surface)

