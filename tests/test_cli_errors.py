"""Malformed command lines, every subcommand, in-process through ``game.cli.main``.

The contract (cli.py): a bad command line or unusable input exits 2 (``saves check`` of a file
that is not a loadable save: 1, as documented) with no traceback, one line of message on
standard error (after argparse's usage, for argument errors) and nothing on standard output.
Cases: missing, garbage and out-of-range values, missing files, folders given as files,
unwritable outputs, huge and endless inputs, binary input.
"""

from __future__ import annotations

import io
import json
import os
import sys
from pathlib import Path

import pytest

from game import applog
from game.cli import main

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden" / "canasta" / "canasta-4.json"
HUGE = 9 * 1024 * 1024  # over the one input limit (game.inputs.MAX_BYTES)
LONG_NUMBER = "9" * 5000  # more digits than Python converts


def record(**change) -> str:
    data = json.loads(GOLDEN.read_text(encoding="utf-8"))
    data.update(change)
    return json.dumps(data)


# name -> contents (str or bytes), written into the test's folder as {name}
FILES = {
    "notes.txt": "not a record",
    "binary.bin": bytes(range(256)) * 64,
    "latin1.json": '{"rules": "caf\u00e9"}'.encode("latin-1"),
    "empty.json": "",
    "array.json": "[1, 2, 3]",
    "nested.json": "[" * 100_000 + "]" * 100_000,
    "nested-object.json": '{"a":' * 50_000 + "1" + "}" * 50_000,
    "long-number.json": '{"players": ' + LONG_NUMBER + "}",
    "truncated.json": record()[:200],
    "players-0.json": record(players=0),
    "players-huge.json": record(players=10 ** 30),
    "dealer-huge.json": record(dealer=10 ** 20),
    "dealer-negative.json": record(dealer=-1),
    "rules-newline.json": record(rules="po\nker"),
    "rules-number.json": record(rules=5),
    "deck-empty.json": record(deck=[]),
    "deck-numbers.json": record(deck=[1, 2, 3]),
    "scores-sides.json": record(scores=[0, 0, 0]),
    "scores-nan.json": record()[:-1] + ', "scores": NaN}',
    "option-unknown.json": record(options=["no-such-option"]),
    "actions-text.json": record(actions="2 draw"),
    "actions-numbers.json": record(actions=[1, 2]),
    "format-newer.json": record(format="cardtable-record/2"),
    "extra-field.json": record(colour="blue"),
}

# (arguments, standard input or None, expected exit code). {tmp} is the test's folder.
SAVE_CHECK_CODE = 1  # docs/saves.md: check exits 1 with the reason when the file does not load
CASES = [
    # the program
    (["bogus"], None, 2),
    (["--no-such-flag"], None, 2),
    (["--verbose", "bogus"], None, 2),
    ([""], None, 2),
    (["--verbose=yes"], None, 2),
    # replay: arguments and files
    (["replay"], None, 2),
    (["replay", "a.json", "b.json"], None, 2),
    (["replay", "--bogus", "x.json"], None, 2),
    (["replay", "{tmp}/nowhere.json"], None, 2),
    (["replay", "{tmp}/folder"], None, 2),
    (["replay", "{tmp}/notes.txt/record.json"], None, 2),
    (["replay", "{tmp}/huge.json"], None, 2),
    (["replay", "/dev/zero"], None, 2),
    (["replay", "{tmp}/bad\0name.json"], None, 2),
    (["replay", "{tmp}/notes.txt"], None, 2),
    (["replay", "{tmp}/binary.bin"], None, 2),
    (["replay", "{tmp}/latin1.json"], None, 2),
    (["replay", "{tmp}/empty.json"], None, 2),
    (["replay", "{tmp}/array.json"], None, 2),
    (["replay", "{tmp}/nested.json"], None, 2),
    (["replay", "{tmp}/nested-object.json"], None, 2),
    (["replay", "{tmp}/long-number.json"], None, 2),
    (["replay", "{tmp}/truncated.json"], None, 2),
    # replay: records that parse but cannot be dealt
    (["replay", "{tmp}/players-0.json"], None, 2),
    (["replay", "{tmp}/players-huge.json"], None, 2),
    (["replay", "{tmp}/dealer-huge.json"], None, 2),
    (["replay", "{tmp}/dealer-negative.json"], None, 2),
    (["replay", "{tmp}/rules-newline.json"], None, 2),
    (["replay", "{tmp}/rules-number.json"], None, 2),
    (["replay", "{tmp}/deck-empty.json"], None, 2),
    (["replay", "{tmp}/deck-numbers.json"], None, 2),
    (["replay", "{tmp}/scores-sides.json"], None, 2),
    (["replay", "{tmp}/scores-nan.json"], None, 2),
    (["replay", "{tmp}/option-unknown.json"], None, 2),
    (["replay", "{tmp}/actions-text.json"], None, 2),
    (["replay", "{tmp}/actions-numbers.json"], None, 2),
    (["replay", "{tmp}/format-newer.json"], None, 2),
    (["replay", "{tmp}/extra-field.json"], None, 2),
    # replay: standard input
    (["replay", "-"], b"", 2),
    (["replay", "-"], b"y\n" * (HUGE // 2), 2),  # `yes | cardtable replay -`
    (["replay", "-"], bytes(range(256)) * 16, 2),
    (["replay", "-"], b"[" * 100_000, 2),
    (["replay", "-"], LONG_NUMBER.encode(), 2),
    # selfplay
    (["selfplay"], None, 2),
    (["selfplay", "--rules"], None, 2),
    (["selfplay", "--rules", "poker"], None, 2),
    (["selfplay", "--rules", "canasta", "--players", "0"], None, 2),
    (["selfplay", "--rules", "canasta", "--players", "-1"], None, 2),
    (["selfplay", "--rules", "canasta", "--players", "99"], None, 2),
    (["selfplay", "--rules", "canasta", "--players", "four"], None, 2),
    (["selfplay", "--rules", "canasta", "--players", "1" + "0" * 30], None, 2),
    (["selfplay", "--rules", "canastone", "--players", "5"], None, 2),
    (["selfplay", "--rules", "cassino", "--players", "3"], None, 2),
    (["selfplay", "--rules", "canasta", "--games", "0"], None, 2),
    (["selfplay", "--rules", "canasta", "--games", "-5"], None, 2),
    (["selfplay", "--rules", "canasta", "--games", "many"], None, 2),
    (["selfplay", "--rules", "canasta", "--games", "1" + "0" * 12], None, 2),
    (["selfplay", "--rules", "canasta", "--seed", "x"], None, 2),
    (["selfplay", "--rules", "canasta", "--seed", LONG_NUMBER], None, 2),
    (["selfplay", "--rules", "canasta", "--option", "no-such-option"], None, 2),
    (["selfplay", "--rules", "canasta", "--policy", "smart"], None, 2),
    # tournament
    (["tournament", "--rules", "cassino"], None, 2),
    (["tournament", "--rules", "cassino", "--a", "bogus", "--b", "easy"], None, 2),
    (["tournament", "--rules", "cassino", "--a", "easy", "--b", ""], None, 2),
    (["tournament", "--rules", "cassino", "--a", "easy", "--b", "normal", "--players", "0"],
     None, 2),
    (["tournament", "--rules", "cassino", "--a", "easy", "--b", "normal", "--players", "3"],
     None, 2),
    (["tournament", "--rules", "cassino", "--a", "easy", "--b", "normal", "--deals", "0"],
     None, 2),
    (["tournament", "--rules", "cassino", "--a", "easy", "--b", "normal", "--deals", "-1"],
     None, 2),
    (["tournament", "--rules", "cassino", "--a", "easy", "--b", "normal",
      "--deals", "1000000000"], None, 2),
    (["tournament", "--rules", "cassino", "--a", "easy", "--b", "normal", "--jobs", "0"],
     None, 2),
    (["tournament", "--rules", "cassino", "--a", "easy", "--b", "normal", "--jobs", "100000"],
     None, 2),
    (["tournament", "--rules", "cassino", "--a", "easy", "--b", "normal", "--deadline", "0"],
     None, 2),
    (["tournament", "--rules", "cassino", "--a", "easy", "--b", "normal", "--deadline", "x"],
     None, 2),
    (["tournament", "--rules", "cassino", "--a", "easy", "--b", "normal", "--option", "nope"],
     None, 2),
    (["tournament", "--rules", "poker", "--a", "easy", "--b", "normal"], None, 2),
    # bench
    (["bench", "--runs", "0"], None, 2),
    (["bench", "--runs", "-1"], None, 2),
    (["bench", "--runs", "x"], None, 2),
    (["bench", "--runs", "1000000000"], None, 2),
    (["bench", "--seconds", "0"], None, 2),
    (["bench", "--seconds", "-1"], None, 2),
    (["bench", "--seconds", "nan"], None, 2),
    (["bench", "--seconds", "inf"], None, 2),
    (["bench", "--seconds", "soon"], None, 2),
    (["bench", "--rules", "poker"], None, 2),
    (["bench", "--ai", "--ai-levels", "genius"], None, 2),
    (["bench", "--ai", "--ai-levels", ","], None, 2),
    (["bench", "--ai-deadline", "0"], None, 2),
    (["bench", "--startup", "--runs", "0"], None, 2),
    # saves
    (["saves"], None, 2),
    (["saves", "bogus"], None, 2),
    (["saves", "check"], None, 2),
    (["saves", "check", "{tmp}/nowhere.json"], None, SAVE_CHECK_CODE),
    (["saves", "check", "{tmp}/folder"], None, SAVE_CHECK_CODE),
    (["saves", "check", "{tmp}/binary.bin"], None, SAVE_CHECK_CODE),
    (["saves", "check", "{tmp}/huge.json"], None, SAVE_CHECK_CODE),
    (["saves", "check", "{tmp}/nested.json"], None, SAVE_CHECK_CODE),
    (["saves", "export", "{save}"], None, 2),
    (["saves", "export", "{save}", "--record", "{tmp}/missing/dir/out.json"], None, 2),
    (["saves", "export", "{save}", "--record", "{tmp}/folder"], None, 2),
    (["saves", "export", "{save}", "--record", "{tmp}/notes.txt/out.json"], None, 2),
    (["saves", "export", "{save}", "--record", ""], None, 2),
    (["saves", "export", "{tmp}/nowhere.json", "--record", "{tmp}/out.json"], None,
     SAVE_CHECK_CODE),
    # screenshot (all refused before anything is drawn)
    (["screenshot", "--out", "{tmp}/x.png"], None, 2),
    (["screenshot", "--rules", "canasta"], None, 2),
    (["screenshot", "--rules", "canasta", "--out", "{tmp}/missing/dir/x.png"], None, 2),
    (["screenshot", "--rules", "canasta", "--out", "{tmp}/folder"], None, 2),
    (["screenshot", "--rules", "canasta", "--out", "{tmp}/notes.txt/x.png"], None, 2),
    (["screenshot", "--rules", "canasta", "--out", ""], None, 2),
    (["screenshot", "--rules", "canasta", "--out", "{tmp}/x.png", "--size", "100000x100000"],
     None, 2),
    (["screenshot", "--rules", "canasta", "--out", "{tmp}/x.png", "--size", "10x10"], None, 2),
    (["screenshot", "--rules", "canasta", "--out", "{tmp}/x.png", "--size", "big"], None, 2),
    (["screenshot", "--rules", "canasta", "--out", "{tmp}/x.png", "--size", "1280x"], None, 2),
    (["screenshot", "--rules", "canasta", "--out", "{tmp}/x.png", "--level", "genius"], None, 2),
    (["screenshot", "--rules", "canasta", "--out", "{tmp}/x.png", "--players", "0"], None, 2),
    (["screenshot", "--rules", "cassino", "--out", "{tmp}/x.png", "--players", "3"], None, 2),
    (["screenshot", "--rules", "canasta", "--out", "{tmp}/x.png", "--moves", "-1"], None, 2),
    (["screenshot", "--rules", "canasta", "--out", "{tmp}/x.png", "--moves", "lots"], None, 2),
    (["screenshot", "--rules", "canasta", "--out", "{tmp}/x.png", "--language", "xx"], None, 2),
    (["screenshot", "--rules", "canasta", "--out", "{tmp}/x.png", "--card-size", "huge"],
     None, 2),
    (["screenshot", "--rules", "canasta", "--out", "{tmp}/x.png", "--seed", "x"], None, 2),
    # play (all refused before a window opens)
    (["play", "--size", "x"], None, 2),
    (["play", "--size", "100000x100000"], None, 2),
    (["play", "--language", "xx"], None, 2),
    (["play", "--rules", "poker"], None, 2),
    (["play", "--rules", "canasta", "--players", "0"], None, 2),
    (["play", "--rules", "cassino", "--players", "3"], None, 2),
    (["play", "--players", "4"], None, 2),
    (["play", "--seed", "3"], None, 2),
    (["play", "--screenshot", "{tmp}/missing/dir/menu.png"], None, 2),
    (["play", "--screenshot", "{tmp}/folder"], None, 2),
    (["play", "--fullscreen", "--windowed"], None, 2),
]


@pytest.fixture(scope="module")
def inputs(tmp_path_factory) -> Path:
    tmp = tmp_path_factory.mktemp("cli-inputs")
    for name, content in FILES.items():
        path = tmp / name
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    (tmp / "folder").mkdir()
    with open(tmp / "huge.json", "wb") as f:  # sparse: costs no disk
        f.truncate(HUGE)
    return tmp


@pytest.fixture(scope="module")
def save_file(tmp_path_factory) -> Path:
    """A real, loadable save: ``saves export`` would write its record."""
    from game.saves.files import build_document, encode
    from game.session import GameSession, SeatConfig

    session = GameSession("cassino", 2, seats=[SeatConfig("computer")] * 2, seed=3)
    session.start_deal()
    for _ in range(4):
        session.apply(session.bot_move(session.state.current_player()))
    path = tmp_path_factory.mktemp("cli-save") / "game.json"
    path.write_bytes(encode(build_document(session)))
    return path


@pytest.fixture
def private_log(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_LOG_DIR", str(tmp_path / "logs"))
    yield tmp_path / "logs"
    applog.shutdown()


def run_main(argv: list[str], stdin: bytes | None, capsys, monkeypatch) -> tuple[int, str, str]:
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin)))
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def message_lines(stderr: str) -> list[str]:
    """Standard error without argparse's usage block (its first line and its indented
    continuation lines)."""
    lines = stderr.splitlines()
    if lines and lines[0].startswith("usage:"):
        lines = lines[1:]
        while lines and lines[0].startswith(" "):
            lines = lines[1:]
    return lines


def case_id(case) -> str:
    argv, stdin, _ = case
    text = " ".join(a if len(a) <= 24 else a[:21] + "..." for a in argv) or "(none)"
    if stdin is not None:
        text += f" <{len(stdin)} bytes"
    return text.replace("{tmp}/", "").replace("\0", "NUL")


def test_at_least_as_many_kinds_as_the_outside_testers():
    assert len(CASES) >= 87
    assert len({case_id(c) for c in CASES}) == len(CASES)


@pytest.mark.parametrize("case", CASES, ids=[case_id(c) for c in CASES])
def test_malformed_command_line(case, inputs, save_file, private_log, capsys, monkeypatch):
    argv, stdin, expected = case
    if "/dev/zero" in argv and not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero here")
    argv = [a.replace("{tmp}", str(inputs)).replace("{save}", str(save_file)) for a in argv]
    code, out, err = run_main(argv, stdin, capsys, monkeypatch)
    assert code == expected, err
    assert "Traceback" not in err + out
    assert out == "", "errors print nothing on standard output"
    lines = message_lines(err)
    assert len(lines) == 1 and lines[0].strip(), err
    assert len(lines[0]) < 400, "a short message, not the input echoed back"
    if err.startswith("usage:"):
        assert "error:" in lines[0]


def test_no_folder_is_created_for_an_output(inputs, save_file, private_log, capsys):
    """``saves export --record`` once created every missing folder of the path (at the root of
    the file system) and exited 0; no command creates folders the user did not ask for."""
    for argv in (["saves", "export", str(save_file), "--record",
                  str(inputs / "made" / "up" / "out.json")],
                 ["screenshot", "--rules", "cassino", "--out",
                  str(inputs / "made" / "up" / "x.png")],
                 ["play", "--screenshot", str(inputs / "made" / "up" / "x.png")]):
        assert main(argv) == 2
        assert not (inputs / "made").exists()
        assert "does not exist" in capsys.readouterr().err


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="needs /proc (Linux)")
def test_an_output_that_cannot_be_written_is_one_line(save_file, private_log, capsys):
    """The folder exists but refuses new files (/proc, even for root)."""
    assert main(["saves", "export", str(save_file), "--record", "/proc/out.json"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err
    assert len(err.splitlines()) == 1 and "cannot write" in err


def test_export_into_an_existing_folder_still_works(save_file, tmp_path, private_log, capsys):
    out = tmp_path / "deal.json"
    assert main(["saves", "export", str(save_file), "--record", str(out)]) == 0
    assert json.loads(out.read_text(encoding="utf-8"))["rules"] == "cassino"


# ---------------------------------------------------------------------------------------
# --version, --verbose, unexpected errors, fast start (issue 11)
# ---------------------------------------------------------------------------------------
def test_version(capsys):
    from game import __version__

    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"cardtable {__version__}\n"


def test_an_unexpected_error_is_logged_and_one_line(private_log, capsys, monkeypatch):
    import game.commands.selfplay as selfplay

    def broken(*args, **kwargs):
        raise RuntimeError("a bug somewhere")

    monkeypatch.setattr("game.lab.selfplay.run_selfplay", broken)
    assert selfplay is not None
    assert main(["selfplay", "--rules", "cassino"]) == 1
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err
    assert len(err.splitlines()) == 1
    log_file = private_log / applog.LOG_NAME
    assert str(log_file) in err and "a bug somewhere" in err
    for handler in __import__("logging").getLogger().handlers:
        handler.flush()
    text = log_file.read_text(encoding="utf-8")
    assert "Traceback" in text and "RuntimeError: a bug somewhere" in text


def test_keyboard_interrupt_still_exits_130(private_log, capsys, monkeypatch):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr("game.lab.selfplay.run_selfplay", interrupted)
    assert main(["selfplay", "--rules", "cassino"]) == 130
    assert capsys.readouterr().err == "interrupted\n"


def imported_modules(*args: str) -> set[str]:
    """The modules ``python -X importtime -m game ARGS`` imports (a fresh process)."""
    import subprocess

    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    proc = subprocess.run([sys.executable, "-X", "importtime", "-m", "game", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120, env=env)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return {line.rsplit("|", 1)[1].strip() for line in proc.stderr.splitlines()
            if line.startswith("import time:") and "|" in line} - {"package"}


def test_help_imports_no_pygame_pydantic_or_players():
    modules = imported_modules("--help")
    assert "game.cli" in modules
    heavy = {m for m in modules if m.split(".")[0] in ("pygame", "pygame_gui", "pydantic")
             or m.startswith(("game.players", "game.ui", "game.saves"))}
    assert heavy == set()


@pytest.mark.parametrize("command", ["replay", "selfplay", "tournament", "bench", "saves",
                                     "screenshot", "play"])
def test_a_command_help_imports_no_pygame(command):
    modules = imported_modules(command, "--help")
    assert not {m for m in modules if m.split(".")[0] in ("pygame", "pygame_gui")}


def test_a_quoted_value_never_reaches_the_terminal_raw(capsys):
    """An argument holding escape sequences is quoted safely in the error (like saves list)."""
    code = main(["selfplay", "--rules", "canasta", "--games", "\x1b[2J\x1b[31mmany"])
    err = capsys.readouterr().err
    assert code == 2 and "\x1b" not in err and "many" in err
