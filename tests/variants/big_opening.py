"""A canasta variant made only for the tests, through docs/adding-a-game.md alone: classic
Canasta for two players whose every opening needs 100 points."""

from __future__ import annotations

from game.engine.canasta.classic import Canasta
from game.engine.canasta.game import CanastaFamilyGame
from game.engine.gameinfo import GameInfo

# Step 1: the declaration (a shipped game's goes in game/engine/registry.py's GAMES).
INFO = GameInfo(
    name="big-opening", title="Big Opening Canasta", family="canasta",
    module="tests.variants.big_opening", attr="BIG_OPENING",
    player_counts=(2,), usual_players=2, partnership_counts=(), target=5000,
)


# Step 2: the rule set, saying only what differs from the game it is made from.
class BigOpening(Canasta):
    info = INFO
    opening = ((None, 100),)  # every opening needs 100 points, whatever the score (CA-7's table)


# Step 3: the game object the declaration names.
BIG_OPENING = CanastaFamilyGame(BigOpening())

# Step 4, the words: the title and blurb in both catalogues (tests/test_adding_a_game.py puts
# them in for the test), and its rules text in game/rules_text/{en,ja}/big-opening.md.
WORDS = {
    "en": {"game.big-opening": "Big Opening Canasta",
           "game.big-opening.blurb": "Canasta for two, every opening 100 points."},
    "ja": {"game.big-opening": "ビッグオープニング・カナスタ",
           "game.big-opening.blurb": "2人で遊ぶカナスタ。最初のメルドはいつも100点以上。"},
}
