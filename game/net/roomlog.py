"""The room log: every room and every event written to an embedded SQLite file as it happens.

A server killed (even ``kill -9``) and started again on the same file offers every
room that was not closed, each game with exactly the events its players saw: an
event is committed before it is sent (the server commits once a turn of its loop for
all that turn said, then sends it).  The file uses SQLite's write-ahead log
(``synchronous=NORMAL``): a commit survives the process being killed (not the
machine losing power), at a few tens of microseconds a commit.  Copying the log
into the file (a checkpoint, which writes and syncs megabytes) is left to
``checkpoint()``, which the server runs on a worker thread: done by SQLite inside
a commit, it stalled the server's loop for up to 150 ms at 500 busy rooms.  The
few pages committed while it copied are copied by the loop itself after its next
commit (``catch_up``), so that the log starts over.

>>> log = RoomLog(None)
>>> log.save_room("K7M29QXD", {"mode": "classic", "game": {"number": 1}}, 100.0)
>>> log.add_events("K7M29QXD", 1, 1, ["P1 call @1.00"], {"clock": 1.0})
>>> [(code, room["mode"], events) for code, room, events, _state, _t in log.rooms()]
[('K7M29QXD', 'classic', ['P1 call @1.00'])]
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from .protocol import dump

#: a room as a log gives it back: (record, the current game's events in order, state, touched)
Kept = tuple[dict[str, Any], list[str], dict[str, Any] | None, float]
#: where a room is kept, as the cluster's directory names it for a process taking the room over:
#: a SQLite file's path, or this for a Redis stream (``game.net.streamlog``)
STREAM_HOME = "redis-stream"

FILE = "rooms.sqlite3"
SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (code TEXT PRIMARY KEY, room TEXT NOT NULL, state TEXT,
                                  touched REAL NOT NULL);
CREATE TABLE IF NOT EXISTS events (code TEXT NOT NULL, game INTEGER NOT NULL, n INTEGER NOT NULL,
                                   event TEXT NOT NULL, state TEXT, touched REAL, PRIMARY KEY (code, game, n));
"""
INSERT_EVENTS = "INSERT OR REPLACE INTO events (code, game, n, event, state, touched) VALUES "
#: seconds a takeover waits for another process's write lock on its log file (its owner paused mid-commit):
#: the server's loop waits with it, so not long; the member is told to try again (``retry``) meanwhile
TAKE_WAIT = 0.02
WAL_LIMIT = 64 << 20  # bytes the write-ahead log's file is cut back to when the log starts over
ONE_STATEMENT = 16  # events written in one statement at most (more: in a transaction of their own)
#: the columns a log written before they were kept with the events gets (then NULL: the room's own are read)
EVENT_STATE = (("state", "TEXT"), ("touched", "REAL"))


@contextmanager
def transaction(db: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """``BEGIN`` … ``COMMIT``; rolled back when anything in it fails, so that no transaction is left open."""
    db.execute("BEGIN")
    try:
        yield db
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise


class BaseLog:
    """What the server asks of a room log; two kinds: ``RoomLog`` (a SQLite file) and ``StreamLog``
    (``game.net.streamlog``: a Redis stream a room, for a cluster across machines).

    The server writes with ``save_room``/``add_events``/``drop`` as things happen and makes them
    permanent once a turn of its loop, before anyone sees them: ``commit()`` where ``remote`` is False
    (in the loop, tens of microseconds), else ``await write()`` (one round trip for all of the turn).
    """

    remote = False  # written by ``await write()`` (a network round trip), not ``commit()``
    closed = False
    home = ""  # where a process taking a room over finds it ("": nowhere, nothing kept)
    #: called when something waits to be written (a ``remote`` log: the server schedules a write)
    wake: Callable[[], None] | None = None
    #: called with a room whose writes were refused: another process took it over (``fence``)
    lost: Callable[[str], None] | None = None

    def save_room(self, code: str, room: dict[str, Any], touched: float) -> None:
        raise NotImplementedError

    def add_events(self, code: str, game: int, first: int, events: list[str], state: dict[str, Any],
                   commit: bool = True, touched: float | None = None) -> None:
        raise NotImplementedError

    def commit(self) -> None:
        raise NotImplementedError

    async def write(self) -> None:
        """Write what waits and have it acknowledged (a ``remote`` log); else ``commit()``."""
        self.commit()

    def waiting(self) -> bool:
        """Does something wait to be written?"""
        return False

    def drop(self, code: str) -> None:
        raise NotImplementedError

    def rooms(self, only: str | None = None) -> list[tuple[str, dict[str, Any], list[str], dict[str, Any] | None,
                                                          float]]:
        raise NotImplementedError

    async def open(self) -> None:
        """Before the server takes its first message (a remote log checks its store)."""

    async def take_over(self, home: str, code: str) -> Kept | None:
        """Room ``code`` of a process that is gone, kept at ``home`` (as the directory says), made this
        log's; None when it is not kept there.

        :raises ValueError: naming what is wrong when it cannot be read (a damaged entry, another kind of log).
        """
        raise NotImplementedError

    def checkpoint(self) -> None:
        """Housekeeping the server runs on a worker thread now and then (nothing by default)."""

    def catch_up(self) -> None:
        """What follows ``checkpoint``, in the server's loop (nothing by default)."""

    def fence(self, lost: Callable[[str], None]) -> None:
        """Write as a process of a cluster, which may stall while another takes its rooms over: a room
        taken over is never written here again, and ``lost`` is called with it (a remote log is fenced by
        the store itself: its writes are refused once another process holds the room)."""
        self.lost = lost

    def forget(self, code: str) -> None:
        """Drop what waits to be written for a room (another process owns it now)."""

    async def holds(self, code: str) -> bool:
        """Does the log still keep room ``code`` as this process left it (no other process took it out or
        wrote to it while this one stalled)?  Asked of a room whose lease lapsed and was taken again."""
        return True

    def close(self) -> None:
        self.closed = True


class RoomLog(BaseLog):
    """Rooms and their events in one SQLite file under ``data`` (None: in memory, for tests).

    :raises OSError: when the folder cannot be made; ``sqlite3.Error`` when the file is not a database.
    """

    def __init__(self, data: str | os.PathLike[str] | None, name: str = FILE) -> None:
        if data is None:
            path = ":memory:"
        else:
            Path(data).mkdir(parents=True, exist_ok=True)
            path = str(Path(data) / name)
        self.closed = False
        self.path = None if data is None else path
        self.home = self.path or ""
        self.db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute("PRAGMA wal_autocheckpoint=0")  # see checkpoint(); closing checkpoints too
        self.db.execute(f"PRAGMA journal_size_limit={WAL_LIMIT}")  # a log that starts over is cut to this
        self.db.executescript(SCHEMA)
        have = {row[1] for row in self.db.execute("PRAGMA table_info(events)")}
        for name, kind in EVENT_STATE:
            if name not in have:
                self.db.execute(f"ALTER TABLE events ADD COLUMN {name} {kind}")
        #: events waiting for ``commit()``: (code, game, n, event, state, touched), the state and touched
        #: on the last of each ``add_events`` (else None)
        self.rows: list[tuple[str, int, int, str, str | None, float | None]] = []
        #: fenced (``fence``, a process of a cluster): the rooms this file holds for this process, room records
        #: waiting for ``commit()``, and rooms another process took out of this file (never written here again)
        self.mine: set[str] | None = None
        self.records: dict[str, tuple[str, float]] = {}
        self.taken: set[str] = set()
        #: SQLite's ``data_version`` at the last commit: while no other connection has committed to the file
        #: since, nothing was taken out of it and the look is left out
        self.version: int | None = None

    def fence(self, lost: Callable[[str], None]) -> None:
        """Write as a process of a cluster, whose rooms another process may take out of this file (``take``)
        while this one is paused: a room taken out is never written back.  Each commit first looks, in the
        same transaction, for the rooms this log holds that the file no longer does (when another connection
        committed to the file since the last commit: ``commit_fenced``): their writes are dropped, now and
        later, and ``lost`` is called with each as it is written (the server lets it go).  Room records wait
        for the commit too, so that nothing of a room reaches the file outside that look."""
        self.commit()
        self.lost = lost
        self.mine = {code for (code,) in self.db.execute("SELECT code FROM rooms")}

    def checkpoint(self) -> None:
        """Copy the write-ahead log into the file (on a connection of its own, so it may run on
        another thread while the server commits: SQLite lets writers go on meanwhile).  What the
        server committed meanwhile is copied by ``catch_up``, in the server's loop."""
        if self.path is None or self.closed:
            return
        side = sqlite3.connect(self.path, isolation_level=None)
        try:
            side.execute("PRAGMA wal_checkpoint(PASSIVE)")
        except sqlite3.Error:
            pass  # busy or closing: the next one copies it
        finally:
            side.close()

    def catch_up(self) -> None:
        """After ``checkpoint``, in the thread that commits, right after a commit: copy what was committed
        while it copied (a few dozen pages: 1.5-2 ms at 1,000 busy rooms, every 5 s, most of it the file's
        sync), so that the next commit writes from the start of the log.  SQLite starts the log over only
        when every frame in it was copied as a commit begins; with the server committing all the time that
        never happened, and the log grew by every commit for as long as the server was busy (about 5 MB a
        second at 1,000 rooms, measured).  Done on another connection while holding the write lock, the
        loop's commits would wait on SQLite's busy handler, in sleeps of 1, 2, 5 ms..."""
        if self.path is None or self.closed or self.db.in_transaction:
            return
        try:
            self.db.execute("PRAGMA wal_checkpoint(PASSIVE)")
        except sqlite3.Error:
            pass  # the next one copies it

    def save_room(self, code: str, room: dict[str, Any], touched: float) -> None:
        """Write a room's seats, setup and current game (everything but the events): with the events that
        wait for ``commit()``, if any (or, fenced, always: see ``fence``); else committed now."""
        self.records[code] = (json.dumps(room), touched)
        if self.mine is None and not self.rows:
            self.commit()

    def add_events(self, code: str, game: int, first: int, events: list[str], state: dict[str, Any],
                   commit: bool = True, touched: float | None = None) -> None:
        """Append events ``first``, ``first + 1``… of game ``game`` and the session's small state
        (clock, call, bots).  With ``commit=False`` they wait for ``commit()``, which writes all that
        waits in one transaction (the server commits once for all that happened in one turn of its
        loop: a room's state is written once, as it was last).  ``touched``: when a person last acted
        in the room (wall clock; None: now), so that bots alone keep no room alive."""
        if not events:
            return
        last = len(events) - 1
        self.rows += [(code, game, first + i, e, None, None) for i, e in enumerate(events) if i < last]
        self.rows.append((code, game, first + last, events[last], dump(state),
                          time.time() if touched is None else touched))
        if commit:
            self.commit()

    def commit(self) -> None:
        """Make what was written since the last commit permanent (nothing once closed: a turn of the
        server's loop may still end after it stopped).  A few events and nothing else (a turn of one or
        two moves) are one statement, its own transaction: no BEGIN and COMMIT to send.

        :raises sqlite3.Error: when the file cannot be written (the disk full, say): nothing of it was
            written, and all of it still waits, for the next ``commit()``.
        """
        if self.closed:
            return
        if self.mine is not None:
            self.commit_fenced(self.mine)
            return
        rows, records = self.rows, self.records
        if rows and len(rows) <= ONE_STATEMENT and not records:
            self.db.execute(INSERT_EVENTS + ", ".join(["(?, ?, ?, ?, ?, ?)"] * len(rows)),
                            [x for row in rows for x in row])
        elif rows or records:
            self.write_all(records, rows)
        else:
            return
        self.rows, self.records = [], {}

    def write_all(self, records: dict[str, tuple[str, float]], rows: list[tuple[str, int, int, str, str | None,
                                                                             float | None]]) -> None:
        """Room records and event rows in one transaction: all of them or, when it fails, none.  A room's
        state goes with its last event, in the same row (one page of the file a move, not two: the room's
        own row is written only when the room changes, ``save_room``)."""
        with transaction(self.db) as db:
            if records:
                db.executemany("INSERT INTO rooms (code, room, touched) VALUES (?, ?, ?) ON CONFLICT(code) "
                               "DO UPDATE SET room = excluded.room, touched = excluded.touched",
                               [(c, text, t) for c, (text, t) in records.items()])
            if rows:
                db.executemany(INSERT_EVENTS + "(?, ?, ?, ?, ?, ?)", rows)

    def commit_fenced(self, mine: set[str]) -> None:
        """``commit()`` of a fenced log: what waits, less the rooms taken out of the file (see ``fence``).
        The file is looked at (every room it holds, against all this log holds) only when another connection
        has committed to it since this one's last commit (SQLite's ``data_version``, read holding the write
        lock): a taker's deletion is a commit, and what it took is known from then on, written in this
        commit or not.
        A commit of one event (as at 500 rooms, one move a turn): 29.8 µs, 26.7 µs unfenced, 225 µs one that
        looks (``python tools/bench.py roomlog``); when every commit looked at the rooms it wrote, 42.5 µs
        against 30.3 µs unfenced in a run of the same bench."""
        codes = {r[0] for r in self.rows} | self.records.keys()
        if not codes:
            return
        db = self.db
        db.execute("BEGIN IMMEDIATE")  # the write lock first: a taker's deletion is before this look or after it
        try:
            version = db.execute("PRAGMA data_version").fetchone()[0]
            if version != self.version:  # another connection committed since (a taker, perhaps): look at them all
                here = {c for (c,) in db.execute("SELECT code FROM rooms")}
                self.taken |= mine - here  # not only those of this commit: the next may write another
            gone = codes & self.taken
            records, rows = self.records, self.rows
            if gone:
                records = {c: r for c, r in records.items() if c not in gone}
                rows = [r for r in rows if r[0] not in gone]
            if records:
                db.executemany("INSERT INTO rooms (code, room, touched) VALUES (?, ?, ?) ON CONFLICT(code) "
                               "DO UPDATE SET room = excluded.room, touched = excluded.touched",
                               [(c, text, t) for c, (text, t) in records.items()])
            db.executemany(INSERT_EVENTS + "(?, ?, ?, ?, ?, ?)", rows)
            db.execute("COMMIT")
            self.version = version  # this connection's own commits leave it as it is
            self.records, self.rows = {}, []  # (when the commit fails, everything waits for the next)
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
        mine.update(records)
        mine.difference_update(gone)
        if self.lost is not None:
            for code in gone:
                self.lost(code)

    async def holds(self, code: str) -> bool:
        """In the file, or made here and not yet committed (a room another process took is neither)."""
        if self.db.execute("SELECT 1 FROM rooms WHERE code = ?", (code,)).fetchone() is not None:
            return True
        if self.mine is None:
            return code in self.records
        return code in self.records and code not in self.mine and code not in self.taken

    def forget(self, code: str) -> None:
        """Drop what waits to be written for a room (another process owns it now); the file is left as it is."""

        self.rows = [r for r in self.rows if r[0] != code]
        self.records.pop(code, None)
        if self.mine is not None:
            self.mine.discard(code)

    def drop(self, code: str) -> None:
        """Forget a room and its events (closed or expired)."""
        self.commit()
        if self.mine is not None:
            self.mine.discard(code)
        with transaction(self.db) as db:
            db.execute("DELETE FROM events WHERE code = ?", (code,))
            db.execute("DELETE FROM rooms WHERE code = ?", (code,))

    def rooms(self, only: str | None = None) -> list[tuple[str, dict[str, Any], list[str], dict[str, Any] | None,
                                                          float]]:
        """Every room kept (``only``: that room alone, if kept): (code, room, the current game's events
        in order, state, touched).  The state is the last one kept with an event of that game, else the
        room's own (a room taken over, or a log written before states went with the events); touched the
        later of the event's and the room's.  A damaged row is skipped."""
        out = []
        rows = self.db.execute("SELECT code, room, state, touched FROM rooms" if only is None else
                               "SELECT code, room, state, touched FROM rooms WHERE code = ?",
                               () if only is None else (only,)).fetchall()
        for code, text, state, touched in rows:
            try:
                room: Any = json.loads(text)
                st: Any = json.loads(state) if state else None
            except ValueError:
                continue
            if not isinstance(room, dict):
                continue
            game = room.get("game") or {}
            number = game.get("number", 0) if isinstance(game, dict) else 0
            events = []
            for e, kept, when in self.db.execute(
                    "SELECT event, state, touched FROM events WHERE code = ? AND game = ? ORDER BY n", (code, number)):
                events.append(e)
                if kept is not None:
                    try:
                        st = json.loads(kept)
                    except ValueError:
                        pass
                    if when is not None:
                        touched = max(float(touched), float(when))
            out.append((code, room, events, st if isinstance(st, dict) else None, float(touched)))
        return out

    def keep(self, code: str, room: dict[str, Any], events: list[str], state: dict[str, Any] | None,
             touched: float) -> None:
        """Write a whole room taken over from another process's log (its record, the current game's
        events, its state), committed before this returns."""
        game = room.get("game") or {}
        number = game.get("number", 0) if isinstance(game, dict) else 0
        self.commit()
        with transaction(self.db) as db:
            db.execute("DELETE FROM events WHERE code = ?", (code,))
            db.execute("INSERT INTO rooms (code, room, state, touched) VALUES (?, ?, ?, ?) ON CONFLICT(code) "
                       "DO UPDATE SET room = excluded.room, state = excluded.state, touched = excluded.touched",
                       (code, json.dumps(room), None if state is None else json.dumps(state), touched))
            db.executemany("INSERT INTO events (code, game, n, event) VALUES (?, ?, ?, ?)",
                           [(code, number, i + 1, e) for i, e in enumerate(events)])
        self.taken.discard(code)  # taken back
        if self.mine is not None:
            self.mine.add(code)

    async def take_over(self, home: str, code: str) -> Kept | None:
        if home == STREAM_HOME:
            raise ValueError("it is kept in a Redis stream and this process keeps its rooms in SQLite: "
                             "start every process of a cluster with the same --room-log")
        try:
            return self.take(home, code)
        except sqlite3.Error as e:
            raise ValueError(f"{home} cannot be read: {e}") from None

    def take(self, path: str, code: str) -> Kept | None:
        """Room ``code`` moved out of another process's log file at ``path`` into this log (that process is
        gone: its lease on the room lapsed): written and committed here first, then taken out there.
        Returns (room, events, state, touched), or None when that file does not hold the room.

        Read, copied and deleted there in one transaction holding that file's write lock: its owner, if it
        is only paused, either committed before (its events are copied) or commits after, and then finds
        the room gone and writes nothing of it (``fence``).

        :raises sqlite3.Error: when the file cannot be read.
        """
        if self.path is not None and Path(path).resolve() == Path(self.path).resolve():
            mine = self.rooms(only=code)  # a room of this very log (this process was started again)
            return mine[0][1:] if mine else None
        if not Path(path).is_file():
            return None
        db = sqlite3.connect(path, isolation_level=None, timeout=TAKE_WAIT)
        try:
            db.execute("BEGIN IMMEDIATE")
            other = RoomLog.__new__(RoomLog)
            other.db, other.closed, other.path = db, False, path
            found = other.rooms(only=code)
            if not found:
                return None
            _code, room, events, state, touched = found[0]
            self.keep(code, room, events, state, touched)
            db.execute("DELETE FROM events WHERE code = ?", (code,))
            db.execute("DELETE FROM rooms WHERE code = ?", (code,))
            db.execute("COMMIT")
        finally:
            if db.in_transaction:
                db.execute("ROLLBACK")
            db.close()
        return room, events, state, touched

    def close(self) -> None:
        """Commit what waits and close the file (closed all the same when the commit fails: what it held
        was never sent, so nobody saw it)."""
        try:
            self.commit()
        finally:
            self.db.close()
            self.closed = True
