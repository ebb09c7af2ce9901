"""What a miss costs, shown the moment it is paid: a point ("−1" rising in the player's row of the panel),
or in Sprint seconds added to the time ("+5 s" rising beside the clock, and the clock itself showing
the time with its penalties, as the score counts them)."""

from __future__ import annotations

from typing import Any

import pygame

from game.variants.classic import MISS_SECONDS
from sprites import theme


def is_sprint(v: dict[str, Any]) -> bool:
    """Is the game a Sprint (the deck cleared against the clock; time is the score)?"""
    return v.get("timed") == "sprint"


def penalty(v: dict[str, Any]) -> float:
    """Sprint: the seconds the wrong picks and lapsed calls added to the time; else 0."""
    return MISS_SECONDS * v["misses"]["P1"] if is_sprint(v) else 0.0


def miss_cost(v: dict[str, Any]) -> str:
    """What a wrong pick or a lapsed call costs, in words: "1" (a point), or in Sprint "5 s"."""
    return f"{MISS_SECONDS:.0f} s" if is_sprint(v) else "1"


def float_cost(scene: Any, at: tuple[float, float]) -> None:
    """Show a miss's cost: "−1" at the player's place ``at``, or Sprint's "+5 s" rising beside the clock
    (in the top bar, right of the clock's words)."""
    cost = miss_cost(scene.v)
    if cost == "1":
        scene.float_text("−1", at, theme.BAD)
        return
    f, u = scene.frame, scene.frame.unit
    area = pygame.Rect(round(f.board.centerx + u * 3.2), f.top.top + round(u * 0.2), round(u * 6),
                       f.top.h - round(u * 0.4))
    scene.float_text(f"+{cost}", (area.centerx, area.bottom), theme.BAD, area)
