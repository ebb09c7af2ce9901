"""The shapes of the player's records: settings, stats per (mode, kind), level progress.

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
import time
from typing import Any, TypeGuard

from .variants import MODES, game_class
from .variants.facts import Kind

Field = tuple[Any, ...]  # a field of a schema: (default, check[, fix])

MAX_COUNT = 10**9  # games, wins, tries, hints: more is a damaged file, not a player
MAX_NUMBER = 10**9  # scores and bests, either sign
MAX_SECONDS = 10**10  # time played, in seconds (some 300 years)
MAX_ENTRIES = 100_000  # daily records per mode, levels in the progress file, tutorial flags
#: the card palettes the game draws (the window's theme has a colour table for each)
PALETTE_NAMES = ("standard", "colour-blind")
#: the smallest and the largest window a settings file may ask for (8K UHD)
MIN_WINDOW, MAX_WINDOW = (640, 400), (7680, 4320)
#: the longest name the Play online field takes (the server takes up to 24 characters)
ONLINE_NAME_CHARS = 16
#: keys that give commands on the card tables (Call SET, Locate, Add, Reshuffle): never card keys
COMMAND_KEYS = frozenset(" l+=0")


def _is_bool(v: Any) -> bool:
    return isinstance(v, bool)


def is_num(v: Any, bound: float = MAX_NUMBER) -> bool:
    """A finite int or float (not a bool) of size at most ``bound`` (10**400 and 1e308 are not).

    >>> is_num(3.5), is_num(10**400), is_num(-1e308), is_num(True)
    (True, False, False, False)
    """
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return False
    within: bool = -bound <= v <= bound  # an int too big for a float is compared exactly; NaN fails
    return within


def is_count(v: Any, bound: int = MAX_COUNT) -> TypeGuard[int]:
    """A whole number from 0 to ``bound`` (not a bool)."""
    return isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= bound


def is_text(v: Any, most: int = 40) -> bool:
    """Non-empty printable text of at most ``most`` characters (no NUL, no line breaks)."""
    return isinstance(v, str) and 0 < len(v) <= most and v.isprintable() and bool(v.strip())


def _is_size(v: Any) -> bool:
    return isinstance(v, (list, tuple)) and len(v) == 2 and all(is_count(x) for x in v) and \
        all(lo <= x <= hi for x, lo, hi in zip(v, MIN_WINDOW, MAX_WINDOW))


def _clamp_size(v: Any) -> list[int] | None:
    """A window size of whole numbers brought within MIN_WINDOW..MAX_WINDOW (None if not a size)."""
    if isinstance(v, (list, tuple)) and len(v) == 2 and all(is_count(x, 10**6) for x in v):
        return [min(max(x, lo), hi) for x, lo, hi in zip(v, MIN_WINDOW, MAX_WINDOW)]
    return None


def card_keys_problem(v: Any) -> str | None:
    """Why ``v`` cannot be the 12 card keys (None when it can).

    >>> card_keys_problem("123qweasdzxc"), card_keys_problem("123qweasdzxl")
    (None, "'l' gives a command")
    """
    if not isinstance(v, str) or len(v) != 12:
        return "twelve keys are needed"
    if len(set(v)) != 12:
        return "a key is used twice"
    for c in v:
        if not c.isprintable() or c.isspace() and c not in COMMAND_KEYS:
            return f"{c!r} cannot be typed"
        if c in COMMAND_KEYS:
            return f"{c!r} gives a command"
        if c != c.lower():
            return f"{c!r} is a capital (card keys are typed without Shift)"
    return None


def _is_flags(v: Any) -> bool:
    return isinstance(v, dict) and len(v) <= MAX_ENTRIES and \
        all(is_text(k, 80) and _is_bool(x) for k, x in v.items())


# setting -> (default, check[, fix]); a value failing its check is fixed if it can be, else reset
SETTINGS: dict[str, Field] = {
    "sound": (True, _is_bool),
    "volume": (0.8, lambda v: is_num(v) and 0 <= v <= 1),
    "palette": ("standard", lambda v: v in PALETTE_NAMES),
    "colour_cue": (False, _is_bool),
    "call_time": (5.0, lambda v: is_num(v) and 1 <= v <= 60),
    "window_size": ([1280, 720], _is_size, _clamp_size),
    "fullscreen": (False, _is_bool),
    "card_keys": ("123qweasdzxc", lambda v: card_keys_problem(v) is None),
    "assist_sets_left": (False, _is_bool),
    "reduce_motion": (False, _is_bool),
    "tutorial_seen": ({}, _is_flags),
    # what the bots remember across games: Sets each level has seen taken, the player's recent seconds a Set
    "bot_practice": ({}, lambda v: isinstance(v, dict) and len(v) <= 64
                     and all(is_text(k, 40) and is_count(n) for k, n in v.items())),
    "pace": ([], lambda v: isinstance(v, list) and len(v) <= 100
             and all(is_num(t, 10**6) and t > 0 for t in v)),
    # the name last typed in Play online ("": none yet, the field offers "Player")
    "online_name": ("", lambda v: v == "" or is_text(v, ONLINE_NAME_CHARS) and v == v.strip()),
}


def is_date(v: Any) -> bool:
    """A real calendar date written YYYY-MM-DD.

    >>> is_date("2026-11-21"), is_date("2026-02-30")
    (True, False)
    """
    try:
        return isinstance(v, str) and len(v) == 10 and bool(time.strptime(v, "%Y-%m-%d"))
    except ValueError:
        return False


# one daily result -> (default, check); "won" must be there, the others may be missing
DAILY_RECORD: dict[str, Field] = {
    "won": (False, _is_bool),
    "score": (None, lambda v: v is None or is_num(v)),
    "time": (0.0, lambda v: is_num(v, MAX_SECONDS) and v >= 0),
    "hints": (0, is_count),
}


def _is_daily(v: Any) -> bool:
    return isinstance(v, dict) and len(v) <= MAX_ENTRIES and all(
        is_date(k) and isinstance(r, dict) and _is_bool(r.get("won"))
        and all(DAILY_RECORD[f][1](x) for f, x in r.items() if f in DAILY_RECORD) for k, r in v.items())


def _good_dailies(v: Any) -> dict[str, Any] | None:
    """The daily results with a date and a win or loss, each without its bad fields (None when
    ``v`` is not an object at all)."""
    if not isinstance(v, dict):
        return None
    return {k: {f: x for f, x in r.items() if f in DAILY_RECORD and DAILY_RECORD[f][1](x)}
            for k, r in list(v.items())[:MAX_ENTRIES] if is_date(k) and isinstance(r, dict) and _is_bool(r.get("won"))}


# one kind's stats -> (default, check[, fix]): games, wins and streaks, the best, the time played
KIND_STATS: dict[str, Field] = {
    "games": (0, is_count),
    "wins": (0, is_count),
    "streak": (0, is_count),
    "best_streak": (0, is_count),
    "best": (None, lambda v: v is None or is_num(v)),
    "time": (0.0, lambda v: is_num(v, MAX_SECONDS) and v >= 0),
}
# a mode's own record: its first kind's stats and the mode's daily results (a daily is the mode's deal)
MODE_STATS: dict[str, Field] = {**KIND_STATS, "daily": ({}, _is_daily, _good_dailies)}
#: between a mode and a kind in the name of a kind's record ("<mode>/<kind>")
KIND_MARK = "/"

# one level's progress -> (default, check)
LEVEL_PROGRESS: dict[str, Field] = {
    "solved": (False, _is_bool),
    "tries": (0, is_count),
    "best": (None, lambda v: v is None or is_num(v)),
}


def defaults(schema: dict[str, Field]) -> dict[str, Any]:
    """Each field's default: a new record of ``schema``.

    >>> defaults(LEVEL_PROGRESS)
    {'solved': False, 'tries': 0, 'best': None}
    """
    return {key: _copy(default) for key, (default, *_) in schema.items()}


def _copy(value: Any) -> Any:
    return json.loads(json.dumps(value))


def fill(record: Any, schema: dict[str, Field], where: str, problems: list[str], whole: bool = False) -> dict[str, Any]:
    """``record`` checked against ``schema``: bad fields are fixed (where the schema says how) or
    get defaults, missing ones get defaults, unknown ones go; each bad value is named in ``problems``
    (with ``whole``, also a record holding none of the schema's fields: one the game wrote holds them all)."""
    if not isinstance(record, dict):
        problems.append(f"{where} is not an object")
        record = {}
    elif whole and record and not set(record) & set(schema):
        problems.append(f"{where} holds none of its fields")
    out = {}
    for key, (default, ok, *fix) in schema.items():
        value = record.get(key, default)
        if key in record and not ok(value):
            problems.append(f"{where}{'.' if where else ''}{key} = {_short(value)}")
            fixed = fix[0](value) if fix else None
            value = default if fixed is None else fixed
        out[key] = _copy(value)
    return out


def _short(value: Any) -> str:
    """A value in at most 40 characters, never formatting a huge number in full."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**30:
        return "a number too big"
    try:
        return f"{value!r:.40}"
    except (ValueError, RecursionError):
        return "a value too big"


def clean_settings(data: dict[str, Any], problems: list[str]) -> dict[str, Any]:
    """Every setting: the file's where good, else fixed (a window size brought within bounds) or the default."""
    return fill(data, SETTINGS, "", problems)


def stats_key(mode: str, kind: str | None = None) -> str:
    """The name of the record that keeps the stats of (``mode``, ``kind``) in ``Store.stats``.

    A mode's first kind is kept under the mode's own name, with the mode's
    dailies; any other kind under ``<mode>/<kind>``.  So a mode of one kind
    has one record named as the mode, as stats files have always had.

    >>> stats_key("classic", "sprint"), stats_key("classic", "normal"), stats_key("points")
    ('classic/sprint', 'classic', 'points')

    :raises ValueError: on an unknown mode, or a kind the mode does not declare.
    """
    first, *others = game_class(mode).KINDS
    if kind is None or kind == first.name:
        return mode
    if kind not in [k.name for k in others]:
        raise ValueError(f"{mode} has no kind {kind!r}: one of {', '.join(k.name for k in (first, *others))}")
    return f"{mode}{KIND_MARK}{kind}"


def stats_records() -> list[tuple[str, Kind, str]]:
    """Every (mode, kind, record name) of the registry, modes in menu order, each mode's kinds in its order."""
    return [(m, k, stats_key(m, k.name)) for m in MODES for k in game_class(m).KINDS]


def kind_stats(stats: dict[str, dict[str, Any]], mode: str, kind: str | None = None) -> dict[str, Any]:
    """The stats of (``mode``, ``kind``) in ``stats`` (``Store.stats``); a new record when none is kept.

    >>> kind_stats({}, "classic", "blitz")["games"]
    0
    """
    key = stats_key(mode, kind)
    return stats.get(key) or defaults(MODE_STATS if key == mode else KIND_STATS)


def clean_stats(data: dict[str, Any], problems: list[str]) -> dict[str, Any]:
    """record name (``stats_key``) -> its stats, from a stats file's ``modes`` (unknown names dropped).

    Counts that contradict each other are brought in line: wins and the best
    streak at most the games, the streak at most the best streak.

    Migration: files written before stats were kept per kind hold one
    record per mode, named as the mode; it loads as the mode's first kind
    (Classic's "normal"), unchanged, dailies and all.  Nothing in such a
    record says which kind each game was (its games, wins and time are sums
    over every kind; Classic's best is the highest of every kind's scores,
    a Sprint's seconds among them), so no part of it can be split off
    honestly: it is kept whole, where most of those games were played,
    rather than lost or guessed apart, and the other kinds start afresh.
    """
    modes = data.get("modes", {})
    if not isinstance(modes, dict):
        problems.append("modes is not an object")
        modes = {}
    out = {key: fill(modes[key], MODE_STATS if key == m else KIND_STATS, key, problems, whole=True)
           for m, _, key in stats_records() if key in modes}
    for m, s in out.items():
        for key, most in (("wins", "games"), ("best_streak", "games"), ("streak", "best_streak")):
            if s[key] > s[most]:
                problems.append(f"{m}.{key} = {s[key]} (more than {most})")
                s[key] = s[most]
    return out


def clean_progress(data: dict[str, Any], problems: list[str]) -> dict[str, Any]:
    """level id -> LEVEL_PROGRESS record, from a progress file's ``levels``."""
    levels = data.get("levels", {})
    if not isinstance(levels, dict) or len(levels) > MAX_ENTRIES:
        problems.append("levels is not an object of at most 100000 levels")
        levels = {}
    out = {}
    for k, v in levels.items():
        if is_text(k, 80):
            out[k] = fill(v, LEVEL_PROGRESS, k, problems, whole=True)
        else:
            problems.append(f"a level id {_short(k)}")
    return out


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
