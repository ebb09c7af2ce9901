"""A mode's first-play pages over its table: the stacked solitaires (Pillars, Mag's) and the modes of the
online game (Junior, Set-Chain, UltraSet, Memory, Shuffle).

Shown once per mode before its first game (``settings["tutorial_seen"][mode]``),
after the basic "what is a Set" tutorial when that one is due too, and from
the mode's help (T): the scene a mode's ``TUTORIAL`` names.  The pages are
found by the mode's class (or the nearest class above it with pages); a mode
with none shows its rules in plain words (``HELP``), a paragraph a page.
"""

from __future__ import annotations

from typing import Any

import pygame

from game import variants
from game.cards import card, code, describe
from game.rng import deal
from game.variants.base import Game
from game.variants.chain import Chain
from game.variants.junior import Junior
from game.variants.mags import Mags
from game.variants.memory import Memory
from game.variants.pillars import Pillars
from game.variants.shuffle import Shuffle
from game.variants.ultra import Ultra
from sprites import theme

from . import tutorial_pictures as pictures
from .tutorial import TutorialBase
from .tutorial_pictures import HIDDEN, Stacks

Page = tuple[str, str, "tuple[str, ...] | Stacks"]  # (title, text, example cards in a row, or piles)

_DEAL = [code(c) for c in deal(1)]
#: a real Pillars deal of seed 1: six columns of 13, bottom (base) first, the three foundations face down
PILLARS_DEAL = tuple((col[0], HIDDEN, HIDDEN, HIDDEN) + tuple(col[4:])
                     for col in (_DEAL[13 * i:13 * i + 13] for i in range(6)))
#: a Mag's table after three rounds (a deal's first 27 cards, nine a round)
MAGS_ROUNDS = tuple(tuple(_DEAL[i + 9 * r] for r in range(3)) for i in range(9))
A_SET = ("1RDE", "2GOH", "3PSF")
CAP = ("2RSH", "3PSE", "2PDH", "3PSH", "1GDE", "1GSE", "1ROH", "3PDF", "1PSE", "1ROF", "3GOF", "1GOH")  # no Set

#: a mode's class -> its pages
PAGES: dict[type[Game], tuple[Page, ...]] = {
    Pillars: (
        ("Six pillars", "Six columns of 13: a base at the bottom, three face-down foundations on it, nine "
         "cards face up. Only the top card of a column (and an oracle turned up at the side) can be used.",
         Stacks(PILLARS_DEAL)),
        ("Exactly two", "Move a top card onto another column's top when the two share exactly two features. "
         "These two share number and colour, and differ in shape and shading: the move is allowed. Drag the "
         "card, or click it and then the lit column.", ("2RDE", "2ROF")),
        ("Sets and foundations", "Take any Set of three accessible cards: click three tops. A foundation "
         "turns up by itself when the card above it leaves. A base never moves, and may be in a Set only "
         "once all 18 foundations are face up.", ("1RDE", "2GOH", "3PSF")),
        ("The oracles", "Stuck? Consult an oracle (O): into an empty column, as its new base — you choose the "
         "column before you see the card — or to the side, where it is accessible. Only an oracle can fill "
         "an empty column, and a consult cannot be undone.",
         Stacks((("3ROH", "1GDF", "3GDH"), ("1RDF", "2GOF"), (), ("2RSF", "3RDH", "1ROE"), (HIDDEN, HIDDEN, HIDDEN),
                 ("2GOH",)), labels=("", "", "empty", "", "oracles", "side"), lit=(2,), arrow=(4, 2))),
        ("Winning", "You win when all 18 foundations are face up and no Set is left among all the cards "
         "still on the table. Win without any oracle to earn the title Samson.",
         Stacks(tuple(CAP[i:i + 2] for i in range(0, 12, 2)))),
    ),
    Mags: (
        ("Nine piles", "Each round deals one card face up onto each of the nine piles. There are nine "
         "rounds; you deal the next one (D) when you choose.", Stacks(MAGS_ROUNDS)),
        ("Sets of tops", "Only pile tops count: click three tops that form a Set to take them. Hover a pile "
         "to peek beneath its top (unless you chose no peeking).", ("1RDE", "2GOH", "3PSF")),
        ("Empty piles", "When a pile is empty you may move any top into it: click the top and then the empty "
         "pile, or drag it. It can bring a buried card up.",
         Stacks((("1RDE", "2GOF"), ("3PSH",), ("2GOH", "1PDF", "3RSE"), (), ("1GOE",)),
                labels=("", "", "", "empty", ""), lit=(3,), arrow=(2, 3))),
        ("The end", "After the ninth round, play until no Set can be made, or End. Each Set scores 1 (27 at "
         "most); you win with 9 or fewer cards left.",
         Stacks(((CAP[0],), (), (CAP[1], CAP[2]), (CAP[3],), (), (CAP[4],), (CAP[5], CAP[6]), (), (CAP[7],)))),
    ),
    Junior: (
        ("Three features", "Junior SET uses only the 27 solid cards, so a card has three features: a number, a "
         "colour and a shape. Three cards are a Set when each feature is all the same or all different: these "
         "differ in all three.", ("1RDF", "2GOF", "3PSF")),
        ("Race for Sets", "Call SET (Space, or click a card) and pick three cards within the call time. A right "
         "Set scores 1; a wrong pick or a call that runs out costs 1. Nine cards lie out — ten always hold a "
         "Set. These three share number and shape and differ in colour: a Set.", ("1RDF", "1GDF", "1PDF")),
    ),
    Chain: (
        ("A chain of Sets", "The first Set is any Set, such as these three. The panel then shows it: every next "
         "Set must use exactly one of its cards and two cards of the table.", ("1RDE", "2GOH", "3PSF")),
        ("Carry one card", "After the Set before, these three may follow: they carry its three purple solid "
         "squiggles and take two table cards. A Set that carries none, or two, costs 1. Three cards are "
         "added while no such Set is there.", ("3PSF", "3GDE", "3ROH")),
    ),
    Ultra: (
        ("Two pairs", "Call SET and pick four cards that split into two pairs completing to the same third "
         "card. The first two here complete to one red empty diamond, and so do the last two: an UltraSet.",
         ("2GOH", "3PSF", "1GOE", "1PSE")),
        ("The hidden card", "The card both pairs complete to need not be on the table: when your four are "
         "right it is shown. A right UltraSet scores 1; a wrong pick or a call that runs out costs 1.",
         Stacks((("2GOH",), ("3PSF",), ("1GOE",), ("1PSE",), ("1RDE",)), labels=("", "", "", "", "shown when right"),
                lit=(4,), becomes=4)),
    ),
    Memory: (
        ("Face down", "The twelve cards lie face down. Click one (or press its key) to turn it up: that is "
         "your call. Then turn up two more within the call time; the others wait meanwhile.",
         (HIDDEN, "2GOH", HIDDEN)),
        ("Remember", "Three that make a Set are yours (+1), and new cards come face down. Anything else turns "
         "back after a moment and costs nothing — so remember where you saw each card. The bots remember "
         "too.",
         Stacks((("1RDE",), ("2GOH",), ("2RSF",), (HIDDEN,), (HIDDEN,), (HIDDEN,)), becomes=3,
                labels=("", "not a Set", "", "", "turned back", ""))),
    ),
    Shuffle: (
        ("Cards change places", "Shuffle plays like Classic: call SET (Space, or click a card) and pick three "
         "cards. But after every Set, once new cards fill its places, the cards on the table change places: "
         "the cards you studied are still there, just not where you saw them.",
         Stacks((("1RDE",), ("2GOH",), ("3PSF",), ("3PSF",), ("1RDE",), ("2GOH",)), becomes=3,
                labels=("", "before", "", "", "after a Set", ""))),
    ),
}


def pages_of(game: type[Game]) -> tuple[Page, ...]:
    """The first-play pages of a mode's class: its own, those of the nearest class above it that has some,
    or else its rules in plain words, a paragraph a page, each over a Set of three (what every mode is made of)."""
    for cls in game.__mro__:
        if cls in PAGES:
            return PAGES[cls]
    return tuple((game.TITLE, text, A_SET) for text in game.HELP.split("\n\n") if text.strip()) or \
        ((game.TITLE, game.TAGLINE, A_SET),)


class SoloTutorialScene(TutorialBase):
    overlay = True

    def enter(self, data: dict[str, Any]) -> None:
        self.flag = self.mode = data.get("mode", Pillars.NAME)
        self.steps = pages_of(variants.game_class(self.mode))
        super().enter(data)

    def key(self, e: pygame.event.Event) -> None:
        if e.key == pygame.K_RIGHT:
            self.advance()
        elif e.key == pygame.K_LEFT and self.step:
            self.step -= 1
            self.turned()

    def draw_page(self, surface: pygame.Surface) -> None:
        w = surface.get_width()
        u = self.u
        title, text, cards = self.steps[self.step]
        self.heading(surface, title, y=4.8)
        lines = len(theme.wrap(text, round(u * 1.15), self.text_width, True))
        if isinstance(cards, Stacks):
            self.draw_stacks(surface, cards, text, lines)
            return
        art = self.art(round(min(u * 9, w * 0.25, self.panel.w * 0.85 / (len(cards or "x") * 1.12))))
        tall = (art.h + u * 3.7 if cards else 0) + lines * u * 1.6  # the cards, their words and the text
        y = max(u * 7.5, (u * 7.5 + self.text_bottom - tall) / 2)  # the page's body in the middle of its room
        if cards:
            x0 = w / 2 - (len(cards) - 1) * art.w * 0.56
            below = y
            for i, c in enumerate(cards):
                r = pygame.Rect((0, 0), art.size)
                r.midtop = (round(x0 + i * art.w * 1.12), round(y))
                if c == HIDDEN:  # a card face down (Memory)
                    surface.blit(art.shadow(), art.shadow().get_rect(center=(r.centerx, r.centery + 3)))
                    surface.blit(art.back(), r)
                    self.pictured.append(r)
                else:
                    self.blit_card(surface, art, card(c), r)
                below = max(below, self.caption(surface, "face down" if c == HIDDEN else describe(card(c)), r))
            y = below + u * 1.2
        self.paragraph(surface, text, y)

    def draw_stacks(self, surface: pygame.Surface, pic: Stacks, text: str, lines: int) -> None:
        """A page whose picture is piles side by side (``tutorial_pictures``), as large as the room above
        the page's text lets it be."""
        u = self.u
        words = lines * u * 1.6 + u * 1.2
        room = self.text_bottom - u * 7.5 - words
        width, strip = pictures.fit(pic, min(self.panel.w * 0.9, self.text_width * 1.05), room, u)
        art = self.art(width)
        tall = pictures.height(pic, art, strip, u) + words
        y = max(u * 7.5, (u * 7.5 + self.text_bottom - tall) / 2)
        drawn, below = pictures.draw(surface, pic, art, strip, surface.get_width() / 2, y, u,
                                     lambda s, t, r: self.caption(s, t, r))
        self.pictured += drawn
        self.paragraph(surface, text, below + u * 1.2)
