"""Widgets for menu-like screens: a page header and a list of option rows (setup, settings).

An ``OptionList`` is driven by keys (up/down to move, left/right or Enter
to change) and by the mouse (click a row's arrows or its value).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pygame

from sprites import theme
from sprites.hud import Button

from .modes import Option
from .typed import TypedText


def fitted(text: str, size: float, width: float) -> int:
    """The (bold) text size for ``text``: ``size``, or smaller so that it is no wider than ``width`` pixels."""
    size = round(size)
    wide = theme.text_size(text, size, True)[0]
    return size if wide <= width else max(1, int(size * width / wide))


def header(surface: pygame.Surface, title: str, subtitle: str = "", unit: float = 20) -> None:
    """Background, a big title and a muted subtitle at the top of a screen."""
    w, _ = surface.get_size()
    theme.paint_background(surface)
    theme.blit_text(surface, title, round(unit * 2.6), (w // 2, unit * 3.2), theme.INK, True, "center")
    if subtitle:
        theme.blit_text(surface, subtitle, round(unit * 1.1), (w // 2, unit * 5.4), theme.MUTED, True, "center")


def unit_of(size: tuple[int, int]) -> float:
    return max(10.0, min(size[0] / 64, size[1] / 36))


class OptionList:
    """Rows of ``label  < value >``; ``values`` is the dict being edited."""

    def __init__(self, options: list[Option], values: dict[str, Any],
                 on_change: Callable[[str, Any], None] | None = None) -> None:
        self.options = options
        self.values = values
        self.on_change = on_change
        self.focus = 0
        self.rects: list[tuple[Option, pygame.Rect]] = []

    def shown(self) -> list[Option]:
        return [o for o in self.options if o.shown(self.values)]

    def layout(self, rect: pygame.Rect, row_h: int) -> None:
        self.rect, self.row_h = rect, row_h
        self.rects = [(o, pygame.Rect(rect.left, rect.top + i * row_h, rect.w, row_h - 6))
                      for i, o in enumerate(self.shown())]

    def change(self, opt: Option, step: int) -> None:
        values = [v for v, _ in opt.choices]
        cur = self.values.get(opt.key, opt.default)
        i = values.index(cur) if cur in values else 0
        self.values[opt.key] = values[(i + step) % len(values)]
        if self.on_change:
            self.on_change(opt.key, self.values[opt.key])
        self.layout(self.rect, self.row_h)

    def handle_event(self, e: pygame.event.Event) -> bool:
        shown = self.shown()
        if not shown:
            return False
        self.focus = min(self.focus, len(shown) - 1)
        if e.type == pygame.KEYDOWN:
            if e.key == pygame.K_UP and self.focus > 0:
                self.focus -= 1
                return True
            if e.key == pygame.K_DOWN and self.focus < len(shown) - 1:
                self.focus += 1
                return True
            if e.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.change(shown[self.focus], -1 if e.key == pygame.K_LEFT else 1)
                return True
        elif e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            for i, (o, r) in enumerate(self.rects):
                if r.collidepoint(e.pos):
                    self.focus = i
                    vx = r.left + r.w * 0.45
                    self.change(o, -1 if vx <= e.pos[0] < vx + r.h else 1)
                    return True
        return False

    def draw(self, surface: pygame.Surface, active: bool = True) -> None:
        for i, (o, r) in enumerate(self.rects):
            lit = active and i == self.focus
            theme.panel(surface, r, r.h // 4, (255, 255, 255, 30 if lit else 12),
                        theme.ACCENT if lit else (255, 255, 255, 30))
            size = round(r.h * 0.42)
            theme.blit_text(surface, o.label, size, (r.left + r.h * 0.5, r.centery), theme.MUTED, True, "midleft")
            label = dict(o.choices).get(self.values.get(o.key, o.default), str(self.values.get(o.key)))
            vx = r.left + r.w * 0.45
            theme.blit_text(surface, "‹", round(r.h * 0.7), (vx, r.centery), theme.ACCENT if lit else theme.DIM,
                            True, "midleft")
            theme.blit_text(surface, "›", round(r.h * 0.7), (r.right - r.h * 0.5, r.centery),
                            theme.ACCENT if lit else theme.DIM, True, "midright")
            theme.blit_text(surface, label, size, ((vx + r.right - r.h * 0.5) / 2, r.centery), theme.INK, True,
                            "center")


class ButtonColumn:
    """Buttons navigated with up/down (or tab) and pressed with Enter or a click."""

    def __init__(self, buttons: list[Button]) -> None:
        self.buttons = buttons
        self.focus = 0
        self._mark()

    def _mark(self) -> None:
        for i, b in enumerate(self.buttons):
            b.focus = i == self.focus

    def move(self, step: int) -> None:
        n = len(self.buttons)
        for _ in range(n):
            self.focus = (self.focus + step) % n
            if self.buttons[self.focus].enabled:
                break
        self._mark()

    def handle_event(self, e: pygame.event.Event, keys=(pygame.K_UP, pygame.K_DOWN)) -> bool:
        if e.type == pygame.KEYDOWN:
            if e.key == keys[0]:
                self.move(-1)
                return True
            if e.key in (keys[1], pygame.K_TAB):
                self.move(1)
                return True
            if e.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                b = self.buttons[self.focus]
                if b.enabled:
                    b.action()
                return True
        for i, b in enumerate(self.buttons):
            if b.handle_event(e):
                if e.type == pygame.MOUSEBUTTONDOWN:
                    self.focus = i
                    self._mark()
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        for b in self.buttons:
            b.draw(surface)


PAD_TYPING = "A pad cannot type here: B cancels (a keyboard types the text)"


class TextEntry(TypedText):
    """A one-line text field that opens for one answer: the keys of ``TypedText``, Enter submits, Esc cancels.

    ``submit(text)`` returns an error message (shown under the field, the field stays open) or None
    (accepted: the field closes).  ``allowed`` limits what may be typed.
    """

    def __init__(self, prompt: str, submit: Callable[[str], str | None], allowed: Callable[[str], bool] | None = None,
                 limit: int = 40, text: str = "") -> None:
        super().__init__(text, limit, allowed)
        self.prompt = prompt
        self.submit = submit
        self.error = ""
        self.open = True

    def handle_event(self, e: pygame.event.Event) -> bool:
        """Every key press is the field's while it is open (so typed letters never act as commands); a pad,
        which cannot type, is told so and may cancel (B)."""
        if not self.open or e.type != pygame.KEYDOWN:
            return False
        if getattr(e, "pad", False) and e.key != pygame.K_ESCAPE:
            self.error = PAD_TYPING
        elif e.key == pygame.K_ESCAPE:
            self.open = False
        elif e.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.error = self.submit(self.text) or ""
            self.open = bool(self.error)
        elif self.edit(e):
            self.error = self.problem
        return True

    def click(self, pos: tuple[int, int], rect: pygame.Rect) -> None:
        """A click in the field (drawn in ``rect``) puts the caret there."""
        self.caret_at(pos[0], rect.left + rect.h * 0.4, max(12, round(rect.h * 0.42)), rect.w - rect.h * 0.8)

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The prompt, the field with a caret, and the last error (or how to finish) below it, on up to two
        lines within the window."""
        size = max(12, round(rect.h * 0.42))
        theme.blit_text(surface, self.prompt, size, (rect.centerx, rect.top - size * 0.4), theme.MUTED, True,
                        "midbottom")
        theme.panel(surface, rect, rect.h // 4, (0, 0, 0, 120), theme.ACCENT)
        self.draw_text(surface, size, (rect.left + rect.h * 0.4, rect.centery), True, rect.w - rect.h * 0.8)
        note, colour = (self.error, theme.BAD) if self.error else ("Enter to accept · Esc to cancel", theme.DIM)
        small = round(size * 0.85)
        for i, line in enumerate(theme.wrap(note, small, round(surface.get_width() * 0.94), True)[:2]):
            theme.blit_text(surface, line, small, (rect.centerx, rect.bottom + size * 0.4 + i * small * 1.25),
                            colour, True, "midtop")


def draw_stars(surface: pygame.Surface, center, n: int, size: float, of: int = 3) -> None:
    """``of`` stars in a row, the first ``n`` filled gold."""
    cx, cy = center
    for i in range(of):
        x = cx + (i - (of - 1) / 2) * size * 1.15
        pts = [(x + math.sin(k * math.pi / 5) * (size / 2 if k % 2 == 0 else size / 4.6),
                cy - math.cos(k * math.pi / 5) * (size / 2 if k % 2 == 0 else size / 4.6)) for k in range(10)]
        if i < n:
            pygame.draw.polygon(surface, theme.ACCENT, pts)
        else:
            pygame.draw.polygon(surface, theme.DIM, pts, max(1, round(size / 14)))
