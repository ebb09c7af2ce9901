"""Solitaire-Set with points (RULES.md §2): a par found by beam search — a lower bound, never a proof.

The search plays the deal on its own light copy of the rules, built from
the engine's own pieces (``take_and_refill``, the game's seeded stream for
reshuffles), so every line it returns replays move for move in
``game.variants.points``.  Widening beams run until the work budget
(``nodes``: states expanded, never seconds, so every machine finds the same
par) is spent; a beam that could not finish within it is not begun, one cut
short counts for nothing, and the best
final score of the beams that finished wins.

>>> score, moves = par(seed=1, nodes=2_000)
>>> score == replay_score(1, moves)
True
"""

from __future__ import annotations

import time
from typing import NamedTuple

from ..cards import Card, code, find_sets, worth
from ..move import Move
from ..rng import Rng, deal
from ..variants.points import RESHUFFLE_COST, TABLE, Points
from ..variants.table import take_and_refill

WIDTHS = (4, 16, 64, 256, 1024)
GROWTH = 3  # a beam four times as wide costs at least this many times the last one
PAR_NODES = 10_000  # the work budget of a par a player sees: beams up to 256 wide finish (about 0.5 s here)
CARD_VALUE = 0.8  # rough points a card still to play is worth: ranks states that used cards differently


class _State:
    __slots__ = ("table", "deck", "rng", "score", "moves")

    def __init__(self, table: list[int], deck: list[int], rng: int, score: int, moves: list[str]) -> None:
        self.table, self.deck, self.rng, self.score, self.moves = table, deck, rng, score, moves

    def children(self) -> list[_State]:
        sets = find_sets(self.table)
        out = []
        for s in sets:
            table, deck = list(self.table), list(self.deck)
            pts = 1 if len(table) > TABLE else worth(*s)
            take_and_refill(table, deck, s, TABLE)
            out.append(_State(table, deck, self.rng, self.score + pts,
                              self.moves + ["set " + " ".join(code(c) for c in s)]))
        if sets:
            return out
        if self.deck:
            out.append(_State(self.table + self.deck[:1], self.deck[1:], self.rng, self.score,
                              self.moves + ["add"]))
        if self.deck or len(self.table) > TABLE:
            rng = Rng(0)
            rng.state = self.rng
            cards = self.table + self.deck
            rng.shuffle(cards)
            out.append(_State(cards[:TABLE], cards[TABLE:], rng.state, self.score - RESHUFFLE_COST,
                              self.moves + ["reshuffle"]))
        return out

    def key(self) -> tuple[tuple[Card, ...], tuple[Card, ...], int]:
        return (tuple(self.table), tuple(self.deck), self.rng)

    def rank(self) -> float:
        return self.score + CARD_VALUE * (len(self.table) + len(self.deck))


class Par(NamedTuple):
    """A Solitaire-Set par: the best score found (a lower bound) and its line."""

    score: int
    moves: list[str]


def par(seed: int, limit: float | None = None, nodes: int | None = None) -> Par:
    """(score, moves): the best score found for the deal of ``seed`` within a budget.

    The budget is ``nodes`` states expanded (``PAR_NODES`` when neither
    ``nodes`` nor ``limit`` is given) and, when given, ``limit`` seconds;
    only a budget of work alone gives the same par on every machine.
    A lower bound on the best possible score (shown as "≥").  The line
    plays the deal out: it ends when the deck is empty and no Set is left.

    :raises ValueError: on a bad seed or a budget not above 0.
    """
    if nodes is None and limit is None:
        nodes = PAR_NODES
    if (nodes is not None and nodes <= 0) or (limit is not None and not limit > 0):
        raise ValueError(f"a search budget is more than 0, not nodes={nodes!r}, limit={limit!r}")
    cards = deal(seed)
    return par_from(cards[:TABLE], cards[TABLE:], Rng(seed).fork(1).state, nodes, limit)


def par_from(table: list[Card], deck: list[Card], rng: int, nodes: int | None = None,
             limit: float | None = None) -> Par:
    """``par`` of a deal laid out as ``table`` and ``deck`` (deal order), the game's stream at ``rng``."""
    if nodes is None and limit is None:
        nodes = PAR_NODES
    start = _State(list(table), list(deck), rng, 0, [])
    budget = _Budget(nodes, limit)
    best: _State | None = None
    for width in WIDTHS:
        before = budget.left
        done = _beam(start, width, budget)
        if done is None:
            break
        if budget.left < GROWTH * (before - budget.left):
            break  # the next beam, about four times as dear, could not finish: it is not begun
        if best is None or done.score > best.score:
            best = done
    if best is None:  # not even the narrowest beam finished: play it out greedily
        best = _beam(start, 1, _Budget(None, None))
        assert best is not None  # an unlimited budget always plays the deal out
    return Par(best.score, list(best.moves))


class _Budget:
    """Work (states expanded) and, optionally, seconds a search may still spend."""

    def __init__(self, nodes: int | None, limit: float | None) -> None:
        self.left = nodes if nodes is not None else float("inf")
        self.deadline = time.perf_counter() + limit if limit is not None else None

    def spend(self, n: int) -> bool:
        """Take ``n`` units; False once the budget is spent."""
        self.left -= n
        return self.left >= 0 and (self.deadline is None or time.perf_counter() <= self.deadline)


def _beam(start: _State, width: int, budget: _Budget) -> _State | None:
    """The best played-out state a beam of ``width`` reaches, or None when the budget runs out."""
    beam, best = [start], None
    while beam:
        if not budget.spend(len(beam)):
            return None
        seen, nxt = set(), []
        for st in beam:
            kids = st.children()
            if not kids and (best is None or st.score > best.score):
                best = st
            for k in kids:
                key = k.key()
                if key not in seen:
                    seen.add(key)
                    nxt.append(k)
        nxt.sort(key=_State.rank, reverse=True)
        beam = nxt[:width]
    return best


REACH_NODES = 20_000  # positions one question "can this position still make par?" may visit (``reach``)


class Reach(NamedTuple):
    """Whether a position can still come to a score: "yes" (with a line from it), "no" (proved) or
    "unknown" (the work budget ran out first)."""

    status: str
    moves: list[str]


_VALUES = [tuple(3 * f + c // 3 ** f % 3 for f in range(4)) for c in range(81)]  # card -> its four value slots


def most_points(cards: list[Card]) -> int:
    """At most this many more points from ``cards`` (table and deck): a Set scores one point a feature it
    has all different (fewer while more than 12 lie out), and a feature is all different in at most as
    many disjoint Sets as its rarest value has cards; nor are there more than a third as many Sets.

    >>> most_points([0, 1, 2])  # three cards differing in one feature
    1
    """
    return _most(_counts(cards), len(cards))


def _counts(cards: list[Card]) -> list[int]:
    counts = [0] * 12
    for c in cards:
        for v in _VALUES[c]:
            counts[v] += 1
    return counts


def _most(counts: list[int], n: int) -> int:
    return min(4 * (n // 3), min(counts[0:3]) + min(counts[3:6]) + min(counts[6:9]) + min(counts[9:12]))


def reach(table: list[Card], deck: list[Card], rng: int, score: int, target: int,
          nodes: int = REACH_NODES) -> Reach:
    """Can the score come to ``target`` from a position: ``table`` and ``deck`` (in deal order), the
    game's stream at ``rng`` (reshuffles draw from it), ``score`` points so far?

    A depth-first search over Sets, adds and reshuffles (no hints: a hint costs nothing but moves the
    stream, and the search does not spend them), best-scoring Sets first; a branch whose points so far
    and ``most_points`` cannot come to ``target`` is cut, and a position reached before with as many
    points is not searched again.  Ends "yes" with a line from the position, "no" when searched through
    within ``nodes`` positions looked at (a proof), else "unknown".
    """
    seen: dict[tuple[tuple[Card, ...], tuple[Card, ...], int], int] = {}
    count = [0]
    line: list[str] = []

    def search(st: _State, counts: list[int], n: int) -> bool:
        count[0] += 1
        if count[0] > nodes:
            raise _Spent
        if st.score >= target:
            return True
        if st.score + _most(counts, n) < target:
            return False
        key = st.key()
        if seen.get(key, -10**9) >= st.score:
            return False
        seen[key] = st.score
        kids = _moves(st)
        kids.sort(key=lambda k: -k.score)
        for k in kids:
            move = k.moves[-1]
            after, m = counts, n
            if move.startswith("set"):
                after = list(counts)
                for c in Move.parse(move).cards:
                    for v in _VALUES[c]:
                        after[v] -= 1
                m = n - 3
            line.append(move)
            if search(k, after, m):
                return True
            line.pop()
        return False

    cards = list(table) + list(deck)
    try:
        found = search(_State(list(table), list(deck), rng, score, []), _counts(cards), len(cards))
    except _Spent:
        return Reach("unknown", [])
    return Reach("yes", list(line)) if found else Reach("no", [])


def _moves(st: _State) -> list[_State]:
    """Every move from ``st`` but a hint or the end: each Set, an add, a reshuffle."""
    out = []
    for s in find_sets(st.table):
        table, deck = list(st.table), list(st.deck)
        pts = 1 if len(table) > TABLE else worth(*s)
        take_and_refill(table, deck, s, TABLE)
        out.append(_State(table, deck, st.rng, st.score + pts, ["set " + " ".join(code(c) for c in s)]))
    if st.deck:
        out.append(_State(st.table + st.deck[:1], st.deck[1:], st.rng, st.score, ["add"]))
    if st.deck or len(st.table) > TABLE:
        rng = Rng(0)
        rng.state = st.rng
        cards = st.table + st.deck
        rng.shuffle(cards)
        out.append(_State(cards[:TABLE], cards[TABLE:], rng.state, st.score - RESHUFFLE_COST, ["reshuffle"]))
    return out


class _Spent(Exception):
    pass


def replay_score(seed: int, moves: list[str]) -> int:
    """The engine's score after playing ``moves`` on the deal of ``seed``.

    :raises IllegalMove: when a move does not replay.
    """
    g = Points(seed=seed)
    for m in moves:
        g.play(m)
    score: int = g.score
    return score
