"""Two presses of one button in a single frame act once.

pygame_gui queues a press as an event for the next frame, so a quick double click during a
slow frame delivers both presses after the first has already opened a dialog or closed the
box its button was in. The second press must not open a second dialog (its window stayed
behind the first one and blocked the whole interface, even the main menu), nor continue a
closed box twice (the Looking and Down grab recursed without end).
"""

import pygame
import pytest

from game.i18n import t
from game.ui.table import moments

from .driver import post


def double_click(d, element) -> None:
    pos = element.rect.center
    for _ in range(2):
        post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
        post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    d.step(3, dt=0.01)


def windows(app) -> int:
    return len([w for w in app.manager.get_window_stack().stack if w.alive()])


def button(d, label):
    return d.buttons()[label]


@pytest.mark.parametrize("label", ["table.menu", "table.hint", "table.sort_rank",
                                   "table.sort_suit", "table.hide_log"])
def test_a_double_press_on_a_table_button_opens_at_most_one_dialog(table, label):
    d = table("canasta", 4, seed=31)
    d.settle()
    if t(label) not in d.buttons():
        pytest.skip("not offered at this moment")
    double_click(d, button(d, t(label)))
    assert windows(d.app) <= 1
    assert windows(d.app) == (d.screen.dialog is not None)


def test_a_double_press_on_save_as_opens_one_name_box(table):
    d = table("canasta", 2, seed=32)
    d.settle()
    double_click(d, button(d, t("table.menu")))
    double_click(d, button(d, t("table.save_as")))
    assert type(d.screen.dialog).__name__ == "NameDialog"
    assert windows(d.app) == 1
    d.press(t("common.cancel"))
    assert windows(d.app) == 0 and d.screen.dialog is None


def test_a_double_press_on_leave_then_the_main_menu_answers(table):
    d = table("canasta", 2, seed=33)
    d.settle()
    double_click(d, button(d, t("table.menu")))
    double_click(d, button(d, t("leave.leave")))
    assert windows(d.app) == 0
    d.click(d.app.screen.buttons["menu.rules"].rect.center, frames=3)
    assert type(d.app.screen).__name__ == "RulesScreen"


def test_a_double_press_on_the_grab_continue_deals_once(table):
    d = table("looking-and-down", 3, seed=34, first_dealer=0, keeper=1)
    d.step(2, dt=0.01)
    sc = d.screen
    grab = sc.overlay
    assert isinstance(grab, moments.ExactGrab)
    grab.cut(grab.stack_rect().centerx)
    double_click(d, button(d, t("grab.continue")))
    assert sc.session.state is not None
    assert sc.session.match.deals_played == 0 and len(sc.flow.grabs) == 2
