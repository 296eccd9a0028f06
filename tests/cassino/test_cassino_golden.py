"""Golden whole games (tests/golden/cassino/*.json) replayed through game.engine.record, against
scores worked out by hand (the sibling .md files), and the replay command line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.engine.cards import RANK, SUIT, parse_card
from game.engine.record import DealRecord, load_record_text, replay

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden" / "cassino"

# Worked out by hand: see game_2p.md and game_4p.md.
EXPECTED = {
    "game_2p.json": {
        "players": 2,
        "cards": [31, 21],
        "sweeps": [0, 1],
        "scores": [9, 3],
        "breakdown": [
            {"cards": 3, "spades": 1, "ten_of_diamonds": 2, "two_of_spades": 0, "aces": 3,
             "sweeps": 0},
            {"cards": 0, "spades": 0, "ten_of_diamonds": 0, "two_of_spades": 1, "aces": 1,
             "sweeps": 1},
        ],
    },
    "game_4p.json": {
        "players": 4,
        "cards": [27, 25],
        "sweeps": [3, 2],
        "scores": [9, 7],
        "breakdown": [
            {"cards": 3, "spades": 0, "ten_of_diamonds": 0, "two_of_spades": 0, "aces": 3,
             "sweeps": 3},
            {"cards": 0, "spades": 1, "ten_of_diamonds": 2, "two_of_spades": 1, "aces": 1,
             "sweeps": 2},
        ],
    },
}


def load(name: str) -> DealRecord:
    return load_record_text((GOLDEN / name).read_text(encoding="utf-8"))


def tally(record: DealRecord) -> dict:
    """An engine-free reading of a record: track the table from the action texts alone
    (trail adds the card; build adds the played card; capture removes what it names) and score
    by CN-9 and CN-10."""
    deck = [parse_card(c) for c in record.deck]
    table = set(deck[:4])
    piles = [[], []]
    sweeps = [0, 0]
    last = None
    for text in record.actions:
        seat, verb, *cards = text.replace("=", " ").split()
        side = int(seat) % 2
        if verb == "build":
            cards = cards[:-1]  # the declared value
        cards = [parse_card(c) for c in cards]
        played, named = cards[0], cards[1:]
        if verb in ("trail", "build"):
            table.add(played)
        else:
            assert set(named) <= table
            table -= set(named)
            piles[side] += [played] + named
            last = side
            if not table:
                sweeps[side] += 1
    piles[last] += sorted(table)
    out = []
    for s in range(2):
        o = 1 - s
        spades = [sum(1 for c in p if SUIT[c] == 0) for p in piles]
        out.append({
            "cards": 3 if len(piles[s]) > len(piles[o]) else 0,
            "spades": 1 if spades[s] > spades[o] else 0,
            "ten_of_diamonds": 2 if parse_card("10D") in piles[s] else 0,
            "two_of_spades": 1 if parse_card("2S") in piles[s] else 0,
            "aces": sum(1 for c in piles[s] if RANK[c] == 1),
            "sweeps": sweeps[s],
        })
    return {"cards": [len(p) for p in piles], "sweeps": sweeps, "breakdown": out}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_golden_game_scores(name):
    """CN-9, CN-10 over a whole recorded game."""
    exp = EXPECTED[name]
    record = load(name)
    assert record.rules == "cassino" and record.players == exp["players"]
    assert record.first is not None and record.dealer is None
    result, code = replay(record)
    assert code == 0 and result["ok"] and result["applied"] == len(record.actions)
    assert result["deal_over"] and result["to_move"] == -1
    assert result["deal_scores"] == exp["scores"]
    assert result["breakdown"] == exp["breakdown"]
    assert result["totals"] == exp["scores"]
    assert result["game_over"] is False and result["winner"] is None
    state = result["state"]
    assert state["captured"] == exp["cards"] and state["sweeps"] == exp["sweeps"]
    assert state["hands"] == [[] for _ in range(exp["players"])]
    assert state["table"] == {"loose": [], "reservations": []}
    # An independent tally from the action texts agrees with the hand calculation.
    t = tally(record)
    assert t["cards"] == exp["cards"] and t["sweeps"] == exp["sweeps"]
    assert t["breakdown"] == exp["breakdown"]
    assert sum(exp["scores"]) == 11 + sum(exp["sweeps"])


def test_golden_game_decides_a_match_with_prior_scores():
    """CN-11 through a record's 'scores': 15 + 9 reaches 21."""
    data = json.loads((GOLDEN / "game_2p.json").read_text())
    data["scores"] = [15, 20]
    result, code = replay(DealRecord.model_validate(data))
    assert code == 0 and result["totals"] == [24, 23]
    assert result["game_over"] is True and result["winner"] == 0
    data["scores"] = [14, 20]  # 23 and 23: level, play on
    result, _ = replay(DealRecord.model_validate(data))
    assert result["totals"] == [23, 23] and result["game_over"] is False


def test_golden_records_are_reproducible():
    """The records follow from make_records.py's seeds and policy."""
    sys.path.insert(0, str(GOLDEN))
    try:
        import make_records
    finally:
        sys.path.remove(str(GOLDEN))
    for name, (players, seed, first) in make_records.GAMES.items():
        assert make_records.make(players, seed, first) == json.loads((GOLDEN / name).read_text())


def run_cli(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "game", "replay", *args], cwd=ROOT,
                          input=stdin, capture_output=True, text=True, timeout=60)


def test_cli_replay_golden_record():
    p = run_cli(str(GOLDEN / "game_4p.json"))
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    for key in ("ok", "applied", "error", "to_move", "deal_over", "deal_scores", "breakdown",
                "totals", "game_over", "winner", "state"):
        assert key in out
    assert out["deal_scores"] == [9, 7]
    assert set(out["state"]) >= {"hands", "table", "captured"}


def test_cli_replay_partial_record_shows_the_table():
    data = json.loads((GOLDEN / "game_2p.json").read_text())
    data["actions"] = data["actions"][:2]  # after "0 build AD 8D = 9"
    p = run_cli("-", stdin=json.dumps(data))
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert out["deal_over"] is False and out["deal_scores"] is None and out["to_move"] == 1
    assert out["state"]["table"] == {
        "loose": ["KD"], "reservations": [{"cards": ["AD", "8D"], "value": 9, "owner": 0}]}
    assert out["state"]["captured"] == [0, 3]
    assert [len(h) for h in out["state"]["hands"]] == [3, 3]


def test_cli_replay_illegal_action_exit_1():
    data = json.loads((GOLDEN / "game_2p.json").read_text())
    data["actions"] = data["actions"][:2] + ["1 capture 8S AD 8D"]  # reserved as 9, not 8
    p = run_cli("-", stdin=json.dumps(data))
    assert p.returncode == 1
    out = json.loads(p.stdout)
    assert out["ok"] is False and out["applied"] == 2
    assert out["error"]["index"] == 2 and out["error"]["action"] == "1 capture 8S AD 8D"
    assert out["error"]["reason"] == (
        "AD 8D is reserved as 9: only a card of value 9 takes it, not 8S.")
    data["actions"] = ["1 capture 9H"]  # unreadable: a capture names table cards
    out = json.loads(run_cli("-", stdin=json.dumps(data)).stdout)
    assert out["error"]["index"] == 0 and "capture" in out["error"]["reason"]


@pytest.mark.parametrize("mutate", ["not json", "wrong deck", "three players", "unknown game"])
def test_cli_replay_broken_record_exit_2(mutate):
    data = json.loads((GOLDEN / "game_2p.json").read_text())
    if mutate == "wrong deck":
        data["deck"] = data["deck"][:-1] + [data["deck"][0]]
    elif mutate == "three players":
        data["players"] = 3
    elif mutate == "unknown game":
        data["rules"] = "casino"
    text = "{not json" if mutate == "not json" else json.dumps(data)
    p = run_cli("-", stdin=text)
    assert p.returncode == 2
    assert p.stdout == ""
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("replay:") and "Traceback" not in p.stderr
