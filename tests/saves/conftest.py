"""Each saves test gets its own user data folder (XDG_DATA_HOME, as in tests/conftest.py)."""

from __future__ import annotations

import pytest

from game.saves import atomic, lock, store


@pytest.fixture(autouse=True)
def data_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    store._CHECKS.clear()
    atomic.step_hook = None
    yield tmp_path / "data"
    atomic.step_hook = None
    lock.release(store.saves_dir())


@pytest.fixture
def folder(data_home):
    f = store.saves_dir()
    assert str(f).startswith(str(data_home))
    return f
