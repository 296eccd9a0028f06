"""Numbered deals (docs/deals.md): a game number gives the same cards on every machine."""

from __future__ import annotations

import doctest
from datetime import date

import pytest

import game.engine.deals
from game.engine.cards import format_card
from game.engine.deals import (
    MAX_NUMBER,
    daily_number,
    format_number,
    parse_number,
    random_number,
    seed_of,
)
from game.engine.registry import GAMES
from game.session import GameSession

# The first eight cards of the first deal of a few numbers per game (top of the deck first).
# These never change: a change here means every player's numbered deals changed.
PINNED = {
    ("canasta", 1): "AD 7D AC 4D 6C 7C 2S 6S",
    ("canasta", 12345): "2D 6S AD 2H 10D 8S QS KD",
    ("canasta", 999999999): "5D AH 7D AH 7C KD 8S 5C",
    ("quick-canasta", 1): "AD 7D AC 4D 6C 7C 2S 6S",
    ("quick-canasta", 12345): "2D 6S AD 2H 10D 8S QS KD",
    ("canastone", 1): "AH 10C 7D 6S 3D 2H 10C QH",
    ("canastone", 12345): "4S AH 4D 10D 7H 10S 3H 6D",
    ("canastone", 999999999): "2S AS AC 5H 5C 9C QC AS",
    ("looking-and-down", 1): "4D 9D 6S 6C 6D 2C 3S 5S",
    ("looking-and-down", 12345): "6S 3D 9S 8H JK 9S QC 8C",
    ("cassino", 1): "6C 9S 4S JC 8S 4D 3S 9H",
    ("cassino", 12345): "2S 6C 6D 7D JS 8C 7H 2D",
    ("cassino", 999999999): "KD KS 8D 4S QS 9H 3D AD",
}


def first_cards(rules: str, number: int, dealer: int = 0) -> str:
    info = GAMES[rules]
    s = GameSession(rules, info.usual_players, number=number, dealer=dealer,
                    keeper=(info.usual_players - 1) if info.keeper else None)
    s.start_deal()
    return " ".join(format_card(c) for c in s.setup.deck[:8])


@pytest.mark.parametrize(("rules", "number"), sorted(PINNED))
def test_a_number_deals_the_pinned_cards(rules, number):
    assert first_cards(rules, number) == PINNED[(rules, number)]


def test_the_dealer_does_not_change_the_cards():
    for rules, number in PINNED:
        dealer = 1 if rules != "looking-and-down" else 0
        assert first_cards(rules, number, dealer) == PINNED[(rules, number)]
        assert first_cards(rules, number, None) == PINNED[(rules, number)]  # a random dealer


def test_the_seed_is_the_documented_hash():
    import hashlib

    for n in (1, 2, 12345, MAX_NUMBER):
        digest = hashlib.sha256(f"cardtable-deal:{n}".encode("ascii")).digest()
        assert seed_of(n) == int.from_bytes(digest[:8], "big")
    assert len({seed_of(n) for n in range(1, 2000)}) == 1999


def test_the_module_examples_hold():
    assert doctest.testmod(game.engine.deals).failed == 0


def test_numbers_are_checked():
    for bad in (0, -1, MAX_NUMBER + 1, True, 1.0):
        with pytest.raises(ValueError):
            seed_of(bad)
    assert parse_number(" #12345 ") == 12345 == parse_number("12,345")
    for text in ("", "#", "abc", "1e5", "0", "١٢", "9" * 40, "-3"):
        with pytest.raises(ValueError):
            parse_number(text)
    assert all(1 <= random_number() <= MAX_NUMBER for _ in range(50))
    assert format_number(7) == "7" and format_number(7, 3) == "7-3"


def test_the_daily_number_depends_on_the_game_and_the_day():
    day = date(2026, 11, 23)
    numbers = {daily_number(r, day) for r in GAMES}
    assert len(numbers) == len(GAMES)
    assert daily_number("canasta", day) == daily_number("canasta", date(2026, 11, 23))
    assert daily_number("canasta", day) != daily_number("canasta", date(2026, 11, 24))
    assert all(1 <= n <= MAX_NUMBER for n in numbers)


def test_a_numbered_session_keeps_its_number_through_a_snapshot():
    s = GameSession("canasta", 2, number=4242, daily="2026-11-23", dealer=0)
    s.start_deal()
    for _ in range(6):
        s.apply(s.bot_move(s.state.current_player()))
    t = GameSession.restore(s.snapshot())
    assert (t.number, t.daily, t.seed, t.took_back) == (4242, "2026-11-23", seed_of(4242), False)
    assert t.snapshot() == s.snapshot()
    # A game from before numbers has none, and its snapshot has no such key.
    old = GameSession("canasta", 2, seed=5)
    old.start_deal()
    assert "number" not in old.snapshot() and GameSession.restore(old.snapshot()).number is None


def test_the_number_of_the_current_deal_is_listed(tmp_path, capsys):
    """`saves list` and the Load screen name deal k of game N as N-k (docs/deals.md)."""
    from game import saves
    from game.cli import main
    from game.i18n import t
    from game.session import SeatConfig
    from game.ui.screens.load_screen import entry_line

    s = GameSession("cassino", 2, seats=[SeatConfig("human"), SeatConfig()], number=77)
    s.start_deal()
    while not s.state.is_over():
        s.apply(s.bot_move(s.state.current_player()))
    s.start_deal()
    folder = tmp_path / "saves"
    saves.save_as(s, "numbered", folder=folder)
    assert main(["saves", "list", "--folder", str(folder)]) == 0
    assert "deal 2 (no. 77-2)" in capsys.readouterr().out
    entry = [e for e in saves.list_saves(folder) if e.name == "numbered"][0]
    assert t("load.number", number="77-2") in entry_line(entry)


def test_the_play_command_starts_a_numbered_game(tmp_path, monkeypatch, capsys):
    import game.ui.table as table
    from game.cli import main

    seen = []

    class Spy(table.TableScreen):
        def __init__(self, app, config=None, **kw):
            super().__init__(app, config, autosave=False, **kw)
            seen.append(self.session)

    monkeypatch.setattr(table, "TableScreen", Spy)
    png = str(tmp_path / "table.png")
    assert main(["play", "--rules", "cassino", "--number", "12345", "--screenshot", png]) == 0
    assert seen[0].number == 12345
    assert " ".join(format_card(c) for c in seen[0].setup.deck[:8]) == PINNED[("cassino",
                                                                               12345)]
    for bad in (["--number", "5"], ["--rules", "cassino", "--number", "5", "--seed", "3"],
                ["--rules", "cassino", "--number", "0"]):
        assert main(["play", *bad]) == 2
        assert "usage:" in capsys.readouterr().err
