"""A refusal about a seat is worded for the player when that seat is the player's ("It is not
your turn."), and names the seat otherwise: decided by who the player is (messages.you), not by
whose side of the table is drawn (the viewer)."""

from __future__ import annotations

import pytest

from game import i18n
from game.engine.reasons import reason
from game.i18n import YOU_WORDING, player_names, t

# Every refusal of the engine that has a "you" wording at the table.
REASON_KEYS = sorted(k.removeprefix("table.reason.") for k in YOU_WORDING
                     if k.startswith("table.reason."))


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("humans, viewer, you", [
    ((0,), 0, 0),  # one human: "you", drawn from their side
    ((2,), 0, 2),  # one human, the table turned to another seat: still "you" for seat 2
    ((), 0, -1),  # computers only: nobody is "you", though seat 0 is drawn
    ((0, 1), 0, -1),  # hot seat: every human is named
])
def test_reasons_about_a_seat_say_you_only_for_the_player(table, lang, humans, viewer, you):
    assert REASON_KEYS  # the keys under test exist
    d = table("canasta", 4, humans=humans, language=lang)
    sc = d.screen
    sc.viewer = viewer
    kinds = ["human" if s in humans else "computer" for s in range(4)]
    names = player_names(kinds)
    for key in REASON_KEYS:
        for seat in range(4):
            got = sc.presenter.reason_text(reason(key, seat=seat))
            want = (t(YOU_WORDING[f"table.reason.{key}"]) if seat == you
                    else t(f"table.reason.{key}", name=names[seat]))
            assert got == want, (lang, key, seat, humans, viewer)
