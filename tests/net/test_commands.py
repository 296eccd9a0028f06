"""``cardtable serve`` and the headless client's command line (issue 31): bad arguments print
usage and one line (exit 2), a port already taken one line (exit 1), never a traceback."""

from __future__ import annotations

import socket

import pytest

from game.cli import main
from game.net import client


@pytest.mark.parametrize("argv", [
    ["serve", "--port", "x"],
    ["serve", "--port", "70000"],
    ["serve", "--port", "-1"],
    ["serve", "--host", ""],
    ["serve", "--host", "a b"],
    ["serve", "extra"],
])
def test_bad_serve_arguments_print_usage(argv, capsys):
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("usage:") and "Traceback" not in err
    assert len(err.strip().splitlines()[-1]) < 200


def test_a_port_in_use_is_one_line(capsys):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        assert main(["serve", "--host", "127.0.0.1", "--port", str(port)]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("serve: cannot listen on 127.0.0.1:")


@pytest.mark.parametrize("argv, code", [
    ([], 2),
    (["join", "ws://127.0.0.1:1", "abc", "--name", "x"], 2),  # not a code
    (["join", "ws://127.0.0.1:1", "BBBBBB"], 2),  # no name
    (["join", "ws://127.0.0.1:1", "BBBBBB", "--name", "x", "--level", "godlike"], 2),
    (["create", "ws://127.0.0.1:1", "--game", "chess", "--players", "2"], 2),
    (["create", "ws://127.0.0.1:1", "--game", "canasta", "--players", "9"], 2),
    (["create", "ws://127.0.0.1:1", "--game", "canasta", "--players", "2", "--optional",
      "0"], 2),  # the out-of-turn moment takes some time
    (["join", "http://127.0.0.1:1", "BBBBBB", "--name", "x"], 1),  # not ws://
    (["join", "ws://127.0.0.1:1", "BBBBBB", "--name", "x"], 1),  # nobody listens there
])
def test_bad_client_arguments_are_one_line(argv, code, capsys):
    assert client.main(argv) == code
    _one_line_error(capsys, code)


def test_unusable_token_files_are_a_usage_error(tmp_path, capsys):
    base = ["join", "ws://127.0.0.1:1", "BBBBBB", "--name", "x", "--token-file"]
    assert client.main([*base, str(tmp_path / "no" / "such" / "t")]) == 2
    _one_line_error(capsys, 2)
    junk = tmp_path / "junk"
    junk.write_bytes(b"\xff\xfe not a token")
    assert client.main([*base, str(junk)]) == 2
    _one_line_error(capsys, 2)
    junk.write_text("0123")
    assert client.main([*base, str(junk)]) == 2
    _one_line_error(capsys, 2)


def _one_line_error(capsys, code: int) -> None:
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err
    last = err.strip().splitlines()[-1]
    assert last and len(last) < 200
    if code == 1:
        assert err.count("\n") == 1 and err.startswith("client: ")


def test_bench_net_reports_its_figures(capsys):
    """``bench --net`` at its smallest: a server process, two tables moving at once; the JSON
    has the figures the issue names."""
    import json

    from game.net.bench import net_section

    net = net_section(seconds=0.5, steps=(2,), think=0.0)
    assert set(net) >= {"tables_at_p99_100ms", "p50_ms", "p99_ms", "mb_per_table"}
    (row,) = net["steps"]
    assert row["tables"] == 2 and row["moves_per_s"] > 0
    assert main(["bench", "--net", "--net-think", "x"]) == 2
    assert json.dumps(net)
