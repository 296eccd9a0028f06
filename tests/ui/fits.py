"""What "every word fits" means on a screen, for the walks over screens (issue 29).

``check_fits(app, where)`` runs one frame and fails on pygame_gui's "too small" warnings, on
any shown element outside the window or its panel (or its dialog's box), on a button's or a
label's words wider or taller than it, on a text box that needs a scroll bar, on two
controls that overlap, on two texts that overlap and, at a table, on words over a card.
"""

from __future__ import annotations

import contextlib
import itertools
import warnings

import pygame
from pygame_gui.elements import UIButton, UICheckBox, UILabel, UITextBox, UITextEntryLine, UIWindow

from game.ui import fonts

# A text box this many lines tall is a reading pane (the rule book): it scrolls by design.
READING_PANE = 8


def elements(container):
    for element in container.elements:
        yield element
        inner = getattr(element, "elements", None)
        if inner is not None and hasattr(element, "get_container"):
            yield from elements(element.get_container())
        elif hasattr(element, "elements"):
            yield from elements(element)


def _words(e) -> pygame.Rect | None:
    """Where a label's or a button's words are drawn (centred in it), or a text box's box."""
    if isinstance(e, UITextBox):
        return e.rect
    if isinstance(e, (UIButton, UILabel)) and e.text:
        w, h = e.font.size(e.text)
        r = pygame.Rect(0, 0, min(w, e.rect.w), min(h, e.rect.h))
        r.center = e.rect.center
        align = getattr(e, "text_horiz_alignment", "center")
        pad = getattr(e, "text_horiz_alignment_padding", 0)
        if align == "left":
            r.left = e.rect.left + pad
        elif align == "right":
            r.right = e.rect.right - pad
        return r
    return None


def _boxed(e) -> bool:
    """A check box's own label: as tall as its box, its words beside it."""
    return isinstance(getattr(e, "parent_element", None), UICheckBox)


@contextlib.contextmanager
def watching():
    """Warnings noted from here on (pygame_gui warns as it builds an element, before the
    frame ``check_fits`` runs): give the list to ``check_fits``."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        yield caught


def check_fits(app, where, cards=(), caught: list | None = None) -> None:
    """``cards``: the rects of the cards drawn under the elements (a table's); ``caught``:
    the warnings noted since the last check (``watching``), emptied here."""
    with warnings.catch_warnings(record=True) as frame:
        warnings.simplefilter("always")
        app.step(1 / 60, present=False)
    seen = list(caught or ()) + list(frame)
    if caught is not None:
        caught.clear()
    too_small = [str(w.message) for w in seen if "too small" in str(w.message)]
    assert not too_small, (where, too_small)
    screen = app.screen
    window = pygame.Rect((0, 0), app.window_size)
    dialog = getattr(screen, "dialog", None)
    if dialog is not None:  # what the dialog covers is not read
        shown = [e for e in elements(dialog.backdrop.get_container()) if e.visible]
        panels = [dialog.panel.rect]
    else:
        shown = [e for e in elements(screen.root) if e.visible]
        panels = list(getattr(screen, "_panels", []))
    shown = [e for e in shown if not isinstance(e, UIWindow)]
    line = fonts.font(app.font_sizes["body"]).get_linesize()
    for e in shown:
        what = (where, getattr(e, "text", e), e.rect)
        assert window.contains(e.rect), what
        panel = next((p for p in panels if p.collidepoint(e.rect.center)), None)
        if panel is not None and e.rect.w and e.rect.h:
            assert panel.contains(e.rect), (*what, panel)
        if isinstance(e, (UIButton, UILabel)) and e.text and not _boxed(e):
            w, h = e.font.size(e.text)
            assert w <= e.rect.w and h <= e.rect.h + 2, (*what, (w, h))
        if isinstance(e, UITextBox) and e.rect.h < READING_PANE * line:
            assert e.scroll_bar is None, ("needs a scroll bar", *what)
    controls = [e for e in shown if isinstance(e, (UIButton, UICheckBox, UITextEntryLine))]
    for a, b in itertools.combinations(controls, 2):
        assert not a.rect.colliderect(b.rect), (where, a, b)
    words = [(e, _words(e)) for e in shown if not _boxed(e)]
    words = [(e, r) for e, r in words if r is not None and r.w and r.h]
    for (a, ra), (b, rb) in itertools.combinations(words, 2):
        assert not ra.colliderect(rb), ("two texts overlap", where, getattr(a, "text", a),
                                        getattr(b, "text", b), ra, rb)
    if dialog is None:
        for (e, r), card in itertools.product(words, cards):
            assert not r.colliderect(card), ("words over a card", where, e.text, r, card)


class _Recording(pygame.Surface):
    """A window-sized surface that notes where each picture is blitted onto it."""

    def __init__(self, size) -> None:
        super().__init__(size, pygame.SRCALPHA)
        self.blits: list[pygame.Rect] = []

    def blit(self, source, dest, area=None, special_flags=0):
        rect = super().blit(source, dest, area, special_flags)
        self.blits.append(pygame.Rect(rect))
        return rect


def check_painted(screen, overlay, where) -> None:
    """An overlay's painted words (the F1 sheet, the score sheets): each inside its panel,
    clear of the others and of the overlay's buttons. Every picture blitted but the dimming
    and the panel is taken for words."""
    surface = _Recording(screen.size)
    overlay.draw(surface)
    panel = overlay.rect()
    window = surface.get_rect()
    words = [r for r in surface.blits if r.w and r.h and r != window and r != panel]
    assert words, where
    for r in words:
        assert panel.contains(r), ("painted past its panel", where, r, panel)
        for b in overlay.buttons:
            assert not r.colliderect(b.rect), ("painted under a button", where, r, b.text)
    for a, b in itertools.combinations(words, 2):
        assert not a.colliderect(b), ("painted words overlap", where, a, b)
