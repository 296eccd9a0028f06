"""Why a computer player made its move (issue 14, "Beyond"): a record of the figures its
decision rested on, and the words a player reads about it.

- :class:`SearchReport` is what a search writes at the end of its choice (``report`` of
  ``CanastaSearch`` and ``CassinoSearch``): the candidate moves, each one's mean points and the
  number of sampled worlds it was played in, the mean difference of each against the chosen
  move over the worlds both were played in, the chosen index and how it was decided.
  :func:`search_report` builds one from the search's own lists of results.
- :class:`Explanation` is what a player keeps of its last ``choose`` (``last_explanation``):
  the chosen move, its heuristic's one-line reason, how the move was decided (``"heuristic"``,
  ``"playouts"``: Monte Carlo over sampled deals, ``"exact"``: the exact last-round solver,
  ``"splits"``: Cassino's four-player split solver, ``"round"``: Cassino's two-player middle
  game, the rest of the round solved exactly in each sampled deal), the number of sampled
  worlds and the alternatives weighed, each with its mean points against the chosen move.
- :func:`explanation_lines` tells an explanation in the current language for a viewer seat
  (``why.*`` in the catalogues). It never names a card the computer still held hidden when it
  chose: an alternative that would play one is worded without it ("another discard").

No pygame here: the table shows the lines, the tests read them.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

from game.engine.actions import Action
from game.engine.reasons import Reason
from game.i18n import card_text, cards_text, has, t, translate_reason

KINDS = ("heuristic", "playouts", "exact", "splits", "round")
# kinds told as a comparison over sampled deals, the heuristic's move first among the candidates
SAMPLED = ("playouts", "round")
MAX_ALTERNATIVES = 4  # lines of alternatives told; the rest are counted
# Below this many sampled worlds a figure's spread is itself unknown: the words say the figure
# is not sure rather than quote a margin (issue 30). From it on they quote the margin, two
# standard errors of the paired difference (about 95% sure).
FEW_WORLDS = 8


@dataclass(frozen=True)
class SearchReport:
    """A search's own figures for one decision. ``means[i]``: candidate i's mean points over
    the ``worlds[i]`` worlds it was played in; ``gains[i]``: its mean points minus the chosen
    candidate's over those same worlds (0 for the chosen one); ``errors[i]``: the standard error
    of that mean difference (inf over fewer than two worlds; empty: not known)."""

    candidates: tuple[Action, ...]
    means: tuple[float, ...]
    worlds: tuple[int, ...]
    gains: tuple[float, ...]
    chosen: int
    kind: str
    errors: tuple[float, ...] = ()


def search_report(cands: Sequence[Action], totals: Sequence[Sequence[float]], chosen: int,
                  kind: str) -> SearchReport:
    """The report of a search from its candidates and each one's results per world, in the
    order of the worlds (a candidate dropped early has the first worlds only; the chosen one
    was played in every world). A candidate never played has mean 0 over 0 worlds."""
    base = totals[chosen]
    means, worlds, gains, errors = [], [], [], []
    for xs in totals:
        n = min(len(xs), len(base))
        worlds.append(len(xs))
        means.append(sum(xs) / len(xs) if xs else 0.0)
        diffs = [xs[k] - base[k] for k in range(n)]
        gains.append(sum(diffs) / n if n else 0.0)
        errors.append(_standard_error(diffs))
    return SearchReport(tuple(cands), tuple(means), tuple(worlds), tuple(gains), chosen, kind,
                        tuple(errors))


def _standard_error(xs: list[float]) -> float:
    """The standard error of the mean of ``xs`` (inf for fewer than two)."""
    n = len(xs)
    if n < 2:
        return math.inf
    m = sum(xs) / n
    return math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1) / n)


@dataclass(frozen=True)
class Alternative:
    """A move weighed against the chosen one: its mean points minus the chosen move's
    (negative: worse) over the ``worlds`` sampled worlds it was played in; ``hidden``: it would
    play a card the computer held hidden (the words never name its cards); ``error``: the
    standard error of ``gain`` (inf: not known)."""

    action: Action
    gain: float
    worlds: int
    hidden: bool
    error: float = math.inf


@dataclass(frozen=True)
class Explanation:
    """Why a computer player made its move. ``first`` is its heuristic's own move (the one a
    search keeps unless another is clearly better); ``unit`` is what a point figure is per:
    ``"deal"`` in the canasta games, ``"game"`` in Cassino; ``forced``: the only legal move."""

    seat: int
    rules: str
    action: Action
    kind: str
    reason: Reason | None = None
    first: Action | None = None
    worlds: int = 0
    alternatives: tuple[Alternative, ...] = ()
    unit: str = "deal"
    forced: bool = False

    @property
    def changed(self) -> bool:
        """The search played another move than its heuristic's."""
        return self.first is not None and self.first != self.action


def _hidden(a: Action, hand: frozenset[int], chosen: Action) -> bool:
    """Whether ``a`` names a card from the hand that the chosen move does not show."""
    shown = set(chosen.cards())
    if a.verb == "capture" or a.verb == "build":
        played = a.groups[0] if a.groups else ()
        return any(c in hand and c not in shown for c in played) or a.verb == "build"
    return any(c in hand and c not in shown for c in a.cards())


def heuristic_explanation(decision, action: Action, reason: Reason | None) -> Explanation:
    """A move made by the heuristic alone (Easy, Normal; Hard where it does not search)."""
    return Explanation(decision.seat, decision.rules, action, "heuristic", reason,
                       first=action, unit=_unit(decision.game),
                       forced=len(decision.legal) == 1)


def searched_explanation(decision, report: SearchReport, reason: Reason | None,
                         first: Action | None = None) -> Explanation:
    """A move decided by a search, with the search's own figures: every candidate but the
    chosen one is an alternative, its gain and worlds as in ``report``."""
    chosen = report.candidates[report.chosen]
    hand = frozenset(getattr(decision.view, "hand", ()) or ())
    errors = report.errors or (math.inf,) * len(report.candidates)
    alts = tuple(
        Alternative(a, report.gains[i], report.worlds[i], _hidden(a, hand, chosen), errors[i])
        for i, a in enumerate(report.candidates) if i != report.chosen)
    if first is None:
        first = report.candidates[0] if report.kind in SAMPLED else chosen
    return Explanation(decision.seat, decision.rules, chosen, report.kind, reason,
                       first=first, worlds=report.worlds[report.chosen], alternatives=alts,
                       unit=_unit(decision.game))


def _unit(game) -> str:
    return str(game.info.deal_word)


# ---- what a viewer may read -----------------------------------------------------------------
def unseen_move(seat: int, verb: str, index: int) -> Action:
    """Alternative ``index`` as :func:`seen_by` leaves it for a viewer it is hidden from: its
    verb alone (no cards, no target; the target only tells such moves apart)."""
    return Action(seat, verb, (), -2 - index)


def seen_by(e: Explanation, viewer: int) -> Explanation:
    """The explanation as ``viewer`` (a seat, or -1: nobody's) may read it, the one redaction
    the words and the network table use. To the computer's own seat nothing is hidden
    (``hidden`` is cleared). To anyone else an alternative that would play a card the computer
    held hidden keeps its verb alone (:func:`unseen_move`), and so does the heuristic's own
    move when it is that alternative; the heuristic's reason is kept only for the move made
    (about any other it is never told)."""
    if viewer == e.seat:
        return replace(e, alternatives=tuple(replace(a, hidden=False) for a in e.alternatives))
    first = e.first
    alts = []
    for i, alt in enumerate(e.alternatives):
        if alt.hidden:
            blank = unseen_move(alt.action.seat, alt.action.verb, i)
            if alt.action == e.first:
                first = blank
            alt = replace(alt, action=blank)
        alts.append(alt)
    reason = e.reason if e.first == e.action else None
    return replace(e, first=first, alternatives=tuple(alts), reason=reason)


# ---- words -----------------------------------------------------------------------------------
# verbs whose phrase names the move's cards (or a build's value) when they are not hidden
NAMING = ("discard", "meld", "add", "trail", "capture", "build")


def points(x: float) -> str:
    """A point figure as a player reads it ("140 points", "1 point", "0.4 points"): whole
    points from 10 up, else one decimal."""
    x = abs(x)
    n = str(round(x)) if x >= 10 or abs(x - round(x)) < 0.05 else f"{x:.1f}"
    return t("why.point_one") if n == "1" else t("why.points", n=n)


def move_phrase(a: Action, chosen: Action | None = None, hidden: bool = False) -> str:
    """The move as a short phrase ("taking the pile", "discarding 7♥", "another discard").
    ``hidden``: the move would play a card hidden from the viewer: no card is named."""
    v = a.verb
    same = chosen is not None and chosen.verb == v
    if v in ("draw", "take", "yes", "no", "ask"):
        return t(f"why.act.{v}")
    if v in NAMING:
        if hidden:
            return t(f"why.act.{v}_other" if same else f"why.act.{v}_instead")
        if v == "capture":
            return t("why.act.capture", card=card_text(a.groups[0][0]),
                     cards=cards_text([c for g in a.groups[1:] for c in g]))
        if v == "build":
            return t("why.act.build", value=a.target)
        return t(f"why.act.{v}", cards=cards_text(a.cards()))
    return t("why.act.other")


def reason_text(r: Reason) -> str:
    """The heuristic's reason, told of the computer (``why.r.*``), else as a hint is told."""
    key = f"why.r.{r.key}"
    if has(key):
        try:
            return t(key, **r.params)
        except (KeyError, IndexError):
            pass
    return translate_reason(r)


def explanation_lines(e: Explanation | None, viewer: int = -1) -> list[str]:
    """The explanation in a few lines of the current language, for ``viewer`` (a seat, or -1:
    nobody's). Cards of alternatives the computer held hidden are named only to its own seat.
    None (a human's move, a move from a loaded save): the one line that says so."""
    if e is None:
        return [t("why.none")]
    e = seen_by(e, viewer)  # from here ``hidden``: hidden from the viewer
    unit = t(f"why.unit.{e.unit}")
    chosen = move_phrase(e.action)

    def phrase(alt: Alternative) -> str:
        return move_phrase(alt.action, e.action, alt.hidden)

    lines: list[str] = []
    told_first = ""  # the alternative told in the first line, as worded there
    if e.forced:
        return [t("why.forced")]
    alts = sorted(e.alternatives, key=lambda x: -x.gain)
    if e.kind == "heuristic":
        lines.append(t("why.heuristic"))
    elif not alts or not e.worlds:
        lines.append(t("why.no_time"))
        alts = []
    elif e.kind == "exact":
        best = alts.pop(0)  # told in the first line
        if best.gain >= 0:
            lines.append(t("why.exact_equal", chosen=chosen, other=phrase(best)))
        else:
            lines.append(t("why.exact", chosen=chosen, other=phrase(best),
                           points=points(best.gain)))
    elif e.kind == "splits":
        lines.append(t("why.splits", count=e.worlds))
    elif e.changed:
        first = next((x for x in alts if x.action == e.first), alts[0])
        alts.remove(first)  # told in the first line
        told_first = phrase(first)
        lines.append(how_sure(t("why.changed", chosen=chosen, other=told_first,
                                points=points(first.gain), unit=unit, worlds=e.worlds),
                              first))
    else:
        lines.append(t("why.kept", count=len(alts), worlds=e.worlds))
    if e.kind == "round" and alts:
        lines.append(t("why.round"))
    if e.reason is not None and e.action == e.first and e.kind in ("heuristic", *SAMPLED):
        lines.append(t("why.reason", reason=reason_text(e.reason)))
    if e.kind != "heuristic":
        # Alternatives worded alike (several hidden discards) are told once, the best of them.
        told: dict[str, Alternative] = {}
        for alt in alts:
            what = phrase(alt)
            if what == told_first and alt.hidden and alt.action.verb in NAMING:
                # worded like the first line's move without its cards: "another meld"
                what = t(f"why.act.{alt.action.verb}_other")
            told.setdefault(what, alt)
        shown = list(told.items())[:MAX_ALTERNATIVES]
        for what, alt in shown:
            lines.append(_alternative_line(e, alt, what, unit))
        if len(alts) > len(shown):
            lines.append(t("why.more", count=len(alts) - len(shown)))
    return [x[:1].upper() + x[1:] for x in lines]


def how_sure(line: str, alt: Alternative) -> str:
    """A sampled figure's line with how sure it is: the margin (two standard errors) from
    :data:`FEW_WORLDS` worlds on, else that the worlds are too few to be sure."""
    if alt.worlds < FEW_WORLDS or not math.isfinite(alt.error):
        return t("why.unsure", line=line)
    return t("why.sure", line=line, margin=points(2.0 * alt.error))


def _alternative_line(e: Explanation, alt: Alternative, what: str, unit: str) -> str:
    exact = e.kind == "exact"
    if exact:
        if abs(alt.gain) < 0.05:
            return t("why.alt_equal_exact", move=what)
        key = "why.alt_better_exact" if alt.gain > 0 else "why.alt_worse_exact"
        return t(key, move=what, points=points(alt.gain))
    if abs(alt.gain) < 0.05 and alt.error == 0.0 and e.kind != "splits":
        # every sampled deal came out alike (the move changes nothing the playouts reach):
        # no margin to give
        return t("why.alt_same", move=what, worlds=alt.worlds)
    if abs(alt.gain) < 0.05:
        return how_sure(t("why.alt_equal", move=what, worlds=alt.worlds), alt)
    key = "why.alt_better" if alt.gain > 0 else "why.alt_worse"
    if e.kind == "splits":
        key += "_splits"
    return how_sure(t(key, move=what, points=points(alt.gain), unit=unit, worlds=alt.worlds),
                    alt)
