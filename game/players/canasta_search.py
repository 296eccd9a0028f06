"""Canasta-family search for the Hard level: determinized Monte Carlo at the decisions that
matter most (take the pile or draw; in Canasta and Quick Canasta also which card to discard).

- :func:`sample_world` builds a full state consistent with the seat's observation: the cards
  others are known to hold stay with them, every other unseen card (other hands, the stock, the
  Canastone packet, the Looking and Down downs, this seat's own down included) is dealt at
  random with the right counts.
- :class:`CanastaSearch` plays each of the heuristic's best candidates in the same sampled worlds
  (common random numbers), every seat then played by Hard's heuristic (``HARD_PARAMS``) from its
  own view, for one round (scored by the points each side has on the table minus what it holds
  in hand) or, per game (:attr:`CanastaSearch.PLAN`), to the end of the deal (scored by the
  deal's score). Candidates clearly behind are dropped after each batch; the heuristic's move is
  kept unless another is clearly better. A hard deadline bounds it; without time the
  heuristic's move stands.
"""

from __future__ import annotations

import math
import time
from collections import Counter

from game.canasta.phase import ASK_NO, ASK_WAITING, ASK_YES, DRAW, PLAY
from game.canasta.position import build_position
from game.canasta.ruleset import RED_THREES
from game.cards import format_cards, parse_card
from game.players.base import Decision
from game.players.canasta_view import CODE, CanastaView, is_wild
from game.players.heuristic_canasta import PARAMS, CanastaContext, CanastaHeuristic, CanastaParams


class OutOfTime(Exception):
    pass


def sample_world(decision: Decision, rng):
    """A CanastaState consistent with the observation (None when it cannot be built)."""
    obs = decision.observation
    v = CanastaView(decision)
    rules = v.rules
    n = v.players
    seat = v.seat
    deck = rules.deck_codes_for(n)
    left = Counter(deck)
    left.subtract(v.hand)
    left.subtract(v.pile)
    meld_tables = []
    for side_melds in obs["melds"]:
        table = {}
        for m in side_melds:
            cards = [CODE[c] for c in m["cards"]]
            left.subtract(cards)
            table[m["key"]] = " ".join(m["cards"])
        meld_tables.append(table)
    red = []
    for count in obs["red_threes"]:
        mine = []
        for _ in range(count):
            c = 15 if left[15] > 0 else 28
            left[c] -= 1
            mine.append(c)
        red.append(format_cards(mine))
    known = []
    for s in range(n):
        ks = []
        if s != seat:
            for c in v.known[s]:
                if left[c] > 0 and len(ks) < v.hand_counts[s]:
                    left[c] -= 1
                    ks.append(c)
        known.append(ks)
    pool = [c for c, k in left.items() for _ in range(max(0, k))]
    pool.sort()
    rng.shuffle(pool)
    pos = 0

    def deal(k: int) -> list[int]:
        nonlocal pos
        part = pool[pos:pos + k]
        pos += k
        return part

    hands = []
    for s in range(n):
        if s == seat:
            hands.append(list(v.hand))
        else:
            hands.append(known[s] + deal(max(0, v.hand_counts[s] - len(known[s]))))
    downs = None
    if v.ld:
        downs = []
        for s in range(n):
            size = obs["downs"][s]
            downs.append(None if size is None else format_cards(deal(size)))
    packet = deal(v.packet)
    stock = pool[pos:]
    if len(stock) != v.stock:
        return None  # inconsistent counts (should not happen)
    try:
        st = build_position(
            v.name, n,
            hands=[format_cards(h) for h in hands],
            pile=format_cards(v.pile),
            stock=format_cards(stock) if stock else None,
            melds=meld_tables,
            red_threes=red,
            opened=list(obs["opened"]),
            turn=obs["turn"],
            phase=obs["phase"] if obs["phase"] in ("draw", "play", "answer") else "draw",
            scores=list(obs.get("scores_before") or [0] * v.nsides),
            frozen=obs["frozen"],
            downs=downs,
            packet=format_cards(packet),
            dealer=obs["dealer"],
            keeper=obs.get("keeper", -1) if obs.get("keeper") is not None else -1,
            options=decision.options,
            frozen_in_time=obs.get("frozen_in_time"),
        )
    except Exception:  # noqa: BLE001 - a world we cannot build is simply skipped
        return None
    st.known = [list(k) for k in v.known]  # what the observation says (simulated players)
    st.discarded = [[parse_card(c) for c in d] for d in obs.get("discarded") or [[]] * n]
    if obs.get("took_pile_last_turn") is not None:
        st.took_last = list(obs["took_pile_last_turn"])
    if obs.get("frozen_in_time") is not None:
        st.frozen_time = list(obs["frozen_in_time"])
    if st.over:
        # _start_turn ended the deal (CS-14, CA-14 at the start of a turn) although this turn
        # is already under way: undo, the rest of the turn is still to play
        from game.canasta.position import PHASE_BY_NAME

        st.over = False
        st.end_reason = ""
        st._scores = st._parts = None
        st.turn = obs["turn"]
        st.phase = PHASE_BY_NAME.get(obs["phase"], PLAY)
        st.drew = st.phase != DRAW
    if st.phase == PLAY and decision.seat == obs["turn"]:
        # what the observation does not say about this turn, the legal list does
        if not any(a.verb == "ask" for a in decision.legal):
            st.asked = True
    if obs.get("asked") is not None:
        st.ask_partner = obs["asked"]
        st.ask = {"yes": ASK_YES, "no": ASK_NO}.get(obs.get("answer"), ASK_WAITING)
        st.asked = True
    return st


def evaluate(st, side: int) -> float:
    """Our side's points minus the best other side's: the deal's score when it is over, else
    table points (melds, canasta bonuses, red threes) minus hand points."""
    scores = st.deal_scores() if st.is_over() else None
    if scores is None:
        scores = _estimate(st)
    others = [s for i, s in enumerate(scores) if i != side]
    return scores[side] - (sum(others) / len(others))


def _estimate(st) -> list[float]:
    rules = st.rules
    pts = rules.points
    out = []
    for side in range(st.nsides):
        value = 0.0
        clean = dirty = 0
        for m in st.melds[side]:
            value += sum(pts[c] for c in m.cards)
            if m.rank != 3 and len(m.cards) >= 7:
                value += rules.canasta_bonus(m)
                if m.jok + m.two:
                    dirty += 1
                else:
                    clean += 1
        count = len(st.red3[side])
        if count:
            value += rules.red_three_score(count, st.opened[side], clean, dirty)
        out.append(value)
    for s in range(st.players):
        hand = sum(pts[c] if c not in RED_THREES else (500 if st.down is not None else 0)
                   for c in st.hand_cards(s))
        if st.down is not None and st.down[s] is not None:
            hand += sum(pts[c] for c in st.down[s]) + 100
        out[st.side[s]] -= 0.6 * hand
    return out


class CanastaSearch:
    """The Hard level's canasta-family move."""

    def __init__(self, rng, params: dict[str, CanastaParams] | None = None,
                 rounds: int = 1, batch: int = 4) -> None:
        self.rng = rng
        self.params = params or PARAMS
        self.heuristic = CanastaHeuristic(0, params=self.params)
        self.policy = CanastaHeuristic(0, params=self.params)
        self.rounds = rounds
        self.batch = batch
        self.stats: dict = {}

    @staticmethod
    def search_takes(decision: Decision) -> bool:
        return True

    # What is searched per game: (take or draw, discards, playout rounds; None = to the end of
    # the deal). Looking and Down and Canastone search only take-or-draw (one to three such
    # decisions a deal), each candidate played to the end of the deal. In Looking and Down
    # one-round playouts scored by table minus hand points misjudge the game (a big pile fills
    # the hand, the down is far away) and lost points; in Canastone the discard search gained
    # nothing measurable at 95% of Hard's thinking time (docs/ai.md).
    PLAN: dict[str, tuple[bool, bool, int | None]] = {
        "looking-and-down": (True, False, None),
        "canastone": (True, False, None),
    }
    DEFAULT_PLAN = (True, True, 1)

    def plan(self, rules: str) -> tuple[bool, bool, int | None]:
        takes, discards, rounds = self.PLAN.get(rules, self.DEFAULT_PLAN)
        return takes, discards, (self.rounds if rounds == 1 else rounds)

    def candidates(self, decision: Decision) -> list:
        """The heuristic's move first, then the alternatives worth a search (or [] when the
        decision is not one we search)."""
        legal = decision.legal
        obs = decision.observation
        if decision.seat != obs["to_move"] or len(legal) < 2:
            return []
        verbs = {a.verb for a in legal}
        search_takes, search_discards, _ = self.plan(decision.rules)
        base = self.heuristic.choose(decision)
        if "take" in verbs and "draw" in verbs and base.verb in ("take", "draw") and \
                search_takes and self.search_takes(decision):
            draw = next(a for a in legal if a.verb == "draw")
            takes = [a for a in legal if a.verb == "take"]
            v = CanastaView(decision)
            p = self.params.get(v.name, CanastaParams())
            risk = self.heuristic.end_risk(v)
            best_take = max(takes, key=lambda a: self.heuristic._take_value(v, p, a, risk))
            return [base, best_take if base.verb == "draw" else draw]
        if base.verb == "discard" and search_discards:
            v = CanastaView(decision)
            p = self.params.get(v.name, CanastaParams())
            risk = self.heuristic.end_risk(v)
            ctx = CanastaContext()
            scored = sorted(
                ((self.heuristic.discard_cost(v, p, a.groups[0][0], risk, ctx), i, a)
                 for i, a in enumerate(legal) if a.verb == "discard"),
                key=lambda t: (t[0], t[1]))
            out = [base]
            best_cost = scored[0][0]
            for cost, _, a in scored:
                if a != base and cost <= best_cost + 60.0 and len(out) < 3:
                    if is_wild(a.groups[0][0]) and not is_wild(base.groups[0][0]):
                        continue
                    out.append(a)
            return out if len(out) > 1 else []
        return []

    def choose(self, decision: Decision, budget_s: float):
        start = time.perf_counter()
        deadline = start + budget_s
        cands = self.candidates(decision)
        if not cands:
            return self.heuristic.choose(decision)
        if time.perf_counter() > deadline:
            return cands[0]
        side = CanastaView(decision).side
        rounds = self.plan(decision.rules)[2]
        totals: list[list[float]] = [[] for _ in cands]
        alive = list(range(len(cands)))
        tries = 0
        while time.perf_counter() < deadline and tries < 400:
            for _ in range(self.batch):
                tries += 1
                world = sample_world(decision, self.rng)
                if world is None:
                    continue
                results = {}
                try:
                    for i in alive:
                        st = world.clone()
                        st.apply(cands[i], validate=False)
                        self._rollout(st, decision, deadline, rounds)
                        results[i] = evaluate(st, side)
                except OutOfTime:
                    break
                except Exception:  # noqa: BLE001 - a world the engine refuses is skipped
                    continue
                for i, val in results.items():
                    totals[i].append(val)
                if time.perf_counter() > deadline:
                    break
            n = min((len(totals[i]) for i in alive), default=0)
            if n >= 4 and len(alive) > 1:
                means = {i: sum(totals[i][:n]) / n for i in alive}
                lead = max(alive, key=lambda i: means[i])
                keep = []
                for i in alive:
                    if i == lead or i == 0:
                        keep.append(i)
                        continue
                    m, se = _mean_se([totals[lead][k] - totals[i][k] for k in range(n)])
                    if m - 2.5 * se <= 0:
                        keep.append(i)
                alive = keep
                if len(alive) == 1:
                    break
        n = len(totals[0])
        self.stats = {"worlds": n, "candidates": len(cands)}
        best, best_gain = 0, 0.0
        for i in alive:
            if i == 0 or len(totals[i]) < n or n < 6:
                continue
            m, se = _mean_se([totals[i][k] - totals[0][k] for k in range(n)])
            if m - 2.0 * se > 0 and m > max(best_gain, 15.0):
                best, best_gain = i, m
        return cands[best]

    def _rollout(self, st, decision: Decision, deadline: float, rounds: int | None = 1) -> None:
        rules = decision.rules
        n = st.players
        limit = st.turn_no + rounds * n if rounds is not None else 10**9
        max_steps = 400 if rounds is not None else 4000
        totals = list(decision.totals) or [0] * st.nsides
        policy = self.policy
        clock = time.perf_counter
        steps = 0
        while not st.is_over() and st.turn_no < limit:
            steps += 1
            if steps > max_steps:
                break
            if clock() > deadline:
                raise OutOfTime
            seat = st.current_player()
            legal = st.legal_actions(seat)
            if not legal:
                break
            if len(legal) == 1:
                a = legal[0]
            else:
                d = Decision(rules, n, seat, st.observation(seat), legal, totals,
                             decision.options, decision.deadline_ms)
                a = policy.choose(d)
            st.apply(a, validate=False)


def _mean_se(xs: list[float]) -> tuple[float, float]:
    n = len(xs)
    m = sum(xs) / n
    if n < 2:
        return m, math.inf
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return m, math.sqrt(var / n)

