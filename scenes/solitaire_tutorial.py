"""The first-play tutorial of the stacked solitaires (Pillars, Mag's): a few pages over the table.

Shown once per mode before its first game (``settings["tutorial_seen"][mode]``),
after the basic "what is a Set" tutorial when that one is due too.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.cards import card, describe
from sprites import theme
from sprites.cardart import art_for
from sprites.hud import Button

from .base import Scene
from .overlays import veil
from .widgets import unit_of

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


class SoloTutorialScene(Scene):
    overlay = True

    def enter(self, data: dict[str, Any]) -> None:
        self.mode = data.get("mode", "pillars")
        self.pages = PAGES[self.mode]
        self.page = 0
        self.next = Button("Next", self.advance, "Enter", accent=True)
        self.skip = Button("Skip", self.done, "Esc")
        super().enter(data)

    def advance(self) -> None:
        if self.page + 1 >= len(self.pages):
            self.done()
            return
        self.page += 1
        if self.page + 1 == len(self.pages):
            self.next.label = "Play"

    def done(self) -> None:
        seen = dict(self.app.settings.get("tutorial_seen") or {})
        seen[self.mode] = True
        self.app.set_setting("tutorial_seen", seen)
        self.app.manager.pop()

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        u = self.u = unit_of(size)
        self.next.rect = pygame.Rect(w / 2 + u * 0.5, h - u * 4.2, u * 10, u * 2.4)
        self.skip.rect = pygame.Rect(w / 2 - u * 10.5, h - u * 4.2, u * 10, u * 2.4)

    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.KEYDOWN:
            if e.key == pygame.K_ESCAPE:
                self.done()
            elif e.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_RIGHT):
                self.advance()
            elif e.key == pygame.K_LEFT and self.page:
                self.page -= 1
            return True
        self.next.handle_event(e) or self.skip.handle_event(e)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        if self.app.manager.top is not self:
            return  # the basic tutorial is shown over this one first
        w, h = surface.get_size()
        u = self.u
        veil(surface)
        title, text, cards = self.pages[self.page]
        theme.blit_text(surface, f"HOW TO PLAY · {self.page + 1} / {len(self.pages)}", round(u * 0.9),
                        (w / 2, u * 2.5), theme.MUTED, True, "center")
        theme.blit_text(surface, title, round(u * 2.4), (w / 2, u * 4.8), theme.INK, True, "center")
        y = u * 7.5
        if cards:
            s = self.app.settings
            art = art_for(round(min(u * 9, w * 0.25)), str(s.get("palette", "standard")), bool(s.get("colour_cue")))
            x0 = w / 2 - (len(cards) - 1) * art.w * 0.56
            for i, c in enumerate(cards):
                r = pygame.Rect((0, 0), art.size)
                r.midtop = (round(x0 + i * art.w * 1.12), round(y))
                surface.blit(art.shadow(), art.shadow().get_rect(center=(r.centerx, r.centery + 3)))
                surface.blit(art.face(card(c)), r)
                theme.blit_text(surface, describe(card(c)), round(u * 0.85), (r.centerx, r.bottom + u * 0.4),
                                theme.MUTED, True, "midtop")
            y += art.h + u * 2.8
        for line in theme.wrap(text, round(u * 1.15), round(min(w * 0.8, u * 44)), True):
            theme.blit_text(surface, line, round(u * 1.15), (w / 2, y), theme.INK, True, "midtop")
            y += u * 1.6
        self.next.draw(surface)
        self.skip.draw(surface)
