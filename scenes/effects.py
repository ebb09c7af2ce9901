"""Effects a play scene shows over its cards: floating texts ("+1") and particle bursts (a megaset, a win).

A play scene holds one ``Effects``; it updates them, answers their bounds
for the redraw tracker, and draws them last.
"""

from __future__ import annotations

import pygame

from sprites import theme
from sprites.hud import FloatText
from sprites.particles import Burst


class Effects:
    """The floating texts and bursts now in flight."""

    def __init__(self) -> None:
        self.floats: list[FloatText] = []
        self.bursts: list[Burst] = []
        self.seed = 0  # bursts made so far: each one's particles are seeded by it

    def float_text(self, s: str, pos, color, unit: float, area: pygame.Rect | None = None) -> None:
        """A rising text at ``pos`` (with ``area``: kept inside it, see ``FloatText``)."""
        self.floats.append(FloatText(s, pos, color, round(unit * 2.2), area))

    def burst(self, pos, palette: str, unit: float) -> None:
        self.seed += 1
        colors = list(theme.PALETTES[palette]) + [theme.ACCENT]
        self.bursts.append(Burst(pos, colors, 90, unit * 22, self.seed))

    def update(self, dt: float) -> None:
        for f in self.floats:
            f.update(dt)
        self.floats = [f for f in self.floats if not f.dead]
        for b in self.bursts:
            b.update(dt)
        self.bursts = [b for b in self.bursts if not b.dead]

    @property
    def busy(self) -> bool:
        return bool(self.floats or self.bursts)

    def bounds(self) -> list[pygame.Rect]:
        return [f.bounds() for f in self.floats] + [b.bounds() for b in self.bursts]

    def draw(self, surface: pygame.Surface, clipped: bool = False) -> None:
        """Draw them all (``clipped``: skip one outside the surface's clip)."""
        clip = surface.get_clip()
        for f in self.floats:
            if not clipped or clip.colliderect(f.bounds()):
                f.draw(surface)
        for b in self.bursts:
            if not clipped or clip.colliderect(b.bounds()):
                b.draw(surface)
