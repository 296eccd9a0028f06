"""The canasta-family deal's phases and the state of a partner's question, defined once.

IntEnums: the engine compares them in its inner loop, and they read as plain numbers where a
view or a save wants one.
"""

from __future__ import annotations

from enum import IntEnum


class Phase(IntEnum):
    DRAW = 0  # the turn starts: draw, take the pile (or, CS-9, open first)
    PLAY = 1  # after the draw: meld, add, ask, discard
    ANSWER = 2  # a partner is asked "may I go out?" (CA-12)
    OVER = 3  # the deal is over

    @property
    def label(self) -> str:
        """The phase's name in observations and positions ("draw", "play", ...)."""
        return self.name.lower()


class Ask(IntEnum):
    """Where the player's question to partner stands this turn (CA-12, CS-13)."""

    NONE = 0
    WAITING = 1
    YES = 2
    NO = 3


# Module-level names for the engine's inner loop: a global load is cheap, while reading a
# member off the enum class goes through the enum's metaclass (CPython 3.11: about 15 times
# the cost).
DRAW, PLAY, ANSWER, OVER = Phase.DRAW, Phase.PLAY, Phase.ANSWER, Phase.OVER
ASK_NONE, ASK_WAITING, ASK_YES, ASK_NO = Ask.NONE, Ask.WAITING, Ask.YES, Ask.NO
PHASE_BY_LABEL = {p.label: p for p in Phase}
