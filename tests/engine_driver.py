"""Helpers shared by the engine tests (no pygame here)."""

from __future__ import annotations

import json

import pytest

from game.errors import IllegalMove


def snapshot(g) -> tuple:
    """What a game shows and what it has played: equal before and after a refused move."""
    return json.dumps(g.view()), list(g.history)


def assert_refused(g, move: str) -> None:
    """``move`` raises IllegalMove and leaves the game exactly as it was."""
    before = snapshot(g)
    with pytest.raises(IllegalMove):
        g.play(move)
    assert snapshot(g) == before
