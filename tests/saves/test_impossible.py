"""Impossible games behind a valid checksum: a real save of every game and player count, edited
in each way below with the checksum recomputed, must be refused with a short reason and left
untouched (docs/saves.md, "Reading"). The edits come from issue 10: per-side and per-seat lists
of the wrong length, melds no rule allows (RULES.md CA-4..6, CS-5..7, LD-5..7), red threes
that are not red threes, seats that do not exist, unknown options, impossible sweeps (CN-9),
scores that do not add up, a winner before the end (G-6), a wrong next dealer (G-7, LD-2),
totals past the target in the middle of a game (CA-16, CS-17, LD-15, CN-11).

The other half of the contract: saves taken from random play at many points all load
(no false refusals), as positions too."""

from __future__ import annotations

import copy
import functools
import json
import random
from collections import Counter

import pytest

from game import saves
from game.engine.cards import format_card, parse_cards
from game.engine.registry import GAME_NAMES, get_game
from game.saves.files import build_document, load_document
from game.saves.model import checksum_of
from game.session import GameSession, SeatConfig

from .helpers import fingerprint, finish_deal, new_session, position_of, step, sync_summary

CONFIGS = [(r, n) for r in GAME_NAMES for n in get_game(r).player_counts]
IDS = [f"{r}-{n}" for r, n in CONFIGS]
TARGET = {"canasta": 5000, "quick-canasta": 5000, "canastone": 12000,
          "looking-and-down": 10000, "cassino": 21}


def _live(s: GameSession) -> bool:
    from game.engine.canasta.phase import ANSWER

    return not s.state.is_over() and getattr(s.state, "phase", 0) != ANSWER


@functools.cache
def base_documents(rules: str, n: int) -> dict[str, dict]:
    """"over": the first deal just scored; "mid": a few moves into the second deal;
    "pos": the same moment as a hand-made position."""
    s = new_session(rules, n, seed=11, human=True)
    finish_deal(s)
    docs = {"over": build_document(s)}
    if not s.game_over:
        s.start_deal()
    for _ in range(200):
        if len(s.history) >= 12 and _live(s):
            break
        step(s)
    assert _live(s)
    docs["mid"] = build_document(s)
    seats = [SeatConfig("human", name="Ann")] + [SeatConfig("computer") for _ in range(n - 1)]
    p = GameSession.from_position(rules, n, position_of(s), seats=seats, seed=3)
    docs["pos"] = build_document(p)
    return docs


# ---- the edits: (doc, rules, players) -> True when applied -----------------------------------

def _canasta(f):
    @functools.wraps(f)
    def g(doc, rules, n):
        return rules != "cassino" and f(doc["session"]["position"], rules, n, doc)
    return g


def _cassino(f):
    @functools.wraps(f)
    def g(doc, rules, n):
        return rules == "cassino" and f(doc["session"]["position"], rules, n, doc)
    return g


def _free(pos: dict, rules: str, n: int, cards: str) -> bool:
    """Make ``cards`` unplaced in a canasta position, taking them from hands if need be."""
    game = get_game(rules)
    placed = Counter()
    for h in pos["hands"]:
        placed.update(parse_cards(h))
    for text in [pos["pile"], pos["packet"], *pos["red_threes"],
                 *[c for t in pos["melds"] for c in t.values()],
                 *[d for d in pos.get("downs") or [] if d]]:
        placed.update(parse_cards(text))
    have = Counter(game.deck_for(n, frozenset(pos["options"]))) - placed
    for c in parse_cards(cards):
        if have[c] > 0:
            have[c] -= 1
            continue
        for seat in sorted(range(n), key=lambda x: -len(pos["hands"][x])):
            hand = parse_cards(pos["hands"][seat])
            if c in hand and (seat != pos["turn"] or len(hand) > 2):
                hand.remove(c)
                pos["hands"][seat] = " ".join(format_card(x) for x in hand)
                break
        else:
            return False
    return True


def _free_rank(pos: dict) -> str:
    used = set(pos["melds"][0])
    return next(k for k in ("K", "Q", "J", "10", "9", "8", "6", "5", "4") if k not in used)


def _set_meld(pos, rules, n, key, cards) -> bool:
    pos["melds"][0].pop(key, None)
    if not _free(pos, rules, n, cards):
        return False
    pos["melds"][0][key] = cards
    pos["opened"][0] = True
    return True


@_canasta
def opened_one_entry(pos, rules, n, doc):
    pos["opened"] = [True]
    return True


@_canasta
def opened_five_entries(pos, rules, n, doc):
    pos["opened"] = [True] * (len(pos["opened"]) + 3)  # 5 for 2 sides
    return True


@_canasta
def red_threes_of_a_side_too_many(pos, rules, n, doc):
    pos["red_threes"] = pos["red_threes"] + [""]
    return True


@_canasta
def took_last_for_a_seat_too_many(pos, rules, n, doc):
    pos["took_last"] = [False] * (n + 1)
    return True


@_canasta
def frozen_in_time_for_a_seat_too_many(pos, rules, n, doc):
    pos["frozen_in_time"] = [False] * (n + 1)
    return True


@_canasta
def melds_of_a_side_too_many(pos, rules, n, doc):
    pos["melds"] = pos["melds"] + [{}]
    return True


@_canasta
def scores_of_a_side_too_many(pos, rules, n, doc):
    pos["scores"] = pos["scores"] + [0]
    return True


@_canasta
def a_meld_of_one_card(pos, rules, n, doc):
    key = _free_rank(pos)
    return _set_meld(pos, rules, n, key, f"{key}H")


@_canasta
def a_meld_of_three_jokers(pos, rules, n, doc):
    return _set_meld(pos, rules, n, _free_rank(pos), "JK JK JK")


@_canasta
def kings_stored_under_sevens(pos, rules, n, doc):
    return _set_meld(pos, rules, n, "7", "KH KS KD")


@_canasta
def too_many_wild_cards(pos, rules, n, doc):
    key = _free_rank(pos)
    return _set_meld(pos, rules, n, key, f"{key}H {key}S 2H 2S 2D 2C")


@_canasta
def a_wild_meld_where_none_is_allowed(pos, rules, n, doc):
    # Canastone has a wild meld (CS-6), but never with a natural card in it
    cards = "2H 2S 5D" if rules == "canastone" else "2H 2S JK"
    return _set_meld(pos, rules, n, "W", cards)


@_canasta
def black_threes_melded_mid_deal(pos, rules, n, doc):
    return _set_meld(pos, rules, n, "3", "3S 3S 3C")


@_canasta
def a_wild_card_in_an_unfrozen_pile(pos, rules, n, doc):
    if rules == "looking-and-down":  # which has no frozen pile at all
        pos["frozen"] = True
        return True
    if not _free(pos, rules, n, "2H"):
        return False
    pos["pile"], pos["frozen"] = (pos["pile"] + " 2H").strip(), False
    return True


@_canasta
def a_red_three_kept_in_hand(pos, rules, n, doc):
    if rules == "looking-and-down" or not _free(pos, rules, n, "3H"):
        return False  # (Looking and Down keeps red threes in hand, LD-7)
    pos["hands"][pos["turn"]] = (pos["hands"][pos["turn"]] + " 3H").strip()
    return True


@_canasta
def a_king_among_the_red_threes(pos, rules, n, doc):
    if not _free(pos, rules, n, "KH"):
        return False
    pos["red_threes"][0] = (pos["red_threes"][0] + " KH").strip()
    return True


@_canasta
def a_keeper_beyond_the_seats(pos, rules, n, doc):
    if n >= 7:
        return False
    pos["keeper"] = n
    return True


@_canasta
def a_turn_beyond_the_seats(pos, rules, n, doc):
    if n >= 7:
        return False
    pos["turn"] = n
    return True


@_canasta
def waiting_for_an_answer_nobody_was_asked(pos, rules, n, doc):
    pos["phase"] = "answer"
    return True


@_canasta
def downs_for_a_seat_too_many(pos, rules, n, doc):
    pos["downs"] = [""] * (n + 1)
    return True


def an_unknown_rule_option(doc, rules, n):
    doc["session"]["position"]["options"].append("cheat")
    doc["session"]["options"].append("cheat")
    return True


def position_options_differ_from_the_game(doc, rules, n):
    if not get_game(rules).options:
        return False
    option = sorted(get_game(rules).options)[0]
    doc["session"]["options"] = sorted({*doc["session"]["options"], option})
    return option not in doc["session"]["position"]["options"]


@_cassino
def fifty_two_sweeps(pos, rules, n, doc):
    pos["sweeps"] = [52, 0]
    return True


@_cassino
def a_hand_for_a_seat_too_many(pos, rules, n, doc):
    pos["hands"] = pos["hands"] + [[]]
    return True


@_cassino
def cassino_turn_beyond_the_seats(pos, rules, n, doc):
    pos["turn"] = n
    return True


@_cassino
def last_capture_beyond_the_seats(pos, rules, n, doc):
    pos["last_capture"] = n
    return True


@_cassino
def captures_without_a_last_capturer(pos, rules, n, doc):
    pos["last_capture"] = None
    return any(pos["captured"])


@_cassino
def a_reservation_owned_beyond_the_seats(pos, rules, n, doc):
    if len(pos["table"]) < 2:
        return False
    pos["reservations"] = [[pos["table"][:2], 5, n]]
    pos["table"] = pos["table"][2:]
    return True


POSITION_EDITS = [
    opened_one_entry, opened_five_entries, red_threes_of_a_side_too_many,
    took_last_for_a_seat_too_many, frozen_in_time_for_a_seat_too_many,
    melds_of_a_side_too_many, scores_of_a_side_too_many, a_meld_of_one_card,
    a_meld_of_three_jokers, kings_stored_under_sevens, too_many_wild_cards,
    a_wild_meld_where_none_is_allowed, black_threes_melded_mid_deal, a_king_among_the_red_threes,
    a_wild_card_in_an_unfrozen_pile, a_red_three_kept_in_hand,
    a_keeper_beyond_the_seats, a_turn_beyond_the_seats, waiting_for_an_answer_nobody_was_asked,
    downs_for_a_seat_too_many, an_unknown_rule_option, position_options_differ_from_the_game,
    fifty_two_sweeps, a_hand_for_a_seat_too_many, cassino_turn_beyond_the_seats,
    last_capture_beyond_the_seats, captures_without_a_last_capturer,
    a_reservation_owned_beyond_the_seats,
]


def a_winner_while_the_game_is_not_over(doc, rules, n):
    doc["session"]["match"]["winner"] = 0
    return True


def earlier_deals_that_do_not_add_up(doc, rules, n):
    doc["session"]["match"]["deal_history"][0][0] += 10
    return True


def one_earlier_deal_forgotten(doc, rules, n):
    m = doc["session"]["match"]
    m["deal_history"].pop()
    m["deals_played"] -= 1
    return True


def totals_past_the_target_mid_game(doc, rules, n):
    m, deal = doc["session"]["match"], doc["session"]["deal"]
    past = TARGET[rules] + 100 - m["totals"][0]
    m["deal_history"][0][0] += past
    m["totals"][0] += past
    deal["scores"][0] += past
    return True


def a_keeper_in_a_game_without_one(doc, rules, n):
    doc["session"]["match"]["keeper"] = 0
    return rules != "looking-and-down"


def starting_scores_for_a_side_too_many(doc, rules, n):
    doc["session"]["match"]["start"] = [0] * (get_game(rules).num_sides(n) + 1)
    return True


def a_changed_next_dealer(doc, rules, n):
    m = doc["session"]["match"]
    m["dealer"] = (m["dealer"] + 1) % n
    return True


def a_game_over_that_did_not_happen(doc, rules, n):
    m = doc["session"]["match"]
    m["over"], m["winner"] = True, 0
    return True


MID_EDITS = [a_winner_while_the_game_is_not_over, earlier_deals_that_do_not_add_up,
             one_earlier_deal_forgotten, totals_past_the_target_mid_game,
             a_keeper_in_a_game_without_one, starting_scores_for_a_side_too_many]
OVER_EDITS = [a_changed_next_dealer, a_game_over_that_did_not_happen,
              earlier_deals_that_do_not_add_up]
EDITS = [("pos", e) for e in POSITION_EDITS] + [("mid", e) for e in MID_EDITS] + \
    [("over", e) for e in OVER_EDITS]


def write(path, doc) -> None:
    doc["checksum"] = checksum_of(doc)
    path.write_text(json.dumps(doc, ensure_ascii=False, indent=1), encoding="utf-8")
    saves.store._CHECKS.clear()


def refused(path) -> str:
    before = fingerprint(path)
    with pytest.raises(saves.DamagedSave) as e:
        saves.load(path)
    message = str(e.value)
    assert message and "\n" not in message and len(message) <= 300
    assert e.value.code not in ("edited", "not_save")  # refused for what it says, not its form
    [entry] = [x for x in saves.list_saves(path.parent) if x.path == path]
    assert not entry.ok and entry.reason == message
    assert fingerprint(path) == before
    return message


@pytest.mark.parametrize("rules,n", CONFIGS, ids=IDS)
def test_every_kind_of_impossible_game_is_refused(rules, n, folder):
    folder.mkdir(parents=True, exist_ok=True)
    docs = base_documents(rules, n)
    for doc in docs.values():  # the unedited saves load
        load_document(copy.deepcopy(doc))
    path = folder / "edited.json"
    applied = []
    for kind, edit in EDITS:
        if kind == "over" and docs["over"]["session"]["match"]["over"] \
                and edit is a_game_over_that_did_not_happen:
            continue
        doc = copy.deepcopy(docs[kind])
        if not edit(doc, rules, n):
            continue
        sync_summary(doc)
        write(path, doc)
        refused(path)
        applied.append(edit.__name__)
    assert len(applied) >= 12, applied


def test_every_edit_applies_somewhere():
    """No edit of the list is a no-op in every configuration (else it tests nothing)."""
    unused = {e.__name__ for _, e in EDITS}
    for rules, n in [("canasta", 2), ("canastone", 4), ("looking-and-down", 3),
                     ("cassino", 2), ("quick-canasta", 3)]:
        docs = base_documents(rules, n)
        for kind, edit in EDITS:
            if edit(copy.deepcopy(docs[kind]), rules, n):
                unused.discard(edit.__name__)
    assert not unused


# ---- no false refusals -----------------------------------------------------------------------

@pytest.mark.parametrize("rules,n", CONFIGS, ids=IDS)
def test_saves_from_random_play_all_load(rules, n):
    """Random play (seeded), checked at many points through two deals: the save loads, and so
    does the same moment as a hand-made position."""
    rng = random.Random(f"{rules}-{n}")  # seeded: the same points every run
    s = new_session(rules, n, seed=rng.randrange(1000), human=True)
    checked = 0
    for _ in range(400):
        if s.game_over or s.match.deals_played >= 2:
            break
        step(s)
        if rng.random() < 0.12 or s.state.is_over():
            doc = json.loads(json.dumps(build_document(s)))
            load_document(doc)
            checked += 1
            if _live(s):
                p = GameSession.from_position(rules, n, position_of(s), seed=1)
                if not p.state.is_over():  # (a position keeps no end-of-stock turn, QC-7)
                    load_document(json.loads(json.dumps(build_document(p))))
    assert checked >= 5
