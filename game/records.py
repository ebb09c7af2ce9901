"""The shapes of the player's records: settings, per-mode stats, level progress.

Each record is a table ``field -> (default, check)``.  ``fill`` keeps the
fields that pass their check, gives defaults for the rest and drops fields
it does not know (a file from an older or newer game), listing every bad
value in ``problems`` so the player can be told.

>>> problems = []
>>> fill({"volume": 2, "sound": False, "zoom": 3}, SETTINGS, "", problems)["volume"], problems
(0.8, ['volume = 2'])
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable
from typing import Any

from .rng import MODES


def _is_bool(v: Any) -> bool:
    return isinstance(v, bool)


def is_num(v: Any) -> bool:
    """A finite int or float (not a bool)."""
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def is_count(v: Any) -> bool:
    """A whole number ≥ 0 (not a bool)."""
    return isinstance(v, int) and not isinstance(v, bool) and v >= 0


def _is_size(v: Any) -> bool:
    return isinstance(v, (list, tuple)) and len(v) == 2 and all(is_count(x) and 320 <= x <= 16384 for x in v)


def _is_keys(v: Any) -> bool:
    return isinstance(v, str) and len(v) == 12 and len(set(v)) == 12 and v.isprintable() and " " not in v


def _is_flags(v: Any) -> bool:
    return isinstance(v, dict) and all(isinstance(k, str) and _is_bool(x) for k, x in v.items())


# setting -> (default, check); a value failing its check is reset to the default
SETTINGS: dict[str, tuple[Any, Callable[[Any], bool]]] = {
    "sound": (True, _is_bool),
    "volume": (0.8, lambda v: is_num(v) and 0 <= v <= 1),
    "palette": ("standard", lambda v: isinstance(v, str) and 0 < len(v) <= 40),
    "colour_cue": (False, _is_bool),
    "call_time": (5.0, lambda v: is_num(v) and 1 <= v <= 60),
    "window_size": ([1280, 720], _is_size),
    "fullscreen": (False, _is_bool),
    "card_keys": ("123qweasdzxc", _is_keys),
    "assist_sets_left": (False, _is_bool),
    "reduce_motion": (False, _is_bool),
    "tutorial_seen": ({}, _is_flags),
}


def _is_daily(v: Any) -> bool:
    return isinstance(v, dict) and all(is_date(k) and isinstance(r, dict) for k, r in v.items())


def is_date(v: Any) -> bool:
    """A real calendar date written YYYY-MM-DD.

    >>> is_date("2026-11-21"), is_date("2026-02-30")
    (True, False)
    """
    try:
        return isinstance(v, str) and len(v) == 10 and bool(time.strptime(v, "%Y-%m-%d"))
    except ValueError:
        return False


# one mode's stats -> (default, check)
MODE_STATS: dict[str, tuple[Any, Callable[[Any], bool]]] = {
    "games": (0, is_count),
    "wins": (0, is_count),
    "streak": (0, is_count),
    "best_streak": (0, is_count),
    "best": (None, lambda v: v is None or is_num(v)),
    "time": (0.0, lambda v: is_num(v) and v >= 0),
    "daily": ({}, _is_daily),
}

# one level's progress -> (default, check)
LEVEL_PROGRESS: dict[str, tuple[Any, Callable[[Any], bool]]] = {
    "solved": (False, _is_bool),
    "tries": (0, is_count),
    "best": (None, lambda v: v is None or is_num(v)),
}


def _copy(value: Any) -> Any:
    return json.loads(json.dumps(value))


def fill(record: Any, schema: dict, where: str, problems: list[str]) -> dict:
    """``record`` checked against ``schema``: bad or missing fields get defaults, unknown ones go."""
    if not isinstance(record, dict):
        problems.append(f"{where} is not an object")
        record = {}
    out = {}
    for key, (default, ok) in schema.items():
        if key in record and not ok(record[key]):
            problems.append(f"{where}{'.' if where else ''}{key} = {record[key]!r:.40}")
        out[key] = _copy(record[key] if key in record and ok(record[key]) else default)
    return out


def clean_settings(data: dict, problems: list[str]) -> dict:
    """Every setting: the file's where good, else the default."""
    return fill(data, SETTINGS, "", problems)


def clean_stats(data: dict, problems: list[str]) -> dict:
    """mode -> MODE_STATS record, from a stats file's ``modes`` (unknown modes dropped)."""
    modes = data.get("modes", {})
    if not isinstance(modes, dict):
        problems.append("modes is not an object")
        modes = {}
    return {m: fill(modes[m], MODE_STATS, m, problems) for m in MODES if m in modes}


def clean_progress(data: dict, problems: list[str]) -> dict:
    """level id -> LEVEL_PROGRESS record, from a progress file's ``levels``."""
    levels = data.get("levels", {})
    if not isinstance(levels, dict):
        problems.append("levels is not an object")
        levels = {}
    return {k: fill(v, LEVEL_PROGRESS, k, problems) for k, v in levels.items()}


def better(best: float | None, score: float | None, lower_is_better: bool) -> float | None:
    """The better of a best so far and a new score (None means none yet).

    >>> better(30, 27, False), better(95.5, 80.25, True), better(None, 3, False)
    (30, 80.25, 3)
    """
    if score is None:
        return best
    if best is None or (score < best if lower_is_better else score > best):
        return score
    return best
