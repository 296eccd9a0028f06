"""The table's geometry for every game, player count and window size, without a display."""

import itertools

import pytest
from pygame import Rect

from game.engine.registry import GAMES, get_game
from game.ui.table import layout as L
from game.ui.table import meld_flow as MF

SIZES = [(800, 600), (1024, 768), (1280, 800), (1920, 1080), (2560, 1440)]
CASES = [(g, n) for g, info in GAMES.items() for n in info.player_counts]


def _sides(game, n):
    g = get_game(game)
    return [g.side_of(s, n) for s in range(n)]


def _no_overlap(rects, what):
    for (a, ra), (b, rb) in itertools.combinations(rects, 2):
        assert not ra.colliderect(rb), f"{what}: {a} {ra} overlaps {b} {rb}"


@pytest.mark.parametrize("game, players", CASES)
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("log_open, open_hands", [(True, False), (False, False), (False, True)])
def test_everything_fits_and_nothing_overlaps(game, players, size, log_open, open_hands):
    for viewer in (0, players - 1):
        lay = L.compute(size, game, players, _sides(game, players), viewer, "medium", log_open,
                        open_hands=open_hands)
        window = Rect((0, 0), size)
        assert set(lay.seats) == set(range(players))
        assert lay.seats[viewer].pos == "bottom"
        boxes = [(f"seat {s}", sp.box) for s, sp in lay.seats.items()]
        for name, r in boxes:
            assert window.contains(r), (name, r)
        _no_overlap(boxes, "seat boxes")
        assert window.contains(lay.hand) and lay.hand.w > lay.card_w * 2
        areas = [(f"melds {x}", r) for x, r in lay.meld_areas.items()]
        if game == "cassino":
            assert not areas and lay.table is not None and lay.table.h > lay.card_h * 1.5
        else:
            assert len(lay.meld_areas) == len(set(_sides(game, players)))
            for name, r in areas:
                assert lay.main.contains(r), (name, r)
                assert r.h >= L.card_h(lay.meld_w) * 0.6, (name, r)
                assert not r.colliderect(lay.hand), name
                assert not r.colliderect(lay.pile) and not r.colliderect(lay.stock), name
            _no_overlap(areas + boxes, "meld areas and seats")
            assert lay.main.contains(lay.pile) and lay.main.contains(lay.stock)
            assert not lay.pile.colliderect(lay.stock)
            if game == "canastone":
                assert lay.packet is not None and not lay.packet.colliderect(lay.pile)
            if game == "looking-and-down":
                assert len(lay.stock_piles) == 4
                assert all(sp.down is not None and window.contains(sp.down)
                           for sp in lay.seats.values())
        if lay.log is not None:
            assert not lay.log.colliderect(lay.main) and lay.log_list.h > 100
        else:
            assert lay.corner is not None
            _no_overlap([("corner", lay.corner)] + boxes, "corner buttons")


def test_cards_follow_the_window_and_the_setting():
    small = L.compute((800, 600), "canasta", 4, [0, 1, 0, 1])
    big = L.compute((1920, 1080), "canasta", 4, [0, 1, 0, 1])
    assert big.card_w > small.card_w
    assert (L.compute((1280, 800), "canasta", 2, [0, 1], card_size="large").card_w
            > L.compute((1280, 800), "canasta", 2, [0, 1], card_size="small").card_w)


def test_flow_melds_shrinks_until_everything_fits():
    area = Rect(0, 0, 400, 150)
    melds = [(k, 6, False) for k in range(10)] + [(99, 9, True)]
    w, spots = MF.flow_melds(area, melds, 80, min_w=20)
    assert w < 80 and len(spots) == 11
    for sp in spots:
        assert area.contains(sp.rect)
    _no_overlap([(sp.key, sp.rect) for sp in spots], "melds")
    assert len(spots[-1].cards) == 3 and spots[-1].stacked


def test_hand_slots_stay_inside_and_in_order():
    area = Rect(100, 500, 700, 200)
    for n in (1, 5, 15, 40):
        slots = L.hand_slots(area, n, 80, lift=20)
        assert len(slots) == n
        assert all(area.contains(r) for r in slots)
    one_row = L.hand_slots(area, 11, 80)
    assert [r.x for r in one_row] == sorted(r.x for r in one_row)


def test_cassino_table_slots_fit_a_crowded_table():
    area = Rect(0, 0, 600, 400)
    w, groups = L.table_slots(area, [1] * 14 + [3, 4], 90)
    assert len(groups) == 16 and w < 90
    flat = [r for g in groups for r in g]
    assert all(area.contains(r) for r in flat)


def test_a_short_hand_is_spread_not_fanned():
    """Issue 29: overlap no more than needed. Four cards in a wide hand area sit side by side
    (the index of every card and the whole face in view); eleven in a narrow one overlap."""
    area = Rect(0, 0, 900, 200)
    four = L.hand_slots(area, 4, 80)
    assert all(a.right < b.left for a, b in itertools.pairwise(four))
    eleven = L.hand_slots(Rect(0, 0, 600, 200), 11, 80)
    assert all(b.left - a.left < 80 for a, b in itertools.pairwise(eleven))


@pytest.mark.parametrize("players", get_game("looking-and-down").info.player_counts)
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("text_scale", [1.0, 1.5])
def test_a_plate_keeps_its_width_when_the_down_has_no_room_beside_it(players, size,
                                                                       text_scale):
    """Looking and Down's tiles (LD-2: each player's down beside its plate): at seven seats on
    a small window the down squeezed the plate to 80 px and cut "Computer 2" and its line of
    cards; the plate keeps the width the other games give it (or its tile's) and the down
    peeks over its right end, inside the tile, the backs' fan left of it."""
    lay = L.compute(size, "looking-and-down", players, list(range(players)), 0, "medium",
                    False, text_scale=text_scale)
    tiles = [(seat, sp) for seat, sp in lay.seats.items() if sp.melds is not None]
    assert len(tiles) == (players - 1 if players > 2 else 0)  # two seats face each other
    for seat, sp in tiles:
        tile = Rect(sp.melds.x, sp.box.y, sp.melds.w, sp.melds.bottom - sp.box.y)
        want = min(L.compute(size, "canasta", 2, [0, 1], 0, "medium", False,
                             text_scale=text_scale).seats[1].plate.w, tile.w)
        assert sp.plate.w >= want, (seat, sp.plate, tile)
        assert tile.contains(sp.down) and tile.contains(sp.plate), (seat, sp.down, tile)
        assert sp.fan.right <= sp.down.x, (seat, sp.fan, sp.down)
