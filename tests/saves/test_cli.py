"""``python -m game saves list|check|export``: exit codes, one-line messages, no tracebacks."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from game import saves
from game.cli import main
from game.engine.record import load_record_text, replay

from .helpers import new_session, play

ROOT = Path(__file__).resolve().parents[2]


def test_list(folder, capsys):
    s = play(new_session("canasta", 4, seed=1, human=True), 5)
    saves.save_as(s, "mine")
    bad = folder / "bad.json"
    bad.write_text("{", encoding="utf-8")
    assert main(["saves", "list"]) == 0
    out = capsys.readouterr().out
    assert "mine: canasta, 4 players (Ann, Bot 1, Bot 2, Bot 3)" in out
    assert "bad: DAMAGED: not valid JSON" in out
    assert "practice positions:" in out and "cassino-06" in out
    assert main(["saves", "list", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {d["name"] for d in data} >= {"mine", "bad", "canasta-going-out"}


def test_check(folder, capsys, tmp_path):
    s = play(new_session("cassino", 2, seed=1), 5)
    p = saves.save_as(s, "ok")
    assert main(["saves", "check", str(p)]) == 0
    assert "ok: cassino, 2 players" in capsys.readouterr().out
    bad = tmp_path / "bad.json"
    bad.write_bytes(p.read_bytes()[:-40])
    assert main(["saves", "check", str(bad)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not valid JSON" in err
    assert main(["saves", "check", str(tmp_path / "nothing.json")]) == 1
    assert "no such file" in capsys.readouterr().err


def test_export_gives_a_record_replay_accepts(folder, tmp_path, capsys):
    s = play(new_session("looking-and-down", 4, seed=3), 40)
    p = saves.save_as(s, "ld")
    out = tmp_path / "deal.json"
    assert main(["saves", "export", str(p), "--record", str(out)]) == 0
    record = load_record_text(out.read_text(encoding="utf-8"))
    result, code = replay(record)
    assert code == 0 and result["applied"] == len(s.history)
    assert result["state"] == s.state.summary()


def test_export_refuses_damaged_and_positions(folder, tmp_path, capsys):
    from game.saves.store import practice_dir

    out = tmp_path / "x.json"
    assert main(["saves", "export", str(practice_dir() / "cassino-06.json"),
                 "--record", str(out)]) == 1
    assert "hand-made position" in capsys.readouterr().err
    bad = tmp_path / "bad.json"
    bad.write_text("[]", encoding="utf-8")
    assert main(["saves", "export", str(bad), "--record", str(out)]) == 1
    assert not out.exists()


def test_check_every_bundled_position_in_a_real_process():
    files = sorted((ROOT / "saves").glob("*.json"))
    assert len(files) >= 9
    for f in files[:2]:  # the process path once; the rest in-process (fast)
        r = subprocess.run([sys.executable, "-m", "game", "saves", "check", str(f)], cwd=ROOT,
                           capture_output=True, text=True, timeout=60)
        assert r.returncode == 0, r.stderr
    for f in files:
        assert main(["saves", "check", str(f)]) == 0


def test_no_traceback_on_garbage(tmp_path):
    bad = tmp_path / "garbage.json"
    bad.write_bytes(bytes(range(256)) * 10)
    r = subprocess.run([sys.executable, "-m", "game", "saves", "check", str(bad)], cwd=ROOT,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 1
    assert "Traceback" not in r.stderr and r.stderr.count("\n") == 1
