"""The scene stack: queued transitions applied between frames; overlays get events first."""

from __future__ import annotations

from typing import Any

import pygame

from game import variants

from . import scene_class
from .base import App, Scene


class SceneManager:
    """Holds the stack of scenes; ``switch``/``push``/``pop`` take effect at ``apply()``."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.stack: list[Scene] = []
        self.pending: list[tuple[str, str | None, dict[str, Any]]] = []
        self.full = True  # the next frame redraws the whole window

    # ----- requests (queued) -------------------------------------------------
    def switch(self, name: str, data: dict[str, Any] | None = None) -> None:
        """Replace the whole stack with scene ``name``."""
        self.pending.append(("switch", name, data or {}))

    def push(self, name: str, data: dict[str, Any] | None = None) -> None:
        """Put scene ``name`` over the current one (pause, help)."""
        self.pending.append(("push", name, data or {}))

    def pop(self) -> None:
        """Remove the top scene; the one below resumes."""
        self.pending.append(("pop", None, {}))

    def apply(self) -> None:
        """Carry out the queued requests, in order (called by the loop between frames).

        :raises KeyError: on an unknown scene name.
        """
        while self.pending:
            self.full = True
            op, name, data = self.pending.pop(0)
            if op == "pop":
                if self.stack:
                    self.stack.pop().exit()
                if self.stack:
                    self.stack[-1].resize(self.app.size)
                    self.stack[-1].resume()
                continue
            scene = scene_class(name)(self.app)
            if name in variants.MODES:  # a play scene may play several modes: the name says which
                scene.mode = name
            if op == "switch":
                while self.stack:
                    self.stack.pop().exit()
            elif self.stack:
                self.stack[-1].cover()
            self.stack.append(scene)
            scene.enter(data)

    def close(self) -> None:
        """The window closes: every scene leaves (a game in play saves itself)."""
        while self.stack:
            self.stack.pop().exit()

    # ----- the loop's calls ---------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def find(self, cls: type) -> Scene | None:
        """The topmost scene of a class (e.g. the game under a pause overlay)."""
        return next((s for s in reversed(self.stack) if isinstance(s, cls)), None)

    def handle_event(self, e: pygame.event.Event) -> bool:
        """The top scene sees the event first; an overlay keeps it from the scenes below."""
        return bool(self.stack) and self.stack[-1].handle_event(e)

    def update(self, dt: float) -> None:
        """Only the top scene runs: a pause or help overlay freezes the game (and its clock)."""
        if self.stack:
            self.stack[-1].update(dt)

    def resize(self, size: tuple[int, int]) -> None:
        for s in self.stack:
            s.resize(size)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        """Draw from the highest full-screen scene up through the overlays above it."""
        first = 0
        for i in range(len(self.stack) - 1, -1, -1):
            if not self.stack[i].overlay:
                first = i
                break
        for s in self.stack[first:]:
            s.alpha = alpha
            s.draw(surface)

    def take_full(self) -> bool:
        """Whether the whole window must be redrawn (and forget the request)."""
        full, self.full = self.full, False
        return full

    def dirty(self, alpha: float) -> list[pygame.Rect] | None:
        """The areas to redraw this frame: None for everything (any overlay: everything)."""
        if len(self.stack) != 1:
            return None
        return self.stack[0].dirty(alpha)

    @property
    def animating(self) -> bool:
        return bool(self.pending) or any(s.animating for s in self.stack[-1:])

    def wake_in(self) -> float | None:
        return self.stack[-1].wake_in() if self.stack else None
