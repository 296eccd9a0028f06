"""The desktop user interface (pygame + pygame_gui).

Importing this package does not import pygame: ``game.newgame`` is plain data used by the
settings. The pygame modules (``app``, ``cards_art``, ``fonts``, ``audio`` ...) load pygame
themselves.
"""
