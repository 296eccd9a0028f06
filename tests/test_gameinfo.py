"""Each game's declaration (game/engine/gameinfo.py, registered in
game/engine/registry.py) against RULES.md,
and the Game objects, locale catalogues and registry import that rest on it."""

from __future__ import annotations

import re
import subprocess
import sys
from itertools import product
from pathlib import Path

import pytest

from game import i18n
from game.engine.base import DealSetup
from game.engine.match import Match
from game.engine.registry import GAME_NAMES, GAMES, game_info, get_game

ROOT = Path(__file__).resolve().parent.parent
RULES = (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8")

# name -> (player counts, counts played as two sides seated alternately, usual count)
SEATING = {
    "canasta": ((2, 3, 4), (4,), 4),  # CA-1: at 4, partners opposite
    "quick-canasta": ((2, 3, 4), (4,), 4),  # QC-1: partners at 4
    "canastone": ((2, 3, 4, 6), (4, 6), 4),  # CS-1: two partnerships / two teams of three
    "looking-and-down": ((2, 3, 4, 5, 6, 7), (), 4),  # LD-1: no partnerships
    "cassino": ((2, 4), (4,), 2),  # CN-2: 2, or 4 as two partnerships
}
# name -> (target, {option: target it sets})
TARGETS = {
    "canasta": (5000, {}),  # CA-16
    "quick-canasta": (5000, {}),  # QC-8
    "canastone": (12000, {"target-15000": 15000}),  # CS-17
    "looking-and-down": (10000, {}),  # LD-15
    "cassino": (21, {"target-51": 51}),  # CN-11
}


def _rules_sections() -> dict[str, str]:
    """RULES.md's game sections by the game's name (the backticked name in the heading)."""
    return {m.group(1): m.group(2) for m in re.finditer(
        r"^## \d+\. .*?`([a-z-]+)`.*?$(.*?)(?=^## |\Z)", RULES, re.S | re.M)}


def test_every_game_of_the_rule_book_is_declared_in_its_order():
    assert tuple(_rules_sections()) == GAME_NAMES


@pytest.mark.parametrize("name", GAME_NAMES)
def test_player_counts_and_sides(name):
    """G-2 with CA-1, QC-1, CS-1, LD-1, CN-2: partners sit alternately (side = seat mod 2) at
    the partnership counts; otherwise every player is a side of one (side = seat)."""
    counts, partnership_counts, usual = SEATING[name]
    info = GAMES[name]
    assert info.player_counts == counts and info.usual_players == usual
    for n in counts:
        sides = [info.side_of(seat, n) for seat in range(n)]
        if n in partnership_counts:
            assert info.num_sides(n) == 2 and sides == [s % 2 for s in range(n)]
            assert info.partners(0, n) == list(range(2, n, 2))
            assert info.partnership_kind(n) == {4: "partners", 6: "teams_of_three"}[n]
        else:
            assert info.num_sides(n) == n and sides == list(range(n))
            assert info.partners(0, n) == []
            assert info.partnership_kind(n) == "every_player"


@pytest.mark.parametrize("name", GAME_NAMES)
def test_options_are_those_of_the_rule_book(name):
    """The options named in each game's section (CA-1, CS-17 Options, LD-3, CN-11)."""
    named = set(re.findall(r"`([a-z0-9]+(?:-[a-z0-9]+)+)`", _rules_sections()[name])) - {name}
    assert set(GAMES[name].option_names) == named


@pytest.mark.parametrize("name", GAME_NAMES)
def test_targets_and_the_options_that_move_them(name):
    """CA-16, QC-8, CS-17 (target-15000), LD-15, CN-11 (target-51); other options leave the
    target alone, and the Game object reports the same."""
    target, by_option = TARGETS[name]
    info, game = GAMES[name], get_game(name)
    assert info.target_for() == game.target(frozenset()) == target
    for opt in info.option_names:
        expected = by_option.get(opt, target)
        assert info.target_for({opt}) == game.target(frozenset({opt})) == expected
    every = frozenset(info.option_names)
    assert info.target_for(every) == max([target, *by_option.values()])


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_level_finish(name):
    """G-6: level at the target is a draw (CA-16, CS-17 "equal is a draw"), except LD-15 (a
    shared highest plays another deal) and CN-11 (extra games until one is ahead)."""
    game = get_game(name)
    target = game.target(frozenset())
    plays_on = name in ("looking-and-down", "cassino")
    level = [target, target] + [0] * (game.num_sides(game.player_counts[-1]) - 2)
    assert game.game_over(level, frozenset()) == ((False, None) if plays_on else (True, None))
    assert game.game_over([target + 1, target] + level[2:], frozenset()) == (True, 0)
    assert game.game_over([target - 1, 0] + level[2:], frozenset()) == (False, None)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_the_game_object_reads_its_declaration(name):
    game, info = get_game(name), game_info(name)
    assert game.info is info and game.name == info.name
    assert game.player_counts == info.player_counts
    assert list(game.options) == list(info.option_names)
    rules = getattr(game, "rules", None)
    for n in info.player_counts:
        assert game.num_sides(n) == info.num_sides(n)
        assert [game.side_of(s, n) for s in range(n)] == [info.side_of(s, n) for s in range(n)]
        if rules is not None:  # the canasta rule sets read the same record
            assert rules.name == name and rules.sides(n) == info.num_sides(n)
            assert [rules.partners(s, n) for s in range(n)] == [
                info.partners(s, n) for s in range(n)]


def test_every_title_blurb_and_option_has_english_and_japanese_words():
    for lang in ("en", "ja"):
        words = i18n.catalogue(lang)
        for info in GAMES.values():
            keys = [info.title_key, info.blurb_key]
            keys += [k for o in info.options for k in (o.label_key, o.help_key)]
            assert [k for k in keys if not words.get(k)] == [], (lang, info.name)


def test_registry_import_loads_no_engine():
    """--help and the menus read the declarations without importing a game's rules."""
    code = ("import sys, game.engine.registry as r; r.game_info('canastone');"
            "print(' '.join(m for m in sys.modules if m.startswith('game.')))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout.split()
    assert "game.engine.registry" in out
    engines = [m for m in out if m.split(".")[1] in ("canasta", "cassino", "players", "base")]
    assert engines == []


def test_unknown_game_is_a_clear_error():
    from game.engine.errors import RecordError

    with pytest.raises(RecordError, match="one of: canasta"):
        game_info("chess")


# ---- dealers and keeper ---------------------------------------------------------------------

LD = GAMES["looking-and-down"]


@pytest.mark.parametrize("players", LD.player_counts)
def test_ld_keeper_never_deals(players):
    """LD-1: the keeper never deals (with 2 players the other player deals both stacks);
    LD-2: the down dealer is at the looking dealer's left, skipping the keeper, and deals the
    lookings next deal."""
    for dealer, keeper in product(range(players), repeat=2):
        looking, down = LD.dealers(dealer, keeper, players)
        assert keeper not in (looking, down)
        assert looking == (dealer if dealer != keeper else (dealer + 1) % players)
        left = (looking + 1) % players
        assert down == (left if left != keeper else (left + 1) % players)
        if players == 2:
            assert looking == down
        assert LD.next_dealer(looking, keeper, players) == down
        assert keeper not in LD.dealer_choices(players, keeper)
        assert len(LD.dealer_choices(players, keeper)) == players - 1


@pytest.mark.parametrize("players", LD.player_counts)
def test_ld_deal_passes_round_every_seat_but_the_keeper(players):
    """LD-1/LD-2: deal after deal, every seat but the keeper deals the lookings in turn."""
    keeper = players - 1
    seen, dealer = [], 0
    for _ in range(players - 1):
        seen.append(LD.dealers(dealer, keeper, players)[0])
        dealer = LD.next_dealer(seen[-1], keeper, players)
    assert seen == list(range(players - 1))


@pytest.mark.parametrize("players", LD.player_counts)
def test_ld_match_deals_with_the_declared_dealer(players):
    """LD-1: a match whose rotation stands at the keeper gives the deal to the declared dealer,
    and the next dealer is the declared one (LD-2)."""
    game = get_game("looking-and-down")
    keeper = 0
    m = Match(game, players, seed=players, dealer=keeper, keeper=keeper)
    state = m.start_deal()
    assert state.setup.dealer == LD.dealers(keeper, keeper, players)[0] != keeper
    assert game.next_dealer(state.setup) == LD.dealers(keeper, keeper, players)[1]
    refused = DealSetup(players=players, deck=state.setup.deck, dealer=keeper, keeper=keeper)
    assert "LD-1" in game.check_setup(refused)


@pytest.mark.parametrize("name", [g for g in GAME_NAMES if g != "looking-and-down"])
def test_one_dealer_passing_clockwise(name):
    """G-7 (Cassino CN-3: the first player's role passes to the next seat): one dealer, and
    any seat may deal; no game but Looking and Down has a keeper (LD-1)."""
    info = GAMES[name]
    assert not info.keeper and not info.two_dealers
    for n in info.player_counts:
        assert info.dealer_choices(n) == list(range(n))
        for d in range(n):
            assert info.dealers(d, -1, n) == (d,)
            assert info.next_dealer(d, -1, n) == (d + 1) % n
            setup = DealSetup(players=n, deck=(), dealer=d)
            assert get_game(name).next_dealer(setup) == (d + 1) % n
