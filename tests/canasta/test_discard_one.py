"""CA-8: a turn ends by discarding one card. A discard offered with several cards (chosen
together at the table, or typed) is refused with what to do, not as an unknown action."""

from __future__ import annotations

import pytest

from game import i18n
from game.engine.actions import make
from game.engine.cards import parse_cards

from .helpers import CA, pos, why

C5, D6 = parse_cards("5C 6D")


# The notation has no multi-card discard, so these are built as the table builds them.
@pytest.mark.parametrize("groups", [((C5, D6),), ((C5,), (D6,))])
def test_several_cards_refused_with_discard_one(groups):
    st = pos(CA, 2, hands=["5C 6D 7S 9H", "4C 4D 4H 5S"], pile="8D", turn=0, phase="play")
    assert why(st, "0 discard 5C") is None
    r = st.why_illegal(make(0, "discard", groups))
    assert r is not None and r.key == "discard_one", r
    for lang in i18n.LANGUAGES:
        i18n.set_language(lang)
        try:
            assert "discard_one" not in i18n.translate_reason(r)
        finally:
            i18n.set_language("en")
