"""How much room the player's hand gets: the figures ``bench --ui`` reports and the tests hold.

Pure geometry (the layout and the hand's slots, no display): for a game at a player count and
a window size, the hand card's size and the visible strip of each overlapped card, beside the
width of a card's index (rank over suit), which must show whole on every card.
"""

from __future__ import annotations

from game.engine.registry import GAMES, game_info, get_game
from game.ui import cards_art
from game.ui.table import layout as L

SIZES = ((800, 600), (1280, 800), (1920, 1080))
HAND_CARDS = {"canasta": 15, "cassino": 6}  # a dealt hand and a draw or two; Cassino's four-hand
FULL_HAND = {"canasta": 25, "cassino": 6}  # after taking a pile

# Floors: a hand card at least this share of the window's height (commercial tables show
# 13-18 % on a laptop-size window), and every card's index whole.
MIN_CARD_H_FRAC = 0.125
MIN_CARD_H_FRAC_SMALL = 0.12  # 800x600, where everything else needs room too


def sides_of(game: str, players: int) -> list[int]:
    g = get_game(game)
    return [g.side_of(s, players) for s in range(players)]


def hand_room(game: str, players: int, size: tuple[int, int], text_scale: float = 1.0,
              cards: int | None = None, log_open: bool | None = None,
              card_size: str = "medium") -> dict:
    """The player's hand at a table: ``card_w``/``card_h`` (px), ``card_h_frac`` (of the
    window's height), ``strip`` (px of each overlapped card in view: the step between
    neighbours, the narrowest row's), ``index`` (px the index needs), ``rows`` and whether
    the log is open (the table's own choice unless given)."""
    n = cards if cards is not None else HAND_CARDS[game_info(game).family]
    if log_open is None:
        log_open = L.log_opens(size, game, players, text_scale)
    lay = L.compute(size, game, players, sides_of(game, players), 0, card_size, log_open,
                    text_scale=text_scale)
    strip, rows = _strip(lay, n)
    full = FULL_HAND[game_info(game).family] if cards is None else n
    return {"card_w": lay.card_w, "card_h": lay.card_h,
            "card_h_frac": round(lay.card_h / size[1], 3), "cards": n, "strip": strip,
            "rows": rows, "full_hand": full, "full_strip": _strip(lay, full)[0],
            "index": cards_art.index_width(lay.card_w), "log_open": log_open}


def _strip(lay: L.TableLayout, n: int) -> tuple[int, int]:
    """The narrowest step between neighbouring cards of an ``n``-card hand, and its rows."""
    lift = round(lay.card_h * 0.18)
    rows: dict[int, list[int]] = {}
    for r in L.hand_slots(lay.hand, n, lay.card_w, lift):
        rows.setdefault(r.y, []).append(r.x)
    steps = [b - a for xs in rows.values() for a, b in zip(sorted(xs), sorted(xs)[1:])]
    return min(min(steps, default=lay.card_w), lay.card_w), len(rows)


def largest_tables() -> list[tuple[str, int]]:
    return [(g, max(info.player_counts)) for g, info in GAMES.items()]


def room_section(sizes=SIZES, text_scale: float = 1.0) -> dict:
    """``{game: {"players": n, "WxH": hand_room(...)}}`` at each game's largest count."""
    out: dict = {}
    for game, players in largest_tables():
        out[game] = {"players": players}
        for size in sizes:
            out[game][f"{size[0]}x{size[1]}"] = hand_room(game, players, size, text_scale)
    return out
