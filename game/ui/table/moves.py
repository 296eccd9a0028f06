"""Moves from the table to the engine: the one check, the risky-discard question, hints.

Every move, a human's gesture or a computer's choice, goes through :meth:`TableMoves.play`:
``session.try_apply`` checks it once and plays it, or returns the engine's reason (a
:class:`~game.session.Refusal`); nothing asks ``why_illegal`` before it. A gesture with several
readings (one meld or one per rank...) tries them in order (:meth:`TableMoves.play_first`). A
played move is animated from where its cards were, by the presenter.
"""

from __future__ import annotations

import logging

import pygame

from game import listeners
from game.engine.actions import Action
from game.i18n import cards_text, t, translate_reason
from game.session import Refusal
from game.ui import audio
from game.ui.table.hud import HINT_SECONDS
from game.ui.widgets.dialog import Dialog

log = logging.getLogger(__name__)


class TableMoves:
    """Reads the table through ``model``, asks through ``do`` (game/ui/table/hub.py); a move
    played is shown by the ``presenter`` and lights the ``info``'s fresh cards, and the
    ``takeback`` keeps the hand's arrangement from before it."""

    def __init__(self, model, do, presenter, info, takeback) -> None:
        self.model = model
        self.do = do
        self.presenter = presenter
        self.info = info
        self.takeback = takeback

    def apply(self, action: Action, origin: dict[int, pygame.Rect] | None = None,
              computer: bool = False, confirmed: bool = False) -> bool:
        """Play an action with its animation; False (and the engine's reason shown) if the
        engine refuses it, or if a risky discard waits for the player's confirmation."""
        refusal = self.play(action, origin, computer, confirmed)
        if refusal is not None and not refusal.held:
            self.presenter.show_reason(refusal.reason)
        return refusal is None

    def play_first(self, readings: list[Action], origin=None,
                   ask_take: bool = False) -> tuple[bool, object]:
        """Try a gesture's readings in order; the first the engine accepts is played.
        (played, the engine's reason for the first reading when none was accepted; None
        when one was played or held for a confirmation). ``ask_take``: a legal pile take
        waits for the player's confirmation (a click on the pile, see ``hold_pile_take``)."""
        first = None
        for action in readings:
            refusal = self.play(action, origin, ask_take=ask_take)
            if refusal is None:
                return True, None
            if refusal.held:
                return False, None
            if first is None:
                first = refusal.reason
        return False, first

    def play(self, action: Action, origin: dict[int, pygame.Rect] | None = None,
             computer: bool = False, confirmed: bool = False,
             ask_take: bool = False) -> Refusal | None:
        """The one way a move reaches the engine: ``session.try_apply`` checks it once;
        a legal move is animated from where its cards were (``origin``: where the player
        let go of dragged cards). None when played, else the Refusal."""
        m = self.model
        if (action.verb == "discard" and not computer and action.seat == m.viewer
                and m.family.staging):
            # A discard sends the staged melds first (issue 29); refused, they go back.
            refusal = self.play(m.family.staging.action())
            if refusal is not None:
                if not refusal.held:
                    m.family.staging.slide_back()
                return refusal
        if m.scene is None:
            self.do.rebuild_scene()
        old = {z: list(lst) for z, lst in m.scene.places.items()}
        if origin:
            lst = old.get(("hand", action.seat), [])
            used = set()
            for code, rect in origin.items():
                for i, (c, _r, f) in enumerate(lst):
                    if c == code and i not in used:
                        lst[i] = (c, rect, f)
                        used.add(i)
                        break
        guide = m.guide  # a guided deal keeps back a legal move other than its step's

        def hold(a: Action) -> bool:
            if guide is not None and not guide.allows(a, computer):
                return True
            if computer or confirmed:
                return False
            return self.hold_risky(a) or (ask_take and self.hold_pile_take(a))

        self.takeback.remember(action.seat)
        events = self.do.try_apply(action, hold)
        if isinstance(events, Refusal):
            return events
        self.do.new_version()
        if guide is not None:
            guide.applied(action)
        for e in events:
            if (e.kind == "down" and e.seat == m.viewer and m.revealed()
                    and m.is_human(e.seat)):
                self.do.set_down_gate(list(e.cards))  # shown until the player picks it up
        self.do.mark_last_move(set())
        self.info.note_move(action.seat, events)
        if action.seat == m.viewer:
            m.family.staging.played(action)
        self.do.sync_hands()
        self.presenter.show_move(events, old, computer)
        for key in listeners.take_notices():  # what the deal's end could not record
            self.presenter.toast(t(key), "info")
        if action.seat == m.viewer:
            self.do.select(())
            self.do.select_table(())
        self.do.mark_dirty()
        self.do.save_soon()  # written once the cards have landed (a save takes ~15 ms)
        return None

    def hold_risky(self, action: Action) -> bool:
        """A human's legal discard (Cassino: trail) that the hints call risky: ask first (the
        ``warn_risky_discard`` setting). True when the dialog is open; the move waits."""
        m = self.model
        if (action.verb not in ("discard", "trail") or not m.is_human(action.seat)
                or not getattr(m.settings, "warn_risky_discard", True)):
            return False
        try:
            from game.players.hints import discard_warning

            warning = discard_warning(m.decision(action.seat), action)
        except Exception:  # a hint must never stop a move
            log.exception("discard_warning failed for %s", action)
            return False
        if not warning:
            return False
        version = m.version

        def go() -> None:
            if m.version == version:
                self.apply(action, confirmed=True)

        anyway = "table.risky.trail_anyway" if action.verb == "trail" else "table.risky.anyway"
        self.do.dialog(Dialog, t("table.risky.title"),
                       t("table.risky.body", warning=translate_reason(warning)),
                       [(t("common.cancel"), None), (t(anyway), go)])
        audio.play("error", 0.5)
        return True

    def hold_pile_take(self, action: Action) -> bool:
        """A legal pile take chosen by a click: show the cards it brings and ask first (the
        ``confirm_pile_take`` setting), since a take shows cards and is never taken back.
        True when the dialog is open; the move waits."""
        m = self.model
        pile = m.reads.pile() if action.verb == "take" else []
        if not pile or not getattr(m.settings, "confirm_pile_take", True):
            return False
        version = m.version

        def go() -> None:
            if m.version == version:
                self.apply(action, confirmed=True)

        cards = cards_text(reversed(pile))  # the top card first, as the player sees it
        self.do.dialog(Dialog, t("table.take_pile.title"),
                       t("table.take_pile.body", n=len(pile), cards=cards),
                       [(t("common.cancel"), None), (t("table.take_pile.take"), go)])
        return True

    # ---- hints ----------------------------------------------------------------------------
    def show_hint(self) -> None:
        """The Normal player's move for the viewer: its cards and target light up, and its
        reason shows for a few seconds. Instant (the heuristic, no search), so no thread."""
        m = self.model
        if not m.can_act():
            return
        seat = m.viewer
        if m.reads.current_player != seat or not m.reads.legal_actions(seat):
            self.presenter.toast(t("table.hint_none"), "info")
            return
        try:
            from game.players.hints import suggest

            action, why = suggest(m.decision(seat), seed=m.version)
        except Exception:
            log.exception("hint failed")
            return
        if m.why_illegal(action) is not None:  # a hint only shows legal moves
            return
        self.do.set_hint(action, HINT_SECONDS)
        said = t("table.hint_says", reason=translate_reason(why))
        self.presenter.toast(said, "info", HINT_SECONDS)
        self.presenter.hint_said = said
        audio.play("click", 0.5)
        self.do.mark_dirty()
