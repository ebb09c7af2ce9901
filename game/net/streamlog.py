"""The room log in Redis Streams: a cluster across machines with no shared folder (``--room-log redis``).

Each room is one stream, ``log:CODE``, in the cluster's Redis.  Its entries (ids ``N-0``,
N counting up from 1 in each room) have two fields, ``k`` (the kind) and ``v`` (JSON):

``k = room``
    ``{"room": the record (seats, tokens, setup, current game: as the SQLite log keeps it),
    "state": the session's small state then (or null), "t": when a person last acted}``
``k = ev``
    ``{"g": game number, "n": the first event's number, "e": [events…], "s": state, "t": …}``

Once a turn of the server's loop everything waiting for every room goes to Redis in one
script call (one round trip), and only once Redis has answered are the turn's messages
sent (``BaseLog.write``): an event a member saw is in Redis.  The script writes a room only
while this process holds its lease (``room:CODE`` is this process's URL, or nobody's):
a process that stalled past its lease and was replaced cannot add to the new owner's
stream (the room is let go, as at a renewal that finds it lost).  Nor can it once that lease
lapsed and its own renewal took it back: each write names the entry the stream ends with as this
process last left it, and a stream that ends otherwise (another process wrote to it, or closed the
room and deleted it) is not written either.  A room's record trims
its stream (``XTRIM MINID``) to itself or the first event of the current game, whichever
comes first: a stream holds one game's events.  A closed room's stream is deleted.

A process taking a room over reads the stream whole (``XRANGE``) and checks every
entry field by field, as a file is read: anything damaged and the room is not taken over
(a log line says what; nothing else changes).  Nothing is moved: the new owner goes on
writing the same stream.

Durability is Redis's: with ``appendonly yes`` and ``appendfsync always`` (``deploy/redis.conf``)
Redis syncs its append-only file before it answers, so an acknowledged event survives
Redis itself being killed.  ``open()`` asks Redis (``CONFIG GET``) and logs a warning when it
runs otherwise (a managed Redis may refuse ``CONFIG``: said too).
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from typing import Any

from .roomlog import STREAM_HOME, BaseLog, Kept

log = logging.getLogger("setarcade.roomlog")
PREFIX = "log:"
RETRY = (0.05, 0.1, 0.2, 0.5, 1.0, 2.0)  # seconds between tries of a write Redis did not answer (then 2 s)

#: KEYS: per room its stream and its lease (``log:CODE``, ``room:CODE``); ARGV[1]: this process's URL ("": no
#: leases); then per room: how many ops, the id the stream ends with as this process last wrote it (``0-0``:
#: none), and the ops: ``x ID KIND VALUE`` (XADD), ``t MINID`` (XTRIM), ``d`` (DEL).  A room is written only
#: while this process holds its lease (or nobody does) and its stream ends with that id; a stream that ends
#: with this very write's last entry (or is gone, the write deleting it) was written by an attempt whose
#: answer was lost: nothing is done again.  Returns the streams not written (another process holds their
#: room, or wrote to its stream).
WRITE_SCRIPT = """
local lost = {}
local a = 2
for i = 1, #KEYS, 2 do
  local n = tonumber(ARGV[a])
  local expect = ARGV[a + 1]
  a = a + 2
  local holder = redis.call('GET', KEYS[i + 1])
  local mine = ARGV[1] == '' or not holder or holder == ARGV[1]
  local top = redis.call('XREVRANGE', KEYS[i], '+', '-', 'COUNT', 1)[1]
  local ends = '0-0'
  if top then ends = top[1] end
  if mine and ends ~= expect then
    local final, b = nil, a
    for _ = 1, n do
      if ARGV[b] == 'x' then final = {ARGV[b + 1], ARGV[b + 3]}; b = b + 4
      elseif ARGV[b] == 't' then b = b + 2
      else final = false; b = b + 1 end
    end
    local done = (final == false and not top) or (final and top and top[1] == final[1] and top[2][4] == final[2])
    mine = false
    if not done then lost[#lost + 1] = KEYS[i] end
  elseif not mine then
    lost[#lost + 1] = KEYS[i]
  end
  for _ = 1, n do
    local op = ARGV[a]
    if op == 'x' then
      if mine then redis.call('XADD', KEYS[i], ARGV[a + 1], 'k', ARGV[a + 2], 'v', ARGV[a + 3]) end
      a = a + 4
    elseif op == 't' then
      if mine then redis.call('XTRIM', KEYS[i], 'MINID', ARGV[a + 1]) end
      a = a + 2
    else
      if mine then redis.call('DEL', KEYS[i]) end
      a = a + 1
    end
  end
end
return lost
"""


class StreamLog(BaseLog):
    """Rooms in Redis streams, through ``db`` (a ``redis.asyncio`` client with ``decode_responses``);
    ``me``: this process's URL (its leases fence the writes; "" when it holds none).

    ``lost`` is called with each room another process holds now (its writes were refused).
    """

    remote = True
    home = STREAM_HOME

    def __init__(self, db: Any, me: str = "") -> None:
        self.db, self.me = db, me
        self.closed = False
        self.script = db.register_script(WRITE_SCRIPT)
        self.ops: dict[str, list[str]] = {}  # room code -> ops waiting (as the script reads them)
        self.seq: dict[str, int] = {}  # room code -> the last entry id written or waiting (N of N-0)
        self.done: dict[str, int] = {}  # room code -> the last entry id Redis acknowledged (N of N-0)
        self.flying: dict[str, list[str]] = {}  # room code -> its ops in the write under way (not answered yet)
        self.start: dict[str, tuple[int, int]] = {}  # room code -> (game, its first event entry's N)
        self.states: dict[str, dict[str, Any] | None] = {}  # room code -> the session's last state
        self.lost: Any = None  # called with a room code another process holds now
        self.writes = 0  # round trips made (figures)

    # ----- writing ----------------------------------------------------------------------------------
    def add(self, code: str, kind: str, value: dict[str, Any]) -> int:
        n = self.seq.get(code, 0) + 1
        self.seq[code] = n
        self.ops.setdefault(code, []).extend(("x", f"{n}-0", kind, json.dumps(value)))
        if self.wake is not None:
            self.wake()
        return n

    def save_room(self, code: str, room: dict[str, Any], touched: float) -> None:
        n = self.add(code, "room", {"room": room, "state": self.states.get(code), "t": touched})
        game = room.get("game") or {}
        number = game.get("number", 0) if isinstance(game, dict) else 0
        first = self.start.get(code)
        keep = first[1] if first is not None and first[0] == number else n
        self.ops[code].extend(("t", f"{keep}-0"))

    def add_events(self, code: str, game: int, first: int, events: list[str], state: dict[str, Any],
                   commit: bool = True, touched: float | None = None) -> None:
        self.states[code] = state
        n = self.add(code, "ev", {"g": game, "n": first, "e": events, "s": state,
                                  "t": time.time() if touched is None else touched})
        if self.start.get(code, (None,))[0] != game:
            self.start[code] = (game, n)

    def drop(self, code: str) -> None:
        self.ops[code] = ["d"]
        for table in (self.seq, self.start, self.states):
            table.pop(code, None)
        if self.wake is not None:
            self.wake()

    def commit(self) -> None:
        """Nothing: a stream log is written by ``await write()``."""

    def forget(self, code: str) -> None:
        self.ops.pop(code, None)
        for table in (self.seq, self.done, self.start, self.states):
            table.pop(code, None)

    async def holds(self, code: str) -> bool:
        """Does the stream end with the entry this process last wrote (none: no stream), or with the last
        of the write under way (Redis ran it, its answer is yet to come)?"""
        ends = {f"{self.done.get(code, 0)}-0"}
        if code in self.flying:
            final = last_entry(self.flying[code])
            if final is None or final:
                ends.add(f"{final or 0}-0")
        top = await self.db.xrevrange(PREFIX + code, count=1)
        return (top[0][0] if top else "0-0") in ends

    def waiting(self) -> bool:
        return bool(self.ops)

    async def write(self) -> None:
        """Write everything waiting in one script call, tried again until Redis answers (the server
        sends nothing of this turn meanwhile).  Rooms another process holds now are handed to ``lost``."""
        ops, self.ops = self.ops, {}
        if not ops or self.closed:
            return
        keys: list[str] = []
        args: list[Any] = [self.me]
        for code, o in ops.items():
            keys += [PREFIX + code, "room:" + code]
            args += [count(o), f"{self.done.get(code, 0)}-0"]
            args += o
        self.flying = ops
        try:
            for attempt in range(1 << 30):
                try:
                    lost = await self.script(keys=keys, args=args)
                    break
                except Exception as e:  # Redis away: the turn's messages wait until it answers
                    if self.closed:
                        return
                    pause = RETRY[min(attempt, len(RETRY) - 1)]
                    log.warning("the room log in Redis did not answer (%s): trying again in %g s", e, pause)
                    await asyncio.sleep(pause)
        finally:
            self.flying = {}
        self.writes += 1
        for code, o in ops.items():
            final = last_entry(o)
            if final is None:
                self.done.pop(code, None)
            elif final:
                self.done[code] = final
        for key in lost:
            code = str(key)[len(PREFIX):]
            for table in (self.seq, self.done, self.start, self.states):
                table.pop(code, None)
            log.warning("room %s is held by another process now: its events were not written here", code)
            if self.lost is not None:
                self.lost(code)

    # ----- reading --------------------------------------------------------------------------------
    def rooms(self, only: str | None = None) -> list[tuple[str, dict[str, Any], list[str], dict[str, Any] | None,
                                                          float]]:
        """None at start: a room in a stream is taken over when one of its members comes back."""
        return []

    async def open(self) -> None:
        """Say how Redis keeps what it acknowledges: a warning unless ``appendonly yes`` and
        ``appendfsync always`` (or when Redis will not say)."""
        try:
            got = await self.db.config_get("append*")
        except Exception as e:
            log.warning("cannot ask Redis how it keeps the room log (%s): it must run with appendonly yes and "
                        "appendfsync always (deploy/redis.conf), or an acknowledged event may be lost", e)
            return
        if got.get("appendonly") != "yes" or got.get("appendfsync") != "always":
            log.warning("Redis runs with appendonly %s, appendfsync %s: an acknowledged event may be lost if "
                        "Redis dies; run it with appendonly yes and appendfsync always (deploy/redis.conf)",
                        got.get("appendonly"), got.get("appendfsync"))

    async def take_over(self, home: str, code: str) -> Kept | None:
        if home != STREAM_HOME:
            raise ValueError(f"it is kept in the SQLite file {home!r} and this process keeps its rooms in Redis "
                             "streams: start every process of a cluster with the same --room-log")
        entries = await self.db.xrange(PREFIX + code)
        if not entries:
            return None
        room, events, state, touched, last, start = read_stream(entries)
        self.seq[code] = self.done[code] = last
        self.states[code] = state
        if start is not None:
            self.start[code] = start
        return room, events, state, touched


def count(ops: list[str]) -> int:
    """How many ops a list holds (``x`` takes 4 items, ``t`` 2, ``d`` 1)."""
    n = i = 0
    while i < len(ops):
        i += {"x": 4, "t": 2}.get(ops[i], 1)
        n += 1
    return n


def last_entry(ops: list[str]) -> int | None:
    """The N of the stream's last entry once ``ops`` are done: 0 when they add none, None when they delete it.

    >>> last_entry(["x", "4-0", "ev", "{}", "t", "4-0"]), last_entry(["x", "5-0", "ev", "{}", "d"]), last_entry([])
    (4, None, 0)
    """
    final: int | None = 0
    i = 0
    while i < len(ops):
        if ops[i] == "x":
            final = entry_number(ops[i + 1])
        elif ops[i] != "t":
            final = None
        i += {"x": 4, "t": 2}.get(ops[i], 1)
    return final


def read_stream(entries: list[Any]) -> tuple[dict[str, Any], list[str], dict[str, Any] | None, float, int,
                                             tuple[int, int] | None]:
    """A room's stream read back (``XRANGE``'s entries), every field checked: (record, the current
    game's events, state, touched, the last entry's N, (game, its first event entry's N) or None).

    >>> e = [("1-0", {"k": "room", "v": '{"room": {"game": {"number": 1}}, "state": null, "t": 5}'}),
    ...      ("2-0", {"k": "ev", "v": '{"g": 1, "n": 1, "e": ["P1 call @1.00"], "s": {"clock": 1}, "t": 6}'})]
    >>> read_stream(e)
    ({'game': {'number': 1}}, ['P1 call @1.00'], {'clock': 1}, 6.0, 2, (1, 2))
    >>> read_stream(e[:1] + [("3-0", {"k": "ev", "v": '{"g": 1, "n": 2, "e": [], "s": {}, "t": 6}'})])
    Traceback (most recent call last):
    ValueError: entry 3-0: events from 2 where 1 comes next
    """
    room: dict[str, Any] | None = None
    state: dict[str, Any] | None = None
    touched, last, start = 0.0, 0, None
    games: dict[int, list[str]] = {}
    firsts: dict[int, int] = {}
    for entry in entries:
        if not (isinstance(entry, (list, tuple)) and len(entry) == 2 and isinstance(entry[1], dict)):
            raise ValueError("an entry that is not (id, fields)")
        eid, fields = entry
        where = f"entry {eid}"
        n = entry_number(eid)
        if n is None or n <= last:
            raise ValueError(f"{where}: not an id N-0 after {last}-0")
        last = n
        if set(fields) != {"k", "v"} or fields["k"] not in ("room", "ev") or not isinstance(fields["v"], str):
            raise ValueError(f"{where}: fields {sorted(fields)!r} are not k (room or ev) and v")
        try:
            v = json.loads(fields["v"])
        except ValueError:
            raise ValueError(f"{where}: v is not JSON") from None
        if not isinstance(v, dict):
            raise ValueError(f"{where}: v is not an object")
        t = v.get("t")
        if not isinstance(t, (int, float)) or isinstance(t, bool) or t < 0:
            raise ValueError(f"{where}: t is not a time")
        touched = float(t)
        if fields["k"] == "room":
            if set(v) != {"room", "state", "t"} or not isinstance(v["room"], dict) \
                    or not (v["state"] is None or isinstance(v["state"], dict)):
                raise ValueError(f"{where}: a room entry is {{room: object, state: object or null, t}}")
            room, state = v["room"], v["state"]
            continue
        g, first, evs, st = v.get("g"), v.get("n"), v.get("e"), v.get("s")
        if set(v) != {"g", "n", "e", "s", "t"} or not isinstance(g, int) or isinstance(g, bool) or g < 1 \
                or not isinstance(first, int) or isinstance(first, bool) or not isinstance(st, dict) \
                or not isinstance(evs, list) or not all(isinstance(x, str) for x in evs):
            raise ValueError(f"{where}: an events entry is {{g: game, n: number, e: [text], s: object, t}}")
        had = games.setdefault(g, [])
        if first != len(had) + 1:
            raise ValueError(f"{where}: events from {first} where {len(had) + 1} comes next")
        had += evs
        firsts.setdefault(g, n)
        state = st
    if room is None:
        raise ValueError("no room entry")
    game = room.get("game") or {}
    number = game.get("number", 0) if isinstance(game, dict) else 0
    if not isinstance(number, int):
        raise ValueError("the room's game number is not a number")
    start = (number, firsts[number]) if number in firsts else None
    return room, games.get(number, []), state, touched, last, start


def entry_number(eid: Any) -> int | None:
    """N of a stream id ``N-0`` (None: another form)."""
    if not isinstance(eid, str):
        return None
    ms, _, seq = eid.partition("-")
    return int(ms) if ms.isdigit() and seq == "0" and len(ms) < 19 else None
