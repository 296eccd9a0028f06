"""A seat's view and its events as JSON, and back: what travels to a client.

Cards are written in the record notation (``"7H"``, ``"JK"``; NOTATION.md), so that a scan of
the bytes on the wire can name every card a client was sent. A field the client can work out
from the others is left out and rebuilt (a Canasta view's 53 counts of its own hand, a Cassino
view's cards not yet seen): the wire carries no hidden card's name at all, and the decoded
view equals the server's, field for field and type for type, so that a computer player in a
client chooses exactly as it would at the server.

>>> from game.engine.match import Match
>>> from game.engine.registry import get_game
>>> state = Match(get_game("canasta"), 4, seed=1).start_deal()
>>> view_from_wire(view_to_wire(state.view(2))) == state.view(2)
True
"""

from __future__ import annotations

from collections import Counter
from typing import Any, NamedTuple

from game.engine.canasta.phase import Phase
from game.engine.canasta.seatview import MeldView, SeatView, counts_of
from game.engine.cards import NUM_CODES, format_card, parse_card, standard_deck
from game.engine.cassino.view import CassinoView, ReservationView
from game.engine.events import HIDDEN, Event

HIDDEN_CARD = "??"  # a card the seat may not see (game.engine.events.HIDDEN)

# A malformed view is refused with this error (ValueError: the client reports one line).
WireError = ValueError


# ---- cards --------------------------------------------------------------------------------

def card_out(code: int) -> str:
    return HIDDEN_CARD if code == HIDDEN else format_card(code)


def card_in(text: Any) -> int:
    if text == HIDDEN_CARD:
        return HIDDEN
    if not isinstance(text, str) or len(text) > 3:
        raise WireError(f"not a card: {str(text)[:20]!r}")
    return parse_card(text)


def cards_out(codes) -> list[str]:
    return [card_out(c) for c in codes]


def cards_in(items: Any) -> tuple[int, ...]:
    return tuple(card_in(c) for c in _list(items))


def _list(items: Any) -> list:
    if not isinstance(items, list):
        raise WireError(f"expected a list, got {type(items).__name__}")
    return items


def _int(x: Any) -> int:
    if type(x) is not int:
        raise WireError(f"expected a whole number, got {str(x)[:20]!r}")
    return x


def _bool(x: Any) -> bool:
    if type(x) is not bool:
        raise WireError(f"expected true or false, got {str(x)[:20]!r}")
    return x


def _ints(items: Any) -> tuple[int, ...]:
    return tuple(_int(x) for x in _list(items))


def _bools(items: Any) -> tuple[bool, ...]:
    return tuple(_bool(x) for x in _list(items))


def _opt(f, x: Any):
    return None if x is None else f(x)


def _str(x: Any) -> str:
    if not isinstance(x, str):
        raise WireError("expected text")
    return x


# ---- the canasta family ---------------------------------------------------------------------

def _meld_out(m: MeldView) -> list:
    return [m.key, m.rank, cards_out(m.cards), m.nat, m.jok, m.two, m.red3, m.natural]


def _meld_in(x: Any) -> MeldView:
    key, rank, cards, nat, jok, two, red3, natural = _list(x)
    return MeldView(_int(key), _int(rank), cards_in(cards), _int(nat), _int(jok), _int(two),
                    _int(red3), _bool(natural))


def _seat_view_out(v: SeatView) -> dict[str, Any]:
    return {
        "rules": v.rules, "players": v.players, "seat": v.seat, "dealer": v.dealer,
        "turn": v.turn, "to_move": v.to_move, "phase": v.phase.label, "stock": v.stock,
        "frozen": v.frozen,
        "melds": [[_meld_out(m) for m in side] for side in v.melds],
        "red_threes": list(v.red_threes), "opened": list(v.opened),
        "opening_minimum": list(v.opening_minimum), "hand_counts": list(v.hand_counts),
        "scores_before": list(v.scores_before), "drawn": v.drawn, "asked": v.asked,
        "answer": v.answer, "hand": cards_out(v.hand),
        # hand_count is rebuilt from the hand
        "discard": cards_out(v.discard), "packet": v.packet,
        "known_hands": [cards_out(k) for k in v.known_hands],
        "discarded": [cards_out(d) for d in v.discarded],
        "downs": None if v.downs is None else list(v.downs),
        "in_down": None if v.in_down is None else list(v.in_down),
        "keeper": v.keeper,
        "frozen_in_time": None if v.frozen_in_time is None else list(v.frozen_in_time),
        "took_pile_last_turn": (None if v.took_pile_last_turn is None
                                else list(v.took_pile_last_turn)),
        "red_three_cards": [cards_out(r) for r in v.red_three_cards],
        "turn_no": v.turn_no, "draw_only": v.draw_only, "may_open_first": v.may_open_first,
    }


_PHASE_BY_LABEL = {p.label: p for p in Phase}


def _hand_count(hand: tuple[int, ...]) -> tuple[int, ...]:
    counts = [0] * NUM_CODES
    for c in hand:
        if not 0 <= c < NUM_CODES:
            raise WireError("a hidden card in the seat's own hand")
        counts[c] += 1
    return tuple(counts)


def _seat_view_in(d: dict[str, Any]) -> SeatView:
    phase = _PHASE_BY_LABEL.get(d["phase"])
    if phase is None:
        raise WireError(f"not a phase: {str(d['phase'])[:20]!r}")
    hand = cards_in(d["hand"])
    discard = cards_in(d["discard"])
    melds = tuple(tuple(_meld_in(m) for m in _list(side)) for side in _list(d["melds"]))
    red_three_cards = tuple(cards_in(r) for r in _list(d["red_three_cards"]))
    return SeatView(
        _str(d["rules"]), _int(d["players"]), _int(d["seat"]), _int(d["dealer"]),
        _int(d["turn"]), _int(d["to_move"]), phase, _int(d["stock"]), _bool(d["frozen"]),
        melds,
        _ints(d["red_threes"]), _bools(d["opened"]), _ints(d["opening_minimum"]),
        _ints(d["hand_counts"]), _ints(d["scores_before"]), _bool(d["drawn"]),
        _opt(_int, d["asked"]), _opt(_bool, d["answer"]), hand, _hand_count(hand),
        discard, _int(d["packet"]),
        tuple(cards_in(k) for k in _list(d["known_hands"])),
        tuple(cards_in(k) for k in _list(d["discarded"])),
        _opt(lambda xs: tuple(_opt(_int, x) for x in _list(xs)), d["downs"]),
        _opt(_bools, d["in_down"]), _opt(_int, d["keeper"]),
        _opt(_bools, d["frozen_in_time"]), _opt(_bools, d["took_pile_last_turn"]),
        red_three_cards,
        _int(d["turn_no"]), _bool(d["draw_only"]), _bool(d["may_open_first"]),
        *counts_of(discard, melds, red_three_cards, hand),  # rebuilt from the cards
    )


# ---- Cassino ----------------------------------------------------------------------------

def _unseen(v: CassinoView) -> tuple[int, ...]:
    """The cards ``v``'s seat has not seen: the deck less every card its view shows."""
    left = Counter(standard_deck(0))
    left.subtract(v.hand)
    left.subtract(v.loose)
    left.subtract(v.out)
    for r in v.reservations:
        left.subtract(r.cards)
    for pile in v.captured:
        left.subtract(pile)
    if any(n < 0 for n in left.values()):
        raise WireError("a card shown twice")
    return tuple(sorted(left.elements()))


def _cassino_out(v: CassinoView) -> dict[str, Any]:
    d: dict[str, Any] = {
        "players": v.players, "seat": v.seat, "first": v.first, "turn": v.turn,
        "round": v.round, "rounds": v.rounds, "over": v.over, "hand": cards_out(v.hand),
        "hand_counts": list(v.hand_counts), "loose": cards_out(v.loose),
        "reservations": [[cards_out(r.cards), r.value, r.owner] for r in v.reservations],
        "must_resolve": v.must_resolve, "deck": v.deck,
        "captured": [cards_out(p) for p in v.captured], "sweeps": list(v.sweeps),
        "last_capture": v.last_capture, "out": cards_out(v.out),
        "passed": [list(p) for p in v.passed],
        "scores": None if v.scores is None else list(v.scores),
    }
    if _unseen(v) != v.unseen:  # only a hand-made position could differ; never a dealt deal
        d["unseen"] = cards_out(v.unseen)
    return d


def _reservation_in(x: Any) -> ReservationView:
    cards, value, owner = _list(x)
    return ReservationView(cards_in(cards), _int(value), _int(owner))


def _cassino_in(d: dict[str, Any]) -> CassinoView:
    partial = CassinoView(
        players=_int(d["players"]), seat=_int(d["seat"]), first=_int(d["first"]),
        turn=_int(d["turn"]), round=_int(d["round"]), rounds=_int(d["rounds"]),
        over=_bool(d["over"]), hand=cards_in(d["hand"]), hand_counts=_ints(d["hand_counts"]),
        loose=cards_in(d["loose"]),
        reservations=tuple(_reservation_in(r) for r in _list(d["reservations"])),
        must_resolve=_bool(d["must_resolve"]), deck=_int(d["deck"]),
        captured=tuple(cards_in(p) for p in _list(d["captured"])),
        sweeps=_ints(d["sweeps"]), last_capture=_opt(_int, d["last_capture"]),
        out=cards_in(d["out"]), unseen=(),
        passed=tuple(_ints(p) for p in _list(d["passed"])),
        scores=_opt(_ints, d["scores"]),
    )
    unseen = cards_in(d["unseen"]) if "unseen" in d else _unseen(partial)
    return CassinoView(**{f: getattr(partial, f) for f in CassinoView.__dataclass_fields__
                          if f != "unseen"}, unseen=unseen)


# ---- either -------------------------------------------------------------------------------

def view_to_wire(view: SeatView | CassinoView) -> dict[str, Any]:
    """A seat's view as JSON-friendly data (``kind`` says which view)."""
    if isinstance(view, CassinoView):
        return {"kind": "cassino", **_cassino_out(view)}
    return {"kind": "canasta", **_seat_view_out(view)}


def view_from_wire(data: Any) -> SeatView | CassinoView:
    """The view :func:`view_to_wire` wrote; WireError (a ValueError) when it is not one."""
    if not isinstance(data, dict):
        raise WireError("a view is an object")
    try:
        if data.get("kind") == "cassino":
            return _cassino_in(data)
        if data.get("kind") == "canasta":
            return _seat_view_in(data)
    except KeyError as e:
        raise WireError(f"the view lacks {e.args[0]!r}") from None
    except (TypeError, ValueError) as e:  # a wrong shape, or a card that is not one
        raise WireError(f"not a view: {str(e)[:80]}") from None
    raise WireError("a view's kind is 'canasta' or 'cassino'")


def _json_info(x: Any) -> Any:
    if isinstance(x, tuple | list):
        return [_json_info(i) for i in x]
    if isinstance(x, dict):
        return {str(k): _json_info(v) for k, v in x.items()}
    return x


def events_to_wire(events: list[Event]) -> list[dict[str, Any]]:
    """Events as a seat sees them (after ``events_seen_by``): HIDDEN cards as ``"??"``."""
    return [{"kind": e.kind, "seat": e.seat, "cards": cards_out(e.cards),
             "info": _json_info(e.info)} for e in events]


def events_from_wire(items: Any) -> list[Event]:
    out = []
    for d in _list(items):
        if not isinstance(d, dict):
            raise WireError("an event is an object")
        out.append(Event(_str(d.get("kind")), _int(d.get("seat")), cards_in(d.get("cards")),
                         d.get("info")))
    return out


# ---- a window's table: the seat's view and the engine's public figures ---------------------

def table_to_wire(state, seat: int) -> dict[str, Any]:
    """What a window at ``seat`` draws after each step (the server works it out; the window
    has no engine): the seat's view, whose turn, who may act, and the public figures the
    table shows (each meld's points, each side's points on the table, Cassino's tallies, a
    finished deal's breakdown). Nothing of another seat's hidden cards."""
    view = state.view(seat)
    over = state.is_over()
    d: dict[str, Any] = {"view": view_to_wire(view), "over": over,
                         "current": -1 if over else state.current_player(),
                         "actors": [] if over else list(state.actors()),
                         "turn_count": state.turn_count(),
                         "breakdown": state.breakdown() if over else None}
    if isinstance(view, CassinoView):
        d["tallies"] = [state.tallies(0), state.tallies(1)]
    else:
        d["meld_points"] = [[state.meld_points(m) for m in ms] for ms in view.melds]
        d["table_points"] = [state.table_points(side) for side in range(len(view.melds))]
    return d


class WireTable(NamedTuple):
    """:func:`table_to_wire`'s data, read back and checked."""

    view: SeatView | CassinoView
    over: bool
    current: int
    actors: tuple[int, ...]
    turn_count: int
    breakdown: list[dict[str, int]] | None
    meld_points: tuple[tuple[int, ...], ...]
    table_points: tuple[int, ...]
    tallies: tuple[dict[str, int], ...]


def _tally(x: Any) -> dict[str, int]:
    if not isinstance(x, dict):
        raise WireError("a tally is an object")
    return {_str(k): _int(v) for k, v in x.items()}


def table_from_wire(data: Any) -> WireTable:
    """The table :func:`table_to_wire` wrote; WireError (a ValueError) when it is not one."""
    if not isinstance(data, dict):
        raise WireError("a table is an object")
    view = view_from_wire(data.get("view"))
    breakdown = data.get("breakdown")
    try:
        return WireTable(
            view, _bool(data.get("over")), _int(data.get("current")),
            _ints(data.get("actors")), _int(data.get("turn_count")),
            None if breakdown is None else [_tally(p) for p in _list(breakdown)],
            tuple(_ints(ms) for ms in _list(data.get("meld_points", []))),
            _ints(data.get("table_points", [])),
            tuple(_tally(x) for x in _list(data.get("tallies", []))))
    except (TypeError, AttributeError) as e:
        raise WireError(f"not a table: {str(e)[:80]}") from None


# ---- why a computer moved -----------------------------------------------------------------

def why_to_wire(e, viewer: int) -> dict[str, Any]:
    """An Explanation (game.players.explain) as ``viewer`` may read it, the fields of a
    ``why`` frame: redacted by ``seen_by`` (the words' own redaction), so an alternative
    hidden from the viewer goes as its verb alone, and no hidden card's name is written."""
    import math

    from game.engine.actions import format_action
    from game.net.messages import reason_params
    from game.players.explain import seen_by

    e = seen_by(e, viewer)
    alts = [{"action": None if a.hidden else format_action(a.action), "verb": a.action.verb,
             "gain": a.gain, "worlds": a.worlds, "hidden": a.hidden,
             "error": a.error if math.isfinite(a.error) else None}
            for a in e.alternatives]
    if e.first is None:
        first = None
    elif e.first == e.action:
        first = -1
    else:
        first = next((i for i, a in enumerate(e.alternatives) if a.action == e.first), None)
    return {"seat": e.seat, "kind": e.kind, "reason": e.reason.key if e.reason else None,
            "params": reason_params(e.reason), "first": first, "worlds": e.worlds,
            "alternatives": alts, "unit": e.unit, "forced": e.forced}


def why_from_wire(msg, rules: str, action):
    """The Explanation of ``action`` from a ``why`` frame (game.net.messages.Why), as its
    seat may read it; a hidden alternative is ``unseen_move`` as ``seen_by`` leaves it.
    WireError when the frame does not make one."""
    import math

    from game.engine.actions import parse_action
    from game.engine.errors import CardTableError
    from game.engine.reasons import Reason
    from game.players.explain import Alternative, Explanation, unseen_move

    try:
        alts = tuple(
            Alternative(unseen_move(msg.seat, a.verb, i) if a.action is None
                        else parse_action(a.action), a.gain, a.worlds, a.hidden,
                        math.inf if a.error is None else a.error)
            for i, a in enumerate(msg.alternatives))
        reason = None if msg.reason is None else Reason(msg.reason, dict(msg.params or {}))
    except (CardTableError, KeyError, IndexError, ValueError) as e:
        raise WireError(f"not an explanation: {str(e)[:80]}") from None
    if msg.first is None:
        first = None
    elif msg.first == -1:
        first = action
    elif msg.first < len(alts):
        first = alts[msg.first].action
    else:
        raise WireError("not an explanation: its first move is not one of its moves")
    return Explanation(msg.seat, rules, action, msg.kind, reason, first=first,
                       worlds=msg.worlds, alternatives=alts, unit=msg.unit, forced=msg.forced)
