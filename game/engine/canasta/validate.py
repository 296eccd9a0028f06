"""Read-only checks that a canasta-family position or state could happen in play.

The engine trusts its own state: a deal dealt and played by the engine always satisfies these.
A save may hold a hand-made position (``session.position``, the keywords of
:func:`game.engine.canasta.position.build_position`), and an edited file can describe
anything; these
checks refuse what no game of these rules can reach, before the engine meets it (a list of the
wrong length is an IndexError deep in the engine; an impossible meld changes the scoring).

- :func:`position_problem`: the keywords themselves (lengths per seat and per side, seats in
  range, the game's options, fields the game does not use);
- :func:`state_problem`: a built state (every meld's shape under this game's rules, RULES.md
  CA-4..6, CS-5..7, LD-5..7; red threes; per-seat and per-side lengths; the phase).

Both return None, or one short English line naming the first problem.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.actions import format_key
from game.engine.canasta.canastone import PACKET_SIZE
from game.engine.canasta.deal import wild_or_three
from game.engine.canasta.game import CanastaFamilyGame
from game.engine.canasta.phase import ANSWER, DRAW, PLAY
from game.engine.canasta.ruleset import NATURAL_RANKS, RED_THREES
from game.engine.cards import JOKER, RANK, format_card
from game.engine.registry import get_game

if TYPE_CHECKING:
    from game.engine.canasta.melds import Meld
    from game.engine.canasta.state import CanastaState

_PER_SIDE = ("melds", "red_threes", "opened", "scores")
_PER_SEAT = ("hands", "downs", "took_last", "frozen_in_time")


def position_problem(rules: str, players: int, position: dict[str, Any]) -> str | None:
    """What makes these build_position keywords impossible for ``rules`` and ``players``."""
    game = get_game(rules)
    assert isinstance(game, CanastaFamilyGame)
    r = game.rules
    if players not in game.player_counts:
        return f"{rules} is not played by {players} players"
    sides = game.num_sides(players)
    for name in _PER_SEAT + _PER_SIDE:
        value = position.get(name)
        want = players if name in _PER_SEAT else sides
        if value is not None and len(value) != want:
            entries = "entry" if len(value) == 1 else "entries"
            return f"'{name}' lists {len(value)} {entries} for {want} " + \
                ("seats" if name in _PER_SEAT else "sides")
    unknown = sorted(set(position.get("options") or ()) - set(game.options))
    if unknown:
        return f"unknown option '{unknown[0][:20]}' for {rules}"
    for name in ("turn", "dealer"):
        seat = position.get(name)
        if seat is not None and not 0 <= seat < players:
            return f"'{name}' is seat {seat}, beyond the {players} seats"
    looking = r.deals_downs
    keeper = position.get("keeper", -1)
    if looking:
        if not -1 <= keeper < players:
            return f"the score keeper is seat {keeper}, beyond the {players} seats"
        if keeper >= 0 and keeper == position.get("dealer"):
            return "the score keeper never deals (LD-1)"
        if position.get("frozen"):
            return "Looking and Down has no frozen pile"
    else:
        if keeper != -1:
            return f"{rules} has no score keeper"
        if position.get("downs") is not None:
            return f"{rules} has no downs"
        if any(position.get("took_last") or ()) or any(position.get("frozen_in_time") or ()):
            return f"{rules} has no frozen-in-time turns"
    if position.get("packet") and not r.deals_packet:
        return f"{rules} has no packet"
    if position.get("phase", "draw") == "answer":
        return "a position cannot wait for a partner's answer"
    return None


def _going_out_now(st: CanastaState, side: int, m: Meld) -> bool:
    """CA-6 (decided): black threes on the table in a deal under way were melded this turn by
    the player to move, who can still go out with the rest of the hand (the engine's own
    test, so that a save of any position the engine reaches loads)."""
    seat = st.turn
    return (st.phase == PLAY and st.side[seat] == side and st._black_threes_pending(seat)
            and m is st.by_key[side].get(3) and st._out_within_turn(seat, (), (), None))


def _meld_problem(st: CanastaState, side: int, m: Meld) -> str | None:
    """Whether a meld on the table has a shape this game's rules allow (RULES.md CA-4..6,
    CS-5..7, LD-5..7), with every card where the meld's key says it is."""
    r = st.rules
    name = format_key(m.key)
    if m.key == 0:
        if not r.wild_meld:
            return f"a meld of wild cards ({name}): only Canastone has one (CS-6)"
        if any(c != JOKER and RANK[c] != 2 for c in m.cards):
            return "the wild meld holds a natural card"
        if len(m.cards) < 3:
            return "the wild meld has fewer than 3 cards"
        return None
    if m.key >= 16 and not r.melds_per_player:
        return f"meld {name}: only Looking and Down has several melds of one rank"
    if m.rank not in NATURAL_RANKS and m.rank != 3:
        return f"meld {name}: no melds of that rank"
    red3 = 0
    for c in m.cards:
        if c == JOKER or RANK[c] == 2:
            continue
        if c in RED_THREES and r.canasta_closed and m.rank != 3:
            red3 += 1
            continue
        if RANK[c] != m.rank or (m.rank == 3 and c in RED_THREES):
            return f"meld {name} holds a card of another rank"
    if m.rank == 3:
        if r.black_three_meld is None:
            return "black threes are never melded in this game"
        if not st.over and r.black_three_meld[0] < 7 and not _going_out_now(st, side, m):
            return "black threes are melded only in the turn of going out (CA-6)"
    if red3 and not (red3 == 1 and m.wild == 0 and m.nat == 7):
        return f"meld {name}: a red three belongs only on a natural canasta of seven (LD-6)"
    shape = (m.rank, m.nat, m.jok, m.two, 0)
    seat = next(s for s in range(st.players) if st.side[s] == side)
    problem = st._shape_problem(seat, shape, None, False, False)
    if problem is not None:
        return f"meld {name} is not a meld of this game ({getattr(problem, 'key', problem)})"
    return None


def _packet_problem(st: CanastaState) -> str | None:
    """CS-2, CS-3: an untaken packet lies under the starters (the bottom of the pile) and
    holds as many cards as the natural starter's rank says."""
    for c in st.pile[:3]:
        if not wild_or_three(c):
            want = PACKET_SIZE.get(RANK[c], RANK[c])
            if len(st.packet) != want:
                return (f"the packet holds {len(st.packet)} cards; under the starter "
                        f"{format_card(c)} it holds {want} (CS-3)")
            return None
    return "a packet lies under a pile without a natural starter (CS-2, CS-3)"


def state_problem(st: CanastaState) -> str | None:
    """What no play of this game can reach in the state ``st`` (None when it could be)."""
    n, sides = st.players, st.nsides
    for name, value, want in (("hands", st.hand, n), ("took_last", st.took_last, n),
                              ("frozen_in_time", st.frozen_time, n), ("melds", st.melds, sides),
                              ("red threes", st.red3, sides), ("opened", st.opened, sides)):
        if len(value) != want:
            return f"{len(value)} {name} lists for {want}"
    if st.down is not None:
        if len(st.down) != n:
            return f"{len(st.down)} downs for {n} seats"
        size = st.rules.hand_size
        for seat, down in enumerate(st.down):  # LD-2: dealt whole, picked up whole (LD-11)
            if down is not None and len(down) != size:
                return f"seat {seat}'s down holds {len(down)} cards, not {size} (LD-2)"
    if st.packet:
        problem = _packet_problem(st)
        if problem:
            return problem
    for side in range(sides):
        for c in st.red3[side]:
            if c not in RED_THREES:
                return "a card that is not a red three lies among the red threes"
        if st.red3[side] and not st.rules.red_threes_laid_out:
            return "red threes are not laid out in this game"
        keys = set()
        for m in st.melds[side]:
            if m.key in keys or st.by_key[side].get(m.key) is not m:
                return f"side {side} has meld {format_key(m.key)} twice"
            keys.add(m.key)
            if m.rank != m.key % 16:
                return f"meld {format_key(m.key)} is stored under another rank"
            problem = _meld_problem(st, side, m)
            if problem:
                return problem
        if st.melds[side] and not st.opened[side]:
            return f"side {side} has melds but has not opened"
    if not st.rules.wild_discard_freezes:
        if st.frozen:
            return "Looking and Down has no frozen pile"
    elif not st.frozen and any(c == JOKER or RANK[c] == 2 for c in st.pile):
        return "a wild card lies in the discard pile but the pile is not frozen (CA-10, CS-11)"
    if not st.over:
        if st.rules.red_threes_laid_out and any(h[c] for h in st.hand for c in RED_THREES):
            return "a red three is kept in a hand (laid out at once, CA-3)"
        if st.phase not in (DRAW, PLAY, ANSWER):
            return "the deal's phase is unknown"
        if not 0 <= st.current_player() < n:
            return "nobody is to move in a deal that is not over"
    return None


__all__ = ["position_problem", "state_problem"]
