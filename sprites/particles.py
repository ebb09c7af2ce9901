"""A burst of sparks for a megaset (and a smaller one for a win).

Particles are pure decoration (not part of any replay), so they use their
own small generator seeded by the scene.
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
        self.parts = []
        for _ in range(n):
            a = rnd.uniform(0, 2 * math.pi)
            v = speed * rnd.uniform(0.35, 1.0)
            life = rnd.uniform(0.7, 1.3)
            self.parts.append([center[0], center[1], math.cos(a) * v, math.sin(a) * v - 140, life, life,
                               rnd.choice(colors), rnd.uniform(2.5, 5.5)])

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

    def bounds(self) -> pygame.Rect:
        if not self.parts:
            return pygame.Rect(0, 0, 0, 0)
        xs = [p[0] for p in self.parts]
        ys = [p[1] for p in self.parts]
        return pygame.Rect(min(xs) - 8, min(ys) - 8, max(xs) - min(xs) + 16, max(ys) - min(ys) + 16)

    def draw(self, surface: pygame.Surface) -> None:
        for x, y, _vx, _vy, life, full, color, size in self.parts:
            r = max(1, round(size * life / full))
            pygame.draw.circle(surface, color, (round(x), round(y)), r)
