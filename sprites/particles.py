"""A burst of sparks for a megaset (and a smaller one for a win).

Particles are pure decoration (not part of any replay), so they use their
own small generator seeded by the scene.  A spark is a small cached image of
its circle (opaque inside, clear outside), all of them blitted in one call:
the pixels of drawing each circle, a tenth of the calls.
"""

from __future__ import annotations

import math
import random

import pygame

GRAVITY = 520.0


class Burst:
    """Sparks flying out from a point, falling and fading."""

    def __init__(self, center: tuple[float, float], colors, n: int = 70, speed: float = 420.0,
                 seed: int = 0) -> None:
        rnd = random.Random(seed)
        self.parts: list[list] = []
        for _ in range(n):
            a = rnd.uniform(0, 2 * math.pi)
            v = speed * rnd.uniform(0.35, 1.0)
            life = rnd.uniform(0.7, 1.3)
            self.parts.append([center[0], center[1], math.cos(a) * v, math.sin(a) * v - 140, life, life,
                               tuple(rnd.choice(colors)), rnd.uniform(2.5, 5.5)])
        self._bounds = self._measure()
        self._sparks: list | None = None  # (image, place) of each spark as now: a frame drawn in parts lists them once

    @property
    def dead(self) -> bool:
        return not self.parts

    def update(self, dt: float) -> None:
        alive = []
        for p in self.parts:
            p[0] += p[2] * dt
            p[1] += p[3] * dt
            p[3] += GRAVITY * dt
            p[2] *= 1 - 0.8 * dt
            p[4] -= dt
            if p[4] > 0:
                alive.append(p)
        self.parts = alive
        self._bounds = self._measure()
        self._sparks = None

    def _measure(self) -> pygame.Rect:
        if not self.parts:
            return pygame.Rect(0, 0, 0, 0)
        xs = [p[0] for p in self.parts]
        ys = [p[1] for p in self.parts]
        return pygame.Rect(min(xs) - 8, min(ys) - 8, max(xs) - min(xs) + 16, max(ys) - min(ys) + 16)

    def bounds(self) -> pygame.Rect:
        """The area the sparks cover now (worked out once an update)."""
        return self._bounds.copy()

    def draw(self, surface: pygame.Surface) -> None:
        if not surface.get_clip().colliderect(self._bounds):
            return
        sparks = self._sparks
        if sparks is None:
            sparks = self._sparks = []
            for x, y, _vx, _vy, life, full, color, size in self.parts:
                r = max(1, round(size * life / full))
                sparks.append((dot(color, r), (round(x) - r - 1, round(y) - r - 1)))
        surface.blits(sparks, doreturn=False)


_dots: dict[tuple, pygame.Surface] = {}


def dot(color, r: int) -> pygame.Surface:
    """``pygame.draw.circle(surface, color, (r + 1, r + 1), r)`` on a clear surface, cached: blitted with
    its top left ``r + 1`` px up and left of a centre, it sets the pixels the circle would."""
    key = (tuple(color), r)
    img = _dots.get(key)
    if img is None:
        img = pygame.Surface((2 * r + 3, 2 * r + 3), pygame.SRCALPHA)
        pygame.draw.circle(img, color, (r + 1, r + 1), r)
        if pygame.display.get_surface():
            img = img.convert_alpha()
        if len(_dots) > 200:
            _dots.clear()
        _dots[key] = img
    return img
