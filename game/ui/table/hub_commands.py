"""What the table's parts ask for: the commands half of the table hub (game/ui/table/hub.py).

Each command answers from the screen and its other parts; a part that sends them is tested
with fakes of the same names (tests/ui/table/test_table_hub.py).
"""

from __future__ import annotations


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

    def play_computer(self, action):
        """Play a computer's ``action`` (or the server's): no staged melds go first, no
        question is asked. None, or the engine's Refusal (not shown)."""
        return self._sc.moves.play(action, computer=True)

    def note_why(self, index: int, why) -> None:
        """The move ``index`` of the deal was a computer's, made for ``why`` (an Explanation,
        or None): the move log's Why? tells it."""
        self._sc.movelog.explain(index, why)

    def deal(self, grab) -> None:
        """Deal the next deal (``grab``: Looking and Down's dealers' grabs, or None) and fly
        the cards out."""
        self._sc.deal(grab)

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

    def leave_table(self) -> None:
        """Back to the menu (a network table closes its connection first)."""
        self._sc.leave_table()

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

    def set_viewer(self, seat: int) -> None:
        """The table is drawn for ``seat`` (pass-and-play: the next person at the screen)."""
        self._sc.set_viewer(seat)

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

    def refresh_buttons(self) -> None:
        """The HUD's buttons follow the table now (not at the next frame)."""
        self._sc.hud.refresh_buttons(force=True)

    def reset_pointer(self) -> None:
        """Drop what the pointer holds: a press, a drag (its cards go back)."""
        self._sc.pointer.reset()

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

    def next_deal(self) -> None:
        """From a deal's score sheet: the next deal (or the game's end)."""
        self._sc.next_deal()

    def show_game_over(self) -> None:
        self._sc.show_game_over()

    def show_main_menu(self) -> None:
        self._sc.app.show_main_menu()

    def show_new_game(self) -> None:
        self._sc.app.show_new_game()

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

    def overlay_closed(self, overlay) -> None:
        """``overlay`` closed itself: if it was the one open, the table forgets it."""
        sc = self._sc
        if sc.overlay is overlay:
            sc.overlay = None
            sc.mark_dirty()

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
