"""Tweens: a value moving from A to B over a time, advanced by ``update(dt)``.

Nothing here reads a clock; the scene passes the time step in.

>>> t = Tween(0.0, 10.0, 1.0, ease=linear)
>>> t.update(0.5); t.value
5.0
>>> t.update(1.0); t.value, t.done
(10.0, True)
"""

from __future__ import annotations

import math
from collections.abc import Callable

Ease = Callable[[float], float]


def linear(t: float) -> float:
    return t


def out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def in_out_cubic(t: float) -> float:
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def in_cubic(t: float) -> float:
    return t * t * t


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


class Tween:
    """A number (or tuple of numbers) going from ``start`` to ``end`` in ``duration`` seconds.

    ``delay`` seconds pass before it starts moving.
    """

    def __init__(self, start, end, duration: float, ease: Ease = out_cubic, delay: float = 0.0) -> None:
        self.start, self.end = start, end
        self.duration = max(1e-6, duration)
        self.ease = ease
        self.elapsed = -delay
        self.value = start
        self._pair = isinstance(start, tuple) and len(start) == 2  # a position: worked out without a loop

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration

    def update(self, dt: float) -> None:
        self.elapsed += dt
        t = min(1.0, max(0.0, self.elapsed / self.duration))
        k = self.ease(t)
        start, end = self.start, self.end
        if self._pair:
            (x0, y0), (x1, y1) = start, end
            self.value = (x0 + (x1 - x0) * k, y0 + (y1 - y0) * k)
        elif isinstance(start, tuple):
            self.value = tuple(lerp(a, b, k) for a, b in zip(start, end))
        else:
            self.value = start + (end - start) * k


def shake(t: float, amplitude: float, cycles: float = 4.0) -> float:
    """A damped side-to-side offset for a wrong pick, ``t`` in 0..1."""
    return amplitude * (1 - t) * math.sin(t * cycles * 2 * math.pi)
