"""Solitaire-Set with points (RULES.md §2): a par found by beam search — a lower bound, never a proof.

The search plays the deal on its own light copy of the rules, built from
the engine's own pieces (``take_and_refill``, the game's seeded stream for
reshuffles), so every line it returns replays move for move in
``game.variants.points``.  Widening beams run until the time limit; the
best final score wins.

>>> score, moves = par(seed=1, limit=0.3)
>>> score == replay_score(1, moves)
True
"""

from __future__ import annotations

import time
from typing import NamedTuple

from ..cards import code, find_sets, worth
from ..rng import Rng, deal
from ..variants.points import RESHUFFLE_COST, TABLE
from ..variants.table import take_and_refill

WIDTHS = (4, 16, 64, 256, 1024)
CARD_VALUE = 0.8  # rough points a card still to play is worth: ranks states that used cards differently


class _State:
    __slots__ = ("table", "deck", "rng", "points", "moves")

    def __init__(self, table: list[int], deck: list[int], rng: int, points: int, moves: list[str]) -> None:
        self.table, self.deck, self.rng, self.points, self.moves = table, deck, rng, points, moves

    def children(self) -> list[_State]:
        sets = find_sets(self.table)
        out = []
        for s in sets:
            table, deck = list(self.table), list(self.deck)
            pts = 1 if len(table) > TABLE else worth(*s)
            take_and_refill(table, deck, s, TABLE)
            out.append(_State(table, deck, self.rng, self.points + pts,
                              self.moves + ["set " + " ".join(code(c) for c in s)]))
        if sets:
            return out
        if self.deck:
            out.append(_State(self.table + self.deck[:1], self.deck[1:], self.rng, self.points,
                              self.moves + ["add"]))
        if self.deck or len(self.table) > TABLE:
            rng = Rng(0)
            rng.state = self.rng
            cards = self.table + self.deck
            rng.shuffle(cards)
            out.append(_State(cards[:TABLE], cards[TABLE:], rng.state, self.points - RESHUFFLE_COST,
                              self.moves + ["reshuffle"]))
        return out

    def key(self) -> tuple:
        return (tuple(self.table), tuple(self.deck), self.rng)

    def rank(self) -> float:
        return self.points + CARD_VALUE * (len(self.table) + len(self.deck))


class Par(NamedTuple):
    """A Solitaire-Set par: the best score found (a lower bound) and its line."""

    score: int
    moves: list[str]


def par(seed: int, limit: float = 5.0) -> Par:
    """(score, moves): the best score found for the deal of ``seed`` within ``limit`` seconds.

    A lower bound on the best possible score (shown as "≥").  The line
    plays the deal out: it ends when the deck is empty and no Set is left.

    :raises ValueError: on a bad seed.
    """
    cards = deal(seed)
    start = _State(cards[:TABLE], cards[TABLE:], Rng(seed).fork(1).state, 0, [])
    deadline = time.perf_counter() + limit
    best: _State | None = None
    for width in WIDTHS:
        done = _beam(start, width, deadline)
        if done is None:
            break
        if best is None or done.points > best.points:
            best = done
    if best is None:  # not even the narrowest beam finished: play it out greedily
        best = _beam(start, 1, float("inf"))
    return Par(best.points, list(best.moves))


def _beam(start: _State, width: int, deadline: float) -> _State | None:
    """The best played-out state a beam of ``width`` reaches, or None at the deadline."""
    beam, best = [start], None
    while beam:
        if time.perf_counter() > deadline:
            return None
        seen, nxt = set(), []
        for st in beam:
            kids = st.children()
            if not kids and (best is None or st.points > best.points):
                best = st
            for k in kids:
                key = k.key()
                if key not in seen:
                    seen.add(key)
                    nxt.append(k)
        nxt.sort(key=_State.rank, reverse=True)
        beam = nxt[:width]
    return best


def replay_score(seed: int, moves: list[str]) -> int:
    """The engine's score after playing ``moves`` on the deal of ``seed``.

    :raises IllegalMove: when a move does not replay.
    """
    from ..variants import new

    g = new("points", seed=seed)
    for m in moves:
        g.play(m)
    return g.score
