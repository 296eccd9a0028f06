"""What the table tells beyond the cards themselves (issue 15): the viewer's newly drawn
cards, lit in the hand until the player's next move or a few seconds; which side's last
capture is being looked at (Cassino).

The values shown (a meld's points, a side's points on the table, Cassino's tallies) come from
the engine's public methods (``meld_points``, ``table_points``, ``tallies``); nothing here
decides a rule.
"""

from __future__ import annotations

from collections import Counter

from game.i18n import t

FRESH_SECONDS = 4.0  # how long newly drawn cards stay lit if the player does nothing
# What each game calls its natural and mixed canastas (catalogue keys).
CANASTA_WORDS = {"canastone": ("table.clean", "table.dirty"),
                 "looking-and-down": ("table.red_canasta", "table.black_canasta")}


def meld_label(game: str, count: int, points: int, stacked: bool, natural: bool,
               wild: bool) -> str:
    """The label on a meld's lower edge: a canasta's kind and points (its count: its corner),
    else its card count and points, after "Wild" for a meld of wild cards."""
    info = (t("table.meld_points", points=points) if stacked
            else t("table.meld_info", count=count, points=points))
    words = CANASTA_WORDS.get(game, ("table.natural", "table.mixed"))
    kind = t(words[0] if natural else words[1]) if stacked else t("table.wild") if wild else ""
    return t("table.meld_kind", kind=kind, info=info) if kind else info


def fresh_cards(events, seat: int) -> list[int]:
    """The cards the events put into ``seat``'s hand by drawing or taking (red threes drawn
    and laid out at once are not in the hand)."""
    got: Counter[int] = Counter()
    for e in events:
        if e.seat != seat:
            continue
        if e.kind in ("draw", "take", "packet"):
            got.update(e.cards)
        elif e.kind == "red_three":
            got.subtract(e.cards)
    return sorted((+got).elements())


class TableInfo:
    """Reads the table through ``model``, asks through ``do`` (game/ui/table/hub.py)."""

    def __init__(self, model, do) -> None:
        self.model = model
        self.do = do
        self.fresh: list[int] = []  # the viewer's newly drawn cards (a multiset)
        self.fresh_left = 0.0
        self.peek = -1  # Cassino: the side whose last capture is shown, or -1
        self._captures_key: tuple = ()
        self._captures: dict[int, tuple[int, ...]] = {}

    def note_move(self, action_seat: int, events) -> None:
        """After a move: the viewer's own move ends the last highlight; cards drawn into the
        viewer's hand are lit."""
        m = self.model
        if action_seat == m.viewer:
            self.fresh = []
        self.peek = -1
        new = fresh_cards(events, m.viewer) if m.revealed() else []
        if new:
            self.fresh = new
            self.fresh_left = FRESH_SECONDS

    def forget(self) -> None:
        """A new deal or another viewer: nothing is lit."""
        self.fresh = []
        self.peek = -1

    def update(self, dt: float) -> None:
        if not self.fresh:
            return
        self.fresh_left -= dt
        if self.fresh_left <= 0:
            self.fresh = []
            self.do.rebuild_scene()
            self.do.mark_dirty()

    def captures(self) -> dict[int, tuple[int, ...]]:
        """Each side's last capture (Cassino; none in the canasta games), read once per
        move."""
        history = self.model.history
        key = (id(history), len(history))
        if key != self._captures_key:
            self._captures_key = key
            self._captures = last_captures(history, self.model.sides)
        return self._captures

    def toggle_peek(self, side: int) -> None:
        self.peek = -1 if self.peek == side else side
        self.do.rebuild_scene()
        self.do.mark_dirty()


def last_captures(history: list[str], sides: list[int]) -> dict[int, tuple[int, ...]]:
    """Cassino: each side's last capture of the deal (the capturing card first), read from
    the deal's moves as recorded (NOTATION.md)."""
    from game.engine.actions import parse_action
    from game.engine.errors import NotationError

    out: dict[int, tuple[int, ...]] = {}
    for line in history:
        try:
            a = parse_action(line)
        except NotationError:
            continue
        if a.verb == "capture" and 0 <= a.seat < len(sides):
            out[sides[a.seat]] = tuple(a.cards())
    return out


def tally_label(tally: dict[str, int]) -> str:
    """Cassino: a side's captured cards, spades, aces, the cassinos taken and sweeps, in
    words of the catalogue (the counts come from the engine's ``tallies``), on two lines
    when there is more than the counts."""
    from game.engine.cassino.game import TEN_OF_DIAMONDS, TWO_OF_SPADES
    from game.i18n import card_text

    parts = [t("table.cassino_tally", cards=tally["cards"], spades=tally["spades"],
               aces=tally["aces"])]
    if tally["ten_of_diamonds"]:
        parts.append(card_text(TEN_OF_DIAMONDS))
    if tally["two_of_spades"]:
        parts.append(card_text(TWO_OF_SPADES))
    if tally["sweeps"]:
        parts.append(t("table.sweeps_n", count=tally["sweeps"]))
    # The counts on one line, what else was taken on a second: a narrow label that stays
    # over its own pile at every size and text size (issue 29).
    return "\n".join(filter(None, (parts[0], t("table.tally_sep").join(parts[1:]))))
