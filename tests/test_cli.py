"""The command line (`python -m game ...`), run as a subprocess from the repository root:
help, argument errors, `replay` (NOTATION.md, "Replaying"), `selfplay` and `bench`."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.engine.registry import GAME_NAMES, GAMES

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden" / "canasta"
RESULT_KEYS = {"ok", "applied", "error", "to_move", "deal_over", "deal_scores", "breakdown",
               "totals", "game_over", "winner", "state"}
STATE_KEYS = {"hands", "stock", "discard", "frozen", "melds", "red_threes"}


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT, input=stdin,
                          capture_output=True, text=True, timeout=120, env=env)


def golden(name: str) -> dict:
    return json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))


def write(tmp_path: Path, record: dict | str, name: str = "record.json") -> str:
    path = tmp_path / name
    path.write_text(record if isinstance(record, str) else json.dumps(record),
                    encoding="utf-8")
    return str(path)


def assert_one_line_error(proc: subprocess.CompletedProcess) -> None:
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr and "Traceback" not in proc.stdout
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].strip()
    assert proc.stdout.strip() == ""


# ---------------------------------------------------------------------------------------
# Help and arguments
# ---------------------------------------------------------------------------------------
def test_help_lists_the_commands():
    proc = run("--help")
    assert proc.returncode == 0
    for command in ("replay", "selfplay", "bench"):
        assert command in proc.stdout


@pytest.mark.parametrize("args", [
    ("bogus",),
    ("replay",),
    ("selfplay",),
    ("selfplay", "--rules", "poker"),
    ("selfplay", "--rules", "canasta", "--games", "many"),
    ("bench", "--runs", "x"),
    ("--no-such-flag",),
])
def test_bad_arguments_exit_2_with_usage(args):
    proc = run(*args)
    assert proc.returncode == 2
    assert "usage:" in proc.stderr
    assert "Traceback" not in proc.stderr


# ---------------------------------------------------------------------------------------
# replay
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["canasta-4", "quick-canasta-2", "canastone-4",
                                  "looking-and-down-3"])
def test_replay_golden_record(name):
    proc = run("replay", str(GOLDEN / f"{name}.json"))
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert set(out) >= RESULT_KEYS
    assert out["ok"] is True and out["error"] is None
    assert out["applied"] == len(golden(name)["actions"])
    assert out["deal_over"] is True and out["to_move"] == -1
    assert isinstance(out["deal_scores"], list) and isinstance(out["breakdown"], list)
    assert len(out["deal_scores"]) == len(out["totals"]) == len(out["breakdown"])
    assert out["game_over"] is False and out["winner"] is None
    state = out["state"]
    assert set(state) >= STATE_KEYS
    record = golden(name)
    assert len(state["hands"]) == record["players"]
    assert isinstance(state["stock"], int) and isinstance(state["frozen"], bool)
    assert all(isinstance(c, str) for c in state["discard"])
    assert len(state["melds"]) == len(out["totals"])
    for side in state["melds"]:
        for meld in side:
            assert {"rank", "cards"} <= set(meld)
    assert len(state["red_threes"]) == len(out["totals"])
    if record["rules"] == "looking-and-down":
        assert "downs" in state and len(state["downs"]) == record["players"]
    else:
        assert "downs" not in state
    stderr = proc.stderr.strip()
    assert stderr == ""


def test_replay_reads_standard_input():
    text = (GOLDEN / "quick-canasta-2.json").read_text(encoding="utf-8")
    from_stdin = run("replay", "-", stdin=text)
    from_file = run("replay", str(GOLDEN / "quick-canasta-2.json"))
    assert from_stdin.returncode == 0
    assert json.loads(from_stdin.stdout) == json.loads(from_file.stdout)


def test_replay_partial_record_reports_the_position(tmp_path):
    record = golden("canasta-4")
    record["actions"] = record["actions"][:4]
    proc = run("replay", write(tmp_path, record))
    assert proc.returncode == 0
    out = json.loads(proc.stdout)
    assert out["applied"] == 4 and out["deal_over"] is False
    assert out["deal_scores"] is None and out["breakdown"] is None
    assert out["totals"] == record["scores"]
    assert out["to_move"] == 3


def test_replay_illegal_action_exits_1(tmp_path):
    record = golden("canasta-4")
    record["actions"] = record["actions"][:2] + ["2 draw"] + record["actions"][2:]
    proc = run("replay", write(tmp_path, record))
    assert proc.returncode == 1
    out = json.loads(proc.stdout)
    assert out["ok"] is False and out["applied"] == 2
    assert out["error"]["index"] == 2
    assert out["error"]["action"] == "2 draw"
    reason = out["error"]["reason"]
    assert reason == "You have already drawn this turn."
    # the state is the one after the last legal action
    assert out["state"]["phase"] == "play" and out["to_move"] == 2
    assert "Traceback" not in proc.stderr


def test_replay_unreadable_action_exits_1(tmp_path):
    record = golden("canasta-4")
    record["actions"] = ["2 dance"]
    proc = run("replay", write(tmp_path, record))
    assert proc.returncode == 1
    out = json.loads(proc.stdout)
    assert out["error"] == {"index": 0, "action": "2 dance",
                            "reason": out["error"]["reason"]}
    assert "not a verb" in out["error"]["reason"]


def test_replay_add_to_a_missing_meld_exits_1(tmp_path):
    """(Once an engine crash: 'add' to a meld the side does not have.)"""
    record = golden("canasta-4")
    record["actions"] = ["2 draw", "2 add 9 9D"]
    proc = run("replay", write(tmp_path, record))
    assert "Traceback" not in proc.stderr
    assert proc.returncode == 1
    out = json.loads(proc.stdout)
    assert out["error"]["index"] == 1 and out["applied"] == 1
    assert out["error"]["reason"].endswith(".")


def test_replay_odd_digit_seat_exits_1(tmp_path):
    record = golden("canasta-4")
    record["actions"] = ["² draw"]
    proc = run("replay", write(tmp_path, record))
    assert "Traceback" not in proc.stderr
    assert proc.returncode == 1
    assert json.loads(proc.stdout)["error"]["index"] == 0


def test_replay_not_json_exits_2(tmp_path):
    assert_one_line_error(run("replay", write(tmp_path, "{not json at all")))


def test_replay_not_an_object_exits_2(tmp_path):
    assert_one_line_error(run("replay", write(tmp_path, "[1, 2, 3]")))


def test_replay_unknown_game_exits_2(tmp_path):
    record = golden("canasta-4")
    record["rules"] = "poker"
    proc = run("replay", write(tmp_path, record))
    assert_one_line_error(proc)
    assert "poker" in proc.stderr


@pytest.mark.parametrize("change", ["missing", "extra", "bad card"])
def test_replay_wrong_deck_exits_2(tmp_path, change):
    record = golden("canasta-4")
    if change == "missing":
        record["deck"] = record["deck"][:-1]
    elif change == "extra":
        record["deck"] = record["deck"] + ["AS"]
    else:
        record["deck"][5] = "ZZ"
    assert_one_line_error(run("replay", write(tmp_path, record)))


def test_replay_canastone_misdeal_deck_exits_2(tmp_path):
    """CS-2 (decided): a record whose deck is a misdeal (three wild or three starters) is
    unusable."""
    record = golden("canastone-4")
    deck = record["deck"]
    for pos, card in zip((60, 61, 62), ("JK", "2S", "3C")):
        other = deck.index(card, pos) if card in deck[pos:] else deck.index(card)
        deck[pos], deck[other] = deck[other], deck[pos]
    record["actions"] = []
    proc = run("replay", write(tmp_path, record))
    assert_one_line_error(proc)
    assert "three" in proc.stderr


def test_replay_bad_player_count_and_missing_keeper_exit_2(tmp_path):
    record = golden("canasta-4")
    record["players"] = 5
    assert_one_line_error(run("replay", write(tmp_path, record)))
    record = golden("looking-and-down-3")
    del record["keeper"]
    assert_one_line_error(run("replay", write(tmp_path, record)))


def test_replay_missing_file_exits_2(tmp_path):
    assert_one_line_error(run("replay", str(tmp_path / "nowhere.json")))


def test_replay_stdin_not_json_exits_2():
    assert_one_line_error(run("replay", "-", stdin="hello"))


# ---------------------------------------------------------------------------------------
# selfplay and bench
# ---------------------------------------------------------------------------------------
SELFPLAY = [(g, n) for g, info in GAMES.items() for n in info.player_counts]


@pytest.mark.parametrize("rules,players", SELFPLAY, ids=[f"{g}-{n}" for g, n in SELFPLAY])
def test_selfplay_one_game(rules, players):
    proc = run("selfplay", "--rules", rules, "--players", str(players), "--games", "1",
               "--seed", "3", "--json")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    out = json.loads(proc.stdout)
    assert {"rules", "players", "games", "completed", "deals", "actions", "errors",
            "violations", "seconds"} <= set(out)
    assert out["rules"] == rules and out["players"] == players and out["games"] == 1
    assert out["completed"] == 1
    assert out["errors"] == [] and out["violations"] == []
    assert out["deals"] >= 1 and out["actions"] > 0


def test_selfplay_refuses_a_bad_player_count():
    proc = run("selfplay", "--rules", "canastone", "--players", "5", "--json")
    assert proc.returncode == 2
    assert "Traceback" not in proc.stdout + proc.stderr


def test_bench_json():
    proc = run("bench", "--json", "--runs", "1", "--seconds", "0.2")
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert set(out) == {"engine"}
    assert set(out["engine"]) == set(GAME_NAMES)
    for name, figures in out["engine"].items():
        assert {"players", "actions_per_s", "deals_per_s"} <= set(figures), name
        assert figures["actions_per_s"] > 0 and figures["deals_per_s"] > 0


def test_bench_startup_reports_medians_of_child_processes(capsys, tmp_path, monkeypatch):
    """``bench --startup --json`` (issue 11): the bare interpreter, --help and the first menu
    frame, from a folder that is not the checkout."""
    import json as json_module

    from game.cli import main

    monkeypatch.chdir(tmp_path)
    assert main(["bench", "--startup", "--runs", "1", "--json"]) == 0
    figures = json_module.loads(capsys.readouterr().out)["startup"]
    assert {"python_ms", "help_ms", "menu_first_frame_ms"} <= set(figures)
    assert 0 < figures["python_ms"] < figures["menu_first_frame_ms"]
