"""Stats: games, wins, streaks, best score and time played, per mode."""

from __future__ import annotations

from typing import Any

import pygame

from sprites import theme
from sprites.hud import Button, clock_text

from .base import Scene
from .modes import MODES, ORDER
from .widgets import header, unit_of

COLUMNS = ("Mode", "Games", "Wins", "Streak", "Best streak", "Best", "Time played")


class StatsScene(Scene):
    def enter(self, data: dict[str, Any]) -> None:
        self.back = Button("Back", lambda: self.app.manager.switch("menu", {}), "Esc", accent=True)
        super().enter(data)

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        u = self.u = unit_of(size)
        self.back.rect = pygame.Rect(w // 2 - u * 6, h - u * 4.2, u * 12, u * 2.4)

    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.back.action()
            return True
        return self.back.handle_event(e)

    def draw(self, surface: pygame.Surface) -> None:
        u = self.u
        header(surface, "Stats", "every finished game counts", u)
        w = surface.get_width()
        width = min(w * 0.86, u * 50)
        x0 = (w - width) / 2
        xs = [x0 + width * f for f in (0, 0.3, 0.4, 0.5, 0.62, 0.77, 1.0)]
        y = u * 8
        for i, name in enumerate(COLUMNS):
            theme.blit_text(surface, name.upper(), round(u * 0.8), (xs[i], y), theme.MUTED, True,
                            "midleft" if i == 0 else "midright" if i == len(COLUMNS) - 1 else "center")
        stats = self.app.stats()
        for k, mode in enumerate(ORDER):
            y = u * (10 + k * 2.2)
            s = stats.get(mode) or {}
            best = s.get("best")
            cells = (MODES[mode].title, s.get("games", 0), s.get("wins", 0), s.get("streak", 0),
                     s.get("best_streak", 0), "—" if best is None else f"{best:g}", clock_text(s.get("time", 0)))
            theme.panel(surface, pygame.Rect(x0 - u * 0.6, y - u * 0.9, width + u * 1.2, u * 1.8), round(u * 0.4))
            for i, cell in enumerate(cells):
                theme.blit_text(surface, str(cell), round(u * 1.0), (xs[i], y), theme.INK, True,
                                "midleft" if i == 0 else "midright" if i == len(COLUMNS) - 1 else "center")
        self.back.draw(surface)
