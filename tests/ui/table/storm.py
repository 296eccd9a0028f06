"""A seeded storm of random input at the table, for tests and for longer runs by hand.

Clicks, double clicks, drags (aimed at cards and places, or anywhere), wheel turns, keys,
typed text (the Save-as box), button presses (the table's, its dialogs' and overlays'),
window resizes at any scale, trips through the menu (Rules and back; Leave, then Continue from
the main menu), quitting the program and starting it again with Continue, and now and then a
legal move played for a human seat so the deals move on. The computers play in between.

After every frame :func:`driver.check_table` checks the engine's own invariants (every card in
exactly one place) and that the table shows exactly the engine's hands; no exception may
escape, and no computer move may be refused (the table would stop).

Longer runs: ``python -m tests.ui.table.storm --seeds 0-50 --events 3000``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import traceback
from pathlib import Path

import pygame

from game.newgame import NewGameConfig, SeatConfig
from game.settings import SettingsStore
from game.ui.app import App
from game.ui.screens.load_screen import saves_hooks
from game.ui.screens.main_menu import MainMenu
from game.ui.table import TableScreen

from .driver import check_table, post

KEYS = [pygame.K_d, pygame.K_r, pygame.K_s, pygame.K_l, pygame.K_TAB, pygame.K_RETURN,
        pygame.K_SPACE, pygame.K_a, pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_LEFT,
        pygame.K_DELETE, pygame.K_F2,
        # keyboard play (issue 15): the ring, the moves, the sheet
        pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_m, pygame.K_x, pygame.K_p,
        pygame.K_c, pygame.K_b, pygame.K_t, pygame.K_h, pygame.K_F1]
SIZES = [(1280, 800), (1300, 820), (1000, 700), (1920, 1080), (800, 600), (1024, 768),
         (1600, 900), (700, 900), (2200, 1300), (640, 480)]
TEXT = ["a", "Z", "7", " ", "/", ":", "é", "ゲーム", "保存", ".", "-"]

# (game, players, human seats, extra config): every game, several player counts, pass-and-play.
CONFIGS = [
    ("canasta", 2, (0,), {}),
    ("canasta", 4, (0, 2), {}),
    ("canasta", 3, (0, 1), {}),
    ("quick-canasta", 2, (0, 1), {}),
    ("quick-canasta", 4, (1,), {}),
    ("canastone", 2, (0,), {}),
    ("canastone", 6, (0, 3), {}),
    ("looking-and-down", 2, (0, 1), {"first_dealer": 0, "keeper": -1}),
    ("looking-and-down", 5, (0,), {"first_dealer": 4, "keeper": 1}),
    ("cassino", 2, (0, 1), {}),
    ("cassino", 4, (0,), {}),
]


class Storm:
    def __init__(self, folder: Path, game: str, players: int, humans, seed: int,
                 config: dict | None = None, level: str = "easy", language: str = "en") -> None:
        self.folder = folder
        self.language = language
        self.rng = random.Random(seed)
        self.humans = tuple(humans)
        self.events = 0
        self.quits = 0
        self.trips = 0
        self.app = self._start_app()
        seats = tuple(SeatConfig(kind="human") if s in self.humans else SeatConfig(level=level)
                      for s in range(players))
        self.config = NewGameConfig(game=game, players=players, seats=seats, **(config or {}))
        self.seed = seed
        self.table = TableScreen(self.app, self.config, seed=seed)
        self.app.show(self.table)

    def _start_app(self) -> App:
        path = self.folder / "settings.json"
        if not path.exists():
            path.write_text(json.dumps({"language": self.language, "animation_speed": "fast",
                                        "sound": False}))
        app = App(store=SettingsStore(path), hooks=saves_hooks(), size=(1280, 800))
        app.step(present=False)
        return app

    # ---- one frame ---------------------------------------------------------------------------
    def run(self, events: int) -> None:
        while self.events < events:
            self.frame()
        self.app.close()

    def frame(self) -> None:
        app = self.app
        sc = app.screen
        if isinstance(sc, TableScreen):
            self.table = sc
            for _ in range(self.rng.randint(1, 4)):
                self.table_event(sc)
        else:
            self.elsewhere(sc)
        self.step()

    def step(self) -> None:
        sc = self.app.screen
        if isinstance(sc, TableScreen) and sc.worker.busy and sc.worker._thread is not None:
            sc.worker._thread.join(timeout=30)
        if not self.app.step(self.rng.choice((0.01, 0.05, 0.3)), present=False):
            self.restart()
            return
        sc = self.app.screen
        if isinstance(sc, TableScreen):
            assert not sc.halted, "a computer move was refused"
            check_table(sc)
        if self.rng.random() < 0.02:
            self.app.render()

    def restart(self) -> None:
        """The program was quit: start it again and Continue."""
        self.quits += 1
        self.app.close()
        self.app = self._start_app()

    def elsewhere(self, sc) -> None:
        """Off the table: back to the game (Continue from the menu, Esc elsewhere)."""
        self.events += 1
        if isinstance(sc, MainMenu):
            self.trips += 1
            b = sc.buttons.get("menu.continue")
            if b is not None and b.is_enabled:
                self.click(b.rect.center)
            elif self.table.app is self.app:  # nothing saved (no deal yet): the same table
                self.app.show(self.table)
            else:  # ... or, after a restart, the same new game again
                self.app.show(TableScreen(self.app, self.config, seed=self.seed))
        else:
            post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)

    # ---- random input ------------------------------------------------------------------------
    def click(self, pos, button: int = 1) -> None:
        post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
        post(pygame.MOUSEBUTTONUP, pos=pos, button=button)

    def drag(self, src, dst, steps: int = 3) -> None:
        post(pygame.MOUSEBUTTONDOWN, pos=src, button=1)
        for i in range(1, steps + 1):
            post(pygame.MOUSEMOTION, pos=(src[0] + (dst[0] - src[0]) * i // steps,
                                          src[1] + (dst[1] - src[1]) * i // steps),
                 rel=(0, 0), buttons=(1, 0, 0))
        post(pygame.MOUSEBUTTONUP, pos=dst, button=1)

    def table_event(self, sc: TableScreen) -> None:
        rng = self.rng
        self.events += 1
        w, h = self.app.window_size
        anywhere = (rng.randrange(w), rng.randrange(h))
        hand = sc.scene.hand if sc.scene is not None else []
        targets = sc.scene.targets if sc.scene is not None else []
        r = rng.random()
        if r < 0.15:
            self.click(anywhere, rng.choice((1, 1, 1, 3)))
        elif r < 0.27 and hand:
            sp = rng.choice(hand)
            self.click((sp.rect.x + 3, sp.rect.y + sp.rect.h // 4))
            if rng.random() < 0.2:  # a double click
                self.click((sp.rect.x + 3, sp.rect.y + sp.rect.h // 4))
        elif r < 0.42 and hand and targets:
            sp = rng.choice(hand)
            tg = rng.choice(targets)
            self.drag((sp.rect.x + 3, sp.rect.y + sp.rect.h // 4), tg.rect.center)
        elif r < 0.47 and targets:
            self.click(rng.choice(targets).rect.center)
        elif r < 0.52:
            self.drag(anywhere, (rng.randrange(w), rng.randrange(h)))
        elif r < 0.55:
            post(pygame.MOUSEMOTION, pos=anywhere, rel=(0, 0), buttons=(0, 0, 0))
        elif r < 0.57:
            post(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)))
        elif r < 0.66:
            buttons = [b for b in list(sc._on_click)
                       if b.alive() and b.visible and b.is_enabled]
            if buttons:
                self.click(rng.choice(buttons).rect.center)
        elif r < 0.73:
            k = rng.choice(KEYS)
            post(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)
            post(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0)
        elif r < 0.77:
            post(pygame.TEXTINPUT, text=rng.choice(TEXT))
        elif r < 0.776:  # rarely: a new UI scale rebuilds the whole interface (~0.2 s)
            size = rng.choice(SIZES)
            pygame.display.set_mode(size, pygame.RESIZABLE)
            post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
        elif r < 0.778:
            post(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0)
        elif r < 0.78:
            post(pygame.QUIT)
        elif r < 0.80:  # the Menu button: Stay, Rules, Save as, Leave
            b = sc.hud.buttons.get("menu")
            if b is not None and b.alive() and b.visible:
                self.click(b.rect.center)
        else:
            self.legal_move(sc)

    def legal_move(self, sc: TableScreen) -> None:
        """A legal move for the human whose turn it is, as the table would apply it."""
        st = sc.session.state
        if not sc.can_act() or st.current_player() != sc.viewer:
            return
        legal = st.legal_actions(sc.viewer)
        if legal:
            sc.apply(self.rng.choice(legal), confirmed=True)


def storm(folder: Path, game: str, players: int, humans, seed: int, events: int,
          config: dict | None = None, **kw) -> Storm:
    s = Storm(folder, game, players, humans, seed, config, **kw)
    s.run(events)
    return s


def main(argv=None) -> int:
    import os
    import tempfile

    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seeds", default="0-10", help="a range like 0-50")
    p.add_argument("--events", type=int, default=2000, help="events per game and seed")
    p.add_argument("--language", default="en", choices=("en", "ja"))
    p.add_argument("--level", default="easy", help="the computers' level")
    args = p.parse_args(argv)
    lo, hi = (int(x) for x in args.seeds.split("-"))
    failures = 0
    for seed in range(lo, hi):
        for game, players, humans, config in CONFIGS:
            folder = Path(tempfile.mkdtemp(prefix="storm-"))
            os.environ["XDG_DATA_HOME"] = str(folder / "data")
            try:
                s = storm(folder, game, players, humans, seed, args.events, config,
                          level=args.level, language=args.language)
                print(f"ok {game} {players} {humans} seed {seed}: {s.events} events, "
                      f"{len(s.table.session.history)} moves, {s.quits} quits, "
                      f"{s.trips} menu trips", flush=True)
            except Exception:
                failures += 1
                print(f"FAIL {game} {players} {humans} seed {seed}", flush=True)
                traceback.print_exc()
                pygame.display.quit()
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
