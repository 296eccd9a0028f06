"""Translation catalogue: every word the player sees comes from ``game/locales/<lang>.json``.

Keys are flat (``"menu.new_game"``); values are ``str.format`` templates (``"Seat {n}"``).
This module has no pygame import, so engines, tools and tests may use it freely.

>>> set_language("en")
'en'
>>> t("menu.new_game"), t("new_game.seat", n=2)
('New game', 'Seat 2')
>>> _ = set_language("ja"); t("game.cassino")
'カシノ'
>>> _ = set_language("en")
"""

from __future__ import annotations

import json
import locale
import os
import re
import string
from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path

LOCALES_DIR = Path(__file__).resolve().parent / "locales"
LANGUAGES = ("en", "ja")
FALLBACK = "en"

_current = FALLBACK


@cache
def catalogue(code: str) -> dict[str, str]:
    """The whole catalogue of one language (read once, cached)."""
    with open(LOCALES_DIR / f"{code}.json", encoding="utf-8") as f:
        data = json.load(f)
    return {k: v for k, v in data.items() if not k.startswith("_")}  # "_comment" keys


def placeholders(template: str) -> set[str]:
    """The ``{names}`` a template uses (for tests and tools)."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def detect_language(environ: dict[str, str] | None = None) -> str:
    """The system's language, as one of LANGUAGES: "ja" for any Japanese locale, else "en".

    Follows POSIX precedence (LC_ALL, LC_MESSAGES, LANG, LANGUAGE), then the locale module
    (which on Windows and macOS asks the OS rather than the environment).
    """
    env = os.environ if environ is None else environ
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = env.get(var, "")
        if value and value not in ("C", "POSIX", "C.UTF-8"):
            return "ja" if value.lower().startswith("ja") else "en"
    if environ is None:
        try:
            code = locale.getlocale()[0] or ""
        except ValueError:
            code = ""
        if code.lower().startswith("ja") or code.lower().startswith("japanese"):
            return "ja"
    return "en"


def set_language(code: str) -> str:
    """Switch language: "en", "ja", or "auto" (the system's). Returns the language in effect."""
    global _current
    if code == "auto":
        code = detect_language()
    _current = code if code in LANGUAGES else FALLBACK
    return _current


def current_language() -> str:
    return _current


def has(key: str) -> bool:
    return key in catalogue(_current) or key in catalogue(FALLBACK)


def t(key: str, **params: object) -> str:
    """The text for ``key`` in the current language, with ``params`` filled in.

    A missing key falls back to English, then to the key itself, so a gap shows up as
    ``menu.something`` on screen rather than as a crash.
    """
    text = catalogue(_current).get(key)
    if text is None:
        text = catalogue(FALLBACK).get(key, key)
    if params:
        try:
            return text.format(**params)
        except (KeyError, IndexError, ValueError):
            return text
    return text


def game_text(game: str, key: str, /, **params: object) -> str:
    """``key`` in the words of ``game``: ``<key>.<game>`` where the game names the thing
    differently (Cassino plays games, not deals, and its first seat plays first rather than
    deals: RULES.md CN-3), else ``key``."""
    own = f"{key}.{game}"
    return t(own if has(own) else key, **params)


def game_name(game: str) -> str:
    """A game's display name from its registry name (``"quick-canasta"``), by its declared
    title key."""
    from game.engine.registry import GAMES

    info = GAMES.get(game)
    return t(info.title_key if info else f"game.{game}")


def player_names(kinds: Sequence[str], names: Sequence[str] = ()) -> list[str]:
    """What every screen and command calls the seats, from their kinds (``"human"`` or
    ``"computer"``) and any names of their own: "You" when there is one human, else "Player n";
    "Computer n"; n is the seat's number as New game shows it (seat + 1), so the same computer
    has the same number at the table, on the Load screen and in ``saves list``."""
    single = sum(k == "human" for k in kinds) == 1
    out = []
    for seat, kind in enumerate(kinds):
        own = names[seat] if seat < len(names) else ""
        if own:
            out.append(own)
        elif kind == "human":
            out.append(t("player.you") if single else t("player.human", n=seat + 1))
        else:
            out.append(t("player.computer", n=seat + 1))
    return out


def you_seat(kinds: Sequence[str], names: Sequence[str] = ()) -> int:
    """The seat that player_names calls "You" (the only human, without a name of its own),
    or -1."""
    humans = [seat for seat, kind in enumerate(kinds) if kind == "human"]
    if len(humans) != 1 or (humans[0] < len(names) and names[humans[0]]):
        return -1
    return humans[0]


# Messages that name a seat ({name}) -> their wording when that seat is the player's: "You
# goes out!" is wrong, and other languages change more than the verb.
YOU_WORDING = {
    "table.turn_of": "table.your_turn",
    "table.asks": "table.asks_you",
    "table.answer_of": "table.answer_of_you",
    "table.picks_up_down": "table.you_pick_up_down",
    "table.sweep_by": "table.sweep_by_you",
    "table.went_out": "table.went_out_you",
    "table.reason.not_your_turn": "table.reason.not_your_turn_you",
    "table.reason.answer_pending": "table.reason.answer_pending_you",
    "score.winner": "score.winner_you",
    "load.turn": "load.turn_you",
    "grab.looking": "grab.looking_you",
    "grab.down": "grab.down_you",
}
# Messages whose {name} reads right for the player too, in every catalogue: the move log's
# past tenses ("You drew", "あなたが引いた").
SAME_FOR_YOU = frozenset({
    "log.draw", "log.take", "log.take_more", "log.take_add", "log.meld", "log.add",
    "log.discard", "log.ask", "log.ask_named", "log.yes", "log.no", "log.trail",
    "log.capture", "log.build", "log.red_three", "log.red_three_replaced", "log.packet",
    "log.out", "log.out_concealed", "log.down", "log.canasta", "log.sweep", "log.collect",
    "log.override",
    "net.lobby.seat_you",  # the player's own typed name, beside "(you)"
})
# Messages whose {name} is never the player's seat: a computer's (thinking, a halted game),
# the partner who asks the player, hot-seat screens (each human then has a name of their
# own), and a save's name.
NEVER_YOU = frozenset({
    "table.thinking", "table.halted.body", "ask.question", "log.ask_named_you", "cover.title",
    "cover.body", "cover.show", "load.delete.message", "log.override_you",
    # a network table's other seats: the lobby's lines and the plates' marks
    "net.lobby.seat_taken", "net.lobby.seat_away", "net.plate_away", "net.plate_computer",
})


def seat_message(key: str, seat: int, names: Sequence[str], you: int = -1,
                 **params: object) -> str:
    """The message ``key`` about ``seat`` (``names``: player_names'), in its own wording when
    ``seat`` is the player's (``you``, as from you_seat)."""
    if seat == you and seat >= 0 and key in YOU_WORDING:
        return t(YOU_WORDING[key], **params)
    return t(key, name=names[seat], **params)


def winner_message(winner: int | None, names: Sequence[str], you: int = -1,
                   teams: bool = False) -> str:
    """The end of a game: a draw, "You win!" (or "Your side wins!"), "The other side wins."
    where sides are called Us and Them, else "Computer 2 wins!". ``you`` is the player's
    side, ``teams`` whether sides hold several seats."""
    if winner is None:
        return t("score.draw")
    if teams and you >= 0:
        return t("score.winner_us") if winner == you else t("score.winner_them")
    return seat_message("score.winner", winner, names, you)


# Cards as the player reads them (the move log, refusals): rank and suit sign, not notation.
SUIT_SIGNS = "\u2660\u2665\u2666\u2663"  # ♠ ♥ ♦ ♣, in the order of game.engine.cards.SUITS
RANK_SIGNS = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def card_text(code: int) -> str:
    """``7♥``; the joker in the current language."""
    from game.engine.cards import JOKER, RANK, SUIT

    if code == JOKER:
        return t("card.joker_short")
    return RANK_SIGNS[RANK[code]] + SUIT_SIGNS[SUIT[code]]


def cards_text(codes: Iterable[int]) -> str:
    return " ".join(card_text(c) for c in codes)


# A card in notation within words ("take the pile with 8H 8C", "add 2H and JK"): not part of a
# longer word, nor a rule's id (QC-2).
_CARD_IN_WORDS = re.compile(r"(?<![\w-])(?:10|[2-9AJQK])[SHDC](?![\w]|-\d)|(?<![\w-])JK(?!\w)")


def cards_in_text(text: str) -> str:
    """The cards a text names in notation (a practice position's goal) as the table shows
    them: ``8H 8C`` -> ``8♥ 8♣``, ``JK`` -> the joker's name; the other words as they are."""
    from game.engine.cards import parse_card

    return _CARD_IN_WORDS.sub(lambda m: card_text(parse_card(m.group())), text)


def _notation_as_cards(text: str) -> str:
    """Cards that an engine wrote in notation (``"2S 8H"``) as the player reads them; anything
    that is not cards is left as it is."""
    from game.engine.cards import parse_cards
    from game.engine.errors import NotationError

    try:
        return cards_text(parse_cards(text))
    except NotationError:
        return text


# Rank words the engines put in reasons (``rank="ace"``) -> catalogue keys.
_RANK_WORDS = {"ace": "rank.ace", "jack": "rank.jack", "queen": "rank.queen",
               "king": "rank.king", "wild card": "rank.wild"}


def _reason_param(name: str, value: object) -> object:
    if getattr(value, "key", None) is not None:  # a nested reason, e.g. keep_cards' {why}
        return translate_reason(value)
    if name in ("card", "cards") and isinstance(value, str):  # notation from the engines
        return _notation_as_cards(value)
    if name == "rank" and value in _RANK_WORDS:
        return t(_RANK_WORDS[value])
    return value


def translate_reason(r: object) -> str:
    """A refusal reason (``game.engine.reasons.Reason``) in the current language.

    Parameters that are reasons themselves are translated too, rank words become the
    language's rank names, and cards (``card``, ``cards``) are shown as in the move log.
    Anything else, or a key without a translation, is ``str(r)``.
    """
    key = getattr(r, "key", None)
    if key is None:
        return str(r)
    text = catalogue(_current).get(f"reason.{key}")
    if text is None:
        return str(r)
    params = {k: _reason_param(k, v) for k, v in getattr(r, "params", {}).items()}
    try:
        return text.format(**params)
    except (KeyError, IndexError, ValueError):
        return str(r)
