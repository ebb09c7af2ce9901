"""A short interactive first-play tutorial: what a Set is, then find one yourself.

Shown once before the first game (``settings["tutorial_seen"]["basics"]``)
and from the menu or a help screen at any time.  ``TutorialBase`` here is
also the base of the mode tutorials (``twenty_tutorial``, ``solitaire_tutorial``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from game.cards import card, describe, is_set, why_not_set
from sprites import theme
from sprites.cardart import CardArt, art_for
from sprites.hud import Button

from .base import Scene
from .overlays import veil
from .widgets import unit_of

SHEET = (16, 26, 44, 246)  # the tutorial's panel: the game beneath it does not show through

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


class TutorialBase(Scene):
    """Pages turned with Next (Enter) or skipped (Esc); an interactive page waits for a Set picked from ``cards``.

    A subclass sets ``flag`` (its key in ``settings["tutorial_seen"]``), ``header``
    and ``steps``, lays out ``rects`` for ``cards`` and draws its page in ``draw_page``.
    """

    flag = ""
    header = "HOW TO PLAY"
    steps: Sequence[Any] = ()
    buttons_up = 4.2  # the buttons' top, in units above the bottom edge

    def enter(self, data: dict[str, Any]) -> None:
        self.overlay = bool(data.get("overlay", type(self).overlay))
        self.step = 0
        self.picked: list[int] = []
        self.note, self.note_color, self.solved = "", theme.INK, False
        self.next = Button("Next", self.advance, "Enter", accent=True)
        self.skip = Button("Skip", self.done, "Esc")
        self.rects: list[pygame.Rect] = []
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.drawn: list[tuple[str, pygame.Rect]] = []  # the lines of text the last draw wrote, and where
        self.pictured: list[pygame.Rect] = []  # the cards (and empty places) the last draw showed
        super().enter(data)
        self.mark()

    @property
    def interactive(self) -> bool:
        """True on a page that waits for a Set."""
        return False

    @property
    def last(self) -> bool:
        return self.step + 1 >= len(self.steps)

    def mark(self) -> None:
        """The Next button says what it does: "Play" on the last page; it looks off until the page's Set is found."""
        self.next.label = "Play" if self.last else "Next"
        self.next.enabled = not self.interactive or self.solved

    def advance(self) -> None:
        if self.interactive and not self.solved:
            self.note, self.note_color = "Find the Set first — or press Esc to skip.", theme.MUTED
            return
        if self.last:
            self.done()
            return
        self.step += 1
        self.note = ""
        self.turned()

    def turned(self) -> None:
        """Called on a new page."""
        self.mark()

    def done(self) -> None:
        seen = dict(self.app.settings.get("tutorial_seen") or {})
        seen[self.flag] = True
        self.app.set_setting("tutorial_seen", seen)
        if self.overlay:
            self.app.manager.pop()
        else:
            self.app.manager.switch("menu", {})

    def pick(self, i: int) -> None:
        if not self.interactive or self.solved:
            return
        c = self.cards[i]
        if c in self.picked:
            self.picked.remove(c)
            return
        self.picked.append(c)
        if len(self.picked) < 3:
            return
        found, self.note = self.judge(self.picked)
        if found:
            self.solved, self.note_color = True, theme.GOOD
            self.app.sound("set")
            self.mark()
        else:
            self.note_color = theme.BAD
            self.app.sound("wrong")
            self.picked = []

    def judge(self, picked: list[int]) -> tuple[bool, str]:
        """(the Set asked for?, what to say) for three picked cards."""
        if is_set(*picked):
            return True, "That's the Set! You are ready to play."
        return False, "Not a Set — " + why_not_set(*picked)

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        u = self.u = unit_of(size)
        m = round(u * 0.8)
        self.panel = pygame.Rect(0, 0, min(w - 2 * m, round(u * 50)), h - 2 * m)
        self.panel.center = (w // 2, h // 2)
        self.next.rect = pygame.Rect(w / 2 + u * 0.5, h - u * self.buttons_up, u * 10, u * 2.4)
        self.skip.rect = pygame.Rect(w / 2 - u * 10.5, h - u * self.buttons_up, u * 10, u * 2.4)

    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.KEYDOWN:
            if e.key == pygame.K_ESCAPE:
                self.done()
            elif e.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.advance()
            else:
                self.key(e)
            return True
        if self.next.handle_event(e):
            if not self.next.enabled and e.type == pygame.MOUSEBUTTONDOWN:
                self.advance()  # (it says why it is off)
            return True
        if self.skip.handle_event(e):
            return True
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            for i, r in enumerate(self.rects):
                if r.collidepoint(e.pos):
                    self.pick(i)
        return True

    def key(self, e: pygame.event.Event) -> None:
        """A key other than Esc and Enter/Space."""

    def pad_targets(self) -> list[pygame.Rect]:
        """Where a game controller's ring goes: the cards of a page that waits for a Set, and the buttons
        (none on other pages: the pad's A is Next there)."""
        return self.rects + [self.skip.rect, self.next.rect] if self.interactive else []

    def draw(self, surface: pygame.Surface) -> None:
        if self.app.manager.top is not self:
            return  # another tutorial is shown over this one (the basics come first)
        if self.overlay:
            veil(surface)
        else:
            surface.blit(theme.background(surface.get_size()), (0, 0))
        self.drawn, self.pictured = [], []
        theme.panel(surface, self.panel, round(self.u * 0.8), SHEET, theme.PANEL_EDGE)
        self.draw_page(surface)
        self.next.draw(surface)
        self.skip.draw(surface)

    def draw_page(self, surface: pygame.Surface) -> None:
        """Everything between the backdrop and the buttons."""

    # drawing helpers for draw_page

    def say(self, surface: pygame.Surface, s: str, size: float, pos: tuple[float, float], color=theme.INK,
            anchor: str = "midtop") -> pygame.Rect:
        """A line of bold text (``size`` in px), noted in ``drawn``."""
        r = theme.blit_text(surface, s, round(size), pos, color, True, anchor)
        self.drawn.append((s, r))
        return r

    @property
    def text_width(self) -> int:
        """How wide a paragraph may run: inside the panel, and short enough to read."""
        return round(min(self.panel.w - self.u * 3, self.u * 44))

    @property
    def text_bottom(self) -> float:
        """The lowest a page's text may reach: above the buttons (and a note's two lines on a page that
        waits for a Set)."""
        return self.next.rect.top - self.u * (3.6 if self.interactive else 0.6)

    def heading(self, surface: pygame.Surface, title: str, size: float = 2.4, y: float = 4.6) -> None:
        w, u = surface.get_width(), self.u
        self.say(surface, f"{self.header} · {self.step + 1} / {len(self.steps)}", u * 0.9, (w / 2, u * 2.5),
                 theme.MUTED, "center")
        self.say(surface, title, u * size, (w / 2, u * y), theme.INK, "center")

    def caption(self, surface: pygame.Surface, s: str, r: pygame.Rect, size: float = 0.85) -> float:
        """A card's words under it, on up to two lines no wider than the card's place; returns the y below."""
        u = self.u
        y = r.bottom + u * 0.4
        for line in theme.wrap(s, round(u * size), round(r.w * 1.08), True)[:2]:
            self.say(surface, line, u * size, (r.centerx, y), theme.MUTED)
            y += u * size * 1.25
        return y

    def art(self, width: int) -> CardArt:
        s = self.app.settings
        return art_for(width, str(s.get("palette", "standard")), bool(s.get("colour_cue")))

    def blit_card(self, surface: pygame.Surface, art: CardArt, c: int, r: pygame.Rect, ring: bool = False) -> None:
        """A card face with its shadow, ringed when picked (green once solved)."""
        surface.blit(art.shadow(), art.shadow().get_rect(center=(r.centerx, r.centery + 3)))
        surface.blit(art.face(c), r)
        self.pictured.append(r.copy())
        if ring:
            pygame.draw.rect(surface, theme.GOOD if self.solved else theme.SELECT, r.inflate(8, 8), width=4,
                             border_radius=art.radius + 4)

    def paragraph(self, surface: pygame.Surface, text: str, y: float, size: float = 1.15,
                  lead: float = 1.6) -> float:
        """Wrapped centred text from ``y`` down, smaller when it would run into the buttons; returns the
        y below it."""
        w, u = surface.get_width(), self.u
        scale = 1.0
        lines = theme.wrap(text, round(u * size), self.text_width, True)
        while scale > 0.7 and y + len(lines) * u * lead * scale > self.text_bottom:
            scale -= 0.05
            lines = theme.wrap(text, round(u * size * scale), self.text_width, True)
        for line in lines:
            self.say(surface, line, u * size * scale, (w / 2, y))
            y += u * lead * scale
        return y

    def blit_note(self, surface: pygame.Surface, y: float, size: float = 1.1) -> None:
        """What the last pick made of it, on up to two lines."""
        if self.note:
            w, u = surface.get_width(), self.u
            for line in theme.wrap(self.note, round(u * size), self.text_width, True)[:2]:
                self.say(surface, line, u * size, (w / 2, y), self.note_color)
                y += u * size * 1.3


class TutorialScene(TutorialBase):
    """What a Set is, then one to find among six cards."""

    flag = "basics"
    steps = STEPS

    @property
    def cards(self) -> list[int]:
        return [card(c) for c in STEPS[self.step][1]]

    @property
    def interactive(self) -> bool:
        return STEPS[self.step][2]

    def turned(self) -> None:
        self.picked = []
        self.resize(self.size)
        super().turned()

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        u = self.u
        n = len(STEPS[self.step][1])
        self.art_w = round(min(u * 9, (self.panel.w * 0.85) / (min(n, 3) * 1.12)))
        art_h = self.art_w / 1.55
        self.rects = []
        for i in range(n):
            row, col = divmod(i, 3)
            cx = w / 2 + (col - 1) * self.art_w * 1.12
            cy = h * 0.36 + row * art_h * 1.2
            r = pygame.Rect(0, 0, self.art_w, round(art_h))
            r.center = (round(cx), round(cy))
            self.rects.append(r)

    def key(self, e: pygame.event.Event) -> None:
        if e.unicode and e.unicode in "123456"[:len(self.cards)]:
            self.pick(int(e.unicode) - 1)

    def draw_page(self, surface: pygame.Surface) -> None:
        u = self.u
        self.heading(surface, "What is a Set?")
        art = self.art(self.art_w)
        interactive = self.interactive
        y = max(r.bottom for r in self.rects) + u * 2.4
        for i, (c, r) in enumerate(zip(self.cards, self.rects)):
            self.blit_card(surface, art, c, r, c in self.picked)  # solved: the three that made it
            if interactive:
                self.say(surface, str(i + 1), u * 1.0, (r.centerx, r.bottom + u * 0.3), theme.MUTED)
            elif self.step == 0:
                y = max(y, self.caption(surface, describe(c), r, 0.9) + u * 0.8)
        y = self.paragraph(surface, STEPS[self.step][0], y)
        self.blit_note(surface, y + u * 0.6)
