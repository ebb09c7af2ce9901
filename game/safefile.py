"""Files that survive crashes and damage: atomic writes, guarded reads, setting aside.

``write_atomic`` writes a temp file in the same folder, flushes and fsyncs
it, then ``os.replace``-s it over the target and fsyncs the folder: after a
crash or a full disk the target holds either the old or the new bytes,
never a mix.  ``read_text`` refuses what it cannot safely read (too big, a
folder, not UTF-8) by raising ``Damaged``; ``set_aside`` renames such a file
``<name>.damaged-YYYYmmdd-HHMMSS`` so it is kept but out of the way.

>>> import tempfile, pathlib
>>> p = pathlib.Path(tempfile.mkdtemp()) / "a.json"
>>> write_atomic(p, '{"x": 1}'); parse_json(read_text(p))
{'x': 1}
"""

from __future__ import annotations

import itertools
import json
import os
import time
from pathlib import Path
from typing import Any

MAX_BYTES = 10 * 1024 * 1024  # a bigger file is damaged, not read
STALE_SECONDS = 60  # a temp file older than this is a crash's leftover, not a write in flight
_serial = itertools.count(1)


class Damaged(Exception):
    """A file that cannot be used; the message says why, in words a player reads."""


def read_text(path: Path, limit: int = MAX_BYTES) -> str | None:
    """The UTF-8 text of a file, or None when there is no file.

    :raises Damaged: when it is over ``limit`` bytes, a folder, unreadable or not UTF-8.
    """
    try:
        if not path.exists() and not path.is_symlink():
            return None
        if path.is_dir():
            raise Damaged("a folder is in its place")
        if path.stat().st_size > limit:
            raise Damaged(f"it is over {_size(limit)}")
        with open(path, "rb") as f:
            raw = f.read(limit + 1)  # never more, even if it grew since stat
    except OSError as e:
        raise Damaged(f"it cannot be read: {why(e)}") from None
    if len(raw) > limit:
        raise Damaged(f"it is over {_size(limit)}")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise Damaged("it is not UTF-8 text") from None


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def parse_json(text: str) -> Any:
    """Strict JSON (no NaN or Infinity).

    :raises Damaged: "it is not valid JSON (line 3, column 8)" (also for nesting too deep to read).
    """
    try:
        return json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as e:
        raise Damaged(f"it is not valid JSON (line {e.lineno}, column {e.colno})") from None
    except (ValueError, RecursionError) as e:  # NaN, a number too long, nesting too deep
        raise Damaged(f"it is not valid JSON ({str(e)[:60]})") from None


def write_atomic(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` (UTF-8) atomically and durably.

    :raises OSError: when the disk refuses; ``path`` is then untouched and no temp file is left.
    """
    temp = path.with_name(f".{path.name}.{os.getpid()}-{next(_serial)}.tmp")
    try:
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o644)
        with os.fdopen(fd, "wb") as f:
            f.write(text.encode("utf-8"))
            f.flush()
            os.fsync(f.fileno())
        os.replace(temp, path)
    except BaseException:
        try:
            temp.unlink(missing_ok=True)
        except OSError:
            pass
        raise
    sync_dir(path.parent)


def sync_dir(folder: Path) -> None:
    """Make a rename durable where the platform lets a folder be opened (not Windows)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def set_aside(path: Path) -> Path:
    """Rename a damaged file (or folder) to ``<name>.damaged-YYYYmmdd-HHMMSS[-n]`` and return the new path.

    :raises OSError: when it cannot be renamed.
    """
    stamp = time.strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.damaged-{stamp}")
    n = 1
    while aside.exists() or aside.is_symlink():
        n += 1
        aside = path.with_name(f"{path.name}.damaged-{stamp}-{n}")
    os.replace(path, aside)
    return aside


def remove_stale_temps(folder: Path) -> None:
    """Delete temp files a crash left in ``folder`` mid-write (never one still being written)."""
    try:
        for p in folder.glob(".*.tmp"):
            if time.time() - p.stat().st_mtime > STALE_SECONDS:
                p.unlink()
    except OSError:
        pass


def why(e: OSError) -> str:
    """An OS error in a few words: "No space left on device"."""
    return e.strerror or type(e).__name__


def _size(n: int) -> str:
    return f"{n // 2**20} MB" if n >= 2**20 else f"{n // 2**10} KB"
