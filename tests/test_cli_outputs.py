"""The command line's outputs and echoes (issue 27): an output that is not a regular file (a
device such as /dev/full, a pipe) is never replaced; a control character in an argument is
never echoed raw to the terminal; ``screenshot --record`` refuses options the record
overrides. Usage errors exit 2 with argparse's usage, as every other (tests/test_cli_errors.py).
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from game import applog
from game.cli import main
from game.saves.atomic import write_atomic

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden" / "canasta" / "canasta-4.json"
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")


@pytest.fixture
def private_log(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_LOG_DIR", str(tmp_path / "logs"))
    yield tmp_path / "logs"
    applog.shutdown()


@pytest.fixture
def save_file(tmp_path) -> Path:
    from game.saves.files import build_document, encode
    from game.session import GameSession, SeatConfig

    session = GameSession("cassino", 2, seats=[SeatConfig("computer")] * 2, seed=3)
    session.start_deal()
    for _ in range(4):
        session.apply(session.bot_move(session.state.current_player()))
    path = tmp_path / "game.json"
    path.write_bytes(encode(build_document(session)))
    return path


@pytest.fixture
def fifo(tmp_path) -> Path:
    path = tmp_path / "pipe"
    os.mkfifo(path)
    return path


@needs_fifo
def test_export_never_replaces_a_pipe(save_file, fifo, private_log, capsys):
    """``saves export GAME --record /dev/full`` (as root) replaced the device with a regular
    file; a pipe was replaced the same way. Refused as a usage error, the pipe kept."""
    assert main(["saves", "export", str(save_file), "--record", str(fifo)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("usage:")
    assert "not a regular file" in err.splitlines()[-1]
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


@needs_fifo
@pytest.mark.parametrize("command", [["screenshot", "--rules", "canasta", "--out"],
                                     ["play", "--screenshot"]])
def test_no_output_option_replaces_a_pipe(command, fifo, private_log, capsys):
    assert main([*command, str(fifo)]) == 2
    assert "not a regular file" in capsys.readouterr().err
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


@needs_fifo
def test_the_atomic_writer_replaces_regular_files_only(tmp_path, fifo):
    """The one writer (saves, records, statistics, settings): a pipe or a folder at the
    target, or at the backup's name, stays as it is."""
    folder = tmp_path / "folder"
    folder.mkdir()
    for target, backup in ((fifo, None), (folder, None), (tmp_path / "f.json", fifo)):
        with pytest.raises(OSError) as e:
            write_atomic(target, b"{}", backup=backup)
        assert "not a regular file" in str(e.value)
    assert stat.S_ISFIFO(os.stat(fifo).st_mode) and folder.is_dir()
    assert not (tmp_path / "f.json").exists()
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []
    write_atomic(tmp_path / "f.json", b"{}")  # a regular file (or none) is written as before
    write_atomic(tmp_path / "f.json", b"[]", backup=tmp_path / "f.bak")
    assert (tmp_path / "f.json").read_bytes() == b"[]"


@pytest.mark.parametrize("argv", [
    ["saves", "check", "x\n\x1b[2J"],
    ["saves", "export", "x\x1b[2J\x07", "--record", "-"],
    ["saves", "list", "\x1b[2J"],  # argparse's own message: unrecognized arguments
    ["replay", "\x1b]0;title\x07\x9b2J"],
])
def test_control_characters_in_arguments_are_never_echoed_raw(argv, private_log, capsys):
    """``saves check $'x\\n\\e[2J'`` cleared the terminal."""
    code = main(argv)
    out, err = capsys.readouterr()
    assert code in (1, 2)
    for text in (out, err):
        assert not any(c in text for c in "\x1b\x07\x9b\r")
    assert "\\x1b" in err or "?" in err
    if argv[:2] == ["saves", "check"]:
        assert err.count("\n") == 1  # the file's name is echoed on the message's one line


def test_terminal_text_shows_what_it_does_not_let_through():
    from game.safetext import terminal_text

    assert terminal_text("a\tb\nc") == "a\tb\nc"
    assert terminal_text("x\x1b[2J\r") == "x\\x1b[2J\\x0d"
    assert terminal_text("日本\u202e\x9b") == "日本\\u202e\\x9b"


def test_screenshot_of_a_record_refuses_rules(tmp_path, private_log, capsys):
    """``screenshot --record R --rules cassino`` silently ignored --rules."""
    out = tmp_path / "x.png"
    for extra in (["--rules", "cassino"], ["--players", "3"], ["--score-sheet"]):
        code = main(["screenshot", "--record", str(GOLDEN), "--out", str(out), *extra])
        err = capsys.readouterr().err
        assert code == 2 and err.startswith("usage:")
        assert "cannot go with --record" in err and extra[0] in err
    assert not out.exists()
    assert json.loads(GOLDEN.read_text(encoding="utf-8"))["rules"] == "canasta"
