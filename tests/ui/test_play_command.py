"""``python -m game play``: options parse, and --screenshot draws the menu without a loop."""

import argparse

import pygame
import pytest

from game import i18n
from game.commands import play


def _parser():
    p = argparse.ArgumentParser()
    play.add_arguments(p)
    return p


def test_options():
    p = _parser()
    a = p.parse_args(["--size", "1600x900", "--windowed", "--language", "ja"])
    assert a.size == (1600, 900) and a.fullscreen is False and a.language == "ja"
    assert p.parse_args([]).fullscreen is None
    with pytest.raises(SystemExit):
        p.parse_args(["--size", "big"])
    with pytest.raises(SystemExit):
        p.parse_args(["--size", "320x200"])


def test_screenshot(tmp_path):
    out = tmp_path / "menu.png"
    try:
        assert play.run(_parser().parse_args(
            ["--screenshot", str(out), "--size", "1024x700", "--language", "ja"])) == 0
    finally:
        i18n.set_language("en")
    img = pygame.image.load(str(out))
    assert img.get_size() == (1024, 700)


def test_bare_namespace_as_from_python_m_game(tmp_path):
    out = tmp_path / "menu.png"
    assert play.run(argparse.Namespace(screenshot=str(out))) == 0
    assert out.exists()


def test_registered_in_the_cli(tmp_path):
    from game import cli

    assert cli.SUBCOMMANDS["play"][0] == "game.commands.play"
    out = tmp_path / "menu.png"
    assert cli.main(["play", "--screenshot", str(out)]) == 0 and out.exists()
