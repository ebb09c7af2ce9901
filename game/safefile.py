"""Files that survive crashes and damage: atomic writes, guarded reads, setting aside.

``write_atomic`` writes a temp file in the same folder, flushes and fsyncs
it, then ``os.replace``-s it over the target and fsyncs the folder: after a
crash or a full disk the target holds either the old or the new bytes,
never a mix.  ``read_text`` refuses what it cannot safely read (too big, a
folder, a pipe or a device, not UTF-8) by raising ``Damaged``; ``set_aside`` renames such a file
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
import stat
import time
from pathlib import Path
from typing import Any

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]

MAX_BYTES = 10 * 1024 * 1024  # a bigger file is damaged, not read
STALE_SECONDS = 60  # a temp file older than this is a crash's leftover, not a write in flight
_serial = itertools.count(1)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)  # a pipe opened for reading never waits for a writer


class Damaged(Exception):
    """A file that cannot be used; the message says why, in words a player reads."""


def read_bytes(path: Path, limit: int = MAX_BYTES) -> bytes | None:
    """The bytes of a regular file of at most ``limit`` bytes, or None when there is no file.

    Only a regular file is ever opened (checked before opening, and again on
    the open file), and it is opened non-blocking: a pipe, a socket or a
    device in the file's place is refused at once, never waited on.

    :raises Damaged: when it is over ``limit`` bytes, a folder, a pipe or a device, or unreadable.
    """
    try:
        st = os.stat(path)
    except FileNotFoundError:
        if os.path.islink(path):
            raise Damaged("it is a link to nothing") from None
        return None
    except OSError as e:
        raise Damaged(f"it cannot be read: {why(e)}") from None
    _check_kind(st.st_mode, st.st_size, limit)
    try:
        fd = os.open(path, os.O_RDONLY | _NONBLOCK | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0))
    except OSError as e:
        raise Damaged(f"it cannot be read: {why(e)}") from None
    try:
        st = os.fstat(fd)  # what was opened, in case something else was put there after the check
        _check_kind(st.st_mode, st.st_size, limit)
        chunks, got = [], 0
        while got <= limit:  # never more than limit + 1 bytes, even if it grew since fstat
            chunk = os.read(fd, min(1 << 20, limit + 1 - got))
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
    except OSError as e:
        raise Damaged(f"it cannot be read: {why(e)}") from None
    finally:
        os.close(fd)
    if got > limit:
        raise Damaged(f"it is over {_size(limit)}")
    return b"".join(chunks)


def _check_kind(mode: int, size: int, limit: int) -> None:
    if stat.S_ISDIR(mode):
        raise Damaged("a folder is in its place")
    if not stat.S_ISREG(mode):
        raise Damaged("it is not a plain file (a pipe, a socket or a device is in its place)")
    if size > limit:
        raise Damaged(f"it is over {_size(limit)}")


def read_text(path: Path, limit: int = MAX_BYTES) -> str | None:
    """The UTF-8 text of a regular file (see ``read_bytes``), or None when there is no file.

    :raises Damaged: when it is over ``limit`` bytes, not a plain file, unreadable or not UTF-8.
    """
    raw = read_bytes(path, limit)
    if raw is None:
        return None
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


def sync_fd(fd: int) -> None:
    """Push a file's written bytes to the disk itself (macOS: past the drive's cache too).

    :raises OSError: when the disk refuses.
    """
    full = getattr(fcntl, "F_FULLFSYNC", None) if fcntl is not None else None
    if full is not None:
        try:
            fcntl.fcntl(fd, full)
            return
        except OSError:
            pass  # not every file system has it: a plain fsync below
    (getattr(os, "fdatasync", None) or os.fsync)(fd)


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
