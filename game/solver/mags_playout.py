"""Quick random lines through a Mag's deal: a first par for the search to beat.

A playout takes a Set of tops while there is one (a random one), sometimes
moves a top into an empty pile, and deals when nothing else is done; its
randomness comes from the project's own seeded stream, so the lines (and
the par they give) are the same on every machine.  The search starts from
the best of them: a better first line both raises the par shown when no
proof is reached and lets the bound cut sooner.

>>> from ..rng import deal
>>> sets, line = best_playout(deal(1), 8)
>>> sets == sum(m.startswith("set") for m in line)
True
"""

from __future__ import annotations

from ..cards import Card, code
from ..rng import Rng
from .tables import THIRD

SALT = 0x4D414753  # the playouts' own stream


def playout(cards: list[Card], piles: int, rng: Rng) -> tuple[int, list[str]]:
    """(Sets made, the line in the engine's notation) of one random line through the deal."""
    rounds = len(cards) // piles
    stacks = [[c] for c in cards[:piles]]
    line: list[str] = []
    made, rnd = 0, 1
    while True:
        while True:
            where = {p[-1]: i for i, p in enumerate(stacks) if p}
            tops = sorted(where)
            sets = [(a, b, THIRD[a][b]) for k, a in enumerate(tops) for b in tops[k + 1:]
                    if THIRD[a][b] > b and THIRD[a][b] in where]
            if sets:
                s = sets[rng.below(len(sets))]
                for c in s:
                    stacks[where[c]].pop()
                line.append("set " + " ".join(code(c) for c in s))
                made += 1
                continue
            empty = [i for i, p in enumerate(stacks) if not p]
            tall = [i for i, p in enumerate(stacks) if len(p) > 1]
            if empty and tall and rnd < rounds and rng.below(2):
                i = tall[rng.below(len(tall))]
                stacks[empty[0]].append(stacks[i].pop())
                line.append(f"move {code(stacks[empty[0]][-1])} > {empty[0] + 1}")
                continue
            break
        if rnd == rounds:
            return made, line
        for i, p in enumerate(stacks):
            p.append(cards[piles * rnd + i])
        line.append("deal")
        rnd += 1


def best_playout(cards: list[Card], tries: int, piles: int = 9) -> tuple[int, list[str]]:
    """The most Sets of ``tries`` playouts (the first such line), and its line.

    :raises ValueError: if ``tries`` < 1.
    """
    if tries < 1:
        raise ValueError(f"at least one playout, not {tries!r}")
    rng = Rng(SALT)
    best: tuple[int, list[str]] = (-1, [])
    for _ in range(tries):
        got = playout(cards, piles, rng)
        if got[0] > best[0]:
            best = got
    return best
