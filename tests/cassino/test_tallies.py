"""What each side has taken, shown at the table while a Cassino game goes on (issue 15), and
the counts behind CN-10's points on the score sheet."""

import random

from game.session import GameSession


def test_tallies_follow_the_captured_cards_and_give_cn10_points():
    """CN-10: cards 3, spades 1, big cassino 2, little cassino 1, aces 1 each, sweeps 1
    each: the breakdown is built from the same tallies the table shows."""
    for seed in range(6):
        s = GameSession("cassino", 2 + 2 * (seed % 2), seed=seed)
        s.start_deal()
        st = s.state
        rng = random.Random(seed)
        while not st.is_over():
            s.apply(rng.choice(st.legal_actions(st.current_player())))
            for side in (0, 1):
                tally = st.tallies(side)
                pile = st.captured[side]
                assert tally["cards"] == len(pile)
                assert tally["spades"] == sum(1 for c in pile if c < 13)
                assert tally["sweeps"] == st.sweeps[side]
        tallies = [st.tallies(0), st.tallies(1)]
        assert tallies[0]["cards"] + tallies[1]["cards"] == 52
        assert tallies[0]["aces"] + tallies[1]["aces"] == 4
        for side, part in enumerate(st.breakdown()):
            mine, theirs = tallies[side], tallies[1 - side]
            assert part["cards"] == (3 if mine["cards"] > theirs["cards"] else 0)
            assert part["aces"] == mine["aces"]
            assert part["ten_of_diamonds"] == 2 * mine["ten_of_diamonds"]
