"""The teaching panel at the table: a practice position's instructions and its "solved"
message, or the current prompt of a guided first deal (game.guide.scripts).

The table calls four things (the hooks in screen.py): :func:`attach` when it is made,
:meth:`GuidePanel.allows` before a move is applied, :meth:`GuidePanel.applied` after, and
:meth:`GuidePanel.draw` every frame (under the overlays, such as the score sheet). In a guided
deal a move other than the step's is refused with a friendly hint, and the expected cards light
up as the Hint button's do (docs/guide.md).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from game import i18n
from game.engine.actions import Action
from game.engine.cards import parse_card
from game.guide.scripts import SCRIPTS, lesson_of, start
from game.i18n import t
from game.ui import audio, fonts, palette
from game.ui.table import render
from game.ui.textlayout import wrap


class GuidePanel:
    """Reads the table through ``model``, asks through ``do`` (game/ui/table/hub.py); a
    practice position's ``is_solved`` tells whether its goal is reached."""

    def __init__(self, model, do, *, lesson=None, puzzle=None,
                 is_solved: Callable[[], bool] | None = None) -> None:
        self.model = model
        self.do = do
        self.lesson = lesson
        self.puzzle = puzzle
        self.is_solved = is_solved
        self.solved = False
        self.missed = False  # the player's turn went by without solving the position
        self.moved = False
        self.rect: pygame.Rect | None = None
        self._key: tuple = ()
        self._image: pygame.Surface | None = None

    @property
    def active(self) -> bool:
        """The lesson is the hand-made deal's; the deals after it are played as usual."""
        return self.model.position is not None

    # ---- the hooks -----------------------------------------------------------------------
    def allows(self, action: Action, computer: bool) -> bool:
        """A guided deal takes only the step's move from the player; the rest is the script's."""
        if self.lesson is None or computer or not self.active or self.lesson.accepts(action):
            return True
        self.do.toast(t("guide.refused"), "info")
        audio.play("error")
        return False

    def applied(self, action: Action) -> None:
        if not self.active:
            return
        if self.lesson is not None:
            self.lesson.record(action)
            if self.model.reads.is_over:  # the score sheet covers the panel
                self.do.toast(t(self.lesson.script.end), "info", 12.0)
        elif self.puzzle is not None and not self.solved and not self.missed:
            reads = self.model.reads
            self.moved = self.moved or action.seat == 0
            if self.is_solved is not None and self.is_solved():
                self.solved = True
                self.do.toast(t("practice.solved"), "info", 6.0)
                audio.play("win")
            elif self.moved and (reads.is_over or (action.seat != 0
                                                   and reads.current_player == 0)):
                # Judged when the player's next turn begins: a Looking and Down player may
                # still meld during the others' turns (LD-10).
                self.missed = True
                self.do.toast(t("practice.missed"), "info", 6.0)

    # ---- what it says --------------------------------------------------------------------
    def heading(self) -> str:
        if self.lesson is not None:
            return t(self.lesson.script.title)
        return _texts(self.puzzle.title)

    def body(self) -> tuple[str, str]:
        """(the words, a status line: the step counter or "solved")."""
        if self.puzzle is not None:
            status = "practice.solved" if self.solved else "practice.missed" if self.missed \
                else ""
            return _texts(self.puzzle.description), t(status) if status else ""
        lesson = self.lesson
        reads = self.model.reads
        steps = len(lesson.script.steps)
        if reads.is_over or lesson.step is None:
            return t(lesson.script.end), t("guide.done")
        counter = t("guide.step", n=lesson.index + 1, total=steps)
        if reads.current_player != 0:
            return t(lesson.script.wait), counter
        return t(lesson.step.prompt), counter

    # ---- drawing -------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        m = self.model
        lay = m.lay
        if lay is None or not m.dealing or not self.active:
            return
        self._light_up()
        self._mark_further_cards(surface)
        region = self._region()
        head = self.heading()
        body, status = self.body()
        key = (head, body, status, self.solved, region.size, lay.scale,
               tuple(sorted(m.font_sizes.items())))
        if key != self._key or self._image is None:  # only when the words or the size change
            self._key, self._image = key, self._picture(head, body, status, region.w)
        image = self._image
        pad = max(6, round(10 * lay.scale))
        box = image.get_rect(topright=(region.right - pad, region.y + pad))
        self.rect = box
        surface.blit(image, box)

    def _picture(self, head: str, body: str, status: str, room: int) -> pygame.Surface:
        s = self.model.lay.scale
        fs = self.model.font_sizes
        pad = max(6, round(10 * s))
        width = min(room - 2 * pad, max(round(300 * s), round(room * 0.4)))
        inner = width - 2 * pad
        hsize = fonts.fit_size(head, inner, fs["heading"], True, 10)
        size = fs["small"]
        lines = wrap(body, inner, size)
        lh = fonts.font(size).get_linesize()
        head_img = render.text(head, hsize, palette.GOLD_LIGHT, True)
        status_img = render.text(status, size, palette.GOLD if not self.solved
                                 else palette.HIGHLIGHT, True) if status else None
        height = pad + head_img.get_height() + round(4 * s) + len(lines) * lh + pad
        if status_img is not None:
            height += status_img.get_height() + round(4 * s)
        image = render.rounded((width, height), (*palette.PANEL, 225), max(4, round(10 * s)),
                               palette.PANEL_BORDER, max(1, round(2 * s))).copy()
        y = pad
        image.blit(head_img, (pad, y))
        y += head_img.get_height() + round(4 * s)
        for line in lines:
            image.blit(render.text(line, size, palette.TEXT), (pad, y))
            y += lh
        if status_img is not None:
            image.blit(status_img, (pad, y + round(4 * s)))
        return image

    def _region(self) -> pygame.Rect:
        """Where the panel goes: the top right of the open table (Cassino) or of the topmost
        other side's meld area, which melds fill from the left; else of the whole table."""
        lay = self.model.lay
        if lay.table is not None:
            return lay.table
        mine = self.model.sides[self.model.viewer]
        others = [r for side, r in lay.meld_areas.items() if side != mine]
        return min(others, key=lambda r: r.y) if others else lay.main

    def _light_up(self) -> None:
        """The step's cards and target glow, as the Hint button's do, while it waits."""
        m = self.model
        if self.lesson is None or not m.can_act():
            return
        if m.reads.current_player != m.viewer:
            return
        action = self.lesson.expected()
        if action is not None and m.why_illegal(action) is None:
            self.do.set_hint(action, 1.0)

    def _mark_further_cards(self, surface: pygame.Surface) -> None:
        """The cards a step names besides its move's own (the red three just laid out, the
        card on top of the pile): the same gold rim, without the marker."""
        m = self.model
        step = self.lesson.step if self.lesson is not None else None
        if step is None or not step.highlight or m.scene is None or not m.can_act():
            return
        if m.reads.current_player != m.viewer:
            return
        want = {parse_card(c) for c in step.highlight}
        pulse = 0.5 + 0.5 * abs(((m.clock * 1.2) % 2.0) - 1.0)
        for sp in m.scene.sprites:
            if sp.code in want and sp.face_up and sp.zone[0] != "hand":
                render.draw_hint(surface, sp.rect, m.lay.scale, pulse, card=False)


def _texts(texts: tuple[str, str]) -> str:
    """A puzzle's (English, Japanese) text in the player's language, its cards as the table
    shows them."""
    return i18n.cards_in_text(texts[1] if i18n.current_language() == "ja" else texts[0])


def attach(screen) -> GuidePanel | None:
    """The panel for this table's session: a guided deal's, a practice position's, or None."""
    session = screen.session
    lesson = lesson_of(session)
    if lesson is not None:
        return GuidePanel(screen.model, screen.do, lesson=lesson)
    try:
        from game.saves.practice import puzzle_of, solved
    except ImportError:
        return None
    puzzle = puzzle_of(session)
    if puzzle is None:
        return None
    return GuidePanel(screen.model, screen.do, puzzle=puzzle,
                      is_solved=partial(solved, puzzle, session))


def open_guide(app, script_id: str) -> None:
    """Start a guided first deal at a new table (never autosaved: it is a lesson)."""
    from game.ui.table.screen import TableScreen

    session, _lesson = start(script_id)
    app.show(TableScreen(app, session=session, autosave=False))


def choose(menu) -> None:
    """The main menu's "Learn to play": which game's guided deal."""
    from game.ui.widgets.dialog import Dialog

    buttons: list[tuple[str, Callable[[], None] | None]] = [(t("common.cancel"), None)]
    buttons += [(i18n.game_name(SCRIPTS[k].rules), partial(open_guide, menu.app, k))
                for k in SCRIPTS]
    Dialog(menu, t("guide.choose.title"), t("guide.choose.body"), buttons)
