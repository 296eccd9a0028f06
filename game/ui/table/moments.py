"""The special moments of the table, as overlays and dialogs:

- :class:`Cover`: pass-and-play, between two human players' turns the table is hidden until
  the next player says they are at the screen;
- :class:`ExactGrab`: Looking and Down's exact grab for a human dealer (LD-3): cut the pile by
  eye; within :data:`GRAB_TOLERANCE` cards of the exact count scores the bonus;
- :class:`BuildValue`: Cassino, declare a reservation's value (only values the engine accepts
  are offered);
- :func:`answer_dialog`, :func:`canastone_choice`, :func:`choose_partner`, :func:`leave_dialog`:
  small :class:`~game.ui.widgets.dialog.Dialog` boxes.
"""

from __future__ import annotations

import random

import pygame

from game.i18n import seat_message, t
from game.ui import audio, felt, fonts, palette
from game.ui.table.overlay import Overlay
from game.ui.table.render import text
from game.ui.textlayout import wrap
from game.ui.widgets.dialog import Dialog

GRAB_TOLERANCE = 1  # cards either way that still count as exact


class Cover(Overlay):
    """Hides the table until ``seat``'s player is at the screen."""

    def __init__(self, screen, seat: int) -> None:
        super().__init__(screen)
        self.seat = seat

    def build(self) -> None:
        m = self.model
        s = m.s
        w, h = m.window_size
        r = pygame.Rect(0, 0, s(340), s(54))
        r.center = (w // 2, h // 2 + s(70))
        name = m.names()[self.seat]
        self.button(r, t("cover.show", name=name), self._show, primary=True)

    def _show(self) -> None:
        self.close()
        self.do.set_viewer(self.seat)

    def process_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE):
            self._show()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        m = self.model
        s = m.s
        w, h = surface.get_size()
        surface.blit(felt.felt((w, h)), (0, 0))
        name = m.names()[self.seat]
        fs = m.font_sizes
        title = text(t("cover.title", name=name), round(fs["title"] * 1.2), palette.GOLD_LIGHT,
                     True)
        surface.blit(title, title.get_rect(center=(w // 2, h // 2 - s(60))))
        body = t("cover.body", name=name)
        y = h // 2 - s(20)
        for line in wrap(body, min(w - s(80), s(620)), fs["body"]):
            im = text(line, fs["body"], palette.TEXT)
            surface.blit(im, im.get_rect(midtop=(w // 2, y)))
            y += im.get_height()


class ExactGrab(Overlay):
    """One human dealer's cut: ``needed`` cards off a pile of ``total``."""

    def __init__(self, screen, seat: int, role: str, needed: int, total: int, on_done) -> None:
        super().__init__(screen)
        self.seat = seat
        self.role = role  # "looking" or "down"
        self.needed = needed
        self.total = total
        self.on_done = on_done
        self.hover: int | None = None
        self.grabbed: int | None = None
        self.cont = None

    def stack_rect(self) -> pygame.Rect:
        m = self.model
        w, h = m.window_size
        r = pygame.Rect(0, 0, min(w - m.s(120), m.s(760)), m.s(90))
        r.center = (w // 2, h // 2 + m.s(10))
        return r

    def panel_rect(self) -> pygame.Rect:
        m = self.model
        w, h = m.window_size
        r = pygame.Rect(0, 0, min(w - m.s(40), m.s(860)), min(h - m.s(40), m.s(440)))
        r.center = (w // 2, h // 2)
        return r

    def build(self) -> None:
        m = self.model
        s = m.s
        pr = self.panel_rect()
        r = pygame.Rect(0, 0, s(200), s(46))
        r.bottomright = (pr.right - s(26), pr.bottom - s(22))
        self.cont = self.button(r, t("grab.continue"), self._continue, primary=True)
        if self.grabbed is None:
            self.cont.disable()

    def count_at(self, x: int) -> int:
        r = self.stack_rect()
        f = (x - r.x) / r.w
        return max(1, min(self.total - 1, round(f * self.total)))

    @property
    def exact(self) -> bool:
        return self.grabbed is not None and abs(self.grabbed - self.needed) <= GRAB_TOLERANCE

    def cut(self, x: int) -> None:
        self.cut_count(self.count_at(x))

    def cut_count(self, count: int) -> None:
        if self.grabbed is not None:
            return
        self.grabbed = count
        audio.play("shuffle" if not self.exact else "win")
        if self.cont is not None:
            self.cont.enable()

    def _continue(self) -> None:
        if self.grabbed is None:
            return
        self.close()
        self.on_done(self.exact)

    def process_event(self, event) -> bool:
        r = self.stack_rect().inflate(0, self.model.s(40))
        if event.type == pygame.MOUSEMOTION:
            pos = event.pos
            self.hover = self.count_at(pos[0]) if r.collidepoint(pos) else None
            return True
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            if r.collidepoint(event.pos):
                self.cut(event.pos[0])
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            # Keyboard play: the arrows move the cut a card (Shift: ten) at a time from the
            # middle.
            if self.grabbed is None:
                step = 10 if getattr(event, "mod", 0) & pygame.KMOD_SHIFT else 1
                at = self.total // 2 if self.hover is None else self.hover
                at += step if event.key == pygame.K_RIGHT else -step
                self.hover = max(1, min(self.total - 1, at))
                self.do.request_frame()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE):
            if self.grabbed is not None:
                self._continue()
            elif self.hover is not None:
                self.cut_count(self.hover)
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN,)

    def draw(self, surface: pygame.Surface) -> None:
        m = self.model
        s = m.s
        self.dim(surface, 150)
        pr = self.panel_rect()
        self.panel(surface, pr)
        fs = m.font_sizes
        title = text(t("grab.title"), fs["title"], palette.GOLD_LIGHT, True)
        surface.blit(title, (pr.x + s(26), pr.y + s(20)))
        msg = seat_message("grab.looking" if self.role == "looking" else "grab.down", self.seat,
                           m.names(), m.you(), needed=self.needed, total=self.total)
        y = pr.y + s(26) + title.get_height()
        for line in wrap(msg, pr.w - s(52), fs["body"]):
            im = text(line, fs["body"], palette.TEXT)
            surface.blit(im, (pr.x + s(26), y))
            y += im.get_height()
        r = self.stack_rect()
        # The pile seen edge-on: the top of the pile is on the left.
        pygame.draw.rect(surface, (40, 30, 22), r.inflate(s(6), s(6)), border_radius=s(4))
        per = r.w / self.total
        for i in range(self.total):
            x0 = round(r.x + i * per)
            x1 = round(r.x + (i + 1) * per)
            shade = (246, 242, 230) if i % 2 == 0 else (222, 214, 196)
            pygame.draw.rect(surface, shade, (x0, r.y, max(1, x1 - x0), r.h))
        lab = text(t("grab.top"), fs["small"], palette.TEXT_DIM)
        surface.blit(lab, lab.get_rect(topleft=(r.x, r.bottom + s(8))))
        lab = text(t("grab.bottom"), fs["small"], palette.TEXT_DIM)
        surface.blit(lab, lab.get_rect(topright=(r.right, r.bottom + s(8))))
        if self.grabbed is None and self.hover is not None:
            x = round(r.x + self.hover * per)
            pygame.draw.line(surface, palette.GOLD_LIGHT, (x, r.y - s(14)), (x, r.bottom + s(4)),
                             max(2, s(3)))
        if self.grabbed is not None:
            gx = round(r.x + self.grabbed * per)
            nx = round(r.x + self.needed * per)
            band = pygame.Surface((max(1, gx - r.x), r.h), pygame.SRCALPHA)
            band.fill((214, 170, 72, 90))
            surface.blit(band, (r.x, r.y))
            pygame.draw.line(surface, palette.GOLD_LIGHT, (gx, r.y - s(14)), (gx, r.bottom + s(4)),
                             max(2, s(3)))
            pygame.draw.line(surface, (120, 220, 140), (nx, r.y - s(4)), (nx, r.bottom + s(14)),
                             max(2, s(2)))
            diff = self.grabbed - self.needed
            if diff == 0:
                res = t("grab.exact", count=self.grabbed)
            elif self.exact:
                res = t("grab.close_enough", count=self.grabbed, needed=self.needed)
            elif diff > 0:
                res = t("grab.too_many", count=self.grabbed, diff=diff)
            else:
                res = t("grab.too_few", count=self.grabbed, diff=-diff)
            colour = palette.GOLD_LIGHT if self.exact else palette.TEXT
            size = fonts.fit_size(res, pr.w - s(52), fs["heading"], True)
            im = text(res, size, colour, True)
            surface.blit(im, im.get_rect(midtop=(pr.centerx, r.bottom + s(36))))
            if self.exact:
                im = text(t("grab.bonus"), fs["body"], palette.GOLD_LIGHT)
                surface.blit(im, im.get_rect(midtop=(pr.centerx, r.bottom + s(40) + size + s(8))))


def computer_grab(rng: random.Random) -> bool:
    """LD-3: computer dealers grab exactly about one time in ten."""
    return rng.randrange(10) == 0


class BuildValue(Overlay):
    """Cassino: declare the value of a reservation. ``values`` are the ones the engine takes."""

    closable = True

    def __init__(self, screen, values: list[int], on_pick) -> None:
        super().__init__(screen)
        self.values = values
        self.on_pick = on_pick

    def rect(self) -> pygame.Rect:
        m = self.model
        w, h = m.window_size
        r = pygame.Rect(0, 0, min(w - m.s(40), m.s(620)), m.s(250))
        r.center = (m.lay.main.centerx if m.lay else w // 2, h // 2)
        return r

    def build(self) -> None:
        m = self.model
        s = m.s
        rect = self.rect()
        n = 13
        gap = s(6)
        bw = (rect.w - s(52) - gap * (n - 1)) // n
        y = rect.y + s(90)
        for v in range(1, 14):
            r = pygame.Rect(rect.x + s(26) + (v - 1) * (bw + gap), y, bw, s(46))
            b = self.button(r, str(v), lambda v=v: self._pick(v), primary=v in self.values)
            if v not in self.values:
                b.disable()
        r = pygame.Rect(0, 0, s(150), s(42))
        r.bottomright = (rect.right - s(26), rect.bottom - s(18))
        self.button(r, t("common.cancel"), self.close)

    def _pick(self, v: int) -> None:
        self.close()
        self.on_pick(v)

    def draw(self, surface: pygame.Surface) -> None:
        m = self.model
        s = m.s
        self.dim(surface, 110)
        rect = self.rect()
        self.panel(surface, rect)
        fs = m.font_sizes
        im = text(t("build.title"), fs["heading"], palette.GOLD_LIGHT, True)
        surface.blit(im, (rect.x + s(26), rect.y + s(20)))
        im = text(t("build.body"), fs["small"], palette.TEXT)
        surface.blit(im, (rect.x + s(26), rect.y + s(24) + fs["heading"] + s(10)))


def answer_dialog(screen, asker: str, on_answer) -> Dialog:
    return Dialog(screen, t("ask.title"), t("ask.question", name=asker),
                  [(t("table.no"), lambda: on_answer(False)),
                   (t("table.yes"), lambda: on_answer(True))])


def canastone_choice(screen, minimum: int, on_open, on_draw) -> Dialog:
    return Dialog(screen, t("choice.title"), t("choice.body", minimum=minimum),
                  [(t("choice.draw_two"), on_draw), (t("choice.open_first"), on_open)])


def choose_partner(screen, partners: list[tuple[int, str]], on_pick) -> Dialog:
    buttons = [(name, lambda s=seat: on_pick(s)) for seat, name in partners]
    return Dialog(screen, t("ask.choose_title"), t("ask.choose_body"),
                  [(t("common.cancel"), None)] + buttons)


def leave_dialog(screen, saved: bool, on_leave, on_save_as=None, on_rules=None) -> Dialog:
    body = t("leave.body_saved", resume=t("menu.continue")) if saved else t("leave.body")
    buttons = [(t("leave.stay"), None)]
    if on_rules is not None:
        buttons.append((t("menu.rules"), on_rules))
    buttons.append((t("keys.menu_button"), screen.do.show_keys))  # the F1 sheet
    if on_save_as is not None:
        buttons.append((t("table.save_as"), on_save_as))
    # Leaving a saved game loses nothing: Leave is the default; else Stay (the game would be
    # lost).
    return Dialog(screen, t("leave.title"), body, buttons + [(t("leave.leave"), on_leave)],
                  default=None if saved else 0)
