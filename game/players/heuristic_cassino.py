"""Placeholder (replaced below)."""
from game.players.simple import SimplePlayer


class CassinoHeuristic(SimplePlayer):
    def __init__(self, seed=0, easy=False):
        super().__init__(seed)
