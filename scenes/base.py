"""The Scene lifecycle every screen follows (see ``scenes/__init__.py``)."""

from __future__ import annotations

from typing import Any

import pygame

#: the app that runs the scenes (``scenes.app.App``); no scene imports it: the app imports the scenes
App = Any


class Scene:
    """A screen.  Subclasses override what they need; every hook has a harmless default."""

    #: drawn over the scene below it (which stays visible, frozen)
    overlay = False
    #: switches at once to another scene: messages told meanwhile wait for that one
    passing = False

    def __init__(self, app: App) -> None:
        self.app = app
        self.alpha = 1.0  # interpolation between the last two updates, set by the loop before draw
        self.data: dict[str, Any] = {}

    @property
    def size(self) -> tuple[int, int]:
        return self.app.size

    def enter(self, data: dict[str, Any]) -> None:
        """Called when the scene becomes active, with the data it was started with."""
        self.data = data
        self.resize(self.size)

    def exit(self) -> None:
        """Called when the scene leaves the stack."""

    def connection(self) -> Any:
        """The connection to a room this screen holds (online), closed with the window; None for none."""
        return None

    def cover(self) -> None:
        """Called when another scene is pushed over this one (it stops being updated)."""

    def resume(self) -> None:
        """Called when an overlay above this scene is popped."""

    def resize(self, size: tuple[int, int]) -> None:
        """Lay out for a window of ``size``."""

    def handle_event(self, e: pygame.event.Event) -> bool:
        """React to one input event; True when it was used."""
        return False

    def update(self, dt: float) -> None:
        """Advance ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene (never changes state)."""

    def dirty(self, alpha: float) -> list[pygame.Rect] | None:
        """The areas that change in the next draw ([] for none), or None to redraw everything.

        Called by the loop just before ``draw``; a scene may keep notes here about
        what it drew last.  The default redraws everything.
        """
        return None

    @property
    def animating(self) -> bool:
        """True while something moves, so the loop must keep drawing at the frame rate."""
        return False

    def wake_in(self) -> float | None:
        """Seconds until the scene changes by itself (a clock's next second), None for never."""
        return None
