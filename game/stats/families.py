"""What the statistics count of each family of games beyond points and results, and how
those counts read: the statistics' one table (GameInfo.family). A new family adds its counts
here (and their fields in game.stats.model.Bucket)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.engine.registry import game_info
from game.stats.model import Bucket


@dataclass(frozen=True)
class FamilyCounts:
    """``add(bucket, state, side)``: a finished deal's counts for ``side``, from the engine's
    public breakdown and summary; ``rows(bucket, t)``: (label, value) lines for the Statistics
    screen, words from ``t``; ``summary(bucket)``: the same in English for ``stats``."""

    add: Callable[[Bucket, Any, int], None]
    rows: Callable[[Bucket, Callable[..., str]], list[tuple[str, str]]]
    summary: Callable[[Bucket], str]


def _canasta_add(bucket: Bucket, state: Any, side: int) -> None:
    public = state.summary()
    for meld in public["melds"][side]:
        if not meld["canasta"]:
            continue
        if meld["rank"] == "W":
            bucket.canastas_special += 1
        elif meld["natural"]:
            bucket.canastas_natural += 1
        else:
            bucket.canastas_mixed += 1
    bucket.red_threes += public["red_threes"][side]
    out = public.get("went_out")
    if out is not None and state.game.side_of(out, state.players) == side:
        bucket.went_out += 1


def _canasta_rows(b: Bucket, t: Callable[..., str]) -> list[tuple[str, str]]:
    return [(t("stats.canastas"), f"{b.canastas_natural} / {b.canastas_mixed}"
                                  f" / {b.canastas_special}"),
            (t("stats.went_out"), str(b.went_out)),
            (t("stats.red_threes"), str(b.red_threes))]


def _canasta_summary(b: Bucket) -> str:
    return (f"canastas {b.canastas_natural} natural, {b.canastas_mixed} mixed, "
            f"{b.canastas_special} special; went out {b.went_out}; red threes {b.red_threes}")


def _cassino_add(bucket: Bucket, state: Any, side: int) -> None:
    parts = state.breakdown()[side]
    bucket.sweeps += parts.get("sweeps", 0)
    bucket.cards_majorities += parts.get("cards", 0) > 0
    bucket.spades_majorities += parts.get("spades", 0) > 0


def _cassino_rows(b: Bucket, t: Callable[..., str]) -> list[tuple[str, str]]:
    return [(t("stats.sweeps"), str(b.sweeps)),
            (t("stats.majorities"), f"{b.cards_majorities} / {b.spades_majorities}")]


def _cassino_summary(b: Bucket) -> str:
    return (f"sweeps {b.sweeps}, cards majorities {b.cards_majorities}, "
            f"spades majorities {b.spades_majorities}")


FAMILIES: dict[str, FamilyCounts] = {
    "canasta": FamilyCounts(_canasta_add, _canasta_rows, _canasta_summary),
    "cassino": FamilyCounts(_cassino_add, _cassino_rows, _cassino_summary),
}


def counts_of(rules: str) -> FamilyCounts:
    """The family counts of the game ``rules``."""
    return FAMILIES[game_info(rules).family]
