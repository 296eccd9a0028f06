"""A scripted session of play for ``bench --ui``'s ``session_rss_mb``: the window's memory.

Headless (SDL's dummy video driver), in a fresh interpreter: a deal of every game at its
largest table, the player's moves chosen by the hints (the Normal player) and played through
the table's own move path, the computers on their worker thread as in a real game. Along the
way the window is resized through sizes from 800x600 to 1920x1080, the text size and the
language change, and the score sheet, the key sheet, the main menu, New game, Settings and
the rules are opened, as a player does over an evening. The whole round is played
``rounds`` times; the resident memory is read after every step.

    python -m game.ui.table.bench session     # what bench --ui runs (one JSON line)
"""

from __future__ import annotations

import gc
import tempfile

SIZES = ((1280, 800), (800, 600), (1920, 1080), (1024, 700), (1600, 1000), (1366, 768),
         (1100, 650))
LOOKS = (("en", "normal"), ("ja", "larger"), ("en", "large"), ("ja", "normal"))
ROUNDS = 2
MAX_FRAMES = 3000  # a deal's frames at most (a deal of the easy players takes far fewer)


def rss_mb() -> float:
    """This process's resident memory (VmRSS, Linux), else its peak so far."""
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    import resource
    import sys

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (2**20 if sys.platform == "darwin" else 2**10)


class ScriptedSession:
    """The app, and the steps a player takes in it; ``samples`` holds the RSS after each."""

    def __init__(self, tmp: str) -> None:
        from game.ui.table.bench import bench_app

        self.app = bench_app(tmp, SIZES[0])
        self.app.update_settings(animation_speed="fast")
        self.app.step(1 / 60)
        self.samples: list[float] = [rss_mb()]
        self.where: list[str] = ["first frame"]
        self.moves = 0
        self.resizes = 0

    def sample(self, where: str) -> None:
        self.samples.append(rss_mb())
        self.where.append(where)

    def frames(self, n: int, dt: float = 0.1) -> None:
        for _ in range(n):
            self.app.step(dt)

    def resize(self, size: tuple[int, int]) -> None:
        import pygame

        pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0],
                                             h=size[1]))
        self.frames(3)
        self.resizes += 1
        self.sample(f"resize {size[0]}x{size[1]}")

    def look(self, language: str, text_size: str) -> None:
        self.app.set_language(language)
        self.app.set_look(text_size=text_size)
        self.frames(3)
        self.sample(f"{language} {text_size}")

    def menus(self, game: str) -> None:
        """The main menu, New game, Settings and the game's rules, a few frames each."""
        app = self.app
        for name, show in (("main menu", app.show_main_menu), ("new game", app.show_new_game),
                           ("settings", app.show_settings),
                           ("rules", lambda: app.show_rules(game)),
                           ("main menu", app.show_main_menu)):
            show()
            self.frames(4)
            self.sample(name)

    def play_deal(self, game: str, players: int, seed: int) -> None:
        """One deal at a table of ``players``: the player's moves are the hints', the
        window is resized every few of them, the score sheet and the key sheet opened."""
        import pygame

        from game.newgame import NewGameConfig, SeatConfig
        from game.ui.table import TableScreen

        seats = (SeatConfig(kind="human"),) + tuple(SeatConfig(level="easy")
                                                    for _ in range(players - 1))
        config = NewGameConfig(game=game, players=players, seats=seats)
        screen = TableScreen(self.app, config, seed=seed)
        self.app.show(screen)
        mine = 0
        for frame in range(MAX_FRAMES):
            worker = screen.worker
            if worker.busy and worker._thread is not None:
                worker._thread.join(timeout=20)
            self.app.step(0.1)
            if self._handle_moments(screen):
                break
            if self._player_moves(screen):
                mine += 1
                if mine % 6 == 0:
                    self.resize(SIZES[(self.resizes + 1) % len(SIZES)])
                if mine == 4:  # a look at the scores, then back to the cards
                    screen.show_scores()
                    self.frames(3)
                    screen.overlay.close()
                if mine == 8:  # the key sheet, open and closed by its key
                    for _ in range(2):
                        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1,
                                                             mod=0, unicode=""))
                        self.frames(3)
            if frame % 50 == 0:
                self.sample(game)
        self.moves += mine
        self.sample(f"{game} over")

    @staticmethod
    def _handle_moments(screen) -> bool:
        """Answer what stops the deal (a human dealer's grab, the end of the deal); True
        once the deal's score sheet has been opened."""
        from game.ui.table.moments import ExactGrab

        overlay = screen.overlay
        if isinstance(overlay, ExactGrab):
            overlay.cut_count(overlay.needed)
            overlay._continue()
            return False
        if screen.down_gate and not screen.animator.tweens:
            screen.pick_up_down()
        if screen.session.state is not None and screen.reads.is_over:
            if not screen.animator.busy and screen.flow.sheet_due:
                screen.show_scores()
                return True
        return False

    @staticmethod
    def _player_moves(screen) -> bool:
        """The hint's move when it is the player's turn (a dialog the turn opened is put
        away: the move answers it); True when one was played."""
        from game.players.hints import suggest

        if screen.animator.busy or screen.worker.busy or screen.flow.ready is not None:
            return False
        if screen.overlay is not None and screen.overlay.modal:
            return False
        reads = screen.reads
        seat = screen.viewer
        if reads.is_over or reads.current_player != seat or not reads.legal_actions(seat):
            return False
        if screen.dialog is not None:
            screen.dialog.close(silent=True)
        action, _why = suggest(screen.session.decision(seat), seed=screen.version)
        return screen.moves.play(action, computer=True) is None

    def close(self) -> None:
        self.app.close()


def session_rss(rounds: int = ROUNDS, games: tuple[str, ...] | None = None) -> dict:
    """The scripted session's resident memory in MB: at the first frame, its peak, at the
    end, and at the end of each round (a session that keeps growing shows it there).
    ``games``: those played (default every game)."""
    from game.ui.table.bench import headless

    headless()
    from game.engine.registry import GAME_NAMES, game_info

    with tempfile.TemporaryDirectory(prefix="cardtable-bench-") as tmp:
        run = ScriptedSession(tmp)
        start = run.samples[0]
        rounds_end = []
        step = 0
        for r in range(rounds):
            for i, game in enumerate(games or GAME_NAMES):
                players = max(game_info(game).player_counts)
                run.play_deal(game, players, seed=100 * r + i + 1)
                language, text_size = LOOKS[step % len(LOOKS)]
                run.look(language, text_size)
                run.menus(game)
                step += 1
            gc.collect()
            rounds_end.append(round(rss_mb(), 1))
        run.sample("end")
        peak = max(range(len(run.samples)), key=run.samples.__getitem__)
        out = {"first_frame": round(start, 1), "peak": round(run.samples[peak], 1),
               "peak_at": run.where[peak],
               "end": round(run.samples[-1], 1), "rounds": rounds_end,
               "moves": run.moves, "resizes": run.resizes}
        run.close()
    return out
