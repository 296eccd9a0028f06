"""The README and docs/ link only to files of the repository, and every such file exists.

A link out of the checkout (``../shared/RULES.md``) works on one machine and nowhere else, and
the project has no public address yet: the README has no web links either."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
PAGES = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]


def _links(page: Path) -> list[str]:
    return LINK.findall(page.read_text(encoding="utf-8"))


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(REPO)))
def test_links_stay_in_the_repository(page):
    bad = []
    for target in _links(page):
        if re.match(r"[a-z]+:", target):
            if page.name == "README.md":
                bad.append(target)
            continue
        path = (page.parent / target.split("#")[0]).resolve()
        if REPO not in path.parents or not path.exists():
            bad.append(target)
    assert not bad


def test_readme_keeps_the_fresh_machine_commands():
    text = (REPO / "README.md").read_text(encoding="utf-8")
    assert "python3 -m venv .venv && .venv/bin/pip install -e . && .venv/bin/python -m game" in text
    assert ("python3 -m venv .venv && .venv/bin/pip install -e '.[test]' && "
            ".venv/bin/python -m pytest -n 2") in text
    assert "pipx install ." in text and "cardtable-gui" in text


def test_rule_book_copies_are_present():
    """The README's rule book and notation are files of the repository."""
    for name in ("RULES.md", "NOTATION.md"):
        assert (REPO / "docs" / name).read_text(encoding="utf-8").startswith("# ")


@pytest.mark.parametrize("name", ["RULES.md", "NOTATION.md"])
def test_the_copied_rule_book_matches_the_source(name):
    """docs/RULES.md and docs/NOTATION.md are copies of the team's rule book, so that they ship
    with the repository; where the source sits beside the checkout (as in CI), they must match
    it word for word, or the copy has gone stale."""
    source = REPO.parent / "shared" / name
    if not source.exists():
        pytest.skip("the rule book's source is not beside this checkout")
    assert (REPO / "docs" / name).read_bytes() == source.read_bytes(), (
        f"copy ../shared/{name} to docs/{name}")
