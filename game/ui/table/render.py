"""Drawing a :class:`~game.ui.table.scene.Scene`: cards with shadows, name plates, badges,
labels, drop-target glows. Everything expensive (card faces, text, plates) is cached, so a
static layer can be rebuilt in a few milliseconds and a frame is mostly one blit."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.i18n import game_text, t
from game.ui import cards_art, fonts, palette
from game.ui.bounded_cache import lru_pictures
from game.ui.table import meld_flow as MF
from game.ui.table.scene import Badge, Plate, Scene, Sprite

TEAM_COLOURS = ((86, 150, 230), (226, 98, 86))  # team 1 blue, team 2 red
NATURAL = (150, 24, 36)
MIXED = (28, 28, 32)


@lru_cache(maxsize=512)
def text(s: str, size: int, colour: tuple, bold: bool = False) -> pygame.Surface:
    return fonts.render(s, size, colour, bold=bold)


@lru_cache(maxsize=256)
def text_shadowed(s: str, size: int, colour: tuple, bold: bool = False) -> pygame.Surface:
    # High contrast: on a solid ground (palette.TEXT_BACKING), not a soft shadow.
    return fonts.render(s, size, colour, bold=bold, shadow=(0, 0, 0, 160),
                        backing=palette.TEXT_BACKING)


@lru_pictures(max_mb=12)  # up to the replay's hands board (7.5 MB at 1920x1080)
def rounded(size: tuple[int, int], colour: tuple, radius: int, border: tuple | None = None,
            width: int = 0) -> pygame.Surface:
    surf = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surf, colour, surf.get_rect(), border_radius=radius)
    if border is not None and width:
        pygame.draw.rect(surf, border, surf.get_rect(), width, border_radius=radius)
    return surf


@lru_pictures(max_mb=3)
def glow(size: tuple[int, int], colour: tuple, radius: int, strength: int = 90) -> pygame.Surface:
    """A soft rectangular glow (drop targets, the player to move)."""
    w, h = size
    pad = max(4, radius)
    surf = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    for i in range(pad, 0, -2):
        a = round(strength * (1 - i / pad) ** 2)
        pygame.draw.rect(surf, (*colour, a), (pad - i, pad - i, w + 2 * i, h + 2 * i),
                         border_radius=radius + i)
    return surf


def card_surface(sp: Sprite, style: str) -> pygame.Surface:
    w = sp.rect.h if sp.sideways else sp.rect.w
    if sp.face_up and sp.code >= 0:
        img = cards_art.face(sp.code, w, style, sp.state)
    else:
        img = cards_art.back(w, "red", sp.state if sp.state != "selected" else "selected")
    if sp.sideways:
        img = _sideways(sp.code, w, style)
    return img


@lru_pictures(max_mb=2)
def _sideways(code: int, w: int, style: str) -> pygame.Surface:
    return cards_art.sideways(cards_art.face(code, w, style))


def draw_card(surface: pygame.Surface, sp: Sprite, style: str, shadow: bool = True) -> None:
    img = card_surface(sp, style)
    if shadow and not sp.mini:
        w = sp.rect.w if not sp.sideways else sp.rect.h
        sh = cards_art.shadow(w)
        b = (sh.get_width() - w) // 2
        off = max(1, w // 30)
        if sp.sideways:
            sh = _rot_shadow(w)
            b = (sh.get_height() - w) // 2
        surface.blit(sh, (sp.rect.x - b + off, sp.rect.y - b + off * 2))
    surface.blit(img, sp.rect.topleft)


@lru_cache(maxsize=8)
def _rot_shadow(w: int) -> pygame.Surface:
    return pygame.transform.rotate(cards_art.shadow(w), 90)


def draw_sprites(surface: pygame.Surface, scene: Scene, style: str, hidden=frozenset()) -> None:
    for sp in scene.sprites:
        if hidden and (sp.zone, sp.place) in hidden:
            continue
        draw_card(surface, sp, style)


# ---------------------------------------------------------------------------------------------
# Plates and badges


def plate_chips(p: Plate, game: str) -> tuple[str, ...]:
    """The round marks on a plate, in the game's words: the dealer's (Cassino's first
    player's, CN-3) and Looking and Down's keeper's."""
    chips = []
    if p.dealer:
        chips.append(game_text(game, "table.badge.dealer"))
    if p.keeper:
        chips.append(t("table.badge.keeper"))
    return tuple(chips)


def draw_plate(surface: pygame.Surface, p: Plate, scale: float, game: str,
               thinking_phase: float = -1, is_viewer: bool = False) -> None:
    img = _plate_image(p.rect.size, p.name, p.count, p.turn, plate_chips(p, game), p.team,
                       p.frozen_time, p.in_down, p.down_count, round(scale * 100), is_viewer)
    if p.turn:
        g = glow(p.rect.size, palette.GOLD_LIGHT, max(6, round(12 * scale)), 120)
        pad = (g.get_width() - p.rect.w) // 2
        surface.blit(g, (p.rect.x - pad, p.rect.y - pad))
    surface.blit(img, p.rect)
    if thinking_phase >= 0:
        r = max(2, round(3 * scale))
        cx = p.rect.right - round(18 * scale)
        cy = p.rect.y + round(14 * scale)
        for i in range(3):
            a = (thinking_phase * 3 - i) % 3
            c = palette.GOLD_LIGHT if a < 1 else palette.GOLD_DARK
            pygame.draw.circle(surface, c, (cx - (2 - i) * r * 3, cy), r)


# A plate is drawn again for each count of cards (50 KB at 1920x1080): 3 MB holds 60.
@lru_pictures(max_mb=3)
def _plate_image(size, name, count, turn, chips, team, frozen_time, in_down,
                 down_count, scale100, is_viewer) -> pygame.Surface:
    s = scale100 / 100
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    radius = max(4, round(10 * s))
    bg = (20, 58, 40, 235) if not turn else (44, 84, 50, 245)
    if palette.HIGH_CONTRAST:
        bg = (*palette.PANEL, 255)
    pygame.draw.rect(surf, bg, surf.get_rect(), border_radius=radius)
    rim = palette.GOLD_LIGHT if turn else palette.GOLD_DARK
    pygame.draw.rect(surf, rim, surf.get_rect(), palette.outline(2 * s if turn else 1.2 * s),
                     border_radius=radius)
    pad = round(9 * s)
    x = pad
    if team >= 0:
        rr = max(3, round(5 * s))
        pygame.draw.circle(surf, TEAM_COLOURS[team % 2], (x + rr, round(h * 0.34)), rr)
        x += 2 * rr + round(5 * s)
    # The name has the whole first line (the dealer's is as large as everyone's); the marks
    # sit at the right end of the second line.
    size_name = max(10, round(16 * s))
    fs = fonts.fit_size(name, w - x - pad, size_name, bold=True, minimum=9)
    nm = fonts.render(name, fs, palette.GOLD_LIGHT if turn else palette.TEXT, bold=True)
    surf.blit(nm, (x, round(h * 0.34) - nm.get_height() // 2))
    chip_r = max(6, round(8 * s))
    chip_w = len(chips) * (2 * chip_r + round(3 * s))
    cx, cy = w - pad - chip_r, round(h * 0.72)
    for ch in chips:
        pygame.draw.circle(surf, palette.IVORY, (cx, cy), chip_r)
        pygame.draw.circle(surf, palette.GOLD_DARK, (cx, cy), chip_r, 1)
        lab = fonts.render(ch, max(8, round(chip_r * 1.3)), palette.TEXT_DARK, bold=True)
        surf.blit(lab, lab.get_rect(center=(cx, cy)))
        cx -= 2 * chip_r + round(3 * s)
    parts = [t("table.one_card") if count == 1 else t("table.cards_left", count=count)]
    if down_count >= 0:
        parts.append(t("table.down_count", count=down_count))
    elif in_down:
        parts.append(t("table.in_down"))
    if frozen_time:
        parts.append(t("table.frozen_in_time_short"))
    room = w - 2 * pad - chip_w
    size_small = max(9, round(13 * s))
    for sep in (" · ", "·"):  # the tight separator before giving up letters (7 seats, 800x600)
        line = sep.join(parts)
        fs = fonts.fit_size(line, room, size_small, minimum=8)
        sub = fonts.render(line, fs, palette.TEXT_DIM)
        if sub.get_width() <= room:
            break
    # Never under the marks: what still does not fit is cut at the marks' edge.
    surf.blit(sub, (pad, round(h * 0.72) - sub.get_height() // 2),
              pygame.Rect(0, 0, max(0, room), sub.get_height()))
    return surf


def count_rect(b: Badge, size: tuple[int, int], window: pygame.Rect,
               scale: float) -> pygame.Rect:
    """Where a count ("Deck 40", "Captured 3") of ``size`` is drawn: centred under its
    anchor (from its left edge with tone "left"), never flush against the window's edge."""
    edge = max(4, round(8 * scale))
    x = b.rect.x if b.tone == "left" else b.rect.centerx - size[0] // 2
    y = b.rect.y - size[1] if b.tone == "above" else b.rect.y  # "above": its bottom at rect.y
    return pygame.Rect((0, 0), size).move(x, y).clamp(window.inflate(-2 * edge, -2 * edge))


def count_image(b: Badge, scale: float) -> pygame.Surface:
    """The count's words; a text of several lines is stacked, each line aligned as the
    badge is (from the left with tone "left", centred otherwise)."""
    size = max(10, round(13 * scale))
    lines = [text_shadowed(line, size, palette.TEXT_DIM) for line in b.text.split("\n")]
    if len(lines) == 1:
        return lines[0]
    w = max(img.get_width() for img in lines)
    surf = pygame.Surface((w, sum(img.get_height() for img in lines)), pygame.SRCALPHA)
    y = 0
    for img in lines:
        surf.blit(img, (0 if b.tone == "left" else (w - img.get_width()) // 2, y))
        y += img.get_height()
    return surf


# The labels of the meld areas: a canasta's kind and points and a meld's count and points,
# on the meld's lower edge; a staged meld's value and what it needs, under its cards (they
# stay in full view while it is built); a side's points on the table, in its area's corner.
LABELS = ("canasta", "meld_info", "stage_info", "points")


def label_rect(b: Badge, size: tuple[int, int], window: pygame.Rect,
               scale: float) -> pygame.Rect:
    """Where a label (LABELS) of ``size`` is drawn."""
    r = pygame.Rect((0, 0), size)
    if b.kind == "points":
        r.bottomleft = (b.rect.x + round(6 * scale), b.rect.bottom - round(MF.POINTS_INSET * scale))
        return r.clamp(window)
    if b.kind == "stage_info":  # the flow left it the room (meld_flow.fit_melds)
        r.midtop = (b.rect.centerx, b.rect.bottom + MF.UNDER_GAP)
        return r
    r.midtop = (b.rect.centerx, b.rect.bottom - size[1] // 2)
    return r


def draw_badge(surface: pygame.Surface, b: Badge, scale: float) -> None:
    s = scale
    if b.kind == "count":
        if b.tone == "corner":
            img = _corner_count(b.text, round((b.scale or s) * 100))  # as the labels
            surface.blit(img, img.get_rect(topright=b.rect.topleft))
            return
        img = count_image(b, s)
        surface.blit(img, count_rect(b, img.get_size(), surface.get_rect(), s))
    elif b.kind in LABELS:
        ls = b.scale or s  # a crowded meld area draws its labels smaller
        img = _ribbon(b.text, "info" if b.kind != "canasta" else b.tone, round(ls * 100))
        surface.blit(img, label_rect(b, img.get_size(), surface.get_rect(), ls))
    elif b.kind == "frozen":
        img = _ribbon(t("table.frozen"), "frozen", round(s * 100))
        surface.blit(img, img.get_rect(midbottom=b.rect.midbottom))
    elif b.kind == "pickup":  # the player's down, waiting to be picked up
        pygame.draw.rect(surface, palette.GOLD_LIGHT, b.rect.inflate(round(8 * s), round(8 * s)),
                         max(2, round(3 * s)), border_radius=max(4, round(8 * s)))
        img = _ribbon(t("table.pick_up_down"), "gold", round(s * 100))
        r = img.get_rect(midbottom=(b.rect.centerx, b.rect.y - round(6 * s)))
        surface.blit(img, r.clamp(surface.get_rect()))
    elif b.kind == "slot":  # an empty stock or pile: where the cards go
        radius = max(4, round(b.rect.w * 0.07))
        surface.blit(rounded(b.rect.size, (0, 0, 0, 40), radius), b.rect)
        pygame.draw.rect(surface, (*palette.GOLD_DARK,), b.rect, max(1, round(1.5 * s)),
                         border_radius=radius)
    elif b.kind == "group":
        fill = (10, 30, 20, 220) if b.tone == "peek" else (214, 170, 72, 40)
        img = rounded(b.rect.size, fill, max(4, round(10 * s)),
                      (*palette.GOLD_LIGHT, 200), max(1, round(2 * s)))
        surface.blit(img, b.rect)
    elif b.kind == "staged":  # a staged meld (issue 29): framed apart, not on the table yet
        ready = b.tone == "ready"
        img = rounded(b.rect.size, (0, 0, 0, 70), max(4, round(8 * s)),
                      (*(palette.GOLD_LIGHT if ready else palette.TEXT_DIM), 230),
                      max(2, round(2 * s * palette.OUTLINE_SCALE)))
        surface.blit(img, b.rect)
    elif b.kind == "value":
        value, _, owner = b.text.partition("\x00")
        img = _value_badge(value, owner, b.rect.w, round(s * 100))
        surface.blit(img, img.get_rect(midbottom=(b.rect.centerx, b.rect.bottom)))


@lru_cache(maxsize=64)
def _corner_count(txt: str, scale100: int) -> pygame.Surface:
    s = scale100 / 100
    lab = MF.ribbon_font(s).render(txt, True, palette.IVORY)  # the labels' type
    d = max(lab.get_width(), lab.get_height()) + round(4 * s)
    surf = pygame.Surface((d, d), pygame.SRCALPHA)
    pygame.draw.circle(surf, (20, 20, 24, 220), (d // 2, d // 2), d // 2)
    pygame.draw.circle(surf, palette.GOLD, (d // 2, d // 2), d // 2, 1)
    surf.blit(lab, lab.get_rect(center=(d // 2, d // 2)))
    return surf


@lru_cache(maxsize=64)
def _ribbon(txt: str, tone: str, scale100: int) -> pygame.Surface:
    s = scale100 / 100
    colours = {
        "natural": (NATURAL, palette.GOLD_LIGHT),
        "mixed": (MIXED, palette.TEXT),
        "gold": (palette.GOLD_DARK, palette.IVORY),
        "frozen": ((40, 90, 160), palette.IVORY),
        "info": ((16, 22, 20), palette.IVORY),
    }
    bg, fg = colours.get(tone, colours["gold"])
    lab = MF.ribbon_font(s).render(txt, True, fg)
    pw, ph = round(MF.RIBBON_PAD[0] * s), round(MF.RIBBON_PAD[1] * s)  # as MF.ribbon_size
    surf = pygame.Surface((lab.get_width() + 2 * pw, lab.get_height() + 2 * ph), pygame.SRCALPHA)
    pygame.draw.rect(surf, (*bg, 240), surf.get_rect(), border_radius=max(3, round(6 * s)))
    pygame.draw.rect(surf, palette.GOLD, surf.get_rect(), 1, border_radius=max(3, round(6 * s)))
    surf.blit(lab, (pw, ph))
    return surf


@lru_cache(maxsize=64)
def _value_badge(value: str, owner: str, width: int, scale100: int) -> pygame.Surface:
    s = scale100 / 100
    big = fonts.render(value, max(11, round(17 * s)), palette.TEXT_DARK, bold=True)
    small = fonts.render(owner, max(9, round(12 * s)), palette.IVORY)
    pad = round(6 * s)
    d = big.get_height() + round(2 * s)
    w = d + pad + small.get_width() + 2 * pad
    h = d
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(surf, (12, 40, 27, 230), surf.get_rect(), border_radius=h // 2)
    pygame.draw.rect(surf, palette.GOLD, surf.get_rect(), 1, border_radius=h // 2)
    pygame.draw.circle(surf, palette.GOLD_LIGHT, (h // 2, h // 2), h // 2)
    surf.blit(big, big.get_rect(center=(h // 2, h // 2)))
    surf.blit(small, (d + pad, (h - small.get_height()) // 2))
    return surf


def draw_area_frame(surface: pygame.Surface, rect: pygame.Rect, label: str, scale: float,
                    active: bool = False, team: int = -1) -> None:
    """The faint outline of a meld area, with its owner's name; a partnership's area (``team``
    0 or 1) is rimmed and named in its team's colour, the colour of its players' plates."""
    img = _area(rect.size, label, round(scale * 100), active, team)
    surface.blit(img, rect)


def area_name_type(scale: float, team: int) -> int:
    return max(11, round(15 * scale)) if team >= 0 else max(9, round(12 * scale))


def area_name_rect(size, label: str, scale: float, team: int = -1) -> pygame.Rect | None:
    """Where a meld area (of ``size``) shows its owner's name: its lower right corner, or
    nowhere when the name would reach the side's points label on the left (a narrow tile
    under its owner's plate: the name is on the plate already)."""
    if not label:
        return None
    w, h = fonts.font(area_name_type(scale, team), team >= 0).size(label)
    x = size[0] - w - round(8 * scale)
    points = MF.ribbon_size(t("table.on_table", points=99999), scale)[0]
    if x < round(6 * scale) + points + round(20 * scale):  # room for a team's dot too
        return None
    return pygame.Rect(x, size[1] - h - round(3 * scale), w, h)


@lru_pictures(max_mb=8)  # a meld area is drawn for each size, label and rim
def _area(size, label: str, scale100: int, active: bool, team: int = -1) -> pygame.Surface:
    s = scale100 / 100
    surf = pygame.Surface(size, pygame.SRCALPHA)
    r = max(6, round(12 * s))
    pygame.draw.rect(surf, (0, 0, 0, 34 if not active else 50), surf.get_rect(), border_radius=r)
    colour = TEAM_COLOURS[team % 2] if team >= 0 else None
    if colour is not None:
        rim = (*colour, 150)
    else:
        rim = (*palette.GOLD, 90) if active else (255, 255, 255, 30)
    pygame.draw.rect(surf, rim, surf.get_rect(), palette.outline(2 * s) if colour else 1,
                     border_radius=r)
    where = area_name_rect(size, label, s, team)
    if where is not None:
        x, y = where.topleft
        if colour is None:
            lab = fonts.render(label, area_name_type(s, team), (*palette.TEXT_DIM,))
            lab.set_alpha(150)
        else:
            lab = fonts.render(label, area_name_type(s, team), colour, bold=True)
        surf.blit(lab, (x, y))
        if colour is not None:  # the dot of the team's plates
            rr = max(3, round(5 * s))
            pygame.draw.circle(surf, colour, (x - rr - round(5 * s), y + lab.get_height() // 2),
                               rr)
    return surf


def draw_target(surface: pygame.Surface, rect: pygame.Rect, scale: float, hot: bool) -> None:
    """A drop target the engine accepts (a light wash and a rim); brighter under the pointer.
    Cheap on purpose: the one under the pointer is drawn every frame of a drag."""
    colour = palette.GOLD_LIGHT if hot else (140, 230, 150)
    radius = max(4, round(8 * scale))
    surface.blit(rounded(rect.size, (*colour, 46 if hot else 24), radius), rect)
    pygame.draw.rect(surface, colour, rect, max(2, palette.outline((3 if hot else 2) * scale)),
                     border_radius=radius)


def draw_hint(surface: pygame.Surface, rect: pygame.Rect, scale: float, pulse: float,
              card: bool) -> None:
    """The Hint button's highlight: a pulsing gold rim (cards: with a marker above)."""
    glow = round(3 * scale) + 1
    radius = max(4, round((7 if card else 9) * scale))
    r = rect.inflate(2 * glow, 2 * glow)
    alpha = round(90 + 120 * pulse)
    surface.blit(rounded(r.size, (*palette.GOLD_LIGHT, round(30 + 40 * pulse)), radius), r)
    rim = pygame.Surface(r.size, pygame.SRCALPHA)
    pygame.draw.rect(rim, (*palette.GOLD_LIGHT, alpha), rim.get_rect(),
                     max(2, palette.outline(glow)),
                     border_radius=radius)
    surface.blit(rim, r)
    if card:
        w = max(6, round(9 * scale))
        x = rect.x + min(rect.w // 2, round(14 * scale) + w)
        y = r.y - round(4 * scale)
        pygame.draw.polygon(surface, palette.GOLD_LIGHT, [(x - w, y - w), (x + w, y - w), (x, y)])


FOCUS = (96, 214, 255)  # the keyboard's ring: unlike the gold of hints and choices


def draw_focus(surface: pygame.Surface, rect: pygame.Rect, scale: float) -> None:
    """The keyboard's focus ring round ``rect``: a bright line between two dark ones, clear on
    the felt, on ivory cards and on buttons."""
    line = max(2, round(3 * scale))
    gap = max(2, round(3 * scale))
    radius = max(4, round(9 * scale))
    ring = rect.inflate(2 * (gap + line), 2 * (gap + line))
    pygame.draw.rect(surface, (8, 12, 16), ring.inflate(4, 4), line + 4, border_radius=radius + 2)
    pygame.draw.rect(surface, FOCUS, ring, line, border_radius=radius)


def toast(message: str, width: int, scale: float, tone: str = "error") -> pygame.Surface:
    return _toast(message, width, round(scale * 100), tone)


@lru_cache(maxsize=16)
def _toast(message: str, width: int, scale100: int, tone: str) -> pygame.Surface:
    from game.ui.textlayout import wrap

    s = scale100 / 100
    size = max(11, round(17 * s))
    lines = wrap(message, width - round(36 * s), size)
    f = fonts.font(size)
    lh = f.get_linesize()
    pad = round(14 * s)
    w = min(width, max(f.size(x)[0] for x in lines) + 2 * pad + round(8 * s))
    h = lh * len(lines) + 2 * pad - round(4 * s)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    bg = (92, 22, 28, 238) if tone == "error" else (12, 40, 27, 238)
    pygame.draw.rect(surf, bg, surf.get_rect(), border_radius=round(10 * s))
    pygame.draw.rect(surf, palette.GOLD_LIGHT if tone != "error" else (240, 150, 140),
                     surf.get_rect(), max(1, round(1.5 * s)), border_radius=round(10 * s))
    y = pad - round(2 * s)
    for line in lines:
        img = f.render(line, True, palette.IVORY)
        surf.blit(img, ((w - img.get_width()) // 2, y))
        y += lh
    return surf


def clear_caches() -> None:
    for fn in (text, text_shadowed, rounded, glow, _sideways, _plate_image, _corner_count,
               _ribbon, _value_badge, _area, _toast):
        fn.cache_clear()
