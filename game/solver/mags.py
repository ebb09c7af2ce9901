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
Sharper, and asked only of a state not cut already: the Sets still to make
are disjoint Sets of the cards left, so when the cards left cannot be packed
into enough disjoint Sets to beat the best line, the state is cut
(``mags_bound.Packer``).

A deal that jams is seen for what it is.  While no pile is empty no card
can move, so what follows is Sets of tops and deals alone, searched whole
and without a bound (``_ahead``); what such a search never uncovered cannot
have mattered, so its answer serves every state whose piles end the same
way, whatever lies beneath.  Right after a deal the tops are the new cards
whatever came before, so when the deals to come never uncover what lay
under them, the Sets from that deal on are one number for every state
(``_after_deal``).  Then the game splits there (``_split``): the par is the
par of the rounds before that deal, a smaller game whose bound knows no
later card will come, plus that number.  On a deal whose last round holds
no Set, or whose middle rounds jam, this proves pars of 9 to 23 that no
bound on the cards alone could.

Lone cards may hop between empty piles, so their arrangement is settled
only when it matters: which lone card lies under a new card is chosen when
that card is gone (``_deal``, ``_reveal``), and states differing only in it
are one state (it used to be one state per arrangement: thousands, each
with the same jammed future).  The search stops at once when every card is
in a Set.

A good line found soon is what makes the bound cut, and which Set is tried
first decides how soon one turns up.  No one order suits every deal, so the
search runs up to three times (``ATTEMPTS``), each with its own order and
share of the work, each starting from the best line of those before.

>>> sets, exact, moves = par(seed=1, nodes=20_000)
>>> sets == sum(m.startswith("set") for m in moves)
True
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from typing import Any, NamedTuple

from ..cards import Card, code
from ..rng import deal
from .mags_bound import ZERO, Packer, least_left, total
from .mags_playout import best_playout
from .tables import THIRD, cards_of, dead_mask, mask_of

PILES = 9
ROUNDS = 9
# PAIR_CARDS[x]: every (a, b, mask of a and b) completing a Set with x
PAIR_CARDS: list[list[tuple[int, int, int]]] = [
    [(a, THIRD[x][a], (1 << a) | (1 << THIRD[x][a])) for a in range(81) if a != x and a < THIRD[x][a]]
    for x in range(81)
]
AHEAD_NODES = 200  # steps of one look ahead while no pile is empty (_ahead)
AHEAD_KNOWN_WORK = 8  # answers of _ahead compared with a state, per unit of work
AFTER_NODES = 2_000  # steps of the look ahead from a deal, whatever lies under it (_after_deal)
UNSEEN = -100  # in a pile: a card that may not be uncovered (any card at all)
STUCK_GAP = 2  # look for stuck cards only when at most this many Sets separate bound and best
# Work units, each about the time of a search step: what the budget counts, so that it follows the time
DEAD_WORK = 2  # finding the dead cards of a new set of cards left
STUCK_CARD_WORK = 1  # each card tried in the stuck-card count (tried again on every pass)
PLAYOUTS = 256  # random lines tried first (mags_playout): the par the search starts from
PLAYOUT_WORK = 12  # work units a playout costs
PACK_LIMIT = 2_000  # steps of one packing question (Packer) before it gives up
PAR_NODES = 90_000  # the work budget of a par a player sees: at most about 2 s here
# The searches tried in turn, each from the best line so far, and the work each may take (the last:
# all that is left).  Which Set is tried first decides how soon a good line turns up, and no one
# order suits every deal: the Sets found last first, those that empty the most piles first, those
# that leave the most Sets possible first.
ATTEMPTS = (("last", 30_000), ("emptying", 30_000), ("most left", None))

Pile = tuple[Card, ...]  # bottom first; below 0: a slot of a pool (see _deal), or UNSEEN
Piles = tuple[Pile, ...]
Pool = tuple[int, int, int]  # a pool of lone cards (see _deal): its name, the mask of its cards, its slots
Step = str | tuple[Any, ...]  # a line's entry: a move, or an open lay-out ("fill", "lay", "pick"; see _expand)


REACH_NODES = 30_000  # the work budget of one question "can this position still make par?" (``reach``)


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
    cards = deal(seed) if seed is not None else list(deck or ())  # one of the two is given (checked above)
    if not cards or len(cards) % piles or len(set(cards)) != len(cards) or not all(
            isinstance(c, int) and 0 <= c < 81 for c in cards):
        raise ValueError(f"a Mag's deck is different cards in deal order, whole rounds of {piles}")
    if nodes is None and limit is None:
        nodes = PAR_NODES
    if (nodes is not None and nodes <= 0) or (limit is not None and not limit > 0):
        raise ValueError(f"a search budget is more than 0, not nodes={nodes!r}, limit={limit!r}")
    return _Par(cards, limit, piles, nodes).run()


class Reach(NamedTuple):
    """Whether a position can still come to a number of Sets: "yes" (with a line from it), "no" (proved)
    or "unknown" (the work budget ran out first)."""

    status: str
    moves: list[str]


def reach(cards: Sequence[Card], piles: Sequence[Sequence[Card]], rounds: int, made: int, target: int,
          nodes: int = REACH_NODES) -> Reach:
    """Can ``target`` Sets in all still be made from a position of the game dealt ``cards`` (81, deal
    order): ``piles`` (bottom first), ``rounds`` dealt, ``made`` Sets made so far?

    The par search asked a question: a line is good enough once it makes ``target``, and a branch is cut
    once the bound says it cannot, so a search that ends within ``nodes`` units of work is a proof
    ("no"), one that finds such a line returns it from the position ("yes"), and one cut short says
    "unknown".

    :raises ValueError: on a deck that is not 81 different cards or a budget not above 0.
    """
    cards = list(cards)
    if len(cards) != PILES * ROUNDS or len(set(cards)) != len(cards) or nodes <= 0:
        raise ValueError("a Mag's position is 81 different cards in deal order, asked with a budget above 0")
    if made >= target:
        return Reach("yes", [])
    start = tuple(tuple(p) for p in piles)
    s = _Par(cards, None, PILES, nodes)
    s.target = target
    budget = s.budget
    for s.order, share in ATTEMPTS:
        s.best, s.best_line = target - 1, []
        s.budget = budget if share is None else min(budget, s.work + share)
        s.seen.clear()
        s.line = []
        try:
            s._search(start, (), rounds, made, mask_of(c for p in start for c in p))
        except _AllMade:
            return Reach("yes", list(s.best_line))
        except _OutOfTime:
            if s.budget < budget:
                continue
            return Reach("unknown", [])
        return Reach("no", [])
    return Reach("unknown", [])


class _Par:
    def __init__(self, cards: list[Card], limit: float | None, piles: int = PILES,
                 nodes: float | None = None) -> None:
        self.cards = cards
        self.piles = piles
        self.rounds = len(cards) // piles
        self.deal_pile = [-1] * 81  # the pile each card is dealt to
        self.pile_mask = [0] * piles  # the cards dealt to each pile
        for k, c in enumerate(cards):
            self.deal_pile[c] = k % piles
            self.pile_mask[k % piles] |= 1 << c
        self.most = len(cards) // 3  # every card in a Set: nothing can beat it
        self.target = self.most  # a line making this many is all that is asked (``reach``)
        # one Set short of all is never the end of a game (see _ceiling)
        # (three cards left: a deck of whole Sets, 81 cards as dealt)
        self.never_one_short = piles >= 3 and len(cards) % 3 == 0 and total(mask_of(cards)) == ZERO
        self.deadline = time.perf_counter() + limit if limit is not None else None
        self.budget = nodes if nodes is not None else float("inf")
        self.work = 0  # units of work done: what the budget counts
        self.seen: set[tuple[Any, ...]] = set()  # state keys (see _canonical)
        self.order = ATTEMPTS[-1][0]  # the order Sets are tried in (see ATTEMPTS)
        self.best = -1
        self.best_line: list[str] = []
        self.line: list[Step] = []
        self.nodes = 0
        self.calls = 0
        self.ahead_memo: dict[tuple[Piles, int], int | None] = {}
        self.ahead_by_tops: dict[tuple[Pile, int], list[tuple[Piles, int]]] = {}  # (tops, deal) -> (ends, Sets)
        self.ahead_steps = self.ahead_limit = 0
        self.after: dict[int, int | None] = {}  # deal -> _after_deal
        self.dead_cache: dict[int, int] = {}  # cards left -> their dead cards
        self.bound_cache: dict[int, int] = {}  # cards left -> the bound without stuck cards
        self.packer = Packer(PACK_LIMIT)
        # undealt[r]: the cards dealt in rounds r+1.. (rounds counted from 0)
        self.undealt = [mask_of(cards[piles * r:]) for r in range(self.rounds + 1)]

    def run(self) -> Par:
        split = next((r for r in range(2, self.rounds + 1) if self._after_deal(r) is not None), None)
        if split is not None:
            return self._split(split)
        piles = tuple((c,) for c in self.cards[:self.piles])
        exact = True
        self.best, self.best_line = best_playout(self.cards, PLAYOUTS, self.piles)
        self.work += PLAYOUTS * PLAYOUT_WORK
        if self.best == self.most:
            return Par(self.best, True, list(self.best_line))
        budget = self.budget
        for self.order, share in ATTEMPTS:
            self.budget = budget if share is None else min(budget, self.work + share)
            self.seen.clear()  # what a search cut short saw was not searched through
            self.line = []
            try:
                self._search(piles, (), 1, 0, mask_of(self.cards[:self.piles]))
            except _AllMade:
                break
            except _OutOfTime:
                if self.budget < budget:
                    continue
                exact = False
            break
        return Par(self.best, exact, list(self.best_line))

    def _split(self, rnd: int) -> Par:
        """The par of a deal that jams at deal ``rnd``: the par of the rounds before it, plus ``_after_deal``.

        From deal ``rnd`` on, no line uncovers a card that lay on the table
        before it, and the most Sets from there are one number whatever lies
        beneath.  A player can always deal, and Sets made before the deal
        use only the cards of the rounds before; so the best line is the best
        line of the game cut short before that deal (a smaller search, whose
        bound knows that no later card will come), then the deal, then the
        best line of the deals to come.
        """
        head = _Par(self.cards[:self.piles * (rnd - 1)], None, self.piles, self.budget - self.work)
        head.deadline = self.deadline
        got = head.run()
        self.work += head.work
        self.nodes += head.nodes
        after, tail = self._tops_line(tuple((UNSEEN, c) for c in self.cards[self.piles * (rnd - 1):]
                                            [:self.piles]), rnd, {})
        sets, line = got.sets + after, got.moves + ["deal"] + tail
        if not got.exact:  # no proof: the whole game's playouts may still do better
            played = best_playout(self.cards, PLAYOUTS, self.piles)
            self.work += PLAYOUTS * PLAYOUT_WORK
            if played[0] > sets:
                sets, line = played
        return Par(sets, got.exact, line)

    def _tops_line(self, piles: Piles, rnd: int, memo: dict[tuple[Piles, int], tuple[int, list[str]]]
                   ) -> tuple[int, list[str]]:
        """The most Sets from ``piles`` with Sets of tops and deals alone, and a line that makes them.

        Only for piles whose lines never empty a pile (``_ahead`` answered): it takes the first of the
        best lines, dealing whenever dealing does as well.
        """
        key = (piles, rnd)
        if key in memo:
            return memo[key]
        best: tuple[int, list[str]] = (0, [])
        if rnd < self.rounds:
            new = self.cards[self.piles * rnd:self.piles * (rnd + 1)]
            sets, line = self._tops_line(tuple(p + (c,) for p, c in zip(piles, new)), rnd + 1, memo)
            best = (sets, ["deal", *line])
        for a, b, c, at in _top_sets(piles):
            nxt = list(piles)
            for i in at:
                nxt[i] = nxt[i][:-1]
            sets, line = self._tops_line(tuple(nxt), rnd, memo)
            if sets + 1 > best[0]:
                best = (sets + 1, ["set " + " ".join(code(k) for k in sorted((a, b, c))), *line])
        memo[key] = best
        return best

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

    def _packs(self, present: int, rnd: int, made: int, stuck: int = 0) -> bool:
        """Whether the cards left (but ``stuck``) hold enough disjoint Sets to beat the best line.

        See ``mags_bound.Packer``.
        """
        need = self.best - made + 1
        if made + need == self.most - 1 and self.never_one_short:
            need += 1  # one short of all is as good as the best already found (see _ceiling)
        left = present | self.undealt[rnd]
        before = self.packer.steps
        ok = self.packer.fits(left & ~self.dead_cache[left] & ~stuck, need)
        self.work += self.packer.steps - before
        return ok

    def _ceiling(self, sets: int) -> int:
        """At most this many Sets when at most ``sets`` can be made: one short of all never ends a game.

        When the deck sums to zero (the full deck does) and every round is
        dealt, the last three cards sum to zero, so they are a Set; with
        three or more piles and at most three cards left, moves into the
        empty piles bring any Set to the tops, so it can still be taken.
        """
        return sets - 1 if sets == self.most - 1 and self.never_one_short else sets

    def _stuck(self, piles: Piles, rnd: int) -> int:
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

    def _after_deal(self, rnd: int) -> int | None:
        """The most Sets from deal ``rnd`` on, the same whatever lies under the new cards (else None).

        Worked out once a deal with ``_ahead`` on the new cards over cards
        it may not uncover: when no line of the deals to come ever uncovers
        what lay on the table before (the deal jams), what lay there cannot
        matter (see ``_split``).
        """
        if rnd not in self.after:
            new = self.cards[self.piles * (rnd - 1):self.piles * rnd]
            self.after[rnd] = self._ahead(tuple((UNSEEN, c) for c in new), rnd, AFTER_NODES)
        return self.after[rnd]

    def _ahead(self, piles: Piles, rnd: int, steps: int | None = None) -> int | None:
        """The most Sets still to make from ``piles`` (none empty), or None when a line may empty a pile.

        While no pile is empty no card can move, so what follows is only Sets
        of tops and deals: searched whole (up to ``AHEAD_NODES`` steps, else
        None), with no bound.  Should any line empty a pile, moves come in and
        the answer is None.  A deal that jams (few Sets to come) is answered
        from its first few layers: what a search never uncovered cannot have
        mattered to it, so its answer holds for any piles that end the same
        way (``ahead_by_tops``), whatever lies beneath.
        """
        key = (piles, rnd)
        if key in self.ahead_memo:
            return self.ahead_memo[key]
        tops = tuple(p[-1] for p in piles)
        known = self.ahead_by_tops.get((tops, rnd), ())
        self.work += len(known) // AHEAD_KNOWN_WORK
        for ends, sets in known:
            if all(p[-len(e):] == e for p, e in zip(piles, ends)):
                return sets
        self.ahead_steps = 0
        self.ahead_limit = AHEAD_NODES if steps is None else steps
        low = [len(p) - 1 for p in piles]
        try:
            value = self._ahead_search(piles, rnd, low, {})
        except _Jammed:
            value = None
        self.ahead_memo[key] = value
        if value is not None:
            ends = tuple(p[i:] for p, i in zip(piles, low))
            self.ahead_by_tops.setdefault((tops, rnd), []).append((ends, value))
        return value

    def _ahead_search(self, piles: Piles, rnd: int, low: list[int], seen: dict[tuple[Piles, int], int]) -> int:
        """``_ahead`` below its first state; ``low[i]``: the lowest place of pile ``i`` looked at.

        :raises _Jammed: when a pile may empty or the steps run out.
        """
        key = (piles, rnd)
        if key in seen:
            return seen[key]
        self.ahead_steps += 1
        self.work += 1
        if self.ahead_steps > self.ahead_limit:
            raise _Jammed
        best = 0
        for _, _, _, at in _top_sets(piles):
            nxt = list(piles)
            for i in at:
                nxt[i] = nxt[i][:-1]
                if not nxt[i] or nxt[i][-1] < 0:
                    raise _Jammed  # a pile would empty (moves come in), or a lay-out is settled
                if len(nxt[i]) - 1 < low[i]:  # places count from the bottom: deals don't move them
                    low[i] = len(nxt[i]) - 1
            best = max(best, 1 + self._ahead_search(tuple(nxt), rnd, low, seen))
        if rnd < self.rounds:
            new = self.cards[self.piles * rnd:self.piles * (rnd + 1)]
            best = max(best, self._ahead_search(tuple(p + (c,) for p, c in zip(piles, new)), rnd + 1, low, seen))
        seen[key] = best
        return best

    def _search(self, piles: Piles, pools: tuple[Pool, ...], rnd: int, made: int, present: int,
                free: tuple[int, ...] = ()) -> None:
        """Search on from ``piles`` after ``rnd`` rounds dealt, with ``made`` Sets so far.

        ``pools`` holds the lone cards whose lay-out is not settled yet (see ``_deal``): a pile
        whose bottom is a slot (``-id``) holds one of pool ``id``'s cards there, or nothing.
        ``free`` is (mask of piles, line index) when the last empty pile was filled by a move while
        lone cards could still trade places: the cards on those piles may lie in any order,
        settled by the hops before that move (see ``_deal``).
        """
        if free and not all(piles):
            free = ()  # a pile is empty again: any lone card may hop anyway
        if made > self.best:
            self.best, self.best_line = made, _expand(self.line)
            if made >= self.target:
                raise _AllMade
        self.calls += 1
        self.work += 1
        if self.work > self.budget or (
                self.deadline is not None and not self.calls & 63 and time.perf_counter() > self.deadline):
            raise _OutOfTime
        bound = self._bound(present, rnd)
        if self._ceiling(made + bound) <= self.best:
            return
        key = _canonical(piles, free[0] if free else 0)
        if rnd == self.rounds:  # nothing more to deal: which pile is which no longer matters
            key = (*sorted(key[:self.piles], key=_pile_order), *key[self.piles:])
        key = (key, pools, rnd)
        if key in self.seen:
            return
        self.seen.add(key)
        self.nodes += 1
        if not self._packs(present, rnd, made):
            return
        if all(piles) and not free:
            ahead = self._ahead(piles, rnd)
            if ahead is not None and made + ahead <= self.best:
                return
        # the stuck-card count is dear: worked out only where it may close the gap
        if all(piles) and not pools and not free and made + bound <= self.best + STUCK_GAP:
            stuck = self._stuck(piles, rnd)
            if stuck and (self._ceiling(made + self._bound(present, rnd, stuck)) <= self.best
                          or not self._packs(present, rnd, made, stuck)):
                return
        tries: list[tuple[int, int, Card, Card, Card, tuple[int, int, int], int]] = []
        for a, b, c, at in _top_sets(piles):
            left = present & ~((1 << a) | (1 << b) | (1 << c))
            more = self._bound(left, rnd)
            if self._ceiling(made + 1 + more) <= self.best:
                continue  # and so is every lay-out of what the Set uncovers: the bound is on the cards alone
            tries.append((-more, -sum(len(piles[i]) == 1 for i in at), a, b, c, at, left))
        if self.order == "last":
            tries.reverse()
        elif self.order == "emptying":
            tries.sort(key=lambda t: (t[1], t[0]))
        else:  # "most left": the most Sets still possible
            tries.sort()
        for _, _, a, b, c, at, left in tries:
            nxt = list(piles)
            for i in at:
                nxt[i] = nxt[i][:-1]
            self.line.append("set " + " ".join(code(k) for k in sorted((a, b, c))))
            self._reveal(nxt, pools, rnd, made + 1, left, free)
            self.line.pop()
        tops = [(p[-1], i) for i, p in enumerate(piles) if p]
        if rnd < self.rounds:
            self._deal(piles, pools, rnd, made, present, free)
        empty = [j for j, p in enumerate(piles) if not p]
        if empty:
            # Which empty pile a card goes to is settled at the next deal (see _deal).  Filling the
            # last one leaves the lone cards and the card moved in order free (``free``).
            short = mask_of(i for i, p in enumerate(piles) if len(p) <= 1)
            fills = len(empty) == 1 and any(len(p) == 1 for p in piles)
            for a, ia in tops:
                if len(piles[ia]) < 2:
                    continue
                nxt = list(piles)
                nxt[ia] = nxt[ia][:-1]
                nxt[empty[0]] = (a,)
                self.line.append(("fill", piles, a, empty[0]) if fills else f"move {code(a)} > {empty[0] + 1}")
                self._reveal(nxt, pools, rnd, made, present, (short, len(self.line) - 1) if fills else (),
                             moved_from=ia)
                self.line.pop()

    def _deal(self, piles: Piles, pools: tuple[Pool, ...], rnd: int, made: int, present: int,
              free: tuple[int, ...] = ()) -> None:
        """Deal the next round, the lone cards' lay-out left open.

        With an empty pile, the cards lying alone may hop over the short piles
        (those holding at most one card) in any order before the deal, so the
        deal may land on any of them.  Which one lies under each new card
        matters only once that card is gone, so the choice waits until then
        (``_reveal``): every lay-out is one state, and the choice is made by
        a player who knows the whole deal order, which they do.  With no pile
        empty, only the ``free`` piles' cards (see ``_search``) are open so.
        """
        new = self.cards[self.piles * rnd:self.piles * (rnd + 1)]
        npresent = present | mask_of(new)
        pool = rnd + 1  # pools are named by the deal that made them
        if free:  # no pile is empty: the order the hops before the fill move made is open
            slots = [i for i in range(self.piles) if free[0] >> i & 1]
            lay: tuple[Any, ...] = ("lay", pool, piles, free[1])
        else:
            slots = [i for i, p in enumerate(piles) if len(p) <= 1]
            lay = ("lay", pool, piles)
        lone = mask_of(piles[i][0] for i in slots if piles[i])
        if lone and (free or len(slots) > lone.bit_count()):
            under = {i: (-pool,) for i in slots}
            self.line.append(lay)
            self._search(tuple(under.get(i, p) + (c,) for i, (p, c) in enumerate(zip(piles, new))),
                         pools + ((pool, lone, len(slots)),), rnd + 1, made, npresent)
        else:
            self.line.append("deal")
            self._search(tuple(p + (c,) for p, c in zip(piles, new)), pools, rnd + 1, made, npresent)
        self.line.pop()

    def _reveal(self, piles: list[Pile], pools: tuple[Pool, ...], rnd: int, made: int, present: int,
                free: tuple[int, ...] = (),
                moved_from: int = -1) -> None:
        """Settle each slot left on top (a card of its pool, or nothing while the pool has slots to spare).

        After the last round, a slot uncovered by moving its card away is never nothing: the card
        was then alone, and moving it to another empty pile changes nothing (the rules refuse it).
        """
        i = next((j for j, p in enumerate(piles) if p and p[-1] < 0), None)
        if i is None:
            self._search(tuple(piles), pools, rnd, made, present, free)
            return
        self.work += 1
        pool = -piles[i][-1]
        k = next(j for j, q in enumerate(pools) if q[0] == pool)
        _, cards, slots = pools[k]
        rest = pools[:k] + pools[k + 1:]
        hop = moved_from == i and rnd == self.rounds
        choices = [c for c in cards_of(cards)] + ([None] if slots > cards.bit_count() and not hop else [])
        for c in choices:
            nxt = list(piles)
            left = cards if c is None else cards & ~(1 << c)
            nxt[i] = () if c is None else (c,)
            if slots > 1 and left:
                npools = rest[:k] + ((pool, left, slots - 1),) + rest[k:]
            else:  # no slot left, or every slot left is empty: the pool is settled
                npools = rest
                nxt = [q[1:] if q and q[0] == -pool else q for q in nxt]
            self.line.append(("pick", pool, i, c))
            self._reveal(nxt, npools, rnd, made, present, free)
            self.line.pop()


def _top_sets(piles: Sequence[Pile]) -> Iterator[tuple[int, int, int, tuple[int, int, int]]]:
    """Every Set among the tops, once each: its cards as found and the piles they lie on."""
    tops = [(p[-1], i) for i, p in enumerate(piles) if p]
    where = {c: i for c, i in tops}
    for x, (a, ia) in enumerate(tops):
        row = THIRD[a]
        for b, ib in tops[x + 1:]:
            c = row[b]
            if c > b and c > a and c in where:
                yield a, b, c, (ia, ib, where[c])


def _pile_order(pile: Pile | None) -> Pile:
    """A sort key for the piles of a state key (``None``: a pile ``_canonical`` left open)."""
    return (-1_000,) if pile is None else pile


def _canonical(piles: Piles, free: int = 0) -> tuple[Any, ...]:
    """A state key in which lone cards may trade places when a pile is empty.

    With an empty pile, a card lying alone can hop to any empty pile (and
    back), so every arrangement of the lone cards over the piles holding at
    most one card is one state; the search settles the arrangement at the
    next deal.  So are the arrangements of the cards on the ``free`` piles
    (a mask): those whose order was still open when the last empty pile was
    filled.
    """
    if all(piles):
        if not free:
            return piles
        return tuple(None if free >> i & 1 else p for i, p in enumerate(piles)) + (
            "free", *sorted(p[0] for i, p in enumerate(piles) if free >> i & 1))
    lone = tuple(sorted(p[0] for p in piles if len(p) == 1))
    return tuple(p if len(p) > 1 else None for p in piles) + lone


def _expand(line: list[Step]) -> list[str]:
    """A line written out as moves: each open lay-out of lone cards becomes the hops that make it.

    A lay-out (``("lay", pool, piles)``) is settled by the picks made later
    in the line (``("pick", pool, pile, card or None)``); slots never picked
    take the other lone cards in any order.
    """
    picks: dict[int, dict[int, int | None]] = {}
    filled: dict[int, int] = {}  # the line's fill moves whose order a later deal left open -> its pool
    for m in line:
        if isinstance(m, tuple) and m[0] == "pick":
            picks.setdefault(m[1], {})[m[2]] = m[3]
        elif isinstance(m, tuple) and m[0] == "lay" and len(m) == 4:
            filled[m[3]] = m[1]
    out: list[str] = []
    for k, m in enumerate(line):
        if isinstance(m, str):
            out.append(m)
        elif m[0] == "fill":
            # the last empty pile filled: the lone cards hop first to where the picks want them
            _, piles, a, into = m
            if k not in filled:
                out.append(f"move {code(a)} > {into + 1}")
                continue
            chosen = picks.get(filled[k], {})
            slots = [i for i, p in enumerate(piles) if len(p) <= 1]
            spare = [c for c in [a] + [piles[i][0] for i in slots if piles[i]] if c not in chosen.values()]
            goal = list(piles)
            for i in slots:
                goal[i] = (chosen[i] if i in chosen else spare.pop(),)
            home = next(i for i in slots if goal[i] == (a,))
            goal[home] = ()
            out.extend(_hops(piles, tuple(goal)))
            out.append(f"move {code(a)} > {home + 1}")
        elif m[0] == "lay" and len(m) == 4:
            out.append("deal")  # its lay-out was made before the fill move
        elif m[0] == "lay":
            _, pool, piles = m
            chosen = picks.get(pool, {})
            slots = [i for i, p in enumerate(piles) if len(p) <= 1]
            spare = [piles[i][0] for i in slots if piles[i] and piles[i][0] not in chosen.values()]
            goal = list(piles)
            for i in slots:
                c = chosen[i] if i in chosen else (spare.pop() if spare else None)
                goal[i] = () if c is None else (c,)
            out.extend(_hops(piles, tuple(goal)))
            out.append("deal")
    return out


def _hops(start: Piles, goal: Piles) -> list[str]:
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


class _Jammed(Exception):
    pass


class _OutOfTime(Exception):
    pass


class _AllMade(Exception):
    pass
