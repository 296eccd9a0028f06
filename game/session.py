"""A game in progress at the table: the match, the seats, the current deal and its history.

The table (pygame), the saves and the command-line tools all drive a game through this one
object. It applies actions only through the engine (which refuses illegal ones with a reason),
keeps the deal's actions in the notation, asks computer players for their moves by handing them a
:class:`~game.players.base.Decision` (never the state), and can say everything needed to
continue exactly: the deal's setup and history, the match's generator state, totals and dealer,
and the computer players' generator states.

>>> s = GameSession("canasta", 4, seed=3)
>>> _ = s.start_deal()
>>> while not s.state.is_over() and len(s.history) < 12:
...     _ = s.apply(s.bot_move(s.state.current_player()))
>>> len(s.history)
12
>>> t = GameSession.restore(s.snapshot())
>>> t.state.summary() == s.state.summary() and t.history == s.history
True
"""

from __future__ import annotations

import copy
import random
from dataclasses import asdict, dataclass

from game import listeners
from game.engine.actions import Action, format_action, parse_action
from game.engine.base import DealSetup, DealState
from game.engine.cards import format_card, parse_card
from game.engine.deals import seed_of
from game.engine.errors import IllegalActionError
from game.engine.match import Match
from game.engine.record import DealRecord
from game.engine.registry import get_game
from game.players.base import Decision, Player
from game.players.registry import DEFAULT_LEVEL, make_player

SNAPSHOT_VERSION = 1
# The verbs a player may take back within the turn: they show no hidden card and end nothing.
UNDOABLE_VERBS = frozenset({"meld", "add"})


@dataclass(frozen=True)
class Refusal:
    """What :meth:`GameSession.try_apply` returns instead of events when the move is not
    played: the engine's reason, or (``reason`` None) the caller's ``hold`` kept it back."""

    reason: object = None

    @property
    def held(self) -> bool:
        return self.reason is None


@dataclass
class SeatConfig:
    kind: str = "computer"  # "human" or "computer"
    level: str = DEFAULT_LEVEL
    name: str = ""


def default_seats(players: int) -> list[SeatConfig]:
    return [SeatConfig("human")] + [SeatConfig("computer") for _ in range(players - 1)]


class GameSession:
    def __init__(
        self,
        rules: str,
        players: int,
        *,
        seats: list[SeatConfig] | None = None,
        options: frozenset[str] | tuple = (),
        seed: int = 0,
        dealer: int | None = None,
        keeper: int | None = None,
        deadline_ms: int = 1000,
        number: int | None = None,
        daily: str | None = None,
    ) -> None:
        if number is not None:  # a numbered game: its seed comes from its number (docs/deals.md)
            seed = seed_of(number)
            if dealer is None:  # drawn apart, so that the cards follow from the number alone
                dealer = random.Random(seed).randrange(players)
        self.rules = rules
        self.game = get_game(rules)
        self.players = players
        self.options = frozenset(options)
        self.seed = seed
        self.number = number  # the game's number (None: a game from before numbers, a seed)
        self.daily = daily  # the daily deal's date ("2026-11-23") when this game is one
        # Set by a whole-turn take-back (practice): such games count apart in the statistics.
        self.took_back = False
        self.seats = list(seats) if seats else default_seats(players)
        if len(self.seats) != players:
            raise ValueError("one seat configuration per player")
        self.match = Match(self.game, players, seed=seed, options=self.options, dealer=dealer,
                           keeper=keeper)
        self.bots: dict[int, Player] = {
            s: make_player(c.level, seed * 7919 + 101 * s + 1)
            for s, c in enumerate(self.seats) if c.kind == "computer"
        }
        self.deadline_ms = deadline_ms
        self.history: list[str] = []
        self.state: DealState | None = None
        self.scored = False  # the finished deal's points are in the totals
        self.position: dict | None = None  # the hand-made position this deal started from
        # The computers' generator states after each action of the deal (``trail[i]``: after
        # the first i actions), so that a take-back rebuilds them exactly; a seat missing from
        # an entry is not known there (before the point a saved game was resumed from).
        self.trail: list[dict[int, int]] = []

    # ---- playing ---------------------------------------------------------------------------
    def start_deal(self, grab: tuple[bool, bool] | None = None) -> list:
        """Deal the next deal (after the previous one was scored) and return its events."""
        self.state = self.match.start_deal(grab)
        self.history = []
        self.scored = False
        self.position = None
        self.trail = [self._bot_states()]
        return list(getattr(self.state, "deal_events", []))

    @classmethod
    def from_position(
        cls,
        rules: str,
        players: int,
        position: dict,
        *,
        seats: list[SeatConfig] | None = None,
        seed: int = 0,
        deadline_ms: int = 1000,
    ) -> GameSession:
        """A session whose current deal starts from a hand-made position (practice puzzles)
        rather than a dealt deck; later deals are dealt as usual.

        ``position`` holds keyword arguments, JSON-friendly: for the canasta games those of
        :func:`game.engine.canasta.position.build_position` (less ``rules`` and ``players``), for
        Cassino those of
        :meth:`game.engine.cassino.game.CassinoState.from_position` (as given by its
        ``position()``). Raises ValueError (RecordError) when the position is impossible.
        """
        self = cls(rules, players, seats=seats, options=position.get("options", ()),
                   seed=seed, deadline_ms=deadline_ms)
        self._start_position(position)
        return self

    def _start_position(self, position: dict) -> None:
        state = self.match.game.from_position(self.players, position)
        m = self.match
        m.setup = state.setup
        m.deal = state
        m.dealer = state.setup.dealer
        m.totals = list(state.setup.scores) or m.totals
        m.start = list(m.totals)
        if state.setup.keeper >= 0:  # Looking and Down's score keeper (LD-1)
            m.keeper = state.setup.keeper
        self.state = state
        self.history = []
        self.scored = False
        self.position = copy.deepcopy(dict(position))
        self.trail = [self._bot_states()]

    @property
    def setup(self) -> DealSetup:
        assert self.match.setup is not None
        return self.match.setup

    def is_human(self, seat: int) -> bool:
        return self.seats[seat].kind == "human"

    def is_computer(self, seat: int) -> bool:
        """A computer plays the seat here (its moves can be explained: "Why?")."""
        return not self.is_human(seat)

    def canasta_is_natural(self, meld) -> bool:
        """Whether a canasta of the deal in progress counts as natural (clean): no wild card
        in a canasta of a rank; for a canasta of wild cards, as the rules say (CS-7)."""
        if meld.rank:
            return meld.jok + meld.two == 0
        return bool(self.state.rules.wild_meld_clean(meld.jok, meld.two))

    def why_illegal(self, action: Action) -> str | None:
        return self.state.why_illegal(action)

    def try_apply(self, action: Action, hold=None) -> list | Refusal:
        """Play ``action`` if the engine accepts it: its events, else a :class:`Refusal` with
        the engine's reason. The one check of a move: callers do not ask ``why_illegal``
        first. ``hold(action)``, called once the move is known to be legal, may keep it back
        (True: a Refusal without a reason; the table asks before a risky discard)."""
        problem = self.state.why_illegal(action)
        if problem is not None:
            return Refusal(problem)
        if hold is not None and hold(action):
            return Refusal()
        return self._play(action)

    def apply(self, action: Action) -> list:
        """Apply a legal action (IllegalActionError with the reason otherwise)."""
        result = self.try_apply(action)
        if isinstance(result, Refusal):
            raise IllegalActionError(result.reason)
        return result

    def _play(self, action: Action) -> list:
        """Apply an action the engine has just accepted."""
        events = self.state.apply(action, validate=False)
        self.history.append(format_action(action))
        self.trail.append(self._bot_states())
        if self.state.is_over() and not self.scored:
            self.match.finish_deal()
            self.scored = True
            listeners.deal_scored(self)  # the statistics (game.stats.recorder)
        return events

    def computer_to_act(self) -> int | None:
        """The computer seat that should move now, if any (the seat to move first)."""
        if self.state is None or self.state.is_over():
            return None
        seat = self.state.current_player()
        return seat if seat in self.bots else None

    def decision(self, seat: int) -> Decision:
        return Decision.of(self.state, seat, self.match.totals, self.options, self.deadline_ms)

    def bot_move(self, seat: int) -> Action:
        """The computer player's choice for ``seat`` (a simple player for human seats, as a
        hint)."""
        player = self.bots.get(seat) or make_player(DEFAULT_LEVEL, self.seed + seat)
        return player.choose(self.decision(seat))

    def play_computers(self, moves: int, seed: int, level: str = DEFAULT_LEVEL,
                       to_end: bool = False) -> int:
        """Let computers play every seat (the human seats a ``level`` player seeded from
        ``seed``) for up to ``moves`` actions, or to the end of the deal, through the deal
        driver; returns the number applied. For pictures, benchmarks and tests."""
        from game.driver import play_deal

        seats = [self.bots.get(s) or make_player(level, seed * 7 + s)
                 for s in range(self.players)]
        end = play_deal(self.state, seats, decide=self.decision, apply=self.apply,
                        max_actions=100000 if to_end else moves)
        return end.actions

    @property
    def game_over(self) -> bool:
        return self.match.over

    # ---- taking back ----------------------------------------------------------------------------
    def _bot_states(self) -> dict[int, int]:
        return {s: p.get_state() for s, p in self.bots.items()}

    def can_rewind_to(self, n: int) -> bool:
        """Whether :meth:`rewind_to` can rebuild the deal after its first ``n`` actions: the
        deal is not scored yet and every computer's generator is known at that point."""
        return (self.state is not None and not self.scored and 0 <= n <= len(self.history)
                and n < len(self.trail) and set(self.trail[n]) >= set(self.bots))

    def rewind_to(self, n: int) -> None:
        """Rebuild the current deal as it was after its first ``n`` actions by replaying them
        from the deal's setup (or its hand-made position), each checked by the engine, and
        put every computer's generator back where it was then: the game plays on exactly as
        if the later actions had never been played. ValueError when that point cannot be
        rebuilt (see :meth:`can_rewind_to`)."""
        if not self.can_rewind_to(n):
            raise ValueError(f"cannot rewind to action {n}")
        actions = self.history[:n]
        trail = self.trail[:n + 1]
        if self.position is not None:
            self._start_position(self.position)
        else:
            self.state = self.match.deal = self.game.new_deal(self.setup)
            self.history = []
        for text in actions:
            self.state.apply_recorded(parse_action(text))  # validated, as restore does
            self.history.append(text)
        for seat, state in trail[n].items():
            if seat in self.bots:
                self.bots[seat].set_state(state)
        self.trail = trail

    def take_back_point(self, seat: int, whole_turns: bool = False) -> int | None:
        """How many actions of the deal stay when ``seat`` takes back one step, or None when
        it may not. In a normal game (``whole_turns`` False) only the seat's own melds and
        additions of the turn in progress go back, one at a time: a draw or a pile take has
        shown cards, a discard ended the turn. With ``whole_turns`` (practice, every other
        seat a computer) the seat's last run of actions goes back whole, draw included."""
        st = self.state
        h = self.history
        if st is None or self.scored or not h:
            return None
        last = parse_action(h[-1])
        if (st.current_player() == seat and last.seat == seat
                and last.verb in UNDOABLE_VERBS and self.can_rewind_to(len(h) - 1)):
            return len(h) - 1
        if not whole_turns or any(s.kind == "human" for i, s in enumerate(self.seats)
                                  if i != seat):
            return None
        n = len(h)  # back over the others' actions, then over the seat's last run
        while n and parse_action(h[n - 1]).seat != seat:
            n -= 1
        while n and parse_action(h[n - 1]).seat == seat:
            n -= 1
        if n == len(h) or not any(parse_action(a).seat == seat for a in h[n:]):
            return None
        return n if self.can_rewind_to(n) else None

    def take_back(self, seat: int, whole_turns: bool = False) -> bool:
        """Take back one step for ``seat`` (see :meth:`take_back_point`); a whole-turn
        take-back marks the game (``took_back``: the statistics count it apart). False when
        there is nothing ``seat`` may take back."""
        n = self.take_back_point(seat, whole_turns)
        if n is None:
            return False
        undone = [parse_action(a) for a in self.history[n:]]
        if any(a.seat != seat or a.verb not in UNDOABLE_VERBS for a in undone):
            self.took_back = True
        self.rewind_to(n)
        return True

    # ---- records and snapshots -------------------------------------------------------------------
    def record(self) -> DealRecord:
        """The current deal so far as a NOTATION.md record (``replay`` accepts it)."""
        return DealRecord.from_setup(self.rules, self.setup, self.history)

    def events_so_far(self) -> tuple[list, list[list]]:
        """The current deal's events as they happened: the deal's own (red threes laid out)
        and each action's, from the deal played again from its setup (a restored session has
        the actions, not their events). Nothing for a hand-made position."""
        if self.state is None or self.position is not None:
            return [], []
        state = self.game.new_deal(self.setup)
        dealt = list(getattr(state, "deal_events", []))
        return dealt, [state.apply(parse_action(a), validate=False) for a in self.history]

    def snapshot(self) -> dict:
        """Everything needed to continue exactly, as JSON-friendly data."""
        m = self.match
        setup = self.setup
        return {
            "version": SNAPSHOT_VERSION,
            "rules": self.rules,
            "players": self.players,
            "options": sorted(self.options),
            "seed": self.seed,
            "deadline_ms": self.deadline_ms,
            "seats": [asdict(s) for s in self.seats],
            "bots": {str(s): p.get_state() for s, p in self.bots.items()},
            "match": {
                "rng": m.rng.state,
                "totals": list(m.totals),
                "dealer": m.dealer,
                "keeper": m.keeper,
                "deals_played": m.deals_played,
                "deal_history": [list(d) for d in m.deal_history],
                "over": m.over,
                "winner": m.winner,
                # a position's scores, once its deal is no longer the current one
                **({"start": list(m.start)}
                   if any(m.start) and (self.position is None or m.deals_played) else {}),
            },
            "deal": {
                "deck": [format_card(c) for c in setup.deck],
                "dealer": setup.dealer,
                "scores": list(setup.scores),
                "keeper": setup.keeper,
                "grab": list(setup.grab),
                "actions": list(self.history),
            },
            "scored": self.scored,
            **({"position": self.position} if self.position is not None else {}),
            **({"number": self.number} if self.number is not None else {}),
            **({"daily": self.daily} if self.daily is not None else {}),
            **({"took_back": True} if self.took_back else {}),
        }

    @classmethod
    def restore(cls, snap: dict) -> GameSession:
        """Rebuild a session from :meth:`snapshot` by replaying the deal's actions, each
        checked by the engine (a tampered history is refused with IllegalActionError)."""
        seats = [SeatConfig(**s) for s in snap["seats"]]
        self = cls(snap["rules"], snap["players"], seats=seats, options=snap["options"],
                   seed=snap["seed"], deadline_ms=snap.get("deadline_ms", 1000),
                   daily=snap.get("daily"))
        self.number = snap.get("number")  # the seed is the saved one, whatever the number
        self.took_back = bool(snap.get("took_back", False))
        for s, state in snap["bots"].items():
            if int(s) in self.bots:
                self.bots[int(s)].set_state(state)
        d = snap["deal"]
        if snap.get("position") is not None:
            self._start_position(snap["position"])
        else:
            self._deal_from(d)
        seats_of = []
        for text in d["actions"]:
            action = parse_action(text)
            # validated, as an older version wrote it (its LD-13 draw reads as nothing)
            if self.state.apply_recorded(action) is None:
                continue
            self.history.append(text)
            seats_of.append(action.seat)
        self.trail = _trail_back(self._bot_states(), seats_of)
        m = self.match
        mm = snap["match"]
        m.rng.state = mm["rng"]
        m.totals = list(mm["totals"])
        m.dealer = mm["dealer"]
        m.keeper = mm["keeper"]
        m.deals_played = mm["deals_played"]
        m.deal_history = [list(x) for x in mm["deal_history"]]
        m.over = mm["over"]
        m.winner = mm["winner"]
        if "start" in mm:
            m.start = list(mm["start"])
        elif snap.get("position") is None or m.deals_played:
            m.start = [0] * len(m.totals)
        self.scored = snap["scored"]
        return self

    def _deal_from(self, d: dict) -> None:
        setup = DealSetup(
            players=self.players,
            deck=tuple(parse_card(c) for c in d["deck"]),
            dealer=d["dealer"],
            scores=tuple(d["scores"]),
            options=self.options,
            keeper=d["keeper"],
            grab=tuple(d["grab"]),
        )
        problem = self.game.check_setup(setup)
        if problem:
            raise IllegalActionError(problem)
        m = self.match
        m.setup = setup
        m.deal = self.game.new_deal(setup)
        self.state = m.deal


def _trail_back(now: dict[int, int], seats_of: list[int]) -> list[dict[int, int]]:
    """The generator trail of a deal resumed after the actions of ``seats_of``: a computer's
    state is known back to its own last action there (only its own moves advance it)."""
    trail = [dict(now)]
    for seat in reversed(seats_of):
        entry = dict(trail[-1])
        entry.pop(seat, None)
        trail.append(entry)
    trail.reverse()
    return trail
