"""``python -m game screenshot`` draws the table of every game without a window; the pictures
show cards, plates and the move log (English and Japanese, several window sizes).

Set CARDTABLE_SHOTS=<folder> to keep the pictures for review."""

import argparse
import os
from pathlib import Path

import pygame
import pytest

from game import cli
from game.commands import screenshot

SHOTS = os.environ.get("CARDTABLE_SHOTS")

CASES = [
    ("canasta", 4, 3, 40, "en", (1280, 800), False),
    ("quick-canasta", 2, 2, 30, "ja", (800, 600), False),
    ("canastone", 6, 4, 40, "en", (1920, 1080), False),
    ("looking-and-down", 7, 3, 90, "ja", (1280, 800), False),
    ("cassino", 2, 5, 5, "en", (1024, 768), False),
    ("cassino", 4, 3, 12, "ja", (1280, 800), True),
    ("canasta", 2, 5, 0, "ja", (1280, 800), True),
]


def _colours(img, step=9):
    w, h = img.get_size()
    return {tuple(img.get_at((x, y)))[:3] for x in range(0, w, step) for y in range(0, h, step)}


@pytest.mark.parametrize("game, players, seed, moves, language, size, sheet", CASES)
def test_screenshot_draws_the_table(tmp_path, game, players, seed, moves, language, size,
                                    sheet):
    out = tmp_path / f"{game}-{players}-{language}.png"
    p = argparse.ArgumentParser()
    screenshot.add_arguments(p)
    args = ["--rules", game, "--players", str(players), "--seed", str(seed), "--moves",
            str(moves), "--out", str(out), "--language", language, "--size",
            f"{size[0]}x{size[1]}"] + (["--score-sheet"] if sheet else [])
    assert screenshot.run(p.parse_args(args)) == 0
    img = pygame.image.load(str(out))
    assert img.get_size() == size
    colours = _colours(img)
    assert len(colours) > 400  # felt, cards, text: a real picture
    card_face = (253, 252, 247)
    assert sheet or any(sum(abs(a - b) for a, b in zip(c, card_face)) < 12 for c in colours)
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        img_path = Path(SHOTS) / out.name
        pygame.image.save(img, str(img_path))


def test_screenshot_is_a_subcommand_and_checks_arguments(tmp_path, capsys):
    assert cli.SUBCOMMANDS["screenshot"][0] == "game.commands.screenshot"
    out = tmp_path / "x.png"
    assert cli.main(["screenshot", "--rules", "cassino", "--players", "3", "--out",
                     str(out)]) == 2
    assert not out.exists()
    # main returns argparse's exit code (2) rather than raising SystemExit
    assert cli.main(["screenshot", "--rules", "nope", "--out", str(out)]) == 2


def test_screenshot_never_touches_the_user_settings(tmp_path):
    from game.settings import settings_path

    before = settings_path().read_bytes() if settings_path().exists() else None
    out = tmp_path / "s.png"
    assert cli.main(["screenshot", "--rules", "canasta", "--players", "2", "--moves", "4",
                     "--out", str(out), "--language", "ja"]) == 0
    after = settings_path().read_bytes() if settings_path().exists() else None
    assert before == after and out.exists()
