"""Seats kept on disk, so a window closed or killed takes its seat back: ``online.json``.

A seat in a room is held by the token the server gave; kept only in memory,
it dies with the program.  ``SeatBook`` keeps each seat the player holds in
``online.json`` in the player's folder (the ``Store``'s), keyed by the server's
address and the room code::

    {"version": 1, "seats": [{"server": "ws://192.168.1.20:40123", "room": "K7M29QXD",
                              "token": "...", "name": "Ann", "seat": 1, "saved": 1764000000.0}]}

newest first, at most ``MOST`` of them, each forgotten ``KEEP`` seconds after it
was last saved.  The client remembers a seat while a game is played in its
room and forgets it when the game is over, when it leaves, when the room is
closed, or when the server no longer knows the room or the token.

Reading is checked field by field: a bad entry is left out (and the file
written again without it); a file that cannot be read or is no JSON object of
this version is set aside as ``online.json.damaged-…`` with a sentence in
``notices``.  Nothing here raises on a disk error: writes return False and
say why in ``notices``.

>>> import tempfile
>>> book = SeatBook(tempfile.mkdtemp())
>>> book.remember("ws://h:1", "K7M29QXD", "t" * 32, "Ann", 1, now=100.0)
True
>>> book.find("ws://h:1", "K7M29QXD", now=200.0)["seat"], book.notices
(1, [])
"""

from __future__ import annotations

import json
import os
import threading
import time
from pathlib import Path
from typing import Any

from ..safefile import Damaged, parse_json, read_text, set_aside, why, write_atomic
from .protocol import ALPHABET, CODE_LENGTH

FILE = "online.json"
FORMAT = 1
MOST = 8  # seats kept at most (the oldest goes)
KEEP = 12 * 3600.0  # seconds a seat is kept after it was last saved (rooms close after 2 h idle)
MAX_BYTES = 64 * 1024


def _entry(x: Any) -> dict[str, Any] | None:
    """One remembered seat checked field by field, or None when any field is bad."""
    if not isinstance(x, dict):
        return None
    server, room, token, name = x.get("server"), x.get("room"), x.get("token"), x.get("name", "")
    seat, saved = x.get("seat"), x.get("saved")
    ok = (isinstance(server, str) and server.startswith(("ws://", "wss://")) and len(server) <= 300
          and isinstance(room, str) and len(room) == CODE_LENGTH and all(c in ALPHABET for c in room)
          and isinstance(token, str) and 16 <= len(token) <= 64
          and isinstance(name, str) and len(name) <= 24
          and isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < 4
          and isinstance(saved, (int, float)) and not isinstance(saved, bool) and 0 <= saved < 1e11)
    if not ok:
        return None
    assert isinstance(saved, (int, float))  # checked in ``ok``
    return {"server": server, "room": room, "token": token, "name": name, "seat": seat, "saved": float(saved)}


class SeatBook:
    """The seats kept in ``folder``/online.json (see the module doc); safe to use from two threads."""

    def __init__(self, folder: str | os.PathLike[str]) -> None:
        self.path = Path(folder) / FILE
        self.notices: list[str] = []
        self._lock = threading.Lock()
        self._seats = self._read()

    # ----- asking ------------------------------------------------------------------------
    def seats(self, now: float | None = None) -> list[dict[str, Any]]:
        """Every seat kept and not yet too old at ``now`` (default: the wall clock), newest first."""
        now = time.time() if now is None else now
        with self._lock:
            return [dict(x) for x in self._seats if now - x["saved"] <= KEEP]

    def find(self, server: str, room: str, now: float | None = None) -> dict[str, Any] | None:
        """The seat kept for ``room`` on ``server`` (``ws://host:port``), or None."""
        return next((x for x in self.seats(now) if x["server"] == server and x["room"] == room), None)

    def latest(self, now: float | None = None) -> dict[str, Any] | None:
        """The seat saved last, or None."""
        seats = self.seats(now)
        return seats[0] if seats else None

    # ----- changing ----------------------------------------------------------------------
    def remember(self, server: str, room: str, token: str, name: str = "", seat: int = 0,
                 now: float | None = None) -> bool:
        """Keep (or refresh) the seat ``token`` holds in ``room`` on ``server``; False if not written.

        :raises ValueError: when a field is not what a seat holds (nothing is kept).
        """
        entry = _entry({"server": server, "room": room, "token": token, "name": name, "seat": seat,
                        "saved": time.time() if now is None else now})
        if entry is None:
            raise ValueError(f"not a seat to keep: room {room!r} on {server!r}, seat {seat!r}")
        with self._lock:
            rest = [x for x in self._seats if (x["server"], x["room"]) != (server, room)]
            self._seats = [entry] + rest[:MOST - 1]
            return self._write()

    def forget(self, server: str, room: str) -> bool:
        """Forget the seat in ``room`` on ``server`` (if kept); False only when the file was not written."""
        with self._lock:
            rest = [x for x in self._seats if (x["server"], x["room"]) != (server, room)]
            if len(rest) == len(self._seats):
                return True
            self._seats = rest
            return self._write()

    # ----- the file ----------------------------------------------------------------------
    def _read(self) -> list[dict[str, Any]]:
        try:
            text = read_text(self.path, MAX_BYTES)
            if text is None:
                return []
            data = parse_json(text)
            if not isinstance(data, dict) or data.get("version") != FORMAT or not isinstance(data.get("seats"), list):
                raise Damaged(f"it is not a list of seats of version {FORMAT}")
        except Damaged as e:
            self._set_aside(f"The file of the online seats you hold was damaged ({e})",
                            "those rooms cannot be rejoined")
            return []
        seats = [e for e in (_entry(x) for x in data["seats"][:MOST * 4]) if e is not None]
        if len(seats) != len(data["seats"]):
            bad = len(data["seats"]) - len(seats)
            self._set_aside(f"The file of the online seats you hold had {bad} with bad fields",
                            "the others are kept")
            self._seats = seats[:MOST]
            self._write()
        return seats[:MOST]

    def _set_aside(self, problem: str, outcome: str) -> None:
        try:
            aside = set_aside(self.path)
        except OSError as e:
            self.notices.append(f"{problem} and could not be set aside ({why(e)}); {outcome}.")
            return
        self.notices.append(f"{problem} and has been set aside as {aside.name}; {outcome}.")

    def _write(self) -> bool:
        text = json.dumps({"version": FORMAT, "seats": self._seats}, indent=1)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(self.path, text)
        except OSError as e:
            self.notices.append(f"Could not keep your online seat ({why(e)}): a closed window cannot take it back.")
            return False
        return True
