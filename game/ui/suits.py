"""The four suit symbols as vector shapes, drawn with pygame polygons and circles.

Fonts draw suits in very different styles (and some lack them), so the cards draw their own.
Shapes are defined in a unit box (height 1, centred on the origin, y down) and drawn aliased;
callers draw them on a supersampled surface and smoothscale it down for clean edges.
"""

from __future__ import annotations

import math
from functools import cache

import pygame

SPADES, HEARTS, DIAMONDS, CLUBS = range(4)

Shape = tuple[tuple[tuple[float, float], ...], tuple[tuple[float, float, float], ...]]
# (polygon points, circles (x, y, r)), all in unit coordinates.


def _heart_points(n: int = 120) -> list[tuple[float, float]]:
    # The classic parametric heart, narrowed a little and given a sharper tip.
    pts = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        pts.append((x, y))
    ys = [p[1] for p in pts]
    top, bottom = min(ys), max(ys)
    h = bottom - top
    return [(x / h * 0.86, (y - top) / h - 0.5) for x, y in pts]


def _stem(top: float, bottom: float, half_base: float, n: int = 24) -> list[tuple[float, float]]:
    """A flared stem: concave sides from a point at ``top`` to a base at ``bottom``."""
    left, right = [], []
    for i in range(n + 1):
        f = i / n
        y = top + (bottom - top) * f
        x = 0.03 + (half_base - 0.03) * f ** 2.2
        left.append((-x, y))
        right.append((x, y))
    return right + left[::-1]


@cache
def shape(suit: int) -> Shape:
    if suit == HEARTS:
        return tuple(_heart_points()), ()
    if suit == DIAMONDS:
        pts = []
        corners = [(0, -0.5), (0.39, 0), (0, 0.5), (-0.39, 0)]
        for i in range(4):
            (x0, y0), (x1, y1) = corners[i], corners[(i + 1) % 4]
            # Slightly concave sides, pulled toward the centre.
            cx, cy = (x0 + x1) / 2 * 0.86, (y0 + y1) / 2 * 0.86
            for k in range(16):
                f = k / 16
                x = (1 - f) ** 2 * x0 + 2 * (1 - f) * f * cx + f * f * x1
                y = (1 - f) ** 2 * y0 + 2 * (1 - f) * f * cy + f * f * y1
                pts.append((x, y))
        return tuple(pts), ()
    if suit == SPADES:
        leaf = [(x * 1.04, -y * 0.8 - 0.1) for x, y in _heart_points()]
        return tuple(leaf), ()
    # Clubs: three balls, a filled centre, and the stem added in draw().
    r = 0.225
    return (
        ((-0.16, -0.12), (0.16, -0.12), (0.12, 0.12), (-0.12, 0.12)),
        ((0.0, -0.5 + r, r), (-0.25, 0.0, r), (0.25, 0.0, r), (0.0, -0.04, 0.13)),
    )


def width_ratio(suit: int) -> float:
    """Width of the symbol for height 1."""
    return {SPADES: 1.0, HEARTS: 0.96, DIAMONDS: 0.78, CLUBS: 0.96}[suit]


def draw(surface: pygame.Surface, suit: int, center: tuple[float, float], height: float,
         colour, flip: bool = False) -> None:
    """Draw a suit symbol of ``height`` pixels centred at ``center``; ``flip`` turns it over."""
    cx, cy = center
    sgn = -1 if flip else 1

    def p(x: float, y: float) -> tuple[float, float]:
        return cx + sgn * x * height, cy + sgn * y * height

    points, circles = shape(suit)
    if suit in (SPADES, CLUBS):
        stem_top = 0.05 if suit == SPADES else 0.0
        pygame.draw.polygon(surface, colour, [p(x, y) for x, y in _stem(stem_top, 0.5, 0.2)])
    pygame.draw.polygon(surface, colour, [p(x, y) for x, y in points])
    for x, y, r in circles:
        pygame.draw.circle(surface, colour, p(x, y), r * height)
