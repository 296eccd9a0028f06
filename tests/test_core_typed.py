"""The rules core is checked by ``mypy --strict`` in CI (issue 28): .ci/run runs mypy over the
files pyproject.toml lists, and those are strict and hold every module of the core."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORE = ["game/engine", "game/driver.py"]  # the rules core and the deal driver


def test_the_core_is_strict():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert config.get("strict") is True
    assert set(CORE) <= set(config["files"])
    for f in CORE:
        assert (ROOT / f).exists(), f


def test_ci_runs_mypy():
    assert ".venv/bin/mypy" in (ROOT / ".ci/run").read_text(encoding="utf-8")
