"""The first-play tutorial of 20/20 SET: your cards and the table, one Set to find, the rest in words.

Shown once before the first 20/20 game (``settings["tutorial_seen"]["twenty"]``),
after the basics tutorial when that one is due too.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.cards import card, is_set, why_not_set
from sprites import theme
from sprites.cardart import ASPECT, art_for
from sprites.hud import Button

from .base import Scene
from .overlays import veil
from .twenty_layout import hand_keys
from .widgets import unit_of

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


class TwentyTutorialScene(Scene):
    """Three short steps shown before the first 20/20 game (``settings["tutorial_seen"]["twenty"]``)."""

    def enter(self, data: dict[str, Any]) -> None:
        self.overlay = bool(data.get("overlay"))
        self.step = 0
        self.picked: list[int] = []
        self.note, self.note_color, self.solved = "", theme.INK, False
        self.next = Button("Next", self.advance, "Enter", accent=True)
        self.skip = Button("Skip", self.done, "Esc")
        self.cards = [card(c) for c in TABLE + HAND]
        super().enter(data)

    def advance(self) -> None:
        if self.step == 1 and not self.solved:
            self.note, self.note_color = "Find the Set first — or press Esc to skip.", theme.MUTED
            return
        if self.step + 1 >= len(STEPS):
            self.done()
            return
        self.step += 1
        self.note = ""
        if self.step == 2:
            self.next.label = "Play"

    def done(self) -> None:
        seen = dict(self.app.settings.get("tutorial_seen") or {})
        seen["twenty"] = True
        self.app.set_setting("tutorial_seen", seen)
        if self.overlay:
            self.app.manager.pop()
        else:
            self.app.manager.switch("menu", {})

    def pick(self, i: int) -> None:
        if self.step != 1 or self.solved:
            return
        c = self.cards[i]
        if c in self.picked:
            self.picked.remove(c)
            return
        self.picked.append(c)
        if len(self.picked) < 3:
            return
        own = [c for c in self.picked if c in self.cards[6:]]
        if is_set(*self.picked) and own:
            self.solved = True
            self.note, self.note_color = f"That's it: {len(own)} of your cards gone in one Set!", theme.GOOD
            self.app.sound("set")
        else:
            why = "use at least one of your own cards" if is_set(*self.picked) else why_not_set(*self.picked)
            self.note, self.note_color = f"Not this one — {why}", theme.BAD
            self.app.sound("wrong")
            self.picked = []

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        u = self.u = unit_of(size)
        self.art_w = round(min(u * 6.0, w * 0.8 / 3.4))
        ch = self.art_w / ASPECT
        self.rects = []
        for i in range(9):
            row, col = divmod(i, 3)
            r = pygame.Rect(0, 0, self.art_w, round(ch))
            r.center = (round(w / 2 + (col - 1) * self.art_w * 1.12), round(u * 8.5 + ch / 2 + row * ch * 1.18
                                                                          + (u * 1.6 if row == 2 else 0)))
            self.rects.append(r)
        self.next.rect = pygame.Rect(w / 2 + u * 0.5, h - u * 3.6, u * 10, u * 2.4)
        self.skip.rect = pygame.Rect(w / 2 - u * 10.5, h - u * 3.6, u * 10, u * 2.4)

    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.KEYDOWN:
            keys = "123qwe" + hand_keys(str(self.app.settings.get("card_keys", "123qweasdzxc")))[:3]
            if e.key == pygame.K_ESCAPE:
                self.done()
            elif e.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.advance()
            elif e.unicode and e.unicode.lower() in keys:
                self.pick(keys.index(e.unicode.lower()))
            return True
        if self.next.handle_event(e) or self.skip.handle_event(e):
            return True
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            for i, r in enumerate(self.rects):
                if r.collidepoint(e.pos):
                    self.pick(i)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        if self.app.manager.top is not self:
            return  # another tutorial is shown over this one (the basics come first)
        w, h = surface.get_size()
        u = self.u
        if self.overlay:
            veil(surface)
        else:
            theme.paint_background(surface)
        theme.blit_text(surface, f"20/20 SET · {self.step + 1} / {len(STEPS)}", round(u * 0.9), (w / 2, u * 2.5),
                        theme.MUTED, True, "center")
        theme.blit_text(surface, "Your cards and the table", round(u * 2.2), (w / 2, u * 4.6), theme.INK, True,
                        "center")
        s = self.app.settings
        art = art_for(self.art_w, str(s.get("palette", "standard")), bool(s.get("colour_cue")))
        theme.blit_text(surface, "TABLE", round(u * 0.85), (self.rects[0].left, self.rects[0].top - u * 0.4),
                        theme.MUTED, True, "bottomleft")
        theme.blit_text(surface, "YOUR CARDS", round(u * 0.85), (self.rects[6].left, self.rects[6].top - u * 0.4),
                        theme.ACCENT, True, "bottomleft")
        keys = "123qwe" + hand_keys(str(s.get("card_keys", "123qweasdzxc")))[:3]
        for i, (c, r) in enumerate(zip(self.cards, self.rects)):
            surface.blit(art.shadow(), art.shadow().get_rect(center=(r.centerx, r.centery + 3)))
            surface.blit(art.face(c), r)
            if c in self.picked:
                pygame.draw.rect(surface, theme.GOOD if self.solved else theme.SELECT, r.inflate(8, 8), width=4,
                                 border_radius=art.radius + 4)
            if self.step == 1:
                theme.blit_text(surface, keys[i].upper(), round(u * 0.9), (r.right - u * 0.3, r.bottom - u * 0.2),
                                (150, 146, 136), True, "bottomright")
        y = self.rects[-1].bottom + u * 1.4
        for line in theme.wrap(STEPS[self.step], round(u * 1.1), round(min(w * 0.8, u * 44)), True):
            theme.blit_text(surface, line, round(u * 1.1), (w / 2, y), theme.INK, True, "midtop")
            y += u * 1.5
        if self.note:
            theme.blit_text(surface, self.note, round(u * 1.05), (w / 2, y + u * 0.3), self.note_color, True, "midtop")
        self.next.draw(surface)
        self.skip.draw(surface)
