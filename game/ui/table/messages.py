"""Messages about a seat at the table, worded for the player when the seat is theirs ("You go
out!", not "You goes out!"): the table passes :func:`you` to game.i18n.seat_message."""

from __future__ import annotations

from game.i18n import you_seat


def you(screen) -> int:
    """The seat the table calls "You" (the only human), or -1."""
    return you_seat(["human" if screen.session.is_human(s) else "computer"
                     for s in range(screen.players)])


def your_side(screen) -> int:
    """The side called "Us" where sides hold several seats (all humans on one side), or -1."""
    mine = {screen.sides[h] for h in screen.humans}
    return next(iter(mine)) if screen.partnerships and len(mine) == 1 else -1
