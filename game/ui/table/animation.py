"""Cards flying from where they were to where they are now.

Before an action the screen keeps the scene's ``places`` (every card of every zone with a
rectangle); after it, it builds the new scene and hands both to :meth:`Animator.move`. Cards
that left one zone and arrived in another are paired by code and become :class:`Tween`\\ s,
staggered in the order the engine's events name them. The card at its new place stays hidden
(``hidden``) until its tween lands, so the static layer never shows it twice.

Durations are multiplied by the animation-speed setting.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass

import pygame
from pygame import Rect

from game.ui import cards_art

HIDDEN = -1  # a card the viewer may not see (game.ui.table.scene.HIDDEN)
BASE_DURATION = 0.36  # seconds per card flight at "normal" speed
BASE_STAGGER = 0.07
MAX_STAGGER_TOTAL = 0.6


@dataclass
class Tween:
    code: int
    src: Rect
    dst: Rect
    src_face: bool
    dst_face: bool
    delay: float
    duration: float
    zone: tuple
    place: int
    elapsed: float = 0.0
    sideways: bool = False

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    def progress(self) -> float:
        p = (self.elapsed - self.delay) / self.duration if self.duration > 0 else 1.0
        return max(0.0, min(1.0, p))


def _ease(p: float) -> float:
    return 1 - (1 - p) ** 3


def diff(old: dict, new: dict) -> list[tuple[int, tuple, Rect, bool, tuple, int, Rect, bool]]:
    """Cards that changed zone: (code, from zone, from rect, from face, to zone, to index,
    to rect, to face).

    Cards the viewer may not see are ``HIDDEN`` (-1) in the places: a card that comes out of
    hiding (a draw into the viewer's hand, a computer's meld or discard) pairs with a hidden
    card that left, and a hidden card that arrives (a computer takes the pile) with a seen
    card that left; such a flight carries the seen card's code."""
    removed: dict[int, list[tuple[tuple, Rect, bool]]] = {}
    zones = set(old) | set(new)
    counts_old = {z: Counter(c for c, _, _ in old.get(z, ())) for z in zones}
    counts_new = {z: Counter(c for c, _, _ in new.get(z, ())) for z in zones}
    for z in sorted(zones, key=repr):
        lost = counts_old[z] - counts_new[z]
        if not lost:
            continue
        entries = old.get(z, ())
        for c, k in lost.items():
            mine = [e for e in entries if e[0] == c][-k:]
            removed.setdefault(c, []).extend((z, r, f) for _, r, f in mine)
    out = []
    unpaired = []
    for z in sorted(zones, key=repr):
        gained = counts_new[z] - counts_old[z]
        if not gained:
            continue
        entries = new.get(z, ())
        for c, k in gained.items():
            idx = [i for i, e in enumerate(entries) if e[0] == c][-k:]
            for i in idx:
                srcs = removed.get(c)
                _, dr, df = entries[i]
                if not srcs:
                    unpaired.append((c, z, i, dr, df))
                    continue
                sz, sr, sf = srcs.pop(0)
                out.append((c, sz, sr, sf, z, i, dr, df))
    seen_left = [(c, src) for c, srcs in removed.items() if c != HIDDEN for src in srcs]
    # A hidden place whose count changed (a computer's hand): cards may have gone in and out
    # of it in one move (it takes the pile and melds from its hand), which counts cancel.
    changed = [z for z in sorted(zones, key=repr)
               if counts_old[z][HIDDEN] != counts_new[z][HIDDEN]]
    for c, z, i, dr, df in unpaired:
        if c != HIDDEN:
            srcs = removed.get(HIDDEN)
            if srcs:
                sz, sr, sf = srcs.pop(0)
                out.append((c, sz, sr, sf, z, i, dr, df))
            elif src := _last_hidden(old, changed):
                out.append((c, src[0], src[2], False, z, i, dr, df))
        elif seen_left:
            code, (sz, sr, sf) = seen_left.pop(0)
            out.append((code, sz, sr, sf, z, i, dr, df))
    for code, (sz, sr, sf) in seen_left:
        if dst := _last_hidden(new, changed):
            out.append((code, sz, sr, sf, dst[0], dst[1], dst[2], False))
    return out


def _last_hidden(places: dict, zones: list) -> tuple[tuple, int, Rect] | None:
    """(zone, index, rect) of the last hidden card among ``zones`` in ``places``."""
    for z in zones:
        entries = places.get(z, ())
        for i in range(len(entries) - 1, -1, -1):
            if entries[i][0] == HIDDEN:
                return z, i, entries[i][1]
    return None


class Animator:
    def __init__(self) -> None:
        self.tweens: list[Tween] = []
        self.hidden: set[tuple] = set()
        self.slides: list[Tween] = []  # cards sliding home after an illegal drop

    @property
    def busy(self) -> bool:
        return bool(self.tweens or self.slides)

    def clear(self) -> None:
        self.tweens.clear()
        self.slides.clear()
        self.hidden.clear()

    def move(self, old: dict, new: dict, order: list[int], speed: float,
             limit: int = 60) -> int:
        """Start flights for every card that changed zone; ``order`` lists codes in the
        order the events name them (earlier cards leave first). Returns the count."""
        moves = diff(old, new)
        if not moves:
            return 0
        rank = {}
        hidden = []  # the places of hidden cards in ``order``, taken in turn
        for i, c in enumerate(order):
            rank.setdefault(c, i)
            if c == HIDDEN:
                hidden.append(i)
        hidden.reverse()

        def place(m) -> int:
            if m[0] == HIDDEN and hidden:
                return hidden.pop()
            return rank.get(m[0], len(order))

        keys = [place(m) for m in moves]
        moves = [moves[i] for _, i in sorted(zip(keys, range(len(moves))))]
        moves = moves[:limit] if len(moves) > limit else moves
        n = len(moves)
        stagger = BASE_STAGGER * speed
        if n > 1 and stagger * (n - 1) > MAX_STAGGER_TOTAL * speed:
            stagger = MAX_STAGGER_TOTAL * speed / (n - 1)
        dur = BASE_DURATION * speed
        for i, (c, _sz, sr, sf, z, idx, dr, df) in enumerate(moves):
            tw = Tween(c, Rect(sr), Rect(dr), sf, df, i * stagger, dur, z, idx,
                       sideways=dr.w > dr.h)
            self.tweens.append(tw)
            self.hidden.add((z, idx))
        return n

    def shift(self, zone: tuple, old: list, new: list, speed: float) -> None:
        """Cards that stayed in ``zone`` (the player's hand) but moved, when others left or
        arrived or the hand was sorted, glide to their new places instead of jumping."""
        pending: dict[int, list[Rect]] = {}
        for c, r, _f in old:
            pending.setdefault(c, []).append(r)
        for i, (c, r, f) in enumerate(new):
            if (zone, i) in self.hidden:
                continue  # arriving from elsewhere: it has its own flight
            src = pending.get(c)
            if not src:
                continue
            a = src.pop(0)
            if abs(a.x - r.x) + abs(a.y - r.y) > 2:
                self.slides.append(Tween(c, Rect(a), Rect(r), f, f, 0.0, 0.22 * speed, zone, i))
                self.hidden.add((zone, i))

    def slide_home(self, cards: list[tuple[int, Rect, Rect, tuple, int]], speed: float) -> None:
        """Cards dropped where they may not go slide back to their place in the hand
        (code, from, to, zone, place): the card at its place stays hidden until it lands."""
        for code, src, dst, zone, place in cards:
            self.slides.append(Tween(code, Rect(src), Rect(dst), True, True, 0.0,
                                     0.28 * speed, zone, place))
            self.hidden.add((zone, place))

    def update(self, dt: float) -> bool:
        """Advance; True when a flight landed (the static layer must show its card)."""
        landed = False
        for tw in self.tweens:
            tw.elapsed += dt
        for tw in self.slides:
            tw.elapsed += dt
        if any(tw.done for tw in self.tweens):
            keep = []
            for tw in self.tweens:
                if tw.done:
                    self.hidden.discard((tw.zone, tw.place))
                    landed = True
                else:
                    keep.append(tw)
            self.tweens = keep
        if any(tw.done for tw in self.slides):
            for tw in self.slides:
                if tw.done:
                    self.hidden.discard((tw.zone, tw.place))
            self.slides = [tw for tw in self.slides if not tw.done]
            landed = True
        return landed

    def finish(self) -> None:
        for tw in self.tweens + self.slides:
            tw.elapsed = tw.delay + tw.duration
        self.update(0)

    def draw(self, surface: pygame.Surface, style: str) -> None:
        crowd = len(self.tweens) > 10  # a deal: no shadows, they cost more than the cards
        for tw in self.slides + self.tweens:
            if tw.elapsed < tw.delay:
                if tw in self.slides:
                    continue
                p = 0.0
                if tw.src_face is False and tw.src.w < 30:
                    continue  # still inside a small face-down stack: nothing to show yet
            else:
                p = _ease(tw.progress())
            x = tw.src.x + (tw.dst.x - tw.src.x) * p
            y = tw.src.y + (tw.dst.y - tw.src.y) * p
            sw = tw.src.h if tw.src.w > tw.src.h else tw.src.w
            dw = tw.dst.h if tw.sideways else tw.dst.w
            w = max(16, round(sw + (dw - sw) * p))
            face = tw.dst_face if p >= 0.5 else tw.src_face
            # Faces are drawn (and cached) only at the two real sizes; in flight they are
            # scaled, which is fast: a new card size would cost milliseconds to draw.
            base_w = max(16, max(sw, dw))
            img = (cards_art.face(tw.code, base_w, style) if face and tw.code >= 0
                   else cards_art.back(base_w))
            if w != base_w:
                img = pygame.transform.scale(img, (w, cards_art.card_height(w)))
            squeeze = 1.0
            if tw.src_face != tw.dst_face:
                squeeze = abs(math.cos(math.pi * p))
                img = pygame.transform.smoothscale(
                    img, (max(1, round(img.get_width() * squeeze)), img.get_height()))
            lift = round(w * 0.12 * math.sin(math.pi * p))
            cx = round(x + (tw.dst.w if p > 0.5 else tw.src.w) / 2)
            r = img.get_rect(center=(cx, round(y + cards_art.card_height(w) / 2)))
            if squeeze > 0.9 and not crowd:
                sh = cards_art.shadow(base_w)
                if w != base_w:
                    sh = pygame.transform.scale(sh, (sh.get_width() - base_w + w,
                                                     sh.get_height() - cards_art.card_height(
                                                         base_w) + cards_art.card_height(w)))
                b = (sh.get_width() - w) // 2
                surface.blit(sh, (r.x - b + lift // 2, r.y - b + lift))
            surface.blit(img, r)
