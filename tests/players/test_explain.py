""""Why?" on a computer's move (issue 14, "Beyond"): the explanation carries the search's own
figures, and its words never name a card the computer held hidden."""

from __future__ import annotations

import math
import re

import pytest

from game import i18n
from game.engine.actions import format_action
from game.engine.cards import parse_card
from game.i18n import card_text
from game.players.base import Decision
from game.players.cassino_search import solve_last_round
from game.players.explain import (
    Explanation,
    SearchReport,
    explanation_lines,
    reason_text,
    search_report,
    searched_explanation,
)
from game.players.hints import suggest
from game.players.levels import EasyPlayer, HardPlayer, NormalPlayer
from tests.players.test_canasta_hard import _small_pile_position
from tests.players.test_cassino_hard import GIFTS, _four_player_last_round, _position
from tests.players.test_players import decision, random_positions

CARD = re.compile(r"(10|[A2-9JQK])[♠♥♦♣]")


@pytest.fixture(autouse=True)
def _english():
    yield
    i18n.set_language("en")


def _canasta_decision() -> Decision:
    # seat 0 holds 2C 5H 6H 8H: the search weighs discards of its hidden cards (onto the big
    # pile of _freeze_position Hard's heuristic freezes and no other discard comes close)
    return Decision.of(_small_pile_position("2C 5H 6H 8H"), 0, [0, 0])


def _cassino_decision() -> Decision:
    st = _position(*GIFTS[1][:5])  # seat 0 holds 2C 7S 9C
    return Decision.of(st, GIFTS[1][3])


def _assert_matches(e: Explanation, report: SearchReport) -> None:
    assert e.kind == report.kind
    assert e.action == report.candidates[report.chosen]
    assert e.worlds == report.worlds[report.chosen]
    want = [(a, report.gains[i], report.worlds[i]) for i, a in enumerate(report.candidates)
            if i != report.chosen]
    assert [(x.action, x.gain, x.worlds) for x in e.alternatives] == want


# ---- the figures are the search's ---------------------------------------------------------------
def test_search_report_pairs_each_candidate_with_the_chosen_over_its_own_worlds():
    r = search_report(["a", "b", "c"], [[1.0, 3.0, 5.0], [2.0, 2.0], [0.0, 6.0, 9.0]], 2,
                      "playouts")
    assert r.means == (3.0, 2.0, 5.0) and r.worlds == (3, 2, 3)
    # b was dropped after two worlds: compared with c over those two only
    assert r.gains == (-2.0, (2.0 - 0.0 + 2.0 - 6.0) / 2, 0.0)


def test_hard_canasta_explanation_is_the_searchs_report():
    d = _canasta_decision()
    p = HardPlayer(1, samples=8)
    action = p.choose(d)
    report = p.last_report
    assert report is not None and report.kind == "playouts"
    e = p.last_explanation
    assert e is not None and e.action == action and e.unit == "deal"
    _assert_matches(e, report)
    # the same figures as the search's own statistics: every candidate in all 8 worlds here
    stats = p.searched.stats
    assert e.worlds == stats["worlds"] == 8
    assert list(report.means) == pytest.approx(stats["means"])
    for x in e.alternatives:
        i = report.candidates.index(x.action)
        assert x.gain == pytest.approx(report.means[i] - report.means[report.chosen])
    assert e.first == report.candidates[0]


def test_hard_cassino_explanations_are_the_searchs_reports():
    # the two-player middle game: the rest of the round solved in each sampled deal
    p = HardPlayer(3, samples=8)
    d = _cassino_decision()
    p.choose(d)
    report = p.last_report
    assert report is not None and report.kind == "round"
    assert p.last_explanation.unit == "game"
    _assert_matches(p.last_explanation, report)
    assert report.worlds[report.chosen] == p.searched.stats["worlds"] == 8
    lines = explanation_lines(p.last_explanation)
    assert i18n.t("why.round") in lines and "8" in lines[0]

    # four players' last round: sampled splits, each solved exactly
    p = HardPlayer(3, samples=8)
    d = Decision.of(_four_player_last_round(), 2)
    p.choose(d)
    report = p.last_report
    assert report is not None and report.kind == "splits"
    _assert_matches(p.last_explanation, report)
    assert report.worlds[report.chosen] == p.searched.stats["splits"] == 8


def test_hard_cassino_exact_explanation_is_the_solvers_values():
    st = _position(["6H JS KH", "8H 9C 5H"], "9S 3D", [], 0, 0)  # two players, last round
    d = Decision.of(st, 0)
    p = HardPlayer(3, samples=8)
    action = p.choose(d)
    e = p.last_explanation
    assert e.kind == "exact" and e.worlds == 1
    _assert_matches(e, p.last_report)
    values = {a: v for v, a in solve_last_round(st, 0, math.inf)}
    for x in e.alternatives:
        assert x.gain == values[x.action] - values[action]
    assert all(x.gain <= 0 for x in e.alternatives)


def test_normal_and_easy_explain_with_their_heuristics_reason():
    d = _canasta_decision()
    for p in (NormalPlayer(1), EasyPlayer(1)):
        action = p.choose(d)
        e = p.last_explanation
        assert e.kind == "heuristic" and e.action == action and not e.alternatives
        assert e.reason is not None and e.reason.key.startswith("hint_")
    # the same reason a hint gives for the same move
    assert NormalPlayer(1).choose(d) == suggest(d)[0]
    p = NormalPlayer(1)
    p.choose(d)
    assert p.last_explanation.reason.key == suggest(d)[1].key


# ---- the words ----------------------------------------------------------------------------------
def _hidden_texts(e: Explanation, d: Decision) -> set[str]:
    """Cards of the computer's hand that its move does not show, as the words would name
    them."""
    shown = set(e.action.cards())
    return {card_text(c) for c in d.view.hand if c not in shown}


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_words_never_name_a_card_hidden_from_the_viewer(language):
    i18n.set_language(language)
    for d, p in ((_canasta_decision(), HardPlayer(1, samples=8)),
                 (_cassino_decision(), HardPlayer(3, samples=8))):
        p.choose(d)
        e = p.last_explanation
        assert any(x.hidden for x in e.alternatives)
        hidden = _hidden_texts(e, d)
        assert hidden
        text = "\n".join(explanation_lines(e, viewer=d.seat + 1))
        assert not [c for c in hidden if c in text], text
        # the check can fail: the computer's own seat is told its cards
        own = "\n".join(explanation_lines(e, viewer=d.seat))
        assert [c for c in hidden if c in own], own


@pytest.mark.parametrize("rules,players", [("canasta", 2), ("canasta", 4), ("cassino", 2),
                                           ("looking-and-down", 3), ("canastone", 4)])
def test_no_hidden_card_in_the_words_for_any_move_weighed(rules, players):
    """Every legal move as an alternative to the heuristic's, in positions of random play:
    the only cards named are the chosen move's (public once played) and the table's."""
    for state, seat in random_positions(rules, players, seed=7, count=12):
        d = decision(state, rules, players, seat)
        if len(d.legal) < 2:
            continue
        chosen = NormalPlayer(0).choose(d)
        cands = [chosen] + [a for a in d.legal if a != chosen]
        report = search_report(cands, [[float(i)] * 2 for i in range(len(cands))], 0,
                               "playouts")
        e = searched_explanation(d, report, None)
        allowed = {card_text(c) for c in chosen.cards()}
        if rules == "cassino":
            allowed |= {card_text(c) for c in d.view.loose}
            allowed |= {card_text(c) for r in d.view.reservations for c in r.cards}
        lines = explanation_lines(e, viewer=(seat + 1) % players)
        named = {m.group(0) for m in CARD.finditer("\n".join(lines))}
        assert named <= allowed, (format_action(chosen), lines)


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_words_come_from_the_catalogue(language):
    i18n.set_language(language)
    p = HardPlayer(1, samples=8)
    d = _canasta_decision()
    p.choose(d)
    lines = explanation_lines(p.last_explanation, viewer=1)
    assert len(lines) >= 2
    text = "\n".join(lines)
    assert "why." not in text and "{" not in text
    assert "8" in text  # the sampled deals are counted
    if language == "ja":
        assert re.search(r"[\u3040-\u30ff]", text)
    assert explanation_lines(None) == [i18n.t("why.none")]


def test_a_forced_move_says_so():
    st = _position(["6H", "8H"], "9S 3D", [], 0, 0)  # nothing to capture or build: a trail
    d = Decision.of(st, 0)
    assert len(d.legal) == 1
    for p in (NormalPlayer(1), HardPlayer(1, samples=8)):
        p.choose(d)
        assert explanation_lines(p.last_explanation) == [i18n.t("why.forced")]


def test_two_hidden_alternatives_of_one_kind_are_told_apart():
    """The search chose a discard over the heuristic's meld and another meld (both of the
    computer's hidden cards): the first line tells "melding instead", the other line
    "another meld", never the same words with other figures."""
    from game.engine.actions import parse_action

    d = _canasta_decision()  # seat 0 holds 2C 5H 6H 8H
    discard = parse_action("0 discard 8H")
    meld, other = parse_action("0 meld 5H 6H 2C"), parse_action("0 meld 6H 8H 2C")
    report = search_report([meld, discard, other],
                           [[0.0] * 45, [90.0] * 45, [-35.0] * 20], 1, "playouts")
    lines = explanation_lines(searched_explanation(d, report, None, first=meld), viewer=1)
    assert i18n.t("why.act.meld_instead") in lines[0]
    assert any(i18n.t("why.act.meld_other") in line[:40].lower() for line in lines[1:])
    assert not any(i18n.t("why.act.meld_instead") in line.lower() for line in lines[1:])


# ---- how sure a figure is (issue 30) -------------------------------------------------------
def test_search_report_gives_each_gain_its_standard_error():
    r = search_report(["a", "b", "c"], [[1.0, 3.0, 5.0], [2.0, 2.0], [0.0, 6.0, 9.0]], 2,
                      "playouts")
    # a - c: 1, -3, -4 (mean -2, variance 7); b - c over its two worlds: 2, -4 (variance 18)
    assert r.errors == pytest.approx((math.sqrt(7 / 3), math.sqrt(18 / 2), 0.0))
    assert search_report(["a", "b"], [[1.0], [2.0]], 0, "playouts").errors[1] == math.inf


@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_figure_from_a_handful_of_worlds_is_not_told_as_sure(language):
    """Each sampled figure says how sure it is: the margin (two standard errors) over enough
    worlds, and that the worlds are too few to be sure over a handful."""
    from game.engine.actions import parse_action

    i18n.set_language(language)
    d = _canasta_decision()  # seat 0 holds 2C 5H 6H 8H
    discard, meld = parse_action("0 discard 8H"), parse_action("0 meld 5H 6H 2C")
    other = parse_action("0 discard 5H")
    # the discard chosen over the meld after 40 worlds, differences of 60 +- 40 (error 6.3);
    # another discard dropped after 4 worlds
    report = search_report([meld, discard, other],
                           [[0.0, 0.0] * 20, [100.0, 20.0] * 20, [0.0, 30.0, 0.0, 30.0]], 1,
                           "playouts")
    lines = explanation_lines(searched_explanation(d, report, None, first=meld), viewer=0)
    margin = i18n.t("why.points", n=str(round(2 * report.errors[0])))
    assert margin in lines[0] and "13" in margin  # 2 x 40 x sqrt(40 / 39) / sqrt(40) = 12.8
    few = i18n.t("why.unsure", line="")
    assert few and any(line.endswith(few) for line in lines[1:])
    assert not lines[0].endswith(few)


@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_move_that_came_out_alike_in_every_deal_gives_no_margin(language):
    """An alternative whose every sampled deal came out exactly as the chosen move's (a meld
    made now or a turn later, the playouts going on alike) is told as the same in each deal,
    not as "the same on average, give or take 0 points"; one that differs only on average
    keeps its margin."""
    from game.engine.actions import parse_action

    i18n.set_language(language)
    d = _canasta_decision()  # seat 0 holds 2C 5H 6H 8H
    meld, discard = parse_action("0 meld 5H 6H 2C"), parse_action("0 discard 8H")
    other = parse_action("0 discard 5H")
    report = search_report([meld, discard, other],
                           [[10.0, -40.0] * 4, [10.0, -40.0] * 4, [30.0, -60.0] * 4], 0,
                           "playouts")
    lines = explanation_lines(searched_explanation(d, report, None, first=meld), viewer=0)

    def told(verb_card: str, key: str, **kw) -> str:
        move = i18n.t("why.act.discard", cards=card_text(parse_card(verb_card)))
        line = i18n.t(key, move=move, worlds=8, **kw)
        return line[:1].upper() + line[1:]

    assert told("8H", "why.alt_same") in lines
    on_average = next(x for x in lines if card_text(parse_card("5H")) in x)
    assert on_average.startswith(told("5H", "why.alt_equal"))  # with its margin after it
    assert on_average != told("5H", "why.alt_same")


def test_a_pile_with_one_wild_card_is_told_in_the_singular():
    """"take the pile: 5 cards, 2 fit its melds, a wild card", never "1 wild cards" (the
    reason of a take, as "Why?" and a hint tell it), in both languages."""
    from game.engine.canasta.position import build_position
    from game.players.hints import move_reason

    st = build_position("canasta", 2, hands=["KH KD 7S 8S 9C", "4D 5D 6D"],
                        pile="2C 9H 9S 4C KS", turn=0, phase="draw",
                        melds=[{"9": "9C 9D 9H"}, {}], opened=[True, False])
    d = Decision.of(st, 0, [0, 0])
    take = next(a for a in d.legal if a.verb == "take")
    r = move_reason(d, take, "take the pile")
    assert r.params["wild"] == 1
    for language, want in (("en", "a wild card"), ("ja", "ワイルドカード1枚")):
        i18n.set_language(language)
        told = reason_text(r)
        assert want in told and "1 wild cards" not in told, told
