"""docs/adding-a-game.md, done: a canasta variant made in tests/variants/big_opening.py by the
documented steps alone is dealt, played by the computers through the deal driver, refused
and explained by the engine, saved and loaded, and drawn at the table, with no other change
anywhere (issue 28). Its one rule that differs is CA-7's opening minimum: 100 points."""

from __future__ import annotations

import pytest

from game import i18n
from game.driver import play_deal
from game.engine import registry
from game.engine.actions import parse_action
from game.engine.canasta.position import build_position
from game.engine.match import Match
from game.players.registry import make_player
from tests.variants.big_opening import INFO, WORDS


@pytest.fixture
def variant(monkeypatch):
    """The variant declared (as game/engine/registry.py declares the shipped games) and its words in
    both catalogues, for this test only."""
    monkeypatch.setitem(registry.GAMES, INFO.name, INFO)
    for code, words in WORDS.items():
        for key, text in words.items():
            monkeypatch.setitem(i18n.catalogue(code), key, text)
    return INFO.name


def test_the_computers_play_a_deal_of_it_through_the_driver(variant):
    state = Match(registry.get_game(variant), 2, seed=4).start_deal()
    end = play_deal(state, [make_player("normal", 1), make_player("hard", 2)])
    assert end.error is None and state.is_over()
    assert state.check_invariants() == []


def test_its_own_opening_minimum_is_the_engines(variant):
    """CA-7 with the variant's table: 90 points open classic Canasta, not this variant;
    120 open it."""
    hands = ["AH AS AD KH KS KD QH QS QD 4C 5C", "4D 5D 6D 7D 8D"]
    ninety = parse_action("0 meld AH AS AD / KH KS KD")
    for rules, opens in (("canasta", True), (variant, False)):
        st = build_position(rules, 2, hands=hands, pile="9C", turn=0, phase="play")
        assert (st.why_illegal(ninety) is None) == opens, rules
    st = build_position(variant, 2, hands=hands, pile="9C", turn=0, phase="play")
    refusal = st.why_illegal(ninety)
    assert "100" in refusal and "90" in refusal
    assert st.why_illegal(parse_action("0 meld AH AS AD / KH KS KD / QH QS QD")) is None


def test_it_is_saved_loaded_and_drawn_at_the_table(variant, tmp_path):
    pygame = pytest.importorskip("pygame")
    from game.newgame import NewGameConfig, SeatConfig
    from game.saves import lock, store
    from game.ui.table import TableScreen
    from tests.ui.table.driver import make_app

    app = make_app(tmp_path)
    try:
        i18n.set_language("ja")
        cfg = NewGameConfig(game=variant, players=2,
                            seats=(SeatConfig(kind="human"), SeatConfig(level="normal")))
        screen = TableScreen(app, cfg, seed=3)
        app.show(screen)
        session = screen.session
        session.play_computers(12, 3)
        folder = tmp_path / "saves"
        folder.mkdir()
        path = store.save_as(session, "variant", folder=folder)
        loaded = store.load(path)
        assert loaded.rules == variant and loaded.history == session.history
        assert loaded.state.summary() == session.state.summary()
        app.step(0.1, present=False)
        picture = app.render()
        pygame.image.save(picture, str(tmp_path / "big-opening.png"))
        w, h = picture.get_size()
        colours = {tuple(picture.get_at((x, y))) for x in range(0, w, 40) for y in range(0, h, 40)}
        assert len(colours) > 20  # a table drawn, not an empty window
        assert i18n.t("game.big-opening") == WORDS["ja"]["game.big-opening"]
    finally:
        lock.release(tmp_path / "saves")
        app.close()
        i18n.set_language("en")
