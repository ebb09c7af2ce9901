"""Pillars solver (RULES.md §5): an open-information search for a win, as Samson or with oracles.

The solver sees the face-down cards.  It searches its own compact state
(columns as tuples of card ints bottom first, a face-down count per column,
the side oracles, the oracles used, the cards present as a bitmask) and
returns a winning line in the engine's move notation, proof that none
exists, or "undecided" at the time limit.  See ``Search`` for the shape of
the search.

Pruning (each follows from the rules):

- transposition table: a position already searched is not searched again;
  its key sorts the columns, so positions that differ only by column
  numbering are one (the rules treat columns alike);
- plain moves: arrangements reached by plain moves are keyed by a Zobrist
  hash, so move cycles end at once (64-bit keys: a clash, and with it an
  arrangement wrongly skipped, has odds near 2⁻⁶⁴ per pair);
- dominance: after a plain move, only Sets with the card it uncovered are
  new; any other Set was open one move earlier, and taking it there and
  then making the move reaches the same position;
- dead cards: a card none of whose Set-partner pairs can still be present
  (see ``tables.dead_mask``) stays to the end, and the end is a cap of at
  most 20 cards (18 as Samson, where the count stays a multiple of 3);
- a line stops at the first win, as the game does.

The search is deterministic: its slices are counted in work done, not in
seconds.  Given a ``work`` budget and no time ``limit``, the whole answer
is the same on every machine (what the daily deal choice uses); a time
limit is for uses where nothing a player keeps depends on it.

>>> cols = [["1RDE"], ["1RDH"], ["1RDF"], ["2RDE"], ["3GDE"], ["2PSF"]]
>>> solve(level={"columns": cols, "oracles": ["3PSF", "3PSE", "3PSH"]}).moves
['set 1RDE 1RDH 1RDF']
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from ..cards import Card, code
from ..rng import Rng, deal
from .tables import THIRD, TWO, dead_mask, is_cap_mask, mask_of
from .verify import replay_pillars

COLUMNS = 6
HEIGHT = 13
FOUNDATIONS = 3
MAX_CAP = 20  # the largest cap in the SET deck
_rng = Rng(0x5E7A)
_Z = [[_rng.next_u64() for _ in range(81)] for _ in range(81 + 4)]  # height -> card -> key
_ZS = [_rng.next_u64() for _ in range(81)]  # a face-up side oracle

Column = tuple[Card, ...]  # bottom first
State = tuple[tuple[Column, ...], tuple[int, ...], tuple[Card, ...], int]  # columns, face down, side, oracles used
Event = tuple[int, list[str], State, int]  # sort key, moves in notation, next state, cards present
BUDGETS = (8, 25, 80, 250, 800, 2500, 10000, 60000)  # plain-move arrangements explored per position
FIRST_SLICE = 2000  # arrangements each open budget may expand in the first round (work, not time,
# so that a search is the same on every machine)

@dataclass
class Result:
    """What a search found: ``status`` is "win", "none" (proved: no win) or "undecided"."""

    status: str
    moves: list[str] = field(default_factory=list)
    seconds: float = 0.0
    nodes: int = 0
    work: int = 0

    def __str__(self) -> str:
        if self.status == "win":
            return "\n".join(self.moves)
        if self.status == "none":
            return "no win exists"
        return f"undecided after {self.seconds:.1f} s ({self.work} units of work)"


def layout(seed: int | None = None, level: dict[str, Any] | None = None) -> tuple[list[list[Card]], list[Card]]:
    """The six columns (bottom first) and three oracles of a seed or a level dict.

    A level may hold shorter columns than a deal (a puzzle position); a
    column's face-down foundations are then the cards between its base and
    its top, at most three.

    >>> cols, oracles = layout(seed=5)
    >>> [len(c) for c in cols], len(oracles)
    ([13, 13, 13, 13, 13, 13], 3)

    :raises ValueError: when neither or both are given, or the level is malformed.
    """
    if (seed is None) == (level is None):
        raise ValueError("give a seed or a level, not both or neither")
    if seed is not None:
        d = deal(seed)
        return [d[HEIGHT * i:HEIGHT * (i + 1)] for i in range(COLUMNS)], d[HEIGHT * COLUMNS:]
    assert level is not None  # one of the two is given (checked above)
    return _level_layout(level)


def _level_layout(level: dict[str, Any]) -> tuple[list[list[Card]], list[Card]]:
    from ..cards import card

    name = level.get("id", "level")
    cols, oracles = level.get("columns"), level.get("oracles")
    if not isinstance(cols, list) or len(cols) != COLUMNS:
        raise ValueError(f"{name}: field 'columns' must list {COLUMNS} columns")
    if not isinstance(oracles, list) or len(oracles) != 3:
        raise ValueError(f"{name}: field 'oracles' must list 3 card codes")
    try:
        columns = [[card(c) for c in col] for col in cols]
        ors = [card(c) for c in oracles]
    except (ValueError, TypeError) as e:
        raise ValueError(f"{name}: {e}") from None
    if any(len(c) > HEIGHT for c in columns):
        raise ValueError(f"{name}: a column holds at most {HEIGHT} cards")
    every = [c for col in columns for c in col] + ors
    if len(set(every)) != len(every):
        raise ValueError(f"{name}: a card appears twice")
    return columns, ors


def solve(seed: int | None = None, level: dict[str, Any] | None = None, oracles: bool = False,
          limit: float | None = 10.0, max_nodes: int | None = None, work: int | None = None) -> Result:
    """Search a deal for a win (as Samson unless ``oracles``), for at most ``limit`` seconds
    (None: no time limit) and ``work`` units of work (plain-move arrangements expanded).

    With ``oracles`` a Samson win is sought first (half the time and work), then any win.

    The winning line replays in the engine; it is checked by an independent
    replay before it is returned.

    :raises ValueError: on a bad seed or level, or a budget not above 0.
    """
    if (work is not None and work <= 0) or (limit is not None and not limit > 0):
        raise ValueError(f"a search budget is more than 0, not work={work!r}, limit={limit!r}")
    cols, ors = layout(seed, level)
    if not oracles:
        return Search(cols, ors).run(limit, max_nodes, work)
    # A Samson win is a win too, and the nicer one: look for it first with half the budget.
    first = Search(cols, ors).run(limit / 2 if limit is not None else None, max_nodes,
                                  work // 2 if work is not None else None)
    if first.status == "win":
        return first
    rest = Search(cols, ors, True).run(limit - first.seconds if limit is not None else None, max_nodes,
                                       work - first.work if work is not None else None)
    rest.seconds += first.seconds
    rest.nodes += first.nodes
    return rest


class Search:
    """A depth-first search over Pillars positions (columns bottom first, oracles in consult order).

    The search steps from event to event.  An *event* is a move that can
    never be undone: a Set, a move that turns a foundation up, an oracle.
    Between events only plain moves happen, and those are explored breadth
    first from each position, up to ``budget`` arrangements; every event
    seen on the way is a child.  Every winning line is such a chain of
    events (a plain move changes neither the cards present nor the
    foundations, so it cannot win), so when no breadth-first pass was cut
    short the search is exhaustive and "none" is a proof.
    """

    def __init__(self, cols: list[list[Card]], oracles: list[Card], use_oracles: bool = False,
                 face_down: list[int] | None = None, side: list[Card] | None = None, used: int = 0) -> None:
        self.start = [list(c) for c in cols]
        self.oracles = list(oracles) if use_oracles else []
        self.all_oracles = list(oracles)
        self.side = tuple(sorted(side or ()))  # oracles turned up beside the tableau (a position in play)
        self.used = used  # oracles consulted so far: ``oracles[used]`` is the next
        self.face_down = list(face_down) if face_down is not None else [
            min(FOUNDATIONS, max(0, len(c) - 2)) for c in cols]
        self.cap_cache: dict[int, bool] = {}
        self.dead_cache: dict[int, int] = {}
        self.nodes = 0
        self.work = 0

    def run(self, limit: float | None = 10.0, max_nodes: int | None = None, work: int | None = None) -> Result:
        """Search with widening breadth-first budgets until a win, a proof, or the time or work limit."""
        t0 = time.perf_counter()
        self.deadline = t0 + limit if limit is not None else float("inf")
        self.max_nodes = max_nodes
        max_work = work if work is not None else float("inf")
        root: State = (tuple(tuple(c) for c in self.start), tuple(self.face_down), self.side, self.used)
        present = mask_of([c for col in self.start for c in col] + list(self.side))
        # Each round gives every budget still open a slice of work twice the
        # last round's, so no one budget can sink the whole limit.
        open_budgets = list(BUDGETS)
        for round_ in range(64):
            for budget in list(open_budgets):
                now = time.perf_counter()
                if now >= self.deadline:
                    break
                if self.work >= max_work:
                    break
                self.slice_end = min(self.work + FIRST_SLICE * 2 ** round_, max_work)
                self.budget = budget
                self.complete = True
                self.seen: set[tuple[tuple[tuple[int, Column], ...], tuple[Card, ...], int]] = set()
                self.line: list[str] = []
                try:
                    found = self._explore(root, present)
                except _OutOfTime:
                    continue
                if found:
                    replay_pillars(self.start, self.all_oracles[self.used:], self.line, self.face_down,
                                   list(self.side))
                    return Result("win", list(self.line), time.perf_counter() - t0, self.nodes, self.work)
                if self.complete:
                    return Result("none", [], time.perf_counter() - t0, self.nodes, self.work)
                open_budgets.remove(budget)  # searched to the end, but cut short: a wider one may win
            if time.perf_counter() >= self.deadline or self.work >= max_work or not open_budgets:
                break
        return Result("undecided", [], time.perf_counter() - t0, self.nodes, self.work)

    # ----- event-level depth-first search ------------------------------
    def _explore(self, st: State, present: int) -> bool:
        cols, fd, side, used = st
        key = (tuple(sorted(zip(fd, cols))), side, used)
        if key in self.seen:
            return False
        self.seen.add(key)
        self.nodes += 1
        if self.work > self.slice_end or time.perf_counter() > self.deadline or (
                self.max_nodes and self.nodes > self.max_nodes):
            raise _OutOfTime
        for _, moves, child, cpresent in self._events(st, present):
            self.line.extend(moves)
            if self._won(child[1], cpresent):
                return True
            if not self._hopeless(cpresent, child[3]) and self._explore(child, cpresent):
                return True
            del self.line[len(self.line) - len(moves):]
        return False

    def _won(self, fd: tuple[int, ...], present: int) -> bool:
        if any(fd):
            return False
        got = self.cap_cache.get(present)
        if got is None:
            got = self.cap_cache[present] = is_cap_mask(present)
        return got

    def _hopeless(self, present: int, used: int) -> bool:
        """True when the dead cards alone outnumber any final cap."""
        dead = self.dead_cache.get(present)
        if dead is None:
            pool = present | mask_of(self.oracles[used:])
            dead = self.dead_cache[present] = dead_mask(present, pool).bit_count()
        return dead > (MAX_CAP if self.oracles else MAX_CAP // 3 * 3)

    def _events(self, st: State, present: int) -> Iterator[Event]:
        """Every event reachable by plain moves within the budget, fewest moves first.

        Yields (sort key, moves in notation, next state, cards present).  A
        generator, so a position pays for the breadth-first pass only as far
        as the search needs it.
        """
        cols0, fd, side0, used = st
        base_ok = not any(fd)
        h0 = 0
        for col in cols0:
            for k, c in enumerate(col):
                h0 ^= _Z[k][c]
        for c in side0:
            h0 ^= _ZS[c]
        # parent: arrangement hash -> (parent hash, (card, column)); plain moves only
        parent: dict[int, tuple[int, tuple[Card, int]] | None] = {h0: None}
        # queue: arrangement, side, hash, and the column the last plain move uncovered
        queue: list[tuple[tuple[Column, ...], tuple[Card, ...], int, int | None]] = [(cols0, side0, h0, None)]
        budget = self.budget
        for k, (cols, side, h, fresh) in enumerate(queue):
            self.work += 1
            if not k & 127 and (self.work > self.slice_end or time.perf_counter() > self.deadline):
                raise _OutOfTime
            found: list[tuple[int, str | tuple[Card, int], State, int]] = []  # moves: text, or (card, column)
            acc = [(col[-1], i) for i, col in enumerate(cols) if col]
            acc += [(c, -1) for c in side]
            where = {c: i for c, i in acc}
            n = len(acc)
            # After a plain move only Sets with the card it uncovered are new: any
            # other Set was open one move earlier, and taking it there, then
            # making the move, reaches the same position.
            firsts = range(n) if k == 0 else [x for x in range(n) if acc[x][1] == fresh]
            for x in firsts:
                a, ia = acc[x]
                row = THIRD[a]
                for y in range(n):
                    if y == x or (k == 0 and y < x):
                        continue
                    b, ib = acc[y]
                    c = row[b]
                    if c > b and (c > a or k) and c != a and c in where:
                        srcs = (ia, ib, where[c])
                        if not base_ok and any(s >= 0 and len(cols[s]) == 1 for s in srcs):
                            continue  # a base leaves only once every foundation is face up
                        found.append(self._set_event(cols, side, fd, used, present, (a, b, c), srcs))
            for a, ia in acc:
                if ia >= 0:
                    src = cols[ia]
                    if len(src) == 1:
                        continue  # a base never moves
                    ha = h ^ _Z[len(src) - 1][a]
                    flips = fd[ia] and len(src) - 2 == fd[ia]
                else:
                    ha = h ^ _ZS[a]
                    flips = False
                two = TWO[a]
                for j, col in enumerate(cols):
                    if j == ia or not col or not two[col[-1]]:
                        continue
                    hn = ha ^ _Z[len(col)][a]
                    if not flips:
                        if hn in parent:
                            continue
                        if len(parent) >= budget:
                            self.complete = False
                            continue
                    nc = list(cols)
                    nc[j] = col + (a,)
                    nside = side
                    if ia >= 0:
                        nc[ia] = src[:-1]
                    else:
                        nside = tuple(s for s in side if s != a)
                    ncols = tuple(nc)
                    if flips:
                        nfd = list(fd)
                        nfd[ia] -= 1
                        found.append((-1, (a, j), (ncols, tuple(nfd), nside, used), present))
                    else:
                        parent[hn] = (h, (a, j))
                        queue.append((ncols, nside, hn, ia if ia >= 0 else None))
            if found:
                path = self._path(parent, h)
                found.sort(key=lambda ev: ev[0])
                for score, m, child, cpresent in found:
                    yield score, path + [m if isinstance(m, str) else f"move {code(m[0])} > {m[1] + 1}"], \
                        child, cpresent
        if used < len(self.oracles):
            card = self.oracles[used]
            empty = [j for j, col in enumerate(cols0) if not col]
            if empty:
                nc = list(cols0)
                nc[empty[0]] = (card,)
                yield 1, [f"oracle > {empty[0] + 1}"], (tuple(nc), fd, side0, used + 1), present | (1 << card)
            yield 2, ["oracle side"], (cols0, fd, tuple(sorted(side0 + (card,))), used + 1), present | (1 << card)

    @staticmethod
    def _set_event(cols: tuple[Column, ...], side: tuple[Card, ...], fd: tuple[int, ...], used: int, present: int,
                   cards: tuple[Card, Card, Card], srcs: tuple[int, int, int]) -> tuple[int, str, State, int]:
        nc = list(cols)
        nfd = list(fd)
        nside = side
        flips = 0
        for c, s in zip(cards, srcs):
            if s < 0:
                nside = tuple(x for x in nside if x != c)
                continue
            col = nc[s] = nc[s][:-1]
            if nfd[s] and len(col) - 1 == nfd[s]:
                nfd[s] -= 1
                flips += 1
        text = "set " + " ".join(code(c) for c in sorted(cards))
        npresent = present & ~((1 << cards[0]) | (1 << cards[1]) | (1 << cards[2]))
        return (-flips - 1 if flips else 0), text, (tuple(nc), tuple(nfd), nside, used), npresent

    @staticmethod
    def _path(parent: dict[int, tuple[int, tuple[Card, int]] | None], h: int) -> list[str]:
        out = []
        link = parent[h]
        while link is not None:
            h, (a, j) = link
            out.append(f"move {code(a)} > {j + 1}")
            link = parent[h]
        out.reverse()
        return out


REACH_WORK = 40_000  # the work of one question "can this position still be won?" (``reach``)


def reach(cols: list[list[Card]], face_down: list[int], side: list[Card], oracles: list[Card], used: int,
          work: int = REACH_WORK) -> Result:
    """Can a position in play still be won (oracles allowed): the columns bottom first, the face-down
    foundations of each, the side oracles, all three oracles in order and how many were consulted?
    "win" with a line from the position, "none" (proved) or "undecided" when ``work`` ran out.
    A Samson line (no more oracles) is sought first with half the work, as ``solve`` does."""
    first = Search(cols, oracles, False, face_down, side, used).run(None, None, max(1, work // 2))
    if first.status == "win" or (first.status == "none" and used >= len(oracles)):
        return first
    rest = Search(cols, oracles, True, face_down, side, used).run(None, None, max(1, work - first.work))
    rest.nodes += first.nodes
    return rest


class _OutOfTime(Exception):
    pass


__all__ = ["Result", "Search", "layout", "reach", "solve"]
