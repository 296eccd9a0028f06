"""A deal finished at the table counts in the statistics (docs/stats.md), through the
session's deal-end listeners, the table itself knowing nothing of them."""

from game import listeners
from game.players.registry import make_player
from game.stats import recorder, store
from game.stats.model import bucket_key


def test_a_deal_played_at_the_table_is_counted(table, tmp_path, monkeypatch):
    path = tmp_path / "stats.json"
    monkeypatch.setattr(store, "stats_path", lambda: path)
    monkeypatch.setattr(listeners, "DEAL_SCORED", [recorder.record_deal])
    d = table("cassino", 2, seed=None, number=4242)
    assert d.session.number == 4242
    me = make_player("normal", 7)
    for _ in range(200):
        if d.settle() == "overlay":
            break
        d.perform(me.choose(d.session.decision(d.screen.viewer)))
    assert d.state.is_over()
    bucket = store.read().stats.buckets[bucket_key("cassino", 2, "normal")]
    scores = d.session.match.deal_history[0]
    assert bucket.deals.played == 1 and bucket.score_total == scores[0]
