"""The engine's events shown to the player: card flights, sounds, toasts and the move log.

After every move the table hands the :class:`Presenter` the events the engine returned and the
places the cards had before; it animates the difference in the order of the events, plays
their sounds, raises the toasts they call for (a partner's answer, a sweep, a player going
out...) and brings the move log up to date. Refusals are shown here too, in the player's words.
"Why?" on a move of the log is its ``why`` (game.ui.table.why).
"""

from __future__ import annotations

from game import i18n
from game.i18n import seat_message, t, translate_reason
from game.ui import audio
from game.ui.table.animation import diff
from game.ui.table.why import WhyView

TOAST_SECONDS = 3.2
FADE_SECONDS = 0.4  # a toast fades out over its last moments

SOUNDS = {"draw": "draw", "deal": "draw", "discard": "place", "meld": "place", "add": "place",
          "trail": "place", "build": "place", "red_three": "place", "take": "pickup",
          "capture": "pickup", "down": "pickup", "packet": "pickup", "collect": "pickup"}
TABLE_ZONES = ("pile", "meld", "loose", "res", "red3")  # where a computer's move is marked


class Presenter:
    """Reads the table through ``model``, asks through ``do`` (game/ui/table/hub.py); tells
    the moves in the ``movelog`` and flies the cards with the ``animator``."""

    def __init__(self, model, do, movelog, animator) -> None:
        self.model = model
        self.do = do
        self.movelog = movelog
        self.animator = animator
        self.toasts: list[list] = []  # [text, tone, seconds left]
        self.hint_said: str | None = None  # the hint's words, shown until a move is made
        self.why = WhyView(model, do, movelog)  # "Why?" on a move of the log

    # ---- toasts ----------------------------------------------------------------------------
    def toast(self, message: str, tone: str = "error", seconds: float = TOAST_SECONDS) -> None:
        self.toasts = [x for x in self.toasts if x[0] != message][-2:]
        self.toasts.append([message, tone, seconds])
        self.do.request_frame()

    def update(self, dt: float) -> None:
        """Age the toasts; a frame is wanted while one fades and when one goes."""
        if not self.toasts:
            return
        for x in self.toasts:
            x[2] -= dt
        kept = [x for x in self.toasts if x[2] > 0]
        if len(kept) != len(self.toasts) or self.fading():
            self.do.request_frame()
        self.toasts = kept

    def fading(self) -> bool:
        return any(x[2] < FADE_SECONDS for x in self.toasts)

    def next_change(self) -> float | None:
        """Seconds until a toast starts fading or goes, or None without toasts."""
        if not self.toasts:
            return None
        return min(max(0.0, x[2] - FADE_SECONDS) for x in self.toasts)

    # ---- refusals --------------------------------------------------------------------------
    def show_reason(self, reason) -> None:
        self.toast(self.reason_text(reason), "error")
        audio.play("error")

    def show_reason_text(self, text: str) -> None:
        self.toast(text, "error")
        audio.play("error")

    def reason_text(self, reason) -> str:
        """The engine's reason in the player's language, with seat numbers as names; a reason
        about the player's own seat in its "you" wording (messages.you, not whoever the table
        is drawn for: with several humans or none, nobody is "you")."""
        m = self.model
        params = getattr(reason, "params", None) or {}
        seat = params.get("seat")
        key = f"table.reason.{getattr(reason, 'key', '')}"
        if isinstance(seat, int) and 0 <= seat < m.players and i18n.has(key):
            rest = {k: v for k, v in params.items() if k != "seat"}
            return seat_message(key, seat, m.names(), m.you(), **rest)
        return translate_reason(reason)

    # ---- moves -----------------------------------------------------------------------------
    def restore_log(self) -> None:
        """A table opened on a deal in progress (Continue, Load) tells it from its start: a
        save keeps the moves, not what the engine did around them (the red threes laid out
        when the deal was dealt...), which the session finds by playing the deal again. A log
        that tells something already (the table came back from the rules) stays as it is."""
        m = self.model
        if any(d.history or any(d.events.values()) for d in self.movelog.deals):
            return
        dealt, moves = m.events_so_far()
        seen = m.reads.events_seen
        self.movelog.new_deal(seen(dealt))
        for i, events in enumerate(moves):
            self.movelog.note(i, seen(events))

    def sync_log(self) -> None:
        m = self.model
        number = m.deal_number
        self.movelog.sync(m.history, m.names(), i18n.current_language(), m.you(),
                        title=lambda n: t(m.family.deal_key, n=n), number=number)

    def show_deal(self, events, anchor_zone: tuple, anchor) -> None:
        """Every card of the new deal flies from ``anchor`` (the stock, Cassino's deck) to
        where it was dealt."""
        m = self.model
        events = m.reads.events_seen(events)  # never another seat's hidden cards
        self.movelog.new_deal(events)
        self.sync_log()
        places = m.scene.places
        old = {anchor_zone: [(c, anchor, False) for lst in places.values() for c, _, _ in lst]}
        order = [c for z, lst in sorted(places.items(), key=lambda kv: repr(kv[0]))
                 if z != anchor_zone for c, _, _ in lst]
        self.animator.clear()
        self.animator.move(old, places, order, m.speed, limit=44)
        audio.play("deal")
        self.announce(events)

    def show_move(self, events, old: dict, computer: bool) -> None:
        """The cards of a move fly from ``old`` places to the scene's, staggered in the order
        of the engine's events; a computer's move stays marked on the table."""
        m = self.model
        if self.hint_said is not None:  # the hint was about the position before this move
            self.toasts = [x for x in self.toasts if x[0] != self.hint_said]
            self.hint_said = None
        events = m.reads.events_seen(events)  # never another seat's hidden cards
        self.movelog.note(len(m.history) - 1, events)
        self.sync_log()
        new = m.scene.places
        self.animator.move(old, new, [c for e in events for c in e.cards], m.speed)
        hand = ("hand", m.viewer)
        if m.revealed() and hand in old:
            self.animator.shift(hand, old[hand], new.get(hand, []), m.speed)
        if computer:
            self.do.mark_last_move({(z, c) for c, _sz, _sr, _sf, z, _i, _dr, _df
                                    in diff(old, new) if z[0] in TABLE_ZONES})
            self.do.rebuild_scene()
        self.announce(events)

    def announce(self, events) -> None:
        """The sounds and toasts of the events."""
        m = self.model
        names = m.names()
        you = m.you()
        viewer = m.viewer
        sounds = {SOUNDS[e.kind] for e in events if e.kind in SOUNDS}
        for e in events:
            k = e.kind
            if k == "answer":
                if m.reads.turn == viewer:  # the asker
                    self.toast(t("table.partner_says_yes" if e.info else
                                 "table.partner_says_no"), "info")
                elif e.seat != viewer:
                    answer = t("table.yes") if e.info else t("table.no")
                    self.toast(seat_message("table.answer_of", e.seat, names, you,
                                            answer=answer), "info")
            elif k == "ask" and e.seat != viewer:
                self.toast(seat_message("table.asks", e.seat, names, you), "info")
            elif k == "down":
                self.toast(seat_message("table.picks_up_down", e.seat, names, you), "info")
            elif k == "sweep":
                self.toast(seat_message("table.sweep_by", e.seat, names, you), "info")
            elif k == "out":
                self.toast(seat_message("table.went_out", e.seat, names, you), "info")
        for snd in sounds:
            audio.play(snd)
