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


def _paragraph(page: Path, words: str) -> str:
    text = page.read_text(encoding="utf-8")
    found = [p for p in text.split("\n\n") if words in p]
    assert len(found) == 1, words
    return " ".join(found[0].split())


def test_the_readme_says_which_hard_moves_have_alternatives():
    """Issue 27: the README promised the weighed alternatives on every Hard "Why?", but Hard
    searches only some decisions (CanastaSearch.PLAN: takes, discards per game) and no meld."""
    from game.players.canasta_search import CanastaSearch

    text = _paragraph(REPO / "README.md", "**Why this move?**")
    assert "Hard searches every move in Cassino" in text
    assert "Its melds are its rule of thumb alone" in text
    for games, said in ((("canasta", "quick-canasta"), "taking the pile or drawing, and the "
                         "discard"),
                        (("canastone", "looking-and-down"), "taking the pile or drawing only")):
        for rules in games:
            takes, discards, *_ = CanastaSearch.PLAN.get(rules, CanastaSearch.DEFAULT_PLAN)
            assert takes and discards == ("discard" in said), rules
        assert said in text


def test_the_statistics_doc_tells_take_backs_as_they_are():
    """Issue 27: docs/stats.md said take-backs did not exist; they do (Take back, Ctrl+Z,
    and the practice setting that marks a game, GameSession.took_back)."""
    from game.session import GameSession
    from game.settings_model import Settings

    text = _paragraph(REPO / "docs" / "stats.md", "**Take-backs")
    assert "do not exist" not in text
    assert "take_back_turns" in text and "take_back_turns" in Settings.model_fields
    assert "GameSession.took_back" in text
    assert GameSession("canasta", 2).took_back is False
