"""Stepping through a deal record (issue 13, NOTATION.md "The record")."""

from __future__ import annotations

import json
import random

import pytest

from game.engine.errors import RecordError
from game.engine.record import load_record_text
from game.replay.model import Replay
from tests.replay.helpers import finished_record

GAMES = [("canasta", 2), ("quick-canasta", 3), ("canastone", 4), ("looking-and-down", 3),
         ("cassino", 2)]


def picture(state) -> str:
    """Everything a replay shows of a state: the summary (every hand included)."""
    return json.dumps(state.summary(), sort_keys=True, default=str)


@pytest.mark.parametrize(("rules", "players"), GAMES)
def test_stepping_back_and_forth_equals_a_fresh_replay(rules, players):
    record = finished_record(rules, players)
    replay = Replay(record)
    rng = random.Random(len(record.actions))
    moves = [replay.forward, replay.back, replay.to_start, replay.to_end,
             lambda: replay.go(rng.randrange(-3, replay.total + 4))]
    for _ in range(40):  # bounded by count
        rng.choice(moves)()
        assert 0 <= replay.step <= replay.total
        assert picture(replay.state) == picture(replay.state_at(replay.step))
        assert replay.history() == record.actions[: replay.step]
    replay.to_end()
    assert replay.at_end and replay.state.is_over()


def test_the_end_is_the_finished_deal():
    from tests.replay.helpers import finished_session

    session = finished_session("canasta", 2)
    replay = Replay(session.record())
    replay.to_end()
    assert picture(replay.state) == picture(session.state)


def tampered(record, index: int, action: str) -> str:
    doc = record.model_dump(exclude_none=True)
    doc["actions"][index] = action
    return json.dumps(doc)


@pytest.mark.parametrize(("rules", "players"), GAMES)
def test_a_refused_action_is_a_one_line_error(rules, players):
    record = finished_record(rules, players)
    last = len(record.actions) - 1
    # The last action played again first: the engine refuses it there (not that seat's
    # turn, or not those cards), so the record is unusable before anything is shown.
    text = tampered(record, 0, record.actions[last])
    with pytest.raises(RecordError) as err:
        Replay(load_record_text(text))
    assert "\n" not in str(err.value) and "action 1" in str(err.value)


def test_an_unparsable_action_is_a_one_line_error():
    text = tampered(finished_record(), 2, "fly away")
    with pytest.raises(RecordError) as err:
        Replay(load_record_text(text))
    assert "action 3" in str(err.value) and "\n" not in str(err.value)


def test_a_deck_that_cannot_be_dealt_is_refused():
    doc = finished_record().model_dump(exclude_none=True)
    doc["deck"] = doc["deck"][:10]
    with pytest.raises(RecordError):
        Replay(load_record_text(json.dumps(doc)))
