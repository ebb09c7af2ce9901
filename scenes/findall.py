"""The find-all puzzle: every Set on a fixed table; found Sets are listed, repeats and misses counted."""

from __future__ import annotations

from typing import Any

import pygame

from game.cards import card, code
from game.move import Move
from game.variants.findall import FindAll
from sprites import theme
from sprites.cardart import art_for

from .players import AutoPlayer
from .table import TableScene

FLASH = 0.9


class FindAllScene(TableScene):
    mode = FindAll.NAME
    SHOW_DECK = False  # a fixed table: no deck
    TIMED = True

    def enter(self, data: dict[str, Any]) -> None:
        self.flash = 0.0
        super().enter(data)
        self.known = (len(self.v["found"]), self.v["repeats"])

    def make_driver(self):
        return AutoPlayer(pace=1.1)

    def submit(self, cards: list[int]) -> None:
        self.play(f"set {' '.join(code(c) for c in cards)}")

    def on_played(self, m: Move) -> None:
        v = self.v
        found = len(v["found"])
        known_found, known_repeats = self.known
        self.known = (found, v["repeats"])
        if found > known_found:
            self.app.sound("set")
            self.float_text(f"{found}/{v['sets']}", self.set_center(m.cards), theme.GOOD)
            for c in m.cards:
                self.sprites[c].hinted = True
            self.flash = FLASH
            if self.game.over:
                self.app.sound("win")
                self.burst(self.frame.board.center)
        elif v["repeats"] > known_repeats:
            self.toast.show("Already found — that one counts as a repeat", theme.INFO)
            self.shake(list(m.cards), why="")
        else:
            self.shake(list(m.cards))

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.flash > 0:
            self.flash -= dt
            if self.flash <= 0:
                for s in self.sprites.values():
                    s.hinted = False

    @property
    def animating(self) -> bool:
        return super().animating or self.flash > 0

    def draw_side(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        super().draw_side(surface, rect)
        u, v = self.frame.unit, self.v
        x = rect.left + u
        theme.blit_text(surface, "FOUND", round(u * 0.9), (x, rect.top + u), theme.MUTED, True)
        theme.blit_text(surface, f"{len(v['found'])} / {v['sets']}", round(u * 1.6), (rect.right - u, rect.top + u),
                        theme.INK, True, "topright")
        mini = art_for(max(24, round(min((rect.w - 3 * u) / 3.3, u * 3.6))),
                       str(self.app.settings.get("palette", "standard")), bool(self.app.settings.get("colour_cue")))
        y = rect.top + u * 3.2
        for i in range(v["sets"]):
            row = pygame.Rect(x, y, rect.w - 2 * u, mini.h + u * 0.4)
            if i < len(v["found"]):
                for j, c in enumerate(v["found"][i]):
                    surface.blit(mini.face(card(c)), (x + j * (mini.w + u * 0.4), y))
            else:
                theme.panel(surface, row.inflate(0, -u * 0.2), round(u * 0.4), (255, 255, 255, 8),
                            (255, 255, 255, 26))
                theme.blit_text(surface, "?", round(u * 1.2), row.center, theme.DIM, True, "center")
            y += mini.h + u * 0.6
        theme.blit_text(surface, f"misses {v['misses']}   repeats {v['repeats']}", round(u * 0.95),
                        (x, y + u * 0.3), theme.MUTED, True)
