"""The project's exceptions: ValueErrors whose message a player can read (as in python-chess)."""


class CardTableError(ValueError):
    """Base of every error meant for a person to read."""


class NotationError(CardTableError):
    """Text that is not a card, an action or a record (NOTATION.md)."""


class IllegalActionError(CardTableError):
    """A well-formed action that the rules refuse here; the message says why."""


class RecordError(CardTableError):
    """A deal record that cannot be used at all (not JSON, unknown game, wrong deck)."""


class Misdeal(RecordError):
    """The deck cannot start a deal (Canastone CS-2: three wild or three starters); the same
    dealer deals again from a new shuffle."""
