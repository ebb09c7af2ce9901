"""The project's own seeded random numbers: SplitMix64, Fisher–Yates, deals, daily seeds.

Python's ``random`` is not used for anything a player can replay: its
algorithms are not promised stable across versions.  Everything here is
fixed forever once released; golden tests pin it.

SplitMix64 (Steele, Lea & Flood 2014): a 64-bit state advanced by the golden
gamma ``0x9E3779B97F4A7C15`` and mixed by two xor-shift-multiply rounds.
Bounded draws use rejection sampling, so every value is equally likely.

>>> r = Rng(0)
>>> hex(r.next_u64())
'0xe220a8397b1dcdaf'
"""

from __future__ import annotations

import datetime as _dt
import hashlib
from collections.abc import Sequence
from typing import Any, TypeVar

from .cards import DECK, Card

T = TypeVar("T")

MASK64 = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15


class Rng:
    """A SplitMix64 stream.  Its whole state is one int (``state``)."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise ValueError(f"a seed is a whole number ≥ 0, not {seed!r}")
        self.state = seed & MASK64

    def next_u64(self) -> int:
        """The next 64-bit output."""
        self.state = (self.state + GAMMA) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform int in 0..n-1 (rejection sampling: no modulo bias).

        >>> Rng(1).below(1)
        0

        :raises ValueError: if n < 1.
        """
        if n < 1:
            raise ValueError("below(n) needs n ≥ 1")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def shuffle(self, items: list[Any]) -> None:
        """Shuffle a list in place (Fisher–Yates, from the back)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: Sequence[T]) -> T:
        """One item, uniformly.


        :raises ValueError: on an empty sequence.
        """
        if not items:
            raise ValueError("choice from an empty sequence")
        return items[self.below(len(items))]

    def fork(self, salt: int) -> Rng:
        """A new independent stream derived from this one and ``salt``.

        Does not advance this stream.
        """
        mix = Rng((self.state ^ (salt * GAMMA)) & MASK64)
        return Rng(mix.next_u64())


def deal(seed: int) -> list[Card]:
    """The 81 cards shuffled by ``seed``: the one seam every deal goes through.

    >>> len(set(deal(42)))
    81
    """
    cards = list(DECK)
    Rng(seed).shuffle(cards)
    return cards


def daily_seed(date: _dt.date | str, mode: str) -> int:
    """The seed of a mode's daily deal: first 8 bytes (big-endian) of
    SHA-256 of ``"setarcade:YYYY-MM-DD:mode"``.

    >>> daily_seed("2026-11-21", "pillars") == daily_seed(_dt.date(2026, 11, 21), "pillars")
    True

    :raises ValueError: on an unknown mode or a bad date.
    """
    from .variants import MODES  # the registry (variants import this module: read it at call time)

    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r}: one of {', '.join(MODES)}")
    if isinstance(date, str):
        try:
            date = _dt.date.fromisoformat(date)
        except ValueError:
            raise ValueError(f"not a date: {date!r} (use YYYY-MM-DD)") from None
    text = f"setarcade:{date.isoformat()}:{mode}".encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big")
