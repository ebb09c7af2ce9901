"""The first-play tutorial of 20/20 SET: your cards and the table, one Set to find, the rest in words.

Shown once before the first 20/20 game (``settings["tutorial_seen"]["twenty"]``),
after the basics tutorial when that one is due too.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.cards import card, is_set, why_not_set
from game.variants.twenty import Twenty
from sprites import theme
from sprites.cardart import ASPECT

from .tutorial import TutorialBase
from .twenty_layout import hand_keys

HAND = ("3PSF", "2PSH", "2GDF")
TABLE = ("1GOE", "1PDH", "3GSE", "1GDH", "1GOF", "1ROF")
STEPS = (
    "In 20/20 everyone has personal cards, face up (yours lie along the bottom), and six cards lie on the "
    "table for all. Get rid of your personal cards by making Sets with them.",
    "Your turn: one Set hides here that uses your own cards. Click three cards, or press 1 2 3 / q w e for "
    "the table and a s d for your cards.",
    "Table cards you use are replaced; yours are not. A wrong pick gives you a penalty card. Stuck? Draw (+) "
    "takes one more card, up to 9. Empty your hand first: you score a point for every card the others hold.",
)


class TwentyTutorialScene(TutorialBase):
    """Three short steps shown before the first 20/20 game (``settings["tutorial_seen"]["twenty"]``)."""

    flag = Twenty.NAME  # (the mode of the data, when given: a mode played as 20/20)
    header = "20/20 SET"
    steps = STEPS
    buttons_up = 3.6

    def enter(self, data: dict[str, Any]) -> None:
        self.flag = data.get("mode") or self.flag
        self.cards = [card(c) for c in TABLE + HAND]
        super().enter(data)

    @property
    def interactive(self) -> bool:
        return self.step == 1

    @property
    def keys(self) -> str:
        """The keys of the nine cards: the table's six, then the hand's three from the player's card keys."""
        return "123qwe" + hand_keys(str(self.app.settings.get("card_keys", "123qweasdzxc")))[:3]

    def judge(self, picked: list[int]) -> tuple[bool, str]:
        own = [c for c in picked if c in self.cards[6:]]
        if is_set(*picked) and own:
            return True, f"That's it: {len(own)} of your cards gone in one Set!"
        why = "use at least one of your own cards" if is_set(*picked) else why_not_set(*picked)
        return False, f"Not this one — {why}"

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        u = self.u
        self.art_w = round(min(u * 6.0, w * 0.8 / 3.4))
        ch = self.art_w / ASPECT
        self.rects = []
        for i in range(9):
            row, col = divmod(i, 3)
            r = pygame.Rect(0, 0, self.art_w, round(ch))
            r.center = (round(w / 2 + (col - 1) * self.art_w * 1.12), round(u * 8.5 + ch / 2 + row * ch * 1.18
                                                                          + (u * 1.6 if row == 2 else 0)))
            self.rects.append(r)

    def key(self, e: pygame.event.Event) -> None:
        keys = self.keys
        if e.unicode and e.unicode.lower() in keys:
            self.pick(keys.index(e.unicode.lower()))

    def draw_page(self, surface: pygame.Surface) -> None:
        u = self.u
        self.heading(surface, "Your cards and the table", size=2.2)
        art = self.art(self.art_w)
        self.say(surface, "TABLE", u * 0.85, (self.rects[0].left, self.rects[0].top - u * 0.4), theme.MUTED,
                 "bottomleft")
        self.say(surface, "YOUR CARDS", u * 0.85, (self.rects[6].left, self.rects[6].top - u * 0.4), theme.ACCENT,
                 "bottomleft")
        keys = self.keys
        for i, (c, r) in enumerate(zip(self.cards, self.rects)):
            self.blit_card(surface, art, c, r, c in self.picked)
            if self.step == 1:
                self.say(surface, keys[i].upper(), u * 0.9, (r.right - u * 0.3, r.bottom - u * 0.2), (150, 146, 136),
                         "bottomright")
        y = self.paragraph(surface, STEPS[self.step], self.rects[-1].bottom + u * 1.4, size=1.1, lead=1.5)
        self.blit_note(surface, y + u * 0.3, size=1.05)
