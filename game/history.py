"""Every finished game, kept: the archive ``history.sqlite`` in the player's folder.

One row a game (local, daily, level or online; never a demo): its mode, its
kind of result, options, seed, level, the local date and time it ended, the
seats and what the players were called, the session's ``result()`` (with the
summary's title and score text) and the session's timed events.  A game is
its seed plus its events, so a replay is the engine run again
(``game.session.new_session(..., follow=True)`` and ``apply_event``).

Crash-safe: SQLite in WAL mode with ``synchronous=FULL``, one transaction a
game, so a ``kill -9`` during a write loses at most that game.  A file that
is not a database, or fails ``PRAGMA quick_check``, or was written by a newer
game, is set aside (``<name>.damaged-YYYYmmdd-HHMMSS``, as ``game.safefile``
does) with a notice, and a new archive is started.  Every field read back is
checked before use: a bad row is skipped, never a crash.  ``python -m game.history list`` and
``show ID --json`` read it from the command line (``moments``: the table each time it changed, and its Sets;
and the rest of ``game.analysis``: how long each Set stood, the Sets missed, the time to find by worth, and
for a solitaire ``par``, ``your_score`` and ``lost_at``).

>>> import tempfile
>>> a = Archive(tempfile.mkdtemp())
>>> n = a.add({"mode": "points", "kind": "normal", "seed": 5, "events": ["set 1RDE 2GOH 3PSF @4.00"],
...            "result": {"won": True, "score": 3, "summary": {"title": "Well played", "score": "3 points"}},
...            "seats": ["human"], "names": ["You"], "date": "2026-11-26T10:00:00"})
>>> [(g.mode, g.seed, g.headline()) for g in a.games()]
[('points', 5, 'Well played · 3 points')]
>>> a.close()
"""

from __future__ import annotations

import datetime as _dt
import json
import os
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .ratings import SCALE, Rating, clean_ratings, shown
from .safefile import set_aside, why
from .variants import MODES, game_class

NAME = "history.sqlite"
FORMAT = 1  # PRAGMA user_version of the archive
LIST_LIMIT = 100  # games the History screen lists
MAX_EVENTS = 100_000  # a game with more events is a damaged row
MAX_JSON = 4 * 1024 * 1024  # characters of one JSON field: more is a damaged row
MAX_NAME = 40

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    mode TEXT NOT NULL,
    kind TEXT NOT NULL,
    options TEXT NOT NULL,
    seed TEXT NOT NULL,
    level TEXT,
    date TEXT NOT NULL,
    seats TEXT NOT NULL,
    names TEXT NOT NULL,
    result TEXT NOT NULL,
    events TEXT NOT NULL,
    call_time REAL,
    tag TEXT NOT NULL DEFAULT '{}',
    rating TEXT
);
CREATE INDEX IF NOT EXISTS games_date ON games (date);
CREATE INDEX IF NOT EXISTS games_mode_kind_date ON games (mode, kind, date);
"""
LIST_FIELDS = "id, mode, kind, options, seed, level, date, seats, names, result, call_time, tag, rating"
#: columns added since the first archives, with their type: an older file gets them when opened (its rows
#: read them as NULL), and an older game still reads and writes a file that has them (it names its columns)
ADDED = (("rating", "TEXT"),)


@dataclass
class Played:
    """One archived game, every field checked.  ``events`` is empty in a listing (``Archive.get`` has them)."""

    id: int
    mode: str
    kind: str
    options: dict[str, Any]
    seed: int
    level: dict[str, Any] | None
    date: str
    seats: list[str]
    names: list[str]
    result: dict[str, Any]
    events: list[str] = field(default_factory=list)
    call_time: float | None = None
    tag: dict[str, Any] = field(default_factory=dict)
    rating: Rating | None = None  # the person's rating in the mode after this game (None: not rated, or kept
    # by a game from before ratings were kept with the games)

    def headline(self) -> str:
        """What the game came to, as the results screen said it: "You win! · 12 – 9", "23 points"."""
        s = self.result.get("summary")
        title = s.get("title") if isinstance(s, dict) else None
        score = s.get("score") if isinstance(s, dict) else None
        parts = [str(p) for p in (title, score) if isinstance(p, (str, int, float)) and str(p).strip()]
        if parts:
            return " · ".join(parts)
        return "won" if self.result.get("won") else "played"

    def opponents(self) -> list[str]:
        """Who else played: every name but "You" (all of them in a hot-seat game); empty when alone."""
        if len(self.names) < 2:
            return []
        return [n for n in self.names if n != "You"]

    def when(self) -> _dt.datetime:
        return _dt.datetime.fromisoformat(self.date)

    @property
    def shared(self) -> bool:
        """Was the game opened from a share text (someone else's game), not played here?"""
        return self.tag.get("shared") is True

    def played_on(self) -> str:
        """When the game was played (ISO): a shared game's own date, kept in its tag (its ``date`` is when it was
        received); else ``date``."""
        played = self.tag.get("played")
        return played if self.shared and isinstance(played, str) and _is_date(played) else self.date

    def rating_text(self) -> str:
        """The rating after the game as the History lists it: μ ± 2σ shown, "?" after μ while provisional
        (as on the Stats screen), "—" for a game not rated (alone, shared, or kept before ratings were).

        >>> g = Played(1, "classic", "normal", {}, 5, None, "2026-11-26T10:00:00", ["human"], [], {})
        >>> import dataclasses
        >>> g.rating_text(), dataclasses.replace(g, rating=Rating(25.2, 6.0, 3)).rating_text()
        ('—', '1512? ± 720')
        """
        r = self.rating
        if r is None:
            return "—"
        return f"{r.points}{'?' if r.provisional else ''} ± {round(2 * r.sigma * SCALE)}"


class Archive:
    """The archive file in ``folder``; opened at once (a damaged one is set aside and a new one begun).

    Nothing here raises on a disk or file problem: ``add`` returns None and a notice says why.
    """

    def __init__(self, folder: str | os.PathLike[str]) -> None:
        self.path = Path(folder) / NAME
        self.notices: list[str] = []
        self.db: sqlite3.Connection | None = None
        self._open()

    # ----- opening ------------------------------------------------------------------------
    def _open(self) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            self._notice(f"The folder {self.path.parent} cannot be used ({why(e)}); games will not be kept.")
            return
        problem = self._try_open()
        if problem is None:
            return
        self.close()
        if self._set_aside(f"Your game history was damaged ({problem})"):
            problem = self._try_open()
            if problem is None:
                return
            self.close()
            self._notice(f"A new game history could not be started ({problem}); games will not be kept.")

    def _try_open(self) -> str | None:
        """Open (or create) the archive; a sentence saying what is wrong with it, or None."""
        if self.path.is_symlink() or (self.path.exists() and not self.path.is_file()):
            return "it is not a plain file"
        try:
            db = sqlite3.connect(self.path, timeout=5.0, isolation_level=None)
        except sqlite3.Error as e:
            return f"it cannot be opened: {e}"
        self.db = db
        try:
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version > FORMAT:
                return f"it was written by a newer Set Arcade (format {version})"
            check = db.execute("PRAGMA quick_check").fetchall()
            if check != [("ok",)]:
                return "its check found faults"
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
            db.executescript(SCHEMA)
            cols = {row[1] for row in db.execute("PRAGMA table_info(games)")}
            for name, kind in ADDED:
                if name not in cols and "id" in cols:
                    try:
                        db.execute(f"ALTER TABLE games ADD COLUMN {name} {kind}")
                    except sqlite3.OperationalError as e:  # another window added it a moment ago
                        if "duplicate column" not in str(e):
                            raise
                    cols.add(name)
            want = {c.strip() for c in LIST_FIELDS.split(",")} | {"events"}
            if not want <= cols:
                return "its table is not the game's"
            db.execute(f"PRAGMA user_version={FORMAT}")
        except sqlite3.DatabaseError as e:
            return "it is not a game history" if "not a database" in str(e) else f"it cannot be read: {e}"
        return None

    def _set_aside(self, problem: str) -> bool:
        try:
            aside = set_aside(self.path)
        except OSError as e:
            self._notice(f"{problem} and could not be set aside ({why(e)}); games will not be kept.")
            return False
        for extra in ("-wal", "-shm"):  # the damaged file's companions go with it
            side = self.path.with_name(self.path.name + extra)
            try:
                if side.exists():
                    os.replace(side, aside.with_name(aside.name + extra))
            except OSError:
                pass
        self._notice(f"{problem} and has been set aside as {aside.name}; a new one is started.")
        return True

    def _notice(self, text: str) -> None:
        if text not in self.notices:
            self.notices.append(text)

    def take_notices(self) -> list[str]:
        """The notices not yet shown (each is shown once); the list is emptied."""
        out, self.notices = self.notices, []
        return out

    def close(self) -> None:
        if self.db is not None:
            try:
                self.db.close()
            except sqlite3.Error:
                pass
            self.db = None

    # ----- writing ------------------------------------------------------------------------------
    def add(self, game: dict[str, Any]) -> int | None:
        """Keep one finished game (one transaction: all of it or nothing); its id, or None on failure.

        ``game``: ``mode``, ``kind``, ``seed``, ``events`` (the session's), ``result``; optional
        ``options``, ``level``, ``seats``, ``names``, ``date`` (ISO; now when missing), ``call_time``, ``tag``,
        ``rating`` (the person's rating in the mode after the game: a ``Rating`` or its ``to_json``).

        :raises ValueError: on a game that does not hold together (an unknown mode, a bad field).
        """
        row = (*_row(game), _rating_column(game))
        if self.db is None:
            return None
        try:
            with self.db:
                self.db.execute("BEGIN IMMEDIATE")
                cur = self.db.execute(
                    "INSERT INTO games (mode, kind, options, seed, level, date, seats, names, result, events, "
                    "call_time, tag, rating) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", row)
            return int(cur.lastrowid or 0)
        except sqlite3.Error as e:
            self._notice(f"A finished game could not be kept in the history ({e}).")
            return None

    def keep_shared(self, game: Played) -> tuple[int | None, bool]:
        """Keep a game opened from a share text (``game.share.decode``), tagged ``shared`` with the date it
        was played, dated now (it lists on top).  The same game (mode, seed and events) kept already is
        not kept twice.  (Its id or None when it could not be kept, and whether it is new.)"""
        same = self.find(game)
        if same is not None:
            return same, False
        return self.add({
            "mode": game.mode, "kind": game.kind, "seed": game.seed, "options": game.options, "level": game.level,
            "seats": game.seats, "names": game.names, "result": game.result, "events": game.events,
            "call_time": game.call_time, "tag": {**game.tag, "shared": True, "played": game.date}}), True

    def receive(self, game: Played) -> Played:
        """``keep_shared`` and the game as kept (its id given); ``game`` itself when it could not be kept."""
        gid, _new = self.keep_shared(game)
        kept = self.get(gid) if gid is not None else None
        return kept if kept is not None else game

    # ----- reading ------------------------------------------------------------------------------
    def find(self, game: Played) -> int | None:
        """The id of a kept game with ``game``'s mode, seed and events (the same game), or None."""
        if self.db is None:
            return None
        try:
            row = self.db.execute("SELECT id FROM games WHERE mode = ? AND seed = ? AND events = ? LIMIT 1",
                                  (game.mode, str(game.seed), _dumps(game.events))).fetchone()
        except (sqlite3.Error, ValueError):
            return None
        return int(row[0]) if row else None

    def games(self, mode: str | None = None, kind: str | None = None, limit: int = LIST_LIMIT) -> list[Played]:
        """The last ``limit`` games (newest first), of ``mode`` (and ``kind``) when given; bad rows skipped.
        Their ``events`` are left out (``get`` reads a whole game)."""
        if self.db is None:
            return []
        where, args = [], []
        if mode is not None:
            where.append("mode = ?")
            args.append(mode)
            if kind is not None:
                where.append("kind = ?")
                args.append(kind)
        sql = f"SELECT {LIST_FIELDS} FROM games"
        if where:
            sql += " WHERE " + " AND ".join(where)
        sql += " ORDER BY date DESC, id DESC LIMIT ?"
        try:
            rows = self.db.execute(sql, (*args, max(0, int(limit)))).fetchall()
        except sqlite3.Error as e:
            self._notice(f"The game history could not be read ({e}).")
            return []
        return [g for g in (_played(r, None) for r in rows) if g is not None]

    def get(self, game_id: int) -> Played | None:
        """One whole game, events included; None when there is none such or its row is bad."""
        if self.db is None:
            return None
        try:
            row = self.db.execute(f"SELECT {LIST_FIELDS}, events FROM games WHERE id = ?", (int(game_id),)).fetchone()
        except (sqlite3.Error, ValueError, OverflowError):
            return None
        return _played(row[:-1], row[-1]) if row else None

    def kinds(self) -> list[tuple[str, str]]:
        """Every (mode, kind) the archive holds a game of, in the registry's order."""
        if self.db is None:
            return []
        try:
            found = set(self.db.execute("SELECT DISTINCT mode, kind FROM games").fetchall())
        except sqlite3.Error:
            return []
        return [(m, k.name) for m in MODES for k in game_class(m).KINDS if (m, k.name) in found]

    def count(self) -> int:
        if self.db is None:
            return 0
        try:
            return int(self.db.execute("SELECT COUNT(*) FROM games").fetchone()[0])
        except sqlite3.Error:
            return 0


# ----- checking, both ways ----------------------------------------------------------------
def _dumps(value: Any) -> str:
    return json.dumps(value, allow_nan=False, separators=(",", ":"))


def now_text() -> str:
    """The local date and time to the second, ISO: "2026-11-26T10:36:52"."""
    return _dt.datetime.now().replace(microsecond=0).isoformat()


def _row(g: dict[str, Any]) -> tuple[Any, ...]:
    """A game as the table's row, every field checked.

    :raises ValueError: naming the field that is wrong.
    """
    if not isinstance(g, dict):
        raise ValueError("a game is a dict")
    mode = g.get("mode")
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r}")
    kind = g.get("kind") or game_class(mode).KINDS[0].name
    if kind not in {k.name for k in game_class(mode).KINDS}:
        raise ValueError(f"{mode} has no kind {kind!r}")
    seed = g.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**64:
        raise ValueError(f"a seed is a whole number from 0 to 2**64-1, not {seed!r}")
    date = g.get("date") or now_text()
    if not _is_date(date):
        raise ValueError(f"a date is ISO text, not {date!r}")
    checks: tuple[tuple[str, type, Any], ...] = (
        ("options", dict, {}), ("result", dict, None), ("events", list, None), ("seats", list, ["human"]),
        ("names", list, []), ("tag", dict, {}))
    values: dict[str, Any] = {}
    for name, kind_of, default in checks:
        v = g.get(name, default)
        if not isinstance(v, kind_of):
            raise ValueError(f"a game's {name} is a {kind_of.__name__}, not {v!r:.40}")
        values[name] = v
    if not all(isinstance(e, str) for e in values["events"]) or len(values["events"]) > MAX_EVENTS:
        raise ValueError("a game's events are text")
    level = g.get("level")
    if level is not None and not isinstance(level, dict):
        raise ValueError("a game's level is an object or null")
    call_time = g.get("call_time")
    if call_time is not None and (isinstance(call_time, bool) or not isinstance(call_time, (int, float))):
        raise ValueError(f"a call time is seconds, not {call_time!r}")
    try:
        return (mode, kind, _dumps(values["options"]), str(seed), None if level is None else _dumps(level), date,
                _dumps(values["seats"]), _dumps(values["names"]), _dumps(values["result"]),
                _dumps(values["events"]), call_time, _dumps(values["tag"]))
    except (TypeError, ValueError) as e:
        raise ValueError(f"a game holds a value JSON cannot store: {e}") from None


def _rating_column(g: dict[str, Any]) -> str | None:
    """A game's ``rating`` (a ``Rating``, its ``to_json`` or None) as the ``rating`` column's JSON text.

    :raises ValueError: on a rating out of the ratings file's ranges.
    """
    rating = g.get("rating")
    if isinstance(rating, Rating):
        rating = rating.to_json()
    if rating is None:
        return None
    if _rating_of(rating, g.get("mode", "")) is None:
        raise ValueError(f"a rating is {{mu, sigma, games}} in range, not {rating!r:.60}")
    return _dumps({k: rating[k] for k in ("mu", "sigma", "games")})


def _rating_of(value: Any, mode: str) -> Rating | None:
    """A kept rating ({"mu", "sigma", "games"}, each in the ratings file's ranges), or None."""
    return clean_ratings({"modes": {mode: value}}, [mode], []).get(mode)


def _kept_rating(text: Any, mode: str) -> Rating | None:
    """The rating column read back: a bad one is no rating (the game itself is still listed)."""
    if text is None:
        return None
    try:
        return _rating_of(_load(text, dict), mode)
    except (ValueError, RecursionError):
        return None


def _is_date(v: Any) -> bool:
    if not isinstance(v, str) or len(v) > 40:
        return False
    try:
        _dt.datetime.fromisoformat(v)
    except ValueError:
        return False
    return True


def _load(text: Any, kind: type) -> Any:
    """A JSON field of a row, of type ``kind``; raises ValueError when it is not."""
    if not isinstance(text, str) or len(text) > MAX_JSON:
        raise ValueError("not JSON text")
    value = json.loads(text, parse_constant=_no_constant)
    if not isinstance(value, kind):
        raise ValueError(f"not a {kind.__name__}")
    return value


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number")


def _played(row: Any, events: Any) -> Played | None:
    """A row read back, every field checked; None for a bad row (it is skipped)."""
    try:
        gid, mode, kind, options, seed, level, date, seats, names, result, call_time, tag, rating = row
        if not isinstance(gid, int) or mode not in MODES:
            return None
        if kind not in {k.name for k in game_class(mode).KINDS} or not _is_date(date):
            return None
        if not isinstance(seed, str) or not seed.isdigit() or len(seed) > 20 or int(seed) >= 2**64:
            return None
        seat_list = _load(seats, list)
        name_list = _load(names, list)
        if not seat_list or len(seat_list) > 4 or not all(isinstance(s, str) and len(s) <= MAX_NAME for s in seat_list):
            return None
        if len(name_list) > 4 or not all(isinstance(n, str) and len(n) <= MAX_NAME for n in name_list):
            return None
        event_list: list[str] = []
        if events is not None:
            event_list = _load(events, list)
            if len(event_list) > MAX_EVENTS or not all(isinstance(e, str) and 0 < len(e) <= 200 for e in event_list):
                return None
        if call_time is not None and (not isinstance(call_time, (int, float)) or not 0 < call_time <= 60):
            return None
        return Played(gid, mode, kind, _load(options, dict), int(seed), None if level is None else _load(level, dict),
                      date, seat_list, name_list, _load(result, dict), event_list,
                      None if call_time is None else float(call_time), _load(tag, dict),
                      _kept_rating(rating, mode))
    except (ValueError, TypeError, RecursionError):
        return None


# ----- the window's part ------------------------------------------------------------------------
class Archiving:
    """What the App knows of the history; it brings ``store`` (the player's folder) and ``tell``."""

    store: Any
    _history: Any = None  # the archive, opened the first time it is asked for (start-up stays fast)

    def tell(self, title: str, text: str) -> None:
        raise NotImplementedError

    @property
    def history(self):
        """The archive of finished games (``game.history.Archive``) in the store's folder; a damaged one is
        set aside and a notice shown, once."""
        if self._history is None:
            from game.history import Archive

            self._history = Archive(self.store.dir)
        for n in self._history.take_notices():
            self.tell("Notice", n)
        return self._history

    def archive_game(self, session: Any, names: list[str], summary: dict[str, Any]) -> int | None:
        """Keep a finished game in the history: its mode, kind, seed, options, level, seats, what the players
        were called, its events, ``result()`` with the results screen's title and score, and the person's
        rating after it (``summary["rating"]``, ``game.ratings.rate_game``'s change, when it was rated).  Its
        id, or None when it was not kept (a notice says why on a disk problem)."""
        result = {**session.result(), "summary": {"title": str(summary.get("title") or ""),
                                                  "score": str(summary.get("score") or "")}}
        change = summary.get("rating")
        after = change.get("after") if isinstance(change, dict) else None
        try:
            return self.history.add({
                "mode": session.mode, "kind": session.game.kind, "seed": session.seed,
                "options": dict(session.options), "level": session.level, "seats": list(session.seats),
                "names": list(names), "result": result, "events": list(session.events),
                "call_time": session.call_time, "tag": dict(session.tag),
                "rating": after if isinstance(after, dict) and _rating_of(after, session.mode) else None})
        except ValueError:
            return None

    def close_history(self) -> None:
        if self._history is not None:
            self._history.close()
            self._history = None


# ----- the command line: list and show (for scripts and checks) ----------------------------------
def moments(game: Played) -> list[dict[str, Any]]:
    """The table each time it changed, replayed by the engine: ``{"t": seconds, "table": [codes], "sets":
    [[a, b, c], ...]}`` (the Sets on it, in ``find_sets`` order); empty for a mode without an open table.

    :raises ValueError: when the game's events do not replay (a damaged game).
    """
    from .cards import card, code, find_sets
    from .session import new_session

    kw: dict[str, Any] = {"level": game.level, "follow": True}
    if game.call_time is not None:
        kw["call_time"] = game.call_time
    s = new_session(game.mode, game.seed, list(game.seats), dict(game.options), 0.0, **kw)
    out: list[dict[str, Any]] = []

    def look() -> None:
        table = s.game.view().get("table")
        if not isinstance(table, list) or not all(isinstance(c, str) for c in table):
            return
        if out and out[-1]["table"] == table:
            return
        try:
            cards = [card(c) for c in table]
        except ValueError:
            return  # face-down cards: no Sets to tell
        out.append({"t": round(s.clock, 2), "table": list(table),
                    "sets": [[code(c) for c in st] for st in find_sets(cards)]})

    look()
    for event in game.events:
        s.apply_event(event)
        look()
    return out


def _as_json(g: Played, whole: bool = False) -> dict[str, Any]:
    r = g.rating
    rating = None if r is None else {**r.to_json(), "shown": shown(r), "provisional": r.provisional}
    out = {"id": g.id, "mode": g.mode, "kind": g.kind, "date": g.date, "seed": g.seed, "options": g.options,
           "level": g.level, "seats": g.seats, "names": g.names, "result": g.result, "headline": g.headline(),
           "rating_after": rating, "shared": g.shared}
    if whole:
        out.update({"events": g.events, "call_time": g.call_time, "tag": g.tag})
    return out


def print_ratings(folder: str, as_json: bool) -> int:
    """``ratings``: the person's rating in each mode (``ratings.json`` in ``folder``), shown as the window
    shows it (60 × μ ± 2σ, "provisional" while σ is large), then each bot level's fixed rating per mode."""
    import sys

    from .cards import counted
    from .ratings import RatingBook, bot_rating
    from .variants import games
    from .variants.facts import BOT_LEVELS

    book = RatingBook(Path(folder), lambda n: print(n, file=sys.stderr), list(MODES))
    bots = {m: {lv: bot_rating(book.bots, m, lv) for lv in BOT_LEVELS} for m in (c.NAME for c in games("BOTS"))}
    if as_json:
        def one(r: Rating) -> dict[str, Any]:
            return {**r.to_json(), "shown": shown(r), "provisional": r.provisional}

        print(json.dumps({"you": {m: one(r) for m, r in sorted(book.ratings.items())},
                          "bots": {m: {lv: one(r) for lv, r in lv_r.items()} for m, lv_r in bots.items()}},
                         indent=1))
        return 0
    if not book.ratings:
        print("No rated game yet: play a mode against bots or other people.")
    for m, r in sorted(book.ratings.items()):
        print(f"{m:<10} {shown(r):>14}  {counted(r.games, 'games')}{'  provisional' if r.provisional else ''}")
    for m, lv_r in bots.items():
        print(f"bots in {m}: " + ", ".join(f"{lv} {shown(r)}" for lv, r in lv_r.items()))
    return 0


def main(argv: list[str] | None = None) -> int:
    """``python -m game.history [--data-dir DIR] list [--mode M] [--kind K] [--json]``, ``show ID [--json]``,
    ``ratings [--json]``, ``export ID [--out FILE]`` or ``import FILE [--json]`` (``game.share``)."""
    import argparse
    import sys

    from .share import add_commands, run_command
    from .store import _user_dir

    p = argparse.ArgumentParser(prog="python -m game.history", description="The games kept in the history.")
    p.add_argument("--data-dir", help="the player's folder (default: SETARCADE_HOME or the user data folder)")
    sub = p.add_subparsers(dest="command", required=True)
    ls = sub.add_parser("list", help="the last games, newest first")
    ls.add_argument("--mode", choices=list(MODES))
    ls.add_argument("--kind")
    ls.add_argument("--limit", type=int, default=LIST_LIMIT)
    ls.add_argument("--json", action="store_true")
    show = sub.add_parser("show", help="one game, with the table at each moment (table modes)")
    show.add_argument("id", type=int)
    show.add_argument("--json", action="store_true")
    rt = sub.add_parser("ratings", help="your rating in each mode played with opponents, and the bots' levels")
    rt.add_argument("--json", action="store_true")
    add_commands(sub)
    args = p.parse_args(argv)
    folder = args.data_dir or os.environ.get("SETARCADE_HOME") or _user_dir()
    if args.command == "ratings":
        return print_ratings(folder, args.json)
    archive = Archive(folder)
    for n in archive.take_notices():
        print(n, file=sys.stderr)
    try:
        if args.command in ("export", "import"):
            return run_command(args, archive)
        if args.command == "list":
            games = archive.games(args.mode, args.kind, max(0, args.limit))
            if args.json:
                print(json.dumps([_as_json(g) for g in games], indent=1))
            for g in games if not args.json else []:
                who = ("shared · " if g.shared else "") + (", ".join(g.opponents()) or "solo")
                print(f"{g.id:>6}  {g.date}  {g.mode}/{g.kind}  {g.headline()}  {who}  {g.rating_text()}")
            return 0
        one = archive.get(args.id)
        if one is None:
            print(f"no game {args.id} in the history", file=sys.stderr)
            return 1
        from .analysis import analyse, summary_lines

        try:
            data = {**_as_json(one, whole=True), "moments": moments(one)}
            data.update({k: v for k, v in analyse(one, archive).items() if k != "moments"})
        except ValueError as e:
            print(f"game {args.id} does not replay: {e}", file=sys.stderr)
            return 1
        if args.json:
            print(json.dumps(data, indent=1))
        else:
            print(f"{one.mode}/{one.kind} seed {one.seed} on {one.date}: {one.headline()}; {len(one.events)} events, "
                  f"{len(data['moments'])} tables")
            for line in summary_lines(data):
                print("  " + line)
        return 0
    finally:
        archive.close()


if __name__ == "__main__":
    raise SystemExit(main())
