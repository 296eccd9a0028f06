"""The guided first deals: a hand-made deal whose prompts walk a new player through each kind
of move, as data.

A :class:`Script` is a position (the cards are placed so that every move below is legal at its
turn), the steps of seat 0 (the player) in order and the moves of the other seat. Each
:class:`Step` names the prompt shown (a catalogue key), the action expected in the notation
(``"0 discard *"`` would accept any discard) and any further cards to point at. A :class:`Lesson`
follows one through a game: it says which step is current, whether a move is the expected
one, and what the other seat plays (through :class:`ScriptedPlayer`).

    >>> lesson = Lesson(SCRIPTS["canasta"])
    >>> lesson.step.prompt
    'guide.canasta.draw'
    >>> lesson.accepts(parse_action("0 draw")), lesson.accepts(parse_action("0 take 9H 9S"))
    (True, False)

docs/guide.md explains why a move other than the expected one is refused with a hint.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass

from game.engine.actions import Action, parse_action
from game.engine.cards import format_card
from game.players.base import Decision, Player
from game.players.registry import DEFAULT_LEVEL, make_player


@dataclass(frozen=True)
class Step:
    prompt: str  # catalogue key of the words shown while this step waits
    expect: str  # the action in the notation; a "*" for the cards accepts any of that verb
    highlight: tuple[str, ...] = ()  # further cards to point at (the move's own always are)


@dataclass(frozen=True)
class Script:
    id: str
    rules: str
    players: int
    position: dict
    title: str  # catalogue key
    steps: tuple[Step, ...]
    opponent: tuple[str, ...]  # seat 1's moves, in order
    end: str  # catalogue key shown once the deal is over
    wait: str = "guide.wait"  # shown while the other seat plays


def _key(a: Action) -> tuple:
    """An action up to the order of its cards (as the table may gather them in any order)."""
    if a.verb in ("trail", "capture", "build"):
        played = tuple(sorted(a.groups[0])) if a.groups else ()
        rest = tuple(sorted(c for g in a.groups[1:] for c in g))
        return a.seat, a.verb, a.target, played, rest
    return a.seat, a.verb, a.target, tuple(sorted(tuple(sorted(g)) for g in a.groups))


def matches(expect: str, action: Action) -> bool:
    if expect.endswith(" *"):
        seat, verb = expect[:-2].split()
        return action.seat == int(seat) and action.verb == verb
    return _key(parse_action(expect)) == _key(action)


class Lesson:
    """Where the player is in a script."""

    def __init__(self, script: Script) -> None:
        self.script = script
        self.index = 0

    @property
    def step(self) -> Step | None:
        steps = self.script.steps
        return steps[self.index] if self.index < len(steps) else None

    def accepts(self, action: Action) -> bool:
        """The player's move is the one the current step expects (other seats' moves are the
        script's own and always pass)."""
        if action.seat != 0:
            return True
        step = self.step
        return step is not None and matches(step.expect, action)

    def record(self, action: Action) -> None:
        """A move was applied: the player's moves advance the script."""
        if action.seat == 0 and self.step is not None and matches(self.step.expect, action):
            self.index += 1

    def expected(self) -> Action | None:
        """The current step's move as an action (None for "any of a verb")."""
        step = self.step
        if step is None or step.expect.endswith(" *"):
            return None
        return parse_action(step.expect)

    def highlight(self) -> list[str]:
        """The cards the step points at: its move's, then any further ones it names."""
        step = self.step
        if step is None:
            return []
        a = self.expected()
        own = [] if a is None else [format_card(c) for c in a.cards()]
        return own + [c for c in step.highlight if c not in own]


class ScriptedPlayer(Player):
    """The other seat of a guided deal: plays the script's moves in order, counted from the
    deal's own history (so a decision thrown away by the table does not skip a move)."""

    level = "script"

    def __init__(self, session, seat: int, moves: tuple[str, ...]) -> None:
        super().__init__(0)
        self.session = session
        self.seat = seat
        self.moves = moves
        self.fallback: Player | None = None

    def choose(self, decision: Decision) -> Action:
        done = sum(1 for text in self.session.history if parse_action(text).seat == self.seat)
        # The script is the guided deal's; a later deal of the same game is played normally.
        if self.session.position is not None and done < len(self.moves):
            action = parse_action(self.moves[done])
            if self.session.why_illegal(action) is None:
                return action
        if self.fallback is None:
            self.fallback = make_player(DEFAULT_LEVEL, self.seat + 1)
        return self.fallback.choose(decision)


_LESSONS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def lesson_of(session) -> Lesson | None:
    """The lesson a session was started for by :func:`start` (None for any other game)."""
    return _LESSONS.get(session)


def start(script_id: str):
    """A new session for the script, with seat 1 playing its part, and its lesson."""
    from game.session import GameSession, SeatConfig

    script = SCRIPTS[script_id]
    seats = [SeatConfig("human")] + [SeatConfig("computer") for _ in range(script.players - 1)]
    session = GameSession.from_position(script.rules, script.players, script.position,
                                        seats=seats, seed=1)
    session.bots[1] = ScriptedPlayer(session, 1, script.opponent)
    lesson = _LESSONS[session] = Lesson(script)
    return session, lesson


def _s(prompt: str, expect: str, *highlight: str) -> Step:
    return Step(f"guide.{prompt}", expect, tuple(highlight))


# Canasta (RULES.md section 1), two players. The stock is stacked: seat 0 draws the red three
# 3D (laid out and replaced by AC, CA-3), seat 1 draws 5C and 6C, seat 0 last draws 9C.
CANASTA = Script(
    id="canasta",
    rules="canasta",
    players=2,
    position={
        "hands": ["AH AD AS KH KS KD KS 9H 9S 4C 2C",
                  "5H 5S 6H 6S 7D 8D 9D 10S JD QC 4H"],
        "pile": "KC KH 7S",
        "stock": "3D AC 5C 6C 9C",
        "opened": [False, False],
        "turn": 0,
        "phase": "draw",
        "dealer": 1,
    },
    title="guide.canasta.title",
    steps=(
        _s("canasta.draw", "0 draw"),                                 # CA-8
        _s("canasta.open", "0 meld AH AD AS", "3D"),                  # CA-3, CA-4, CA-7
        _s("canasta.add", "0 add A AC"),                              # CA-4
        _s("canasta.discard", "0 discard 4C"),                        # CA-8
        _s("canasta.take", "0 take 9H 9S", "9D"),                     # CA-9
        _s("canasta.canasta", "0 meld KH KS KD KS KC KH 2C"),         # CA-5
        _s("canasta.discard_again", "0 discard 4C"),
        _s("canasta.draw_again", "0 draw"),
        _s("canasta.add_again", "0 add 9 9C"),
        _s("canasta.go_out", "0 discard 7S"),                         # CA-11
    ),
    opponent=("1 draw", "1 discard 9D", "1 draw", "1 discard JD"),
    end="guide.canasta.end",                                          # CA-15
)

# Cassino (RULES.md section 5), two players, the last round: seat 0 plays first (CN-3).
CASSINO = Script(
    id="cassino",
    rules="cassino",
    players=2,
    position={
        "hands": [["9S", "4D", "2H", "6C"], ["7C", "KH", "7S", "QD"]],
        "table": ["9D", "4C", "5H", "KS"],
        "captured": [["AS", "10D", "3C"], ["2S", "JH"]],
    },
    title="guide.cassino.title",
    steps=(
        _s("cassino.capture", "0 capture 9S 9D 4C 5H"),               # CN-5
        _s("cassino.trail", "0 trail 4D"),                            # CN-8
        _s("cassino.build", "0 build 2H 4D = 6"),                     # CN-6
        _s("cassino.sweep", "0 capture 6C 2H 4D"),                    # CN-7, CN-9
    ),
    opponent=("1 trail 7C", "1 capture KH KS", "1 capture 7S 7C", "1 trail QD"),
    end="guide.cassino.end",                                          # CN-9, CN-10
)

SCRIPTS = {s.id: s for s in (CANASTA, CASSINO)}
