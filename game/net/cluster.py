"""Rooms spread over many server processes, with Redis as their directory: ``python -m game.server --redis URL``.

Rooms never talk to each other, so each lives in one process, its owner; any process
accepts any connection.  A ``join``, ``rejoin`` (or ``watch``) for a room another
process owns is answered ``{"type": "moved", "url": …}`` with the owner's public URL,
and the client goes there by itself.  A ``create`` makes the room where it arrives.

Keys in the Redis database (every process of one cluster shares it):

``room:CODE``
    the owner's public URL (``ws://host:port``), a lease of ``lease`` seconds (``SET NX PX``)
    that the owner renews every ``renew`` seconds for all its rooms at once (one script), and
    deletes when the room closes.
``rooms``
    a hash: room code -> the owner's room log file (``--data``), where a process taking the
    room over reads it (``redis-stream``: the room is kept in the stream ``log:CODE``,
    ``game.net.streamlog``, with ``--room-log redis``).
``node:URL``
    a live process: ``{"players": people connected, "spectators": …, "rooms": …}`` (JSON), a
    lease renewed with the rooms'; ``nodes`` is the set of every process's URL that ever joined.
``public``, ``public:until``
    the open public games: code -> its listing (as ``games`` shows it), and code -> until when
    (ms) it stands: each renewal lists the owner's games again, a room full, private or closed
    leaves (closed: at once), and a dead process's games lapse with its leases.  A ``list``
    sent to any process is answered from there, so every process shows the same list.

Failover (lazy): when an owner dies (``kill -9``) its leases lapse within ``lease``
seconds.  Its members' clients reconnect by themselves (to the address they first used,
then to the other processes the ``joined`` message named) and send ``rejoin`` with
their token; the first process that gets one for a room with no live lease claims it
(``SET NX``: one process wins), moves the room out of the dead owner's SQLite file
into its own (the files sit in one shared ``--data`` folder, each process's named by its
URL) and plays on from the last event: every event a member saw was committed to the
owner's file before it was sent, so none is lost.  Across machines, with no shared
folder, ``--room-log redis`` keeps each room's log in a Redis stream instead
(``game.net.streamlog``): the taker reads the stream, and every event a member saw
was acknowledged by Redis before it was sent.  Nothing is taken over until
someone comes back for it (a room nobody returns to stays in the file, as after a
restart of a lone server).  A room whose log cannot be read just then (the dead owner's
file locked by a paused commit, a stream entry failing its checks, Redis not answering)
is not taken over: the member is answered an ``error`` with ``retry`` (seconds) and its
client says the same again, seat kept, while the directory still names where the room is.

A process that stalls past its lease (a pause: swapped out, stopped, a slow disk) may have
been replaced, and must then not act for a room another process has taken over (no split
brain).  It is fenced (``Lease``): a lease is trusted until the last renewal that answered
was *sent* plus the lease, less a margin; past that the process does nothing for its rooms
(no message handled, no timer fired, nothing logged or sent: all waits) until a renewal
answers.  Rooms still held then go on with nothing lost; rooms another process holds are let
go (their members' connections closed: they come back through the new owner).  Its room log
is fenced too (``BaseLog.fence``): a room the taker deleted from the SQLite file is never
written back, and a Redis stream refuses the writes of a process that no longer holds the room.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import time
from typing import TYPE_CHECKING, Any

from .protocol import RETRY_AFTER, ROUTED, ProtocolError, answering, new_code, parse, show_code
from .server import Seldom, in_order

if TYPE_CHECKING:
    from .server import Conn, Server

LEASE = 3.0  # seconds a room's lease lasts unless renewed
RENEW = 1.0  # seconds between two renewals
MAX_REDIS_CONNECTIONS = 32  # connections to Redis a process keeps at most for its questions (more wait their turn;
#                             the leases' renewal has one more of its own)
MAX_SERVERS = 8  # other processes named in ``joined`` (where to reconnect when the owner is gone)
MARGIN = 0.1  # of a lease: it is trusted until its renewal was sent + lease × (1 - MARGIN)
log = logging.getLogger("setarcade.cluster")

#: renew every lease this process holds (KEYS), re-take one that lapsed while nobody took it,
#: and return the codes another process holds now (lost) and those re-taken; ARGV: url, lease ms, node key value
RENEW_SCRIPT = """
local lost, retaken = {}, {}
for i, key in ipairs(KEYS) do
  local v = redis.call('GET', key)
  if v == ARGV[1] then
    redis.call('PEXPIRE', key, ARGV[2])
  elseif not v then
    redis.call('SET', key, ARGV[1], 'PX', ARGV[2])
    retaken[#retaken + 1] = key
  else
    lost[#lost + 1] = key
  end
end
redis.call('SET', 'node:' .. ARGV[1], ARGV[3], 'PX', ARGV[2])
return {lost, retaken}
"""
#: give a lease up if this process holds it, and (ARGV[3] "1": the room closed) forget where the room was
#: kept unless another process holds it now; KEYS: room:CODE, rooms; ARGV: url, code, closed
RELEASE_SCRIPT = """
local v = redis.call('GET', KEYS[1])
if v == ARGV[1] then redis.call('DEL', KEYS[1]) end
if ARGV[3] == '1' and (v == ARGV[1] or not v) then
  redis.call('HDEL', KEYS[2], ARGV[2])
  redis.call('HDEL', 'public', ARGV[2])
  redis.call('ZREM', 'public:until', ARGV[2])
end
return 0
"""


class Lease:
    """How long this process may act for its rooms: until the last renewal that answered was sent, plus
    the lease less a margin (``MARGIN``).  Times are the process's monotonic clock, passed in.

    A renewal is sent at ``sent`` and Redis sets the leases when it runs it, later, so every lease this
    process holds lasts at least until ``sent + lease``; past ``until`` another process may hold one.
    A renewal sent before a pause and answered after it extends nothing past its own sending.

    >>> x = Lease(1.0)
    >>> x.trusted(0.0)
    False
    >>> x.renewed(10.0); x.trusted(10.85), x.trusted(10.95)
    (True, False)
    >>> x.renewed(9.0); x.until  # an older renewal answered late takes nothing back
    10.9
    """

    __slots__ = ("lease", "until")

    def __init__(self, lease: float) -> None:
        self.lease = lease
        self.until = float("-inf")

    def renewed(self, sent: float) -> None:
        """A renewal sent at ``sent`` answered: every lease this process kept is its own until then + lease."""
        self.until = max(self.until, sent + self.lease * (1.0 - MARGIN))

    def trusted(self, now: float) -> bool:
        """May this process act for its rooms at ``now`` (no other process can hold one of them yet)?"""
        return now < self.until


class Directory:
    """Where each room lives, as every process sees it (Redis, its asyncio client).

    ``me`` is this process's public URL, ``lease`` the seconds a lease lasts.
    """

    def __init__(self, redis_url: str, me: str, lease: float = LEASE) -> None:
        import redis.asyncio as aioredis  # only a cluster needs Redis

        self.me, self.ms = me, max(1, round(lease * 1000))
        # a question waits (at most its socket timeout) for one of a few connections: a burst of joins
        # never fails "Too many connections", and Redis never sees hundreds of clients from one process
        pool = aioredis.BlockingConnectionPool.from_url(
            redis_url, max_connections=MAX_REDIS_CONNECTIONS, timeout=5.0, decode_responses=True,
            socket_timeout=5.0, socket_connect_timeout=5.0)
        self.db: Any = aioredis.Redis.from_pool(pool)  # closed with the client
        # the leases' renewal has a connection of its own: a burst of questions waiting for the pool never
        # holds it back (a lease that lapses while its process is busy moves its rooms to another process)
        self.lease_db: Any = aioredis.Redis.from_url(redis_url, decode_responses=True, socket_timeout=5.0,
                                                     socket_connect_timeout=5.0, single_connection_client=True)
        self.renew_script = self.lease_db.register_script(RENEW_SCRIPT)
        self.release_script = self.db.register_script(RELEASE_SCRIPT)

    async def open(self) -> None:
        """Check that Redis answers and say this process is there.

        :raises OSError: naming the address when Redis cannot be reached.
        """
        import redis.exceptions

        try:
            await self.db.ping()
            await self.db.sadd("nodes", self.me)
            await self.db.set("node:" + self.me, json.dumps({"players": 0, "rooms": 0}), px=self.ms)
        except redis.exceptions.RedisError as e:
            raise OSError(f"cannot reach Redis: {e}") from None

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            await self.db.delete("node:" + self.me)
        try:
            await self.lease_db.aclose()
        finally:
            await self.db.aclose()

    # ----- rooms -----------------------------------------------------------------------------
    async def claim(self, code: str) -> bool:
        """Take the lease on ``code`` if nobody holds it (True: this process owns the room now)."""
        return bool(await self.db.set("room:" + code, self.me, nx=True, px=self.ms))

    async def owner(self, code: str) -> str | None:
        """The URL of the process holding ``code``'s lease (None: nobody, or the lease lapsed)."""
        url = await self.db.get("room:" + code)
        return url if isinstance(url, str) else None

    async def home(self, code: str) -> str | None:
        """The room log file the room was last kept in ("" when its owner kept none; None: no such room)."""
        path = await self.db.hget("rooms", code)
        return path if isinstance(path, str) else None

    async def settle(self, code: str, path: str) -> None:
        """Say that the room is kept in the log file ``path`` from now on."""
        await self.db.hset("rooms", code, path)

    async def release(self, code: str, closed: bool = True) -> None:
        """Give up the lease on ``code`` (if held); ``closed``: the room is gone, forget where it was kept."""
        await self.release_script(keys=["room:" + code, "rooms"], args=[self.me, code, "1" if closed else "0"])

    async def renew(self, codes: list[str], counts: dict[str, int]) -> tuple[list[str], list[str]]:
        """Renew the leases on ``codes`` and this process's own (with its ``counts``); returns the codes
        another process holds now, and those whose lease had lapsed and was taken again (nobody held it)."""
        lost, retaken = await self.renew_script(keys=["room:" + c for c in codes],
                                                args=[self.me, self.ms, json.dumps(counts)])
        return [k.split(":", 1)[1] for k in lost], [k.split(":", 1)[1] for k in retaken]

    # ----- public games ---------------------------------------------------------------------------
    async def publish(self, listed: dict[str, dict[str, Any]], gone: list[str]) -> None:
        """List this process's public games (code -> its listing, as ``games`` shows it) until a lease
        from now (each renewal lists them again), and take ``gone`` off the list."""
        until = int(time.time() * 1000) + self.ms
        pipe = self.db.pipeline(transaction=False)
        if listed:
            pipe.hset("public", mapping={c: json.dumps(x) for c, x in listed.items()})
            pipe.zadd("public:until", {c: until for c in listed})
        if gone:
            pipe.hdel("public", *gone)
            pipe.zrem("public:until", *gone)
        await pipe.execute()

    async def public(self) -> list[dict[str, Any]]:
        """Every public game any live process lists (those whose listing lapsed are taken off)."""
        now = int(time.time() * 1000)
        old = await self.db.zrangebyscore("public:until", "-inf", now)
        if old:
            await self.db.hdel("public", *old)
            await self.db.zrem("public:until", *old)
        codes = await self.db.zrangebyscore("public:until", now, "+inf")
        out = []
        for text in (await self.db.hmget("public", codes)) if codes else []:
            try:
                x = json.loads(text) if text else None
            except ValueError:
                continue
            if isinstance(x, dict):
                out.append(x)
        return out

    # ----- the processes -----------------------------------------------------------------------
    async def nodes(self) -> dict[str, dict[str, int]]:
        """Every live process: URL -> its counts (``players``, ``rooms``)."""
        urls = sorted(await self.db.smembers("nodes"))
        if not urls:
            return {}
        out = {}
        for url, text in zip(urls, await self.db.mget(["node:" + u for u in urls])):
            if text is None:
                continue
            try:
                counts = json.loads(text)
            except ValueError:
                continue
            if isinstance(counts, dict):
                out[url] = {k: int(v) for k, v in counts.items() if isinstance(v, int)}
        return out

    async def online(self) -> int:
        """Players connected to the cluster (every live process's connections)."""
        return sum(c.get("players", 0) for c in (await self.nodes()).values())


class Cluster:
    """A server's part in a cluster: leases, routing, taking rooms over."""

    def __init__(self, server: Server, directory: Directory, renew: float = RENEW) -> None:
        self.server, self.directory, self.renew_every = server, directory, renew
        self.me = directory.me
        self.servers: list[str] = []  # the other live processes (told to members in ``joined``)
        self.alone_asked = -math.inf  # when a message last asked for them while none was known
        self.looking = False  # ``look_around`` under way
        self.published: set[str] = set()  # codes of this process's rooms in the directory's public list
        self.task: asyncio.Future[None] | None = None
        self.tasks: set[asyncio.Future[Any]] = set()
        self.note = Seldom(log)  # a background call to the directory that failed
        self.taking: dict[str, asyncio.Future[None]] = {}  # rooms being taken over here -> done when over
        #: the fence: the server does nothing for its rooms while the lease is not trusted (``Lease``)
        self.lease = server.lease = Lease(directory.ms / 1000)
        self.answered = asyncio.Event()  # set by each renewal that answers (``trusting`` waits on it)
        server.log.fence(server.lost_room)

    async def start(self) -> list[str]:
        """Join: check Redis, claim every room this process's log keeps that nobody else holds (a
        process started again); returns the codes claimed.  Leases are renewed from now on."""
        await self.directory.open()
        mine = []
        for code, *_rest in self.server.log.rooms():
            if await self.directory.claim(code) or await self.directory.owner(code) == self.me:
                mine.append(code)
                await self.directory.settle(code, self.server.log.home)
        await self.renew()
        self.task = asyncio.ensure_future(self.renewing())
        return mine

    async def stop(self) -> None:
        """Leave: every lease is given up (the rooms stay in the log: another process takes them over
        when their members come back)."""
        if self.task is not None:
            self.task.cancel()
        for t in list(self.tasks):
            with contextlib.suppress(Exception):
                await t
        with contextlib.suppress(Exception):
            for code in list(self.server.rooms):
                await self.directory.release(code, closed=False)
        await self.directory.close()

    async def renewing(self) -> None:
        while True:
            await asyncio.sleep(self.renew_every)
            try:
                await self.renew()
            except Exception as e:  # Redis away for a moment: the next renewal tries again
                log.warning("cannot renew the room leases: %s", e)

    async def renew(self) -> None:
        srv = self.server
        watching = sum(r.spectators() for r in srv.rooms.values())
        sent = srv.now()  # before the script runs: the leases it renews last at least until sent + lease
        lost, retaken = await self.directory.renew(list(srv.rooms), {"players": srv.open - watching,
                                                                     "spectators": watching, "rooms": len(srv.rooms)})
        for code in lost:
            log.warning("room %s is held by another process now: let go", code)
            srv.let_go(code)
        for code in retaken:  # lapsed: another process may have taken the room over and given it up since
            if code in srv.rooms and not await srv.log.holds(code):
                log.warning("room %s was taken over by another process while this one stalled: let go", code)
                srv.let_go(code)
                await self.directory.release(code, closed=False)
        self.lease.renewed(sent)
        self.answered.set()
        srv.resume()  # what waited on the fence goes on (for the rooms still held)
        if not self.looking:  # the rest asks through the pool, which a burst of joins may hold: never the next renewal
            self.looking = True
            self.later(self.look_around())

    async def look_around(self) -> None:
        """After a renewal: the other live processes (told to members in ``joined``) and this process's public
        games listed again (each listing lasts a lease)."""
        srv = self.server
        try:
            nodes = await self.directory.nodes()
            self.servers = [u for u in nodes if u != self.me][:MAX_SERVERS]
            listed = srv.listings()
            await self.directory.publish(listed, [c for c in self.published if c not in listed])
            self.published = set(listed)
        finally:
            self.looking = False

    async def trusting(self) -> bool:
        """Wait for the next renewal to answer, at most one renewal period; True when this process may act
        for its rooms now (its lease is trusted)."""
        if not self.lease.trusted(self.server.now()):
            self.answered.clear()
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self.answered.wait(), self.renew_every)
        return self.lease.trusted(self.server.now())

    def later(self, job: Any) -> None:
        """Run a directory call in the background (a room closed: its lease released)."""
        t = asyncio.ensure_future(job)
        self.tasks.add(t)
        t.add_done_callback(self.done)

    def done(self, t: asyncio.Future[Any]) -> None:
        self.tasks.discard(t)
        e = None if t.cancelled() else t.exception()
        if e is not None and self.unanswered(e):
            self.note.warn(time.monotonic(), "a call to the directory in the background failed: %s", e)
        elif e is not None:
            log.error("a call to the directory in the background failed", exc_info=e)

    @staticmethod
    def unanswered(e: BaseException) -> bool:
        """Whether ``e`` is the directory not answering (Redis away or busy), which may come many times a
        second and is told once a minute; anything else is a fault, told every time with its traceback."""
        import redis.exceptions

        return isinstance(e, (redis.exceptions.RedisError, OSError, asyncio.TimeoutError))

    def closed(self, code: str) -> None:
        self.later(self.directory.release(code))

    async def reserve(self) -> str:
        """A fresh room code no process holds, its lease taken by this process."""
        for _ in range(100):
            code = new_code()
            if code not in self.server.rooms and await self.directory.claim(code):
                await self.directory.settle(code, self.server.log.home)
                return code
        raise ProtocolError("no free room code found: try again")

    async def route(self, conn: Conn, text: Any, again: bool = False) -> bool:
        """Before a message of a connection in no room is handled: a ``create`` gets a code of its own, a
        ``join``/``rejoin``/``watch`` of a room another process owns is answered ``moved``, and one of a
        room whose owner is gone is taken over here.  True when the message is answered here.

        Two members of a room coming back at once: while one's message takes the room over (the claim,
        reading the log: awaited), the other's waits for that to end, then is routed again (``again``),
        never told "no room" because the room was not open here yet."""
        srv = self.server
        try:
            msg = parse(text)
        except ProtocolError:
            return False  # answered as usual
        kind = msg["type"]
        if kind == "list":  # the public games of every process
            srv.reply(conn, {"type": "games", "games": in_order(await self.directory.public())})
            return True
        if conn.room is not None:
            return False  # a spectator's other messages: answered as usual (refused)
        if not self.servers and kind in ("create", *ROUTED) and srv.now() >= self.alone_asked + self.renew_every:
            self.alone_asked = srv.now()  # alone at the last renewal: others may have come (asked once a renewal)
            self.servers = [u for u in await self.directory.nodes() if u != self.me][:MAX_SERVERS]
        if kind == "create":
            conn.code = await self.reserve()
            return False
        code = msg.get("room")
        if kind not in ROUTED or not isinstance(code, str) or code in srv.rooms:
            return False
        now = srv.now()
        if kind in ("join", "watch"):
            srv.may_try(conn, now)  # an address slowed for unknown codes asks nothing of the directory
        owner = await self.directory.owner(code)
        pending = self.taking.get(code)
        if pending is not None and not again:  # this process is taking the room over for another member:
            await asyncio.shield(pending)  # this one is answered as it ends (seated, or moved)
            return await self.route(conn, text, again=True)
        if owner is not None and owner != self.me:
            srv.reply(conn, {"type": "moved", "room": code, "url": owner})
            return True
        if owner is None and code not in srv.rooms and code not in self.taking:
            self.taking[code] = asyncio.get_running_loop().create_future()  # before the claim: see above
            try:
                path = await self.directory.home(code)
                if path is not None:
                    taken = await self.take(conn, code, path)
                    if taken is None:  # the room is there, its log unreadable just now: nothing decided
                        srv.reply(conn, {"type": "error", "why": f"room {show_code(code)} is being moved to another "
                                         "server and cannot be read just now: try again in a moment",
                                         "retry": RETRY_AFTER, **answering(text)})
                        return True
                    return taken
            finally:
                self.taking.pop(code).set_result(None)
        return False

    async def take(self, conn: Conn, code: str, path: str) -> bool | None:
        """Take over room ``code``, whose owner's lease lapsed, from the log file at ``path``.  True when
        the message was answered here (another process took it first: ``moved``); None when the log cannot
        be read just now (its lease given back, where it is kept still named: the member tries again)."""
        srv = self.server
        if not await self.directory.claim(code):
            owner = await self.directory.owner(code)
            if owner is not None and owner != self.me:
                srv.reply(conn, {"type": "moved", "room": code, "url": owner})
                return True
            return False
        if code in srv.rooms:
            return False
        found = None
        if path:
            try:
                found = await srv.log.take_over(path, code)
            except Exception as e:  # a file or stream that cannot be read (now): the room is not taken over,
                log.warning("room %s not taken over from %s: %s", code, path, e)  # and not forgotten either:
                await self.directory.release(code, closed=False)  # the next member back tries again
                return None
        if found is None:  # kept nowhere (its owner had no --data), or closed meanwhile
            await self.directory.release(code)
        elif srv.revive(code, *found):
            log.warning("room %s taken over (%s)", show_code(code), path)
            await self.directory.settle(code, srv.log.home)
        else:
            await self.directory.release(code)
        return False


def log_name(url: str) -> str:
    """The room log file of the process at ``url`` in the shared data folder (``rooms-HOST-PORT.sqlite3``).

    >>> log_name("ws://127.0.0.1:8001"), log_name("wss://play.example.org/p2")
    ('rooms-127.0.0.1-8001.sqlite3', 'rooms-play.example.org-p2.sqlite3')
    """
    where = url.split("://", 1)[-1]
    return "rooms-" + "".join(c if c.isalnum() or c in ".-_" else "-" for c in where).strip("-") + ".sqlite3"


def public_url(host: str, port: int, given: str | None) -> str:
    """This process's address as players reach it: ``given`` (``--public-url``), else ``ws://host:port``.

    :raises ValueError: when ``host`` listens on every network and no public URL is given.
    """
    if given:
        url = given.rstrip("/")
        if not url.startswith(("ws://", "wss://")) or len(url) > 200:
            raise ValueError("--public-url is ws://host:port or wss://host[:port][/path], at most 200 characters")
        return url
    if host in ("0.0.0.0", "::", ""):
        raise ValueError("listening on every network: say how players reach this process (--public-url ws://…)")
    if port == 0:
        raise ValueError("a process of a cluster listens on a port of its own: give --port (not 0)")
    return f"ws://{host}:{port}"
