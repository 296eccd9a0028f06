"""The table's hub: what its parts read and what they ask for (issue 28).

The parts (intents, keys, the HUD, ...) do not reach into :class:`TableScreen`: each is given

- a :class:`TableModel` to read: the deal as the viewer sees it (``reads``), whose table it is
  (``viewer``, ``sides``), the picture's geometry (``lay``, ``scene``), the player's choices in
  progress (``selected``, ``hint``...) and the table's questions (``can_act()``...);
- :class:`TableCommands` to send: play an action, show a message, open a sheet, start a card
  animation, change the selection or the hand's order, ...

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

    def names(self) -> list[str]:
        return self._sc.names()

    def side_names(self) -> list[str]:
        return self._sc.side_names()

    def you(self) -> int:
        """The seat the table calls "You", or -1 (messages.you)."""
        return messages.you(self._sc)

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

    def stage_controls_size(self) -> tuple[int, int]:
        """The room the HUD's buttons for staged melds take."""
        return self._sc.hud.stage_controls_size()

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


class TableCommands:
    """What the parts ask of the table."""

    __slots__ = ("_sc",)

    def __init__(self, screen) -> None:
        self._sc = screen

    # ---- moves ----------------------------------------------------------------------------
    def apply(self, action, origin=None) -> bool:
        """Play the viewer's ``action`` (False: refused, its reason shown, or a question)."""
        return self._sc.apply(action, origin)

    def undo(self, seat: int, whole_turns: bool) -> int:
        """Take ``seat``'s last move (or turn) back: the session rebuilds the deal and the table
        forgets what pointed into the old position (a computer's move, the hint, the chosen
        table cards, a press, cards in flight). The number of moves left."""
        sc = self._sc
        sc.flow.ready = None  # a computer's move of the position that goes away
        sc.session.take_back(seat, whole_turns)
        sc.version += 1
        sc.hint = None
        sc.last_move = set()
        sc.table_selected.clear()
        sc.pointer.reset()
        sc.animator.clear()
        return len(sc.session.history)

    def show_position(self) -> None:
        """After a change of position the table did not play (a take-back): the hands, the
        log, the buttons drawn again, and a save."""
        sc = self._sc
        sc.sync_hands()
        sc.presenter.sync_log()
        sc.flow.save_due = True
        sc.mark_dirty()
        sc.hud.refresh_buttons(force=True)

    def play(self, action):
        """Play ``action`` (game/ui/table/moves.py): None, or the engine's Refusal (not shown)."""
        return self._sc.moves.play(action)

    def try_apply(self, action, hold):
        """The session plays ``action`` (its events) or refuses it (a Refusal); ``hold``:
        which legal moves wait for a question first (GameSession.try_apply)."""
        return self._sc.session.try_apply(action, hold)

    def new_version(self) -> None:
        """The deal changed: what pointed into the old one (a hint...) is out of date."""
        self._sc.version += 1

    def set_down_gate(self, cards: list[int]) -> None:
        """Looking and Down: the viewer's down waits, shown, until the player picks it up."""
        self._sc.down_gate = cards

    def save_soon(self) -> None:
        """Save the game once the cards have landed."""
        self._sc.flow.save_due = True

    def set_hint(self, action, seconds: float) -> None:
        """Light ``action``'s cards and target up for ``seconds`` (or until the deal changes)."""
        self._sc.hint = [action, self._sc.version, seconds]

    def play_first(self, readings, origin=None, ask_take: bool = False):
        """Play the first of a gesture's ``readings`` the engine accepts (TableMoves)."""
        return self._sc.moves.play_first(readings, origin, ask_take=ask_take)

    def pick_up_down(self) -> None:
        self._sc.pick_up_down()

    def take_back(self) -> None:
        self._sc.takeback.take_back()

    # ---- the player's choices -------------------------------------------------------------
    def select(self, indices) -> None:
        """Choose the viewer's hand positions ``indices`` (and no others)."""
        self._sc.selected = set(indices)

    def select_table(self, codes) -> None:
        """Choose the table cards ``codes`` (Cassino), and no others."""
        self._sc.table_selected = set(codes)

    def set_hand_order(self, seat: int, order: list[int], mode: str | None) -> None:
        """``seat``'s hand shown in ``order``, kept sorted by ``mode`` (None: as it is)."""
        self._sc.hand_orders[seat] = order
        self._sc.sort_mode[seat] = mode

    def forget_hand_positions(self) -> None:
        self._sc.forget_hand_positions()

    def sort_hand(self, mode: str) -> None:
        self._sc.intents.sort_hand(mode)

    def toggle_peek(self, side: int) -> None:
        """Cassino: show or hide ``side``'s captured cards."""
        self._sc.info.toggle_peek(side)

    # ---- the picture ----------------------------------------------------------------------
    def mark_dirty(self) -> None:
        """The static layer is drawn again."""
        self._sc.mark_dirty()

    def request_frame(self) -> None:
        self._sc.request_frame()

    def rebuild_scene(self, dragging: set[int] | None = None) -> None:
        self._sc.rebuild_scene(dragging)

    def sync_hands(self) -> None:
        """The hands shown follow the deal (and the cards staged)."""
        self._sc.sync_hands()

    def fly(self, old, new, codes) -> None:
        """Cards ``codes`` fly from their ``old`` places to their ``new`` ones."""
        self._sc.animator.move(old, new, codes, self._sc.speed)

    def shift_cards(self, zone, old, new) -> None:
        """The cards of ``zone`` slide from ``old`` places to ``new`` ones."""
        self._sc.animator.shift(zone, old, new, self._sc.speed)

    def slide_home(self, slides) -> None:
        """Cards let go where they may not go slide back into the hand."""
        self._sc.animator.slide_home(slides, self._sc.speed)

    def mark_last_move(self, cells: set) -> None:
        """A computer's move stays marked: its (zone, card) places on the table."""
        self._sc.last_move = cells

    def scroll_log(self, lines: int) -> None:
        self._sc.movelog.on_wheel(lines)
        self._sc.mark_dirty()

    def toggle_log(self) -> None:
        self._sc.toggle_log()

    # ---- messages, sheets and dialogs -----------------------------------------------------
    def toast(self, message: str, tone: str = "info", seconds: float | None = None) -> None:
        """A message over the hand; it fades after ``seconds`` (by default a few)."""
        if seconds is None:
            self._sc.presenter.toast(message, tone)
        else:
            self._sc.presenter.toast(message, tone, seconds)

    def show_reason(self, reason) -> None:
        """A refusal: the engine's reason in the player's words, with the error sound."""
        self._sc.presenter.show_reason(reason)

    def toast_reason(self, reason, tone: str) -> None:
        """The engine's ``reason`` in the player's words as a message of ``tone``."""
        presenter = self._sc.presenter
        presenter.toast(presenter.reason_text(reason), tone)

    def show_reason_text(self, text: str) -> None:
        """A refusal in the table's own words, with the error sound."""
        self._sc.presenter.show_reason_text(text)

    def show_hint(self) -> None:
        self._sc.show_hint()

    def show_scores(self) -> None:
        self._sc.show_scores()

    def open_deal_scores(self) -> None:
        """The finished deal's score sheet."""
        self._sc.flow.open_deal_scores()

    def first_prompt(self, key: tuple) -> bool:
        """True the first time the prompt ``key`` (its kind, the turn) is asked for: each
        question of a turn is put once."""
        prompted = self._sc.flow.prompted
        if key in prompted:
            return False
        prompted.add(key)
        return True

    def dialog(self, build, *args):
        """A dialog over the table: ``build(screen, *args)`` (game/ui/table/moments.py)."""
        return build(self._sc, *args)

    def overlay(self, kind, *args) -> None:
        """Open the overlay ``kind(screen, *args)`` (it replaces any open one)."""
        self._sc.open_overlay(kind(self._sc, *args))

    def show_keys(self) -> None:
        """The sheet of keys (F1), unless something is open already."""
        from game.ui.table.keysheet import KeySheet

        sc = self._sc
        if sc.overlay is None and sc.dialog is None:
            sc.open_overlay(KeySheet(sc))

    def why(self, deal: int, index: int) -> None:
        """Why the move ``index`` of deal ``deal`` was made."""
        self._sc.presenter.why.open(deal, index)

    def why_last(self) -> None:
        self._sc.presenter.why.open_last()

    def back(self) -> None:
        """Esc: close what is open, or the leave dialog."""
        self._sc.back()

    # ---- widgets --------------------------------------------------------------------------
    def button(self, rect, label: str, callback, object_id: str):
        """A pygame_gui button on the table that calls ``callback``."""
        return self._sc.button(rect, label, callback, object_id)

    def drop_button(self, button) -> None:
        self._sc._on_click.pop(button, None)
        button.kill()

    def press(self, button) -> None:
        """As a click on ``button`` of a dialog or an overlay."""
        import pygame
        import pygame_gui

        self._sc.process_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED,
                                                  {"ui_element": button}))
