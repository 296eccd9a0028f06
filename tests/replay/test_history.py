"""The History of recent finished deals (issue 13): bounded, atomic, damaged files kept."""

from __future__ import annotations

from game.replay import history
from game.replay.model import Replay
from tests.replay.helpers import finished_record, finished_session


def entry(n: int) -> history.HistoryEntry:
    return history.HistoryEntry(finished=f"2026-11-23T10:00:{n:02d}Z", number=n,
                                record=finished_record())


def test_the_history_keeps_the_newest_deals_only(tmp_path):
    path = tmp_path / "history.json"
    for n in range(history.MAX_DEALS + 5):
        deals = history.add(entry(n), path)
        assert len(deals) == min(n + 1, history.MAX_DEALS)
    loaded = history.read(path)
    assert loaded.problem is None
    assert [d.number for d in loaded.deals] == list(range(history.MAX_DEALS + 4, 4, -1))
    assert [p.name for p in tmp_path.iterdir()] == ["history.json"]  # no temporary left


def test_a_longer_file_on_disk_is_read_bounded(tmp_path):
    path = tmp_path / "history.json"
    big = history.HistoryFile(deals=[entry(n) for n in range(history.MAX_DEALS * 2)])
    path.write_text(big.model_dump_json())
    assert len(history.read(path).deals) == history.MAX_DEALS


def test_a_damaged_history_is_reported_and_set_aside(tmp_path):
    path = tmp_path / "history.json"
    for damage in (b"{not json", b'{"format": "cardtable-history/1", "deals": [1]}',
                   b'{"format": "other"}', b"\xff\xfe"):
        path.write_bytes(damage)
        assert history.read(path).problem
        history.add(entry(1), path)
        kept = sorted(tmp_path.glob("damaged-history-*.json"))
        assert any(p.read_bytes() == damage for p in kept)
        assert [d.number for d in history.read(path).deals] == [1]


def test_a_scored_deal_goes_into_the_history_and_replays():
    session = finished_session("cassino", 2)
    history.record_finished_deal(session)
    loaded = history.read()
    assert loaded.deals[0].record == session.record()
    replay = Replay(loaded.deals[0].record)
    replay.to_end()
    assert replay.state.is_over()
    assert loaded.deals[0].deal_scores == list(session.state.deal_scores())
