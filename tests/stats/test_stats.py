"""Statistics (docs/stats.md): what finished deals add, from the engine's own breakdown and
replay state; dedup of reloaded games; practice and computer-only games not counted; the
damaged file set aside; take-back games counted apart; the daily deal counted once."""

from __future__ import annotations

import json
from datetime import date

import pytest

from game import listeners, saves
from game.engine.deals import daily_number
from game.session import GameSession, SeatConfig
from game.stats import recorder, store
from game.stats.model import bucket_key


@pytest.fixture
def stats_file(tmp_path, monkeypatch):
    path = tmp_path / "data" / "stats.json"
    monkeypatch.setattr(store, "stats_path", lambda: path)
    monkeypatch.setattr(listeners, "DEAL_SCORED", [recorder.record_deal])
    return path


def human_session(rules: str, players: int, number: int, level: str = "normal",
                  **kw) -> GameSession:
    seats = [SeatConfig("human")] + [SeatConfig("computer", level) for _ in range(players - 1)]
    return GameSession(rules, players, seats=seats, number=number, dealer=0, **kw)


def play_deal(s: GameSession) -> None:
    if s.state is None or s.state.is_over():
        s.start_deal()
    while not s.state.is_over():
        s.apply(s.bot_move(s.state.current_player()))  # the human's seat plays a hint


def read() -> object:
    loaded = store.read()
    assert loaded.problem is None
    return loaded.stats


def test_canasta_deals_count_what_the_engine_reports(stats_file):
    """CA-13 (canastas), CA-15 (scoring): the counts are those of the deal's public state."""
    s = human_session("canasta", 2, 31)
    expected = {"natural": 0, "mixed": 0, "red": 0, "out": 0, "total": 0, "best": None}
    for _ in range(2):
        play_deal(s)
        public = s.state.summary()
        for meld in public["melds"][0]:
            if meld["canasta"]:
                expected["natural" if meld["natural"] else "mixed"] += 1
        expected["red"] += public["red_threes"][0]
        expected["out"] += public["went_out"] == 0
        score = s.match.deal_history[-1][0]
        expected["total"] += score
        expected["best"] = score if expected["best"] is None else max(expected["best"], score)
    b = read().buckets[bucket_key("canasta", 2, "normal")]
    assert b.deals.played == 2 and b.deals.won + b.deals.lost + b.deals.drawn == 2
    assert (b.canastas_natural, b.canastas_mixed, b.red_threes, b.went_out) == (
        expected["natural"], expected["mixed"], expected["red"], expected["out"])
    assert b.score_total == expected["total"] and b.best_score == expected["best"]
    assert b.average_score == expected["total"] / 2
    assert b.games.played == 0  # the game goes on
    assert len(read().recent["canasta"]) == 2


def test_canastone_wild_canastas_are_special(stats_file):
    """CS-7: a canasta of wild cards counts as special, not natural or mixed."""
    s = human_session("canastone", 2, 8)
    play_deal(s)
    melds = s.state.summary()["melds"][0]
    b = read().buckets[bucket_key("canastone", 2, "normal")]
    canastas = [m for m in melds if m["canasta"]]
    assert b.canastas_special == sum(m["rank"] == "W" for m in canastas)
    assert b.canastas_natural + b.canastas_mixed + b.canastas_special == len(canastas)


def test_cassino_games_count_games_streaks_and_majorities(stats_file):
    """CN-9 (sweeps), CN-10 (cards and spades), CN-11 (the game to 21)."""
    results, sweeps, cards, spades, deals = [], 0, 0, 0, 0
    for number in (1, 2, 3, 4):
        s = human_session("cassino", 2, number, level="easy")
        while not s.game_over:
            play_deal(s)
            parts = s.state.breakdown()[0]
            sweeps += parts["sweeps"]
            cards += parts["cards"] > 0
            spades += parts["spades"] > 0
            deals += 1
        results.append("drawn" if s.match.winner is None else
                       "won" if s.match.winner == 0 else "lost")
    b = read().buckets[bucket_key("cassino", 2, "easy")]
    assert b.games.played == 4 and [b.games.won, b.games.lost, b.games.drawn] == [
        results.count("won"), results.count("lost"), results.count("drawn")]
    assert (b.sweeps, b.cards_majorities, b.spades_majorities) == (sweeps, cards, spades)
    assert b.deals.played == deals
    runs = {"won": 0, "lost": 0}
    best = {"won": 0, "lost": 0}
    for r in results:
        for k in runs:
            runs[k] = runs[k] + 1 if r == k else 0
            best[k] = max(best[k], runs[k])
    assert (b.best_streak, b.worst_streak) == (best["won"], best["lost"])
    last = results[-1]
    assert b.streak == (runs["won"] if last == "won" else -runs["lost"] if last == "lost" else 0)


def test_a_deal_counts_once_even_when_its_save_is_played_again(stats_file, tmp_path):
    s = human_session("cassino", 2, 5)
    s.start_deal()
    while len(s.history) < 6:
        s.apply(s.bot_move(s.state.current_player()))
    path = saves.save_as(s, "before the end", folder=tmp_path / "saves")
    play_deal(s)
    assert read().buckets[bucket_key("cassino", 2, "normal")].deals.played == 1
    again = saves.load(path)  # the same game (its game id), played to the same end
    play_deal(again)
    assert read().buckets[bucket_key("cassino", 2, "normal")].deals.played == 1
    assert recorder.record_deal(s) is False


def test_practice_and_computer_only_games_do_not_count(stats_file):
    bots = GameSession("cassino", 2, seats=[SeatConfig(), SeatConfig()], number=3)
    play_deal(bots)
    practice = saves.start_practice(saves.list_practice()[0].path)
    while not practice.state.is_over():
        practice.apply(practice.bot_move(practice.state.current_player()))
    assert read().buckets == {} and not stats_file.exists()


def test_take_back_games_count_apart(stats_file):
    s = human_session("cassino", 2, 6)
    s.took_back = True  # what a take-back will set (it does not exist yet)
    while not s.game_over:
        play_deal(s)
    b = read().buckets[bucket_key("cassino", 2, "normal")]
    assert b.take_backs.played == 1 and b.games.played == 0 and b.deals.played == 0
    assert b.streak == 0 and b.score_total == 0


def test_a_damaged_file_is_reported_then_set_aside_never_lost(stats_file):
    stats_file.parent.mkdir(parents=True)
    for garbage in (b"{ not json", b'{"format": "cardtable-stats", "version": 1, '
                    b'"buckets": {"bad key": 3}}', b"\xff\xfe", b"[]"):
        stats_file.write_bytes(garbage)
        assert store.read().problem
        play_deal(human_session("cassino", 2, 7))
        aside = store.damaged_files()
        assert garbage in [p.read_bytes() for p in aside]
        assert read().buckets[bucket_key("cassino", 2, "normal")].deals.played == 1
        for p in aside:
            p.unlink()


def test_an_unwritable_file_never_stops_the_game(stats_file):
    stats_file.parent.mkdir(parents=True)
    stats_file.mkdir()  # a folder where the file should be: every write fails
    s = human_session("cassino", 2, 7)
    play_deal(s)  # no exception
    assert s.scored


def test_the_daily_deal_counts_its_first_attempt_only(stats_file):
    day = date(2026, 11, 23)
    number = daily_number("cassino", day)

    def attempt():
        return human_session("cassino", 2, number, daily=day.isoformat())

    first, replay = attempt(), attempt()
    assert recorder.begin_daily(first) is True
    assert recorder.begin_daily(replay) is False  # started after the first: not counted
    play_deal(replay)
    assert read().buckets == {}
    assert recorder.daily_entry("cassino", day).result is None
    play_deal(first)
    entry = recorder.daily_entry("cassino", day)
    scores = first.match.deal_history[0]
    assert entry.number == number and entry.score == scores[0]
    assert entry.result == ("won" if scores[0] > scores[1] else
                            "lost" if scores[0] < scores[1] else "drawn")
    assert read().buckets[bucket_key("cassino", 2, "normal")].deals.played == 1


def test_reset_empties_the_statistics(stats_file):
    play_deal(human_session("cassino", 2, 9))
    store.reset()
    assert read().buckets == {} and read().recorded == []


def test_the_command_prints_the_statistics(stats_file, capsys):
    from game.cli import main

    assert main(["stats", "--file", str(stats_file)]) == 0
    assert "no statistics yet" in capsys.readouterr().out
    play_deal(human_session("cassino", 2, 9))
    assert main(["stats", "--file", str(stats_file)]) == 0
    out = capsys.readouterr().out
    # Cassino's own words (CN-11): a deal is a game, the whole game a match
    assert "cassino, 2 players, normal computers: matches 0" in out and "games 1" in out
    assert "deals" not in out
    assert main(["stats", "--json", "--file", str(stats_file)]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["buckets"]["cassino/2/normal"]["deals"]["played"] == 1
    stats_file.write_bytes(b"\x00garbage")
    assert main(["stats", "--file", str(stats_file)]) == 0
    err = capsys.readouterr().err
    assert "cannot be read" in err and "\x00" not in err and "Traceback" not in err
    assert main(["stats", "--bogus"]) == 2


def test_the_program_counts_what_the_player_plays(stats_file, tmp_path, monkeypatch):
    """``python -m game`` registers the statistics (once, however often it runs); a tool's or
    a test's games count nowhere until then."""
    from game.cli import main
    from game.commands import play
    from game.ui.app import App

    monkeypatch.setattr(listeners, "DEAL_SCORED", [])
    play_deal(human_session("cassino", 2, 11))
    assert main(["play", "--screenshot", str(tmp_path / "menu.png")]) == 0
    assert listeners.DEAL_SCORED == [] and not stats_file.exists()  # a picture plays nothing
    monkeypatch.setattr(App, "run", lambda app: app.close() or 0)  # the window, closed at once
    for _ in range(2):
        assert main(["play"]) == 0
    # The statistics and the History of finished deals (issue 13), each once.
    from game.replay.history import record_finished_deal

    assert [play.record_statistics, record_finished_deal] == listeners.DEAL_SCORED
    play_deal(human_session("cassino", 2, 12))
    assert read().buckets[bucket_key("cassino", 2, "normal")].deals.played == 1
