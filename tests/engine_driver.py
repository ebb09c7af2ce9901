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


def dealt_first(mode: str, first: str, pool=None, **options):
    """A game of ``mode`` whose deal starts with the codes in ``first``, then the rest of ``pool``
    (the 81 cards, or the codes given) in index order."""
    from game import variants
    from game.cards import DECK, code

    head = first.split()
    rest = [c for c in (pool if pool is not None else [code(c) for c in DECK]) if c not in head]
    return variants.load({"variant": mode, "id": "test", "deck": head + rest}, **options)
