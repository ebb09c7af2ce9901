"""The results screen: the mode (and its kind, when it has several), title, score, time and the deal's code
(to play it again or pass it on), the person's new rating after a rated game, the standings of a game of
several players (winners marked), Sets by worth, and replay / play again / menu."""

from __future__ import annotations

from typing import Any

import pygame

from sprites import theme
from sprites.hud import Button, clock_text, row_buttons
from sprites.particles import Burst

from .base import Scene
from .modes import MODES, ORDER
from .widgets import ButtonColumn, fitted, unit_of

WORTH_NAMES = ("worth 1", "worth 2", "worth 3", "megasets")
RATED = 1.5  # units the rating line takes after a rated game


class ResultsScene(Scene):
    def enter(self, data: dict[str, Any]) -> None:
        self.mode = data.get("mode", ORDER[0])
        self.column = ButtonColumn([
            Button("Replay", self.replay, "R", enabled="game" in data),
            Button("Back to the room" if data.get("watched") else "Play again", self.again, "Enter", accent=True),
            Button("Menu", self.menu, "Esc"),
        ])
        self.column.focus = 1
        self.column._mark()
        self.bursts: list[Burst] = []
        self.celebrated = False
        super().enter(data)

    def replay(self) -> None:
        setup = self.data.get("setup", {})
        self.app.manager.switch(MODES[self.mode].scene, {"replay": self.data["game"], "results": self.data,
                                                         "seats": setup.get("seats")})

    def again(self) -> None:
        if self.data.get("again"):  # an online game: back to the room's lobby
            name, data = self.data["again"]
            self.app.manager.switch(name, data)
            return
        setup = self.data.get("setup", {})
        if setup.get("demo"):
            self.app.manager.switch(MODES[self.mode].scene, {**setup, "seed": setup.get("seed", 0) + 1})
            return
        self.app.manager.switch("setup", {"mode": self.mode, "values": setup.get("values", {})})

    def menu(self) -> None:
        self.app.manager.switch("menu", {})

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        u = self.u = unit_of(size)
        width = round(min(w * 0.7, u * 32))
        row_buttons(self.column.buttons, pygame.Rect((w - width) // 2, h - round(u * 4.5), width, round(u * 2.4)),
                    round(u * 0.8))

    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.KEYDOWN:
            if e.key == pygame.K_ESCAPE:
                self.menu()
                return True
            if e.key == pygame.K_r and self.column.buttons[0].enabled:
                self.replay()
                return True
        return self.column.handle_event(e, keys=(pygame.K_LEFT, pygame.K_RIGHT))

    def update(self, dt: float) -> None:
        if not self.celebrated:
            self.celebrated = True
            if self.data.get("won"):
                w, h = self.size
                self.bursts = [Burst((w * x, h * 0.25), [theme.ACCENT, theme.GOOD, theme.INFO], 60,
                                     self.u * 20, i) for i, x in enumerate((0.3, 0.7))]
        for b in self.bursts:
            b.update(dt)
        self.bursts = [b for b in self.bursts if not b.dead]

    @property
    def animating(self) -> bool:
        return bool(self.bursts) or not self.celebrated

    def page(self) -> tuple[float, float]:
        """(top, unit) of the page: up to 1.4 times the screen's unit, as the room above the buttons
        allows, and centred in that room (a short page does not leave the lower half empty)."""
        u, d = self.u, self.data
        units = 13.2 + RATED * bool(self.rating_line()) + 1.6 * len(d.get("lines", [])) + \
            (9.3 if d.get("by_worth") else 0)
        room = self.column.buttons[0].rect.top - u * 0.8
        pu = max(u * 0.8, min(u * 1.4, room / (units + 2)))  # a unit of margin over and under
        return max(0.0, (room - units * pu) / 2), pu

    def heading(self) -> str:
        """The mode's title, and the kind of result when the mode has several ("CLASSIC · BLITZ")."""
        cls = MODES[self.mode].game
        kind = self.data.get("kind")
        if kind is not None and len(cls.KINDS) > 1:
            return f"{cls.TITLE} · {cls.kind_named(kind).title}".upper()
        return MODES[self.mode].title.upper()

    def rating_line(self) -> str:
        """The line after a rated game (``App.rate_game``): "Rating 1530 ± 150 (+18) · provisional"; else
        empty."""
        rating = self.data.get("rating")
        text = rating.get("text") if isinstance(rating, dict) else None
        return text if isinstance(text, str) else ""

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        d = self.data
        t, u = self.page()
        theme.paint_background(surface)
        room = round(w * 0.92)
        theme.blit_text(surface, self.heading(), fitted(self.heading(), u * 1.0, room), (w // 2, t + u * 2.2),
                        theme.MUTED, True, "center")
        title = d.get("title", "Game over")
        theme.blit_text(surface, title, fitted(title, u * 2.8, room), (w // 2, t + u * 4.6),
                        theme.ACCENT if d.get("won") else theme.INK, True, "center")
        score = str(d.get("score", ""))
        theme.blit_text(surface, score, fitted(score, u * 4.2, room), (w // 2, t + u * 8.6), theme.INK, True, "center")
        line = f"time {clock_text(d.get('time', 0))}" + (f" · deal {d['code']}" if d.get("code") else "")
        theme.blit_text(surface, line, fitted(line, u * 1.1, room), (w // 2, t + u * 11.2), theme.MUTED, True,
                        "center")
        y = t + u * 13.2
        rating = self.rating_line()
        if rating:  # a rated game: the person's new rating and its change
            theme.blit_text(surface, rating, fitted(rating, u * 1.05, room), (w // 2, t + u * 12.7), theme.INFO,
                            True, "center")
            y += u * RATED
        first = [s.get("place") == 1 for s in d.get("standings", [])]  # the standings lead the lines
        for i, line in enumerate(d.get("lines", [])):
            colour = theme.ACCENT if i < len(first) and first[i] else theme.INK
            theme.blit_text(surface, line, fitted(line, u * 1.05, room), (w // 2, y), colour, True, "center")
            y += u * 1.6
        by = d.get("by_worth")
        if by:
            self.draw_worth(surface, by, y + u * 0.8, u)
        for b in self.bursts:
            b.draw(surface)
        self.column.draw(surface)

    def draw_worth(self, surface: pygame.Surface, by: list[int], top: float, u: float) -> None:
        w = surface.get_width()
        width = min(w * 0.5, u * 24)
        x0 = (w - width) / 2
        theme.blit_text(surface, "SETS BY WORTH", round(u * 0.85), (w / 2, top), theme.MUTED, True, "midtop")
        most = max(max(by), 1)
        for i, n in enumerate(by):
            y = top + u * (1.7 + i * 1.6)
            last = i == len(by) - 1  # a megaset; with three features (Junior), all different
            name = WORTH_NAMES[i] if not last or len(by) == 4 else "all different"
            theme.blit_text(surface, name, round(u * 0.95), (x0, y), theme.MUTED, True, "midleft")
            bar = pygame.Rect(x0 + u * 6.5, y - u * 0.45, (width - u * 9) * n / most, u * 0.9)
            if n:
                pygame.draw.rect(surface, theme.ACCENT if last else theme.INFO, bar, border_radius=round(u * 0.3))
            theme.blit_text(surface, str(n), round(u * 0.95), (x0 + width, y), theme.INK, True, "midright")
