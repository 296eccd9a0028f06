"""The table renders from the engine's public view, never from the state (issues 12 and 15).

- No module of game/ui touches a state object's fields: only ``reads.py`` asks the state, and
  only through its public methods (``reads.PUBLIC_METHODS``).
- The scene a seat sees holds no card it may not see: other hands, the stock, a packet, a
  down and Cassino's deck are backs, and their places carry no card codes either (the
  animation reads the places).
- The one way to see every hand is a replay shown open.
"""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from game.ui.table.reads import PUBLIC_METHODS
from game.ui.table.scene import HIDDEN

UI = Path(__file__).resolve().parents[3] / "game" / "ui"
READS = UI / "table" / "reads.py"
STATE_ATTRS = {"state", "_state"}  # session.state, replay.state, reads._state
STATE_NAMES = {"state"}  # parameters that hold a state


class _StateAccess(ast.NodeVisitor):
    """Attribute reads on a state object: ``x.state.f``, ``state.f`` of a parameter named
    ``state``, and ``st.f`` of a name bound to ``x.state``; ``getattr``/``hasattr`` on them."""

    def __init__(self) -> None:
        self.found: list[tuple[int, str, bool]] = []  # (line, attribute, called)
        self.names: list[set[str]] = [set()]

    def is_state(self, node) -> bool:
        if isinstance(node, ast.Attribute):
            return node.attr in STATE_ATTRS
        return isinstance(node, ast.Name) and (node.id in STATE_NAMES
                                               or node.id in self.names[-1])

    def visit_FunctionDef(self, node) -> None:
        bound = {a.arg for a in node.args.args + node.args.kwonlyargs if a.arg in STATE_NAMES}
        for sub in ast.walk(node):
            if isinstance(sub, ast.Assign) and isinstance(sub.value, ast.Attribute) \
                    and sub.value.attr in STATE_ATTRS:
                bound |= {t.id for t in sub.targets if isinstance(t, ast.Name)}
        self.names.append(bound | STATE_NAMES)
        self.generic_visit(node)
        self.names.pop()

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_Call(self, node) -> None:
        f = node.func
        if isinstance(f, ast.Attribute) and self.is_state(f.value):
            self.found.append((node.lineno, f.attr, True))
            for a in node.args + [k.value for k in node.keywords]:
                self.visit(a)
            self.visit(f.value)
            return
        if isinstance(f, ast.Name) and f.id in ("getattr", "hasattr", "vars") and node.args \
                and self.is_state(node.args[0]):
            self.found.append((node.lineno, f.id, False))
        self.generic_visit(node)

    def visit_Attribute(self, node) -> None:
        if self.is_state(node.value):
            self.found.append((node.lineno, node.attr, False))
        self.generic_visit(node)


def state_access(path: Path) -> list[tuple[int, str, bool]]:
    v = _StateAccess()
    v.visit(ast.parse(path.read_text(encoding="utf-8")))
    return v.found


def test_the_scan_finds_state_reads():
    """The scan itself: field reads, method calls, getattr, and names bound to a state."""
    src = ("def f(state, session):\n"
           "    st = session.state\n"
           "    a = state.hands[0] + st.pile\n"
           "    b = getattr(st, 'down', None)\n"
           "    return session.state.is_over(), st.view(0), a, b\n"
           "def g(settings):\n"
           "    st = settings\n"
           "    return st.language, session.state is None\n")
    v = _StateAccess()
    v.visit(ast.parse(src))
    assert sorted((a, c) for _, a, c in v.found) == [
        ("getattr", False), ("hands", False), ("is_over", True), ("pile", False),
        ("view", True)]


def test_no_ui_module_reads_the_state():
    """Only reads.py asks the state, and only its public methods (issue 12: one public view;
    the table, gestures, family, guide panel and score sheet go through TableReads)."""
    bad = []
    for path in sorted(UI.rglob("*.py")):
        for line, attr, called in state_access(path):
            if path == READS and called and attr in PUBLIC_METHODS:
                continue
            bad.append(f"{path.relative_to(UI.parent.parent)}:{line}: .{attr}")
    assert not bad, "\n".join(bad)


def test_reads_asks_only_public_methods():
    assert all(called for _, _, called in state_access(READS))
    assert not any(m.startswith("_") for m in PUBLIC_METHODS)


# ---- what a seat's scene shows ---------------------------------------------------------------
PRIVATE_ZONES = ("stock", "packet", "deck")  # never face up, in every game


def check_scene(screen) -> int:
    """Nothing of another seat's hand, the stock, a packet, a down or the deck is face up or
    named in the scene's places; returns how many face-up cards were checked."""
    viewer = screen.viewer
    sc = screen.scene

    def private(zone) -> bool:
        if zone[0] in PRIVATE_ZONES:
            return True
        return zone[0] in ("hand", "down") and zone[1] != viewer

    for sp in sc.sprites:
        if private(sp.zone):
            assert not sp.face_up, sp
    for zone, places in sc.places.items():
        if private(zone):
            assert {code for code, _r, _f in places} <= {HIDDEN}, zone
    v = screen.reads.view.seat
    public = list(v.hand) + list(getattr(v, "discard", ())) + list(getattr(v, "loose", ()))
    for side in getattr(v, "melds", ()):
        public += [c for m in side for c in m.cards]
    for cards in getattr(v, "red_three_cards", ()):
        public += cards
    for r in getattr(v, "reservations", ()):
        public += r.cards
    for cards in getattr(v, "captured", ()):
        public += cards
    shown = [sp.code for sp in sc.sprites if sp.face_up]
    assert set(shown) <= set(public)
    return len(shown)


@pytest.mark.parametrize("game,players", [
    ("canasta", 4), ("quick-canasta", 2), ("canastone", 6), ("looking-and-down", 4),
    ("cassino", 2), ("cassino", 4)])
def test_a_seat_sees_no_hidden_card(table, game, players):
    """Dealt positions and a few of the viewer's moves later: seat 0's scene holds no face-up
    card of another hand, and no code of a card it may not see."""
    extra = {"first_dealer": 2, "keeper": 1} if game == "looking-and-down" else {}
    d = table(game, players, seed=5, **extra)  # (a computer deals: no grab to ask for)
    rng = random.Random(5)
    checked = 0
    for _ in range(5):
        how = d.settle(open_sheet=False)
        checked += check_scene(d.screen)
        if how not in ("human", "dialog") or 0 not in d.screen.reads.actors():
            break
        d.perform(rng.choice(d.screen.reads.legal_actions(0)))  # by gestures, as a player
        checked += check_scene(d.screen)
    assert checked


def test_only_a_replay_shown_open_sees_every_hand(app_maker):
    """ReplayScreen(open_hands=True) shows every hand face up; shown closed, and at a live
    table, the other hands are backs."""
    from game.replay.model import Replay
    from game.ui.screens.replay_screen import ReplayScreen
    from tests.replay.helpers import finished_record

    app = app_maker()
    rec = finished_record("canasta", 4)
    for open_hands in (True, False):
        screen = ReplayScreen(app, Replay(rec), open_hands=open_hands)
        app.show(screen)
        screen.replay.go(8)
        screen.show_step()
        others = [sp for sp in screen.scene.sprites if sp.zone[0] == "hand" and sp.zone[1]]
        assert others and all(sp.face_up == open_hands for sp in others)
        if not open_hands:
            check_scene(screen)


# ---- flights to and from hidden places -----------------------------------------------------
def _places(**zones):
    from pygame import Rect

    out = {}
    for name, (codes, x, face) in zones.items():
        zone = (name,) if name in ("stock", "pile") else (name[:-1], int(name[-1]))
        out[zone] = [(c, Rect(x, 10 * i, 20, 30), face) for i, c in enumerate(codes)]
    return out


@pytest.mark.parametrize("old,new,flights", [
    # a computer discards: a hidden card of its hand lands face up on the pile
    (_places(hand1=([HIDDEN] * 3, 0, False), pile=([7], 100, True)),
     _places(hand1=([HIDDEN] * 2, 0, False), pile=([7, 9], 100, True)),
     [(9, ("hand", 1), ("pile",))]),
    # the viewer draws: a hidden card of the stock arrives face up in the hand
    (_places(stock=([HIDDEN] * 5, 0, False), hand0=([1, 2], 100, True)),
     _places(stock=([HIDDEN] * 4, 0, False), hand0=([1, 2, 40], 100, True)),
     [(40, ("stock",), ("hand", 0))]),
    # a computer takes the pile: the seen cards fly into a hidden hand, each once
    (_places(pile=([7, 9], 100, True), hand1=([HIDDEN], 0, False)),
     _places(pile=([], 100, True), hand1=([HIDDEN] * 3, 0, False)),
     [(7, ("pile",), ("hand", 1)), (9, ("pile",), ("hand", 1))]),
    # a computer draws: hidden to hidden, as before
    (_places(stock=([HIDDEN] * 2, 0, False), hand1=([HIDDEN], 0, False)),
     _places(stock=([HIDDEN], 0, False), hand1=([HIDDEN] * 2, 0, False)),
     [(HIDDEN, ("stock",), ("hand", 1))]),
])
def test_cards_fly_to_and_from_hidden_places(old, new, flights):
    """Hidden cards carry no code, yet a card coming out of hiding (or going into it) still
    flies from where it was to where it lands."""
    from game.ui.table.animation import diff

    got = sorted((c, sz, z) for c, sz, _sr, _sf, z, _i, _dr, _df in diff(old, new))
    assert got == sorted(flights)


def test_the_view_is_built_once_per_change_not_per_frame(table, monkeypatch):
    """Idle frames, hover and repeated questions reuse the view; a move builds it again."""
    from game.ui.table import reads

    d = table("canasta", 4, seed=3)
    assert d.settle() == "human"
    built = []
    real = reads.table_view
    monkeypatch.setattr(reads, "table_view", lambda *a, **k: built.append(1) or real(*a, **k))
    d.step(20, dt=0.05)
    d.screen.rebuild_scene()
    assert d.screen.reads is d.screen.reads
    assert built == []
    d.perform(next(a for a in d.screen.reads.legal_actions(0) if a.verb == "draw"))
    assert 1 <= len(built) <= 3


def test_a_take_and_a_meld_from_a_hidden_hand_both_fly():
    """A computer takes the pile (two cards) and melds two cards of its hand with the top
    card: its hand's count grows by one, yet every card that moved flies (old code: each card
    flew by its code)."""
    from game.ui.table.animation import diff

    old = _places(pile=([7, 9], 100, True), hand1=([HIDDEN] * 5, 0, False))
    new = _places(pile=([], 100, True), hand1=([HIDDEN] * 4, 0, False))
    new[("meld", 1, 9)] = [(c, r, True) for c, (_, r, _f) in zip((9, 22, 35),
                                                                  old[("hand", 1)])]
    got = sorted((c, sz, z) for c, sz, _sr, _sf, z, _i, _dr, _df in diff(old, new))
    assert got == [(7, ("pile",), ("hand", 1)), (9, ("pile",), ("meld", 1, 9)),
                   (22, ("hand", 1), ("meld", 1, 9)), (35, ("hand", 1), ("meld", 1, 9))]


@pytest.mark.parametrize("game,players", [("canasta", 4), ("canastone", 4),
                                          ("quick-canasta", 3)])
def test_the_table_receives_no_hidden_card_in_events(table, game, players, monkeypatch):
    """The presenter (move log, flights, sounds) gets the viewer's events: another seat's
    stock draw, packet or down arrives as HIDDEN cards, never as the codes themselves."""
    from game.engine.events import HIDDEN
    from game.ui.table.presenter import Presenter

    got = []
    real = Presenter.announce
    monkeypatch.setattr(Presenter, "announce",
                        lambda self, events: (got.extend(events), real(self, events))[1])
    d = table(game, players, seed=5)  # (Looking and Down's downs: tests/test_events_seen.py)
    rng = random.Random(5)
    for _ in range(12):  # the viewer's actions: a turn or two, the others' turns between
        how = d.settle(open_sheet=False)
        if how not in ("human", "dialog") or 0 not in d.screen.reads.actors():
            break
        d.perform(rng.choice(d.screen.reads.legal_actions(0)))
    private = {"draw", "packet", "down"}  # what the canasta games declare private
    others = [e for e in got if e.kind in private and e.seat != 0 and e.cards]
    assert others, "some other seat drew"
    assert all(set(e.cards) == {HIDDEN} for e in others), others
