"""Cassino (RULES.md section 5): the rules engine is :mod:`game.engine.cassino.game`."""
