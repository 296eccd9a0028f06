"""What a finished deal adds to the statistics (a game.listeners.DEAL_SCORED listener).

Every number comes from the engine's public surface: the deal's scores and breakdown
(``deal_scores()``, ``breakdown()``), its replay state (``summary()``: melds with their
``canasta`` and ``natural`` flags, red threes, who went out), and the match's end and winner.
No rule is worked out again here.

Not counted: practice positions (hand-made deals), games without a human seat, a deal already
counted (a save loaded again and played to the same end), and a daily deal played again after
its first attempt (docs/stats.md).
"""

from __future__ import annotations

import logging
from datetime import date

from game import listeners
from game.stats import store
from game.stats.families import counts_of
from game.stats.model import (
    MAX_DAILY,
    MAX_RECORDED,
    RECENT,
    Bucket,
    DailyEntry,
    RecentDeal,
    Result,
    StatsFile,
    bucket_key,
    daily_key,
)

log = logging.getLogger(__name__)


def game_id(session) -> str:
    """The game's identity, the one its saves carry (a loaded game keeps its file's)."""
    from game.saves.files import meta_of

    return meta_of(session).game_id


def level_of(session) -> str:
    levels = {s.level for s in session.seats if s.kind == "computer"}
    if not levels:
        return "none"
    return levels.pop() if len(levels) == 1 else "mixed"


def your_side(session) -> int | None:
    humans = [i for i, s in enumerate(session.seats) if s.kind == "human"]
    return session.game.side_of(humans[0], session.players) if humans else None


def outcome(yours: int, others: list[int]) -> Result:
    best = max(others)
    return "won" if yours > best else "drawn" if yours == best else "lost"


def record_deal(session, path=None) -> bool:
    """Count the session's deal that was just scored; whether it was counted. Never raises
    for a disk problem (logged): the game goes on."""
    side = your_side(session)
    if side is None or session.position is not None or not session.scored:
        return False
    gid = game_id(session)
    key = f"{gid}:{session.match.deals_played}"
    counted: list[bool] = []
    # A daily game is known by its number; without one (never written so: a save refuses it)
    # its deals count as any other game's and the player is told.
    daily = session.daily is not None and session.number is not None
    if session.daily is not None and not daily:
        log.warning("a daily game without a deal number: counted as an ordinary game")
        listeners.notify("stats.daily_not_counted")

    def change(stats: StatsFile) -> bool:
        if key in stats.recorded:
            return False
        if daily and not _daily_counts(stats, session, gid, side):
            return False
        _add_deal(stats, session, side)
        stats.recorded = (stats.recorded + [key])[-MAX_RECORDED:]
        counted.append(True)
        return True

    try:
        store.update(change, path)
    except Exception:  # a disk or a file problem: the game goes on, and the player is told
        log.exception("the statistics could not be written")
        listeners.notify("stats.not_counted")
        return False
    return bool(counted)


def _daily_counts(stats: StatsFile, session, gid: str, side: int) -> bool:
    """Whether a daily game's deal counts: only in the day's first attempt. Its first deal is
    the day's result."""
    dkey = daily_key(session.rules, session.daily)
    entry = stats.daily.get(dkey)
    if entry is None:  # started before the statistics knew of it (a reset): it is the first
        entry = _daily_entry(session, gid)
        stats.daily[dkey] = entry
        _trim_daily(stats)
    if entry.game_id != gid:
        return False
    if entry.result is None and session.match.deals_played == 1:
        scores = session.match.deal_history[-1]
        others = [s for i, s in enumerate(scores) if i != side]
        entry.result = outcome(scores[side], others)
        entry.score = scores[side]
        entry.margin = scores[side] - max(others)
    return True


def _daily_entry(session, gid: str) -> DailyEntry:
    return DailyEntry(rules=session.rules, day=session.daily, number=session.number,
                      game_id=gid)


def _trim_daily(stats: StatsFile) -> None:
    if len(stats.daily) > MAX_DAILY:
        for k in sorted(stats.daily, key=lambda k: stats.daily[k].day)[: len(stats.daily)
                                                                        - MAX_DAILY]:
            del stats.daily[k]


def _add_deal(stats: StatsFile, session, side: int) -> None:
    m = session.match
    state = session.state
    level = level_of(session)
    k = bucket_key(session.rules, session.players, level)
    bucket = stats.buckets.get(k) or Bucket()
    scores = m.deal_history[-1]
    others = [s for i, s in enumerate(scores) if i != side]
    result = outcome(scores[side], others)
    if session.took_back:
        if m.over:
            bucket.take_backs.add(_game_result(m.winner, side))
        stats.buckets[k] = bucket
        return
    bucket.deals.add(result)
    bucket.score_total += scores[side]
    if bucket.best_score is None or scores[side] > bucket.best_score:
        bucket.best_score = scores[side]
    counts_of(session.rules).add(bucket, state, side)
    if m.over:
        game_result = _game_result(m.winner, side)
        bucket.games.add(game_result)
        if game_result == "won":
            bucket.streak = max(bucket.streak, 0) + 1
            bucket.best_streak = max(bucket.best_streak, bucket.streak)
        elif game_result == "lost":
            bucket.streak = min(bucket.streak, 0) - 1
            bucket.worst_streak = max(bucket.worst_streak, -bucket.streak)
        else:
            bucket.streak = 0
    stats.buckets[k] = bucket
    recent = stats.recent.get(session.rules, [])
    recent.append(RecentDeal(players=session.players, level=level, score=scores[side],
                             margin=scores[side] - max(others), result=result))
    stats.recent[session.rules] = recent[-RECENT:]


def _game_result(winner: int | None, side: int) -> Result:
    return "drawn" if winner is None else "won" if winner == side else "lost"


# ---- the daily deal ---------------------------------------------------------------------------

def today() -> date:
    """The player's calendar day (local time: "today" is the day on the player's clock)."""
    return date.today()


def daily_entry(rules: str, day: date, path=None) -> DailyEntry | None:
    return store.read(path).stats.daily.get(daily_key(rules, day.isoformat()))


def begin_daily(session, path=None) -> bool:
    """Note that the player started ``session``, a daily deal: the first attempt of the day is
    the one that counts. Whether this attempt counts (False: a replay, not counted)."""
    gid = game_id(session)
    dkey = daily_key(session.rules, session.daily)

    def change(stats: StatsFile) -> bool:
        if dkey in stats.daily:
            return False
        stats.daily[dkey] = _daily_entry(session, gid)
        _trim_daily(stats)
        return True

    try:
        stats = store.update(change, path)
    except (OSError, ValueError):
        log.exception("the statistics could not be written")
        return False
    return stats.daily[dkey].game_id == gid


