"""HUD widgets shared by every scene: buttons, floating score text, toasts, the call ring.

Widgets read positions from ``event.pos`` (never the live mouse), keep
their own small animation state advanced by ``update(dt)``, and draw
cached text.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from .theme import ACCENT, BUTTON, BUTTON_HOVER, BUTTON_OFF, DIM, INK, MUTED, blit_text, text


class Button:
    """A clickable box with a label and the key that does the same thing."""

    def __init__(self, label: str, action: Callable[[], None], key: str = "", enabled: bool = True,
                 accent: bool = False) -> None:
        self.label = label
        self.action = action
        self.key = key
        self.enabled = enabled
        self.accent = accent
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.hover = False
        self.focus = False

    def handle_event(self, e: pygame.event.Event) -> bool:
        """Hover on motion; run the action on a left click inside. True when consumed."""
        if e.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(e.pos)
            return False
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1 and self.rect.collidepoint(e.pos):
            if self.enabled:
                self.action()
            return True
        return False

    def badge_colors(self) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
        """(text, outline) of the key badge: dark on the bright accent fill, light on every dark fill
        (a disabled accent button is dark too)."""
        if self.accent and self.enabled:
            return (40, 34, 24), (60, 50, 30)
        return MUTED, INK if self.enabled else DIM

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        if r.w <= 0:
            return
        lit = self.enabled and (self.hover or self.focus)
        if not self.enabled:
            fill = BUTTON_OFF
        elif self.accent:
            fill = (255, 210, 110) if lit else ACCENT
        else:
            fill = BUTTON_HOVER if lit else BUTTON
        rad = max(6, r.h // 4)
        pygame.draw.rect(surface, fill, r, border_radius=rad)
        if self.focus and self.enabled:
            pygame.draw.rect(surface, (255, 255, 255), r, width=2, border_radius=rad)
        size = max(12, int(r.h * 0.46))
        ink = (30, 26, 20) if self.accent and self.enabled else INK if self.enabled else DIM
        if self.key:
            key_ink, edge = self.badge_colors()
            key_img = text(self.key, max(10, int(size * 0.78)), key_ink, True)
            label_img = text(self.label, size, ink, True)
            gap = size // 2
            total = label_img.get_width() + gap + key_img.get_width() + 10
            if total <= r.w - 8:
                x = r.centerx - total // 2
                surface.blit(label_img, label_img.get_rect(midleft=(x, r.centery)))
                kr = key_img.get_rect(midleft=(x + label_img.get_width() + gap + 5, r.centery))
                pygame.draw.rect(surface, (0, 0, 0, 0), kr.inflate(10, 6), width=1, border_radius=4)
                pygame.draw.rect(surface, edge, kr.inflate(10, 6), width=1, border_radius=4)
                surface.blit(key_img, kr)
                return
        blit_text(surface, self.label, size, r.center, ink, True, "center")


def stack_buttons(buttons: list[Button], rect: pygame.Rect, height: int, gap: int) -> None:
    """Lay buttons out top to bottom in ``rect``, full width."""
    y = rect.top
    for b in buttons:
        b.rect = pygame.Rect(rect.left, y, rect.w, height)
        y += height + gap


def row_buttons(buttons: list[Button], rect: pygame.Rect, gap: int) -> None:
    """Lay buttons out left to right filling ``rect``."""
    if not buttons:
        return
    w = (rect.w - gap * (len(buttons) - 1)) / len(buttons)
    for i, b in enumerate(buttons):
        b.rect = pygame.Rect(round(rect.left + i * (w + gap)), rect.top, round(w), rect.h)


class FloatText:
    """A '+3' or '−2' that rises and fades where something happened."""

    LIFE = 1.1

    def __init__(self, s: str, pos: tuple[float, float], color, size: int) -> None:
        self.s, self.pos, self.color, self.size = s, pos, color, size
        self.t = 0.0
        self._shown: tuple[float, pygame.Surface] | None = None  # (t, image): a frame drawn in parts fades it once

    @property
    def dead(self) -> bool:
        return self.t >= self.LIFE

    def update(self, dt: float) -> None:
        self.t += dt

    def bounds(self) -> pygame.Rect:
        """The area it covers over its whole life (it rises 60 px)."""
        w = round(self.size * 0.9 * len(self.s) * 1.4) + 24
        r = pygame.Rect(0, 0, w, 60 + self.size * 2)
        r.midbottom = (round(self.pos[0]), round(self.pos[1] + self.size))
        return r

    def image(self) -> pygame.Surface:
        """The text as it is now: faded, and popped larger at first (made once per moment)."""
        if self._shown is not None and self._shown[0] == self.t:
            return self._shown[1]
        k = min(1.0, self.t / self.LIFE)
        img = text(self.s, self.size, self.color, True).copy()
        img.set_alpha(round(255 * (1 - k * k)))
        pop = 1 + 0.4 * max(0.0, 1 - self.t * 6)
        if pop > 1.01:
            img = pygame.transform.smoothscale_by(img, pop)
        self._shown = (self.t, img)
        return img

    def draw(self, surface: pygame.Surface) -> None:
        k = min(1.0, self.t / self.LIFE)
        img = self.image()
        x, y = self.pos
        surface.blit(img, img.get_rect(center=(round(x), round(y - 60 * (1 - (1 - k) ** 2)))))


class Toast:
    """One line of news under the board ('color: two red, one green'); fades after a while."""

    def __init__(self) -> None:
        self.s = ""
        self.color = INK
        self.t = 0.0
        self.life = 0.0

    def show(self, s: str, color=INK, life: float = 3.5) -> None:
        self.s, self.color, self.t, self.life = s, color, 0.0, life

    def clear(self) -> None:
        """Take the line away at once (news that stopped being true)."""
        self.s = ""

    @property
    def visible(self) -> bool:
        return bool(self.s) and self.t < self.life

    def update(self, dt: float) -> None:
        if self.s:
            self.t += dt

    def draw(self, surface: pygame.Surface, center: tuple[int, int], size: int) -> None:
        if not self.visible:
            return
        fade = min(1.0, (self.life - self.t) / 0.4)
        img = text(self.s, size, self.color, True)
        if fade < 1:
            img = img.copy()
            img.set_alpha(round(255 * fade))
        r = img.get_rect(center=center)
        box = pygame.Surface(r.inflate(28, 12).size, pygame.SRCALPHA)
        pygame.draw.rect(box, (0, 0, 0, round(110 * fade)), box.get_rect(), border_radius=box.get_height() // 2)
        surface.blit(box, r.inflate(28, 12))
        surface.blit(img, r)


def ring(surface: pygame.Surface, center: tuple[int, int], radius: int, fraction: float, color,
         width: int = 5) -> None:
    """A countdown ring: the remaining ``fraction`` (0..1) of a circle, clockwise from the top."""
    pygame.draw.circle(surface, (255, 255, 255, 40), center, radius, max(1, width // 2))
    if fraction <= 0:
        return
    rect = pygame.Rect(0, 0, 2 * radius, 2 * radius)
    rect.center = center
    start = math.pi / 2
    pygame.draw.arc(surface, color, rect, start, start + 2 * math.pi * min(1.0, fraction), width)


def clock_text(seconds: float) -> str:
    """'m:ss' for a clock.

    >>> clock_text(75.4), clock_text(0)
    ('1:15', '0:00')
    """
    s = max(0, int(seconds))
    return f"{s // 60}:{s % 60:02d}"
