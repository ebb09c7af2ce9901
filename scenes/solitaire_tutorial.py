"""The first-play tutorial of the stacked solitaires (Pillars, Mag's): a few pages over the table.

Shown once per mode before its first game (``settings["tutorial_seen"][mode]``),
after the basic "what is a Set" tutorial when that one is due too.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.cards import card, describe
from sprites import theme

from .tutorial import TutorialBase

# mode -> pages of (title, text, example cards)
PAGES: dict[str, tuple[tuple[str, str, tuple[str, ...]], ...]] = {
    "pillars": (
        ("Six pillars", "Six columns of 13: a base at the bottom, three face-down foundations on it, nine "
         "cards face up. Only the top card of a column (and an oracle turned up at the side) can be used.", ()),
        ("Exactly two", "Move a top card onto another column's top when the two share exactly two features. "
         "These two share number and colour, and differ in shape and shading: the move is allowed. Drag the "
         "card, or click it and then the lit column.", ("2RDE", "2ROF")),
        ("Sets and foundations", "Take any Set of three accessible cards: click three tops. A foundation "
         "turns up by itself when the card above it leaves. A base never moves, and may be in a Set only "
         "once all 18 foundations are face up.", ("1RDE", "2GOH", "3PSF")),
        ("The oracles", "Stuck? Consult an oracle (O): into an empty column, as its new base — you choose the "
         "column before you see the card — or to the side, where it is accessible. Only an oracle can fill "
         "an empty column, and a consult cannot be undone.", ()),
        ("Winning", "You win when all 18 foundations are face up and no Set is left among all the cards "
         "still on the table. Win without any oracle to earn the title Samson.", ()),
    ),
    "mags": (
        ("Nine piles", "Each round deals one card face up onto each of the nine piles. There are nine "
         "rounds; you deal the next one (D) when you choose.", ()),
        ("Sets of tops", "Only pile tops count: click three tops that form a Set to take them. Hover a pile "
         "to peek beneath its top (unless you chose no peeking).", ("1RDE", "2GOH", "3PSF")),
        ("Empty piles", "When a pile is empty you may move any top into it: click the top and then the empty "
         "pile, or drag it. It can bring a buried card up.", ()),
        ("The end", "After the ninth round, play until no Set can be made, or End. Each Set scores 1 (27 at "
         "most); you win with 9 or fewer cards left.", ()),
    ),
}


class SoloTutorialScene(TutorialBase):
    overlay = True

    def enter(self, data: dict[str, Any]) -> None:
        self.flag = self.mode = data.get("mode", "pillars")
        self.steps = PAGES[self.mode]
        super().enter(data)

    def key(self, e: pygame.event.Event) -> None:
        if e.key == pygame.K_RIGHT:
            self.advance()
        elif e.key == pygame.K_LEFT and self.step:
            self.step -= 1

    def draw_page(self, surface: pygame.Surface) -> None:
        w = surface.get_width()
        u = self.u
        title, text, cards = self.steps[self.step]
        self.heading(surface, title, y=4.8)
        y = u * 7.5
        if cards:
            art = self.art(round(min(u * 9, w * 0.25)))
            x0 = w / 2 - (len(cards) - 1) * art.w * 0.56
            for i, c in enumerate(cards):
                r = pygame.Rect((0, 0), art.size)
                r.midtop = (round(x0 + i * art.w * 1.12), round(y))
                self.blit_card(surface, art, card(c), r)
                theme.blit_text(surface, describe(card(c)), round(u * 0.85), (r.centerx, r.bottom + u * 0.4),
                                theme.MUTED, True, "midtop")
            y += art.h + u * 2.8
        self.paragraph(surface, text, y)
