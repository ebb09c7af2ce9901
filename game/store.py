"""The player's files: settings, unfinished games, stats and level progress.

Everything lives in one folder: the ``data_dir`` argument, else the
``SETARCADE_HOME`` environment variable, else the platform's user data dir
for "SetArcade".  Files, all JSON (never pickle, never eval)::

    settings.json    {"version": 1, "sound": true, "volume": 0.8, ...}
    stats.json       {"version": 1, "modes": {"pillars": {"games": 3, ...}, "classic/sprint": {...}}}
                     (a record per (mode, kind): ``game.records.stats_key``)
    progress.json    {"version": 1, "levels": {"pillars-007": {"solved": true, ...}}}
    saves/<mode>.json      an unfinished game, whole (its JSON: variant, seed, options, moves or events)
    saves/<mode>.journal   or as a journal: that JSON, then one line per move (``game.saves``)

Every write is atomic: a temp file in the same folder, flushed and fsynced,
then ``os.replace`` over the old one, so a crash or a full disk leaves the
previous good file.  A file that cannot be read or understood is renamed
``<name>.damaged-YYYYmmdd-HHMMSS``, a sentence saying so goes to
``Store.notices``, and the game goes on with defaults: nothing raises.

Only regular files of bounded size are opened, never blocking (a pipe or a
device in a file's place is refused at once); every field is checked
(``game.records``: types, ranges, sizes, counts that agree).  Deal codes
and level files are read by ``game.loader``.

>>> import tempfile
>>> s = Store(tempfile.mkdtemp())
>>> s.settings["volume"], s.notices
(0.8, [])
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .records import (
    KIND_STATS,
    LEVEL_PROGRESS,
    MODE_STATS,
    SETTINGS,
    better,
    clean_progress,
    clean_settings,
    clean_stats,
    fill,
    is_count,
    is_date,
    is_num,
    stats_key,
)
from .safefile import Damaged, parse_json, read_text, remove_stale_temps, set_aside, why, write_atomic
from .saves import Saves
from .variants import MODES, game_class

FORMAT = 1  # version of settings.json, stats.json and progress.json
APP = "SetArcade"


# kind -> (file, what a player calls it, cleaner, the file's body around the data)
KINDS: dict[str, tuple[str, str, Callable[[dict, list[str]], dict], Callable[[dict], dict]]] = {
    "settings": ("settings.json", "settings", clean_settings, lambda d: {k: d[k] for k in SETTINGS}),
    "stats": ("stats.json", "stats", clean_stats, lambda d: {"modes": d}),
    "progress": ("progress.json", "level progress", clean_progress, lambda d: {"levels": d}),
}


class Store(Saves):
    """The player's files in one folder; see the module doc for the layout.

    Reading never raises: damaged files are set aside (``notices`` says so).
    Writing never raises on a disk error: it returns False and adds a notice.
    """

    def __init__(self, data_dir: str | os.PathLike | None = None) -> None:
        self.notices: list[str] = []
        self.dir = Path(data_dir or os.environ.get("SETARCADE_HOME") or _user_dir())
        self._lock = threading.RLock()  # the games' files: a writer thread may save while the menu reads
        self._init_saves()
        try:
            self.dir.mkdir(parents=True, exist_ok=True)
            self._saves_dir()
        except OSError as e:
            self._notice(f"The folder {self.dir} cannot be used ({why(e)}); nothing will be saved.")
        remove_stale_temps(self.dir)
        remove_stale_temps(self.dir / "saves")
        self.settings: dict[str, Any] = self._load("settings")
        self.stats: dict[str, dict] = self._load("stats")  # stats_key(mode, kind) -> its stats
        self.progress: dict[str, dict] = self._load("progress")  # level id -> LEVEL_PROGRESS fields

    # ----- settings, stats, progress -------------------------------------
    def save_settings(self) -> bool:
        """Write ``settings`` (checked first: a bad value is reset with a notice). False on failure."""
        problems: list[str] = []
        self.settings = {**self.settings, **clean_settings(self.settings, problems)}
        if problems:
            self._notice(f"Some settings had bad values and were reset: {', '.join(problems)}.")
        return self._save("settings", self.settings)

    def save_stats(self) -> bool:
        """Write ``stats``; False (and a notice) on failure."""
        return self._save("stats", self.stats)

    def save_progress(self) -> bool:
        """Write ``progress``; False (and a notice) on failure."""
        return self._save("progress", self.progress)

    def record_result(self, mode: str, result: dict) -> bool:
        """Count a finished game in the stats of its mode and kind, and save the stats.

        ``result``: ``won`` (bool), ``time`` (seconds), optional ``kind``
        (one of the mode's ``KINDS`` by name; its first when missing),
        ``score`` (number), ``daily`` ("YYYY-MM-DD": only the first play of
        a daily is kept, with the mode) and ``hints``.  Whether the lowest
        score is the best is the kind's to say (a Sprint's time), unless the
        result says ``lower_is_better``.  A game of a kind with no win
        (Blitz) counts as played, never as won.

        >>> import tempfile
        >>> s = Store(tempfile.mkdtemp())
        >>> s.record_result("points", {"won": True, "time": 61.5, "score": 27})
        True
        >>> s.stats["points"]["games"], s.stats["points"]["best"]
        (1, 27)
        >>> s.record_result("classic", {"won": True, "time": 95.5, "score": 95.5, "kind": "sprint"})
        True
        >>> s.stats["classic/sprint"]["best"], "classic" in s.stats
        (95.5, False)

        :raises ValueError: on an unknown mode or kind, or a malformed result.
        """
        _check_mode(mode)
        if not isinstance(result, dict) or not isinstance(result.get("won"), bool):
            raise ValueError("a result needs 'won': true or false")
        score, spent, day = result.get("score"), result.get("time", 0.0), result.get("daily")
        if not (is_num(spent) and spent >= 0) or not (score is None or is_num(score)):
            raise ValueError(f"a result needs 'time' ≥ 0 and a numeric 'score', not {result!r}")
        if day is not None and not is_date(day):
            raise ValueError(f"a result's 'daily' is a date YYYY-MM-DD, not {day!r}")
        if "hints" in result and not is_count(result["hints"]):
            raise ValueError(f"a result's 'hints' is a count, not {result['hints']!r}")
        name = result.get("kind")
        if name is not None and not isinstance(name, str):
            raise ValueError(f"a result's 'kind' is a kind's name, not {name!r}")
        key = stats_key(mode, name)
        kind = game_class(mode).kind_named(name or "")
        s = self.stats.setdefault(key, fill({}, MODE_STATS if key == mode else KIND_STATS, key, []))
        won = result["won"] and kind.winnable
        s["games"] += 1
        s["wins"] += won
        s["streak"] = s["streak"] + 1 if won else 0
        s["best_streak"] = max(s["best_streak"], s["streak"])
        s["time"] = round(s["time"] + spent, 2)
        s["best"] = better(s["best"], score, bool(result.get("lower_is_better", kind.lower_is_better)))
        if day is not None:
            daily = self.stats.setdefault(mode, fill({}, MODE_STATS, mode, []))["daily"]
            if day not in daily:
                daily[day] = {**{k: result[k] for k in ("score", "time", "hints") if k in result}, "won": won}
        return self.save_stats()

    def record_level(self, level_id: str, solved: bool, score: float | None = None,
                     lower_is_better: bool = False) -> bool:
        """Count a try at a puzzle level in ``progress[level_id]`` and save the progress.

        :raises ValueError: on an empty id or a non-numeric score.
        """
        if not isinstance(level_id, str) or not level_id:
            raise ValueError(f"a level id is non-empty text, not {level_id!r}")
        if not (score is None or is_num(score)):
            raise ValueError(f"a level score is a number, not {score!r}")
        p = self.progress.setdefault(level_id, fill({}, LEVEL_PROGRESS, level_id, []))
        p["tries"] += 1
        if solved:
            p["solved"] = True
            p["best"] = better(p["best"], score, lower_is_better)
        return self.save_progress()

    def take_notices(self) -> list[str]:
        """The notices not yet shown, oldest first; the list is emptied."""
        out = self.notices[:]
        del self.notices[:len(out)]  # not a new list: a save thread may be adding one right now
        return out

    # ----- reading and writing ---------------------------------------------
    def _load(self, kind: str) -> dict:
        """A versioned JSON object file, cleaned: defaults for what is missing, damaged or bad.

        A damaged file is set aside; a file with some bad fields is set aside
        too (so nothing is lost) and its good fields are written back.
        """
        name, what, clean, _ = KINDS[kind]
        try:
            data = _parse_object(self._read(name))
        except Damaged as e:
            self._set_aside(name, f"Your {what} file was damaged ({e})", "defaults are in use")
            data = {}
        problems: list[str] = []
        out = clean(data, problems)
        if problems:
            shown = ", ".join(problems[:4]) + (" ..." if len(problems) > 4 else "")
            if self._set_aside(name, f"Your {what} file had bad values ({shown})",
                               "those were reset to defaults and the rest kept"):
                self._save(kind, out)
        return out

    def _read(self, name: str) -> str | None:
        return read_text(self.dir / name)

    def _save(self, kind: str, data: dict) -> bool:
        name, what, _, body = KINDS[kind]
        try:
            text = json.dumps({"version": FORMAT, **body(data)}, indent=1, sort_keys=True, allow_nan=False)
        except (TypeError, ValueError) as e:  # a caller stored something JSON cannot hold
            raise ValueError(f"{what} hold a value JSON cannot store: {e}") from None
        return self._write(name, what, text)

    def _write(self, name: str, what: str, text: str) -> bool:
        path = self.dir / name
        try:
            path.parent.mkdir(parents=True, exist_ok=True)  # the folder may have been removed meanwhile
            write_atomic(path, text)
        except OSError as e:
            self._notice(f"Could not save {what} ({why(e)}); the previous copy is unchanged.")
            return False
        return True

    def _set_aside(self, name: str, problem: str, outcome: str) -> bool:
        """Rename a damaged file out of the way and say so; True if it was moved."""
        try:
            aside = set_aside(self.dir / name)
        except OSError as e:
            self._notice(f"{problem} and could not be set aside ({why(e)}); {outcome}.")
            return False
        self._notice(f"{problem} and has been set aside as {aside.name}; {outcome}.")
        return True

    def _notice(self, text: str) -> None:
        if not self.notices or self.notices[-1] != text:  # a full disk must not flood the list
            self.notices.append(text)


# ----- helpers ---------------------------------------------------------------
def _user_dir() -> str:
    import platformdirs

    return platformdirs.user_data_dir(APP, appauthor=False)


def _parse_object(text: str | None) -> dict:
    """A settings/stats/progress file's object ({} when there is no file).

    :raises Damaged: not JSON, not an object, no version or a newer one.
    """
    if text is None:
        return {}
    data = parse_json(text)
    if not isinstance(data, dict):
        raise Damaged("it is not a JSON object")
    version = data.get("version")
    if not is_count(version) or version < 1:
        raise Damaged("it has no version number")
    if version > FORMAT:
        raise Damaged(f"it was written by a newer Set Arcade (format {version})")
    return data


def _check_mode(mode: str) -> None:
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r}: one of {', '.join(MODES)}")
