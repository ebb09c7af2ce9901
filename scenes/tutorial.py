"""A short interactive first-play tutorial: what a Set is, then find one yourself.

Shown once before the first game (``settings["tutorial_seen"]["basics"]``)
and from the menu or a help screen at any time.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.cards import card, describe, is_set, why_not_set
from sprites import theme
from sprites.cardart import art_for
from sprites.hud import Button

from .base import Scene
from .overlays import veil
from .widgets import unit_of

# (text, cards shown, interactive?)
STEPS = (
    ("Every card has four features: a number (1, 2, 3), a colour (red, green, purple), "
     "a shape (diamond, oval, squiggle) and a shading (empty, striped, solid).",
     ("1RDE", "2GOH", "3PSF"), False),
    ("Three cards are a Set when each feature is all the same or all different. These three differ in "
     "every feature: a Set (a megaset, worth 4 in Solitaire-Set).",
     ("1RDE", "2GOH", "3PSF"), False),
    ("These are a Set too: the same number, colour and shape, and three different shadings.",
     ("1RDE", "1RDH", "1RDF"), False),
    ("Your turn: one Set hides among these six cards. Click three cards, or press 1 to 6.",
     ("2GDF", "3ROH", "1POH", "1RDF", "2ROE", "2GOH"), True),
)


class TutorialScene(Scene):
    def enter(self, data: dict[str, Any]) -> None:
        self.overlay = bool(data.get("overlay"))
        self.step = 0
        self.picked: list[int] = []
        self.note = ""
        self.note_color = theme.INK
        self.solved = False
        self.next = Button("Next", self.advance, "Enter", accent=True)
        self.skip = Button("Skip", self.done, "Esc")
        self.rects: list[pygame.Rect] = []
        super().enter(data)

    @property
    def cards(self) -> list[int]:
        return [card(c) for c in STEPS[self.step][1]]

    def advance(self) -> None:
        text, _cards, interactive = STEPS[self.step]
        if interactive and not self.solved:
            self.note, self.note_color = "Find the Set first — or press Esc to skip.", theme.MUTED
            return
        if self.step + 1 >= len(STEPS):
            self.done()
            return
        self.step += 1
        self.picked, self.note = [], ""
        self.resize(self.size)

    def done(self) -> None:
        seen = dict(self.app.settings.get("tutorial_seen") or {})
        seen["basics"] = True
        self.app.set_setting("tutorial_seen", seen)
        if self.overlay:
            self.app.manager.pop()
        else:
            self.app.manager.switch("menu", {})

    def pick(self, i: int) -> None:
        if not STEPS[self.step][2] or self.solved:
            return
        c = self.cards[i]
        if c in self.picked:
            self.picked.remove(c)
            return
        self.picked.append(c)
        if len(self.picked) == 3:
            if is_set(*self.picked):
                self.solved = True
                self.note, self.note_color = "That's the Set! You are ready to play.", theme.GOOD
                self.app.sound("set")
                self.next.label = "Play"
            else:
                self.note = "Not a Set — " + why_not_set(*self.picked)
                self.note_color = theme.BAD
                self.app.sound("wrong")
                self.picked = []

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        u = self.u = unit_of(size)
        n = len(STEPS[self.step][1])
        self.art_w = round(min(u * 9, (w * 0.8) / (min(n, 3) * 1.12)))
        art_h = self.art_w / 1.55
        self.rects = []
        for i in range(n):
            row, col = divmod(i, 3)
            cx = w / 2 + (col - 1) * self.art_w * 1.12
            cy = h * 0.36 + row * art_h * 1.2
            r = pygame.Rect(0, 0, self.art_w, round(art_h))
            r.center = (round(cx), round(cy))
            self.rects.append(r)
        self.next.rect = pygame.Rect(w / 2 + u * 0.5, h - u * 4.2, u * 10, u * 2.4)
        self.skip.rect = pygame.Rect(w / 2 - u * 10.5, h - u * 4.2, u * 10, u * 2.4)

    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.KEYDOWN:
            if e.key == pygame.K_ESCAPE:
                self.done()
            elif e.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.advance()
            elif e.unicode and e.unicode in "123456"[:len(self.cards)]:
                self.pick(int(e.unicode) - 1)
            return True
        if self.next.handle_event(e) or self.skip.handle_event(e):
            return True
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            for i, r in enumerate(self.rects):
                if r.collidepoint(e.pos):
                    self.pick(i)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        u = self.u
        if self.overlay:
            veil(surface)
        else:
            theme.paint_background(surface)
        theme.blit_text(surface, f"HOW TO PLAY · {self.step + 1} / {len(STEPS)}", round(u * 0.9), (w / 2, u * 2.5),
                        theme.MUTED, True, "center")
        theme.blit_text(surface, "What is a Set?", round(u * 2.4), (w / 2, u * 4.6), theme.INK, True, "center")
        s = self.app.settings
        art = art_for(self.art_w, str(s.get("palette", "standard")), bool(s.get("colour_cue")))
        interactive = STEPS[self.step][2]
        for i, (c, r) in enumerate(zip(self.cards, self.rects)):
            surface.blit(art.shadow(), art.shadow().get_rect(center=(r.centerx, r.centery + 3)))
            surface.blit(art.face(c), r)
            if c in self.picked or (self.solved and interactive):
                pygame.draw.rect(surface, theme.GOOD if self.solved else theme.SELECT, r.inflate(8, 8),
                                 width=4, border_radius=art.radius + 4)
            if interactive:
                theme.blit_text(surface, str(i + 1), round(u * 1.0), (r.centerx, r.bottom + u * 0.3), theme.MUTED,
                                True, "midtop")
            elif self.step == 0:
                theme.blit_text(surface, describe(c), round(u * 0.9), (r.centerx, r.bottom + u * 0.4),
                                theme.MUTED, True, "midtop")
        y = max(r.bottom for r in self.rects) + u * 2.4
        for line in theme.wrap(STEPS[self.step][0], round(u * 1.15), round(min(w * 0.8, u * 44)), True):
            theme.blit_text(surface, line, round(u * 1.15), (w / 2, y), theme.INK, True, "midtop")
            y += u * 1.6
        if self.note:
            theme.blit_text(surface, self.note, round(u * 1.1), (w / 2, y + u * 0.6), self.note_color, True, "midtop")
        self.next.draw(surface)
        self.skip.draw(surface)
