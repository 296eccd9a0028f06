"""Random input at the table (see storm.py): every game, several player counts, pass-and-play
seats; clicks, drags, keys, typed text, resizes, menu trips, quitting and Continue, with the
computers playing in between. No exception may escape, and after every frame the engine's
state must be sound (every card in exactly one place) and the table must show exactly the
engine's hands. Bounded by event count: 11 tables x 260 events."""

import pytest

from .storm import CONFIGS, storm

EVENTS = 260


@pytest.mark.parametrize("game, players, humans, config", CONFIGS,
                         ids=[f"{g}-{n}-{len(h)}h" for g, n, h, _ in CONFIGS])
def test_random_input_never_breaks_the_table(tmp_path, monkeypatch, game, players, humans,
                                             config):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))  # its own autosave
    seed = CONFIGS.index((game, players, humans, config)) + 40
    s = storm(tmp_path, game, players, humans, seed, EVENTS, config)
    assert s.events >= EVENTS
    assert s.table.session.history, "no move was played: the storm did not reach the game"
