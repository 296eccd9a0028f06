"""Edited saves behind a recomputed checksum (issue 27): a Canastone packet of the wrong size
(CS-3), a Looking and Down down of the wrong size (LD-2), a deal number that does not give the
deal's cards (docs/deals.md) and a daily game without its number are refused with a short
reason, and the file is left untouched. Numbered games of every game still load."""

from __future__ import annotations

import shutil
from datetime import date
from pathlib import Path

import pytest

from game import listeners, saves
from game.engine.deals import daily_number, seed_of
from game.engine.registry import GAME_NAMES, get_game
from game.saves.files import build_document, damage_code, encode, load_document
from game.session import GameSession, SeatConfig
from game.stats import recorder, store

from .helpers import edit, fingerprint, step

PRACTICE = Path(__file__).resolve().parents[2] / "saves"


def _copy(name: str, tmp_path: Path) -> Path:
    path = tmp_path / name
    shutil.copy(PRACTICE / name, path)
    return path


def _refused(path: Path, *words: str) -> str:
    before = fingerprint(path)
    with pytest.raises(saves.DamagedSave) as e:
        saves.read_save(path)
    assert fingerprint(path) == before  # read only: never rewritten, moved or deleted
    for w in words:
        assert w in str(e.value)
    return str(e.value)


def _position(doc: dict) -> dict:
    return doc["session"]["position"]


@pytest.mark.parametrize("size", [13, 10])
def test_a_canastone_packet_of_the_wrong_size_is_refused_CS3(size, tmp_path):
    """CS-3: under a queen starter the packet holds 12 cards."""
    path = _copy("canastone-packet.json", tmp_path)
    saves.read_save(path)  # the bundled position loads

    def change(doc):
        pos = _position(doc)
        assert pos["pile"].split()[0] == "QD" and len(pos["packet"].split()) == 12
        if size > 12:  # one more card, from the stock (the rest of the decks)
            pos["packet"] += " 4C"
        else:
            pos["packet"] = " ".join(pos["packet"].split()[: size])

    edit(path, change)
    reason = _refused(path, "CS-3", f"holds {size} cards", "12")
    assert damage_code(reason) == "impossible"


def test_a_packet_under_a_pile_without_a_natural_starter_is_refused_CS2(tmp_path):
    path = _copy("canastone-packet.json", tmp_path)
    edit(path, lambda doc: _position(doc).update(pile="2C"))
    _refused(path, "CS-3")


@pytest.mark.parametrize("down", ["five", "none"])
def test_a_looking_and_down_down_of_the_wrong_size_is_refused_LD2(down, tmp_path):
    """LD-2: each down is 11 cards until it is picked up whole."""
    path = _copy("ld-frozen-in-time.json", tmp_path)
    saves.read_save(path)

    def change(doc):
        downs = _position(doc)["downs"]
        assert len(downs[1].split()) == 11
        downs[1] = " ".join(downs[1].split()[:5]) if down == "five" else ""

    edit(path, change)
    _refused(path, "LD-2", f"holds {5 if down == 'five' else 0} cards")


def _numbered(rules: str, n: int, number: int | None, deals: int = 1, **kw) -> GameSession:
    seats = [SeatConfig("human")] + [SeatConfig("computer") for _ in range(n - 1)]
    s = GameSession(rules, n, seats=seats, number=number, seed=5, **kw)
    s.start_deal()
    while not s.game_over and (s.match.deals_played < deals - 1 or len(s.history) < 6):
        step(s)
    return s


def _save(s: GameSession, tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    path.write_bytes(encode(build_document(s)))
    saves.read_save(path)  # as saved, it loads
    return path


def _relabel(number: int | None, seed: bool = False):
    def change(doc):
        doc["session"]["number"] = number
        doc["summary"]["number"] = number
        if seed:
            doc["session"]["seed"] = seed_of(number)
    return change


def test_a_relabelled_deal_number_is_refused(tmp_path):
    """12345 relabelled 54321: the number must regenerate the deal's cards."""
    path = _save(_numbered("canasta", 4, 12345), tmp_path)
    edit(path, _relabel(54321))
    reason = _refused(path, "deal number 54321")
    assert damage_code(reason) == "number"


def test_a_relabelled_number_with_its_seed_is_refused_by_the_cards(tmp_path):
    """Even with the seed of the new number, the saved deal is not the one it deals."""
    path = _save(_numbered("looking-and-down", 5, 12345, deals=2), tmp_path)
    edit(path, _relabel(54321, seed=True))
    _refused(path, "deal number 54321")


def test_a_number_on_a_game_that_had_none_is_refused(tmp_path):
    path = _save(_numbered("canastone", 4, None), tmp_path)
    edit(path, _relabel(777))
    _refused(path, "deal number 777")


def test_a_daily_game_without_its_number_is_refused(tmp_path):
    path = _save(_numbered("cassino", 2, None), tmp_path)
    edit(path, lambda doc: doc["session"].update(daily="2026-11-23"))
    _refused(path, "daily game")


def test_a_daily_game_with_another_days_number_is_refused(tmp_path):
    day = date(2026, 11, 23)
    s = _numbered("quick-canasta", 3, daily_number("quick-canasta", day), daily=day.isoformat())
    path = _save(s, tmp_path)
    edit(path, lambda doc: doc["session"].update(daily="2026-11-24"))
    _refused(path, "daily game")


@pytest.mark.parametrize("rules,n", [(r, n) for r in GAME_NAMES
                                     for n in get_game(r).player_counts])
def test_numbered_games_load_at_every_deal(rules, n):
    """No false refusals: the deal's cards follow from the number in every game, first deal
    and later ones (Looking and Down's grabs and Canastone's redeals included)."""
    s = _numbered(rules, n, 4242 + n, deals=3)
    load_document(build_document(s))
    while not s.state.is_over():
        step(s)
    load_document(build_document(s))  # a scored deal, before the next is dealt


def test_a_daily_game_without_a_number_counts_as_an_ordinary_game(tmp_path, monkeypatch):
    """The recorder never raises on such a game: the deal counts, the player is told."""
    path = tmp_path / "stats.json"
    monkeypatch.setattr(store, "stats_path", lambda: path)
    monkeypatch.setattr(listeners, "DEAL_SCORED", [recorder.record_deal])
    listeners.take_notices()
    s = _numbered("cassino", 2, None, daily="2026-11-23")
    while not s.state.is_over():
        step(s)
    stats = store.read().stats
    assert sum(b.deals.played for b in stats.buckets.values()) == 1
    assert stats.daily == {}
    assert listeners.take_notices() == ["stats.daily_not_counted"]


def test_a_listener_that_fails_is_told_to_the_player(monkeypatch):
    def broken(session):
        raise ValueError("no")

    monkeypatch.setattr(listeners, "DEAL_SCORED", [broken])
    listeners.take_notices()
    listeners.deal_scored(object())
    assert listeners.take_notices() == ["notice.listener_failed"]
    assert listeners.take_notices() == []
