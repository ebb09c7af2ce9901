"""Helpers shared by the engine tests (no pygame here)."""

from __future__ import annotations

import json


def snapshot(g) -> tuple:
    """What a game shows and what it has played: equal before and after a refused move."""
    return json.dumps(g.view()), list(g.history)
