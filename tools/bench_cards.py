"""Rules-core figures: find_sets on 12 and 21 cards, legal_moves on a 21-card classic table."""

from __future__ import annotations

from timing import per_call_us

from game.cards import find_sets, is_cap
from game.rng import deal
from game.variants import new


def _cap(n: int) -> list[int]:
    """n cards holding no Set, built greedily from a deal (so find_sets scans them all)."""
    out: list[int] = []
    for c in deal(3):
        if is_cap(out + [c]):
            out.append(c)
        if len(out) == n:
            return out
    raise RuntimeError("no cap that large")


def run() -> dict:
    twelve = deal(1)[:12]
    twenty_one = deal(1)[:21]
    g = new("classic", seed=1, players=4)
    g.table = list(twenty_one)  # a 21-card table, as after six rounds of +3
    return {
        "find_sets_12_us": per_call_us(lambda: find_sets(twelve)),
        "find_sets_21_us": per_call_us(lambda: find_sets(twenty_one)),
        "find_sets_20_cap_us": per_call_us(lambda: find_sets(_CAP20)),
        "classic_legal_moves_21_us": per_call_us(g.legal_moves),
        "goal": "find_sets on 21 cards <= 20 us",
    }


_CAP20 = _cap(16)
