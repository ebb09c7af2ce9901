"""The title screen: every mode, continue, daily, levels, tutorial, stats, history, settings, quit."""

from __future__ import annotations

from typing import Any

import pygame

from sprites import theme
from sprites.cardart import art_for
from sprites.hud import Button, stack_buttons

from .base import Scene
from .modes import MODES, ORDER
from .widgets import ButtonColumn, unit_of

SHOWCASE = (("1RDF", -12), ("2GOH", 0), ("3PSE", 12))  # the three cards under the title, tilted


NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")


def count_word(n: int) -> str:
    """A small count in words ("eleven"), a larger one in figures.

    >>> count_word(11), count_word(14)
    ('eleven', '14')
    """
    return NUMBERS[n] if 0 <= n < len(NUMBERS) else str(n)


class MenuScene(Scene):
    def enter(self, data: dict[str, Any]) -> None:
        saved = [m for m in self.app.saved_modes() if m in MODES]
        self.resume_mode = saved[0] if saved else None
        play = [Button(MODES[m].title, lambda m=m: self.choose(m), accent=(m == ORDER[0])) for m in ORDER]
        more = []
        if len(saved) > 1:  # several unfinished games: the list of them, each with its date and progress
            more.append(Button(f"Continue… ({len(saved)} games)",
                               lambda: self.app.manager.switch("unfinished", {}), accent=True))
        elif self.resume_mode:
            more.append(Button(f"Continue {MODES[self.resume_mode].title}", self.resume, accent=True))
        more += [
            Button("Play online", lambda: self.app.manager.switch("online", {})),
            Button("Daily deal", lambda: self.app.manager.switch("daily", {})),
            Button("Puzzle levels", lambda: self.app.manager.switch("levels", {})),
            Button("How to play", lambda: self.app.manager.switch("tutorial", {})),
            Button("Stats", lambda: self.app.manager.switch("stats", {})),
            Button("History", lambda: self.app.manager.switch("history", {})),
            Button("Settings", lambda: self.app.manager.switch("settings", {})),
            Button("Quit", lambda: self.app.quit()),
        ]
        column = [MODES[m].game.MENU_COLUMN for m in ORDER]  # the online game's modes: a column of their own
        self.columns = [ButtonColumn([b for b, c in zip(play, column) if c == 0]),
                        ButtonColumn([b for b, c in zip(play, column) if c == 1]), ButtonColumn(more)]
        self.active = 0
        for col in self.columns[1:]:
            col.focus = -1
            col._mark()
        self.modes = list(ORDER)
        super().enter(data)

    def choose(self, mode: str) -> None:
        self.app.manager.switch("setup", {"mode": mode})

    def resume(self) -> None:
        mode = self.resume_mode
        text = self.app.load_game(mode) if mode else None
        if text:
            self.app.manager.switch(MODES[mode].scene, {"resume": text})

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        u = unit_of(size)
        self.u = u
        k = len(self.columns)
        cw = round(min((w - u * 4) / k - u * 1.2, u * 15))
        top = round(h * 0.42)
        n = max(len(c.buttons) for c in self.columns)  # 8 with "Continue …": the footer stays clear
        pitch = min(u * 2.85, (h - u * 2.4 - top) / n)
        bh, gap = round(pitch * 0.8), round(pitch * 0.2)
        left = w / 2 - (k * cw + (k - 1) * u * 1.5) / 2
        for i, col in enumerate(self.columns):
            stack_buttons(col.buttons, pygame.Rect(round(left + i * (cw + u * 1.5)), top, cw, 0), bh, gap)

    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.KEYDOWN:
            if e.key in (pygame.K_LEFT, pygame.K_RIGHT):
                row = max(0, self.columns[self.active].focus)
                self.columns[self.active].focus = -1
                self.columns[self.active]._mark()
                self.active = (self.active + (1 if e.key == pygame.K_RIGHT else -1)) % len(self.columns)
                col = self.columns[self.active]
                col.focus = min(row, len(col.buttons) - 1)  # the same row, as far as the column goes
                col._mark()
                return True
            if e.key == pygame.K_ESCAPE:  # asks first: Esc is pressed by habit on every other screen
                self.app.manager.push("message", {"title": "Quit Set Arcade?", "text": "Your games are saved.",
                                                  "confirm": "Quit", "on_confirm": self.app.quit})
                return True
            if e.key == pygame.K_F1:
                self.app.manager.switch("tutorial", {})
                return True
            col = self.columns[self.active]
            if col.focus < 0:
                col.focus = 0
                col._mark()
                if e.key in (pygame.K_UP, pygame.K_DOWN):
                    return True
            return col.handle_event(e)
        for i, col in enumerate(self.columns):
            if col.handle_event(e):
                if e.type == pygame.MOUSEBUTTONDOWN:
                    self.active = i
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        u = self.u
        theme.paint_background(surface)
        art = art_for(round(u * 6.4), str(self.app.settings.get("palette", "standard")),
                      bool(self.app.settings.get("colour_cue")))
        from game.cards import card

        cy = h * 0.14
        for i, (c, tilt) in enumerate(SHOWCASE):
            img = pygame.transform.rotozoom(art.face(card(c)), tilt, 1.0)
            surface.blit(img, img.get_rect(center=(w / 2 + (i - 1) * art.w * 1.05, cy)))
        theme.blit_text(surface, "SET ARCADE", round(u * 4.2), (w / 2, h * 0.285), theme.ACCENT, True, "center")
        theme.blit_text(surface, f"the card game of Sets, in {count_word(len(ORDER))} modes", round(u * 1.1),
                        (w / 2, h * 0.36), theme.MUTED, True, "center")
        for col, label in zip(self.columns, ("PLAY", "RACES", "MORE")):
            b = col.buttons[0].rect
            theme.blit_text(surface, label, round(u * 0.9), (b.left, b.top - u * 0.4), theme.MUTED, True,
                            "bottomleft")
            col.draw(surface)
        theme.blit_text(surface, "arrows + Enter, or click · F11 full screen · Esc quits", round(u * 0.85),
                        (w / 2, h - u * 1.2), theme.DIM, True, "center")
