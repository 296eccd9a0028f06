"""``stats.json``: the player's statistics as a pydantic model (docs/stats.md).

Every count is kept per *bucket*: one game at one player count against one computer level
(``canasta/4/normal``; ``mixed`` when the computers' levels differ). "You" are the side of the
first human seat. Games in which a move was taken back count apart (``take_backs``), not in
the won/lost record, the averages or the streaks.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StrictInt

from game.safemodel import SafeStrings
from game.saves.model import Day, DealNumber, Score

FORMAT = "cardtable-stats"
STATS_VERSION = 1
RECENT = 40  # deals kept per game for the chart of recent results
MAX_RECORDED = 500  # deals remembered as counted (a reloaded save never counts twice)
MAX_DAILY = 400  # daily results kept (about a year of one game a day)
MAX_BUCKETS = 500

MAX_COUNT = 1 << 40
MAX_STREAK = 1 << 30
MAX_SCORE_TOTAL = 1 << 50


def _clamped(low: int, high: int):
    # A value past a limit stays at the limit: counting goes on (the screen says a count is at
    # its limit) instead of one refused increment losing every later deal.
    return AfterValidator(lambda v: low if v < low else high if v > high else v)


Count = Annotated[StrictInt, _clamped(0, MAX_COUNT)]
Result = Literal["won", "lost", "drawn"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=True)


class Tally(_Model):
    played: Count = 0
    won: Count = 0
    lost: Count = 0
    drawn: Count = 0

    def add(self, result: Result) -> None:
        self.played += 1
        setattr(self, result, getattr(self, result) + 1)


class Bucket(_Model):
    games: Tally = Field(default_factory=Tally)
    deals: Tally = Field(default_factory=Tally)
    score_total: Annotated[StrictInt, _clamped(-MAX_SCORE_TOTAL, MAX_SCORE_TOTAL)] = 0  # yours
    best_score: Score | None = None  # your best deal score
    # the canasta games (CA-13, CS-9, LD-11): your side's canastas when each deal ended
    canastas_natural: Count = 0
    canastas_mixed: Count = 0
    canastas_special: Count = 0  # Canastone's wild-card canastas (CS-7)
    went_out: Count = 0  # deals your side ended by going out
    red_threes: Count = 0
    # Cassino (CN-9, CN-10): your side's sweeps and the deals it had the majorities of
    sweeps: Count = 0
    cards_majorities: Count = 0
    spades_majorities: Count = 0
    streak: Annotated[StrictInt, _clamped(-MAX_STREAK, MAX_STREAK)] = 0  # +n won, -n lost
    best_streak: Count = 0  # the longest run of games won
    worst_streak: Count = 0  # the longest run of games lost
    take_backs: Tally = Field(default_factory=Tally)  # games with a take-back, counted apart

    def at_limit(self) -> bool:
        """Whether a count has reached its highest value (and stays there)."""
        tallies = (self.games, self.deals, self.take_backs)
        counts = [getattr(t, f) for t in tallies for f in Tally.model_fields] + [
            getattr(self, f) for f, info in Bucket.model_fields.items()
            if info.annotation is int and f not in ("score_total", "streak")]
        return (max(counts) >= MAX_COUNT or abs(self.score_total) >= MAX_SCORE_TOTAL
                or abs(self.streak) >= MAX_STREAK)

    @property
    def average_score(self) -> float | None:
        return self.score_total / self.deals.played if self.deals.played else None


class RecentDeal(_Model):
    """One deal for the chart: your score and your lead over the best other side."""

    players: Annotated[StrictInt, Field(ge=2, le=7)]
    level: Annotated[str, Field(max_length=16)]
    score: Score
    margin: Score
    result: Result


class DailyEntry(_Model):
    """The daily deal of one game on one day: the first attempt is the one that counts."""

    rules: Annotated[str, Field(max_length=40)]
    day: Day
    number: DealNumber
    game_id: Annotated[str, Field(pattern=r"^[0-9a-f]{32}$")]
    result: Result | None = None  # None: started, its first deal not finished
    score: Score | None = None
    margin: Score | None = None


BucketKey = Annotated[str, Field(pattern=r"^[a-z-]{1,40}/[2-7]/[a-z0-9_-]{1,16}$")]


class StatsFile(SafeStrings, _Model):
    format: Literal["cardtable-stats"] = FORMAT
    version: Literal[1] = STATS_VERSION
    buckets: Annotated[dict[BucketKey, Bucket], Field(max_length=MAX_BUCKETS)] = {}
    recent: dict[Annotated[str, Field(max_length=40)],
                 Annotated[list[RecentDeal], Field(max_length=RECENT)]] = {}
    daily: Annotated[dict[Annotated[str, Field(max_length=60)], DailyEntry],
                     Field(max_length=MAX_DAILY)] = {}
    recorded: Annotated[list[Annotated[str, Field(max_length=60)]],
                        Field(max_length=MAX_RECORDED)] = []


def bucket_key(rules: str, players: int, level: str) -> str:
    return f"{rules}/{players}/{level}"


def split_key(key: str) -> tuple[str, int, str]:
    rules, players, level = key.split("/")
    return rules, int(players), level


def daily_key(rules: str, day: str) -> str:
    return f"{rules}/{day}"
