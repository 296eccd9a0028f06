"""A whole deal of every game played at the table with real mouse events.

Seat 0's moves are chosen by a computer player (so that they are sensible and varied) and
then made with gestures only: clicking the stock, selecting cards and dragging them onto the
meld area, a meld, the pile (discard or take), Cassino's table cards (capture), the open table
(trail) or the open table with table cards chosen (build, value from the dialog), the partner
button and the answer dialog. After each gesture the engine must have recorded exactly that
move (the same verb and cards; several melds laid at once may be grouped differently when
both groupings are legal), and the state must be sound.
"""

from collections import Counter

import pytest

from game.engine.actions import parse_action
from game.players.base import Decision
from game.players.registry import make_player
from game.ui.table.scoresheet import ScoreSheet

CASES = [
    ("canasta", 2, 1),
    ("canasta", 4, 2),
    ("quick-canasta", 3, 3),
    ("canastone", 2, 1),
    ("canastone", 6, 3),
    ("looking-and-down", 2, 1),
    ("cassino", 2, 1),
    ("cassino", 4, 2),
]


@pytest.mark.parametrize("game, players, seed", CASES)
def test_whole_deal_by_gestures(table, game, players, seed):
    d = table(game, players, seed=seed)
    sc = d.screen
    me = make_player("normal", seed + 10)
    verbs = Counter()
    moves = 0
    while True:
        r = d.settle()
        if r == "overlay":
            break
        st = d.state
        action = me.choose(d.session.decision(sc.viewer))
        got = d.perform(action)
        played = parse_action(got)
        assert played.seat == action.seat and played.verb == action.verb, (got, action)
        assert Counter(played.cards()) == Counter(action.cards()), (got, action)
        if action.verb not in ("meld", "take") or len(action.groups) == 1:
            assert played.groups == action.groups or Counter(played.cards()) == Counter(
                action.cards())
        assert st.check_invariants() == []
        verbs[action.verb] += 1
        moves += 1
        assert moves < 400
    assert isinstance(sc.overlay, ScoreSheet)
    assert d.state.is_over() and d.session.match.deals_played == 1
    assert sum(d.session.match.totals) == sum(d.state.deal_scores())
    d.app.render()
    if game == "cassino":
        assert verbs["capture"] and verbs["trail"]
    else:
        assert verbs["discard"] and (verbs["draw"] or verbs["take"])


def test_the_table_asks_its_computers_as_the_deal_driver_does(table):
    """The table's turn flow takes its schedule from game.driver: a Looking and Down deal of
    computers alone plays the same actions at the table as through play_deal (the
    out-of-turn melds of frozen-in-time seats included, LD-10)."""
    import copy

    from game.driver import play_deal
    from game.engine.actions import format_action

    # the first table whose deal has out-of-turn melds (they are rare: one deal in a few)
    for seed in range(1, 40):
        d = table("looking-and-down", 3, seed=seed, humans=(), level="easy")
        session = d.session
        state = copy.deepcopy(session.state)
        bots = [copy.deepcopy(session.bots[s]) for s in range(3)]
        totals = list(session.match.totals)
        played: list[str] = []
        out_of_turn = []

        def heard(seat, action, events, state=state, played=played, out_of_turn=out_of_turn):
            played.append(format_action(action))
            if action.verb in ("meld", "add") and seat != state.current_player():
                out_of_turn.append(action)

        end = play_deal(state, bots, on_action=heard,
                        decide=lambda seat, state=state, totals=totals, session=session:
                        Decision.of(state, seat, totals, session.options))
        assert end.error is None and state.is_over()
        if out_of_turn:
            break
    assert out_of_turn
    assert d.settle(open_sheet=False) == "over"
    assert session.history == played
