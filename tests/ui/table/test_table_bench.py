"""``bench --ui``: the frame-time figures exist and are sane (timings themselves are not
asserted: the test machine is shared)."""

import json

from game import cli
from game.ui.table.bench import ui_section


def test_ui_section_reports_frame_times():
    r = ui_section(frames=40, children=False)
    hand = r["hand"]["canastone"]["1280x800"]
    assert hand["strip"] >= hand["index"] and hand["card_h_frac"] > 0.1
    for key in ("frame_ms_p50", "frame_ms_p99", "drag_frame_ms_p99"):
        assert isinstance(r[key], float) and r[key] > 0
    assert r["frame_ms_p50"] <= r["frame_ms_p99"]
    assert r["dragging"] and r["players"] == 6 and r["size"] == "1280x800"


def test_idle_cpu_and_resize_figures_are_measured(tmp_path):
    """The figures of the child processes, measured here in this process, briefly."""
    from game.ui.table.bench import idle_cpu, resize_growth

    for table in (False, True):
        fraction = idle_cpu(table, seconds=0.3)
        assert isinstance(fraction, float) and fraction >= 0
    assert isinstance(resize_growth(2), float)


def test_the_scripted_session_plays_resizes_and_reads_the_memory():
    """session_rss_mb's session, one short game: the player's moves are played, the window
    resized, and the figures read (their values are the bench's, not asserted)."""
    from game.ui.table.session_bench import session_rss

    r = session_rss(rounds=1, games=("cassino",))
    assert r["moves"] > 0 and r["resizes"] > 0
    assert 0 < r["first_frame"] <= r["peak"] and 0 < r["end"] <= r["peak"]
    assert isinstance(r["peak_at"], str) and len(r["rounds"]) == 1


def test_bench_json_has_the_ui_object(capsys, monkeypatch):
    import game.ui.table.bench as bench

    monkeypatch.setattr(bench, "ui_section", lambda: {"frame_ms_p50": 1.0,
                                                      "frame_ms_p99": 2.0,
                                                      "drag_frame_ms_p99": 3.0})
    assert cli.main(["bench", "--ui", "--json", "--runs", "1", "--seconds", "0.05",
                     "--rules", "cassino"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["ui"] == {"frame_ms_p50": 1.0, "frame_ms_p99": 2.0, "drag_frame_ms_p99": 3.0}
    assert "engine" in out
