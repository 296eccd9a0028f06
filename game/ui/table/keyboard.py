"""Keyboard play at the table: a focus ring, and a key for every move (issue 15).

The ring stands on a card of the viewer's hand or on a place of the table. Left and Right move
it through the hand's cards; Up, Down, Tab and Shift+Tab move it between the places a move can
go to (the hand, the stock, the discard pile, the viewer's new-meld area and each of its melds;
Cassino's table cards and reservations, the open table and the captured piles). Space chooses
the card under the ring; Enter acts on the place under it with the chosen cards, as a click
there does. Letters make the usual moves and press the game's buttons (:data:`SHEET` lists
them all; the F1 sheet shows it). While a dialog or a modal overlay is open, the same keys
move the ring between its buttons and Enter or Space presses the one under it.

Every key goes through what the mouse uses (the intents' click handlers, the family's drops
and buttons, ``TableMoves``): nothing here decides a rule, and a refused move shows the
engine's reason as a refused drop does. The ring is drawn only while the keyboard is in use:
the mouse hides it, and the first arrow key shows it again where it was.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.engine.actions import make
from game.engine.registry import game_info
from game.i18n import t
from game.ui.table import render
from game.ui.table.scene import Target

# The places the ring visits after the hand, in this order (scene order within a kind). Melds
# and the new-meld area are the viewer's side's only: no move goes to the others'.
PLACE_ORDER = ("down", "stock", "pile", "meld_area", "staged", "meld", "group", "table",
               "captured")

ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)
# Letters that press one of the family's buttons (``TableFamily.action_buttons``).
BUTTON_KEYS = {pygame.K_a: "ask", pygame.K_c: "capture", pygame.K_b: "build",
               pygame.K_t: "trail"}


@dataclass(frozen=True)
class Shortcut:
    """One line of the F1 sheet: key caps (letters as they are printed on the key, named keys
    as ``keys.cap.*`` catalogue keys), what they do (a catalogue key), and when it applies:
    always (""), in the games with a stock to draw from ("draws"), where dealers grab
    ("grab"), or when the hand's column has the button of that name ("ask", "capture",
    "take_back": a network table has Pass in its place)."""

    section: str
    caps: tuple[str, ...]
    what: str
    when: str = ""


SHEET = (
    Shortcut("keys.section.choose", ("←", "→"), "keys.do.cards"),
    Shortcut("keys.section.choose", ("↑", "↓", "keys.cap.tab"), "keys.do.places"),
    Shortcut("keys.section.choose", ("keys.cap.space",), "keys.do.choose"),
    Shortcut("keys.section.choose", ("keys.cap.enter",), "keys.do.act"),
    Shortcut("keys.section.moves", ("D",), "keys.do.draw", "draws"),
    Shortcut("keys.section.moves", ("P",), "keys.do.pile", "draws"),
    Shortcut("keys.section.moves", ("M",), "keys.do.meld", "draws"),
    Shortcut("keys.section.moves", ("keys.cap.enter",), "keys.do.add", "draws"),
    Shortcut("keys.section.moves", ("keys.cap.enter",), "keys.do.send", "draws"),
    Shortcut("keys.section.moves", ("keys.cap.backspace",), "keys.do.put_back", "draws"),
    Shortcut("keys.section.moves", ("X", "keys.cap.delete"), "keys.do.discard", "draws"),
    Shortcut("keys.section.moves", ("A",), "keys.do.ask", "ask"),
    Shortcut("keys.section.moves", ("N",), "keys.do.pass", "pass"),
    Shortcut("keys.section.moves", ("C",), "keys.cassino.capture", "capture"),
    Shortcut("keys.section.moves", ("B",), "keys.cassino.reserve", "build"),
    Shortcut("keys.section.moves", ("T", "X"), "keys.cassino.trail", "trail"),
    Shortcut("keys.section.moves", ("↓",), "keys.cassino.down", "capture"),
    Shortcut("keys.section.table", ("H",), "keys.do.hint"),
    Shortcut("keys.section.table", ("keys.cap.ctrl_z",), "keys.do.take_back", "take_back"),
    Shortcut("keys.section.table", ("R", "S"), "keys.do.sort"),
    Shortcut("keys.section.table", ("L",), "keys.do.log"),
    Shortcut("keys.section.table", ("W",), "keys.do.why"),
    Shortcut("keys.section.table", ("F2",), "keys.do.scores"),
    Shortcut("keys.section.table", ("F1",), "keys.do.sheet"),
    Shortcut("keys.section.table", ("keys.cap.esc",), "keys.do.menu"),
    Shortcut("keys.section.table", ("F11",), "keys.do.full_screen"),
    Shortcut("keys.section.dialogs", ("←", "→", "keys.cap.tab"), "keys.do.buttons"),
    Shortcut("keys.section.dialogs", ("keys.cap.enter", "keys.cap.space"), "keys.do.press"),
    Shortcut("keys.section.dialogs", ("←", "→", "keys.cap.enter"), "keys.do.grab", "grab"),
)


def cap_text(cap: str) -> str:
    """A key cap as printed on the sheet."""
    return t(cap) if cap.startswith("keys.") else cap


def place_id(target: Target | None) -> tuple | None:
    """What names a place across scene rebuilds (None: the hand)."""
    if target is None:
        return None
    return (target.kind, target.side, target.key, target.cards)


class KeyboardPlay:
    """Reads the table through ``model``, acts through ``do`` (game/ui/table/hub.py) and
    ``intents`` (what the mouse's gestures do)."""

    def __init__(self, model, do, intents) -> None:
        self.model = model
        self.do = do
        self.intents = intents
        self.visible = False  # the ring is drawn (the keyboard is in use)
        self.card = 0  # the hand position under the ring
        self.place: tuple | None = None  # place_id of the place under it (None: the hand)
        self.place_index = 0  # where that place was in the list, for when it is gone
        self.button_owner = None  # the dialog or overlay whose buttons the ring is on
        self.button = 0  # the button under the ring there

    # ---- the sheet's lines for this table -------------------------------------------------
    def sheet(self) -> list[Shortcut]:
        """The shortcuts that apply at this table, in the sheet's order."""
        m = self.model
        fam = m.family
        buttons = m.column_keys()
        if "ask" in buttons and (not m.dealing or not m.reads.partners(m.viewer)):
            buttons.discard("ask")  # no partner to ask at this table
        if not game_info(m.game).out_of_turn:
            buttons.discard("pass")  # Pass answers LD-10's out-of-turn moment only
        if game_info(m.game).keeper:
            buttons.add("grab")  # Looking and Down's dealers grab (LD-2)
        return [s for s in SHEET if not s.when or (s.when == "draws" and fam.draws)
                or s.when in buttons]

    def open_sheet(self) -> None:
        self.do.show_keys()

    # ---- the places -----------------------------------------------------------------------
    def places(self) -> list[Target | None]:
        """The hand (None), then the places a move can go to."""
        m = self.model
        if m.scene is None:
            return [None]
        side = m.sides[m.viewer]
        found = [tg for tg in m.scene.targets if tg.kind in PLACE_ORDER
                 and not (tg.kind in ("meld", "meld_area") and tg.side != side)]
        found.sort(key=lambda tg: PLACE_ORDER.index(tg.kind))
        return [None, *found]

    def current(self) -> tuple[int, Target | None]:
        """(index in ``places()``, the place) under the ring; a place gone since (a capture
        took the cards, a meld became a canasta elsewhere) gives the one now at its index."""
        places = self.places()
        for i, tg in enumerate(places):
            if place_id(tg) == self.place:
                return i, tg
        i = min(self.place_index, len(places) - 1)
        return i, places[i]

    def hand_size(self) -> int:
        m = self.model
        return len(m.scene.hand) if m.scene is not None else 0

    def ring_card(self) -> int:
        """The hand position under the ring, or -1 (the ring is elsewhere, or hidden)."""
        if not self.visible or self.current()[1] is not None or not self.hand_size():
            return -1
        return min(self.card, self.hand_size() - 1)

    def ring_rect(self) -> pygame.Rect | None:
        m = self.model
        buttons = self.buttons()
        if buttons is not None:
            return buttons[self._button_index(buttons)].rect if buttons else None
        if m.scene is None or m.lay is None:
            return None
        _i, tg = self.current()
        if tg is not None:
            return tg.rect
        n = self.hand_size()
        if not n:
            return None
        want = min(self.card, n - 1)
        at = {sp.index: sp.rect for sp in m.scene.hand}
        rect, after = at.get(want), at.get(want + 1)
        if rect is not None and after is not None and rect.x < after.x < rect.right:
            # A fanned hand: ring only the card's visible strip, not the next card's face.
            rect = pygame.Rect(rect.x, rect.y, after.x - rect.x, rect.h)
        return rect

    # ---- showing ---------------------------------------------------------------------------
    def show(self) -> bool:
        """Show the ring; True if it was hidden (the key that showed it does nothing more)."""
        if self.visible:
            return False
        self.visible = True
        self.do.request_frame()
        return True

    def mouse_used(self) -> None:
        if self.visible:
            self.visible = False
            self.do.request_frame()

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible or self.model.lay is None:
            return
        rect = self.ring_rect()
        if rect is not None:
            render.draw_focus(surface, rect, self.model.lay.scale)

    # ---- moving the ring -------------------------------------------------------------------
    def step_card(self, d: int) -> None:
        """Left/Right: the next card of the hand (round the ends); elsewhere, the next place."""
        if self.show():
            return
        if self.current()[1] is not None:
            return self.step_place(d, shown=True)
        n = self.hand_size()
        if n:
            self.card = (min(self.card, n - 1) + d) % n
        self.do.request_frame()

    def step_place(self, d: int, shown: bool = False) -> None:
        if not shown and self.show():
            return
        places = self.places()
        i = (self.current()[0] + d) % len(places)
        self.place = place_id(places[i])
        self.place_index = i
        self.do.request_frame()

    # ---- acting ----------------------------------------------------------------------------
    def choose(self) -> None:
        """Space: choose (or unchoose) the card under the ring, as a click on it does."""
        if self.show():
            return
        _i, tg = self.current()
        if tg is None:
            if self.hand_size():
                self.intents.on_click_card(min(self.card, self.hand_size() - 1))
        elif tg.kind == "group":
            self.intents.on_click_table_card(tg.cards[0])
        else:
            self.act()

    def act(self) -> None:
        """Enter: what a click on the place under the ring does, with the chosen cards
        (Cassino's table cards and open table: what dropping the chosen card there does).
        With staged melds and no card chosen, on the hand or the meld area (or with the ring
        hidden): send them, as the Meld button does."""
        m = self.model
        _i, tg = self.current()
        if m.family.staging and not m.selected and (
                not self.visible or tg is None or tg.kind in ("meld_area", "staged")):
            m.family.staging.confirm()
            return
        if self.show():
            return
        if tg is None:
            return self.choose()
        if tg.kind in ("group", "table"):
            codes = m.selected_codes()
            if codes and m.can_act():
                m.family.drop(tg, codes, None)
            elif tg.kind == "group":
                self.intents.on_click_table_card(tg.cards[0])
            else:
                self.need_card()
            return
        self.intents.on_click_target(tg)

    def need_card(self) -> None:
        self.do.toast(t("keys.choose_first"), "info")

    def chosen(self, hinted: bool = False) -> bool:
        """Make sure some hand card is chosen for a letter's move: the chosen ones, else
        (``hinted``) the card a hint marks for a discard or a trail, else the card under the
        ring, else the only card in the hand (chosen now); False (and the player told how)
        if none."""
        m = self.model
        if m.selected:
            return True
        i = self.hinted_card() if hinted else -1
        if i < 0:
            i = self.ring_card()
        if i < 0 and self.hand_size() == 1:
            i = 0
        if i >= 0:
            self.intents.on_click_card(i)
        if not m.selected:
            self.need_card()
        return bool(m.selected)

    def hinted_card(self) -> int:
        """The hand position of the card the hint on show discards (Cassino: trails), or -1."""
        m = self.model
        h = m.hint
        if h is None or h[1] != m.version or h[0].verb != m.family.discard_verb:
            return -1
        code = h[0].groups[0][0]
        return next((sp.index for sp in m.scene.hand if sp.code == code), -1) \
            if m.scene is not None else -1

    def only_capture(self):
        """Cassino: the one capture the engine lists with what is chosen (the chosen hand
        card, the chosen table cards among those it takes), or None (none, or several)."""
        m = self.model
        card = m.selected_codes()[0] if len(m.selected) == 1 else None
        found = {}
        for a in m.reads.legal_actions(m.viewer):
            if a.verb != "capture" or (card is not None and a.groups[0][0] != card):
                continue
            if not m.table_selected <= set(a.groups[1]):
                continue
            found.setdefault((a.groups[0][0], tuple(sorted(a.groups[1]))), a)
        return next(iter(found.values())) if len(found) == 1 else None

    def step_down(self) -> None:
        """Down: from Cassino's table (its cards, the open table) straight to the hand below
        it; elsewhere the previous place."""
        _i, tg = self.current()
        if self.visible and tg is not None and tg.kind in ("group", "table"):
            self.place = None
            self.place_index = 0
            self.do.request_frame()
            return
        self.step_place(-1)

    def click_place(self, kind: str, **match) -> bool:
        """A click on the first place of ``kind`` (False when the table has none)."""
        m = self.model
        if m.scene is None:
            return False
        for tg in m.scene.targets:
            if tg.kind == kind and all(getattr(tg, k) == v for k, v in match.items()):
                self.intents.on_click_target(tg)
                return True
        return False

    def meld(self) -> bool:
        m = self.model
        if m.scene is None or not any(tg.kind == "meld_area" for tg in m.scene.targets):
            return False
        if m.can_act() and self.chosen():
            self.click_place("meld_area", side=m.sides[m.viewer])
        return True

    def discard(self) -> None:
        """X or Delete: the chosen card (or the one under the ring) as a double click on it
        plays it; several chosen cards go to the engine as they are, which says why not."""
        m = self.model
        if not m.can_act():
            return
        if len(m.selected) > 1:
            self.do.apply(make(m.viewer, m.family.discard_verb, (tuple(m.selected_codes()),)))
            return
        if self.chosen(hinted=True):
            self.intents.on_double_click(min(m.selected))

    def family_button(self, name: str) -> bool:
        m = self.model
        callback = next((cb for key, _label, cb in m.family.action_buttons() if key == name),
                        None)
        if callback is None:
            return False
        if name == "capture" and m.can_act():
            one = self.only_capture()
            if one is not None and not (len(m.selected) == 1 and m.table_selected):
                self.do.apply(one)  # the only capture there is: C makes it
                return True
        if name == "ask" or (m.can_act() and self.chosen(hinted=name == "trail")):
            callback()
        return True

    def sort_hand(self, mode: str) -> None:
        """R or S: the hand sorted as its button does; the ring stays on its card."""
        m = self.model
        order = m.hand_order(m.viewer)
        i = self.ring_card()
        code = order[i] if 0 <= i < len(order) else None
        self.intents.sort_hand(mode)
        if code is not None:
            self.card = m.hand_order(m.viewer).index(code)

    # ---- keys ------------------------------------------------------------------------------
    def key(self, event: pygame.event.Event) -> bool:
        """A key on the open table (no dialog or modal overlay); True if used."""
        m = self.model
        k = event.key
        mod = getattr(event, "mod", 0)
        if k == pygame.K_z and mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.do.take_back()
        elif k == pygame.K_F1:
            self.open_sheet()
        elif k in (*ENTER, pygame.K_SPACE) and m.sheet_due:
            self.do.open_deal_scores()  # the finished deal's table: as a click on it
        elif k in (*ENTER, pygame.K_SPACE) and m.down_gate:
            self.do.pick_up_down()
        elif k == pygame.K_LEFT:
            self.step_card(-1)
        elif k == pygame.K_RIGHT:
            self.step_card(1)
        elif k == pygame.K_UP:
            self.step_place(1)  # the hand is at the bottom: up goes onto the table
        elif k == pygame.K_DOWN:
            self.step_down()
        elif k == pygame.K_TAB:
            self.step_place(-1 if mod & pygame.KMOD_SHIFT else 1)
        elif k == pygame.K_SPACE:
            self.choose()
        elif k in ENTER:
            self.act()
        elif k == pygame.K_d and m.family.draws:
            if m.can_act():
                self.do.apply(make(m.viewer, "draw"))
        elif k == pygame.K_p:
            return self.click_place("pile")
        elif k == pygame.K_m:
            return self.meld()
        elif k in (pygame.K_x, pygame.K_DELETE):
            self.discard()
        elif k == pygame.K_BACKSPACE and m.family.draws:
            m.family.staging.put_back()
        elif k in BUTTON_KEYS:
            return self.family_button(BUTTON_KEYS[k])
        elif k == pygame.K_h:
            self.do.show_hint()
        elif k in (pygame.K_r, pygame.K_s):
            self.sort_hand("rank" if k == pygame.K_r else "suit")
        elif k == pygame.K_l:
            self.do.toggle_log()
        elif k == pygame.K_w:
            self.do.why_last()
        elif k == pygame.K_F2:
            self.do.show_scores()
        else:
            return False
        return True

    # ---- dialogs and overlays --------------------------------------------------------------
    def buttons(self) -> list | None:
        """The buttons of the open dialog or modal overlay (None when there is none)."""
        m = self.model
        if m.dialog is not None:
            owner = m.dialog
            found = list(getattr(owner, "buttons", []))
        elif m.overlay is not None and m.overlay.modal:
            owner = m.overlay
            found = list(owner.buttons)
        else:
            self.button_owner = None
            return None
        found = [b for b in found if b.alive() and b.visible and b.is_enabled]
        if owner is not self.button_owner:  # a new dialog (never by id(): ids are reused)
            self.button_owner = owner
            self.button = self._first_button(owner, found)
        return found

    @staticmethod
    def _first_button(owner, found: list) -> int:
        """Where the ring starts: a dialog's default (the button drawn as primary, which
        Enter presses); an overlay's primary button (Next deal, a legal value)."""
        default = getattr(owner, "default", None)
        if isinstance(default, int) and 0 <= default < len(owner.buttons):
            want = owner.buttons[default]
            return found.index(want) if want in found else 0
        if not hasattr(owner, "default"):
            for i, b in enumerate(found):
                if "#primary_button" in b.get_object_ids():
                    return i
        return 0

    def _button_index(self, buttons: list) -> int:
        return min(self.button, len(buttons) - 1) if buttons else 0

    def on_buttons(self, event: pygame.event.Event) -> bool:
        """A key while a dialog or a modal overlay is open; True if used."""
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION):
            self.mouse_used()
            return False
        if event.type != pygame.KEYDOWN:
            return False
        buttons = self.buttons()
        if not buttons:
            return False
        k = event.key
        mod = getattr(event, "mod", 0)
        back = k in (pygame.K_LEFT, pygame.K_UP) or (k == pygame.K_TAB
                                                        and mod & pygame.KMOD_SHIFT)
        if back or k in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_TAB):
            if not self.show():
                i = self._button_index(buttons) + (-1 if back else 1)
                self.button = i % len(buttons)
                self.do.request_frame()
            return True
        if k in (*ENTER, pygame.K_SPACE):
            dialog = self.model.dialog
            if not self.visible and k in ENTER and dialog is not None and hasattr(
                    dialog, "press_default") and dialog.press_default():
                return True
            if not self.show():
                self.press(buttons[self._button_index(buttons)])
            return True
        return False

    def press(self, button) -> None:
        """As a click on ``button``: the screen's own handling of a pressed button."""
        self.do.press(button)
