"""Random input at the table: thousands of clicks, drags, wheel turns and keys, with the
computers playing in between. The table must never crash, and the engine's state must stay
sound (cards conserved, scores adding up): whatever the input, only legal moves are played."""

import random

import pygame
import pytest

from game.ui.table import TableScreen

from .driver import post

KEYS = [pygame.K_d, pygame.K_r, pygame.K_s, pygame.K_l, pygame.K_TAB, pygame.K_RETURN,
        pygame.K_SPACE, pygame.K_a, pygame.K_ESCAPE]


@pytest.mark.parametrize("game, players, humans, seed", [
    ("canasta", 4, (0,), 11),
    ("canastone", 4, (0, 2), 12),
    ("looking-and-down", 3, (0,), 13),
    ("cassino", 2, (0, 1), 15),
])
def test_random_input_never_breaks_the_table(table, game, players, humans, seed):
    rng = random.Random(seed)
    d = table(game, players, seed=seed, humans=humans, **(
        {"first_dealer": 0, "keeper": 1} if game == "looking-and-down" else {}))
    app = d.app
    screen = d.screen
    w, h = app.window_size
    events = 0
    for frame in range(700):
        for _ in range(rng.randint(1, 5)):
            r = rng.random()
            pos = (rng.randrange(w), rng.randrange(h))
            if r < 0.35:
                post(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice((1, 1, 1, 3)))
                post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
            elif r < 0.6:
                post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
                end = (rng.randrange(w), rng.randrange(h))
                for i in range(1, 4):
                    post(pygame.MOUSEMOTION, pos=(pos[0] + (end[0] - pos[0]) * i // 3,
                                                  pos[1] + (end[1] - pos[1]) * i // 3),
                         rel=(0, 0), buttons=(1, 0, 0))
                post(pygame.MOUSEBUTTONUP, pos=end, button=1)
            elif r < 0.8 and screen.scene is not None and screen.scene.hand:
                # Aim at the hand and the table more often than chance would.
                sp = rng.choice(screen.scene.hand)
                tg = rng.choice(screen.scene.targets)
                src = (sp.rect.x + 4, sp.rect.y + 10)
                post(pygame.MOUSEBUTTONDOWN, pos=src, button=1)
                post(pygame.MOUSEMOTION, pos=tg.rect.center, rel=(0, 0), buttons=(1, 0, 0))
                post(pygame.MOUSEBUTTONUP, pos=tg.rect.center, button=1)
            elif r < 0.86:
                post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
            elif r < 0.9:
                buttons = list(d.buttons().values())  # dialogs, covers, sort, ask...
                if buttons:
                    b = rng.choice(buttons)
                    post(pygame.MOUSEBUTTONDOWN, pos=b.rect.center, button=1)
                    post(pygame.MOUSEBUTTONUP, pos=b.rect.center, button=1)
            elif r < 0.95:
                post(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)))
            else:
                k = rng.choice(KEYS)
                post(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)
            events += 1
        if screen.worker.busy and screen.worker._thread is not None:
            screen.worker._thread.join(timeout=20)
        app.step(rng.choice((0.01, 0.05, 0.3)), present=False)
        if app.screen is not screen:  # left through the menu: come back to the same game
            if not isinstance(app.screen, TableScreen):
                app.show(screen)
            else:
                screen = app.screen
                d.screen = screen
        st = screen.session.state
        if st is not None:
            assert st.check_invariants() == [], st.check_invariants()
        if frame % 50 == 0:
            app.render()
    human_moves = sum(1 for x in screen.session.history if int(x.split()[0]) in humans)
    assert human_moves > 0 or screen.session.match.deals_played > 0
    assert events > 1500
