"""The card table: the screen that plays a game.

It drives one :class:`~game.session.GameSession` (the only controller): human gestures become
candidate actions that the engine accepts or refuses with a reason; computer seats think on a
worker thread and their moves are applied on the main thread, animated at the chosen pace.
The picture is a cached static layer (felt, cards, plates, the move log) rebuilt only when
something changes, with the moving cards drawn over it each frame.

Seats are drawn relative to the *viewer*, the human at the lower edge. With several humans
(pass-and-play) the viewer changes behind a cover screen between their turns.
"""

from __future__ import annotations

import contextlib
import logging
import random
import time

import pygame
import pygame_gui

from game import i18n
from game.actions import Action, make
from game.canasta.phase import ANSWER, DRAW
from game.cards import RANK
from game.i18n import game_name, t, translate_reason
from game.registry import game_info
from game.ui import audio, felt, fonts, palette
from game.ui.screen import Screen
from game.ui.table import layout as L
from game.ui.table import moments, render
from game.ui.table.animation import Animator
from game.ui.table.gestures import (
    Drag,
    Pointer,
    build_values,
    canasta_candidates,
    cassino_candidates,
    first_legal,
)
from game.ui.table.movelog import MoveLog
from game.ui.table.scene import Target, View, build, rank_key, suit_key, sync_order
from game.ui.table.scoresheet import GameOver, ScoreSheet
from game.ui.table.worker import Job, Worker
from game.ui.widgets.dialog import Dialog

log = logging.getLogger(__name__)

PACE = 0.55  # seconds between two computer moves at "normal" speed
TOAST_SECONDS = 3.2
HINT_SECONDS = 7.0  # how long a hint's highlight and reason stay up
TARGET_ORDER = ("down", "meld", "group", "pile", "stock", "meld_area", "table", "hand")


def _level(level: str) -> str:
    """The config's level as a registered computer player ("hard" may not exist yet)."""
    from game.players.registry import DEFAULT_LEVEL, LEVELS

    if level in LEVELS:
        return level
    return "normal" if "normal" in LEVELS else DEFAULT_LEVEL


def new_session(config, seed: int | None = None, deadline_ms: int = 1000):
    """A GameSession for a NewGameConfig (random first dealer and keeper resolved here)."""
    from game.session import GameSession, SeatConfig

    seed = random.randrange(1 << 30) if seed is None else seed
    cfg = config.resolved(random.Random(seed))
    seats = [SeatConfig(kind=s.kind, level=_level(s.level)) for s in cfg.seats]
    keeper = cfg.keeper if game_info(cfg.game).keeper else None  # LD-1
    return GameSession(cfg.game, cfg.players, seats=seats, options=cfg.options, seed=seed,
                       dealer=cfg.first_dealer, keeper=keeper, deadline_ms=deadline_ms)


class TableScreen(Screen):
    def __init__(self, app, config=None, session=None, *, seed: int | None = None,
                 autosave: bool = True, reveal: bool = False) -> None:
        super().__init__(app)
        if session is None:
            from game.ui.config import NewGameConfig

            config = config or NewGameConfig.default()
            session = new_session(config, seed, app.settings.ai_deadline_ms)
        self.session = session
        self.game = session.rules
        self.players = session.players
        g = session.game
        self.sides = [g.side_of(s, self.players) for s in range(self.players)]
        self.nsides = g.num_sides(self.players)
        self.partnerships = self.nsides == 2 and self.players >= 4
        self.humans = [s for s in range(self.players) if session.is_human(s)]
        self.viewer = self.humans[0] if self.humans else 0
        self.reveal_all = reveal  # the screenshot command shows seat 0's hand
        self.autosave_enabled = autosave
        self.hand_orders: dict[int, list[int]] = {}
        self.sort_mode: dict[int, str | None] = {}
        self.selected: set[int] = set()
        self.table_selected: set[int] = set()
        self.down_gate: list[int] = []  # Looking and Down: the viewer's down, not picked up yet
        self.last_move: set[tuple] = set()
        self.animator = Animator()
        self.worker = Worker()
        self.movelog = MoveLog()
        self.pointer = Pointer(self)
        self.version = 0
        self.pace_left = 0.0
        self.ready: tuple[Job, Action | None] | None = None
        self.toasts: list[list] = []  # [text, tone, seconds left]
        self.hint: list | None = None  # [action, version, seconds left]: the Hint button's move
        self.overlay = None
        self.log_open = app.window_size[0] >= 1000
        self.lay: L.TableLayout | None = None
        self.scene = None
        self.static: pygame.Surface | None = None
        self.dirty = True
        self.think_clock = 0.0
        self._optional: list[int] = []
        self._optional_turn = None
        self._optional_tries = 0
        self._prompted: set[tuple] = set()  # dialogs already shown (kind, turn number)
        self._scores_shown = -1
        self._grab_rng = random.Random(session.seed * 31 + 7)
        self._save_due = False
        self.halted = False  # a computer's move was refused: this table plays no more
        if autosave:  # imported now: the first save must not stall a frame (pydantic models)
            with contextlib.suppress(ImportError):
                import game.saves  # noqa: F401
        self._buttons: dict[str, object] = {}
        self._button_state: tuple = ()
        self.frame_times: list[float] = []

    @classmethod
    def from_session(cls, app, session) -> TableScreen:
        """The table for a loaded or resumed session (the saves layer's Continue and Load)."""
        return cls(app, session=session)

    # ===========================================================================================
    # Life cycle

    def enter(self) -> None:
        super().enter()
        st = self.session.state
        if st is None:
            self.begin_deal()
        else:
            self._sync_hands()
            self.movelog.sync(self.session.history, self.names(), i18n.current_language())
            self.mark_dirty()

    def leave(self) -> None:
        self.worker.cancel(join=1.0)
        self.save()
        super().leave()

    def back(self) -> None:
        if self.overlay is not None and self.overlay.closable:
            self.overlay.close()
            return
        save_as = self._save_as if (self.autosave_enabled and self.session.state
                                    and not self.halted) else None
        moments.leave_dialog(self, self.autosave_enabled, self._leave, save_as, self._rules)

    def _rules(self) -> None:
        """This game's rules, then back to this same table (issue 4: rules from the table)."""
        from game.ui.screens.rules import RulesScreen

        self.app.show(RulesScreen(self.app, self.game, on_back=lambda: self.app.show(self)))

    def _leave(self) -> None:
        self.app.show_main_menu()

    def _save_as(self) -> None:
        """The saves layer's "Save as..." dialog, if it is there."""
        try:
            from game.ui.screens.load_screen import save_as_dialog
        except ImportError:
            return
        save_as_dialog(self, self.session,
                       on_saved=lambda path: self.toast(t("table.saved"), "info"))

    def teardown(self) -> None:
        if self.overlay is not None:
            self.overlay.kill()
        self._buttons = {}
        super().teardown()

    def layout(self) -> None:
        self._button_state = ()
        self.pointer.reset()
        self._compute_layout()
        self._rebuild_scene()  # hit tests use the scene: it follows the layout at once
        s = self.s
        lay = self.lay
        self._buttons = {}
        if lay.log_buttons is not None:
            r = lay.log_buttons
            gap = s(6)
            w3 = (r.w - 2 * gap) // 3
            self._buttons["log"] = self.button(pygame.Rect(r.x, r.y, w3, r.h), t("table.hide_log"),
                                               self.toggle_log, "#small_button")
            self._buttons["scores"] = self.button(
                pygame.Rect(r.x + w3 + gap, r.y, w3, r.h), t("table.score_sheet_short"),
                self.show_scores, "#small_button")
            self._buttons["menu"] = self.button(
                pygame.Rect(r.x + 2 * (w3 + gap), r.y, r.w - 2 * (w3 + gap), r.h),
                t("table.menu"), self.back, "#small_button")
        else:
            c = lay.corner
            bh = (c.h - s(6)) // 2
            self._buttons["log"] = self.button(pygame.Rect(c.x, c.y, c.w, bh),
                                               t("table.show_log"), self.toggle_log,
                                               "#small_button")
            self._buttons["menu"] = self.button(pygame.Rect(c.x, c.bottom - bh, c.w, bh),
                                                t("table.menu"), self.back, "#small_button")
        hb = lay.hand_buttons
        gap = s(6)
        col = [("hint", t("table.hint"), self.show_hint),
               ("sort_rank", t("table.sort_rank"), lambda: self.sort_hand("rank")),
               ("sort_suit", t("table.sort_suit"), lambda: self.sort_hand("suit"))]
        if self.game == "cassino":
            col = [("capture", t("table.capture"), lambda: self.cassino_button("capture")),
                   ("build", t("table.reserve"), lambda: self.cassino_button("build")),
                   ("trail", t("table.trail"), lambda: self.cassino_button("trail"))] + col
        else:
            col = [("ask", t("table.ask_partner"), self.ask_partner)] + col
        bh = max(s(24), min(s(38), (hb.h - (len(col) - 1) * gap) // len(col)))
        y = hb.bottom - len(col) * bh - (len(col) - 1) * gap
        for key, label, cb in col:
            self._buttons[key] = self.button(pygame.Rect(hb.x, y, hb.w, bh), label, cb,
                                             "#small_button")
            y += bh + gap
        if self.overlay is not None:
            self.overlay.build()
        self.mark_dirty()
        self._refresh_buttons(force=True)

    def _compute_layout(self) -> None:
        self.lay = L.compute(self.size, self.game, self.players, self.sides, self.viewer,
                             self.app.settings.card_size, self.log_open, self.app.scale)

    def toggle_log(self) -> None:
        self.log_open = not self.log_open
        self.rebuild()

    def mark_dirty(self) -> None:
        self.dirty = True

    # ===========================================================================================
    # Names

    def names(self) -> list[str]:
        out = []
        single = len(self.humans) == 1
        for s in range(self.players):
            if self.session.is_human(s):
                out.append(t("player.you") if single else t("player.human", n=s + 1))
            else:
                out.append(t("player.computer", n=s + 1))
        return out

    def side_names(self) -> list[str]:
        if self.nsides == self.players:
            return self.names()
        if self.partnerships:
            mine = {self.sides[h] for h in self.humans}
            if len(mine) == 1:
                m = next(iter(mine))
                return [t("player.us") if x == m else t("player.them")
                        for x in range(self.nsides)]
            return [t("player.team", n=x + 1) for x in range(self.nsides)]
        return self.names()[: self.nsides]

    def target(self) -> int:
        return self.session.game.target(self.session.options)

    # ===========================================================================================
    # Deals

    def begin_deal(self) -> None:
        """Deal the next deal: Looking and Down first asks human dealers for their grab."""
        self.worker.cancel()
        self.ready = None
        if self.game == "looking-and-down":
            looking, down = self._ld_dealers()
            if self.session.is_human(looking) or self.session.is_human(down):
                self._grabs: list[bool] = []
                self._grab_step(looking, down)
                return
        self._deal(None)

    def _ld_dealers(self) -> tuple[int, int]:
        """Looking and Down's looking and down dealers of the coming deal (LD-1, LD-2)."""
        m = self.session.match
        keeper = m.keeper if m.keeper is not None else -1
        looking, down = self.session.game.info.dealers(m.dealer, keeper, self.players)
        return looking, down

    def _grab_step(self, looking: int, down: int) -> None:
        step = len(self._grabs)
        seat = looking if step == 0 else down
        if step == 2:
            self._deal((self._grabs[0], self._grabs[1]))
            return
        if not self.session.is_human(seat):
            self._grabs.append(moments.computer_grab(self._grab_rng))
            self._grab_step(looking, down)
            return
        n = self.players
        total = 54 * (n + 1) - (11 * n if step == 1 else 0)

        def done(exact: bool) -> None:
            self._grabs.append(exact)
            self._grab_step(looking, down)

        self.open_overlay(moments.ExactGrab(self, seat, "looking" if step == 0 else "down",
                                            11 * n, total, done))

    def _deal(self, grab) -> None:
        events = self.session.start_deal(grab)
        self.version += 1
        self.last_move = set()
        self.selected.clear()
        self.table_selected.clear()
        self.down_gate = []
        self.hand_orders = {}
        self._optional_turn = None
        self._scores_shown = -1
        self._sync_hands()
        self.movelog.sync(self.session.history, self.names(), i18n.current_language())
        # Every card flies from the stock (Cassino: the deck) to where it was dealt.
        anchor_zone = ("deck",) if self.game == "cassino" else ("stock",)
        anchor = self.lay.deck if self.game == "cassino" else (
            self.lay.stock_piles[0] if self.lay.stock_piles else self.lay.stock)
        old = {anchor_zone: [(c, anchor, False) for z, lst in self.scene.places.items()
                             for c, _, _ in lst]}
        order = [c for z, lst in sorted(self.scene.places.items(), key=lambda kv: repr(kv[0]))
                 if z != anchor_zone for c, _, _ in lst]
        self.animator.clear()
        self.animator.move(old, self.scene.places, order, self.speed, limit=44)
        audio.play("deal")
        self._after_events(events, seat=-1)
        self.mark_dirty()
        self._save_due = True

    def next_deal(self) -> None:
        if self.overlay is not None:
            self.overlay.close()
        if self.session.game_over:
            self.show_game_over()
            return
        self.begin_deal()

    def show_scores(self) -> None:
        if self.overlay is not None:
            return
        st = self.session.state
        view = not (st is not None and st.is_over())
        self.open_overlay(ScoreSheet(self, view=view))

    def show_game_over(self) -> None:
        if self.overlay is not None:
            self.overlay.close()
        go = GameOver(self)
        self.open_overlay(go)
        go.play_sound()

    def open_overlay(self, overlay) -> None:
        if self.overlay is not None:
            self.overlay.close()
        self.pointer.reset()
        self.overlay = overlay
        overlay.build()
        self.mark_dirty()
        self._refresh_buttons(force=True)

    @property
    def speed(self) -> float:
        return self.app.settings.animation_scale

    # ===========================================================================================
    # Hands and scene

    def hand_codes(self, seat: int) -> list[int]:
        st = self.session.state
        if hasattr(st, "hand_cards"):
            return st.hand_cards(seat)
        return list(st.hands[seat])

    def _sync_hands(self) -> None:
        """Bring the humans' hand orders up to date with the state, then the scene.

        The one place where the hand shown changes: the selection and the pointer point at
        positions of a hand, so they are forgotten when the viewer's hand changes, and the
        scene (what clicks hit) is rebuilt at once, not at the next frame's drawing.
        """
        st = self.session.state
        if st is None:
            return
        for seat in set(self.humans) | {self.viewer}:
            old = self.hand_orders.get(seat, [])
            codes = self.hand_codes(seat)
            if seat == self.viewer and self.down_gate:
                for c in self.down_gate:
                    if c in codes:
                        codes.remove(c)
            new = sync_order(old, codes)
            mode = self.sort_mode.setdefault(seat, "rank")
            if mode == "rank":
                new.sort(key=lambda c: rank_key(c, self.game))
            elif mode == "suit":
                new.sort(key=lambda c: suit_key(c, self.game))
            if new != old and seat == self.viewer:
                self._forget_hand_positions()
            self.hand_orders[seat] = new
        if self.game == "cassino":
            on_table = set(st.loose) | {c for r in st.res for c in r[0]}
            self.table_selected &= on_table
        self._rebuild_scene()

    def _forget_hand_positions(self) -> None:
        """The viewer's hand changed: a selection, a press or a first click of a double click
        named positions in the old hand."""
        self.selected.clear()
        self.pointer.forget_hand()

    def view(self, dragging: set[int] | None = None) -> View:
        return View(
            game=self.game, players=self.players, sides=self.sides, viewer=self.viewer,
            names=self.names(), hand_order=self.hand_orders.get(self.viewer, []),
            selected=set(self.selected), dragging=dragging or set(),
            reveal=self.revealed(), table_selected=set(self.table_selected),
            last_move=self.last_move, partnerships=self.partnerships,
            down_gate=list(self.down_gate),
        )

    def revealed(self) -> bool:
        return self.reveal_all or self.session.is_human(self.viewer)

    def _rebuild_scene(self, dragging: set[int] | None = None) -> None:
        """The scene for the current state; ``dragging``: hand positions lifted (by default
        those of the drag in progress)."""
        if dragging is None and self.pointer.drag is not None:
            dragging = set(self.pointer.drag.indices)
        if self.session.state is None:
            self.scene = None
            return
        self.scene = build(self.session.state, self.lay, self.view(dragging))

    # ===========================================================================================
    # Applying actions

    def can_act(self) -> bool:
        st = self.session.state
        if (st is None or st.is_over() or self.overlay is not None or self.dialog is not None
                or self.halted):
            return False
        return self.session.is_human(self.viewer) and self.revealed() and not self.down_gate

    def apply(self, action: Action, origin: dict[int, pygame.Rect] | None = None,
              computer: bool = False, confirmed: bool = False) -> bool:
        """Apply a legal action with its animation; False (and the reason shown) if the
        engine refuses it, or if a risky discard waits for the player's confirmation."""
        why = self.session.why_illegal(action)
        if why is not None:
            self.show_reason(why)
            return False
        if not computer and not confirmed and self._confirm_risky(action):
            return False
        if self.scene is None:
            self._rebuild_scene()
        old = {z: list(lst) for z, lst in self.scene.places.items()}
        if origin:
            zone = ("hand", action.seat)
            lst = old.get(zone, [])
            used = set()
            for code, rect in origin.items():
                for i, (c, _r, f) in enumerate(lst):
                    if c == code and i not in used:
                        lst[i] = (c, rect, f)
                        used.add(i)
                        break
        events = self.session.apply(action)
        self.version += 1
        for e in events:
            if (e.kind == "down" and e.seat == self.viewer and self.revealed()
                    and self.session.is_human(e.seat)):
                self.down_gate = list(e.cards)  # shown until the player picks it up
        self.last_move = set()
        self._sync_hands()
        self.movelog.sync(self.session.history, self.names(), i18n.current_language())
        order = [c for e in events for c in e.cards]
        self.animator.move(old, self.scene.places, order, self.speed)
        hand = ("hand", self.viewer)
        if self.revealed() and hand in old:
            self.animator.shift(hand, old[hand], self.scene.places.get(hand, []), self.speed)
        if computer:
            from game.ui.table.animation import diff

            self.last_move = {(z, c) for c, _sz, _sr, _sf, z, _i, _dr, _df in
                              diff(old, self.scene.places)
                              if z[0] in ("pile", "meld", "loose", "res", "red3")}
            self._rebuild_scene()
        self._after_events(events, seat=action.seat)
        if action.seat == self.viewer:
            self.selected.clear()
            self.table_selected.clear()
        self.mark_dirty()
        self._save_due = True  # written once the cards have landed (a save takes ~15 ms)
        return True

    def _after_events(self, events, seat: int) -> None:
        sounds = set()
        names = self.names()
        for e in events:
            k = e.kind
            if k in ("draw", "deal"):
                sounds.add("draw")
            elif k in ("discard", "meld", "add", "trail", "build", "red_three"):
                sounds.add("place")
            elif k in ("take", "capture", "down", "packet", "collect"):
                sounds.add("pickup")
            if k == "answer":
                asker = self.session.state.turn
                if asker == self.viewer:
                    key = "table.partner_says_yes" if e.info else "table.partner_says_no"
                    self.toast(t(key), "info")
                elif e.seat != self.viewer:
                    answer = t("table.yes") if e.info else t("table.no")
                    self.toast(t("table.answer_of", name=names[e.seat], answer=answer), "info")
            elif k == "ask" and e.seat != self.viewer:
                self.toast(t("table.asks", name=names[e.seat]), "info")
            elif k == "down":
                who = t("table.you_pick_up_down") if e.seat == self.viewer else \
                    t("table.picks_up_down", name=names[e.seat])
                self.toast(who, "info")
            elif k == "sweep":
                self.toast(t("table.sweep_by", name=names[e.seat]), "info")
            elif k == "out":
                self.toast(t("table.went_out", name=names[e.seat]), "info")
            elif k == "canasta" and e.seat != self.viewer:
                pass
        for snd in sounds:
            audio.play(snd)

    def save(self) -> None:
        self._save_due = False
        if not self.autosave_enabled or self.session.state is None or self.halted:
            return  # a stopped table keeps the last good autosave
        try:
            from game.saves import autosave
        except ImportError:
            return
        failure = autosave(self.session)
        if failure is not None:  # every failure, in the player's language
            self.toast(t(failure.key, **failure.params), "info")

    def _confirm_risky(self, action: Action) -> bool:
        """A human's discard (Cassino: trail) that the hints call risky: ask first (the
        ``warn_risky_discard`` setting). True when the dialog is open; the move waits."""
        if (action.verb not in ("discard", "trail") or not self.session.is_human(action.seat)
                or not getattr(self.app.settings, "warn_risky_discard", True)):
            return False
        try:
            from game.players.hints import discard_warning

            warning = discard_warning(self.session.decision(action.seat), action)
        except Exception:  # a hint must never stop a move
            log.exception("discard_warning failed for %s", action)
            return False
        if not warning:
            return False
        version = self.version

        def go() -> None:
            if self.version == version:
                self.apply(action, confirmed=True)

        anyway = "table.risky.trail_anyway" if action.verb == "trail" else "table.risky.anyway"
        Dialog(self, t("table.risky.title"),
               t("table.risky.body", warning=translate_reason(warning)),
               [(t("common.cancel"), None), (t(anyway), go)])
        audio.play("error", 0.5)
        return True

    # ===========================================================================================
    # Hints

    def can_hint(self) -> bool:
        st = self.session.state
        return self.can_act() and st.current_player() == self.viewer

    def show_hint(self) -> None:
        """The Normal player's move for the viewer: its cards and target light up, and its
        reason shows for a few seconds. Instant (the heuristic, no search), so no thread."""
        if not self.can_act():
            return
        st = self.session.state
        seat = self.viewer
        if st.current_player() != seat or not st.legal_actions(seat):
            self.toast(t("table.hint_none"), "info")
            return
        try:
            from game.players.hints import suggest

            action, why = suggest(self.session.decision(seat), seed=self.version)
        except Exception:
            log.exception("hint failed")
            return
        if self.session.why_illegal(action) is not None:
            return
        self.hint = [action, self.version, HINT_SECONDS]
        self.toast(t("table.hint_says", reason=translate_reason(why)), "info", HINT_SECONDS)
        audio.play("click", 0.5)
        self.mark_dirty()

    def hint_rects(self) -> tuple[list[pygame.Rect], list[pygame.Rect]]:
        """(cards, targets) the current hint lights up: hand and table cards, and the pile,
        stock, meld, meld area, open table or button it goes to."""
        h = self.hint
        if h is None or self.scene is None or h[1] != self.version:
            return [], []
        a = h[0]
        sc = self.scene
        st = self.session.state
        cassino = a.verb in ("trail", "capture", "build")
        want = list(a.groups[0]) if cassino and a.groups else list(a.cards())
        cards = []
        for i, sp in enumerate(sc.hand):
            if sp.code in want:
                want.remove(sp.code)
                r = sp.rect
                nxt = sc.hand[i + 1].rect if i + 1 < len(sc.hand) else None
                if nxt is not None and r.x < nxt.x < r.right:  # fanned: only the part in view
                    r = pygame.Rect(r.x, r.y, nxt.x - r.x, r.h)
                cards.append(r)
        if cassino and len(a.groups) > 1:
            table = set(a.groups[1])
            cards += [sp.rect for sp in sc.sprites
                      if sp.zone[0] in ("loose", "res") and sp.code in table]
        kinds = {"draw": ("stock",), "take": ("pile",), "discard": ("pile",),
                 "trail": ("table",), "meld": ("meld_area",), "add": ("meld",)}.get(a.verb, ())
        targets = []
        for tg in sc.targets:
            if tg.kind not in kinds:
                continue
            if tg.kind in ("meld", "meld_area") and tg.side != st.side[a.seat]:
                continue
            if tg.kind == "meld" and tg.key != a.target:
                continue
            targets.append(tg.rect)
        if a.verb == "ask" and "ask" in self._buttons:
            targets.append(self._buttons["ask"].rect)
        return cards, targets

    def show_reason(self, reason) -> None:
        self.toast(self.reason_text(reason), "error")
        audio.play("error")

    def reason_text(self, reason) -> str:
        """The engine's reason in the player's language, with seat numbers as names."""
        params = getattr(reason, "params", None)
        if params and "seat" in params and isinstance(params["seat"], int):
            from game.reasons import Reason

            p = dict(params)
            seat = p["seat"]
            if 0 <= seat < self.players:
                name = self.names()[seat]
                key = f"table.reason.{reason.key}"
                if seat == self.viewer and i18n.has(key + "_you"):
                    return t(key + "_you")
                if i18n.has(key):
                    return t(key, name=name)
            reason = Reason.__new__(Reason, reason.key, p)
        return translate_reason(reason)

    def toast(self, message: str, tone: str = "error", seconds: float = TOAST_SECONDS) -> None:
        self.toasts = [x for x in self.toasts if x[0] != message][-2:]
        self.toasts.append([message, tone, seconds])

    # ===========================================================================================
    # The flow: computer moves, human prompts, end of deal

    def update(self, dt: float) -> None:
        self.pointer.tick(dt)
        self.think_clock += dt
        if self.toasts:
            for x in self.toasts:
                x[2] -= dt
            self.toasts = [x for x in self.toasts if x[2] > 0]
        if self.hint is not None:
            self.hint[2] -= dt
            if self.hint[2] <= 0 or self.hint[1] != self.version:
                self.hint = None
        if self.animator.update(dt):
            self.mark_dirty()
        if self._save_due and not self.animator.busy and not self.worker.busy:
            self.save()  # never while a computer thinks: its generator is part of the save
        if self.overlay is not None:
            self.overlay.update(dt)
        self._refresh_buttons()
        if self.overlay is not None and self.overlay.modal:
            return
        if self.dialog is not None or self.session.state is None or self.halted:
            return
        if self.animator.tweens or self.pointer.drag is not None:
            return  # a computer's move waits while the player holds cards
        self.flow(dt)

    def flow(self, dt: float = 0.0) -> None:
        st = self.session.state
        result = self.worker.poll()
        if result is not None:
            job, action, err = result
            if job.version == self.version:
                if err is not None:
                    action = None if job.kind == "optional" else self._fallback(job.seat)
                self.ready = (job, action)
        if st.is_over():
            self.worker.cancel()
            self.ready = None
            if self._scores_shown != self.session.match.deals_played and self.overlay is None:
                self._scores_shown = self.session.match.deals_played
                self.open_overlay(ScoreSheet(self))
                if self.session.game_over:
                    audio.play("win")
            return
        if self.ready is not None:
            job, action = self.ready
            if job.version != self.version:
                self.ready = None
            elif self.pace_left > 0:
                self.pace_left -= dt
                return
            else:
                self.ready = None
                if job.kind == "optional":
                    if action is None:  # this frozen-in-time seat lets the turn go on
                        self._optional.pop(0) if self._optional else None
                        self._optional_tries = 0
                        return
                    self._optional_tries += 1
                    if self._optional_tries >= 12 and self._optional:
                        self._optional.pop(0)
                        self._optional_tries = 0
                why = (self.session.why_illegal(action) if action is not None
                       else None)
                if action is None or why is not None:
                    # Asking again would bring the same answer, forever: stop here.
                    self.halt(job.seat, action, why)
                    return
                self.apply(action, computer=True)
                self.pace_left = PACE * self.speed
                return
        if self.worker.busy:
            self.pace_left -= dt
            return
        self.pace_left -= dt
        if self._offer_optional():
            return
        seat = st.current_player()
        if seat in self.session.bots:
            self._start_job(seat, "move")
            return
        self._human_turn(seat)

    def _fallback(self, seat: int) -> Action | None:
        """A computer player that failed (raised) plays the engine's first listed move."""
        legal = self.session.state.legal_actions(seat)
        return legal[0] if legal else None

    def halt(self, seat: int, action: Action | None, why) -> None:
        """A computer's move the engine refuses (or none at all): a fault in a player or in
        the engine. The table stops, says so once, and saves nothing more, so the last good
        autosave stays; the player can look at the table or go back to the menu."""
        if self.halted:
            return
        if self._save_due:
            self.save()  # the player's last move, still a good state
        self.halted = True
        self.worker.cancel()
        self.ready = None
        self._save_due = False
        self.pointer.reset()
        log.error("table stopped: seat %s's computer move %r was refused (%s); deal so far: %s",
                  seat, action, why, " ; ".join(self.session.history))
        reason = self.reason_text(why) if why is not None else t("table.halted.no_move")
        Dialog(self, t("table.halted.title"),
               t("table.halted.body", name=self.names()[seat], reason=reason),
               [(t("table.halted.look"), None), (t("table.main_menu"), self._leave)])
        audio.play("error")
        self.mark_dirty()
        self._refresh_buttons(force=True)

    def _start_job(self, seat: int, kind: str) -> None:
        decision = self.session.decision(seat)
        player = self.session.bots[seat]
        if kind == "optional":
            def fn():
                return player.choose_optional(decision)
        else:
            def fn():
                return player.choose(decision)
        self.worker.start(Job(seat, kind, self.version), fn)
        self.mark_dirty()

    def _offer_optional(self) -> bool:
        """Looking and Down: at the start of each turn, frozen-in-time computer players may
        meld out of turn (as the tournament does)."""
        st = self.session.state
        if getattr(st, "down", None) is None:
            return False
        key = (st.turn, st.turn_no)
        if key != self._optional_turn:
            self._optional_turn = key
            self._optional_tries = 0
            self._optional = [s for s in st.actors()[1:] if s in self.session.bots]
        while self._optional:
            seat = self._optional[0]
            if not st.frozen_time[seat] or not st.legal_actions(seat):
                self._optional.pop(0)
                self._optional_tries = 0
                continue
            self._start_job(seat, "optional")
            return True
        return False

    def thinking_seat(self) -> int:
        job = self.worker.job
        if job is not None:
            return job.seat
        if self.ready is not None:
            return self.ready[0].seat
        return -1

    def _human_turn(self, seat: int) -> None:
        st = self.session.state
        if seat != self.viewer:
            if len(self.humans) > 1 and self.session.is_human(seat):
                self.open_overlay(moments.Cover(self, seat))
            return
        if self.game == "cassino":
            return
        if st.phase == ANSWER and st.ask_partner == seat:
            key = ("answer", st.turn_no, st.turn)
            if key not in self._prompted:
                self._prompted.add(key)
                moments.answer_dialog(self, self.names()[st.turn], self._answer)
            return
        rules = st.rules
        side = st.side[seat]
        if (rules.open_first and not st.opened[side] and st.phase == DRAW
                and not st.opened_first and st.turn == seat):
            key = ("choice", st.turn_no)
            if key not in self._prompted:
                self._prompted.add(key)
                moments.canastone_choice(self, st.open_min[side], self._choose_open,
                                         self._choose_draw)

    def _answer(self, yes: bool) -> None:
        self.apply(make(self.viewer, "yes" if yes else "no"))

    def _choose_open(self) -> None:
        self.toast(t("choice.open_hint"), "info")

    def _choose_draw(self) -> None:
        self.apply(make(self.viewer, "draw"))

    def pick_up_down(self) -> None:
        """The player picks up the down (LD-11): it flies into the hand."""
        if not self.down_gate or self.scene is None:
            return
        old = {z: list(lst) for z, lst in self.scene.places.items()}
        cards = self.down_gate
        self.down_gate = []
        self._sync_hands()
        self.animator.move(old, self.scene.places, cards, self.speed)
        audio.play("pickup")
        self.mark_dirty()

    def set_viewer(self, seat: int) -> None:
        if seat == self.viewer:
            self.mark_dirty()
            return
        self.viewer = seat
        self.down_gate = []
        self._forget_hand_positions()
        self.table_selected.clear()
        self.animator.clear()
        self.rebuild()  # the layout is drawn around the viewer
        self._sync_hands()

    # ===========================================================================================
    # Buttons

    def _refresh_buttons(self, force: bool = False) -> None:
        st = self.session.state
        covered = self.overlay is not None and self.overlay.modal
        act = self.can_act()
        want: dict[str, bool] = {}
        if "ask" in self._buttons:
            want["ask"] = act and st is not None and self._ask_legal()
        if "hint" in self._buttons:
            want["hint"] = st is not None and self.can_hint()
        if self.game == "cassino":
            one = act and len(self.selected) == 1
            want["capture"] = one and bool(self.table_selected)
            want["build"] = one and bool(self.table_selected)
            want["trail"] = one and not self.table_selected
        key = (covered, tuple(sorted(want.items())), self.version)
        if key == self._button_state and not force:
            return
        self._button_state = key
        for name, b in self._buttons.items():
            visible = not covered and want.get(name, True)
            if visible:
                b.show()
            else:
                b.hide()

    def _ask_legal(self) -> bool:
        st = self.session.state
        if self.game == "cassino" or st.is_over():
            return False
        seat = self.viewer
        if st.current_player() != seat:
            return False
        partners = st.rules.partners(seat, self.players)
        if not partners:
            return False
        return any(self.session.why_illegal(make(seat, "ask", (), p)) is None
                   for p in ([-1] if len(partners) == 1 else partners))

    def ask_partner(self) -> None:
        if not self.can_act():
            return
        st = self.session.state
        seat = self.viewer
        partners = st.rules.partners(seat, self.players)
        if len(partners) > 1:
            names = self.names()
            moments.choose_partner(self, [(p, names[p]) for p in partners],
                                   lambda p: self.apply(make(seat, "ask", (), p)))
            return
        self.apply(make(seat, "ask"))

    def sort_hand(self, mode: str) -> None:
        seat = self.viewer
        order = self.hand_orders.get(seat, [])
        key = rank_key if mode == "rank" else suit_key
        old = list(self.scene.places.get(("hand", seat), [])) if self.scene else []
        self.hand_orders[seat] = sorted(order, key=lambda c: key(c, self.game))
        self.sort_mode[seat] = mode
        self._forget_hand_positions()
        self._rebuild_scene()
        if old and self.scene is not None:
            self.animator.shift(("hand", seat), old, self.scene.places.get(("hand", seat), []),
                                self.speed)
        audio.play("shuffle")
        self.mark_dirty()

    def cassino_button(self, verb: str) -> None:
        if not self.can_act() or len(self.selected) != 1:
            return
        card = self.hand_orders[self.viewer][next(iter(self.selected))]
        seat = self.viewer
        chosen = tuple(sorted(self.table_selected))
        if verb == "trail":
            self.apply(make(seat, "trail", ((card,),)))
        elif verb == "capture":
            self.apply(make(seat, "capture", ((card,), chosen)))
        else:
            self._build_dialog(card, chosen, None)

    def _build_dialog(self, card: int, chosen: tuple, origin) -> bool:
        seat = self.viewer
        values = build_values(self.session.state, seat, card, chosen)
        if not values:
            guess = min(13, sum(RANK[c] for c in (card,) + chosen))
            self.show_reason(self.session.why_illegal(
                make(seat, "build", ((card,), chosen), guess)))
            return False

        def pick(v: int) -> None:
            self.apply(make(seat, "build", ((card,), chosen), v))

        self.open_overlay(moments.BuildValue(self, values, pick))
        return True

    # ===========================================================================================
    # Hit testing (gestures.Pointer calls these)

    def hand_index_at(self, pos) -> int:
        if self.scene is None or not self.revealed():
            return -1
        for sp in reversed(self.scene.hand):
            if sp.rect.collidepoint(pos):
                return sp.index
        return -1

    def table_card_at(self, pos) -> int:
        if self.scene is None or self.game != "cassino":
            return -1
        for sp in reversed(self.scene.sprites):
            if sp.zone[0] in ("loose", "res") and sp.rect.collidepoint(pos):
                return sp.code
        return -1

    def target_at(self, pos) -> Target | None:
        if self.scene is None:
            return None
        best = None
        for tg in self.scene.targets:
            if tg.rect.collidepoint(pos):
                if best is None or TARGET_ORDER.index(tg.kind) < TARGET_ORDER.index(best.kind):
                    best = tg
        return best

    def drop_target_at(self, pos, drag: Drag) -> Target | None:
        return self.target_at(pos)

    # ===========================================================================================
    # Intents

    def _selected_codes(self) -> list[int]:
        order = self.hand_orders.get(self.viewer, [])
        return [order[i] for i in sorted(self.selected) if i < len(order)]

    def on_click_card(self, index: int) -> None:
        if not self.can_act() and not self.revealed():
            return
        if self.game == "cassino":
            self.selected = set() if index in self.selected else {index}
        elif index in self.selected:
            self.selected.discard(index)
        else:
            self.selected.add(index)
        audio.play("click", 0.5)
        self.mark_dirty()

    def on_double_click(self, index: int) -> None:
        if not self.can_act():
            return
        order = self.hand_orders.get(self.viewer, [])
        if index >= len(order):
            return
        code = order[index]
        verb = "trail" if self.game == "cassino" else "discard"
        self.selected.clear()
        self.apply(make(self.viewer, verb, ((code,),)))

    def on_click_table_card(self, code: int) -> None:
        if not self.can_act():
            return
        st = self.session.state
        group = (code,)
        for cards, _v, _o in st.res:
            if code in cards:
                group = tuple(cards)
        if code in self.table_selected:
            self.table_selected -= set(group)
        else:
            self.table_selected |= set(group)
        audio.play("click", 0.5)
        self.mark_dirty()

    def on_click_target(self, target: Target) -> None:
        if target.kind == "down":
            self.pick_up_down()
            return
        if not self.can_act():
            return
        if self.game == "cassino":
            return
        cards = self._selected_codes()
        if target.kind in ("meld", "meld_area") and not cards:
            return
        if target.kind == "hand":
            return
        self._act(target, cards, None)

    def _act(self, target: Target, cards: list[int], origin) -> bool:
        """Play ``cards`` on ``target``: the first reading the engine accepts."""
        seat = self.viewer
        st = self.session.state
        if target.kind in ("meld", "meld_area") and target.side != st.side[seat]:
            self.show_reason_text(t("table.not_your_melds"))
            return False
        cands = canasta_candidates(st, seat, target, cards)
        if not cands:
            return False
        action, reason = first_legal(self.session, cands)
        if action is None:
            self.show_reason(reason)
            return False
        return self.apply(action, origin)

    def show_reason_text(self, text: str) -> None:
        self.toast(text, "error")
        audio.play("error")

    def start_drag(self, index: int, pos) -> Drag | None:
        if not self.can_act():
            return None
        order = self.hand_orders.get(self.viewer, [])
        if index >= len(order):
            return None
        if index in self.selected and self.game != "cassino":
            indices = sorted(self.selected)
        else:
            indices = [index]
        codes = [order[i] for i in indices]
        rects = {sp.index: sp.rect for sp in self.scene.hand}
        grab = [(rects[i].x - pos[0], rects[i].y - pos[1]) for i in indices if i in rects]
        drag = Drag(indices, codes, grab, pos)
        drag.legal = self._legal_targets(codes)
        self._drag = drag
        self._rebuild_scene(set(indices))
        self.mark_dirty()
        audio.play("click", 0.4)
        return drag

    def _legal_targets(self, codes: list[int]) -> list[Target]:
        """Targets the engine would accept these cards on (for highlighting)."""
        st = self.session.state
        seat = self.viewer
        out = []
        for tg in self.scene.targets:
            if tg.kind in ("hand",):
                continue
            if self.game == "cassino":
                card = codes[0]
                if tg.kind == "group":
                    cands = cassino_candidates(st, seat, tg, card, self.table_selected)
                    ok = first_legal(self.session, cands)[0] is not None
                    if not ok:
                        chosen = tuple(sorted(set(self.table_selected) | set(tg.cards)))
                        ok = bool(build_values(st, seat, card, chosen))
                elif tg.kind == "table":
                    if self.table_selected:
                        ok = bool(build_values(st, seat, card, tuple(self.table_selected)))
                    else:
                        ok = self.session.why_illegal(make(seat, "trail", ((card,),))) is None
                else:
                    ok = False
            else:
                if tg.kind in ("meld", "meld_area") and tg.side != st.side[seat]:
                    continue
                if tg.kind == "stock":
                    continue
                cands = canasta_candidates(st, seat, tg, codes)
                ok = first_legal(self.session, cands)[0] is not None
            if ok:
                out.append(tg)
        return out

    def end_drag(self, drag: Drag, target: Target | None) -> None:
        self._drag = None
        origin = {}
        for code, (dx, dy) in zip(drag.codes, drag.grab):
            origin.setdefault(code, pygame.Rect(drag.pos[0] + dx, drag.pos[1] + dy,
                                                self.lay.card_w, self.lay.card_h))
        done = False
        if target is not None and target.kind == "hand":
            zone = ("hand", self.viewer)
            old = list(self.scene.places.get(zone, []))
            for i, code in zip(drag.indices, drag.codes):
                if i < len(old):
                    old[i] = (code, origin[code], old[i][2])
            self._reorder(drag, drag.pos)
            self._rebuild_scene()
            self.animator.shift(zone, old, self.scene.places.get(zone, []), self.speed)
            done = True
        elif target is not None and self.can_act():
            if self.game == "cassino":
                done = self._cassino_drop(target, drag.codes[0], origin)
            else:
                done = self._act(target, drag.codes, origin)
        if not done:
            self._rebuild_scene()
            homes = {sp.index: sp.rect for sp in self.scene.hand}
            slides = []
            zone = ("hand", self.viewer)
            for i, code in zip(drag.indices, drag.codes):
                if i in homes:
                    slides.append((code, origin[code], homes[i], zone, i))
            self.animator.slide_home(slides, self.speed)
        self._rebuild_scene()
        self.mark_dirty()

    def _cassino_drop(self, target: Target, card: int, origin) -> bool:
        st = self.session.state
        seat = self.viewer
        if target.kind == "group":
            cands = cassino_candidates(st, seat, target, card, self.table_selected)
            action, reason = first_legal(self.session, cands)
            if action is not None:
                return self.apply(action, origin)
            chosen = tuple(sorted(set(self.table_selected) | set(target.cards)))
            if build_values(st, seat, card, chosen):
                return self._build_dialog(card, chosen, origin)
            self.show_reason(reason)
            return False
        if target.kind == "table":
            if self.table_selected:
                return self._build_dialog(card, tuple(sorted(self.table_selected)), origin)
            return self.apply(make(seat, "trail", ((card,),)), origin)
        return False

    def _reorder(self, drag: Drag, pos) -> None:
        seat = self.viewer
        order = self.hand_orders.get(seat, [])
        keep = [i for i in range(len(order)) if i not in set(drag.indices)]
        rects = {sp.index: sp.rect for sp in self.scene.hand}
        at = sum(1 for i in keep if i in rects and rects[i].centerx < pos[0])
        moved = [order[i] for i in drag.indices]
        rest = [order[i] for i in keep]
        self.hand_orders[seat] = rest[:at] + moved + rest[at:]
        self.sort_mode[seat] = None
        self.selected = set(range(at, at + len(moved))) if len(moved) > 1 else set()
        audio.play("place", 0.6)

    # ===========================================================================================
    # Events

    def process_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame_gui.UI_BUTTON_PRESSED, pygame_gui.UI_TEXT_ENTRY_FINISHED):
            return super().process_event(event)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.dialog is not None:
                self.dialog.close()
            elif self.pointer.drag is not None:
                self.pointer.reset()
                self._rebuild_scene()
                self.mark_dirty()
            else:
                self.back()
            return True
        if self.overlay is not None:
            if self.overlay.process_event(event):
                return True
            if self.overlay.modal:
                return False
        if self.dialog is not None:
            return False
        et = event.type
        if et == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            self.pointer.down(event.pos)
            return True
        if et == pygame.MOUSEMOTION:
            buttons = getattr(event, "buttons", (0, 0, 0))
            held = bool(buttons and buttons[0]) or self.pointer.press is not None
            self.pointer.motion(event.pos, held)
            return True
        if et == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            self.pointer.up(event.pos)
            return True
        if et == pygame.MOUSEWHEEL:
            self.movelog.on_wheel(getattr(event, "y", 0))
            self.mark_dirty()
            return True
        if et == pygame.KEYDOWN:
            return self._key(event.key)
        return False

    def _key(self, key: int) -> bool:
        if key in (pygame.K_RETURN, pygame.K_SPACE) and self.down_gate:
            self.pick_up_down()
        elif key == pygame.K_l:
            self.toggle_log()
        elif key == pygame.K_d and self.can_act() and self.game != "cassino":
            self.apply(make(self.viewer, "draw"))
        elif key == pygame.K_r:
            self.sort_hand("rank")
        elif key == pygame.K_s:
            self.sort_hand("suit")
        elif key == pygame.K_TAB:
            self.show_scores()
        else:
            return False
        return True

    # ===========================================================================================
    # Drawing

    def draw_background(self, surface: pygame.Surface) -> None:
        t0 = time.perf_counter()
        if self.lay is None or self.lay.size != surface.get_size():
            self._compute_layout()
            self.dirty = True
        if self.dirty or self.static is None or self.static.get_size() != surface.get_size():
            self._draw_static(surface.get_size())
        surface.blit(self.static, (0, 0))
        self._draw_dynamic(surface)
        self.frame_times.append(time.perf_counter() - t0)
        if len(self.frame_times) > 600:
            del self.frame_times[:300]

    def draw_overlay(self, surface: pygame.Surface) -> None:
        d = self.pointer.drag
        if d is not None:
            style = self.app.settings.deck_style
            from game.ui import cards_art

            for code, (dx, dy) in zip(d.codes, d.grab):
                x, y = d.pos[0] + dx, d.pos[1] + dy
                w = self.lay.card_w
                sh = cards_art.shadow(w)
                b = (sh.get_width() - w) // 2
                surface.blit(sh, (x - b + w // 12, y - b + w // 8))
                surface.blit(cards_art.face(code, w, style, "selected"), (x, y))
        self._draw_toasts(surface)

    def _draw_static(self, size) -> None:
        if self.static is None or self.static.get_size() != size:
            self.static = pygame.Surface(size)
        surf = self.static
        surf.blit(felt.felt(size), (0, 0))
        self.dirty = False
        if self.session.state is None or self.lay is None:
            return
        if self.scene is None or self.pointer.drag is None:
            self._rebuild_scene(set(self.pointer.drag.indices) if self.pointer.drag else None)
        sc = self.scene
        lay = self.lay
        scale = lay.scale
        style = self.app.settings.deck_style
        st = self.session.state
        side_names = self.side_names()
        active_sides = set()
        if self.can_act() or (self.session.is_human(self.viewer) and self.viewer in st.actors()):
            active_sides.add(self.sides[self.viewer])
        # Meld areas with their owners' names.
        for side, rect in lay.meld_areas.items():
            label = side_names[side] if side < len(side_names) else ""
            render.draw_area_frame(surf, rect, label, scale, side in active_sides)
        if lay.table is not None:
            render.draw_area_frame(surf, lay.table, "", scale, False)
        # Drop targets the engine accepts, while dragging.
        d = self.pointer.drag
        if d is not None:
            for tg in d.legal:
                render.draw_target(surf, tg.rect, scale, False)
        hidden = self.animator.hidden
        for b in sc.badges:
            if b.kind in ("group", "slot"):
                render.draw_badge(surf, b, scale)
        render.draw_sprites(surf, sc, style, hidden)
        for b in sc.badges:
            if b.kind not in ("group", "slot"):
                render.draw_badge(surf, b, scale)
        for p in sc.plates:
            render.draw_plate(surf, p, scale, is_viewer=p.seat == self.viewer)
        self._draw_banner(surf)
        if lay.log is not None:
            self._draw_log(surf)

    def _draw_dynamic(self, surface: pygame.Surface) -> None:
        lay = self.lay
        if lay is None:
            return
        seat = self.thinking_seat()
        if seat >= 0 and self.scene is not None:
            for p in self.scene.plates:
                if p.seat == seat:
                    self._draw_thinking(surface, p)
        if self.hint is not None:
            cards, targets = self.hint_rects()
            pulse = 0.5 + 0.5 * abs(((self.think_clock * 1.2) % 2.0) - 1.0)
            for r in targets:
                render.draw_hint(surface, r, lay.scale, pulse, card=False)
            for r in cards:
                render.draw_hint(surface, r, lay.scale, pulse, card=True)
        d = self.pointer.drag
        if d is not None and d.hot is not None and d.hot in d.legal:
            render.draw_target(surface, d.hot.rect, lay.scale, True)
        if self.animator.busy:
            self.animator.draw(surface, self.app.settings.deck_style)
        if self.overlay is not None:
            self.overlay.draw(surface)

    def _draw_thinking(self, surface, plate) -> None:
        s = self.lay.scale
        r = max(2, round(3 * s))
        cx = plate.rect.right - round(12 * s)
        cy = plate.rect.y - round(8 * s) if plate.pos != "bottom" else plate.rect.y - round(8 * s)
        phase = self.think_clock * 2.5
        for i in range(3):
            on = int(phase) % 3 == i
            c = palette.GOLD_LIGHT if on else palette.GOLD_DARK
            pygame.draw.circle(surface, c, (cx - (2 - i) * r * 3, cy), r + (1 if on else 0))

    def banner_text(self) -> tuple[str, str]:
        """(headline, hint) for the turn banner."""
        st = self.session.state
        names = self.names()
        if self.halted:
            return t("table.halted.title"), t("table.halted.hint")
        if st is None or st.is_over():
            return t("table.deal_over"), ""
        cur = st.current_player()
        think = self.thinking_seat()
        if self.down_gate:
            return t("table.your_down"), t("hint.pick_up_down")
        if cur == self.viewer and self.session.is_human(cur):
            if self.game == "cassino":
                hint = t("hint.cassino_build") if self.table_selected else t("hint.cassino")
                return t("table.your_turn"), hint
            if st.phase == ANSWER:
                return t("table.your_turn"), t("hint.answer")
            rules = st.rules
            side = st.side[cur]
            if st.phase == DRAW:
                if rules.open_first and not st.opened[side] and not st.opened_first:
                    return t("table.your_turn"), t("hint.cs_open_or_draw",
                                                   minimum=st.open_min[side])
                return t("table.your_turn"), t("hint.draw")
            if st.draw_only:
                return t("table.your_turn"), t("hint.draw_only")
            return t("table.your_turn"), t("hint.play")
        head = t("table.thinking", name=names[think]) if think >= 0 else \
            t("table.turn_of", name=names[cur])
        hint = ""
        if (self.game == "looking-and-down" and self.session.is_human(self.viewer)
                and st.frozen_time[self.viewer]):
            hint = t("hint.frozen_time")
        elif getattr(st, "phase", -1) == ANSWER:
            hint = t("table.asks", name=names[st.turn])
        return head, hint

    def _draw_banner(self, surf) -> None:
        lay = self.lay
        s = lay.scale
        head, hint = self.banner_text()
        area = lay.banner
        if area is None or area.w < 60:
            return
        yours = head == t("table.your_turn")
        size = max(12, round(22 * s))
        size = fonts.fit_size(head, area.w, size, True, 10)
        img = render.text_shadowed(head, size, palette.GOLD_LIGHT if yours else palette.TEXT,
                                   True)
        from game.ui.textlayout import wrap

        room = area.h - img.get_height() - round(4 * s)
        hs = max(10, round(14 * s))
        lines = []
        if hint:
            while True:  # smaller type before cutting the hint short
                lines = wrap(hint, area.w, hs)
                lh = fonts.font(hs).get_linesize()
                if len(lines) * lh <= room or hs <= max(9, round(11 * s)):
                    break
                hs -= 1
        lh = fonts.font(hs).get_linesize()
        fit = max(0, room // lh)
        if len(lines) > fit:
            lines = lines[:fit]
            if lines:
                lines[-1] = lines[-1].rstrip(" .,、。") + "…"
        total = img.get_height() + len(lines) * lh + round(4 * s)
        y = area.centery - total // 2
        surf.blit(img, (area.x, y))
        y += img.get_height() + round(4 * s)
        for line in lines:
            im = render.text(line, hs, palette.TEXT_DIM)
            surf.blit(im, (area.x, y))
            y += lh

    def _draw_log(self, surf) -> None:
        lay = self.lay
        s = lay.scale
        col = lay.log
        shade = render.rounded((col.w, col.h), (8, 30, 20, 200), 0)
        surf.blit(shade, col)
        pygame.draw.line(surf, palette.GOLD_DARK, (col.x, 0), (col.x, col.h))
        # Header: game, deal, totals.
        r = lay.info
        fs = self.app.font_sizes
        y = r.y + round(4 * s)
        title = game_name(self.game)
        size = fonts.fit_size(title, r.w - round(8 * s), fs["heading"], True)
        img = render.text(title, size, palette.GOLD_LIGHT, True)
        surf.blit(img, (r.x + round(6 * s), y))
        y += img.get_height() + round(2 * s)
        m = self.session.match
        n = m.deals_played + (0 if self.session.scored else 1)
        sub = t("table.deal_n" if self.game != "cassino" else "table.game_n", n=max(1, n))
        sub += " · " + t("table.target_short", points=self.target())
        img = render.text(sub, fs["small"], palette.TEXT_DIM)
        surf.blit(img, (r.x + round(6 * s), y))
        y += img.get_height() + round(6 * s)
        names = self.side_names()
        small = fs["small"]
        for i, nm in enumerate(names):
            col_c = render.TEAM_COLOURS[i % 2] if self.partnerships else palette.TEXT
            img = render.text(nm, small, col_c, True)
            val = render.text(str(m.totals[i]), small, palette.TEXT, True)
            if y + img.get_height() > r.bottom:
                break
            surf.blit(img, (r.x + round(6 * s), y))
            surf.blit(val, (r.right - round(6 * s) - val.get_width(), y))
            y += img.get_height()
        st = self.session.state
        if st is not None and self.game != "cassino" and not st.is_over():
            side = self.sides[self.viewer]
            if not st.opened[side] and self.session.is_human(self.viewer):
                img = render.text(t("table.opening_minimum", points=st.open_min[side]), small,
                                  palette.GOLD_LIGHT)
                if y + img.get_height() <= r.bottom + round(10 * s):
                    surf.blit(img, (r.x + round(6 * s), y + round(2 * s)))
        self.movelog.draw(surf, lay.log_list, s, t("table.move_log"))

    def _draw_toasts(self, surface) -> None:
        if not self.toasts or self.lay is None:
            return
        lay = self.lay
        s = lay.scale
        y = lay.hand.y - round(10 * s)
        for message, tone, left in reversed(self.toasts):
            img = render.toast(message, min(lay.main.w - round(40 * s), round(640 * s)), s, tone)
            if left < 0.4:
                img = img.copy()
                img.set_alpha(round(255 * left / 0.4))
            r = img.get_rect(midbottom=(lay.main.centerx, y))
            surface.blit(img, r)
            y = r.top - round(6 * s)
