"""``python -m game bench --ui``: frame times, idle cost and memory of the table.

A six-player Canastone table in the middle of a deal at 1280x800 (headless, SDL's dummy video
driver): whole frames as the main loop runs them (events, pygame_gui, the table's update and
drawing, the display flip), first while the table waits for the player, then while a card is
dragged across it. Also the time to redraw the static layer after a move.

The player's hand at each game's largest table, at 800x600, 1280x800 and 1920x1080
(``hand``, geometry only: game.ui.table.room): the card's height as a share of the window's
and the strip of each overlapped card left in view, beside the width its index needs.

Then, each in a child process of its own (a fresh interpreter, so the figures are the
program's and not this process's): ``idle_cpu_fraction``, the CPU seconds per wall second of
the real main loop (``App.run``) on an idle table and on the idle main menu, and
``resize_mb``, how much the resident memory grows over 50 window resizes of the table, and
``session_rss_mb``, the resident memory over a scripted session of play (every game, window
sizes from 800x600 to 1920x1080, both languages, three text sizes, the menus: see
game.ui.table.session_bench): at the first frame, its peak (and where), at the end.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

IDLE_SECONDS = 3.0
RESIZES = 50
RESIZE_SIZES = ((800, 600), (1024, 700), (1280, 800), (1500, 900), (1920, 1080), (1100, 650))


def _pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(round(q * (len(s) - 1))))]


def headless() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def waiting_session(seed: int = 4):
    """A six-player Canastone deal, 25 moves in, where the player (seat 0) is to move: the
    computers then wait, and the frames are the table's."""
    from game.session import GameSession, SeatConfig

    seats = [SeatConfig("human", "normal")] + [SeatConfig("computer", "normal")
                                               for _ in range(5)]
    session = GameSession("canastone", 6, seats=seats, seed=seed, dealer=5)
    session.start_deal()
    session.play_computers(25, seed)
    guard = 0
    while session.computer_to_act() is not None and guard < 60:
        session.play_computers(1, seed)
        guard += 1
    return session


def bench_app(tmp: str, size: tuple[int, int]):
    from game.settings import SettingsStore
    from game.ui.app import App

    store = SettingsStore(os.path.join(tmp, "settings.json"))
    store.settings = store.settings.model_copy(update={"sound": False, "language": "en"})
    return App(store=store, size=size, fullscreen=False)


def ui_section(frames: int = 400, size: tuple[int, int] = (1280, 800), seed: int = 4,
               children: bool = True) -> dict:
    """The figures; ``children=False`` leaves out those measured in child processes."""
    headless()
    import pygame

    from game.ui.table import TableScreen

    session = waiting_session(seed)
    with tempfile.TemporaryDirectory(prefix="cardtable-bench-") as tmp:
        app = bench_app(tmp, size)
        try:
            screen = TableScreen(app, session=session, autosave=False)
            app.show(screen)
            clock = time.perf_counter
            for _ in range(30):  # warm the caches (card faces, text, the felt)
                app.step(1 / 60)
            idle = []
            for _ in range(frames):
                t0 = clock()
                app.step(1 / 60)
                idle.append((clock() - t0) * 1000)
            # Drag the first hand card around the table and back.
            sp = screen.scene.hand[0]
            start = (sp.rect.x + 6, sp.rect.y + 20)
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN,
                                                 pos=start, button=1))
            w, h = size
            drag = []
            for i in range(frames):
                a = i / frames * 6.283
                import math

                pos = (round(w * 0.4 + w * 0.3 * math.cos(a)),
                       round(h * 0.5 + h * 0.3 * math.sin(a)))
                pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                                     buttons=(1, 0, 0)))
                t0 = clock()
                app.step(1 / 60)
                drag.append((clock() - t0) * 1000)
            dragging = screen.pointer.drag is not None
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=start, button=1))
            app.step(1 / 60)
            # The static layer, as redrawn after every move.
            static = []
            for _ in range(40):
                screen.mark_dirty()
                t0 = clock()
                screen.draw_background(app.window)
                static.append((clock() - t0) * 1000)
        finally:
            app.close()
    out = {
        "players": 6,
        "size": f"{size[0]}x{size[1]}",
        "frames": frames,
        "frame_ms_p50": round(statistics.median(idle), 3),
        "frame_ms_p99": round(_pct(idle, 0.99), 3),
        "drag_frame_ms_p50": round(statistics.median(drag), 3),
        "drag_frame_ms_p99": round(_pct(drag, 0.99), 3),
        "static_redraw_ms_p50": round(statistics.median(static), 3),
        "dragging": dragging,
    }
    from game.ui.table.room import room_section

    out["hand"] = room_section()
    if children:
        out["idle_cpu_fraction"] = {"table": _child("idle-table"), "menu": _child("idle-menu")}
        out["resize_mb"] = _child("resize")
        out["session_rss_mb"] = _child("session")
    return out


def _child(what: str) -> float:
    """Run one measurement in a fresh interpreter with private settings, saves and log."""
    import game

    imported_from = os.path.dirname(os.path.dirname(os.path.abspath(game.__file__)))
    with tempfile.TemporaryDirectory(prefix="cardtable-bench-") as tmp:
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                   PYGAME_HIDE_SUPPORT_PROMPT="1", XDG_CONFIG_HOME=os.path.join(tmp, "config"),
                   XDG_DATA_HOME=os.path.join(tmp, "data"),
                   XDG_STATE_HOME=os.path.join(tmp, "state"), CARDTABLE_LOG_DIR=tmp,
                   PYTHONPATH=imported_from)
        proc = subprocess.run([sys.executable, "-m", "game.ui.table.bench", what], cwd=tmp,
                              env=env, stdin=subprocess.DEVNULL, capture_output=True)
    if proc.returncode != 0:
        last = (proc.stderr.decode(errors="replace").strip().splitlines() or ["no message"])[-1]
        raise RuntimeError(f"bench --ui {what} exited with {proc.returncode}: {last}")
    return json.loads(proc.stdout.decode().strip().splitlines()[-1])


def idle_cpu(table: bool, seconds: float = IDLE_SECONDS) -> float:
    """CPU seconds per wall second of ``App.run`` with nothing happening (after a warm-up)."""
    headless()
    import pygame

    from game.ui.table import TableScreen

    with tempfile.TemporaryDirectory(prefix="cardtable-bench-") as tmp:
        app = bench_app(tmp, (1280, 800))
        if table:
            app.show(TableScreen(app, session=waiting_session(), autosave=False))
        for _ in range(30):
            app.step(1 / 60)
        pygame.time.set_timer(pygame.QUIT, round(seconds * 1000), loops=1)
        cpu0, wall0 = time.process_time(), time.perf_counter()
        app.run()
        return round((time.process_time() - cpu0) / (time.perf_counter() - wall0), 4)


def _rss_mb() -> float:
    """This process's resident memory now (Linux), else its peak."""
    try:
        with open("/proc/self/statm") as f:
            pages = int(f.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, AttributeError):
        import resource

        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak / (2**20 if sys.platform == "darwin" else 2**10)


def resize_growth(resizes: int = RESIZES) -> float:
    """Resident memory growth (MB) over ``resizes`` window resizes of the table, each followed
    by a few frames, after one warm-up round through every size."""
    headless()
    import gc

    import pygame

    from game.ui.table import TableScreen

    with tempfile.TemporaryDirectory(prefix="cardtable-bench-") as tmp:
        app = bench_app(tmp, (1280, 800))
        app.show(TableScreen(app, session=waiting_session(), autosave=False))

        def resize(size) -> None:
            pygame.display.set_mode(size, pygame.RESIZABLE)
            pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0],
                                                 h=size[1]))
            for _ in range(3):
                app.step(1 / 60)

        for size in RESIZE_SIZES:
            resize(size)
        gc.collect()
        before = _rss_mb()
        for i in range(resizes):
            resize(RESIZE_SIZES[i % len(RESIZE_SIZES)])
        gc.collect()
        growth = _rss_mb() - before
        app.close()
        return round(growth, 1)


if __name__ == "__main__":  # the child processes of ui_section
    what = sys.argv[1]
    if what == "resize":
        print(json.dumps(resize_growth()))
    elif what == "session":
        from game.ui.table.session_bench import session_rss

        print(json.dumps(session_rss()))
    else:
        print(json.dumps(idle_cpu(what == "idle-table")))
