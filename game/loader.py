"""Reading what the game did not write itself: shipped levels and daily tables, typed deal codes.

Every file goes through ``safefile.read_text`` (a regular file of bounded
size, opened without ever blocking, strict UTF-8 JSON) and is then checked
field by field.  A shipped file that fails is skipped with a notice; one bad
entry of a daily table is skipped with a notice and the rest kept.  Nothing
here raises on bad data except the functions documented to raise
``ValueError`` with a sentence a player can read.

>>> check_seed(42), seed_problem(2**64)
(42, 'a seed is a whole number from 0 to 18446744073709551615, not 18446744073709551616')
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .records import is_count, is_date, is_text
from .safefile import Damaged, parse_json, read_text
from .variants import MODES, Game, game_class

MAX_LEVEL_BYTES = 1024 * 1024
MAX_TABLE_BYTES = 16 * 1024 * 1024  # the Pillars table is some 3 MB
MAX_SEED = 2**64 - 1
#: the grades a puzzle level may carry, easiest first
LEVEL_GRADES = ("easy", "medium", "hard", "expert", "basic", "advanced")
MAX_LINE = 2000  # moves in a solver's line
MAX_DAYS = 100_000  # entries of a daily table


def seed_problem(value: Any) -> str | None:
    """Why ``value`` cannot be a seed, in words (None when it can: a whole number 0 ≤ seed < 2**64)."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_SEED:
        return None
    shown = "a number too big" if isinstance(value, int) and abs(value) > 10**30 else f"{value!r:.40}"
    return f"a seed is a whole number from 0 to {MAX_SEED}, not {shown}"


def check_seed(value: Any) -> int:
    """``value`` if it is a seed.  :raises ValueError: "a seed is a whole number from 0 to ..."."""
    problem = seed_problem(value)
    if problem:
        raise ValueError(problem)
    seed: int = value
    return seed


def is_seed(v: Any) -> bool:
    """Is ``v`` a seed (a whole number 0 ≤ seed < 2**64)?"""
    return seed_problem(v) is None


def is_line(v: Any) -> bool:
    """Is ``v`` a solver's line: a list of at most ``MAX_LINE`` moves as short text?"""
    return isinstance(v, list) and len(v) <= MAX_LINE and all(is_text(m, 80) for m in v)


# ----- puzzle levels -------------------------------------------------------------
# field -> check, for the fields every level may have (the mode checks its own: table, deck, columns)
LEVEL_FIELDS: dict[str, Callable[[Any], bool]] = {
    "variant": lambda v: v in MODES,
    "id": lambda v: is_text(v, 60) and v.isascii() and all(c.isalnum() or c in "-_" for c in v),
    "name": lambda v: is_text(v, 40),
    "grade": lambda v: v in LEVEL_GRADES,
    "seed": lambda v: seed_problem(v) is None,
    "par": lambda v: v is None or is_count(v, 10_000),
    "exact": lambda v: isinstance(v, bool),
    "effort": lambda v: v is None or is_count(v),
    "line": is_line,
    "oracles": lambda v: isinstance(v, list) and len(v) <= 100,
}
REQUIRED_LEVEL_FIELDS = ("variant",)  # the levels screen also wants an id


def level_problem(level: Any) -> str | None:
    """What is wrong with a level's shared fields (None if nothing): "field 'grade' is not one of ..."."""
    if not isinstance(level, dict):
        return "not a JSON object"
    for key in REQUIRED_LEVEL_FIELDS:
        if key not in level:
            return f"field {key!r} is missing"
    for key, ok in LEVEL_FIELDS.items():
        if key in level and not ok(level[key]):
            want = {"variant": f"one of {', '.join(MODES)}", "grade": f"one of {', '.join(LEVEL_GRADES)}",
                    "id": "letters, digits and '-' (at most 60)", "name": "printable text of at most 40 characters",
                    "seed": f"a whole number from 0 to {MAX_SEED}"}.get(key, "the right type and size")
            return f"field {key!r} is not {want}"
    return None


def load_level_file(path: str | os.PathLike[str]) -> Game:
    """A new game from a level file (format: DESIGN.md "Level files"), checked strictly.

    The file must be a regular UTF-8 JSON file of at most 1 MB holding one
    object; the shared fields are checked here and the mode named by its
    ``variant`` checks the rest.

    :raises ValueError: naming the file and what is wrong with it (or the field).
    """
    from . import variants

    p = Path(path)
    try:
        text = read_text(p, MAX_LEVEL_BYTES)
        if text is None:
            raise Damaged("there is no such file")
        data = parse_json(text)
    except Damaged as e:
        raise ValueError(f"level file {p.name}: {e}") from None
    if not isinstance(data, dict):
        raise ValueError(f"level file {p.name}: not a JSON object")
    problem = level_problem(data)
    if problem:
        raise ValueError(f"level file {p.name}: level {problem}")
    try:
        return variants.load(data)
    except ValueError as e:
        raise ValueError(f"level file {p.name}: {e}") from None
    except Exception as e:  # a mode's check that tripped over a value of the wrong type
        raise ValueError(f"level file {p.name}: {type(e).__name__}: {e}"[:200]) from None


# ----- daily tables --------------------------------------------------------------
def day_problem(mode: str, date: Any, entry: Any) -> str | None:
    """What is wrong with one day of ``mode``'s daily table (None if nothing)."""
    if not is_date(date):
        return f"{date!r:.20} is not a date YYYY-MM-DD"
    if not isinstance(entry, dict):
        return f"{date} is not an object"
    cls = game_class(mode)  # the mode declares its days' fields
    for key in cls.REQUIRED_DAY_FIELDS:
        if key not in entry:
            return f"{date} has no {key!r}"
    for key, ok in cls.DAY_FIELDS.items():
        if key in entry and not ok(entry[key]):
            return f"{date}: field {key!r} is not the right type and size"
    return None


def load_daily_table(path: Path, mode: str) -> tuple[dict[str, dict[str, Any]], list[str]]:
    """The good days of a shipped daily table (date -> entry) and a notice for each bad one.

    A table that cannot be read at all gives no days and one notice; no file gives neither.
    """
    if mode not in MODES or not game_class(mode).DAY_FIELDS:
        return {}, [f"there is no daily table for {mode!r}"]
    try:
        text = read_text(path, MAX_TABLE_BYTES)
        if text is None:
            return {}, []
        data = parse_json(text)
    except Damaged as e:
        return {}, [f"The daily table {path.name} was skipped: {e}."]
    days = data.get("days") if isinstance(data, dict) else None
    if not isinstance(days, dict) or len(days) > MAX_DAYS or data.get("mode", mode) != mode:
        return {}, [f"The daily table {path.name} was skipped: it is not a {mode} table of days."]
    good, bad = {}, []
    for date, entry in days.items():
        problem = day_problem(mode, date, entry)
        if problem:
            bad.append(problem)
        else:
            good[date] = entry
    notices = [f"{len(bad)} day(s) of the daily table {path.name} were skipped ({'; '.join(bad[:3])})."] \
        if bad else []
    return good, notices


# ----- saved games -----------------------------------------------------------------
MAX_EVENTS = 100_000  # moves in one saved game
MAX_SEATS = 8


def seat_problem(v: Any) -> str | None:
    """Why ``v`` cannot be a game's seats (None when it can): a list of "human", "remote" or "bot:<level>"."""
    from .bots import LEVELS
    from .session import seat_kind

    if not isinstance(v, list) or not 1 <= len(v) <= MAX_SEATS:
        return f"its seats are not a list of 1 to {MAX_SEATS} players"
    for seat in v:
        if isinstance(seat, str) and seat in LEVELS:
            continue  # a bare level: a save from before the "bot:" prefix
        try:
            seat_kind(seat)
        except ValueError as e:
            return f"its seat {seat!r:.30} is wrong: {e}"[:200]
    return None


def holds_problem(mode: str, data: Any) -> str | None:
    """Why ``data`` is not a game of ``mode`` (its ``variant``, or ``mode``, names another), or None."""
    if not isinstance(data, dict):
        return f"a saved {mode} game is a JSON object"
    held = data.get("variant", data.get("mode"))
    if held != mode:
        return f"save_game({mode!r}) was given a game that is not {mode}" + \
            (f" (it holds a {held} game)" if isinstance(held, str) and len(held) < 20 else "")
    return None


def save_problem(mode: str, data: Any) -> str | None:
    """What is wrong with a saved game's shared fields, in words (None if nothing).

    Checked: it is ``mode``'s game, its seed (0 ≤ seed < 2**64), its seats,
    its options (an object) and its moves or events (at most MAX_EVENTS texts).
    """
    if not isinstance(data, dict):
        return "it is not a JSON object"
    held = data.get("variant", data.get("mode"))
    if held != mode:
        return f"it holds a {held} game" if isinstance(held, str) and len(held) < 20 else "it names no mode"
    if "seed" in data and seed_problem(data["seed"]):
        return f"its seed is wrong: {seed_problem(data['seed'])}"
    if "seats" in data and seat_problem(data["seats"]):
        return seat_problem(data["seats"])
    if not isinstance(data.get("options", {}), dict):
        return "its options are not an object"
    for field in ("moves", "events"):
        moves = data.get(field, [])
        if not isinstance(moves, list) or len(moves) > MAX_EVENTS or not all(is_text(m, 200) for m in moves):
            return f"its {field} are not a list of at most {MAX_EVENTS} moves"
    return None


def check_game(mode: str, text: str, data: dict[str, Any]) -> bool:
    """Rebuild a saved game to check it (fields already checked by ``save_problem``); True if it is over.

    A session (``"session"`` in it) is rebuilt by ``game.session``; a game of
    moves is replayed by its engine (``variants.from_json``), and so is a
    journal of a game's ``events`` that is not a session (its events are the
    engine's moves).

    :raises ValueError: (or another error) when it cannot be rebuilt.  :raises ImportError: no such engine.
    """
    if "session" in data:
        from .session import from_json

        session = from_json(text)
        if session.mode != mode:
            raise ValueError(f"it holds a {session.mode} game")
        return bool(session.over)
    if "events" in data and "moves" not in data:
        text = json.dumps({**data, "moves": data["events"]})
    from . import variants

    game = variants.from_json(text)
    if game.name != mode:
        raise ValueError(f"it holds a {game.name} game")
    return bool(game.over)


# ----- what a player types -------------------------------------------------------
def deal_code(mode: str, seed: int) -> str:
    """The long code of a deal, ``"<mode>-<seed>"`` (still read; the game shows ``game.codes.deal_code``).

    >>> deal_code("pillars", 42)
    'pillars-42'
    """
    return f"{mode}-{seed}"


def parse_deal_code(text: str) -> tuple[str, int]:
    """Read a deal code, short (``R1BQB-FVTK``, ``game.codes``) or long (``pillars-42``): (mode, seed).

    >>> parse_deal_code("pillars-42")
    ('pillars', 42)

    :raises ValueError: saying what is wrong.
    """
    from .codes import read_code  # game.codes reads the long form from here

    deal = read_code(text)
    return deal.mode, deal.seed


def parse_long_code(text: str) -> tuple[str, int]:
    """Read a long deal code: a mode name, then ``-``, ``:`` or a space, then the seed.

    Case and surrounding spaces do not matter; the seed is a whole number
    from 0 to 2**64 - 1 (the daily seeds are that big).

    >>> parse_long_code("pillars-42"), parse_long_code(" Classic:7 ")
    (('pillars', 42), ('classic', 7))

    :raises ValueError: saying what is wrong: empty, unknown mode, bad seed.
    """
    if not isinstance(text, str) or not text.strip():
        raise ValueError("a deal code is a mode and a number, like pillars-42")
    t = text.strip().lower()
    cut = min((i for i in (t.find("-"), t.find(":"), t.find(" ")) if i >= 0), default=-1)
    if cut < 0:
        raise ValueError(f"{text.strip()!r:.60} is not a deal code: a mode, '-' and a number, like pillars-42")
    mode, number = t[:cut].strip(), t[cut + 1:].strip()
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r:.40} in deal code: one of {', '.join(MODES)}")
    if not number:
        raise ValueError(f"the deal code {text.strip()!r:.60} has no number after the mode")
    if not number.isascii() or not number.isdigit():
        raise ValueError(f"the deal number {number!r:.40} must be a whole number like 42")
    if len(number.lstrip("0")) > 20 or int(number) > MAX_SEED:
        raise ValueError(f"the deal number {number:.30} is too big (at most {MAX_SEED})")
    return mode, int(number)
