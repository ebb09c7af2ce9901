"""Who plays when nobody at the keyboard does: bots for Classic, a simple player for the rest.

``make_bot`` uses ``game.bots.Bot``.  ``AutoPlayer`` drives a demo of a
solitaire mode by playing the first of ``legal_moves`` at a steady pace.
"""

from __future__ import annotations

from typing import Any

PACE = 0.8  # seconds between a demo's moves


def make_bot(player: str, level: str, seed: int) -> Any:
    """A Classic opponent: ``tick(game, now) -> move or None``.

    :raises ValueError: on an unknown level or player.
    """
    from game.bots import Bot

    return Bot(player, level, seed)


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
