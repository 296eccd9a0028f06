"""Where everything sits on the table, for any window size and 2..7 players.

Pure geometry (``pygame.Rect`` only, no display needed): the screen asks :func:`compute` for a
:class:`TableLayout` after every resize, and the drawing, hit-testing and animation code read
rectangles from it. Seats are placed relative to the *viewer* (the seat at the lower edge).

Two arrangements:

- **team** (two sides: two players, partnerships, Canastone's teams of three, Cassino): the
  other seats sit on the left, top and right edges; the viewer's side melds in the band above
  the hand. Two players: the other side's melds in the band below the top seat, stock and pile
  in the middle. Partnerships (the top seats include a partner): stock and pile under the top
  seats, the other side's melds in the band between its players on the left and right edges.
- **solo** (three sides or more: Canasta or Canastone for three, Looking and Down for three or
  more): every other player gets a tile along the top with its name plate and its own meld
  area; the stock and pile sit in the middle, the viewer's melds above the hand.

Meld areas are filled by ``meld_flow.fit_melds``, which shrinks the meld cards until every
meld of a side, with the label under it, fits its rectangle.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pygame import Rect

from game.engine.registry import game_info
from game.i18n import t
from game.ui import cards_art, fonts

CARD_RATIO = 1.4
CARD_WIDTHS = {"small": 72, "medium": 88, "large": 106}
DESIGN = (1280, 800)
TABLE_ROOM = 1100  # design pixels the table keeps beside an open log that opened by itself
HAND_WIDTH = 1100  # with the log closed below this width, the height bounds the cards: 800x600
# gets 64-pixel cards (12.8 % of its height at the design ratio would be 55)


def card_h(w: int) -> int:
    return round(w * CARD_RATIO)


def ui_scale(size: tuple[int, int]) -> float:
    """Same rule as ``game.ui.app.ui_scale`` (kept here so this module needs no display)."""
    s = min(size[0] / DESIGN[0], size[1] / DESIGN[1])
    return round(max(0.75, min(2.0, s)) * 20) / 20


@dataclass
class SeatSpot:
    seat: int
    pos: str  # "bottom", "left", "top", "right"
    box: Rect  # the plate with the small fan of backs above it
    plate: Rect
    fan: Rect  # where the backs of the hand peek out
    down: Rect | None = None  # Looking and Down: the seat's down
    melds: Rect | None = None  # solo arrangement: this seat's meld area
    captured: Rect | None = None  # Cassino: the side's captured cards (first seat of a side)


@dataclass
class TableLayout:
    size: tuple[int, int]
    scale: float
    mode: str  # "team" or "solo"
    margin: int
    card_w: int  # the viewer's hand and the piles
    mini_w: int  # backs of other hands, downs, packet
    meld_w: int  # preferred meld card width (flow_melds may shrink it)
    main: Rect
    log: Rect | None
    hand: Rect  # the viewer's hand (cards rise above it when selected)
    hand_buttons: Rect  # sort buttons, right of the hand
    seats: dict[int, SeatSpot]
    meld_areas: dict[int, Rect]  # side -> rectangle (canasta games)
    center: Rect  # the row that holds stock and pile
    stock: Rect
    pile: Rect  # wide enough for a frozen pile's sideways wild card
    packet: Rect | None = None
    stock_piles: list[Rect] = field(default_factory=list)  # Looking and Down: four piles
    table: Rect | None = None  # Cassino: the open table
    deck: Rect | None = None  # Cassino: cards still to deal
    info: Rect | None = None  # header of the right column (game, deal, totals)
    log_list: Rect | None = None  # the move log inside the right column
    log_buttons: Rect | None = None  # buttons at the foot of the right column
    corner: Rect | None = None  # with the log closed, top right: corner_buttons, corner_scores
    corner_buttons: Rect | None = None  # Log, Scores, Menu
    corner_scores: Rect | None = None  # the running score, kept in view with the log closed
    banner: Rect | None = None  # whose turn it is, and a hint

    @property
    def card_h(self) -> int:
        return card_h(self.card_w)

    @property
    def mini_h(self) -> int:
        return card_h(self.mini_w)


def log_opens(size: tuple[int, int], game: str, players: int,
              text_scale: float | None = None) -> bool:
    """Whether the move log's column opens by itself at this window size: only where the
    table keeps :data:`TABLE_ROOM` of the design width beside it (the hand comes first)."""
    W, H = int(size[0]), int(size[1])
    s = ui_scale((W, H))
    if text_scale is None:
        text_scale = fonts.text_scale()
    return W - log_width((W, H), s, text_scale) >= TABLE_ROOM * s


def log_width(size: tuple[int, int], s: float, text_scale: float) -> int:
    """The move log's column, open: wide words (a larger text) widen it by half as much."""
    tw = s * (1 + (text_scale - 1) / 2)
    return min(round(250 * tw), int(size[0]) // 3)


def positions(players: int, mode: str) -> list[str]:
    """Edge of each relative seat (0 = viewer) in the team arrangement; solo puts all on top."""
    if mode == "solo":
        return ["bottom"] + ["top"] * (players - 1)
    return {
        2: ["bottom", "top"],
        3: ["bottom", "left", "right"],
        4: ["bottom", "left", "top", "right"],
        6: ["bottom", "left", "top", "top", "top", "right"],
    }.get(players, ["bottom"] + ["top"] * (players - 1))


def compute(
    size: tuple[int, int],
    game: str,
    players: int,
    sides: list[int],
    viewer: int = 0,
    card_size: str = "medium",
    log_open: bool = True,
    scale: float | None = None,
    text_scale: float | None = None,
    open_hands: bool = False,
) -> TableLayout:
    """The layout of a ``players``-seat table of ``game`` in a window of ``size``.

    ``text_scale`` is the player's text size (default: game.ui.fonts's, in use): what holds
    words (the log column, the corner, plates, buttons, the banner) grows with it.

    ``open_hands`` (a replay shown open): every other hand's cards stand whole above its
    plate, not half behind it.

    ``sides`` maps each seat to its side (melds belong to sides; in Looking and Down every
    seat is its own side).
    """
    W, H = int(size[0]), int(size[1])
    s = ui_scale((W, H)) if scale is None else scale
    if text_scale is None:
        text_scale = fonts.text_scale()
    ts = s * text_scale  # lengths that hold text
    tw = s * (1 + (text_scale - 1) / 2)  # wide columns of text (the log, the plates) wrap or
    # shrink their words: they grow less, leaving the cards and the banner room
    m = max(6, round(9 * s))
    nsides = len(set(sides))
    mode = "team" if nsides <= 2 else "solo"
    info = game_info(game)
    cassino = info.family == "cassino"  # a table of cards to capture, no melds
    ld = info.downs  # each seat's down beside its tile (LD-2)

    # The right column: game header, the move log, buttons.
    log_w = log_width((W, H), s, text_scale) if log_open else 0
    main = Rect(0, 0, W - log_w, H)
    log = Rect(main.right, 0, log_w, H) if log_w else None
    corner = corner_buttons = corner_scores = None
    if log is None:
        cw, chh, cgap = round(84 * ts), round(34 * ts), round(6 * s)
        corner_buttons = Rect(main.right - cw - round(8 * s), round(8 * s), cw,
                              3 * chh + 2 * cgap)
        sw = round(150 * ts)  # a side's name and its total on each line
        corner_scores = Rect(main.right - sw - round(8 * s), corner_buttons.bottom + cgap, sw,
                             nsides * round(24 * ts) + round(8 * s))
        corner = corner_buttons.union(corner_scores)

    # Card sizes follow the window (the setting picks the base size).
    base = CARD_WIDTHS.get(card_size, CARD_WIDTHS["medium"])
    card_w = max(36, round(base * min(W / HAND_WIDTH, H / DESIGN[1])))
    if main.w < 900 * s:  # a narrow main area (log open on a small window)
        card_w = max(36, round(card_w * max(0.8, main.w / (900 * s))))
    ch = card_h(card_w)
    mini_w = max(22, round(card_w * 0.42))
    mini_h = card_h(mini_w)
    meld_w = max(26, round(card_w * 0.8))

    plate_w, plate_h = round(156 * tw), round(46 * ts)
    peek = mini_h + round(2 * s) if open_hands else round(mini_h * 0.5)
    box_w, box_h = plate_w, peek + plate_h

    # The viewer's strip at the bottom: plate, hand, sort buttons.
    lift = round(ch * 0.18)
    strip_h = ch + lift
    strip_top = H - m - strip_h
    btn_w = round(132 * ts)  # room for the longest label (パートナーに聞く)
    vbox = Rect(m, 0, box_w, box_h)
    vbox.bottom = H - m
    hand = Rect(vbox.right + m, strip_top, main.w - vbox.w - btn_w - 4 * m, strip_h)
    hand_buttons = Rect(hand.right + m, strip_top, btn_w, strip_h)
    seats: dict[int, SeatSpot] = {}
    vdown = None
    if ld:
        vdown = Rect(0, 0, mini_w, mini_h)
        vdown.midbottom = (vbox.centerx, vbox.top - m)
    seats[viewer] = _spot(viewer, "bottom", vbox, peek, plate_h, vdown)

    rel_pos = positions(players, mode)
    others = [(viewer + r) % players for r in range(1, players)]
    region_top, region_bottom = 0, strip_top - m  # above the viewer's strip
    meld_areas: dict[int, Rect] = {}
    center_h = ch + round(26 * s)

    if mode == "team":
        has_cols = any(p in ("left", "right") for p in rel_pos)
        col_w = box_w + 2 * m if has_cols else 0
        inner = Rect(main.x + col_w + m, 0, main.w - 2 * col_w - 2 * m, H)
        tops = [(seat, r) for r, seat in enumerate(others, 1) if rel_pos[r] == "top"]
        top_h = m + box_h + m if tops else m
        top_w = min(box_w, inner.w // max(1, len(tops)) - m)
        for i, (seat, _r) in enumerate(tops):
            cx = inner.x + inner.w * (i + 0.5) / len(tops)
            box = Rect(0, m, top_w, box_h)
            box.centerx = round(cx)
            down = None
            if ld:
                down = Rect(box.right + m, box.y, mini_w, mini_h)
            seats[seat] = _spot(seat, "top", box, peek, plate_h, down)
        mid_y = (top_h + region_bottom) // 2
        # Partnerships: the top seats include a partner, so the other side's melds go between
        # that side's players on the left and right edges, and the stock row under the top.
        partnered = not cassino and nsides == 2 and players > 2
        theirs_area = None
        if partnered:
            room = region_bottom - (top_h + center_h + m)
            theirs_area = Rect(inner.x, top_h + center_h + m, inner.w, (room - m) // 2)
            mid_y = theirs_area.centery
        for r, seat in enumerate(others, 1):
            pos = rel_pos[r]
            if pos not in ("left", "right"):
                continue
            if corner is not None and pos == "right":
                mid_y = max(mid_y, corner.bottom + m + box_h // 2)
            box = Rect(0, 0, box_w, box_h)
            box.centery = mid_y
            box.x = main.x + m if pos == "left" else main.right - m - box_w
            seats[seat] = _spot(seat, pos, box, peek, plate_h, None)
        center = Rect(inner.x, mid_y - center_h // 2, inner.w, center_h)
        if theirs_area is not None:
            center.y = top_h
        if cassino:
            banner_h = round(100 * ts)  # the head and three lines of the hint at 150 % text
            table = Rect(inner.x, top_h, inner.w, region_bottom - top_h - banner_h - m)
            if corner is not None and table.right > corner.x and table.y < corner.bottom:
                table.w = corner.x - m - table.x
            center = Rect(inner.x, table.bottom + m, inner.w, banner_h)
        else:
            table = None
            mine = sides[viewer]
            theirs = [x for x in sorted(set(sides)) if x != mine]
            above = theirs_area.bottom if theirs_area is not None else center.bottom
            meld_areas[mine] = Rect(inner.x, above + m, inner.w, region_bottom - above - m)
            for x in theirs:
                area = theirs_area.copy() if theirs_area is not None else \
                    Rect(inner.x, top_h, inner.w, center.top - m - top_h)
                if corner is not None and area.right > corner.x and area.y < corner.bottom:
                    area.w = corner.x - m - area.x
                meld_areas[x] = area
    else:  # solo: a tile per other player along the top
        k = len(others)
        row_w = main.w - m - (corner.w + m if corner is not None else 0)
        tile_w = row_w / k
        own_h = max(round(card_h(meld_w) * 1.25), round((region_bottom - region_top) * 0.27))
        tiles_bottom = region_bottom - own_h - center_h - 2 * m
        for i, seat in enumerate(others):
            x0 = round(main.x + m + i * tile_w)
            x1 = round(main.x + m + (i + 1) * tile_w) - m
            tile = Rect(x0, m, x1 - x0, tiles_bottom - m)
            box = Rect(tile.x, tile.y, min(box_w, tile.w - (mini_w + m if ld else 0)), box_h)
            down = Rect(box.right + m // 2, tile.y, mini_w, mini_h) if ld else None
            spot = _spot(seat, "top", box, peek, plate_h, down)
            if ld and box.w < box_w:
                # No room for the down beside the plate (seven seats on a small window: the
                # names were cut): the plate takes the tile's width and the down peeks over its
                # right end, as the backs do over its left.
                box.w = min(box_w, tile.w)
                down = Rect(box.right - mini_w, tile.y, mini_w, mini_h)
                spot = _spot(seat, "top", box, peek, plate_h, down)
                spot.fan.w = max(mini_w, down.x - m // 2 - box.x)
            spot.melds = Rect(tile.x, box.bottom + m, tile.w, tile.bottom - box.bottom - m)
            meld_areas[sides[seat]] = spot.melds
            seats[seat] = spot
        center = Rect(main.x + m, tiles_bottom + m, main.w - 2 * m, center_h)
        meld_areas[sides[viewer]] = Rect(main.x + m, center.bottom + m, main.w - 2 * m,
                                         region_bottom - center.bottom - m)
        table = None

    # With the log closed, the centre row stops short of the corner's buttons and scores (a
    # pile of Looking and Down at seven seats lay under the seven totals).
    if corner is not None and center.y < corner.bottom and center.right > corner.x - m:
        center.w = corner.x - m - center.x

    # Stock and pile in the middle of the centre row (Cassino: the deck in the table's corner).
    stock = Rect(0, 0, card_w, ch)
    pile = Rect(0, 0, ch, ch)  # square: room for a wild card turned sideways under it
    packet = None
    stock_piles: list[Rect] = []
    deck = None
    if cassino:
        stock = Rect(0, 0, 0, 0)
        pile = Rect(0, 0, 0, 0)
        # The action buttons (capture, reserve, trail) need more than the hand's height: their
        # column reaches up beside the banner, and the deck sits left of it with room for its
        # count. The banner starts right of the player's captured cards (above the plate).
        hand_buttons = Rect(hand_buttons.x, center.y, btn_w, hand_buttons.bottom - center.y)
        label_room = round(24 * ts)
        deck = Rect(0, 0, mini_w, mini_h)
        deck.topright = (hand_buttons.x - m - label_room, center.y)
        left = max(center.x, vbox.right) + m
        banner = Rect(left, center.y, deck.x - label_room - m - left, center.h)
    else:
        gap = round(card_w * 0.35)
        if ld:
            pw = max(mini_w, round(card_w * 0.62))
            piles_w = 2 * pw + m
            total = piles_w + gap + pile.w
            x = _pile_x(center, total, text_scale)
            ph = card_h(pw)
            for i in range(4):
                r = Rect(0, 0, pw, ph)
                r.x = x + (i % 2) * (pw + m)
                r.y = center.y + (i // 2) * (ph // 2 + m // 2) - m // 2
                stock_piles.append(r)
            # The piles are one stock: a click in the gaps between them draws too.
            stock = stock_piles[0].unionall(stock_piles[1:])
            pile.topleft = (x + piles_w + gap, center.y)
        else:
            with_packet = info.packets  # CS-3
            # Each count is centred under its cards: the gaps keep "Stock 58" and
            # "Discard pile 0" apart (in Japanese they ran together at 800x600).
            words = [count_width(k, s, text_scale) for k in
                     ("table.stock", "table.discard_pile", "table.packet")]
            room = round(8 * s)
            gap1 = max(gap, (words[0] + words[1]) // 2 + room - (card_w + pile.w) // 2)
            gap2 = max(gap, (words[1] + words[2]) // 2 + room - (pile.w + mini_w) // 2)
            total = card_w + gap1 + pile.w + ((gap2 + mini_w) if with_packet else 0)
            last_w, last_words = (mini_w, words[2]) if with_packet else (pile.w, words[1])
            over = max(0, (last_words - last_w) // 2)  # the last count reaches past its cards
            x = _pile_x(center, total + over, text_scale)
            stock.topleft = (x, center.y)
            pile.topleft = (stock.right + gap1, center.y)
            if with_packet:
                packet = Rect(pile.right + gap2, center.y + (ch - mini_h) // 2, mini_w, mini_h)
        left = (stock_piles[0].x if stock_piles else stock.x) - round(16 * s)
        banner = Rect(center.x + m, center.y, max(0, left - center.x - m), center.h)

    # Cassino: each side's captured cards next to the first seat of the side on screen.
    if cassino:
        done: set[int] = set()
        for seat in [viewer] + others:
            side = sides[seat]
            if side in done:
                continue
            done.add(side)
            spot = seats[seat]
            r = Rect(0, 0, mini_w, mini_h)
            if spot.pos == "bottom":
                r.midbottom = (spot.box.centerx, spot.box.top - m)
            elif spot.pos == "top":
                r.topleft = (spot.box.right + round(34 * s), spot.box.y)
            elif spot.pos == "left":
                r.midtop = (spot.box.centerx, spot.box.bottom + m)
            else:
                r.midtop = (spot.box.centerx, spot.box.bottom + m)
            spot.captured = r

    info = log_list = log_buttons = None
    if log is not None:
        info_h = round(112 * ts) + round(20 * ts) * max(0, nsides - 2)
        info = Rect(log.x + m, m, log.w - 2 * m, info_h)
        bh = round(40 * ts)
        log_buttons = Rect(log.x + m, H - m - bh, log.w - 2 * m, bh)
        log_list = Rect(log.x + m, info.bottom + m, log.w - 2 * m,
                        log_buttons.top - info.bottom - 2 * m)

    return TableLayout(
        size=(W, H), scale=s, mode=mode, margin=m, card_w=card_w, mini_w=mini_w,
        meld_w=meld_w, main=main, log=log, hand=hand, hand_buttons=hand_buttons, seats=seats,
        meld_areas=meld_areas, center=center, stock=stock, pile=pile, packet=packet,
        stock_piles=stock_piles, table=table, deck=deck, info=info, log_list=log_list,
        log_buttons=log_buttons, banner=banner, corner=corner, corner_buttons=corner_buttons,
        corner_scores=corner_scores,
    )


def count_width(key: str, s: float, text_scale: float) -> int:
    """Width of a count under a pile ("Stock  108"), as the table draws it (render.count_image:
    13 px at scale 1, on a backing in high contrast)."""
    px = fonts.px_at(max(10, round(13 * s)), text_scale)
    return fonts.font_px(px).size(f"{t(key)}  000")[0] + 2 * max(2, px // 6)


def _pile_x(center: Rect, total: int, text_scale: float = 1.0) -> int:
    """Stock and pile sit a little right of the middle: the turn banner needs the room (more
    with a larger text)."""
    x = round(center.x + center.w * (0.6 + 0.3 * (text_scale - 1)) - total / 2)
    return max(center.x, min(x, center.right - total))


def _spot(seat: int, pos: str, box: Rect, peek: int, plate_h: int, down: Rect | None) -> SeatSpot:
    plate = Rect(box.x, box.bottom - plate_h, box.w, plate_h)
    fan = Rect(box.x, box.y, box.w, peek)
    return SeatSpot(seat, pos, box, plate, fan, down)


# ---------------------------------------------------------------------------------------------
def spread_step(w: int) -> int:
    """The widest step between two hand cards of width ``w``: side by side with a small gap.
    A short hand is spread, not fanned (issue 29); a long one closes up to its room."""
    return w + max(4, round(w * 0.08))


def hand_slots(area: Rect, n: int, w: int, lift: int = 0) -> list[Rect]:
    """Rectangles of ``n`` hand cards centred in ``area`` (cards sit at its bottom; ``lift``
    is left free above them for selected cards): side by side with a small gap when the area
    has the room, overlapped no more than it needs otherwise. Two rows when one row would hide
    a card's index."""
    if n <= 0:
        return []
    h = card_h(w)
    step_max = spread_step(w)
    step_min = max(8, cards_art.index_width(w) + 2)  # every card's index shows whole
    avail = area.w - w
    rows = 1
    step = min(step_max, avail / max(1, n - 1)) if n > 1 else 0
    if n > 1 and step < step_min and area.h - lift >= h * 1.3:
        rows = 2
    out = []
    if rows == 1:
        width = w + step * (n - 1)
        x0 = area.centerx - width / 2
        y = area.bottom - h
        for i in range(n):
            out.append(Rect(round(x0 + i * step), y, w, h))
        return out
    first = (n + 1) // 2
    row_off = round(h * 0.32)
    for row, (_start, count) in enumerate(((0, first), (first, n - first))):
        step = min(step_max, avail / max(1, count - 1)) if count > 1 else 0
        width = w + step * (count - 1)
        x0 = area.centerx - width / 2
        y = area.bottom - h - (row_off if row == 0 else 0)
        for i in range(count):
            out.append(Rect(round(x0 + i * step), y, w, h))
    return out


def table_slots(area: Rect, groups: list[int], w: int) -> tuple[int, list[list[Rect]]]:
    """Cassino: rectangles for table groups (a loose card is a group of one; a reservation a
    group of several, overlapped), in centred rows, shrinking the cards until all fit."""
    while True:
        h = card_h(w)
        gap = max(8, round(w * 0.3))
        step = max(8, round(w * 0.42))
        badge = round(h * 0.3)
        rows: list[list[tuple[int, int]]] = [[]]  # (group index, width)
        x = 0
        avail = area.w - 2 * gap
        for i, n in enumerate(groups):
            gw = w + step * (n - 1)
            if rows[-1] and x + gw > avail:
                rows.append([])
                x = 0
            rows[-1].append((i, gw))
            x += gw + gap
        row_h = h + badge + gap
        total_h = len(rows) * row_h - gap
        ok = total_h <= area.h - gap and all(
            sum(gw for _, gw in r) + gap * (len(r) - 1) <= avail for r in rows)
        out: list[list[Rect]] = [[] for _ in groups]
        y = area.y + max(gap // 2, (area.h - total_h) // 2) + badge
        for r in rows:
            width = sum(gw for _, gw in r) + gap * (len(r) - 1)
            x = area.centerx - width // 2
            for i, gw in r:
                out[i] = [Rect(x + k * step, y, w, h) for k in range(groups[i])]
                x += gw + gap
            y += row_h
        if ok or w <= 28:
            return w, out
        w = max(28, int(w * 0.9))
