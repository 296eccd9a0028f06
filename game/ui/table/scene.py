"""From the engine's public view to what the table shows: card sprites, drop targets, seat
plates.

``build_canasta`` / ``build_cassino`` read a :class:`~game.ui.table.reads.TableView` (the
viewer seat's typed view and a few public figures, never the state) and the layout, and return
a :class:`Scene`:

- ``sprites``: the cards to draw, bottom first, each with its rectangle and look;
- ``places``: every card in every zone with a rectangle (aggregate zones such as the stock or
  another player's hand give their anchor rectangle), used by the animation to fly cards from
  where they were to where they are now;
- ``targets``: where dragged cards may be dropped (meld areas, melds, the pile, the stock, the
  Cassino table and its groups), tested for legality by the engine, never here;
- ``plates``: the seats' name plates; ``badges``: small labels (canasta markers, counts).

Zones are tuples: ``("hand", seat)``, ``("stock",)``, ``("pile",)``, ``("packet",)``,
``("meld", side, key)``, ``("red3", side)``, ``("down", seat)``, ``("loose",)``,
``("res", owner)``, ``("captured", side)``, ``("deck",)``.

Cards the viewer may not see (other hands, the stock, a packet, a down, Cassino's deck) are
:data:`HIDDEN` in ``places`` and drawn as backs: the view holds only their counts.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from pygame import Rect

from game.engine.cards import JOKER, RANK
from game.i18n import t
from game.ui.table import layout as L
from game.ui.table import meld_flow as MF
from game.ui.table.order import WILD_KEY, meld_cards_shown, meld_order, rank_key
from game.ui.table.reads import TableView
from game.ui.table.table_info import meld_label, tally_label

HIDDEN = -1  # the code of a card the viewer may not see (drawn as a back)


@dataclass
class Sprite:
    code: int
    rect: Rect
    face_up: bool
    zone: tuple
    place: int = -1  # index in ``places[zone]`` this sprite stands for
    state: str = "normal"
    sideways: bool = False
    index: int = -1  # position in the viewer's hand
    mini: bool = False  # a small back (other hands, downs): drawn without a shadow


@dataclass
class Target:
    kind: str  # "meld_area", "meld", "pile", "stock", "table", "group", "hand"
    rect: Rect
    side: int = -1
    key: int = -1
    cards: tuple = ()  # Cassino: the cards of a table group


@dataclass
class Plate:
    seat: int
    rect: Rect
    name: str
    count: int
    pos: str
    turn: bool = False
    dealer: bool = False
    keeper: bool = False
    team: int = -1  # 0/1 in partnership games
    frozen_time: bool = False
    in_down: bool = False
    down_count: int = -1


@dataclass
class Badge:
    kind: str  # "canasta", "count", "value", "meld_info", "stage_info", "points", "frozen"...
    rect: Rect  # anchor: the badge is drawn centred on rect's midbottom / centre
    text: str = ""
    tone: str = "gold"  # "natural", "mixed", "gold", "dim"
    scale: float = 0.0  # a meld area's labels: their own scale when crowded (0: the table's)


@dataclass
class Scene:
    sprites: list[Sprite] = field(default_factory=list)
    places: dict[tuple, list[tuple[int, Rect, bool]]] = field(default_factory=dict)
    targets: list[Target] = field(default_factory=list)
    plates: list[Plate] = field(default_factory=list)
    badges: list[Badge] = field(default_factory=list)
    hand: list[Sprite] = field(default_factory=list)  # the viewer's hand sprites, left to right
    staged: list[list[Sprite]] = field(default_factory=list)  # each staged meld's sprites
    stage_controls: Rect | None = None  # where the staged melds' buttons go
    meld_width: dict[int, int] = field(default_factory=dict)  # side -> card width used

    def place(self, zone: tuple, code: int, rect: Rect, face_up: bool) -> int:
        lst = self.places.setdefault(zone, [])
        lst.append((code, rect, face_up))
        return len(lst) - 1


# ---------------------------------------------------------------------------------------------
# Building


@dataclass
class View:
    """What the scene needs beyond the engine's view: who looks, how the hand is ordered, and
    the UI's transient choices (selection, dragged cards, highlights)."""

    game: str
    players: int
    sides: list[int]
    viewer: int
    names: list[str]
    hand_order: list[int]
    selected: set[int] = field(default_factory=set)
    dragging: set[int] = field(default_factory=set)  # hand indices being dragged
    reveal: bool = True  # the viewer's hand face up
    open_hands: bool = False  # every other hand face up and in full (a replay: the table
    # view must then carry ``every_hand``)
    table_selected: set[int] = field(default_factory=set)  # Cassino: selected table cards
    last_move: set[tuple] = field(default_factory=set)  # (zone, code) of the last move
    thinking: int = -1
    partnerships: bool = False
    down_gate: list[int] = field(default_factory=list)  # the viewer's down, not yet picked up
    # Whether a completed canasta counts as natural (clean): the rules' answer, from the
    # session (GameSession.canasta_is_natural); the scene only labels it.
    natural: Callable[[object], bool] = lambda meld: meld.jok + meld.two == 0
    fresh: list[int] = field(default_factory=list)  # the viewer's newly drawn cards, lit
    peek: int = -1  # Cassino: the side whose last capture is shown
    last_captures: dict[int, tuple[int, ...]] = field(default_factory=dict)  # side -> cards
    staged: list = field(default_factory=list)  # the viewer's staged melds (staging.StagedMeld)
    stage_note: str = ""  # the opening's progress with them ("Opening: 35 of 50"), or ''
    stage_controls: tuple[int, int] = (0, 0)  # the size of the Meld and Put back buttons
    staged_lifted: tuple[int, int] | None = None  # (staged meld, code) being dragged


def build_canasta(tv: TableView, lay: L.TableLayout, view: View) -> Scene:
    """The scene of a canasta-family deal (the family calls the builder of its games)."""
    sc = Scene()
    _canasta(tv, lay, view, sc)
    _viewer_hand(lay, view, sc)
    return sc


def build_cassino(tv: TableView, lay: L.TableLayout, view: View) -> Scene:
    sc = Scene()
    _cassino(tv, lay, view, sc)
    _viewer_hand(lay, view, sc)
    return sc


def _backs(count: int) -> list[int]:
    return [HIDDEN] * count


def _plates(tv: TableView, lay: L.TableLayout, view: View, sc: Scene) -> None:
    v = tv.seat
    cur = -1 if tv.over else v.turn if tv.cassino else v.to_move
    dealer = v.first if tv.cassino else v.dealer  # Cassino: the seat that plays first
    downs = None if tv.cassino else v.downs
    for seat, spot in lay.seats.items():
        p = Plate(seat=seat, rect=spot.plate, name=view.names[seat],
                  count=v.hand_counts[seat], pos=spot.pos, turn=seat == cur)
        p.dealer = seat == dealer
        if downs is not None:
            p.keeper = seat == v.keeper
            p.frozen_time = bool(v.frozen_in_time[seat])
            p.in_down = downs[seat] is None
            p.down_count = -1 if downs[seat] is None else downs[seat]
        if view.partnerships:
            p.team = view.sides[seat]
        sc.plates.append(p)
        if seat != view.viewer:
            _other_hand(tv, spot, lay, seat, sc, view.open_hands)


def _other_hand(tv: TableView, spot: L.SeatSpot, lay: L.TableLayout, seat: int, sc: Scene,
                face_up: bool = False) -> None:
    if face_up:  # a replay's open hands: only such a view carries every hand
        codes = sorted(tv.every_hand[seat], key=rank_key)
    else:
        codes = _backs(tv.seat.hand_counts[seat])
    n = len(codes)
    zone = ("hand", seat)
    w = lay.mini_w
    h = L.card_h(w)
    shown = n if face_up else min(n, 12)  # backs: a dozen say "many"; faces: every card
    fan = spot.fan
    step = min(round(w * 0.32), (fan.w - w) / max(1, shown - 1)) if shown > 1 else 0
    width = w + step * (shown - 1)
    x0 = fan.centerx - width / 2
    rects = [Rect(round(x0 + i * step), fan.y, w, h) for i in range(shown)]
    for i, c in enumerate(codes):
        r = rects[min(i, shown - 1)] if rects else Rect(fan.x, fan.y, w, h)
        k = sc.place(zone, c, r, face_up)
        if i < shown:
            sc.sprites.append(Sprite(c, r, face_up, zone, k, mini=True))


def _stack(sc: Scene, zone: tuple, codes: list[int], rect: Rect, face_up: bool = False,
           layers: int = 3) -> None:
    """A squared pile: a few layered backs, every card placed at the top rectangle."""
    if not codes:
        return
    off = max(1, round(rect.w * 0.03))
    n = min(layers, max(1, (len(codes) + 9) // 10))
    top = Rect(rect.x + (n - 1) * off, rect.y - (n - 1) * off, rect.w, rect.h)
    for i in range(n):
        r = Rect(rect.x + i * off, rect.y - i * off, rect.w, rect.h)
        last = i == n - 1
        sc.sprites.append(Sprite(codes[-1] if last else -1, r, face_up and last, zone,
                                 len(codes) - 1 if last else -1, mini=rect.w < 40))
    for c in codes:
        sc.place(zone, c, top, face_up)


def _canasta(tv: TableView, lay: L.TableLayout, view: View, sc: Scene) -> None:
    v = tv.seat
    _plates(tv, lay, view, sc)
    # Stock: one squared pile (Looking and Down: four piles of one shared stock).
    stock = _backs(v.stock)
    if lay.stock_piles:
        quarter = [stock[i::4] for i in range(4)]
        for i, r in enumerate(lay.stock_piles):
            if quarter[i]:
                _stack(sc, ("stock",), quarter[i], r)
    else:
        if not stock:
            sc.badges.append(Badge("slot", lay.stock))
        _stack(sc, ("stock",), stock, lay.stock)
    sc.targets.append(Target("stock", lay.stock))  # Looking and Down: all four piles
    sc.badges.append(Badge("count", _under(lay.stock, lay), f"{t('table.stock')}  {len(stock)}",
                           "dim"))
    # The discard pile: the top card upright, a freezing wild card turned sideways under it.
    pile = list(v.discard)
    card = Rect(0, 0, lay.card_w, lay.card_h)
    card.center = lay.pile.center
    zone = ("pile",)
    if not pile:
        sc.badges.append(Badge("slot", card))
    if pile:
        freezer = None
        if v.frozen:
            for i, c in enumerate(pile[:-1]):
                if c == JOKER or RANK[c] == 2 or c in (15, 28):
                    freezer = i
                    break
        if freezer is not None:
            side = Rect(0, 0, lay.card_h, lay.card_w)
            side.center = lay.pile.center
            k = len(pile) - 1
            for i, c in enumerate(pile):
                sc.place(zone, c, card if i == k else side if i == freezer else card, True)
            sc.sprites.append(Sprite(pile[freezer], side, True, zone, freezer, sideways=True))
        else:
            for c in pile:
                sc.place(zone, c, card, True)
        if len(pile) > 1:  # the edge of the cards beneath
            under = card.move(max(1, lay.card_w // 40), -max(1, lay.card_w // 40))
            sc.sprites.append(Sprite(pile[-2], under, True, zone, -1))
        top_state = "highlighted" if (zone, pile[-1]) in view.last_move else "normal"
        sc.sprites.append(Sprite(pile[-1], card, True, zone, len(pile) - 1, state=top_state))
    sc.targets.append(Target("pile", lay.pile))
    label = f"{t('table.discard_pile')}  {len(pile)}"
    sc.badges.append(Badge("count", _under(lay.pile, lay), label, "dim"))
    if v.frozen:
        sc.badges.append(Badge("frozen", frozen_anchor(lay), "", "mixed"))
    # Canastone's packet: face down beside the pile.
    if lay.packet is not None:
        packet = _backs(v.packet)
        _stack(sc, ("packet",), packet, lay.packet)
        if packet:
            sc.badges.append(Badge("count", _under(lay.packet, lay),
                                   f"{t('table.packet')}  {len(packet)}", "dim"))
    # Looking and Down: every down not yet picked up.
    if v.downs is not None:
        for seat, spot in lay.seats.items():
            if spot.down is not None and v.downs[seat] is not None:
                _stack(sc, ("down", seat), _backs(v.downs[seat]), spot.down)
        spot = lay.seats[view.viewer]
        if view.down_gate and spot.down is not None:
            # The looking is used up: the down waits for the player to pick it up.
            _stack(sc, ("down", view.viewer), list(view.down_gate), spot.down)
            sc.targets.append(Target("down", spot.down.inflate(8, 8)))
            sc.badges.append(Badge("pickup", spot.down, "", "gold"))
    # Melds and red threes per side.
    for side, area in lay.meld_areas.items():
        _side_melds(tv, lay, view, sc, side, area)


def frozen_anchor(lay: L.TableLayout) -> Rect:
    """Where the Frozen ribbon stands (its foot's middle): across the pile's lower part, on
    the cards, since a plate sits close above the pile at some tables and hid it there."""
    b = Rect(0, 0, lay.pile.w, 1)
    b.midbottom = (lay.pile.centerx, lay.pile.centery + round(lay.card_h * 0.36))
    return b


def _under(r: Rect, lay: L.TableLayout) -> Rect:
    b = Rect(r.x, r.bottom + max(2, lay.margin // 3), r.w, 1)
    return b


def _side_melds(tv: TableView, lay, view: View, sc: Scene, side: int, area: Rect) -> None:
    from game.ui.table import staging as S  # it imports this module
    points = dict(zip(tv.seat.melds[side], tv.meld_points[side]))  # the engine's meld_points
    melds = sorted(tv.seat.melds[side], key=lambda m: (meld_order(m.rank), m.key))
    red3 = list(tv.seat.red_three_cards[side])
    items = []
    for m in melds:
        stacked = len(m.cards) >= 7 and m.rank != 3
        items.append((m.key, len(m.cards), stacked))
    mw = lay.meld_w

    def red_w(w: int) -> int:  # a red three's width beside melds of card width w
        return min(max(20, round(mw * 0.62)), w)

    def lead(w: int) -> int:  # the room the red threes take in the first row
        small = red_w(w)
        step = max(5, round(small * 0.22))
        return small + step * (len(red3) - 1) + max(6, round(small * 0.3)) if red3 else 0

    texts = [meld_label(view.game, n, points[m], stacked, view.natural(m),
                        m.rank == WILD_KEY) for m, (_k, n, stacked) in zip(melds, items)]
    fixed = S.flow_items(view, side, items, texts)  # the viewer's staged melds (issue 29)
    shorts = [[t(key, points=points[m]) for m in melds] + texts[len(melds):]
              for key in ("table.meld_points", "table.meld_points_bare")]
    fit = MF.fit_melds(S.frame_room(area, view, side, mw), items, texts, shorts, mw,
                       lay.scale, lead, t("table.on_table", points=tv.table_points[side]),
                       fixed, len(melds))
    w, spots, texts = fit.w, fit.spots, fit.texts
    ls = fit.label_scale if fit.label_scale != lay.scale else 0.0  # a crowded area's labels
    sc.meld_width[side] = w
    if red3:
        rw = red_w(w)
        rh = L.card_h(rw)
        step = max(5, round(rw * 0.22))
        for i, c in enumerate(red3):
            r = Rect(area.x + i * step, area.y + max(0, (L.card_h(w) - rh) // 2), rw, rh)
            k = sc.place(("red3", side), c, r, True)
            sc.sprites.append(Sprite(c, r, True, ("red3", side), k))
    sc.targets.append(Target("meld_area", area, side=side))
    spots = S.place(lay, view, sc, side, spots, len(melds), ls)
    note = view.stage_note if fixed else ""
    if melds or red3 or note:  # the side's points on the table (the engine's table_points)
        on_table = t("table.on_table", points=tv.table_points[side]) if melds or red3 else ""
        if on_table and MF.ribbon_size(on_table, fit.label_scale)[0] > area.w:
            on_table = t("table.on_table_short", points=tv.table_points[side])  # 7 narrow tiles
        sc.badges.append(Badge("points", area, S.points_label(on_table, note), "dim", ls))
    for m, spot, text, (_k, _n, canasta) in zip(melds, spots, texts, items):
        zone = ("meld", side, m.key)
        cards = meld_cards_shown(list(m.cards))
        hl = {c for (z, c) in view.last_move if z == zone}
        if spot.stacked:
            top = spot.cards[-1]
            for c in cards:
                sc.place(zone, c, top, True)
            for r in spot.cards[:-1]:
                sc.sprites.append(Sprite(cards[-1], r, False, zone, -1))
            face = cards[0]
            st = "highlighted" if hl else "normal"
            sc.sprites.append(Sprite(face, top, True, zone, len(cards) - 1, state=st))
            tone = "natural" if view.natural(m) else "mixed"
            sc.badges += [Badge("canasta", spot.rect, text, tone, ls) if canasta else
                          Badge("meld_info", spot.rect, text, "info", ls),
                          Badge("count", Rect(top.right - 2, top.y + 2, 1, 1), str(len(cards)),
                                "corner", ls)]
        else:
            for c, r in zip(cards, spot.cards):
                k = sc.place(zone, c, r, True)
                st = "highlighted" if c in hl else "normal"
                sc.sprites.append(Sprite(c, r, True, zone, k, state=st))
            sc.badges.append(Badge("meld_info", spot.rect, text, "info", ls))
        sc.targets.append(Target("meld", spot.rect.inflate(4, 4), side=side, key=m.key))


def _viewer_hand(lay: L.TableLayout, view: View, sc: Scene) -> None:
    seat = view.viewer
    order = view.hand_order
    lift = round(lay.card_h * 0.18)
    slots = L.hand_slots(lay.hand, len(order), lay.card_w, lift)
    zone = ("hand", seat)
    fresh = Counter(view.fresh)
    for i, (c, r) in enumerate(zip(order, slots)):
        if i in view.selected:
            r = r.move(0, -lift)
        k = sc.place(zone, c, r, view.reveal)
        if i in view.dragging:
            continue
        st = "selected" if i in view.selected else "normal"
        if fresh[c] > 0:
            fresh[c] -= 1
            if st == "normal" and view.reveal:
                st = "highlighted"
        sp = Sprite(c, r, view.reveal, zone, k, state=st, index=i)
        sc.sprites.append(sp)
        sc.hand.append(sp)
    # Half a card past either end still drops into the hand: a spread hand reaches the
    # area's edges, and a card let go just past the last one goes to the end.
    sc.targets.append(Target("hand", lay.hand.inflate(lay.card_w, lift)))


# ---------------------------------------------------------------------------------------------
# Cassino


def _cassino(tv: TableView, lay: L.TableLayout, view: View, sc: Scene) -> None:
    v = tv.seat
    _plates(tv, lay, view, sc)
    table = lay.table
    groups: list[tuple[str, tuple, tuple]] = []  # (kind, cards, extra)
    for c in v.loose:
        groups.append(("loose", (c,), ()))
    for cards, value, owner in v.reservations:
        groups.append(("res", tuple(cards), (value, owner)))
    w, slots = L.table_slots(table, [len(g[1]) for g in groups], lay.card_w)
    sc.targets.append(Target("table", table))
    for (kind, cards, extra), rects in zip(groups, slots):
        zone = ("loose",) if kind == "loose" else ("res", extra[1])
        for c, r in zip(cards, rects):
            k = sc.place(zone, c, r, True)
            st = "selected" if c in view.table_selected else (
                "highlighted" if (zone, c) in view.last_move else "normal")
            r2 = r.move(0, -round(r.h * 0.08)) if c in view.table_selected else r
            sc.sprites.append(Sprite(c, r2, True, zone, k, state=st))
        box = rects[0].unionall(rects[1:]) if len(rects) > 1 else Rect(rects[0])
        sc.targets.append(Target("group", box, cards=cards, key=extra[1] if extra else -1))
        if kind == "res":
            value, owner = extra
            sc.badges.insert(0, Badge("group", box.inflate(round(w * 0.16), round(w * 0.16)),
                                      "", "gold"))
            b = Rect(box.x, box.y - round(L.card_h(w) * 0.26), box.w, round(L.card_h(w) * 0.24))
            sc.badges.append(Badge("value", b, f"{value}\x00{view.names[owner]}", "gold"))
    # Captured cards per side, and the deck still to deal.
    for seat, spot in lay.seats.items():
        if spot.captured is None:
            continue
        side = view.sides[seat]
        cards = list(v.captured[side])
        _stack(sc, ("captured", side), cards, spot.captured)
        label = tally_label(tv.tallies[side])
        where, tone = _under(spot.captured, lay), "dim"
        if spot.pos == "bottom":  # the viewer's tally sits just above its pile, whatever its height
            where = Rect(where.x, spot.captured.y - max(2, lay.margin // 3), where.w, 1)
            tone = "above"
        elif spot.pos == "top":  # right of its plate: the tally runs rightwards, clear of it
            tone = "left"
        sc.badges.append(Badge("count", where, label, tone))
        last = view.last_captures.get(side)
        if last:  # a click (or hover) on the pile shows the side's last capture
            sc.targets.append(Target("captured", spot.captured, side=side))
            if view.peek == side:
                _peek(sc, lay, last)
    rest = _backs(v.deck)
    if lay.deck is not None:
        _stack(sc, ("deck",), rest, lay.deck)
        if rest:
            sc.badges.append(Badge("count", _under(lay.deck, lay),
                                   f"{t('table.deck')}  {len(rest)}", "dim"))


def _peek(sc: Scene, lay: L.TableLayout, cards: tuple[int, ...]) -> None:
    """A side's last capture fanned face up at the top of the table until the next click or
    move (not a place: the cards stay in the pile for the animation)."""
    w = lay.card_w
    h = L.card_h(w)
    step = max(8, round(w * 0.45))
    total = w + step * (len(cards) - 1)
    box = Rect(0, 0, total, h)
    box.midtop = (lay.table.centerx, lay.table.y + round(w * 0.5))
    sc.badges.append(Badge("group", box.inflate(round(w * 0.3), round(w * 0.3)), "", "peek"))
    for i, c in enumerate(cards):
        sc.sprites.append(Sprite(c, Rect(box.x + i * step, box.y, w, h), True, ("peek",), i))
    sc.badges.append(Badge("count", Rect(box.x, box.bottom + round(w * 0.2), box.w, 1),
                           t("table.last_capture"), "dim"))
