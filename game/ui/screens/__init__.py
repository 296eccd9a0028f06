"""The menu screens: main menu, settings, new game, rules (one module each)."""
