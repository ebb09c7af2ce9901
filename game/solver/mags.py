"""Mag's Set Solitaire par (RULES.md §4): the most Sets perfect play makes on a known deal order.

A depth-first branch and bound over the solver's own state: the nine piles
as tuples (bottom first) and the round.  Every state is searched once (the
Sets made so far follow from the state, so a second visit cannot do
better), and a branch is cut when the Sets made plus an upper bound on the
Sets still possible cannot beat the best line found.  When the search ends
inside its work budget the par is exact; otherwise it is the best found, a
lower bound.  The budget is counted in work (``nodes``: a unit per search
step, more for the dear stuck-card count), never in seconds, so the same
deal gets the same par on every machine; a time ``limit`` may be added for
uses where nothing a player keeps depends on it (the demos).

The upper bound: a Set needs three live cards, and a card is dead once no
Set-partner pair among the cards on the table and still to come is live
(``tables.dead_mask``).  When no pile is empty, cards that could never be
cleared without moving a card are never cleared either, provided that
shows no pile can ever empty again (see ``_Par._stuck``).  The cards that
stay hold all those and sum, as vectors of features mod 3, to what the cards
left sum to (``mags_bound.least_left``): one dead card keeps at least two
more back.  So at most (cards left − the fewest that stay) / 3 more Sets.

Lone cards may hop between empty piles, so their arrangement is settled only at the next deal (``_arrangements``), and
states differing only in it are one state.  The search stops at once when
every card is in a Set.

>>> sets, exact, moves = par(seed=1, nodes=20_000)
>>> sets == sum(m.startswith("set") for m in moves)
True
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from itertools import permutations
from typing import NamedTuple

from ..cards import Card, code
from ..rng import deal
from .mags_bound import ZERO, least_left, total
from .mags_playout import best_playout
from .tables import THIRD, cards_of, dead_mask, mask_of

PILES = 9
ROUNDS = 9
# PAIR_CARDS[x]: every (a, b, mask of a and b) completing a Set with x
PAIR_CARDS: list[list[tuple[int, int, int]]] = [
    [(a, THIRD[x][a], (1 << a) | (1 << THIRD[x][a])) for a in range(81) if a != x and a < THIRD[x][a]]
    for x in range(81)
]
STUCK_GAP = 2  # look for stuck cards only when at most this many Sets separate bound and best
# Work units, each about the time of a search step: what the budget counts, so that it follows the time
DEAD_WORK = 2  # finding the dead cards of a new set of cards left
STUCK_CARD_WORK = 1  # each card tried in the stuck-card count (tried again on every pass)
PLAYOUTS = 256  # random lines tried first (mags_playout): the par the search starts from
PLAYOUT_WORK = 12  # work units a playout costs
PAR_NODES = 18_000  # the work budget of a par a player sees: at most about 0.5 s here (a proof rarely needs more)


class Par(NamedTuple):
    """A Mag's par: the Sets of the best line found, whether no line can make more, and the line."""

    sets: int
    exact: bool
    moves: list[str]


def par(deck: Sequence[Card] | None = None, seed: int | None = None,
        limit: float | None = None, piles: int = PILES, nodes: int | None = None) -> Par:
    """(sets, exact, moves): the best score found on a deal order, whether it is proved best, and its line.

    The search stops after ``nodes`` units of work (``PAR_NODES`` when
    neither ``nodes`` nor ``limit`` is given) or ``limit`` seconds, whichever
    comes first; only a search that stops on work alone gives the same
    answer on every machine.

    Give the 81 cards in deal order (``deck``) or a ``seed``.  A smaller
    game (fewer ``piles``, a deck of whole rounds) is searched the same way.  The line
    starts after the first round is dealt and uses the engine's notation
    (``set A B C``, ``move A > 4``, ``deal``).

    :raises ValueError: when neither or both are given, the deck is not 81 different cards, or a
        budget is not positive.
    """
    if (deck is None) == (seed is None):
        raise ValueError("give a deck or a seed, not both or neither")
    cards = deal(seed) if seed is not None else list(deck)
    if not cards or len(cards) % piles or len(set(cards)) != len(cards) or not all(
            isinstance(c, int) and 0 <= c < 81 for c in cards):
        raise ValueError(f"a Mag's deck is different cards in deal order, whole rounds of {piles}")
    if nodes is None and limit is None:
        nodes = PAR_NODES
    if (nodes is not None and nodes <= 0) or (limit is not None and not limit > 0):
        raise ValueError(f"a search budget is more than 0, not nodes={nodes!r}, limit={limit!r}")
    return _Par(cards, limit, piles, nodes).run()


class _Par:
    def __init__(self, cards: list[Card], limit: float | None, piles: int = PILES,
                 nodes: int | None = None) -> None:
        self.cards = cards
        self.piles = piles
        self.rounds = len(cards) // piles
        self.deal_pile = [-1] * 81  # the pile each card is dealt to
        self.pile_mask = [0] * piles  # the cards dealt to each pile
        for k, c in enumerate(cards):
            self.deal_pile[c] = k % piles
            self.pile_mask[k % piles] |= 1 << c
        self.most = len(cards) // 3  # every card in a Set: nothing can beat it
        # one Set short of all is never the end of a game (see _ceiling)
        self.never_one_short = piles >= 3 and total(mask_of(cards)) == ZERO
        self.deadline = time.perf_counter() + limit if limit is not None else None
        self.budget = nodes if nodes is not None else float("inf")
        self.work = 0  # units of work done: what the budget counts
        self.seen: set[tuple] = set()
        self.best = -1
        self.best_line: list[str] = []
        self.line: list[str] = []
        self.nodes = 0
        self.calls = 0
        self.dead_cache: dict[int, int] = {}  # cards left -> their dead cards
        self.bound_cache: dict[int, int] = {}  # cards left -> the bound without stuck cards
        # undealt[r]: the cards dealt in rounds r+1.. (rounds counted from 0)
        self.undealt = [mask_of(cards[piles * r:]) for r in range(self.rounds + 1)]

    def run(self) -> Par:
        piles = tuple((c,) for c in self.cards[:self.piles])
        exact = True
        self.best, self.best_line = best_playout(self.cards, PLAYOUTS, self.piles)
        self.work += PLAYOUTS * PLAYOUT_WORK
        if self.best == self.most:
            return Par(self.best, True, list(self.best_line))
        try:
            self._search(piles, 1, 0, mask_of(self.cards[:self.piles]))
        except _AllMade:
            pass
        except _OutOfTime:
            exact = False
        return Par(self.best, exact, list(self.best_line))

    def _bound(self, present: int, rnd: int, stuck: int = 0) -> int:
        """At most this many more Sets from a state: (cards left − the fewest that must stay) / 3.

        Dead and stuck cards stay, and what stays must sum to what the cards
        left sum to (``mags_bound.least_left``).
        """
        left = present | self.undealt[rnd]
        if stuck:
            dead = self.dead_cache.get(left)
            if dead is None:
                dead = self.dead_cache[left] = dead_mask(left, left)
                self.work += DEAD_WORK
            return (left.bit_count() - least_left(left, dead | stuck)) // 3
        bound = self.bound_cache.get(left)
        if bound is None:
            dead = self.dead_cache.get(left)
            if dead is None:
                dead = self.dead_cache[left] = dead_mask(left, left)
                self.work += DEAD_WORK
            bound = self.bound_cache[left] = (left.bit_count() - least_left(left, dead)) // 3
        return bound

    def _ceiling(self, sets: int) -> int:
        """At most this many Sets when at most ``sets`` can be made: one short of all never ends a game.

        When the deck sums to zero (the full deck does) and every round is
        dealt, the last three cards sum to zero, so they are a Set; with
        three or more piles and at most three cards left, moves into the
        empty piles bring any Set to the tops, so it can still be taken.
        """
        return sets - 1 if sets == self.most - 1 and self.never_one_short else sets

    def _stuck(self, piles: tuple, rnd: int) -> int:
        """The mask of cards never to be cleared when no pile can be emptied again (0 when not shown).

        Suppose no card is ever moved again.  Then a Set takes three cards
        from three different piles (a card still to come lies on the pile it
        is dealt to), each once the cards now above it are gone.  Growing
        the cards that can be cleared this way from nothing (a card may serve
        in several Sets: an over-estimate) leaves the rest stuck.  If no
        pile's bottom card can be cleared, no pile can ever empty, so no card
        can ever be moved: the supposition holds, and so do its stuck cards.
        """
        pile = self.deal_pile[:]
        for i, p in enumerate(piles):
            for c in p:
                pile[c] = i
        undealt = self.undealt[rnd]
        own = [mask_of(p) | (undealt & m) for p, m in zip(piles, self.pile_mask)]  # each pile's cards
        clear = 0
        while True:
            ready = undealt  # a card still to come can be cleared the round it is dealt
            for p in piles:
                for c in reversed(p):
                    ready |= 1 << c
                    if not clear >> c & 1:
                        break
            grown = clear
            trying = cards_of(ready & ~clear)
            self.work += STUCK_CARD_WORK * len(trying) // 4
            for x in trying:
                px = pile[x]
                others = ready & ~own[px]
                for a, b, m in PAIR_CARDS[x]:
                    if others & m == m and pile[a] != pile[b]:
                        grown |= (1 << x) | m
                        break
            if grown == clear:
                break
            clear = grown
        if any(clear >> p[0] & 1 for p in piles):
            return 0
        return (undealt | mask_of(c for p in piles for c in p)) & ~clear

    def _search(self, piles: tuple, rnd: int, made: int, present: int) -> None:
        """Search on from ``piles`` after ``rnd`` rounds dealt, with ``made`` Sets so far."""
        if made > self.best:
            self.best, self.best_line = made, _expand(self.line)
            if made == self.most:
                raise _AllMade
        self.calls += 1
        self.work += 1
        if self.work > self.budget or (
                self.deadline is not None and not self.calls & 63 and time.perf_counter() > self.deadline):
            raise _OutOfTime
        bound = self._bound(present, rnd)
        if self._ceiling(made + bound) <= self.best:
            return
        key = (_canonical(piles), rnd)
        if key in self.seen:
            return
        self.seen.add(key)
        self.nodes += 1
        # the stuck-card count is dear: worked out only where it may close the gap
        if all(piles) and made + bound <= self.best + STUCK_GAP:
            if self._ceiling(made + self._bound(present, rnd, self._stuck(piles, rnd))) <= self.best:
                return
        tops = [(p[-1], i) for i, p in enumerate(piles) if p]
        where = {c: i for c, i in tops}
        for x, (a, ia) in enumerate(tops):
            row = THIRD[a]
            for b, ib in tops[x + 1:]:
                c = row[b]
                if c > b and c > a and c in where:
                    nxt = list(piles)
                    for i in (ia, ib, where[c]):
                        nxt[i] = nxt[i][:-1]
                    self.line.append("set " + " ".join(code(k) for k in sorted((a, b, c))))
                    self._search(tuple(nxt), rnd, made + 1, present & ~((1 << a) | (1 << b) | (1 << c)))
                    self.line.pop()
        if rnd < self.rounds:
            new = self.cards[self.piles * rnd:self.piles * (rnd + 1)]
            npresent = present | mask_of(new)
            mark = len(self.line)
            # when the bound already fails, no lay-out of the lone cards can help
            layouts = _arrangements(piles) if self._ceiling(made + self._bound(npresent, rnd + 1)) > self.best \
                else ()
            for arranged in layouts:
                # the hops that lay the lone cards out are worked out only for a line that is kept
                self.line[mark:] = [(piles, arranged), "deal"] if arranged is not piles else ["deal"]
                self._search(tuple(p + (c,) for p, c in zip(arranged, new)), rnd + 1, made, npresent)
            del self.line[mark:]
        empty = [j for j, p in enumerate(piles) if not p]
        if empty:
            # Which empty pile a card goes to is settled at the next deal (see _arrangements).
            for a, ia in tops:
                if len(piles[ia]) < 2:
                    continue
                nxt = list(piles)
                nxt[ia] = nxt[ia][:-1]
                nxt[empty[0]] = (a,)
                self.line.append(f"move {code(a)} > {empty[0] + 1}")
                self._search(tuple(nxt), rnd, made, present)
                self.line.pop()


def _canonical(piles: tuple) -> tuple:
    """A state key in which lone cards may trade places when a pile is empty.

    With an empty pile, a card lying alone can hop to any empty pile (and
    back), so every arrangement of the lone cards over the piles holding at
    most one card is one state; the search settles the arrangement at the
    next deal.
    """
    if all(piles):
        return piles
    lone = tuple(sorted(p[0] for p in piles if len(p) == 1))
    return tuple(p if len(p) > 1 else None for p in piles) + lone


def _arrangements(piles: tuple) -> Iterator[tuple]:
    """Every way to lay out the lone cards over the short piles before a deal, with the hops that do it.

    Without an empty pile nothing can hop, so only the piles as they are.
    The piles as they lie come first: the likeliest to be best.
    """
    yield piles
    slots = [i for i, p in enumerate(piles) if len(p) <= 1]
    lone = [piles[i][0] for i in slots if piles[i]]
    if len(lone) == len(slots):
        return
    for places in permutations(slots, len(lone)):
        arranged = list(piles)
        for i in slots:
            arranged[i] = ()
        for c, i in zip(lone, places):
            arranged[i] = (c,)
        arranged = tuple(arranged)
        if arranged != piles:
            yield arranged


def _expand(line: list) -> list[str]:
    """A line with each lay-out of lone cards, kept as (before, after), written out as moves."""
    out: list[str] = []
    for m in line:
        out.extend(_hops(*m) if isinstance(m, tuple) else [m])
    return out


def _hops(start: tuple, goal: tuple) -> list[str]:
    """Moves of lone cards through empty piles that turn ``start`` into ``goal`` (one empty pile is enough)."""
    cur = list(start)
    where = {p[0]: i for i, p in enumerate(cur) if len(p) == 1}
    want = {p[0]: i for i, p in enumerate(goal) if len(p) == 1}
    out: list[str] = []
    while True:
        wrong = [c for c in want if where[c] != want[c]]
        if not wrong:
            return out
        # Move a card straight home when its home is empty; else park one in any empty pile.
        ready = [c for c in wrong if not cur[want[c]]]
        c = ready[0] if ready else wrong[0]
        dest = want[c] if ready else next(i for i, p in enumerate(cur) if not p and i != where[c])
        cur[where[c]], cur[dest] = (), (c,)
        where[c] = dest
        out.append(f"move {code(c)} > {dest + 1}")


class _OutOfTime(Exception):
    pass


class _AllMade(Exception):
    pass
