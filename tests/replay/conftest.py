import pytest


@pytest.fixture(autouse=True)
def own_data_folder(tmp_path, monkeypatch):
    """Each test its own user data folder: the History file is not shared between tests."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
