"""The player's statistics: per game, player count and computer level (docs/stats.md).

- :mod:`game.stats.model`: the pydantic model of ``stats.json`` (what is counted);
- :mod:`game.stats.store`: reading (a damaged file is reported and set aside, never fatal)
  and atomic writing, in the user data folder beside ``saves/``;
- :mod:`game.stats.recorder`: what a finished deal adds, from the engine's breakdown and its
  public state, and the daily deal's record.

No pygame here: ``python -m game stats`` and the Statistics screen read the same file.
"""
