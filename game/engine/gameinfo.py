"""What a game declares about itself, after OpenSpiel's ``GameType``: :class:`GameInfo`.

One frozen record per game, registered once in
:mod:`game.engine.registry`: its name, the locale keys
of its title, the player counts and how seats form sides at each, its rule options, the target
score, and who deals and keeps the score. The Game objects, the New game screen, the command
line and the tests all read it; nothing else holds a copy.

Plain Python with no imports from the engines, so that reading it stays cheap (``--help``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

PartnershipKind = Literal["partners", "teams_of_three", "every_player"]
# The families of games: each package that treats families differently (the computer players,
# the saves, the statistics, the table) keeps one table from family to its parts.
Family = Literal["canasta", "cassino"]


def down_dealer(looking_dealer: int, keeper: int, players: int) -> int:
    """LD-2: the down dealer sits at the looking dealer's left, skipping the keeper."""
    s = (looking_dealer + 1) % players
    if s == keeper:
        s = (s + 1) % players
    return s


@dataclass(frozen=True)
class Option:
    """A rule option. ``summary`` is the English one-liner for the command line and records;
    players read ``label_key`` and ``help_key`` from the locale catalogues. An option that moves
    the end of the game declares its ``target``."""

    name: str
    summary: str
    target: int | None = None

    @property
    def label_key(self) -> str:
        return f"option.{self.name}"

    @property
    def help_key(self) -> str:
        return f"option.{self.name}.help"


@dataclass(frozen=True)
class GameInfo:
    """One game's declared facts (RULES.md G-2, G-7 and each game's setup section).

    ``partnership_counts`` are the player counts played as two sides seated alternately
    (side = seat mod 2); at any other count every player is a side of one (G-2).
    ``level_plays_on``: a game that ends level is not a draw but plays on (G-6's exception).
    ``keeper`` is Looking and Down's score keeper (LD-1), who never deals; ``two_dealers`` its
    looking and down dealers (LD-2); ``downs`` the second hands each player picks up later
    (LD-2, LD-11); ``out_of_turn`` that a seat may act when it is not its turn (LD-10);
    ``packets`` Canastone's packet, dealt face down under the starter and taken with the
    pile (CS-3).
    ``family`` says which family's parts play, save, count and draw the game; ``deal_word``
    and ``game_word`` what one deal and the whole game are called (Cassino's deal is a game,
    its game a match, CN-11). ``module`` and ``attr`` name the
    Game object, imported only when the game is played.
    """

    name: str
    title: str  # English, for records and logs; players see ``title_key``
    family: Family
    module: str
    attr: str
    player_counts: tuple[int, ...]
    usual_players: int
    partnership_counts: tuple[int, ...]
    target: int
    options: tuple[Option, ...] = ()
    level_plays_on: bool = False
    keeper: bool = False
    two_dealers: bool = False
    downs: bool = False
    out_of_turn: bool = False
    packets: bool = False
    deal_word: Literal["deal", "game"] = "deal"
    game_word: Literal["game", "match"] = "game"

    def __post_init__(self) -> None:
        assert self.usual_players in self.player_counts, self.name
        assert set(self.partnership_counts) <= set(self.player_counts), self.name
        assert all(n % 2 == 0 for n in self.partnership_counts), self.name

    # ---- locale keys ----------------------------------------------------------------------
    @property
    def title_key(self) -> str:
        return f"game.{self.name}"

    @property
    def blurb_key(self) -> str:
        return f"game.{self.name}.blurb"

    # ---- options and target ---------------------------------------------------------------
    @property
    def option_names(self) -> tuple[str, ...]:
        return tuple(o.name for o in self.options)

    def option_summaries(self) -> dict[str, str]:
        """Option name -> English one-liner (the Game objects' ``options``)."""
        return {o.name: o.summary for o in self.options}

    def target_for(self, options: Iterable[str] = frozenset()) -> int:
        """The score that ends the game (CA-16, QC-8, CS-17, LD-15, CN-11)."""
        chosen = set(options)
        for o in self.options:
            if o.target is not None and o.name in chosen:
                return o.target
        return self.target

    # ---- seating (G-2) --------------------------------------------------------------------
    def num_sides(self, players: int) -> int:
        return 2 if players in self.partnership_counts else players

    def side_of(self, seat: int, players: int) -> int:
        return seat % 2 if players in self.partnership_counts else seat

    def partners(self, seat: int, players: int) -> list[int]:
        """The other seats of ``seat``'s side."""
        if players not in self.partnership_counts:
            return []
        return [s for s in range(players) if s != seat and s % 2 == seat % 2]

    def partnership_kind(self, players: int) -> PartnershipKind:
        """How seats form sides at this count, as the New game screen says it."""
        if players not in self.partnership_counts:
            return "every_player"
        return "partners" if players == 4 else "teams_of_three"

    # ---- dealers and keeper (G-7, LD-1, LD-2) -----------------------------------------------
    def dealer_choices(self, players: int, keeper: int = -1) -> list[int]:
        """The seats that may deal (G-7); never the score keeper (LD-1)."""
        return [s for s in range(players) if not (self.keeper and s == keeper)]

    def dealers(self, dealer: int, keeper: int, players: int) -> tuple[int, ...]:
        """Who deals when the rotation stands at ``dealer``: (dealer,), or Looking and Down's
        (looking dealer, down dealer). The keeper never deals, so the deal passes to the seat at
        their left (LD-1, LD-2)."""
        if self.keeper and dealer == keeper:
            dealer = (dealer + 1) % players
        if self.two_dealers:
            return dealer, down_dealer(dealer, keeper, players)
        return (dealer,)

    def next_dealer(self, dealer: int, keeper: int, players: int) -> int:
        """The next deal's dealer: clockwise (G-7); in Looking and Down the down dealer deals
        the lookings next (LD-2)."""
        if self.two_dealers:
            return down_dealer(dealer, keeper, players)
        return (dealer + 1) % players
