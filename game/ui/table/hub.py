"""The table's hub: what its parts read and what they ask for (issue 28).

The parts (intents, keys, the HUD, ...) do not reach into :class:`TableScreen`: each is given

- a :class:`TableModel` to read: the deal as the viewer sees it (``reads``), whose table it is
  (``viewer``, ``sides``), the picture's geometry (``lay``, ``scene``), the player's choices in
  progress (``selected``, ``hint``...) and the table's questions (``can_act()``...);
- :class:`~game.ui.table.hub_commands.TableCommands` to send: play an action, show a message,
  open a sheet, start a card animation, change the selection or the hand's order, ...
  (hub_commands.py)

The screen is the composition root: it builds the parts and these two, which answer from it
and its other parts. A part is read (and tested) with these two alone; a test gives it fakes
with the same names (tests/ui/table/test_table_hub.py).
"""

from __future__ import annotations

from game.ui.table import messages


class TableModel:
    """The table as its parts read it (read only: what changes goes through the commands)."""

    __slots__ = ("_sc",)

    def __init__(self, screen) -> None:
        self._sc = screen

    # ---- the game and its seats -------------------------------------------------------------
    @property
    def game(self) -> str:
        return self._sc.game

    @property
    def family(self):
        """What differs between the canasta games and Cassino (game/ui/table/family.py)."""
        return self._sc.family

    @property
    def players(self) -> int:
        return self._sc.players

    @property
    def sides(self) -> list[int]:
        return self._sc.sides

    @property
    def partnerships(self) -> bool:
        return self._sc.partnerships

    @property
    def viewer(self) -> int:
        """The seat at the lower edge, whose hand is shown."""
        return self._sc.viewer

    def is_human(self, seat: int) -> bool:
        return self._sc.session.is_human(seat)

    def is_computer(self, seat: int) -> bool:
        """A computer plays the seat (at a network table, not another person's seat)."""
        return self._sc.session.is_computer(seat)

    @property
    def humans(self) -> list[int]:
        """The seats people play (several: pass-and-play, a cover between their turns)."""
        return self._sc.humans

    def names(self) -> list[str]:
        return self._sc.names()

    def side_names(self) -> list[str]:
        return self._sc.side_names()

    def you(self) -> int:
        """The seat the table calls "You", or -1 (messages.you)."""
        return messages.you(self._sc)

    @property
    def teams(self) -> bool:
        """The sides are not the seats: several seats play on a side."""
        return self._sc.nsides != self._sc.players

    def your_side(self) -> int:
        """The side the table calls "Us", or -1 (messages.your_side)."""
        return messages.your_side(self._sc)

    def reason_text(self, reason) -> str:
        """The engine's ``reason`` in the player's words (Presenter.reason_text)."""
        return self._sc.presenter.reason_text(reason)

    def why_illegal(self, action):
        """The engine's reason ``action`` is not a legal move now, or None."""
        return self._sc.session.why_illegal(action)

    def decision(self, seat: int):
        """What ``seat`` has to decide now, as the computer players see it (for hints)."""
        return self._sc.session.decision(seat)

    @property
    def settings(self):
        """The player's settings (the questions before a risky move...)."""
        return self._sc.app.settings

    @property
    def autosaves(self) -> bool:
        """The game is saved as it goes (not at a screenshot's or a network table)."""
        return self._sc.autosave_enabled

    # ---- the deal and the match ---------------------------------------------------------------
    @property
    def dealing(self) -> bool:
        """A deal is on the table (none before the first, or while dealers grab)."""
        return self._sc.session.state is not None

    @property
    def reads(self):
        """The deal as the viewer may read it (game/ui/table/reads.py)."""
        return self._sc.reads

    @property
    def version(self) -> int:
        """Counts the deal's changes the table made (a new deal, a take-back)."""
        return self._sc.version

    @property
    def position(self):
        """The hand-made position the deal started from (a lesson, a practice), or None."""
        return self._sc.session.position

    @property
    def match(self):
        """The match so far: ``totals``, ``deals_played``."""
        return self._sc.session.match

    @property
    def game_over(self) -> bool:
        """The match is decided (its last deal scored)."""
        return self._sc.session.game_over

    @property
    def deal_number(self) -> int:
        """The deal on the table, or the next (1 for the first)."""
        session = self._sc.session
        return session.match.deals_played + (0 if session.scored else 1)

    @property
    def history(self) -> list[str]:
        """The deal's moves so far, as recorded (NOTATION.md)."""
        return self._sc.session.history

    def events_so_far(self):
        """(the deal's own events, each move's events) of the deal in progress."""
        return self._sc.session.events_so_far()

    @property
    def number(self) -> int | None:
        """The game's number (docs/deals.md), or None."""
        return self._sc.session.number

    def target(self) -> int:
        return self._sc.target()

    # ---- the picture --------------------------------------------------------------------------
    @property
    def window_size(self) -> tuple[int, int]:
        return self._sc.size

    @property
    def open_hands(self) -> bool:
        """A replay shown open: every other hand face up and whole."""
        return getattr(self._sc, "open_hands", False)

    @property
    def lay(self):
        return self._sc.lay

    @property
    def scene(self):
        return self._sc.scene

    @property
    def speed(self) -> float:
        return self._sc.speed

    @property
    def font_sizes(self) -> dict[str, int]:
        return self._sc.app.font_sizes

    def s(self, x: float) -> int:
        """``x`` pixels at the UI's scale."""
        return self._sc.s(x)

    @property
    def scale(self) -> float:
        """The UI's scale (1.0 at 1280x800)."""
        return self._sc.app.scale

    @property
    def deck_style(self) -> str:
        return self._sc.app.settings.deck_style

    @property
    def clock(self) -> float:
        """Seconds the table has run: the pulses of hints and dots follow it."""
        return self._sc.think_clock

    @property
    def guide(self):
        """A practice position's or a guided deal's panel, or None."""
        return self._sc.guide

    @property
    def drag(self):
        """The drag in progress (gestures.Drag), or None."""
        return self._sc.pointer.drag

    @property
    def cards_moving(self) -> bool:
        """Cards fly or slide home: the picture is not settled."""
        return self._sc.animator.busy

    @property
    def cards_flying(self) -> bool:
        """Cards fly (a move, a deal); a slide home of cards let go is not a flight."""
        return bool(self._sc.animator.tweens)

    def stage_controls_size(self) -> tuple[int, int]:
        """The room the HUD's buttons for staged melds take."""
        return self._sc.hud.stage_controls_size()

    def column_keys(self) -> set[str]:
        """The keys of the hand's button column (Hud.column_buttons): the family's actions,
        and at a network table Pass (LD-10)."""
        return {key for key, _label, _cb in self._sc.hud.column_buttons()}

    def key_sheet(self):
        """The lines of the F1 sheet for the game being played (KeyboardPlay.sheet)."""
        return self._sc.intents.keyboard.sheet()

    def why_lines(self, deal: int, index: int) -> list[str]:
        """The Why? of move ``index`` of deal ``deal``: the move as the log tells it, then
        its explanation (WhyView.lines)."""
        return self._sc.presenter.why.lines(deal, index)

    def log_row_at(self, pos):
        """(deal, index) of the move log's line under ``pos`` (the log open), or None."""
        sc = self._sc
        return sc.movelog.row_at(pos) if sc.lay and sc.lay.log_list else None

    # ---- the player's choices in progress -----------------------------------------------------
    @property
    def selected(self) -> frozenset[int]:
        """The viewer's chosen hand positions."""
        return frozenset(self._sc.selected)

    @property
    def table_selected(self) -> frozenset[int]:
        """The chosen table cards (Cassino)."""
        return frozenset(self._sc.table_selected)

    def selected_codes(self) -> list[int]:
        return self._sc.selected_codes()

    def hand_order(self, seat: int) -> list[int]:
        """The codes of ``seat``'s hand as the table shows them, left to right."""
        return self._sc.hand_orders.get(seat, [])

    def sort_mode(self, seat: int) -> str | None:
        """How ``seat``'s hand is kept sorted ("rank", "suit"; None: as the player put it)."""
        return self._sc.sort_mode.get(seat)

    @property
    def hint(self):
        """[action, version, seconds left] of the hint on show, or None."""
        return self._sc.hint

    @property
    def down_gate(self) -> list[int]:
        """Looking and Down: the viewer's down, not picked up yet."""
        return self._sc.down_gate

    @property
    def toasts(self) -> list[list]:
        """The messages on show: [text, tone, seconds left]."""
        return self._sc.presenter.toasts

    # ---- what is open, and what may be done ----------------------------------------------------
    @property
    def overlay(self):
        return self._sc.overlay

    @property
    def dialog(self):
        return self._sc.dialog

    def can_act(self) -> bool:
        return self._sc.can_act()

    def can_hint(self) -> bool:
        return self._sc.can_hint()

    def revealed(self) -> bool:
        """The viewer's hand is shown face up."""
        return self._sc.revealed()

    def can_take_back(self) -> bool:
        return self._sc.takeback.possible()

    def take_back_point(self, seat: int, whole_turns: bool):
        """Where a take-back by ``seat`` would go back to, or None (GameSession)."""
        return self._sc.session.take_back_point(seat, whole_turns)

    @property
    def take_back_turns(self) -> bool:
        """The practice setting: take back whole turns."""
        return bool(getattr(self._sc.app.settings, "take_back_turns", False))

    @property
    def computer_busy(self) -> bool:
        """A computer is thinking (its generator holds the position)."""
        return self._sc.flow.worker.busy

    @property
    def sheet_due(self) -> bool:
        """A finished deal is on the table: a click opens its score sheet."""
        return self._sc.flow.sheet_due

    @property
    def halted(self) -> bool:
        return self._sc.flow.halted

    def thinking_seat(self) -> int:
        return self._sc.flow.thinking_seat()
