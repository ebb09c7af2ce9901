"""The pictures of the mode tutorials' pages that show more than a row of cards: piles side by side (a
Pillars column, a Mag's pile, the oracles), drawn with the game's own card art.

A page's picture is a ``Stacks``: each pile is drawn bottom first, its cards overlapping so the top one
shows whole and the covered ones show their band (every feature, as on the table); ``HIDDEN`` is a card
face down and an empty pile an outlined place.  Lit piles get the selection ring, an arrow runs over the
piles from one to another, and a gap may say "becomes".
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.cards import card
from sprites import theme
from sprites.cardart import ASPECT, CardArt

HIDDEN = "??"  # a card shown face down


@dataclass(frozen=True)
class Stacks:
    """Piles side by side, bottom card first; words under the piles; what to light and point at."""

    piles: tuple[tuple[str, ...], ...]
    labels: tuple[str, ...] = ()  # words under each pile ("" for none)
    lit: tuple[int, ...] = ()  # piles ringed (an empty one: its outline)
    arrow: tuple[int, int] | None = None  # from the top of one pile over to another
    becomes: int = -1  # before this pile a wider gap with an arrow: what is left of it becomes what is right

    @property
    def deepest(self) -> int:
        return max(1, max(len(p) for p in self.piles))


def strip_of(h: float) -> float:
    """How much of a covered card shows above the next one, at most: its band of symbols."""
    return h * 0.36


def fit(pic: Stacks, width: float, room: float, u: float) -> tuple[int, float]:
    """(card width, strip) for ``pic`` in ``width`` x ``room`` pixels: cards as large as fit (up to 9 units
    wide), the covered ones showing at least a sixth of a card."""
    slots = len(pic.piles) * 1.12 + (0.9 if pic.becomes >= 0 else 0)
    over = u * (2.2 if pic.labels else 0) + u * (1.6 if pic.arrow else 0)
    k = pic.deepest - 1
    w = min(u * 9, width / slots)
    h = w / ASPECT
    need = h + k * strip_of(h)
    if need > room - over:  # shrink the strips first, then the cards
        strip = (room - over - h) / k if k else 0
        if strip < h / 6:
            h = max(u * 1.2, (room - over) / (1 + k / 6))
            w, strip = h * ASPECT, h / 6
        return round(w), strip
    return round(w), strip_of(h)


def height(pic: Stacks, art: CardArt, strip: float, u: float) -> float:
    """The picture's height, labels and arrow included."""
    return (u * 1.6 if pic.arrow else 0) + art.h + (pic.deepest - 1) * strip + (u * 2.2 if pic.labels else 0)


def draw(surface: pygame.Surface, pic: Stacks, art: CardArt, strip: float, centre_x: float, y: float, u: float,
         caption) -> tuple[list[pygame.Rect], float]:
    """Draw ``pic`` from ``y`` down, centred on ``centre_x``; ``caption(surface, text, rect)`` writes the words
    under a pile.  Returns the rects of the cards and places drawn, and the y below the picture."""
    pitch = art.w * 1.12
    total = len(pic.piles) * pitch + (art.w * 0.9 if pic.becomes >= 0 else 0)
    x = centre_x - total / 2 + (pitch - art.w) / 2
    top = y + (u * 1.6 if pic.arrow else 0)
    drawn: list[pygame.Rect] = []
    tops: list[pygame.Rect] = []
    bottom = top
    for i, pile in enumerate(pic.piles):
        if i == pic.becomes:
            mid = (x - (pitch - art.w) / 2 + art.w * 0.45, top + art.h / 2)
            d = art.w * 0.18
            pygame.draw.polygon(surface, theme.ACCENT, [(mid[0] - d, mid[1] - d), (mid[0] + d, mid[1]),
                                                        (mid[0] - d, mid[1] + d)])
            x += art.w * 0.9
        r = pygame.Rect(round(x), round(top), art.w, art.h)
        if not pile:
            pygame.draw.rect(surface, theme.DIM, r, width=2, border_radius=art.radius)
            drawn.append(r.copy())
        for j, c in enumerate(pile):
            r = pygame.Rect(round(x), round(top + j * strip), art.w, art.h)
            if j == 0:
                surface.blit(art.shadow(), art.shadow().get_rect(center=(r.centerx, r.centery + 3)))
            if c == HIDDEN:
                surface.blit(art.back(), r)
            elif j + 1 < len(pile) and strip < art.h * 0.5:
                surface.blit(art.banded(card(c), round(strip)), r)
            else:
                surface.blit(art.face(card(c)), r)
            drawn.append(r.copy())
        if i in pic.lit:
            pygame.draw.rect(surface, theme.SELECT, r.inflate(8, 8), width=3, border_radius=art.radius + 4)
        tops.append(r)
        bottom = max(bottom, r.bottom)
        x += pitch
    if pic.arrow:
        a, b = (tops[k] for k in pic.arrow)
        lift = top - u * 0.9
        ya, yb = min(a.top, top) - u * 0.25, min(b.top, top) - u * 0.25
        pygame.draw.lines(surface, theme.ACCENT, False, [(a.centerx, ya), (a.centerx, lift), (b.centerx, lift),
                                                        (b.centerx, yb)], 3)
        d = u * 0.45
        pygame.draw.polygon(surface, theme.ACCENT, [(b.centerx - d, yb - d), (b.centerx + d, yb - d),
                                                    (b.centerx, yb + d * 0.3)])
    below = bottom
    for i, words in enumerate(pic.labels):
        if words:
            r = tops[i].copy()
            r.top = round(bottom - r.h)
            below = max(below, caption(surface, words, r))
    return drawn, below
