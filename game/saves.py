"""Unfinished games: one save per mode, each move durable before its result is shown.

A mode's game lives in ``saves/<mode>.json`` (the whole game, written
atomically) or ``saves/<mode>.journal`` (a header line and one line per
event, see ``game.journal``), never both for long:

* ``begin_game`` writes a new journal (atomically), then removes the whole save;
* ``append_event`` adds a line and syncs it: the move is on disk when it returns;
* ``save_game`` writes the whole game, then removes the journal (compaction).

So if a crash leaves both files, the whole save is the newer (a compaction
cut short) or the journal holds no acknowledged event yet (a ``begin_game``
cut short): the whole save wins and the journal is removed.

A save is checked before it is offered: its fields one by one
(``loader.save_problem``: mode, seed, seats, events), then rebuilt by its
engine (``check_game``).  A damaged one is set aside with a notice.
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from . import journal
from .loader import check_game, holds_problem, save_problem
from .safefile import Damaged, parse_json, read_bytes, sync_dir, why, write_atomic
from .variants import MODES

FULL, JOURNAL = ".json", ".journal"


class Saves:
    """The unfinished games of a Store (mixed into it: uses its ``dir``, ``_lock``, ``_notice``, ``_set_aside``).

    ``check_game(mode, text, data) -> over`` rebuilds a save to check it; replace it to check other formats.
    """

    check_game = staticmethod(check_game)
    # what the Store brings
    dir: Path
    _lock: threading.RLock
    _notice: Callable[[str], None]  # (text)
    _set_aside: Callable[[str, str, str], bool]  # (name, problem, outcome) -> set aside?

    def _init_saves(self) -> None:
        self._journals: dict[str, int] = {}  # mode -> descriptor appending to its journal
        self._seen: dict[str, tuple] = {}  # mode -> (file identity, text, summary) of the last check

    # ----- unfinished games ----------------------------------------------
    def begin_game(self, mode: str, header: dict) -> bool:
        """Start the journal of a new (or resumed) game of ``mode``: ``saves/<mode>.journal``
        holding ``header`` (the game as JSON data; its ``events``, if any, are the events so far).

        The journal is on disk when this returns True; it replaces whatever
        save the mode had.  False, with a notice, when the disk refuses.

        :raises ValueError: on an unknown mode, a header that is not that mode's game or not JSON data.
        """
        _check_mode(mode)
        _check_holds(mode, header)
        line = journal.header_line(header)
        with self._lock:
            self._close_journal(mode)
            try:
                self._saves_dir()
                write_atomic(self._path(mode, JOURNAL), line.decode())
                _unlink(self._path(mode, FULL))  # the journal is the newer: the old full save goes
                sync_dir(self.dir / "saves")
                self._journals[mode] = journal.open_for_append(self._path(mode, JOURNAL))
            except OSError as e:
                self._notice(f"Could not save your {mode} game ({why(e)}).")
                return False
        return True

    def append_event(self, mode: str, event: str) -> bool:
        """Add one event (a move) to the journal of ``mode``'s game; it is on disk when this returns True.

        A game saved whole (``save_game``) gets a journal first.  False, with a
        notice, when the disk refuses or there is no game to add to.

        :raises ValueError: on an unknown mode, or an event that is not JSON data or too long.
        """
        _check_mode(mode)
        line = journal.event_line(event)
        with self._lock:
            fd = self._journals.get(mode)
            if fd is None:
                fd = self._reopen_journal(mode)
                if fd is None:
                    return False
            try:
                journal.append(fd, line)
            except OSError as e:
                self._close_journal(mode)  # reopened (and its torn line cut) on the next try
                self._notice(f"Could not save your last {mode} move ({why(e)}).")
                return False
        return True

    def save_game(self, mode: str, game_json: str) -> bool:
        """Save a whole unfinished game (its JSON text) over the last save of ``mode``, atomically.

        This is also how a journal is compacted (on a clean exit): the whole
        game goes to ``saves/<mode>.json`` and the journal is removed.
        Returns False, with a notice, when the disk refuses; the previous
        save is then intact.

        :raises ValueError: on an unknown mode or text that is not that mode's game.
        """
        _check_mode(mode)
        try:
            data = json.loads(game_json)
        except (TypeError, ValueError):
            raise ValueError("save_game takes a game's to_json() text") from None
        _check_holds(mode, data)
        with self._lock:
            self._close_journal(mode)
            try:
                self._saves_dir()
                write_atomic(self._path(mode, FULL), game_json)
                if _unlink(self._path(mode, JOURNAL)):  # the full save is the newer: it wins if both are found
                    sync_dir(self.dir / "saves")
            except OSError as e:
                self._notice(f"Could not save your {mode} game ({why(e)}); the previous copy is unchanged.")
                return False
        return True

    def load_game(self, mode: str) -> str | None:
        """The saved game of ``mode`` as one JSON text, or None.

        A whole save is returned as written; a journal as its header with the
        appended events added to ``events`` (a torn last line is ignored and
        cut off).  The game is checked (rebuilt where the engine can); a save
        that fails is set aside with a notice and None is returned.

        :raises ValueError: on an unknown mode.
        """
        _check_mode(mode)
        with self._lock:
            found = self._find(mode)
            return None if found is None else found[0]

    def clear_game(self, mode: str) -> None:
        """Forget the saved game of ``mode`` (finished or abandoned).  Never raises on a disk error."""
        _check_mode(mode)
        with self._lock:
            self._close_journal(mode)
            try:
                removed = [_unlink(self._path(mode, kind)) for kind in (JOURNAL, FULL)]
                if any(removed):
                    sync_dir(self.dir / "saves")
            except OSError as e:
                self._notice(f"Could not remove your saved {mode} game ({why(e)}).")

    def saved_games(self) -> list[dict]:
        """A summary of every unfinished game that can be resumed, in menu order.

        Each: ``mode``, ``saved`` (seconds since the epoch), ``date``
        ("YYYY-MM-DD HH:MM", local time), ``moves`` (events so far) and
        ``seed`` (None if the save has none).  A saves folder that cannot be
        read gives [] and a notice.
        """
        try:
            names = set(os.listdir(self.dir / "saves"))
        except FileNotFoundError:
            return []
        except OSError as e:
            self._notice(f"Your saves folder cannot be read ({why(e)}); unfinished games cannot be offered.")
            return []
        out = []
        for mode in MODES:
            if f"{mode}{FULL}" in names or f"{mode}{JOURNAL}" in names:
                with self._lock:
                    found = self._find(mode)
                if found is not None and not found[1]["over"]:
                    out.append({"mode": mode, **{k: v for k, v in found[1].items() if k != "over"}})
        return out

    def saved_modes(self) -> list[str]:
        """The modes with an unfinished game that can be resumed, in menu order."""
        return [g["mode"] for g in self.saved_games()]

    def close(self) -> None:
        """Close the open journals (their events are already on disk)."""
        with self._lock:
            for mode in list(self._journals):
                self._close_journal(mode)

    def _path(self, mode: str, kind: str) -> Path:
        return self.dir / "saves" / f"{mode}{kind}"

    def _saves_dir(self) -> None:
        """Make the saves folder if it went (a file in its place is set aside).  :raises OSError:"""
        saves = self.dir / "saves"
        if saves.is_symlink() or saves.exists() and not saves.is_dir():
            self._set_aside("saves", "Something that is not a folder was where your saves go",
                            "a new saves folder is made")
        saves.mkdir(parents=True, exist_ok=True)

    def _close_journal(self, mode: str) -> None:
        fd = self._journals.pop(mode, None)
        if fd is not None:
            try:
                os.close(fd)
            except OSError:
                pass

    def _reopen_journal(self, mode: str) -> int | None:
        """A descriptor appending to ``mode``'s journal, made from the save if there is none; None on failure."""
        found = self._find(mode)  # checks the save and cuts a torn last line
        if found is None:
            self._notice(f"There is no {mode} game to add a move to.")
            return None
        if not self._path(mode, JOURNAL).exists() and not self.begin_game(mode, json.loads(found[0])):
            return None
        try:
            self._journals[mode] = fd = self._journals.get(mode) or journal.open_for_append(self._path(mode, JOURNAL))
        except OSError as e:
            self._notice(f"Could not save your last {mode} move ({why(e)}).")
            return None
        return fd

    def _find(self, mode: str) -> tuple[str, dict] | None:
        """(the game's JSON text, its summary) from ``mode``'s save, or None; damaged saves are set aside.

        A whole save wins over a journal found beside it (a crash cut a
        compaction short: the journal is its leftover and is removed).
        """
        what = f"Your unfinished {mode} game"
        for kind in (FULL, JOURNAL):
            path = self._path(mode, kind)
            try:
                st = os.stat(path) if not os.path.islink(path) else os.lstat(path)  # a link is read (refused) below
                key = (kind, st.st_ino, st.st_size, st.st_mtime_ns)
                if self._seen.get(mode, (None,))[0] == key:
                    return self._seen[mode][1:]
                raw = read_bytes(path)
                if raw is None:
                    continue
                if kind == FULL:
                    text = raw.decode("utf-8")
                else:
                    (header, events), whole = journal.read(raw)
                    text = journal.combine(header, events)
                summary = self._check(mode, text)
            except FileNotFoundError:
                continue
            except ImportError:  # an engine missing from this build: keep the file for one that has it
                self._notice(f"{what} needs a newer Set Arcade; it is kept.")
                return None
            except (Damaged, UnicodeDecodeError, OSError) as e:
                reason = "it is not UTF-8 text" if isinstance(e, UnicodeDecodeError) else \
                    f"it cannot be read: {why(e)}" if isinstance(e, OSError) else str(e)
                self._close_journal(mode)
                self._set_aside(f"saves/{mode}{kind}", f"{what} was damaged ({reason})", "it cannot be resumed")
                continue
            if kind == FULL:
                if mode not in self._journals and _unlink_quietly(self._path(mode, JOURNAL)):
                    sync_dir(self.dir / "saves")
            elif whole < len(raw) and mode not in self._journals:
                try:
                    journal.repair(path, whole, len(raw))
                    st = os.stat(path)
                except OSError:
                    pass  # appending reopens and tries again
            summary.update(saved=st.st_mtime, date=time.strftime("%Y-%m-%d %H:%M", time.localtime(st.st_mtime)))
            self._seen[mode] = ((kind, st.st_ino, st.st_size, st.st_mtime_ns), text, summary)
            return text, summary
        return None

    def _check(self, mode: str, text: str) -> dict:
        """A save's summary (moves, seed, over), checked field by field and rebuilt where an engine can.

        :raises Damaged: saying what is wrong.  :raises ImportError: when this build lacks the engine.
        """
        data = parse_json(text)
        problem = save_problem(mode, data)
        if problem:
            raise Damaged(problem)
        try:
            over = self.check_game(mode, text, data)
        except ImportError:
            raise
        except Exception as e:  # any failure to rebuild means this save cannot be resumed
            raise Damaged(str(e)[:200]) from None
        field = "events" if "events" in data else "moves"
        return {"moves": len(data.get(field, [])), "seed": data.get("seed"), "over": bool(over)}



def _check_mode(mode: str) -> None:
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r}: one of {', '.join(MODES)}")


def _check_holds(mode: str, data: Any) -> None:
    problem = holds_problem(mode, data)
    if problem:
        raise ValueError(problem)


def _unlink(path: Path) -> bool:
    """Remove a file; True if there was one.  :raises OSError: when it cannot be removed."""
    try:
        path.unlink()
    except FileNotFoundError:
        return False
    return True


def _unlink_quietly(path: Path) -> bool:
    try:
        return _unlink(path)
    except OSError:
        return False
