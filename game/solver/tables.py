"""Precomputed card tables the solvers share: third cards, exactly-two pairs, Set partners as bitmasks.

A set of cards is an int bitmask (bit ``c`` for card ``c``), so membership,
removal and "is this pair still here" are single integer operations.

>>> is_cap_mask(mask_of([0, 1, 3]))
True
>>> is_cap_mask(mask_of([0, 1, 2]))
False
"""

from __future__ import annotations

from collections.abc import Iterable

from ..cards import DECK, Card, shared, third

THIRD: list[list[int]] = [[third(a, b) for b in DECK] for a in DECK]
TWO: list[list[bool]] = [[shared(a, b) == 2 for b in DECK] for a in DECK]
# PAIRS[c]: the 40 masks {a, b} that complete a Set with c.
PAIRS: list[tuple[int, ...]] = [
    tuple((1 << a) | (1 << THIRD[c][a]) for a in DECK if a != c and a < THIRD[c][a]) for c in DECK
]


def mask_of(cards: Iterable[Card]) -> int:
    """The bitmask of some cards."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_of(mask: int) -> list[Card]:
    """The cards of a bitmask, in index order.

    >>> cards_of(0b1011)
    [0, 1, 3]
    """
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def is_cap_mask(mask: int) -> bool:
    """True when the cards of ``mask`` hold no Set."""
    for c in cards_of(mask):
        for p in PAIRS[c]:
            if mask & p == p:
                return False
    return True


def dead_mask(present: int, pool: int) -> int:
    """The cards of ``present`` that can never again be in a Set.

    A card is dead when no Set-partner pair lies wholly in ``pool`` (the cards
    that are or may become available) among cards not themselves dead; the
    rule is applied until nothing changes, since a dead card is never removed
    and so never completes a Set for anyone else.
    """
    live = pool
    dead = 0
    changed = True
    while changed:
        changed = False
        for c in cards_of(present & live):
            rest = live & ~(1 << c)
            for p in PAIRS[c]:
                if rest & p == p:
                    break
            else:
                live &= ~(1 << c)
                dead |= 1 << c
                changed = True
    return dead
