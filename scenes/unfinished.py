"""Every unfinished game, one row each (mode, when it was saved, how far it got): pick one to play on."""

from __future__ import annotations

from typing import Any

import pygame

from game.cards import plural
from sprites.hud import Button, stack_buttons

from .base import Scene
from .modes import MODES
from .widgets import ButtonColumn, header, unit_of


def describe_save(save: dict) -> str:
    """One line for a saved game: its mode, when it was saved and its moves.

    >>> print(describe_save({"mode": "pillars", "date": "2026-11-23 21:05", "moves": 12}))
    Pillars · saved 2026-11-23 21:05 · 12 moves
    """
    info = MODES.get(save.get("mode"))
    title = info.title if info else str(save.get("mode"))
    moves = save.get("moves")
    done = f" · {plural(moves, 'move')}" if isinstance(moves, int) else ""
    return f"{title} · saved {save.get('date', '?')}{done}"


class UnfinishedScene(Scene):
    def enter(self, data: dict[str, Any]) -> None:
        self.saves = [s for s in self.app.saved_games() if s.get("mode") in MODES]
        rows = [Button(describe_save(s), lambda s=s: self.play(s["mode"])) for s in self.saves]
        self.column = ButtonColumn(rows + [Button("Menu", lambda: self.app.manager.switch("menu", {}), "Esc")])
        super().enter(data)

    def play(self, mode: str) -> None:
        text = self.app.load_game(mode)
        if text:
            self.app.manager.switch(MODES[mode].scene, {"resume": text})
        else:
            self.app.manager.push("message", {"title": "Cannot continue",
                                              "text": "That game could not be read; it was set aside."})

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        u = unit_of(size)
        width = round(min(w * 0.8, u * 40))
        n = len(self.column.buttons)
        pitch = min(u * 2.9, (h - u * 10) / max(1, n))
        stack_buttons(self.column.buttons, pygame.Rect((w - width) // 2, round(u * 7.5), width, 0),
                      round(pitch * 0.8), round(pitch * 0.2))

    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.app.manager.switch("menu", {})
            return True
        return self.column.handle_event(e)

    def draw(self, surface: pygame.Surface) -> None:
        u = unit_of(self.size)
        note = "pick one to play on" if self.saves else "no unfinished game: every game is finished or new"
        header(surface, "Unfinished games", note, u)
        self.column.draw(surface)
