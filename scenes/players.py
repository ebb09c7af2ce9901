"""Who plays a demo of a solitaire table mode when nobody at the keyboard does.

``AutoPlayer`` plays the mode's plain player (``demo_choice``) at a steady
pace.  Bots (Classic, 20/20, the race modes) are played by the session (``game.session``).
"""

from __future__ import annotations

from typing import Any

PACE = 0.8  # seconds between a demo's moves


class AutoPlayer:
    """Plays a solitaire table mode in a demo: a Set when there is one, else add, else end."""

    def __init__(self, pace: float = PACE) -> None:
        self.pace = pace
        self.wait = pace * 1.5

    def choose(self, game: Any) -> str | None:
        return game.demo_choice({})  # the mode's plain player

    def tick(self, scene: Any, dt: float) -> None:
        self.wait -= dt
        if self.wait > 0:
            return
        self.wait = self.pace
        move = self.choose(scene.game)
        if move is not None:
            scene.play(move)
