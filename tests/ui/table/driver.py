"""Drive the table with real pygame events, as a player would.

``Driver.perform(action)`` turns an engine action into the gestures a player makes (click the
stock, select cards and drag them onto the pile or a meld, click a dialog button...), posts
them as MOUSEBUTTONDOWN / MOUSEMOTION / MOUSEBUTTONUP events with positions, runs frames,
and returns what the engine recorded. The computer seats play on their worker thread in
between (``settle``).
"""

from __future__ import annotations

import json
from collections import Counter

import pygame

from game.engine.actions import Action, parse_action
from game.settings import SettingsStore
from game.ui.app import App
from game.ui.table import TableScreen
from game.ui.table.gestures import build_values


def make_app(tmp_path, size=(1280, 800), language="en", speed="fast", **settings):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"language": language, "animation_speed": speed,
                                "sound": False, **settings}))
    app = App(store=SettingsStore(path), size=size)
    app.step(present=False)
    return app


def post(kind, **kw):
    pygame.event.post(pygame.event.Event(kind, kw))


class Driver:
    def __init__(self, app: App, screen: TableScreen):
        self.app = app
        self.screen = screen

    @property
    def session(self):
        return self.screen.session

    @property
    def state(self):
        return self.session.state

    # ---- frames ---------------------------------------------------------------------------
    def step(self, n: int = 1, dt: float = 0.2) -> None:
        for _ in range(n):
            th = self.screen.worker._thread
            if self.screen.worker.busy and th is not None:
                th.join(timeout=20)
            self.app.step(dt, present=False)

    def settle(self, max_steps: int = 4000, open_sheet: bool = True) -> str:
        """Run frames until a human must act, an overlay or dialog is open, or the deal ends.
        Returns "human", "overlay", "dialog" or "over". At the end of a deal the final table
        stays until the player opens the score sheet: with ``open_sheet`` the driver presses
        Scores (and returns "overlay"), else it returns "over" once the cards have landed."""
        sc = self.screen
        for _ in range(max_steps):
            self.step()
            if sc.dialog is not None:
                return "dialog"
            if sc.overlay is not None and sc.overlay.modal:
                return "overlay"
            st = self.state
            if sc.down_gate and not sc.animator.tweens:
                self.pick_up_down()
                continue
            if st.is_over():
                if sc.animator.busy or not sc.flow.sheet_due:
                    continue
                if not open_sheet:
                    return "over"
                self.press(_t("table.score_sheet_short"))
                continue
            if sc.animator.busy or sc.worker.busy or sc.ready is not None:
                continue
            if sc.can_act() and sc.viewer in st.actors() and (
                    st.current_player() == sc.viewer):
                return "human"
        raise AssertionError("the table did not settle")

    def pick_up_down(self) -> None:
        """Looking and Down: click the player's down to pick it up."""
        tg = self.target("down")
        self.click(tg.rect.center)
        assert not self.screen.down_gate

    # ---- pointer --------------------------------------------------------------------------
    def click(self, pos, frames: int = 1) -> None:
        post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
        post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
        self.step(frames, dt=0.01)

    def drag(self, src, dst, steps: int = 5) -> None:
        post(pygame.MOUSEBUTTONDOWN, pos=src, button=1)
        for i in range(1, steps + 1):
            p = (round(src[0] + (dst[0] - src[0]) * i / steps),
                 round(src[1] + (dst[1] - src[1]) * i / steps))
            post(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0))
        self.step(1, dt=0.01)
        post(pygame.MOUSEBUTTONUP, pos=dst, button=1)
        self.step(1, dt=0.01)

    def buttons(self) -> dict[str, object]:
        out = {}
        for b in list(self.screen._on_click):
            if b.alive() and b.visible and b.is_enabled:
                out[b.text] = b
        return out

    def press(self, label: str) -> None:
        b = self.buttons()[label]
        self.click(b.rect.center, frames=2)

    # ---- where things are -----------------------------------------------------------------
    def hand_sprite(self, code: int, exclude=()):
        for sp in self.screen.scene.hand:
            if sp.code == code and sp.index not in exclude:
                return sp
        raise AssertionError(f"card {code} not in the viewer's hand")

    def visible_point(self, sp) -> tuple[int, int]:
        """A point of the sprite not covered by the next card (the index corner)."""
        r = sp.rect
        nxt = [o.rect for o in self.screen.scene.hand if o.index > sp.index]
        x = r.x + 3
        if nxt:
            x = min(r.right - 3, r.x + max(3, (nxt[0].x - r.x) // 2))
        return (x, r.y + r.h // 5)

    def target(self, kind: str, **kw):
        for tg in self.screen.scene.targets:
            if tg.kind == kind and all(getattr(tg, k) == v for k, v in kw.items()):
                return tg
        raise AssertionError(f"no {kind} target {kw}")

    def select(self, codes: list[int]) -> None:
        """Click hand cards to select exactly ``codes`` (a multiset)."""
        sc = self.screen
        if sc.selected:
            for i in sorted(sc.selected):
                sp = next(s for s in sc.scene.hand if s.index == i)
                self.click(self.visible_point(sp))
        taken: set[int] = set()
        for c in codes:
            sp = self.hand_sprite(c, exclude=taken)
            taken.add(sp.index)
            self.click(self.visible_point(sp))
        assert Counter(sc.selected_codes()) == Counter(codes), (sc.selected_codes(), codes)

    def drag_cards(self, codes: list[int], dst) -> None:
        if len(codes) == 1:
            self.select([])
            sp = self.hand_sprite(codes[0])
            self.drag(self.visible_point(sp), dst)
            return
        self.select(codes)
        sel = sorted(self.screen.selected)
        sp = next(s for s in self.screen.scene.hand if s.index == sel[0])
        self.drag(self.visible_point(sp), dst)

    def stage(self, groups) -> None:
        """Drag each group onto an empty spot of the viewer's meld area: staged melds."""
        staging = self.screen.family.staging
        for g in groups:
            before = len(staging.melds)
            self.drag_cards(list(g), self.free_point())
            assert len(staging.melds) == before + 1, (g, staging.melds, self.screen.toasts)

    def free_point(self) -> tuple[int, int]:
        """A point of the viewer's meld area on no meld, staged meld or button."""
        sc = self.screen
        area = self.target("meld_area", side=sc.sides[sc.viewer]).rect
        busy = [tg.rect for tg in sc.scene.targets if tg.kind in ("meld", "staged")]
        if sc.scene.stage_controls is not None:
            busy.append(sc.scene.stage_controls)
        step = 8
        for y in range(area.bottom - 6, area.y, -step):
            for x in range(area.right - 6, area.x, -step):
                if not any(r.collidepoint(x, y) for r in busy):
                    return (x, y)
        raise AssertionError("no free spot in the meld area")

    def empty_point(self, rect) -> tuple[int, int]:
        """A point of ``rect`` away from its cards (bottom right area)."""
        return (rect.right - 12, rect.bottom - 12)

    # ---- actions as gestures --------------------------------------------------------------
    def perform(self, action: Action) -> str:
        """Make the gestures for ``action``; return the notation the engine recorded."""
        before = len(self.session.history)
        v = action.verb
        sc = self.screen
        lay = sc.lay
        if sc.dialog is not None and sc.dialog._args[0] == _t("choice.title"):
            # Canastone before opening: the two choices.
            if v == "draw":
                self.press(_t("choice.draw_two"))
                self.step(1, dt=0.01)
                return self.session.history[before]
            self.press(_t("choice.open_first"))
        if v == "draw":
            self.click(lay.stock.center if not lay.stock_piles else lay.stock_piles[0].center)
        elif v == "discard":
            self.drag_cards(list(action.cards()), lay.pile.center)
        elif v == "take":
            if action.groups:
                self.drag_cards(action.cards(), lay.pile.center)
            else:
                self.select([])
                self.click(lay.pile.center)
                self.confirm_take()
        elif v == "meld":
            self.stage(action.groups)
            self.press(_t("table.meld"))
        elif v == "add":
            tg = self.target("meld", side=self.state.side[action.seat], key=action.target)
            self.drag_cards(action.cards(), tg.rect.center)
        elif v == "ask":
            self.press(_t("table.ask_partner"))
            if action.target >= 0 and sc.dialog is not None:
                self.press(sc.names()[action.target])
        elif v in ("yes", "no"):
            assert sc.dialog is not None, "the answer dialog should be open"
            self.press(_t("table.yes" if v == "yes" else "table.no"))
        elif v == "trail":
            self.table_select([])
            self.drag_cards([action.groups[0][0]], self.empty_point(lay.table))
        elif v == "capture":
            self.table_select(list(action.groups[1]))
            tg = next(t for t in sc.scene.targets if t.kind == "group"
                      and set(t.cards) <= set(action.groups[1]))
            self.drag_cards([action.groups[0][0]], tg.rect.center)
        elif v == "build":
            self.table_select(list(action.groups[1]))
            values = build_values(self.state, action.seat, action.groups[0][0],
                                  action.groups[1])
            self.drag_cards([action.groups[0][0]], self.empty_point(lay.table))
            if len(values) > 1:  # the only value is played without asking
                assert sc.overlay is not None, "the value dialog should be open"
                self.press(str(action.target))
        else:
            raise AssertionError(v)
        if v in ("discard", "trail") and sc.dialog is not None and \
                sc.dialog._args[0] == _t("table.risky.title"):
            # The risky-discard warning (on by default): the player discards anyway.
            self.press(_t("table.risky.trail_anyway" if v == "trail" else "table.risky.anyway"))
        self.step(1, dt=0.01)
        mine = [h for h in self.session.history[before:] if h.split()[0] == str(action.seat)]
        assert len(mine) == 1, (f"{action} was not played", sc.toasts)
        return mine[0]

    def confirm_take(self) -> None:
        """A click on the pile asks before taking it (``confirm_pile_take``): take it."""
        sc = self.screen
        if sc.dialog is not None and sc.dialog._args[0] == _t("table.take_pile.title"):
            self.press(_t("table.take_pile.take"))

    def table_select(self, codes: list[int]) -> None:
        sc = self.screen
        want = set(codes)
        for _ in range(len(want) + len(sc.table_selected) + 2):
            if sc.table_selected == want:
                return
            wrong = (sc.table_selected - want) or (want - sc.table_selected)
            code = next(iter(wrong))
            sp = next(s for s in sc.scene.sprites if s.code == code and s.zone[0] in
                      ("loose", "res"))
            self.click((sp.rect.x + 4, sp.rect.y + sp.rect.h // 2))
        assert sc.table_selected == want, (sc.table_selected, want)


def _t(key):
    from game.i18n import t

    return t(key)


def same_cards(a: str, b: Action) -> bool:
    x = parse_action(a)
    return x.verb == b.verb and Counter(x.cards()) == Counter(b.cards())


def check_table(screen) -> None:
    """What the table shows agrees with the engine, right now (no frame drawn since):

    - the engine's own invariants (every card in exactly one place, scores adding up);
    - each human's hand order holds exactly that seat's cards (the viewer's: less the down
      not yet picked up);
    - the scene's hand (what clicks hit) is the viewer's hand order, position for position;
    - the selection and a pending press name positions inside that hand.
    """
    st = screen.session.state
    if st is None:
        return
    assert st.check_invariants() == [], st.check_invariants()
    for seat, order in screen.hand_orders.items():
        want = Counter(screen.hand_codes(seat))
        if seat == screen.viewer:  # less the down not picked up and the staged melds
            want -= Counter(screen.down_gate) + Counter(screen.family.staging.cards())
            assert not screen.family.staging.melds or not st.is_over()
            assert not Counter(screen.family.staging.cards()) - Counter(screen.hand_codes(seat))
        assert Counter(order) == want, (seat, order, want)
    order = screen.hand_orders.get(screen.viewer, [])
    drag = screen.pointer.drag
    lifted = set(drag.indices) if drag is not None else set()
    if screen.scene is not None:
        shown = [(sp.index, sp.code) for sp in screen.scene.hand]
        assert shown == [(i, c) for i, c in enumerate(order) if i not in lifted], \
            "the scene shows another hand than the viewer's"
    assert all(0 <= i < len(order) for i in screen.selected), (screen.selected, len(order))
    press = screen.pointer.press
    assert press is None or press.index < len(order), (press, len(order))
    if drag is not None and drag.staged is None:
        assert [order[i] for i in drag.indices] == drag.codes
