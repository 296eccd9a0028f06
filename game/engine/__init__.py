"""The rules core: cards, actions, events, the engine interface and the games' rules,
plain Python importable without pygame (RULES.md, NOTATION.md). Everything above it
(the players, the driver, sessions, saves, the window, the network) uses its public surface."""
