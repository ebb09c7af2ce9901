"""What to draw again: a frame's dirty rectangles, worked out from what the last frame showed.

A scene alone on the stack answers ``dirty(alpha)`` with the rectangles
that change (see ``scenes/__init__.py``).  A play scene keeps one
``RedrawTracker``: it remembers how each card sprite looked, which parts of
the screen showed what (regions: area and key), and the particles' bounds,
and says what differs now.
"""

from __future__ import annotations

import heapq
from typing import Any

import pygame

ONE_PASS = 1.25  # dirty rectangles are drawn as their one bounding box if it is at most this much bigger
JOIN_WASTE = 60_000  # two dirty rectangles are drawn as one if that draws at most this many pixels more
# (a pass of the scene's draw costs its Python work again: about what painting this many pixels does)
WARM_EVERY = 1 / 60  # seconds between two card faces drawn ahead of need


def merge(rects: list[pygame.Rect], limit: int = 6, waste: int = JOIN_WASTE) -> list[pygame.Rect]:
    """Overlapping rectangles joined; then all of them into their bounding box if that wastes at most
    ``waste`` pixels a pass saved (or ``one_box`` would); else, while more than ``limit`` are left or
    a pair's union wastes at most ``waste`` pixels, the pair whose union wastes the least area is
    joined (each rectangle is a clipped pass of ``draw``).

    >>> merge([pygame.Rect(0, 0, 10, 10), pygame.Rect(5, 5, 10, 10), pygame.Rect(50, 0, 5, 5)], waste=500)
    [Rect(0, 0, 15, 15), Rect(50, 0, 5, 5)]
    >>> merge([pygame.Rect(0, 0, 10, 10), pygame.Rect(5, 5, 10, 10), pygame.Rect(50, 0, 5, 5)], waste=600)
    [Rect(0, 0, 55, 15)]
    """
    out: list[pygame.Rect] = []
    for r in rects:
        r = pygame.Rect(r)
        if r.w <= 0 or r.h <= 0:
            continue
        i = r.collidelist(out)
        while i >= 0:
            r.union_ip(out.pop(i))
            i = r.collidelist(out)
        out.append(r)
    if len(out) > 1:
        box = out[0].unionall(out[1:])
        area = sum(r.w * r.h for r in out)
        if box.w * box.h <= max(ONE_PASS * area, area + (len(out) - 1) * waste):
            return [box]  # (what ``one_box`` would make of them in the end; or one pass costs less than all)
    live = dict(enumerate(out))  # what is left, by number; a union gets a new number
    pairs: list[tuple[int, int, int]] = []  # (waste, i, j) of every pair ever left: a heap

    def pair(i: int, j: int) -> None:
        a, b = live[i], live[j]
        u = a.union(b)
        extra = u.w * u.h - a.w * a.h - b.w * b.h
        heapq.heappush(pairs, (min(extra, -1) if a.colliderect(b) else extra, i, j))  # overlapping: joined

    for i in live:
        for j in range(i + 1, len(out)):
            pair(i, j)
    made = len(out)
    while len(live) > 1 and pairs:
        least, i, j = heapq.heappop(pairs)
        if i not in live or j not in live:
            continue  # one of them was joined already
        if len(live) <= limit and least > waste:
            break
        live[made] = live.pop(i).union(live.pop(j))
        for k in list(live)[:-1]:
            pair(k, made)
        made += 1
    return list(live.values())


def one_box(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """The rectangles, or their one bounding box when it adds little (one clipped pass of ``draw``
    costs its Python work again)."""
    if len(rects) > 1:
        box = rects[0].unionall(rects[1:])
        if box.w * box.h <= ONE_PASS * sum(r.w * r.h for r in rects):
            return [box]
    return rects


class RedrawTracker:
    """What the last frame showed: each sprite's look, each region's key, the particles' bounds."""

    def __init__(self) -> None:
        self.looks: dict[int, tuple] = {}  # sprite id -> its look, bounds first
        self.busy: set[int] = set()  # sprites that moved or animated
        self.extra: list[pygame.Rect] = []
        self.hud: Any = None
        self.shown: list[Any] | None = None
        self.frame = -1  # the frame the looks are of (its draw may skip the cards outside the clip)
        self.art: Any = None  # that frame's card art and its sprites in drawing order (each pass of it draws
        self.order: list = []  # with these)

    def sprites(self, looks: dict[int, tuple], busy: set[int], frame: int = -1) -> list[pygame.Rect]:
        """Where sprites changed their look, move or animate, or came or went: where they are and were."""
        last, self.looks = self.looks, looks
        was_busy, self.busy = self.busy, busy
        self.frame = frame
        rects = []
        for k, look in looks.items():
            old = last.get(k)
            if old != look or k in busy or k in was_busy:
                rects.append(look[0])
                if old is not None:
                    rects.append(old[0])
        rects += [old[0] for k, old in last.items() if k not in looks]
        return rects

    def extras(self, extra: list[pygame.Rect]) -> list[pygame.Rect]:
        """Floating texts and particles: where they are and where they were."""
        last, self.extra = self.extra, extra
        return extra + last

    def regions(self, hud_key: Any,
                regions: list[tuple[pygame.Rect, Any]]) -> list[tuple[int, pygame.Rect, Any, Any]] | None:
        """(index, area, key, last key) of each region whose key changed; None to draw everything
        (``hud_key`` changed, or the regions are not those of the last frame)."""
        hud, self.hud = self.hud, hud_key
        keys = [k for _r, k in regions]
        shown, self.shown = self.shown, keys
        if hud != hud_key or shown is None or len(shown) != len(keys):
            return None
        return [(n, r, k, old) for n, ((r, k), old) in enumerate(zip(regions, shown)) if k != old]


class ArtWarmer:
    """Draws ahead, a step a frame (a band of a blank card, a stage of a symbol, a face; more while
    nothing moves), the faces the next move may need: the table's cards at the
    sizes of three cards fewer and three more.  Drawn all at once when the size changes, they would
    cost one frame tens of milliseconds."""

    def __init__(self) -> None:
        self.wait = 0.0
        self.done: Any = None  # the (table, art) whose faces are all drawn
        self.table: tuple = ()  # the table of the last step

    def step(self, dt: float, table: list[int], art_for_count, steps: int = 1) -> None:
        """``steps`` steps of drawing ahead for ``table`` if ``WARM_EVERY`` seconds passed since the last (none
        in the update a move changed the table: its frame redraws the board); ``art_for_count(n)`` is
        the card art for n cards."""
        self.wait -= dt
        n = len(table)
        key = (tuple(table), art_for_count(n))
        if key[0] != self.table:
            self.table, self.wait = key[0], max(self.wait, WARM_EVERY)
            return
        if self.wait > 0 or self.done == key:
            return
        self.wait = WARM_EVERY
        for _ in range(steps):
            if not self._one(table, art_for_count):
                self.done = key
                return

    @staticmethod
    def _one(table: list[int], art_for_count) -> bool:
        """One step towards the faces of ``table`` at the sizes of three cards fewer and more; False
        when they are all drawn."""
        n = len(table)
        for m in (n - 3, n + 3):
            if m < 3:
                continue
            art = art_for_count(m)
            if not art.drawn(-1):
                art.prepare(-1)  # drawn large, then scaled down: two steps
                return True
            for c in table:
                if not art.drawn(c):
                    art.prepare(c)
                    return True
        return False
