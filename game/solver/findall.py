"""Find-all puzzle maker (RULES.md §6): seeded tables holding exactly N Sets.

The tables come from ``game.variants.findall.make_table`` (one way to make
them); this module names the two puzzle levels.

>>> from game.cards import find_sets
>>> cards, sets = puzzle(3, "basic")
>>> len(cards), sets, len(find_sets(cards))
(9, 4, 4)
"""

from __future__ import annotations

from ..cards import Card
from ..variants.findall import make_table

LEVELS = {"basic": (9, 4), "advanced": (12, 6)}  # level -> (cards, Sets)


def puzzle(seed: int, level: str = "advanced") -> tuple[list[Card], int]:
    """(table, Sets): the table of a find-all puzzle of ``level`` made from ``seed``.

    :raises ValueError: on an unknown level or a bad seed.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown find-all level {level!r}: one of {', '.join(LEVELS)}")
    size, sets = LEVELS[level]
    return make_table(seed, size, sets), sets


__all__ = ["LEVELS", "make_table", "puzzle"]
