"""Where things go on the 20/20 SET screen, and the keys that pick personal cards.

``TwentyLayout(frame, players)`` splits the board into a strip of seat boxes
along the top (every player but P1, their cards small), the six-card table
with the deck on its left and the discard pile on its right, and P1's own
cards along the bottom (as large as the table cards, in one or two rows).

>>> hand_keys("123azeqsdwxc"), TABLE_KEYS
('qsdfghjkl', 6)
>>> rows_of(7, 5), rows_of(4, 5)
([4, 3], [4])
"""

from __future__ import annotations

import math

import pygame

from sprites.cardart import ASPECT
from sprites.layout import MAX_CARD_W, Frame, home_row

MAX_HAND = 9
TABLE_KEYS = 6  # the first six card keys pick the table: 1 2 3 / q w e on a qwerty keyboard


def hand_keys(card_keys: str) -> str:
    """The nine keys that pick personal cards, the home row of the chosen keyboard."""
    return home_row(card_keys)


def rows_of(n: int, per_row: int) -> list[int]:
    """How many of ``n`` cards go in each row, at most ``per_row`` a row, the rows balanced."""
    if n <= 0:
        return []
    rows = math.ceil(n / max(1, per_row))
    k = math.ceil(n / rows)
    return [k] * (n // k) + ([n % k] if n % k else [])


def _row_positions(counts: list[int], cx: float, top: float, w: float, gap: float) -> list[tuple[float, float]]:
    h = w / ASPECT
    out = []
    for r, k in enumerate(counts):
        y = top + h / 2 + r * (h + gap * 1.2)
        x0 = cx - (k * w + (k - 1) * gap) / 2 + w / 2
        out += [(x0 + i * (w + gap), y) for i in range(k)]
    return out


class TwentyLayout:
    """Rectangles and card sizes of the 20/20 screen for one window size."""

    def __init__(self, frame: Frame, players: list[str]) -> None:
        u, b = frame.unit, frame.board
        self.unit = u
        others = players[1:]
        strip = pygame.Rect(b.left, b.top + round(u * 0.2), b.w, round(max(u * 6.0, b.h * 0.25)))
        gap = u * 0.6
        bw = (strip.w - gap * (len(others) - 1)) / max(1, len(others))
        self.boxes: dict[str, pygame.Rect] = {}
        for i, p in enumerate(others):
            self.boxes[p] = pygame.Rect(round(strip.left + i * (bw + gap)), strip.top, round(bw), strip.h)
        inner_w, inner_h = bw - u * 1.0, strip.h - u * 2.6
        self.small_w, self.small_per_row = 24, MAX_HAND
        for rows in (1, 2, 3):
            per = math.ceil(MAX_HAND / rows)
            w = min(inner_w / (per * 1.08 - 0.08), inner_h / (rows * 1.1 - 0.1) * ASPECT)
            if w > self.small_w:
                self.small_w, self.small_per_row = int(w), per
        rest = pygame.Rect(b.left, strip.bottom + round(u * 0.8), b.w, b.bottom - strip.bottom - round(u * 0.8))
        label = u * 1.8
        self.big_w, self.per_row = 24, MAX_HAND
        for rows, per in ((1, MAX_HAND), (2, 5)):
            h = (rest.h - label) / (2.12 + 0.4 + rows + 0.19 * (rows - 1))
            w = min(h * ASPECT, rest.w / 6.4, rest.w / (per * 1.1 - 0.1), MAX_CARD_W)
            if w > self.big_w:
                self.big_w = int(w)
        self.per_row = max(1, int((rest.w + self.big_w * 0.1) / (self.big_w * 1.1)))
        w = self.big_w
        h = w / ASPECT
        self.table_top = rest.top
        self.table_mid = rest.top + h * 1.06
        self.deck_pos = (rest.centerx - w * 1.1 - w * 1.5, self.table_mid)
        self.discard_pos = (rest.centerx + w * 1.1 + w * 1.5, self.table_mid)
        hand_top = rest.top + h * 2.12 + h * 0.4
        self.hand_label = pygame.Rect(rest.left, round(hand_top), rest.w, round(label))
        self.hand_area = pygame.Rect(rest.left, round(hand_top + label), rest.w, round(rest.bottom - hand_top - label))

    def table_pos(self, i: int) -> tuple[float, float]:
        """Centre of table place i (0..5: two rows of three, like the keys 1 2 3 / q w e)."""
        w = self.big_w
        r, c = divmod(i, 3)
        return self.hand_area.centerx + (c - 1) * w * 1.1, self.table_top + w / ASPECT * (0.5 + r * 1.12)

    def hand_slots(self, n: int) -> list[tuple[float, float]]:
        """Centres of P1's n personal cards along the bottom."""
        w = self.big_w
        counts = rows_of(n, self.per_row)
        h = w / ASPECT
        return _row_positions(counts, self.hand_area.centerx, self.hand_area.top + h * 0.08, w, w * 0.1)

    def seat_slots(self, p: str, n: int) -> list[tuple[float, float]]:
        """Centres of another player's n cards in their box at the top."""
        box, u = self.boxes[p], self.unit
        return _row_positions(rows_of(n, self.small_per_row), box.centerx, box.top + u * 2.1, self.small_w,
                              self.small_w * 0.08)
