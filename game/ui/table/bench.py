"""``python -m game bench --ui``: frame times of the table.

A six-player Canastone table in the middle of a deal at 1280x800 (headless, SDL's dummy video
driver): whole frames as the main loop runs them (events, pygame_gui, the table's update and
drawing, the display flip), first while the table waits for the player, then while a card is
dragged across it. Also the time to redraw the static layer after a move.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time


def _pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(round(q * (len(s) - 1))))]


def ui_section(frames: int = 400, size: tuple[int, int] = (1280, 800), seed: int = 4) -> dict:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from game.commands.screenshot import play_moves
    from game.session import GameSession, SeatConfig
    from game.settings import SettingsStore
    from game.ui.app import App
    from game.ui.table import TableScreen

    seats = [SeatConfig("human", "normal")] + [SeatConfig("computer", "normal")
                                               for _ in range(5)]
    session = GameSession("canastone", 6, seats=seats, seed=seed, dealer=5)
    session.start_deal()
    play_moves(session, 50, seed)
    # Hand the table to the player: the computers then wait, and the frames are the table's.
    st = session.state
    guard = 0
    while st.current_player() != 0 and not st.is_over() and guard < 60:
        play_moves(session, 1, seed)
        guard += 1
    with tempfile.TemporaryDirectory(prefix="cardtable-bench-") as tmp:
        store = SettingsStore(os.path.join(tmp, "settings.json"))
        store.settings = store.settings.model_copy(update={"sound": False, "language": "en"})
        app = App(store=store, size=size, fullscreen=False)
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
    return {
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
