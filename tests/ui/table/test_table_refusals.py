"""A computer move the engine refuses stops the table once; it never loops.

Issue 10: the table fell back to the engine's first listed move, which could be refused too,
and then asked the computer again and again, forever. Now the table says so once (a
translated dialog, an error in the log), plays and saves nothing more (the last good
autosave stays), and the player can look at the table or go back to the menu.
"""

import logging

import pytest

from game import saves
from game.engine.actions import make
from game.i18n import t
from game.players.base import Player
from game.ui.screens.main_menu import MainMenu


class Refuses(Player):
    """A computer player with a bug: it plays a move the rules do not allow."""

    def __init__(self):
        super().__init__(0)
        self.calls = 0

    def illegal(self, decision):
        self.calls += 1
        # Another seat's move: never the asking seat's to make.
        return make((decision.seat + 1) % decision.players, "draw")

    choose = illegal
    choose_optional = illegal


class Raises(Refuses):
    def choose(self, decision):
        self.calls += 1
        raise RuntimeError("a broken computer player")


def autosave_bytes():
    return (saves.saves_dir() / "autosave.json").read_bytes()


def play_until_computer(d, bot):
    """Settle at the human's turn, swap in ``bot`` for the computer, play one human turn."""
    sc = d.screen
    d.settle()
    seat = next(s for s in range(sc.players) if not sc.session.is_human(s))
    sc.session.bots[seat] = bot
    for verb in ("draw", "discard"):
        st = sc.session.state
        d.perform(next(a for a in st.legal_actions(sc.viewer) if a.verb == verb))
    return seat


def assert_halted_once(d, bot, caplog):
    sc = d.screen
    history = list(sc.session.history)
    for _ in range(300):  # many frames: a loop would ask the computer again
        d.step(1, dt=0.1)
    assert bot.calls == 1
    assert sc.halted and sc.session.history == history
    assert sc.dialog is not None and sc.dialog._args[0] == t("table.halted.title")
    errors = [r for r in caplog.records if r.levelno == logging.ERROR
              and r.name == "game.ui.table.flow"]
    assert len(errors) == 1 and "refused" in errors[0].getMessage()
    assert sc.hud.banner_text()[0] == t("table.halted.title")
    assert not sc.can_act()
    saved = autosave_bytes()
    # Look at the table, then leave through the menu: nothing more is saved.
    d.press(t("table.halted.look"))
    assert sc.dialog is None
    d.step(20)
    assert bot.calls == 1 and sc.dialog is None
    sc.back()
    d.step(1, dt=0.01)
    assert t("table.save_as") not in d.buttons()
    d.press(t("leave.leave"))
    assert isinstance(d.app.screen, MainMenu)
    assert autosave_bytes() == saved


@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_refused_computer_move_stops_the_table_once(table, caplog, language):
    d = table("canasta", 2, seed=21, language=language)
    bot = Refuses()
    play_until_computer(d, bot)
    assert_halted_once(d, bot, caplog)
    # The last good autosave is the position after the human's discard, the computer to play.
    assert saves.load_latest().history == d.screen.session.history


def test_a_crashing_computer_whose_fallback_is_refused_stops_the_table(table, caplog,
                                                                       monkeypatch):
    d = table("quick-canasta", 2, seed=22)
    bot = Raises()
    seat = play_until_computer(d, bot)
    st = d.screen.session.state
    # The engine's first listed move is refused too (a fault in the engine's listing).
    real = st.legal_actions
    monkeypatch.setattr(st, "legal_actions", lambda s: [make((seat + 1) % 2, "draw")]
                        if s == seat else real(s))
    assert_halted_once(d, bot, caplog)


def test_a_refused_out_of_turn_offer_stops_the_table(table, caplog):
    """Looking and Down's frozen-in-time offers go through the same check."""
    d = table("looking-and-down", 3, seed=23, first_dealer=1, keeper=0)
    sc = d.screen
    d.settle()
    bot = Refuses()
    seat = next(s for s in range(3) if not sc.session.is_human(s))
    sc.session.bots[seat] = bot
    saves.autosave(sc.session)
    sc.flow.start_job(seat, "optional")
    assert_halted_once(d, bot, caplog)
