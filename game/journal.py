"""An unfinished game as an append-only journal: a header line, then one line per event.

``saves/<mode>.journal`` is UTF-8 JSON lines.  The first line is the game's
JSON object (its ``events`` field, if any, holds the events so far); every
line after it is one more event, a JSON value (a move string)::

    {"variant": "points", "version": 1, "seed": 7, "events": []}
    "set 1RDE 2GOH 3PSF"
    "add"

An event is on disk once ``append`` returns: the line goes out in one
``write`` and the file is synced.  A crash mid-write leaves at most a torn
last line (no newline at its end); reading ignores it and ``repair`` cuts
it off, so the next append starts on a line of its own.  A damaged line
anywhere before the last one means the journal is damaged.

>>> body = header_line({"variant": "mags", "events": ["deal"]}) + event_line("undo") + b'"ad'
>>> combine(*read(body)[0])
'{"variant": "mags", "events": ["deal", "undo"]}'
"""

from __future__ import annotations

import json
import os
from typing import Any

from .safefile import Damaged, parse_json, sync_fd

FIELD = "events"
MAX_EVENT_BYTES = 64 * 1024  # one event line; a bigger one is refused, never written


def header_line(header: dict[str, Any]) -> bytes:
    """The first line of a journal: the header as compact JSON and a newline.

    :raises ValueError: when the header is not an object JSON can hold, or its events are not a list.
    """
    if not isinstance(header, dict):
        raise ValueError(f"a journal header is an object, not {type(header).__name__}")
    if not isinstance(header.get(FIELD, []), list):
        raise ValueError(f"a journal header's {FIELD!r} is a list")
    try:
        return (json.dumps(header, ensure_ascii=False, allow_nan=False, separators=(", ", ": ")) + "\n").encode()
    except (TypeError, ValueError) as e:
        raise ValueError(f"a journal header must be plain JSON data: {e}") from None


def event_line(event: Any) -> bytes:
    """One event as a journal line (JSON and a newline; JSON never holds a raw newline).

    :raises ValueError: when it is not JSON data or longer than MAX_EVENT_BYTES.
    """
    try:
        line = (json.dumps(event, ensure_ascii=False, allow_nan=False) + "\n").encode()
    except (TypeError, ValueError) as e:
        raise ValueError(f"an event must be plain JSON data: {e}") from None
    if len(line) > MAX_EVENT_BYTES:
        raise ValueError(f"an event is at most {MAX_EVENT_BYTES} bytes, not {len(line)}")
    return line


def read(raw: bytes) -> tuple[tuple[dict[str, Any], list[Any]], int]:
    """((header, appended events), length of the whole lines) of a journal's bytes.

    A torn last line (no newline) is left out of both.

    :raises Damaged: an empty journal, a header that is not an object, or a damaged line before the last.
    """
    whole = raw.rfind(b"\n") + 1
    lines = raw[:whole].split(b"\n")[:-1]
    if not lines:
        raise Damaged("it holds no game")
    values = []
    for i, line in enumerate(lines):
        try:
            values.append(parse_json(line.decode("utf-8")))
        except (UnicodeDecodeError, Damaged):
            raise Damaged(f"its line {i + 1} is damaged") from None
    header = values[0]
    if not isinstance(header, dict) or not isinstance(header.get(FIELD, []), list):
        raise Damaged("its first line is not a game")
    return (header, values[1:]), whole


def combine(header: dict[str, Any], events: list[Any]) -> str:
    """The whole game as one JSON text: the header with the appended events added to its own."""
    return json.dumps({**header, FIELD: list(header.get(FIELD, [])) + events}, ensure_ascii=False)


def append(fd: int, line: bytes) -> None:
    """Write one whole line at the journal's end and sync it to the disk.

    :raises OSError: when the disk refuses (the line may then be torn; reading ignores it).
    """
    view = memoryview(line)
    while view:
        n = os.write(fd, view)
        view = view[n:]
    sync_fd(fd)


def open_for_append(path: str | os.PathLike[str]) -> int:
    """A descriptor appending to an existing journal.  :raises OSError: when it cannot be opened."""
    return os.open(path, os.O_WRONLY | os.O_APPEND | getattr(os, "O_BINARY", 0) | getattr(os, "O_NOFOLLOW", 0))


def repair(path: str | os.PathLike[str], whole: int, size: int) -> None:
    """Cut a torn last line off (``whole`` bytes of whole lines of ``size``), durably.

    :raises OSError: when it cannot be cut.
    """
    if whole == size:
        return
    fd = os.open(path, os.O_WRONLY | getattr(os, "O_BINARY", 0))
    try:
        os.ftruncate(fd, whole)
        sync_fd(fd)
    finally:
        os.close(fd)
