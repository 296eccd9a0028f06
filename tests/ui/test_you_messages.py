"""Messages that name a seat have their own wording when the seat is the player's ("You go
out!", not "You goes out!"; "Computer 3 asked you", not "asked You"), in every language."""

from __future__ import annotations

import pytest

from game import i18n
from game.i18n import (
    NEVER_YOU,
    SAME_FOR_YOU,
    YOU_WORDING,
    catalogue,
    placeholders,
    player_names,
    seat_message,
    winner_message,
    you_seat,
)


@pytest.fixture(autouse=True)
def english():
    yield
    i18n.set_language("en")


def test_every_message_naming_a_seat_is_worded_for_the_player():
    """Each catalogue text with a {name} is either given a wording for the player, or listed
    as reading right for the player too, or as never naming the player."""
    for lang in i18n.LANGUAGES:
        naming = {k for k, v in catalogue(lang).items() if "name" in placeholders(v)}
        groups = [set(YOU_WORDING), set(SAME_FOR_YOU), set(NEVER_YOU)]
        unsorted = naming - set().union(*groups)
        assert not unsorted, f"{lang}: say how {sorted(unsorted)} read for the player"
        assert sum(len(g) for g in groups) == len(set().union(*groups))  # in one group only
        assert set().union(*groups) <= naming  # no stale entries


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_player_wordings_exist_and_fill_the_same_blanks(lang):
    texts = catalogue(lang)
    for key, yours in YOU_WORDING.items():
        assert yours in texts, (lang, yours)
        assert placeholders(texts[yours]) == placeholders(texts[key]) - {"name"}, (lang, key)


def test_messages_about_the_player():
    kinds = ["human", "computer", "computer", "computer"]
    names = player_names(kinds)
    you = you_seat(kinds)
    assert you == 0
    assert seat_message("table.went_out", 0, names, you) == "You go out!"
    assert seat_message("table.went_out", 2, names, you) == "Computer 3 goes out!"
    assert seat_message("table.sweep_by", 0, names, you) == "Your sweep!"
    assert seat_message("score.winner", 0, names, you) == "You win!"
    assert seat_message("score.winner", 1, names, you) == "Computer 2 wins!"
    assert winner_message(0, ["Us", "Them"], 0, teams=True) == "Your side wins!"
    assert winner_message(1, ["Us", "Them"], 0, teams=True) == "The other side wins."
    assert winner_message(1, ["Team 1", "Team 2"], -1, teams=True) == "Team 2 wins!"
    assert winner_message(None, names, you) == "It's a draw."
    # Hot seat: every human is "Player n", nobody is "You".
    assert you_seat(["human", "human", "computer"]) == -1
    assert you_seat(["human", "computer"], ["Ann", ""]) == -1  # a human with a name of theirs
    i18n.set_language("ja")
    assert seat_message("table.went_out", 0, player_names(kinds), you) == "あなたが上がりました！"


def test_the_move_log_asks_you_in_lower_case():
    from game.ui.table.movelog import describe

    names = player_names(["human", "computer", "computer", "computer"])
    assert describe("2 ask 0", names, you=0) == "Computer 3 asked you: may I go out?"
    assert describe("0 ask 2", names, you=0) == "You asked Computer 3: may I go out?"


def test_the_load_screen_says_your_turn():
    from game.saves.model import Summary
    from game.ui.screens.load_screen import entry_line

    class Entry:
        ok, kind = True, "named"
        summary = Summary(game="canasta", players=2, seats=[
            {"name": "", "kind": "human", "level": "normal"},
            {"name": "", "kind": "computer", "level": "normal"}],
            totals=[0, 0], deal=1, actions=0, turn=0, deal_over=False, game_over=False,
            winner=None)

    assert entry_line(Entry).endswith("deal 1 · your turn")


@pytest.mark.parametrize(("lang", "yours", "theirs"), [
    ("en", "Computer 2 overrode your reservation", "You overrode the reservation Computer 2 made"),
    ("ja", "コンピューター2があなたの予約を上書きした",
     "あなたがコンピューター2の予約を上書きした"),
])
def test_the_move_log_names_your_reservation_in_the_players_words(lang, yours, theirs):
    """Issue 27: "Computer 2 overrode the reservation You made" (CN-6: an override)."""
    from game.engine.events import Event
    from game.ui.table.movelog import describe_events

    i18n.set_language(lang)
    names = player_names(["human", "computer"])
    assert describe_events([Event("build", 1, info={"overrides": [0]})], names, you=0) == [yours]
    assert describe_events([Event("build", 0, info={"overrides": [1]})], names, you=0) == [theirs]


@pytest.mark.parametrize(("lang", "lines"), [
    ("en", ["You added A♣ to the aces", "Computer 2 added 7♥ 2♦ to the sevens (meld 2)",
            "You added Q♠ to the queens", "You added 2♥ to the wild meld"]),
    ("ja", ["あなたがAのメルドにA♣を付け足した",
            "コンピューター2が7のメルド（2番目）に7♥ 2♦を付け足した",
            "あなたがQのメルドにQ♠を付け足した", "あなたがワイルドメルドに2♥を付け足した"]),
])
def test_the_move_log_names_a_meld_by_its_rank_in_words(lang, lines):
    """Issue 27: "added A♣ to the As"; NOTATION.md's meld keys (A, 7#2, Q, W) in words."""
    from game.ui.table.movelog import describe

    i18n.set_language(lang)
    names = player_names(["human", "computer"])
    said = [describe(a, names, you=0)
            for a in ("0 add A AC", "1 add 7#2 7H 2D", "0 add Q QS", "0 add W 2H")]
    assert said == lines
