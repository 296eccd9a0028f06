"""The canasta-family deal's phases and the state of a partner's question, defined once.

IntEnums, so that a phase is also the plain number the engine compares in its inner loop
(``Phase(state.phase).label`` names it for a view).
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


# The values as plain ints, for the engine's inner loop: CPython 3.11 specialises comparisons of
# exact ints only (an IntEnum member compares by the generic path), and reading a member off
# the enum class goes through its metaclass (about 15 times a global load). The state holds
# these ints; they equal the members (Phase.PLAY == PLAY).
DRAW, PLAY, ANSWER, OVER = (int(p) for p in Phase)
ASK_NONE, ASK_WAITING, ASK_YES, ASK_NO = (int(a) for a in Ask)
