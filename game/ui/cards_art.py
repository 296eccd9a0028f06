"""Card faces and backs, drawn procedurally at any size.

Every card is drawn on a surface two to four times larger than asked, with plain (aliased)
pygame shapes, then smoothscaled down: the box filter gives clean antialiased edges for the
suit shapes, the rounded corners and the text alike. Results are cached per code, width,
style and state, so the table may ask for a card every frame.

Card codes are those of ``game.engine.cards``: ``suit * 13 + rank - 1`` (suits S H D C), joker 52.

    face(code, width, style="two-colour", state="normal") -> Surface
    back(width, colour="red", state="normal") -> Surface
    card(code_or_None, width, ...)  # None or face_up=False gives the back
    sideways(surface)                # a card turned a quarter (Canasta's frozen pile)
    shadow(width)                    # a soft drop shadow to blit under a card
"""

from __future__ import annotations

import math

import pygame

from game.engine.cards import JOKER, RANK, SUIT
from game.ui import fonts, palette, suits
from game.ui.bounded_cache import lru_pictures

# The cached pictures' budgets, in MB of pixels: a thousand faces were kept whatever their
# size. A deal of six-player Canastone at 1920x1080 with large cards draws 450 faces (21 MB,
# twelve widths as hands grow and shrink); within 16 MB it draws 8 % more (no thrashing).
FACES_MB, BACKS_MB, SHADOWS_MB = 16, 2, 2

CARD_RATIO = 1.4  # poker size, 2.5 x 3.5 inches
STYLES = ("two-colour", "four-colour")
STATES = ("normal", "selected", "highlighted", "dimmed")
RANK_TEXT = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")

# Each suit's ink, by the palette's name (read when drawn: the high-contrast theme has its own).
_TWO = {suits.SPADES: "INK_BLACK", suits.HEARTS: "INK_RED",
        suits.DIAMONDS: "INK_RED", suits.CLUBS: "INK_BLACK"}
_FOUR = {suits.SPADES: "INK_BLACK", suits.HEARTS: "INK_RED",
         suits.DIAMONDS: "INK_BLUE", suits.CLUBS: "INK_GREEN"}


# Card widths at 1280x800 for the "card size" setting; they grow with the window.
CARD_WIDTHS = {"small": 72, "medium": 88, "large": 106}


def card_width_for(card_size: str, window_size: tuple[int, int]) -> int:
    """The card width the table should use for a setting and a window size."""
    scale = min(window_size[0] / 1280, window_size[1] / 800)
    return max(24, round(CARD_WIDTHS.get(card_size, CARD_WIDTHS["medium"]) * scale))


def card_height(width: int) -> int:
    return round(width * CARD_RATIO)


def card_size(width: int) -> tuple[int, int]:
    return width, card_height(width)


def suit_colour(suit: int, style: str = "two-colour") -> tuple[int, int, int]:
    return getattr(palette, (_FOUR if style == "four-colour" else _TWO)[suit])


def corner_radius(width: int) -> int:
    return max(2, round(width * 0.07))


def _supersample(width: int) -> int:
    # Small cards need more oversampling for thin strokes to survive the reduction.
    return 4 if width <= 100 else 3 if width <= 180 else 2


def _mix(a, b, f: float) -> tuple[int, int, int]:
    return tuple(round(x + (y - x) * f) for x, y in zip(a, b))


# ---------------------------------------------------------------------------------------------
# Text helpers (rank letters come from the font; suits never do).


def _glyphs(text: str, height: float, colour, max_width: float | None = None,
            bold: bool = True) -> pygame.Surface:
    """``text`` scaled so that its ink is exactly ``height`` pixels tall."""
    big = fonts.font_px(200, bold).render(text, True, colour)
    ink = big.subsurface(big.get_bounding_rect())
    w = ink.get_width() * height / ink.get_height()
    if max_width is not None and w > max_width:
        w = max_width  # condense ("10") rather than shrink
    return pygame.transform.smoothscale(ink, (max(1, round(w)), max(1, round(height))))


def _blit_centered(dst: pygame.Surface, src: pygame.Surface, cx: float, cy: float) -> None:
    dst.blit(src, src.get_rect(center=(round(cx), round(cy))))


# ---------------------------------------------------------------------------------------------
# The parts of a face, drawn on the big surface (W x H).


def _blank(W: int, H: int, ss: int) -> pygame.Surface:
    surf = pygame.Surface((W, H), pygame.SRCALPHA)
    # Transparent pixels carry the edge colour so smoothscale blends corners toward it, not black.
    surf.fill((*palette.CARD_EDGE, 0))
    r = corner_radius(W // ss) * ss
    edge = max(ss, round(W * 0.007 * palette.OUTLINE_SCALE))
    ground = palette.CARD_FACE
    pygame.draw.rect(surf, palette.CARD_EDGE, (0, 0, W, H), border_radius=r)
    pygame.draw.rect(surf, ground, (edge, edge, W - 2 * edge, H - 2 * edge),
                     border_radius=max(1, r - edge))
    return surf


def _small(W: int, ss: int) -> float:
    """0 for large cards, up to 1 for small ones, whose indices grow to stay readable."""
    return min(1.0, max(0.0, (150 - W / ss) / 80))


def index_width(width: int) -> int:
    """Width of a face's index (rank over suit, from the left edge): how much of a card must
    show for it to be read in an overlapped hand."""
    return math.ceil(width * _index_frac(_small(width, 1)))


def _index_frac(k: float) -> float:
    return 0.235 + 0.03 * k


def _index(surf: pygame.Surface, rank: int, suit: int, colour, W: int, H: int, ss: int) -> None:
    """Rank and small suit in the top-left corner, copied turned round to the bottom-right."""
    k = _small(W, ss)
    cx = W * (0.118 + 0.012 * k)
    rh = H * (0.105 + 0.035 * k)
    rank_img = _glyphs(RANK_TEXT[rank], rh, colour, max_width=W * (0.175 + 0.04 * k))
    top = H * 0.05
    _blit_centered(surf, rank_img, cx, top + rh / 2)
    sh = H * (0.08 + 0.015 * k)
    gap = H * 0.018
    suits.draw(surf, suit, (cx, top + rh + gap + sh / 2), sh, colour)
    _mirror_corner(surf, W, H, W * _index_frac(k), top + rh + gap + sh + H * 0.01)


def _mirror_corner(surf: pygame.Surface, W: int, H: int, cw: float, ch: float) -> None:
    box = pygame.Rect(0, 0, math.ceil(cw), math.ceil(ch))
    corner = pygame.transform.rotate(surf.subsurface(box).copy(), 180)
    surf.blit(corner, (W - box.w, H - box.h))


# Pip positions (column, row) with columns -1/0/1 and rows 0..1 down the pip area.
_PIPS = {
    2: [(0, 0), (0, 1)],
    3: [(0, 0), (0, 0.5), (0, 1)],
    4: [(-1, 0), (1, 0), (-1, 1), (1, 1)],
    5: [(-1, 0), (1, 0), (0, 0.5), (-1, 1), (1, 1)],
    6: [(-1, 0), (1, 0), (-1, 0.5), (1, 0.5), (-1, 1), (1, 1)],
    7: [(-1, 0), (1, 0), (0, 0.25), (-1, 0.5), (1, 0.5), (-1, 1), (1, 1)],
    8: [(-1, 0), (1, 0), (0, 0.25), (-1, 0.5), (1, 0.5), (0, 0.75), (-1, 1), (1, 1)],
    9: [(-1, 0), (1, 0), (-1, 1 / 3), (1, 1 / 3), (0, 0.5), (-1, 2 / 3), (1, 2 / 3),
        (-1, 1), (1, 1)],
    10: [(-1, 0), (1, 0), (0, 1 / 6), (-1, 1 / 3), (1, 1 / 3), (-1, 2 / 3), (1, 2 / 3),
         (0, 5 / 6), (-1, 1), (1, 1)],
}


def _pips(surf: pygame.Surface, rank: int, suit: int, colour, W: int, H: int, ss: int) -> None:
    k = _small(W, ss)
    ph = H * (0.13 if rank >= 9 else 0.14) * (1 - 0.12 * k)
    top, bottom = H * 0.19, H * 0.81
    col_dx = W * (0.19 - 0.015 * k)
    for col, row in _PIPS[rank]:
        x = W / 2 + col * col_dx
        y = top + (bottom - top) * row
        suits.draw(surf, suit, (x, y), ph, colour, flip=row > 0.5)


def _ace(surf: pygame.Surface, suit: int, colour, W: int, H: int) -> None:
    h = H * (0.40 if suit == suits.SPADES else 0.33)
    if suit == suits.SPADES:
        # The ace of spades traditionally wears an ornament: a thin gold ring.
        r = H * 0.255
        pygame.draw.circle(surf, palette.GOLD_LIGHT, (W / 2, H / 2), r, max(1, round(W * 0.012)))
        pygame.draw.circle(surf, palette.GOLD, (W / 2, H / 2), r * 0.94, max(1, round(W * 0.006)))
    suits.draw(surf, suit, (W / 2, H / 2), h, colour)


# Court cards: a framed, double-ended panel with a crown or cap, the letter and the suit.


def _crown(surf: pygame.Surface, rank: int, suit: int, cx: float, top: float, w: float,
           h: float, colour) -> None:
    """The court's emblem in a w x h box: a crown (K), a coronet (Q) or a shield (J)."""
    gold, dark = palette.GOLD, palette.GOLD_DARK
    line = max(1, round(w * 0.025))
    base_y = top + h
    if rank == 11:  # jack: a heraldic shield with the suit on it
        sw = w * 0.62
        right = [(cx + sw / 2, top)]
        for i in range(13):  # the sides curve in to meet in a point
            f = i / 12
            right.append((cx + sw / 2 * (1 - f * f), top + h * (0.4 + 0.6 * f)))
        pts = right + [(2 * cx - x, y) for x, y in reversed(right[:-1])]
        pygame.draw.polygon(surf, colour, pts)
        pygame.draw.polygon(surf, gold, pts, max(1, round(line * 1.6)))
        suits.draw(surf, suit, (cx, top + h * 0.45), h * 0.42, palette.IVORY)
        return
    band_h = h * 0.24
    band = pygame.Rect(0, 0, round(w), round(band_h))
    band.midbottom = (round(cx), round(base_y))
    if rank == 13:  # king: five points, the middle three topped with pearls
        xs = [cx - w / 2 + w * i / 4 for i in range(5)]
        tops = [0.34, 0.16, 0.0, 0.16, 0.34]
        pts = [(cx - w / 2, base_y - band_h)]
        for i, x in enumerate(xs):
            pts.append((x, top + h * (tops[i] + 0.12)))
            if i < 4:
                pts.append((x + w / 8, top + h * 0.58))
        pts.append((cx + w / 2, base_y - band_h))
        pygame.draw.polygon(surf, gold, pts)
        pygame.draw.polygon(surf, dark, pts, line)
        for i, x in enumerate(xs):
            y = top + h * (tops[i] + 0.1)
            pygame.draw.circle(surf, palette.IVORY if i % 2 else gold, (x, y), h * 0.085)
            pygame.draw.circle(surf, dark, (x, y), h * 0.085, line)
        # A small cross on the middle point.
        pygame.draw.line(surf, dark, (cx, top - h * 0.06), (cx, top + h * 0.06), line * 2)
    else:  # queen: a rounded coronet of arches
        pts = [(cx - w / 2, base_y - band_h)]
        n = 4
        for i in range(n):
            x0 = cx - w / 2 + w * i / n
            for k in range(13):
                a = math.pi * k / 12
                pts.append((x0 + w / n / 2 - math.cos(a) * w / n / 2,
                            base_y - band_h - math.sin(a) * h * 0.52))
        pts.append((cx + w / 2, base_y - band_h))
        pygame.draw.polygon(surf, gold, pts)
        pygame.draw.polygon(surf, dark, pts, line)
        for i in range(n + 1):
            x = cx - w / 2 + w * i / n
            y = base_y - band_h - h * 0.05
            pygame.draw.line(surf, dark, (x, y), (x, top + h * 0.18), line)
            pygame.draw.circle(surf, palette.IVORY, (x, top + h * 0.14), h * 0.09)
            pygame.draw.circle(surf, dark, (x, top + h * 0.14), h * 0.09, line)
    pygame.draw.rect(surf, gold, band, border_radius=max(1, round(band_h * 0.2)))
    pygame.draw.rect(surf, dark, band, line, border_radius=max(1, round(band_h * 0.2)))
    for i in (-1, 0, 1):
        pygame.draw.circle(surf, colour, (cx + i * w * 0.3, band.centery), band_h * 0.28)


def _court(surf: pygame.Surface, rank: int, suit: int, colour, W: int, H: int, ss: int) -> None:
    k = _small(W, ss)
    panel = pygame.Rect(round(W * (0.205 + 0.035 * k)), round(H * 0.068),
                        round(W * (0.59 - 0.07 * k)), round(H * 0.864))
    tint = _mix((250, 244, 228), colour, 0.06)
    deep = _mix((250, 244, 228), colour, 0.16)
    r = round(W * 0.03)
    # A gentle shading toward the middle of the panel.
    band = pygame.Surface(panel.size, pygame.SRCALPHA)
    for y in range(panel.h):
        f = 1 - abs(y / panel.h - 0.5) * 2
        pygame.draw.line(band, _mix(tint, deep, f * f), (0, y), (panel.w, y))
    mask = pygame.Surface(panel.size, pygame.SRCALPHA)
    mask.fill((255, 255, 255, 0))
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=r)
    band.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(band, panel)
    half = pygame.Rect(panel.x, panel.y, panel.w, panel.h // 2)

    # Upper half, then the same turned round: court cards read from either end.
    cx = panel.centerx
    _crown(surf, rank, suit, cx, half.y + half.h * 0.1, panel.w * 0.62, half.h * 0.27, colour)
    lh = half.h * 0.38
    off = max(1, round(W * 0.012))
    shade = _glyphs(RANK_TEXT[rank], lh, palette.GOLD)
    _blit_centered(surf, shade, cx + off, half.y + half.h * 0.64 + off)
    letter = _glyphs(RANK_TEXT[rank], lh, colour)
    _blit_centered(surf, letter, cx, half.y + half.h * 0.64)
    sh = half.h * 0.12
    for x in (panel.x + panel.w * 0.17, panel.right - panel.w * 0.17):
        suits.draw(surf, suit, (x, half.y + half.h * 0.64), sh, colour)
    lower = pygame.transform.rotate(surf.subsurface(half).copy(), 180)
    surf.blit(lower, (panel.x, panel.bottom - half.h))

    # Divider and frame.
    line = max(1, round(W * 0.008))
    mid = panel.centery
    pygame.draw.line(surf, palette.GOLD, (panel.x + panel.w * 0.08, mid),
                     (panel.right - panel.w * 0.08, mid), line)
    d = panel.w * 0.05
    pygame.draw.polygon(surf, palette.GOLD,
                        [(cx - d, mid), (cx, mid - d), (cx + d, mid), (cx, mid + d)])
    pygame.draw.rect(surf, colour, panel, max(1, round(W * 0.014)), border_radius=r)
    inner = panel.inflate(-round(W * 0.045), -round(W * 0.045))
    pygame.draw.rect(surf, palette.GOLD, inner, line, border_radius=max(1, r - line))


def _star(surf: pygame.Surface, cx: float, cy: float, r: float, colour, points: int = 5,
          inner: float = 0.45, width: int = 0) -> None:
    pts = []
    for i in range(points * 2):
        a = -math.pi / 2 + i * math.pi / points
        rr = r if i % 2 == 0 else r * inner
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    pygame.draw.polygon(surf, colour, pts, width)


def _joker(surf: pygame.Surface, W: int, H: int, ss: int) -> None:
    ink = palette.INK_RED
    # "JOKER" read down the corner, turned round to the other corner.
    k = _small(W, ss)
    lh = H * (0.05 + 0.016 * k)
    y = H * 0.05
    for ch in "JOKER":
        g = _glyphs(ch, lh, ink)
        _blit_centered(surf, g, W * (0.105 + 0.01 * k), y + lh / 2)
        y += lh * 1.3
    _mirror_corner(surf, W, H, W * (0.2 + 0.025 * k), y)

    cx = W / 2
    line = max(1, round(W * 0.012))
    # A jester's hat: three drooping points with bells over a band.
    hat_w, hat_top, band_y = W * 0.46, H * 0.27, H * 0.47
    colours = (palette.INK_RED, palette.GOLD, palette.INK_BLUE)
    tips = ((cx - hat_w * 0.62, H * 0.36), (cx, hat_top), (cx + hat_w * 0.62, H * 0.36))
    for i, ((tx, ty), col) in enumerate(zip(tips, colours)):
        bx0 = cx - hat_w / 2 + hat_w * i / 3
        bx1 = bx0 + hat_w / 3
        pts = [(bx0, band_y), (bx0 + (tx - bx0) * 0.5, ty + (band_y - ty) * 0.25), (tx, ty),
               (bx1 - (bx1 - tx) * 0.6, ty + (band_y - ty) * 0.5), (bx1, band_y)]
        pygame.draw.polygon(surf, col, pts)
        pygame.draw.polygon(surf, palette.GOLD_DARK, pts, line)
    for tx, ty in tips:
        pygame.draw.circle(surf, palette.GOLD_LIGHT, (tx, ty), W * 0.045)
        pygame.draw.circle(surf, palette.GOLD_DARK, (tx, ty), W * 0.045, line)
    band = pygame.Rect(0, 0, round(hat_w * 1.04), round(H * 0.045))
    band.midtop = (round(cx), round(band_y - H * 0.005))
    pygame.draw.rect(surf, palette.GOLD, band, border_radius=round(H * 0.01))
    pygame.draw.rect(surf, palette.GOLD_DARK, band, line, border_radius=round(H * 0.01))
    # A star below, with a smaller one set in it.
    _star(surf, cx, H * 0.64, W * 0.2, palette.GOLD)
    _star(surf, cx, H * 0.64, W * 0.2, palette.GOLD_DARK, width=line)
    _star(surf, cx, H * 0.645, W * 0.085, palette.INK_RED)


def _back(surf: pygame.Surface, W: int, H: int, ss: int, colour: str) -> None:
    ground, pattern = palette.BACK_COLOURS.get(colour, palette.BACK_COLOURS["red"])
    margin = round(W * 0.055)
    inner = pygame.Rect(margin, margin, W - 2 * margin, H - 2 * margin)
    r = max(1, round(W * 0.04))
    layer = pygame.Surface(inner.size, pygame.SRCALPHA)
    layer.fill(ground)
    # A lattice of diagonal lines, with small diamonds where they cross.
    step = W * 0.085
    lw = max(1, round(W * 0.008))
    n = int((inner.w + inner.h) / step) + 2
    for i in range(-n, n):
        x0 = i * step
        pygame.draw.line(layer, pattern, (x0, 0), (x0 + inner.h, inner.h), lw)
        pygame.draw.line(layer, pattern, (x0, inner.h), (x0 + inner.h, 0), lw)
    d = step * 0.16
    for i in range(-n, n):
        for j in range(0, int(inner.h / step * 2) + 2):
            x = i * step + (j % 2) * step / 2
            y = j * step / 2
            if -d <= x <= inner.w + d:
                pygame.draw.polygon(layer, pattern,
                                    [(x - d, y), (x, y - d), (x + d, y), (x, y + d)])
    # Clip to a rounded rectangle (alpha from a mask, via BLEND_RGBA_MIN).
    mask = pygame.Surface(inner.size, pygame.SRCALPHA)
    mask.fill((255, 255, 255, 0))
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=r)
    layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(layer, inner)
    # Frames and a medallion with the four suits.
    frame = inner.inflate(-round(W * 0.05), -round(W * 0.05))
    pygame.draw.rect(surf, palette.GOLD_LIGHT, frame, max(1, round(W * 0.01)),
                     border_radius=max(1, r - 2))
    pygame.draw.rect(surf, ground, inner, max(1, round(W * 0.012)), border_radius=r)
    cx, cy = W / 2, H / 2
    mr = W * 0.22
    pygame.draw.circle(surf, ground, (cx, cy), mr)
    pygame.draw.circle(surf, palette.GOLD_LIGHT, (cx, cy), mr, max(1, round(W * 0.012)))
    pygame.draw.circle(surf, palette.GOLD, (cx, cy), mr * 0.86, max(1, round(W * 0.006)))
    sh = mr * 0.52
    for i, suit in enumerate((suits.SPADES, suits.HEARTS, suits.CLUBS, suits.DIAMONDS)):
        a = -math.pi / 2 + i * math.pi / 2
        suits.draw(surf, suit, (cx + math.cos(a) * mr * 0.42, cy + math.sin(a) * mr * 0.42),
                   sh * (0.9 if suit == suits.DIAMONDS else 0.8), palette.IVORY)


def _state(surf: pygame.Surface, state: str, W: int, ss: int) -> None:
    if state in ("normal", "dimmed"):
        return
    r = corner_radius(W // ss) * ss
    if state == "selected":
        glow = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        glow.fill((*palette.SELECT, 24))
        surf.blit(glow, (0, 0), special_flags=0)
        width = max(2 * ss, palette.outline(W * 0.035))
        colour = palette.SELECT
    else:  # highlighted: a lighter, thinner ring
        width = max(ss * 2, palette.outline(W * 0.022))
        colour = palette.HIGHLIGHT
    pygame.draw.rect(surf, colour, surf.get_rect(), width, border_radius=r)
    if palette.HIGH_CONTRAST:  # a black line inside the ring parts it from the white face
        inner = surf.get_rect().inflate(-2 * width, -2 * width)
        pygame.draw.rect(surf, palette.INK_BLACK, inner, max(ss, width // 3),
                         border_radius=max(1, r - width))


def _finish(big: pygame.Surface, width: int, state: str) -> pygame.Surface:
    out = pygame.transform.smoothscale(big, card_size(width))
    if state == "dimmed":
        out.fill((150, 150, 150), special_flags=pygame.BLEND_RGB_MULT)
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        out = out.convert_alpha()
    return out


# ---------------------------------------------------------------------------------------------
# Public API


def face(code: int, width: int, style: str = "two-colour", state: str = "normal") -> pygame.Surface:
    """The face of card ``code`` at ``width`` pixels (height ``card_height(width)``).

    The returned surface is shared by the cache: blit it, do not draw on it.
    """
    return _face(int(code), max(16, int(width)), style, state, palette.HIGH_CONTRAST)


def back(width: int, colour: str = "red", state: str = "normal") -> pygame.Surface:
    """The back of a card: a two-colour lattice with a gold-framed medallion."""
    return _back_surface(max(16, int(width)), colour, state, palette.HIGH_CONTRAST)


@lru_pictures(max_mb=FACES_MB)
def _face(code: int, width: int, style: str, state: str, contrast: bool) -> pygame.Surface:
    # ``contrast`` (the palette's theme) is part of the cache's key only.
    ss = _supersample(width)
    W, H = width * ss, card_height(width) * ss
    big = _blank(W, H, ss)
    if code == JOKER:
        _joker(big, W, H, ss)
    else:
        rank, suit = RANK[code], SUIT[code]
        colour = suit_colour(suit, style)
        _index(big, rank, suit, colour, W, H, ss)
        if rank == 1:
            _ace(big, suit, colour, W, H)
        elif rank >= 11:
            _court(big, rank, suit, colour, W, H, ss)
        else:
            _pips(big, rank, suit, colour, W, H, ss)
    _state(big, state, W, ss)
    return _finish(big, width, state)


@lru_pictures(max_mb=BACKS_MB)
def _back_surface(width: int, colour: str, state: str, contrast: bool) -> pygame.Surface:
    ss = _supersample(width)
    W, H = width * ss, card_height(width) * ss
    big = _blank(W, H, ss)
    _back(big, W, H, ss, colour)
    _state(big, state, W, ss)
    return _finish(big, width, state)


def card(code: int | None, width: int, style: str = "two-colour", state: str = "normal",
         face_up: bool = True, back_colour: str = "red") -> pygame.Surface:
    """A face, or the back when ``code`` is None or ``face_up`` is false."""
    if code is None or not face_up:
        return back(width, back_colour, state)
    return face(code, width, style, state)


def sideways(surface: pygame.Surface, clockwise: bool = True) -> pygame.Surface:
    """A card turned a quarter, as a frozen pile shows its wild card (CA-10)."""
    return pygame.transform.rotate(surface, -90 if clockwise else 90)


@lru_pictures(max_mb=SHADOWS_MB)
def shadow(width: int, blur: int | None = None, alpha: int = 110) -> pygame.Surface:
    """A soft shadow ``2 * blur`` larger than the card; blit at ``(x - blur, y - blur)`` plus
    an offset of a few pixels down and right."""
    w, h = card_size(width)
    b = max(2, round(width * 0.06)) if blur is None else blur
    small = pygame.Surface(((w + 2 * b) // 4 + 1, (h + 2 * b) // 4 + 1), pygame.SRCALPHA)
    small.fill((0, 0, 0, 0))
    pygame.draw.rect(small, (0, 0, 0, alpha), (b // 4, b // 4, w // 4, h // 4),
                     border_radius=max(1, corner_radius(width) // 4))
    # Up and down again: a cheap blur without numpy.
    tiny = pygame.transform.smoothscale(small, (max(1, small.get_width() // 2),
                                                max(1, small.get_height() // 2)))
    return pygame.transform.smoothscale(tiny, (w + 2 * b, h + 2 * b))


def clear_cache() -> None:
    _face.cache_clear()
    _back_surface.cache_clear()
    shadow.cache_clear()


def contact_sheet(width: int, style: str = "two-colour", columns: int = 14,
                  background=palette.FELT) -> pygame.Surface:
    """All 53 faces and both backs on one surface (for previews and visual checks)."""
    w, h = card_size(width)
    gap = max(4, width // 8)
    codes: list[int | str] = [s * 13 + r for s in range(4) for r in range(13)]
    codes += [JOKER, "red", "blue"]
    rows = math.ceil(len(codes) / columns)
    sheet = pygame.Surface((columns * (w + gap) + gap, rows * (h + gap) + gap))
    sheet.fill(background)
    for i, c in enumerate(codes):
        x = gap + (i % columns) * (w + gap)
        y = gap + (i // columns) * (h + gap)
        img = back(width, c) if isinstance(c, str) else face(c, width, style)
        sheet.blit(img, (x, y))
    return sheet
