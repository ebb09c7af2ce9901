"""HUD widgets shared by every scene: buttons, floating score text, toasts, the call ring.

Widgets read positions from ``event.pos`` (never the live mouse), keep
their own small animation state advanced by ``update(dt)``, and draw
cached text.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from .theme import ACCENT, BUTTON, BUTTON_HOVER, BUTTON_OFF, DIM, INK, MUTED, blit_text, text, text_size, wrap


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
    """A '+3' or '−2' that rises and fades where something happened.

    With ``area`` (a player's row in the side panel, a corner of the top bar) it stays inside it: its
    size fits the area's height, it rises from the area's foot to its top, and nothing of it is drawn
    outside, so it never looks like another row's.
    """

    LIFE = 1.1

    def __init__(self, s: str, pos: tuple[float, float], color, size: int,
                 area: pygame.Rect | None = None) -> None:
        self.area = pygame.Rect(area) if area is not None else None
        if self.area is not None:
            size = max(8, min(size, round(self.area.h * 0.5)))
        self.s, self.pos, self.color, self.size = s, pos, color, size
        self.t = 0.0
        self._shown: tuple[float, pygame.Surface] | None = None  # (t, image): a frame drawn in parts fades it once

    @property
    def dead(self) -> bool:
        return self.t >= self.LIFE

    def update(self, dt: float) -> None:
        self.t += dt

    def bounds(self) -> pygame.Rect:
        """The area it covers over its whole life (it rises 60 px; in an area, the area)."""
        if self.area is not None:
            return self.area.copy()
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

    def rect(self) -> pygame.Rect:
        """Where the text is now: risen from where it started (in an area: from its foot to its top)."""
        k = min(1.0, self.t / self.LIFE)
        img = self.image()
        rise = 1 - (1 - k) ** 2
        x, y = self.pos
        r = img.get_rect()
        if self.area is None:
            r.center = (round(x), round(y - 60 * rise))
            return r
        a = self.area
        low, high = a.bottom - r.h / 2, a.top + r.h / 2
        r.center = (round(x), round(low + (high - low) * rise) if low > high else a.centery)
        return r.clamp(a)

    def draw(self, surface: pygame.Surface) -> None:
        img, r = self.image(), self.rect()
        if self.area is None:
            surface.blit(img, r)
            return
        clip = surface.get_clip()
        surface.set_clip(clip.clip(self.area))
        surface.blit(img, r)
        surface.set_clip(clip)


BREAKS = {";": 0.8, "—": 0.8, ":": 0.9, ",": 0.95}  # a line of a two-line message best ends after these


def two_lines(s: str, size: int, width: int) -> list[str] | None:
    """``s`` split into two lines (bold, ``size``) no wider than ``width`` each, as even as may be and
    after a stop where one is near (None: it does not fit in two)."""
    words = s.split(" ")
    best: tuple[float, list[str]] | None = None
    for i in range(1, len(words)):
        first, second = " ".join(words[:i]), " ".join(words[i:])
        if words[i] == "—":
            continue  # a dash opens no line
        w1, w2 = text_size(first, size, True)[0], text_size(second, size, True)[0]
        if max(w1, w2) > width:
            continue
        score = max(w1, w2) * BREAKS.get(first[-1], 1.0)
        if best is None or score < best[0]:
            best = (score, [first, second])
    return best[1] if best else None


def shorten(s: str, size: int, width: int) -> str:
    """``s`` cut with an ellipsis to fit ``width`` (bold, ``size``)."""
    while s and text_size(s + "…", size, True)[0] > width:
        s = s[:-1]
    return s.rstrip() + "…"


class Toast:
    """News under the board ('Not a Set — colour: two red, one green'); fades after a while.

    It is shown in a message area (``draw_in``): on one line when it fits, else on two lines in a
    slightly smaller size, always inside the area (the bottom strip, clear of the deck's count).
    """

    PAD = (14, 6)  # the box's margin around the words, px
    PITCH = 1.05  # two lines' distance, in text sizes

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

    def fade(self) -> float:
        """How opaque it is now: 1, then down to 0 over its last 0.4 s in steps of 1/20 (a region drawn
        again when the step changes shows what a whole redraw would)."""
        return round(min(1.0, (self.life - self.t) / 0.4) * 20) / 20

    def lines(self, area: pygame.Rect, size: int) -> tuple[list[str], int]:
        """The message's lines in ``area`` and their text size: one line at ``size`` when it fits, else two
        lines as large as the area's height allows (smaller still when the words need it; past that,
        the second line is cut short)."""
        width = area.w - 2 * self.PAD[0]
        if text_size(self.s, size, True)[0] <= width:
            return [self.s], size
        top = max(8, min(size, int((area.h - 2) / (2 * self.PITCH))))
        for k in range(top, max(8, round(top * 0.8)) - 1, -1):
            both = two_lines(self.s, k, width)
            if both:
                return both, k
        k = max(8, round(top * 0.8))
        first = (wrap(self.s, k, width, True) or [""])[0]
        return [first, shorten(self.s[len(first):].strip(), k, width)], k

    def box(self, area: pygame.Rect, size: int, prefer_x: float) -> pygame.Rect:
        """The message's box: centred on ``prefer_x`` (the board's middle) when it can be, always in ``area``."""
        lines, k = self.lines(area, size)
        w = max(text_size(line, k, True)[0] for line in lines) + 2 * self.PAD[0]
        h = text_size("Ag", k, True)[1] + 2 * self.PAD[1] if len(lines) == 1 else area.h - 2
        r = pygame.Rect(0, 0, min(w, area.w), min(h, area.h))
        r.center = (round(prefer_x), area.centery)
        return r.clamp(area)

    def draw_in(self, surface: pygame.Surface, area: pygame.Rect, size: int, prefer_x: float) -> None:
        """Draw the message in ``area`` (see ``lines`` and ``box``)."""
        if not self.visible:
            return
        fade = self.fade()
        lines, k = self.lines(area, size)
        r = self.box(area, size, prefer_x)
        box = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.rect(box, (0, 0, 0, round(130 * fade)), box.get_rect(), border_radius=min(r.h // 2, 18))
        surface.blit(box, r)
        for n, line in enumerate(lines):
            img = text(line, k, self.color, True)
            if fade < 1:
                img = img.copy()
                img.set_alpha(round(255 * fade))
            dy = (n - (len(lines) - 1) / 2) * k * self.PITCH
            surface.blit(img, img.get_rect(center=(r.centerx, round(r.centery + dy))))

    def draw(self, surface: pygame.Surface, center: tuple[int, int], size: int) -> None:
        """Draw the message on one line centred on ``center`` (where there is no message area)."""
        if not self.visible:
            return
        w = text_size(self.s, size, True)[0] + 2 * self.PAD[0]
        h = text_size("Ag", size, True)[1] + 2 * self.PAD[1]
        self.draw_in(surface, pygame.Rect(center[0] - w // 2, center[1] - h // 2, w, h), size, center[0])


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
