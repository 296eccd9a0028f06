"""Every side's melds stay inside its meld area, labels readable and apart, however many
melds a side has and however narrow its area is (issue 29: seven seats, six seats)."""

import itertools

import pytest
from pygame import Rect

from game.engine.canasta.position import build_position
from game.ui.table import render

RANKS = ["4", "5", "6", "8", "9", "T", "J", "Q", "K", "A"]
OTHERS = ["7C", "7D", "2C", "2D", "2S", "2H"]  # the other seats' hands


def _melds(sides: int, per_side: int, books: int) -> list[dict[str, str]]:
    """``per_side`` melds a side (past ten, a second meld of a rank), the first ``books`` of
    them seven cards (squared as books and canastas are), the rest three."""
    out = []
    for s in range(sides):
        table = {}
        for i in range(per_side):
            r = RANKS[(i + s) % len(RANKS)]  # each rank a book at one side only
            second = i >= len(RANKS)
            n = 7 if i < books else 3
            o = 2 * s + second  # two sides' four melds of a rank use each suit three times
            table[f"{r}#2" if second else r] = " ".join(r + "HSDC"[(j + o) % 4] for j in range(n))
        out.append(table)
    return out


def _crowd(d, game: str, players: int, sides: int, per_side: int, books: int) -> None:
    sc = d.screen
    sc.worker.cancel()
    sc.ready = None
    downs = [None] * players if game == "looking-and-down" else None
    d.session.state = build_position(
        game, players, turn=0, phase="play", hands=["7H 7S"] + OTHERS[:players - 1],
        melds=_melds(sides, per_side, books), red_threes=["3H 3D"] + [""] * (sides - 1),
        opened=[True] * sides, downs=downs)
    sc.version += 1
    sc.sync_hands()
    sc.rebuild_scene()
    sc.mark_dirty()
    d.step(1, dt=0.01)


def _check(d, size) -> None:
    sc = d.screen
    lay, scene = sc.lay, sc.scene
    window = Rect((0, 0), size)
    for side, area in lay.meld_areas.items():
        sprites = [sp for sp in scene.sprites if sp.zone[:2] in (("meld", side), ("red3", side))]
        assert sprites, side
        for sp in sprites:
            assert area.contains(sp.rect), (side, sp.zone, sp.rect, area)
    labels = []
    for b in scene.badges:
        if b.kind not in render.LABELS:
            continue
        area = next(a for a in lay.meld_areas.values() if a.contains(Rect(b.rect.center, (1, 1))))
        s = getattr(b, "scale", 0) or lay.scale  # a crowded area draws its labels smaller
        img = render._ribbon(b.text, "info" if b.kind != "canasta" else b.tone, round(s * 100))
        r = render.label_rect(b, img.get_size(), window, s)
        assert img.get_height() >= 11, (b.text, img.get_size())  # readable: type of 9 px or more
        assert area.contains(r), (b.text, r, area)
        labels.append((b.text, r))
    for (a, ra), (b, rb) in itertools.combinations(labels, 2):
        assert not ra.colliderect(rb), (a, ra, b, rb)


@pytest.mark.parametrize("size, text_size", [((800, 600), "normal"), ((1280, 800), "normal"),
                                             ((1920, 1080), "normal"), ((1280, 800), "larger"),
                                             ((800, 600), "larger")])
@pytest.mark.parametrize("game, players, sides", [("looking-and-down", 7, 7),
                                                  ("canastone", 6, 2)])
def test_many_melds_stay_in_their_area(table, game, players, sides, size, text_size):
    """At 800x600 and 150 % text, seven seats of nine melds overflowed their areas: the
    labels' type followed the text size. Their last steps draw them smaller than that."""
    d = table(game, players, seed=1, size=size, text_size=text_size)
    d.settle()
    per_side, books = (9, 1) if game == "looking-and-down" else (20, 0)
    _crowd(d, game, players, sides, per_side, books)
    _check(d, size)


@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_sides_points_stay_in_its_tile_at_larger_text(table, language):
    """Seven seats at 800x600 and 150 % text, three melds a seat: "On the table: 790" was
    wider than its tile and ran over the next seat's; the area's labels go smaller instead.
    (Nine melds a seat there fit too, their labels drawn under the text size's floor as
    the last steps: test_many_melds_stay_in_their_area.)"""
    d = table("looking-and-down", 7, seed=1, size=(800, 600), language=language,
              text_size="larger")
    d.settle()
    _crowd(d, "looking-and-down", 7, 7, 3, 1)
    _check(d, (800, 600))
