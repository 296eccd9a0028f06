"""Melds built card by card before they are sent (issue 29): the staged melds.

Cards dropped on an empty spot of the viewer's meld area (or clicked there, or M) become a
*staged* meld, shown apart in that area with its live value and what it still lacks; more cards
join it by a drop on it (or Enter with the ring on it), and several staged melds can wait
together. Meld (the button, or Enter) sends them all as one ``meld`` action, the one a drop of
the same groups made before; a discard sends them first; a pile take carries them as its further
melds. The engine decides: a refusal brings the cards back to the hand with its reason.

Staging is presentation only: staged cards stay the player's hand cards in the engine (a save,
a take-back or the deal's end loses nothing), and the table simply shows them here instead of in
the hand (``TableScreen.sync_hands`` leaves them out). The numbers shown come from the engine's
public questions (``meld_shortfall``, ``cards_points``, the side's opening minimum).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from game.engine.actions import Action, make
from game.i18n import t
from game.ui import audio
from game.ui.table.gestures import meld_groupings, natural_ranks


@dataclass(frozen=True)
class StagedMeld:
    """One staged meld as the scene draws it."""

    cards: tuple[int, ...]
    label: str  # its value and what it lacks ("25 pts · needs 1 more natural")
    ready: bool  # its shape stands (nothing more needed)


def stage_groups(cards: list[int]) -> list[list[int]]:
    """Cards dropped together: one staged meld (its wild cards with its naturals), or one per
    rank when the naturals hold several ranks (the table's most natural reading that splits
    them; the player may move cards after)."""
    if natural_ranks(cards) <= 1:
        return [list(cards)]
    split = next((g for g in meld_groupings(cards) if len(g) > 1), None)
    if split is None:
        return [list(cards)]
    return [list(g) for g in split]


def need_text(shortfall) -> str:
    """What a staged meld lacks, in the player's words (the engine's ``meld_shortfall``)."""
    more, naturals, why = shortfall
    if why is not None:
        return t("stage.not_a_meld")
    if more == 0:
        return ""
    if naturals == more:
        return t("stage.needs_natural" if more == 1 else "stage.needs_naturals", count=more)
    if naturals == 0:
        return t("stage.needs_card" if more == 1 else "stage.needs_cards", count=more)
    return t("stage.needs_mixed", count=more, naturals=naturals)


class Staging:
    """Reads the table through ``model``, asks through ``do`` (game/ui/table/hub.py)."""

    def __init__(self, model, do) -> None:
        self.model = model
        self.do = do
        self.melds: list[list[int]] = []
        self.seat = -1  # the viewer they were staged for

    def __bool__(self) -> bool:
        return bool(self.melds)

    def cards(self) -> list[int]:
        return [c for m in self.melds for c in m]

    def groups(self) -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(m) for m in self.melds)

    # ---- building ---------------------------------------------------------------------------
    def stage(self, codes: list[int], into: int = -1) -> bool:
        """Hand cards onto staged meld ``into``, or (-1) as new staged melds. True if staged."""
        m = self.model
        if not codes or not m.can_act():
            return False
        self.seat = m.viewer
        if 0 <= into < len(self.melds):
            self.melds[into].extend(codes)
        else:
            self.melds.extend(stage_groups(codes))
        self._changed()
        why = [s.reason for s in self.shortfalls() if s.reason is not None]
        if why:  # no card added makes it a meld: say why now, not at the confirmation
            self.do.toast_reason(why[-1], "info")
        audio.play("place", 0.6)
        return True

    def unstage(self, meld: int, code: int) -> bool:
        """A staged card back to the hand (a click on it, a drag to the hand)."""
        if not 0 <= meld < len(self.melds) or code not in self.melds[meld]:
            return False
        self.melds[meld].remove(code)
        self.melds = [x for x in self.melds if x]
        self._changed()
        audio.play("place", 0.5)
        return True

    def move(self, meld: int, code: int, to: int) -> None:
        """A staged card onto another staged meld (``to`` -1: a new one of its own)."""
        if not 0 <= meld < len(self.melds) or code not in self.melds[meld]:
            return
        if to == meld:
            return
        self.melds[meld].remove(code)
        if 0 <= to < len(self.melds):
            self.melds[to].append(code)
        else:
            self.melds.append([code])
        self.melds = [x for x in self.melds if x]
        self._changed()
        audio.play("place", 0.5)

    def put_back(self) -> None:
        """Every staged card back to the hand (the Put back button, Backspace)."""
        if not self.melds:
            return
        self.slide_back()
        audio.play("place", 0.6)

    def follow(self, reads) -> list[int]:
        """The deal moved on (``TableScreen.sync_hands``): staged cards no longer in the hand
        are forgotten (a take-back); a finished deal, or another viewer, keeps none. The
        staged cards, which the hand shown leaves out."""
        if reads.is_over or reads.viewer != self.seat:
            self.melds = []
            self.seat = reads.viewer
        self.keep_only(reads.hand(reads.viewer))
        return self.cards()

    def dress(self, view):
        """The scene's view with the staged melds (and a staged card being dragged)."""
        if self.melds:
            drag = self.model.drag
            view.staged = self.shown()
            view.stage_note = self.note()
            view.stage_controls = self.model.stage_controls_size()
            view.staged_lifted = drag.staged if drag is not None else None
        return view

    def keep_only(self, hand: list[int]) -> None:
        """Staged cards no longer in the hand are forgotten."""
        have = Counter(hand)
        kept = []
        for m in self.melds:
            keep = []
            for c in m:
                if have[c] > 0:
                    have[c] -= 1
                    keep.append(c)
            if keep:
                kept.append(keep)
        self.melds = kept

    def _changed(self) -> None:
        self.do.sync_hands()
        self.do.mark_dirty()

    # ---- what it is worth, what it lacks (the engine's answers) ------------------------------
    def shortfalls(self) -> list:
        reads = self.model.reads
        seat = self.model.viewer
        return [reads.meld_shortfall(seat, m) for m in self.melds]

    def shown(self) -> list[StagedMeld]:
        """The staged melds with their labels, for the scene."""
        if not self.melds:
            return []
        reads = self.model.reads
        out = []
        for m, short in zip(self.melds, self.shortfalls()):
            value = t("table.meld_points", points=reads.cards_points(m))
            need = need_text(short)
            label = t("stage.label", value=value, need=need) if need else value
            out.append(StagedMeld(tuple(m), label, not need))
        return out

    def note(self) -> str:
        """The opening's progress while the viewer's side has not opened: "Opening: 35 of
        50" (the engine's card points and the side's opening minimum), else ''."""
        m = self.model
        if not self.melds or m.reads.opened(m.viewer):
            return ""
        value = sum(m.reads.cards_points(meld) for meld in self.melds)
        return t("stage.opening", value=value, minimum=m.reads.open_min(m.viewer))

    # ---- sending -----------------------------------------------------------------------------
    def action(self) -> Action:
        return make(self.model.viewer, "meld", self.groups())

    def confirm(self) -> bool:
        """Send the staged melds as one meld action (the button, Enter, a discard): True when
        the engine took them; else its reason shows and the cards go back to the hand."""
        m = self.model
        if not self.melds or not m.can_act():
            return False
        refusal = self.do.play(self.action())
        if refusal is None:
            self.melds = []
            return True
        if not refusal.held:
            self.slide_back()
            self.do.show_reason(refusal.reason)
        return False

    def take_readings(self, readings: list[Action]) -> list[Action]:
        """A pile take while melds are staged: each reading carrying the staged melds as its
        further melds first (an opening with the pile), then the reading alone."""
        if not self.melds:
            return readings
        more = self.groups()  # after the cards taken with the top card (a take's first group)
        return [make(a.seat, "take", a.groups + more) for a in readings if a.groups] + readings

    def played(self, action: Action) -> None:
        """A move of the viewer's was played: the staged melds it carried are gone (told,
        not guessed from the hand: a pile taken may bring the same cards again)."""
        if (self.melds and action.verb in ("meld", "take")
                and action.groups[-len(self.melds):] == self.groups()):
            self.melds = []

    def slide_back(self) -> None:
        """Every staged card flies back to its place in the hand."""
        m = self.model
        old = {z: list(v) for z, v in m.scene.places.items()} if m.scene else {}
        codes = self.cards()
        self.melds = []
        self.do.sync_hands()
        if old and m.scene is not None:
            self.do.fly(old, m.scene.places, codes)
        self.do.mark_dirty()


# ---- the scene's part (``scene._side_melds`` calls these for the viewer's meld area) ---------
def flow_items(view, side: int, items: list, texts: list) -> dict:
    """Append the staged melds (and the slot of their buttons) to a meld area's flow; the
    sizes of the items that are not melds (``meld_flow.flow_melds``'s ``fixed``)."""
    if not view.staged or side != view.sides[view.viewer]:
        return {}
    for i, st in enumerate(view.staged):
        items.append((("staged", i), len(st.cards), False))
        texts.append(st.label)
    items.append((("controls",), 1, False))
    texts.append("")
    return {("controls",): view.stage_controls}


def frame_pad(w: int) -> int:
    """How far a staged meld's frame stands out of its cards of width ``w``: under half the
    flow's gap, so that frames never touch."""
    return max(2, round(w * 0.06))


def frame_room(area, view, side: int, w: int):
    """Where the meld area's flow places melds: inside the frames' pad while the viewer
    stages melds there (a staged meld in the first row or at a row's start framed past the
    area's edge; the flow's cards are never wider than ``w``)."""
    if not view.staged or side != view.sides[view.viewer]:
        return area
    pad = frame_pad(w)
    return area.inflate(-2 * pad, -2 * pad)


def place(lay, view, sc, side: int, spots: list, melds: int, label_scale: float = 0.0) -> list:
    """The staged melds in their spots (those after the side's ``melds``), framed apart,
    each with its value and what it lacks and a drop target (more cards join it), then the
    slot of their buttons; the side's own spots."""
    from game.ui.table.order import meld_cards_shown
    from game.ui.table.scene import Badge, Sprite, Target

    if len(spots) == melds:
        return spots
    w = sc.meld_width.get(side, lay.meld_w)
    pad = frame_pad(w)
    lifted = view.staged_lifted
    for i, (st, spot) in enumerate(zip(view.staged, spots[melds:])):
        zone = ("staged", i)
        box = spot.rect.inflate(2 * pad, 2 * pad)
        sc.badges.insert(0, Badge("staged", box, "", "ready" if st.ready else "short"))
        sprites = []
        for c, r in zip(meld_cards_shown(list(st.cards)), spot.cards):
            k = sc.place(zone, c, r, True)
            if lifted is not None and lifted == (i, c):
                lifted = None  # the card being dragged is drawn at the pointer
                continue
            sprites.append(Sprite(c, r, True, zone, k))
        sc.sprites += sprites
        sc.staged.append(sprites)
        sc.badges.append(Badge("stage_info", spot.rect, st.label, "info", label_scale))
        sc.targets.append(Target("staged", box, side=side, key=i))
    sc.stage_controls = spots[-1].rect
    return spots[:melds]


def points_label(on_table: str, note: str) -> str:
    """The side's points label with the opening's progress while melds are staged."""
    if on_table and note:
        return t("stage.both", table=on_table, note=note)
    return on_table or note
