"""Line breaking (Japanese rules included), the rules Markdown, and NewGameConfig."""

import random

import pygame
import pytest
from pydantic import ValidationError

from game.engine.registry import GAMES
from game.newgame import NewGameConfig, SeatConfig
from game.ui import fonts, markdown
from game.ui.textlayout import NO_START, wrap, wrap_runs


@pytest.fixture(scope="module", autouse=True)
def _font():
    pygame.font.init()


def test_japanese_wraps_within_width_and_respects_kinsoku():
    text = ("捨て札の山を取るには、一番上のカードと同じランクのナチュラルカード2枚を手札から"
            "見せます。「フローズン」のときは、5000点を超えていても取れません。") * 3
    for width in (120, 200, 333, 517):
        lines = wrap(text, width, 17)
        assert "".join(lines) == text  # nothing lost, nothing added
        for line in lines:
            assert fonts.font(17).size(line)[0] <= width
            assert line[0] not in NO_START
            assert not line.endswith("「")
        assert not any(a.endswith("5") and b.startswith("0") for a, b in zip(lines, lines[1:]))


def test_english_breaks_at_spaces_only():
    text = "The pile is frozen while it contains a wild card, until it is taken by a player."
    lines = wrap(text, 150, 17)
    assert " ".join(lines) == text
    assert all(fonts.font(17).size(line)[0] <= 150 for line in lines)


def test_styled_runs_keep_their_style():
    lines = wrap_runs([("Take ", False), ("two natural cards", True), (" now", False)], 90, 17)
    flat = [run for line in lines for run in line]
    assert ("natural", True) in flat or any(b and "natural" in t for t, b in flat)


def test_markdown_blocks():
    md = "# Title\n\nSome **bold** text\ncontinued.\n\n## Part\n\n- one\n- two **x**\n\n" \
         "| A | B |\n|---|---|\n| 1 | 2 |\n"
    blocks = markdown.parse(md)
    assert [b.kind for b in blocks] == ["h1", "p", "h2", "li", "li", "table"]
    assert blocks[1].runs == [("Some ", False), ("bold", True), (" text continued.", False)]
    assert blocks[5].rows == [[[("A", False)], [("B", False)]], [[("1", False)], [("2", False)]]]
    html = markdown.to_html(blocks, 600, 17)
    assert "<b>bold</b>" in html and "Title" in html and "•" in html
    assert "<" not in markdown.to_html(markdown.parse("a < b & c"), 600, 17).replace(
        "&lt;", "").replace("<br>", "").replace("<font", "").replace("</font>", "")


def test_config_defaults_and_validation():
    c = NewGameConfig.default("canastone")
    assert c.players == 4 and c.seats[0].kind == "human" and c.seats[1].kind == "computer"
    assert c.target == 12000
    for game, info in GAMES.items():
        for n in info.player_counts:
            NewGameConfig.default(game, n)
    bad = [
        dict(game="cassino", players=3, seats=(SeatConfig(),) * 3),
        dict(game="canasta", players=2, seats=(SeatConfig(),)),
        dict(game="canasta", players=2, seats=(SeatConfig(),) * 2, options=frozenset({"x"})),
        dict(game="canasta", players=2, seats=(SeatConfig(),) * 2, keeper=1),
        dict(game="chess", players=2, seats=(SeatConfig(),) * 2),
        dict(game="canasta", players=2, seats=(SeatConfig(),) * 2, first_dealer=2),
    ]
    for kwargs in bad:
        with pytest.raises(ValidationError):
            NewGameConfig(**kwargs)


def test_targets_follow_options():
    """CN-11, CS-17: the target options move the target the config reports."""
    def target(game, options):
        return NewGameConfig.default(game).model_copy(update={"options": frozenset(options)}).target

    assert target("cassino", {"target-51"}) == 51
    assert target("canastone", {"target-15000"}) == 15000
    assert target("canastone", {"no-asking"}) == 12000


def test_resolved_picks_dealer_and_keeper_apart():
    rng = random.Random(5)
    for _ in range(50):
        c = NewGameConfig.default("looking-and-down", 3).resolved(rng)
        assert 0 <= c.keeper < 3 and 0 <= c.first_dealer < 3 and c.keeper != c.first_dealer
    c = NewGameConfig.default("cassino").resolved(rng)
    assert c.keeper == -1 and c.first_dealer in (0, 1)


def test_config_round_trips_through_json():
    c = NewGameConfig.default("canastone", 6).model_copy(
        update={"options": frozenset({"no-asking"}), "first_dealer": 3})
    assert NewGameConfig.model_validate_json(c.model_dump_json()) == c
