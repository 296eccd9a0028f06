"""Every dialog and overlay the table opens survives resizing the window, with its content.

A resize rebuilds the screen (and, when the UI scale changes, the whole pygame_gui manager):
an open dialog must come back at the new size with what the player typed, and its buttons
must still work. Issue 10: the Save-as box crashed the rebuild (``Dialog.__init__`` called
with the name dialog's arguments) or vanished when the scale changed.
"""

import pygame
import pytest

from game.i18n import t
from game.ui.screens.load_screen import NameDialog
from game.ui.table import moments
from game.ui.table.scoresheet import GameOver, ScoreSheet
from game.ui.widgets.dialog import Dialog

from .driver import post

# Same scale (1.0), larger scale, smallest scale, odd shapes, and back.
SIZES = [(1300, 820), (1920, 1080), (800, 600), (1000, 700), (1500, 760), (1280, 800)]


def resize(d, size) -> None:
    pygame.display.set_mode(size, pygame.RESIZABLE)
    post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
    d.step(2, dt=0.01)
    assert d.app.window_size == size


def type_text(d, text: str) -> None:
    for ch in text:
        post(pygame.TEXTINPUT, text=ch)
    d.step(1, dt=0.01)


def dialog_content(sc):
    dlg = sc.dialog
    assert dlg is not None, "the dialog vanished"
    assert dlg.backdrop.alive()
    assert dlg.backdrop.rect.size == sc.size, "the dialog was not rebuilt at the new size"
    if isinstance(dlg, NameDialog):
        return ("name", dlg.args[0], dlg.entry.get_text())
    assert isinstance(dlg, Dialog)
    return ("dialog", dlg._args[0], dlg._args[1], [b[0] for b in dlg._args[2]])


def inside_window(sc, elements) -> None:
    window = pygame.Rect((0, 0), sc.size)
    for e in elements:
        assert e.alive()
        assert window.contains(e.rect), (e.rect, sc.size)


def open_save_as(d):
    sc = d.screen
    sc.back()
    d.step(1, dt=0.01)
    d.press(t("table.save_as"))
    assert isinstance(sc.dialog, NameDialog)
    sc.dialog.entry.set_text("")
    type_text(d, "Friday night")
    assert sc.dialog.entry.get_text() == "Friday night"


DIALOGS = {
    "leave": lambda d: d.screen.back(),
    "save_as": open_save_as,
    "answer": lambda d: moments.answer_dialog(d.screen, "Computer 2", lambda yes: None),
    "canastone_choice": lambda d: moments.canastone_choice(d.screen, 120, lambda: None,
                                                           lambda: None),
    "choose_partner": lambda d: moments.choose_partner(
        d.screen, [(1, "Computer 2"), (2, "Computer 3")], lambda seat: None),
    "risky_discard": lambda d: Dialog(d.screen, t("table.risky.title"), "…",
                                      [(t("common.cancel"), None),
                                       (t("table.risky.anyway"), None)]),
}


@pytest.mark.parametrize("name", sorted(DIALOGS))
def test_every_table_dialog_survives_resizes_with_its_content(table, name):
    d = table("canasta", 2, seed=3)
    d.settle()
    sc = d.screen
    DIALOGS[name](d)
    d.step(1, dt=0.01)
    before = dialog_content(sc)
    for size in SIZES:
        resize(d, size)
        assert sc.app.screen is sc
        assert dialog_content(sc) == before, size
        inside_window(sc, [e for e in sc._on_click if e.alive()
                           and e.ui_container is sc.dialog.panel])
    # Still a working dialog: its first button (Stay / Cancel / No...) closes it.
    if isinstance(sc.dialog, NameDialog):
        d.press(t("common.cancel"))
    else:
        d.press(sc.dialog._args[2][0][0])
    assert sc.dialog is None
    d.step(2)


def test_save_as_after_resizes_saves_under_the_typed_name(table):
    from game import saves

    d = table("canasta", 2, seed=4)
    d.settle()
    open_save_as(d)
    for size in SIZES[:3]:
        resize(d, size)
    type_text(d, " 2")
    d.press(t("save_as.save"))
    assert d.screen.dialog is None
    assert any(e.name == "Friday night 2" for e in saves.list_saves())


OVERLAYS = {
    "scores": lambda d: ScoreSheet(d.screen, view=True),
    "game_over": lambda d: GameOver(d.screen),
    "cover": lambda d: moments.Cover(d.screen, 1),
    "exact_grab": lambda d: moments.ExactGrab(d.screen, 0, "looking", 22, 162, lambda e: None),
    "build_value": lambda d: moments.BuildValue(d.screen, [5, 9], lambda v: None),
}


@pytest.mark.parametrize("name", sorted(OVERLAYS))
def test_every_table_overlay_survives_resizes(table, name):
    d = table("canasta", 2, seed=5, humans=(0, 1))
    d.settle()
    sc = d.screen
    overlay = OVERLAYS[name](d)
    sc.open_overlay(overlay)
    if name == "exact_grab":
        overlay.cut(overlay.stack_rect().centerx)
    labels = sorted(b.text for b in overlay.buttons)
    enabled = sorted(b.text for b in overlay.buttons if b.is_enabled)
    for size in SIZES:
        resize(d, size)
        assert sc.overlay is overlay, size
        assert sorted(b.text for b in overlay.buttons) == labels
        assert sorted(b.text for b in overlay.buttons if b.is_enabled) == enabled
        inside_window(sc, overlay.buttons)
        d.app.render()


def test_enter_in_the_save_as_box_saves(table):
    """Enter in a name box submits it, on the table as on the load screen."""
    from game import saves

    d = table("canasta", 2, seed=6)
    d.settle()
    open_save_as(d)
    post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
    d.step(2, dt=0.01)
    assert d.screen.dialog is None
    assert any(e.name == "Friday night" for e in saves.list_saves())


@pytest.mark.parametrize("language", ["en", "ja"])
def test_dialog_buttons_are_wide_enough_for_their_labels(table, language):
    from game.ui import fonts

    d = table("canasta", 2, seed=3, language=language)
    d.settle()
    sc = d.screen
    size = sc.app.font_sizes["button"]
    for open_dialog in (DIALOGS["leave"],
                        lambda d: Dialog(sc, "?", "?", [(t("table.halted.look"), None),
                                                        (t("table.main_menu"), None)])):
        open_dialog(d)
        d.step(1, dt=0.01)
        for b in [e for e in sc._on_click if e.alive() and e.ui_container is sc.dialog.panel]:
            assert fonts.font(size, True).size(b.text)[0] < b.rect.w, b.text
        sc.dialog.close()


def test_the_risky_dialog_confirms_with_anyway_in_every_language():
    """The warning's confirm says the player goes ahead despite it, as the Japanese did
    (それでも捨てる); English said a bare "Discard" beside Cancel."""
    from game import i18n

    for key in ("table.risky.anyway", "table.risky.trail_anyway"):
        assert i18n.catalogue("en")[key].endswith(" anyway"), key
        assert i18n.catalogue("ja")[key].startswith("それでも"), key
