"""The room server on the ``websockets`` library (asyncio): ``python -m game.server``.

Every message is handled whole before the next (no ``await`` inside), so a room's
events go out in one order to every member; a whole text message is handled in the
loop's callback that reads it (``Direct``).  What one turn of the loop says is
sent at its end, after one commit of the room log for all of it (a group
commit): each message framed once for all its members, each member's frames in one
write, without waiting; a connection whose unsent output passes ``MAX_BACKLOG`` bytes
is closed (it rejoins and gets the whole state).  The server pings its connections
itself (``Server.keepalive``).  Where the CPU goes: ``docs/net-performance.md``.

Bad input never takes the server down nor touches another room: a message over
4 KiB closes that connection (code 1009, by the library); anything else wrong —
not JSON, an unknown type or field, a wrong type, too many messages a second,
another seat's token — is answered with ``error`` and the connection stays; an
action the game refuses is answered with ``refused``.

One address cannot fill the server (``Limits``, each a ``python -m game.server`` option): it may
keep 5 rooms open and 20 connections (more are closed with code 1013, "try again later"); after 5
joins on codes no room has, it may try once every 2 s, and after 20 it may not join at all for
10 minutes (a rejoin with a seat's own token still passes; a ``watch`` counts as a join).  A room
with nobody connected and no game under way closes after 10 minutes (spectators do not keep it
open), and takes at most ``MAX_WATCHERS`` spectators.  The server raises its soft limit of open files to the
hard one at start and keeps its connections below it (``FILE_MARGIN`` files spare): past its cap
a connection is closed with 1013; when accepting fails all the same (no file left), accepting
pauses (asyncio: a second) and one line is logged a minute, not one a try.

>>> srv = Server(None)
>>> sorted(srv.rooms)
[]
"""

from __future__ import annotations

import asyncio
import collections
import errno
import heapq
import itertools
import logging
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from websockets.asyncio.server import Server as WsServer
from websockets.asyncio.server import ServerConnection, broadcast, serve
from websockets.exceptions import ConnectionClosed
from websockets.frames import DATA_OPCODES, CloseCode, Frame, Opcode, apply_mask
from websockets.protocol import Event, State

from ..cards import plural
from ..errors import IllegalMove
from .protocol import (
    KEEPALIVE,
    MAX_LISTED,
    MAX_MESSAGE,
    RETRY_AFTER,
    ROUTED,
    WATCHER_MAY,
    ProtocolError,
    answering,
    dump,
    new_code,
    parse,
    show_code,
)
from .room import Room
from .roomlog import FILE as LOG_FILE
from .roomlog import BaseLog, RoomLog

if TYPE_CHECKING:
    from .cluster import Cluster, Lease

RATE = 20.0  # messages a second a connection may send, on average
BURST = 40.0  # ... and at once
IDLE = 2 * 3600.0  # seconds without a person's message after which a room is closed
SWEEP = 60.0  # seconds between two looks for idle rooms
CHECKPOINT = 5.0  # seconds between two copies of the room log's write-ahead log into its file
RETRY_WRITE = 1.0  # seconds between two tries at a room log that refused a write (the disk full)
SLOW_CATCH_UP = 0.02  # seconds the loop's part of a checkpoint may take before the log says the disk is slow
MAX_BACKLOG = 1 << 20  # bytes of unsent output after which a connection is closed
MAX_ROOMS = 100_000
BOT_LOOK = 1.0  # seconds: a room with bots is ticked at least this often
#: the keepalive: a ping every PING s, a connection without its pong PING_TIMEOUT s later is
#: dropped (then CLOSE_TIMEOUT s for the closing handshake), so a member whose window froze or whose
#: network went away is shown "reconnecting…" within about PING + PING_TIMEOUT + CLOSE_TIMEOUT s
#: (a connection that closes, as when its program is killed, is shown at once).  Pings cost: 2,000 idle
#: connections took 15 % of a core at a ping every 3 s (8 % every 5 s, 19 % every 2 s, 1.5 % every 20 s),
#: and at 500 busy rooms a ping every 3 s raised the p99 of a move's delivery about fourfold against one
#: every 10 s (``tools/bench_net.py --rooms 500``, 177-201 ms against 42-46 ms, side by side): 10 s it is.
#: Those figures are the library's keepalive (a task per connection); the server's own (``Server.keepalive``:
#: one look at every connection each KEEP_LOOK s) took a fifth of its CPU per event less at 500 rooms
#: The game's client sends no pings and takes a server that says nothing for twice KEEPALIVE s for gone
#: (``game.net.client.SILENT``): its quiet clients leave a server made with a ``ping`` longer than that (tests)
#: and connect again.
PING, PING_TIMEOUT, CLOSE_TIMEOUT = KEEPALIVE, 5.0, 1.0
#: a member written to within this share of ``ping`` before its ping is due is pinged in that write
#: (one write fewer: at 500 busy rooms most pings go so)
PING_EARLY = 0.25
#: a connection heard from and written to since its last ping (or since the keepalive last spared it) is
#: known alive: its ping is spared, at most this many times in a row, so that its round trip is measured
#: at least every (SPARED + 1) x PING s.  A connection gone silent is still pinged PING s after it was
#: last heard from, so it is told within PING + PING_TIMEOUT s of its last word, as before
SPARED = 2
KEEP_LOOK = 0.5  # seconds between two looks at which connections a ping is due or overdue for (at most)
#: seconds a host may be away (no connection) before the host role passes on: a dropped connection
#: is made again within a few seconds, and a silent one is known to be gone after about
#: PING + PING_TIMEOUT seconds, so a host away longer than that has gone
HOST_GRACE = PING + PING_TIMEOUT
FILE_MARGIN = 64  # open files kept spare below the limit (the room log, the listening sockets, accepts under way)
#: seconds between two log lines of one warning that may come many times a second (connections that
#: cannot be accepted, the directory not answering): ``Seldom``
NOTE_EVERY = 60.0
TRY_LATER = 1013  # the WebSocket close code "try again later"
OUT_OF_FILES = (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM)
log = logging.getLogger("setarcade.server")


@dataclass(frozen=True)
class Limits:
    """What one address, and the server as a whole, may hold (each is an option of ``python -m game.server``)."""

    rooms_per_address: int = 5
    connections_per_address: int = 20
    connections: int = 0
    misses_free: int = 5
    miss_pause: float = 2.0
    misses_max: int = 20
    miss_block: float = 600.0
    empty: float = 600.0


#: what each limit means (the options' help)
LIMIT_HELP = {
    "rooms_per_address": "open rooms one address may have made; another create is refused until one closes",
    "connections_per_address": "connections from one address; more are closed with code 1013 (try again later)",
    "connections": f"connections in all (0: the open-file limit less {FILE_MARGIN}); more are closed with code 1013",
    "misses_free": "joins on unknown room codes one address may try before it is slowed",
    "miss_pause": "seconds an address then waits between two joins",
    "misses_max": "unknown codes after which an address may not join at all ...",
    "miss_block": "... for this many seconds (misses are forgotten as long after the last one)",
    "empty": "seconds a room with nobody connected and no game under way stays open",
}


def raise_file_limit() -> int | None:
    """Raise this process's soft limit of open files to its hard limit; returns the soft limit now
    (None where there is no such limit, as on Windows)."""
    try:
        import resource
    except ImportError:
        return None
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    for want in (hard, 1 << 16, 10240):  # an unlimited hard limit: as much as the system takes
        if want == resource.RLIM_INFINITY or (soft != resource.RLIM_INFINITY and want <= soft):
            continue
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
            break
        except (ValueError, OSError):
            continue
    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    return None if soft == resource.RLIM_INFINITY else soft


def writable(ws: Any) -> bool:
    """May frames be written to this connection's socket directly?  One of this server's open
    connections without extensions (compression is off), whose socket is not closing."""
    return (isinstance(ws, ServerConnection) and ws.protocol.state is State.OPEN and not ws.protocol.extensions
            and not ws.transport.is_closing())


def text_frame(text: str) -> bytes:
    """A text message as one WebSocket frame from a server (unmasked, no extensions): FIN and the text
    opcode, the length (in 7 bits, or 126 and 16 bits, or 127 and 64 bits), the UTF-8 bytes.

    >>> text_frame("hi") == Frame(Opcode.TEXT, b"hi").serialize(mask=False, extensions=[])
    True
    """
    data = text.encode()
    n = len(data)
    if n < 126:
        return bytes((0x81, n)) + data
    if n < 1 << 16:
        return b"\x81\x7e" + n.to_bytes(2, "big") + data
    return b"\x81\x7f" + n.to_bytes(8, "big") + data


READ_SIZE = 64 * 1024  # bytes a connection's read takes at most


class Direct(ServerConnection, asyncio.BufferedProtocol):
    """A connection whose whole text messages are handed to ``on_text`` as they arrive, in the loop's
    callback that reads them: no queue, no switch to the connection's task for each message.

    Its socket is read into one buffer kept for every connection of its server (``read_into``, made for each
    server: one loop, one thread, and each read is taken, as bytes, before the next begins): asyncio's own
    read makes a new 256 KiB buffer for each (``recv(256 KiB)``), which the C library maps and unmaps from
    the system every time (three system calls a read: ``mmap``, ``mremap``, ``munmap``).

    A message in pieces (fragments), a binary one or one that is not UTF-8 goes to the library's queue
    as usual (``async for`` in ``Server.handler`` reads it; bad UTF-8 fails the connection there), and
    so does everything after it, so that a connection's messages keep their order.  Messages that come
    before ``on_text`` is set wait in ``early``."""

    on_text: Callable[[str], None] | None = None
    direct = True  # whole text messages go to ``on_text`` (False: to the library's queue)
    read_into = memoryview(bytearray(READ_SIZE))  # ``Server.connection_class`` gives each server its own

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.early: list[str | bytes] = []
        #: the server's keepalive (``Server.keepalive``): when the last ping went, whether its pong is awaited
        self.pinged, self.waiting, self.pings = 0.0, False, 0
        #: when the keepalive looks at it next (``due`` + ping s), when it last read from it or wrote to it,
        #: and how many pings in a row were spared (it was heard from and written to since: ``SPARED``)
        self.due = self.heard = self.written = 0.0
        self.spared = 0
        self.ping_data = b""
        self.tail = b""  # the start of a frame not whole yet (``data_received``)

    def send_keepalive(self, now: float) -> bool:
        """Ping now (its pong sets ``latency``); nothing on a connection that is not open (False)."""
        if self.protocol.state is not State.OPEN:
            return False
        self.transport.write(self.keepalive_frame(now))
        return True

    def keepalive_frame(self, now: float) -> bytes:
        """The next ping as a frame, for a write at ``now`` (the connection is open)."""
        self.pings += 1
        self.ping_data = b"keep" + self.pings.to_bytes(4, "big")  # 8 bytes: never one of the library's own
        self.pinged, self.waiting = now, True
        return b"\x89\x08" + self.ping_data  # FIN, ping; 8 bytes, unmasked (a server's)

    def get_buffer(self, sizehint: int) -> memoryview:
        return self.read_into

    def buffer_updated(self, nbytes: int) -> None:
        self.data_received(self.read_into[:nbytes].tobytes())

    def data_received(self, data: bytes) -> None:
        """Frames are cut out of what the socket gives here, whole, without the library's parser: a whole
        text message (masked, unfragmented, within ``max_size``, UTF-8) goes to ``on_text``, the pong to the
        keepalive's ping is noted, a ping is answered (as the library does: a pong with its data); any other
        frame (a piece of a message, binary, a close, not UTF-8…) is handed to the library whole, so that its
        parser always starts at a frame's first byte, and so are they all while a message is in pieces.  A
        frame not whole yet waits in ``tail`` for the next read.  Everything goes to the library as it comes
        once the connection is not open, is not ``direct`` any more, or its frames cannot be cut here (not
        masked, or longer than ``max_size``: the library fails the connection).  (Bytes a client sent before
        its handshake was answered go to the library as they come: a client that does so may lose its own
        connection's framing, nobody else's.)"""
        self.heard = self.loop.time()
        if self.tail:
            data, self.tail = self.tail + data, b""
        p = self.protocol
        at, size, most = 0, len(data), p.max_message_size or MAX_MESSAGE
        while at < size:
            if not (self.direct and p.state is State.OPEN and p.parser_exc is None and not p.reader.buffer):
                break
            head, n = data[at], data[at + 1] if size - at > 1 else 0x80
            if not n & 0x80:  # a client's frame is masked: the library fails the connection
                break
            n &= 0x7F
            start = at + 6
            if n == 126:
                n = int.from_bytes(data[at + 2:at + 4], "big") if size - at >= 4 else 0
                start = at + 8
            elif n == 127:
                n = int.from_bytes(data[at + 2:at + 10], "big") if size - at >= 10 else 0
                start = at + 14
            if n > most:  # over the limit: the library fails the connection
                break
            end = start + n
            if end > size:  # not whole yet (its head, or the rest of it): the next read brings it
                self.tail = data[at:]
                return
            on_text = self.on_text if p.current_size is None else None
            taken = False
            if on_text is None:
                pass  # a message in pieces (or no handler yet): every frame to the library, below
            elif head == 0x81:  # FIN, text
                try:
                    text = str(apply_mask(data[start:end], data[start - 4:start]), "utf-8")
                except UnicodeDecodeError:
                    pass  # the library fails the connection (1007)
                else:
                    on_text(text)
                    taken = True
            elif head == 0x8A and self.waiting and n == len(self.ping_data):  # FIN, pong: the keepalive's?
                if apply_mask(data[start:end], data[start - 4:start]) == self.ping_data:
                    self.latency = self.loop.time() - self.pinged
                    self.waiting, taken = False, True
            elif head == 0x89 and n < 126:  # FIN, ping (a library's client: the game's sends none): its pong
                self.transport.write(bytes((0x8A, n)) + apply_mask(data[start:end], data[start - 4:start]))
                taken = True
            if not taken:
                super().data_received(data[at:end])  # one whole frame: the library's parser is at the next
            at = end
        if at < size:
            super().data_received(data[at:] if at else data)

    def process_event(self, event: Event) -> None:
        if (self.waiting and isinstance(event, Frame) and event.opcode is Opcode.PONG
                and event.data == self.ping_data):
            self.latency = self.loop.time() - self.pinged
            self.waiting = False
        if self.direct and isinstance(event, Frame) and event.opcode in DATA_OPCODES:
            if event.opcode is Opcode.TEXT and event.fin:
                try:
                    text = str(event.data, "utf-8")
                except UnicodeDecodeError:
                    pass
                else:
                    if self.on_text is not None:
                        self.on_text(text)
                    else:
                        self.early.append(text)
                    return
            self.direct = False
        super().process_event(event)


class Seldom:
    """A warning that may come many times a second (files run out, the directory away in a storm of
    joins): logged at most once every ``every`` s, saying how many times it came since the line before.

    >>> import logging; note = Seldom(logging.getLogger("doc"), 60.0)
    >>> [note.warn(t, "the directory did not answer") for t in (0.0, 1.0, 2.0, 61.0)]
    [True, False, False, True]
    >>> note.warn(62.0, "the directory did not answer"), note.count
    (False, 1)
    >>> note.settle(130.0); note.count
    0
    """

    def __init__(self, logger: logging.Logger, every: float = NOTE_EVERY) -> None:
        self.logger, self.every = logger, every
        self.count, self.noted = 0, float("-inf")
        self.last: tuple[str, tuple[Any, ...]] = ("", ())  # the last one said (its text and arguments)

    def warn(self, now: float, text: str, *args: Any) -> bool:
        """Count it; log it (True) unless it was logged less than ``every`` s before ``now``."""
        self.count += 1
        self.last = (text, args)
        if now - self.noted < self.every:
            return False
        self.tell(now, self.count > 1)
        return True

    def settle(self, now: float) -> None:
        """Log the ones held back once ``every`` s passed since the last line, though no more came (the
        server's sweep asks): the last of them, with their count."""
        if self.count and now - self.noted >= self.every:
            self.tell(now, True)

    def tell(self, now: float, counted: bool) -> None:
        """The line: the last warning, ``counted``: with how many came since the line before."""
        text, args = self.last
        if counted:
            text += f" ({plural(self.count, 'time')} since the last note)"
        self.logger.warning(text, *args)
        self.noted, self.count = now, 0


def in_order(listed: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Public games as ``games`` lists them: those to join first (fullest first), then those under way
    (most watched first); at most ``MAX_LISTED``."""
    listed.sort(key=lambda x: (bool(x.get("started")), -int(x.get("spectators") or 0) if x.get("started")
                               else -int(x.get("players") or 0), str(x.get("code"))))
    return listed[:MAX_LISTED]


class Misses:
    """One address's joins on codes no room has: how many, the last, when it may try again."""

    __slots__ = ("count", "last", "next_try", "blocked_until")

    def __init__(self) -> None:
        self.count, self.last, self.next_try, self.blocked_until = 0, 0.0, 0.0, 0.0


class Conn:
    """One connection: the room and seat it holds (seat -1 in a room: a spectator), and its message allowance."""

    __slots__ = ("ws", "room", "seat", "tokens", "stamp", "address", "code", "waiting", "turn")

    def __init__(self, ws: Any, now: float, burst: float, address: str = "") -> None:
        self.ws = ws
        self.address = address
        self.room: Room | None = None
        self.seat = -1
        self.code: str | None = None  # in a cluster: the code a ``create`` will take (its lease is held)
        self.tokens, self.stamp = burst, now
        #: in a cluster: messages waiting for the one before them to pass the directory (handled in order
        #: by ``turn``, the task that takes them; None: nothing waits, a message is handled as it arrives)
        self.waiting: collections.deque[Any] | None = None
        self.turn: asyncio.Task[None] | None = None

    @property
    def watching(self) -> bool:
        """Is this connection a spectator (in a room, holding no seat)?"""
        return self.room is not None and self.seat < 0

    def allow(self, now: float, rate: float, burst: float) -> bool:
        """Take one message from the allowance (a token bucket); False when it is spent."""
        self.tokens = min(burst, self.tokens + (now - self.stamp) * rate)
        self.stamp = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True


class Server:
    """Rooms in memory, logged under ``data`` (None: nothing kept).  ``handler`` serves one connection."""

    def __init__(self, data: str | os.PathLike[str] | None, rate: float = RATE, idle: float = IDLE,
                 ping: float = PING, ping_timeout: float = PING_TIMEOUT, host_grace: float = HOST_GRACE,
                 fixed_seeds: bool = False, limits: Limits | None = None, proxy: bool = False,
                 log_name: str = LOG_FILE, room_log: BaseLog | None = None) -> None:
        self.rooms: dict[str, Room] = {}
        self.host_grace = host_grace
        #: tests only: a room deals from the ``seed`` its ``create`` names (then seed + 1…), so that a
        #: test knows the deal; a server for players ignores that field (a host cannot choose the deal)
        self.fixed_seeds = fixed_seeds
        self.limits = limits or Limits()
        self.proxy = proxy  # a player's address is the last of X-Forwarded-For (behind a reverse proxy)
        self.cap = self.limits.connections or 1 << 30  # connections in all (serve() keeps it below the file limit)
        self.sockets = 0  # connections accepted (with a handshake under way or not)
        self.open = 0  # connections past their handshake
        self.per_address: dict[str, int] = {}  # connections past their handshake, by address
        self.made_by: dict[str, str] = {}  # room code -> the address that made it (rooms made since the start)
        self.rooms_of: dict[str, int] = {}  # address -> its open rooms
        self.misses: dict[str, Misses] = {}
        self.vacant: dict[str, float] = {}  # room code -> since when nobody is connected
        self.accept_note = Seldom(log)  # "out of files" while accepting
        self.directory_note = Seldom(log)  # the directory did not answer a join, rejoin or watch
        self.rate, self.burst, self.idle = rate, rate * BURST / RATE, idle
        self.ping, self.ping_timeout = ping, ping_timeout
        #: the room log: a SQLite file under ``data`` unless another is given (a cluster's Redis streams)
        self.log: BaseLog = RoomLog(data, log_name) if room_log is None else room_log
        self.log.wake = self.due
        self.writing: asyncio.Future[None] | None = None  # a remote log's write under way (then the sends)
        self.timers: dict[str, asyncio.TimerHandle] = {}
        self.touched: dict[str, float] = {}
        self.events = 0  # events sent out since the start (figures for the bench)
        self.loop: asyncio.AbstractEventLoop | None = None
        self.outbox: list[tuple[list[ServerConnection], str]] = []  # (sockets, text)
        self.framed = 0  # messages framed for the wire since the start (once each, whatever its members)
        self.flushing = False
        self.public: set[str] = set()  # codes of the rooms their hosts made public (``public_rooms``)
        self.sweeper: asyncio.Future[None] | None = None  # serve() starts these three
        self.checkpointer: asyncio.Future[None] | None = None
        self.catching_up = False  # a checkpoint was made: the next flush copies what came meanwhile
        self.disk_note = Seldom(log)  # the room log refused a write: moves wait, unsent
        #: the disk slow under the loop's catch-up: a note of its own, so that it never takes the minute in
        #: which a refused write (``disk_note``) would be told
        self.slow_disk_note = Seldom(log)
        self.listening: WsServer | None = None  # the websockets server ``serve`` started
        self.rewrite: asyncio.TimerHandle | None = None  # the next try at a log that refused a write
        self.undropped: set[str] = set()  # rooms closed while the log refused writes: dropped from it later
        #: in a cluster (``--redis``): leases, routing, rooms taken over (``game.net.cluster``); None: alone
        self.cluster: Cluster | None = None
        self.keeper: asyncio.Future[None] | None = None
        self.live: dict[Direct, None] = {}  # connections past their handshake that the keepalive looks at
        #: in a cluster, the fence (``cluster.Lease``): while it is not trusted nothing is done for a room, what
        #: falls due meanwhile waits here for ``resume`` (timers of these rooms, connections gone, hosts to look at)
        self.lease: Lease | None = None
        self.asleep: set[str] = set()
        self.held_gone: list[Conn] = []
        self.held_hosts: set[str] = set()
        #: the keepalive's two queues (it looks at the oldest entries only): ``ping_due``, a heap of (when, a
        #: number for ties, connection), each looked at ``ping`` s after ``when`` (pinged then, or spared:
        #: ``SPARED``); ``ping_sent``, (when, connection) for each ping in the order they went, to be answered
        #: ``ping_timeout`` s later.  An entry whose connection was looked at again since (or is gone) is passed over
        self.ping_due: list[tuple[float, int, Direct]] = []
        self.dues = itertools.count()
        self.ping_sent: collections.deque[tuple[float, Direct]] = collections.deque()
        self.ping_held: set[Direct] = set()  # due while their last ping is still unanswered (a timeout over ``ping``)

    # ----- sending ---------------------------------------------------------------------------
    def out(self, conns: list[Conn], text: str) -> None:
        """Send ``text`` to ``conns`` at the end of this turn of the loop, after the log's commit
        (so nothing is seen that a restart would not offer again)."""
        self.outbox.append(([c.ws for c in conns], text))
        self.due()

    def due(self) -> None:
        """Something to write or send: ``flush`` at the end of this turn of the loop."""
        if not self.flushing:
            self.flushing = True
            if self.loop is not None:
                self.loop.call_soon(self.flush)
            else:
                self.flush()

    def flush(self) -> None:
        """Commit the log, then write every message of this turn, in order (a remote log: ``written``).

        Each message is framed once for all the members it goes to (a server's frames are not masked,
        and compression is off: the bytes are the same for each), and each member's frames of the turn
        go out in one write.  A connection that is not open (closing), or not one of this server's
        own, is given its messages by ``websockets.broadcast``, which skips it when it is closing."""
        self.flushing = False
        if self.lease is not None and not self.lease.trusted(self.now()):
            return  # fenced: committed and sent by ``resume`` if the rooms are still held, dropped if not
        if self.rewrite is not None:
            return  # the log refused a write: ``write_again`` tries, not every turn (each would write it all)
        if self.log.remote:
            if self.writing is None and self.loop is not None:
                self.writing = asyncio.ensure_future(self.written())
            return
        try:
            self.log.commit()  # a room taken out of the log meanwhile is let go (``lost_room``) before this sends
        except Exception as e:  # the disk full, say: what waits is kept (the log's and the outbox) and sent later
            self.not_written(e)
            return
        box, self.outbox = self.outbox, []
        self.send(box)
        if self.catching_up:
            self.catching_up = False
            t = time.perf_counter()
            self.log.catch_up()
            took = time.perf_counter() - t
            if took > SLOW_CATCH_UP:
                self.slow_disk_note.warn(self.now(), "the room log's disk is slow: copying its last pages took "
                                         "%.0f ms", took * 1000)

    def not_written(self, e: Exception) -> None:
        """The room log refused a write: the events wait in it (and what the turns said in ``outbox``,
        unsent: nobody sees an event that is not written), tried again every ``RETRY_WRITE`` s until the
        disk takes them (``write_again``); told in the log once a minute.  Meanwhile every room's messages
        wait for that try, in order (a refused drop too holds them for up to ``RETRY_WRITE`` s)."""
        self.disk_note.warn(self.now(), "the room log could not be written (%s): the rooms' moves wait, unsent, "
                            "and are tried again every %g s", e, RETRY_WRITE)
        if self.loop is not None and self.rewrite is None:
            self.rewrite = self.loop.call_later(RETRY_WRITE, self.write_again)

    def write_again(self) -> None:
        """Try the log again: what waits is written and sent, then the rooms closed meanwhile are dropped."""
        self.rewrite = None
        if self.lease is not None and not self.lease.trusted(self.now()) and self.loop is not None:
            self.rewrite = self.loop.call_later(RETRY_WRITE, self.write_again)  # fenced: nothing is written
            return
        self.flush()
        for code in list(self.undropped):
            if self.rewrite is not None:
                return  # refused again
            try:
                self.log.drop(code)
            except Exception as e:
                self.not_written(e)
            else:
                self.undropped.discard(code)

    async def written(self) -> None:
        """A remote log: write what the turns said to the log (one round trip for all of it, awaited),
        then send their messages; again while more came meanwhile (one write at a time, in order)."""
        try:
            while self.outbox or self.log.waiting():
                if self.lease is not None and not self.lease.trusted(self.now()):
                    break  # fenced: ``resume`` goes on with it
                box, self.outbox = self.outbox, []
                await self.log.write()  # takes what waits now, before it awaits anything
                self.send(box)
        finally:
            self.writing = None

    def send(self, box: list[tuple[list[ServerConnection], str]]) -> None:
        """Write the messages of ``box`` in order, each framed once (see ``flush``)."""
        members: dict[int, tuple[Any, list[bytes] | None]] = {}  # id(ws) -> (ws, its frames; None: broadcast)
        for wss, text in box:
            frame = b""
            for ws in wss:
                mine = members.get(id(ws))
                if mine is None:
                    mine = members[id(ws)] = (ws, [] if writable(ws) else None)
                if mine[1] is None:
                    broadcast([ws], text)
                    continue
                if not frame:
                    frame = text_frame(text)
                    self.framed += 1
                mine[1].append(frame)
        now, ping = self.now(), self.ping
        soon = ping * (1.0 - PING_EARLY)
        for ws, frames in members.values():
            t = getattr(ws, "transport", None)
            if frames and t is not None:
                if isinstance(ws, Direct):
                    ws.written = now
                    # a ping soon due goes in this write, where it is owed (spared twice) or the connection has said
                    # nothing for a whole interval: one that speaks now and then may yet be spared at its look
                    if (not ws.waiting and now - ws.due >= soon and (ws.spared >= SPARED or now - ws.heard >= ping)
                            and ws in self.live):
                        frames.append(ws.keepalive_frame(now))
                        self.pinged(ws, now)
                t.write(b"".join(frames))
            if t is not None and t.get_write_buffer_size() > MAX_BACKLOG:
                t.abort()  # cannot keep up: it reconnects and gets the whole state

    def reply(self, conn: Conn, msg: dict[str, Any]) -> None:
        self.out([conn], dump(msg))

    def now(self) -> float:
        return self.loop.time() if self.loop is not None else time.monotonic()

    # ----- rooms ---------------------------------------------------------------------------------
    def restore(self, only: set[str] | None = None) -> int:
        """Take back every room kept in the log (after a restart; ``only``: those of these codes, the
        rooms this process holds in a cluster); returns how many."""
        for code, rec, events, state, touched in self.log.rooms():
            if only is None or code in only:
                self.revive(code, rec, events, state, touched)
        return len(self.rooms)

    def revive(self, code: str, rec: dict[str, Any], events: list[str], state: dict[str, Any] | None,
               touched: float) -> bool:
        """A room kept in the log (after a restart, or taken over from a process that is gone) open again,
        waiting for its members; False when it is too old (dropped) or cannot be read."""
        now = self.now()
        idle_for = max(0.0, time.time() - touched)
        if idle_for > self.idle:
            self.log.drop(code)
            return False
        try:
            room = Room.restore(code, self.out, rec, events, state, now)
        except (ValueError, KeyError, TypeError) as e:
            log.warning("room %s not restored: %s", code, e)
            return False
        self.adopt(room, now - idle_for)
        self.vacant[code] = now  # nobody is connected yet
        return True

    def let_go(self, code: str) -> None:
        """Another process owns the room now (this one stalled past its lease): forget it here with what
        it had not yet logged nor sent (the log file keeps nothing of it: the new owner took it out), and
        drop its members' connections (they come back through the new owner)."""
        room = self.rooms.pop(code, None)
        if room is None:
            return
        self.log.forget(code)
        dropped = set()
        for c in room.members():
            c.room, c.seat = None, -1
            dropped.add(c.ws)
            t = getattr(c.ws, "transport", None)
            if t is not None:
                t.abort()
        room.watchers.clear()
        if self.outbox:  # what the room said while fenced goes nowhere
            self.outbox = [(kept, text) for wss, text in self.outbox
                           if (kept := [ws for ws in wss if ws not in dropped])]
        self.unlist(code)
        if self.cluster is not None:
            self.cluster.published.discard(code)  # listed by its new owner now: not taken off the list

    def lost_room(self, code: str) -> None:
        """A room whose writes the log refused (another process took it over: this one stalled between its
        last look at the lease and its write): let go, its lease given back if this process still holds it."""
        if code not in self.rooms:
            return
        log.warning("room %s was taken over by another process: let go", code)
        self.let_go(code)
        if self.cluster is not None:
            self.cluster.later(self.cluster.directory.release(code, closed=False))

    def resume(self) -> None:
        """A renewal answered (the rooms lost were let go): what waited on the fence goes on — the output
        held, the timers that fell due, connections that ended, hosts to look at."""
        if not self.flushing:
            self.flush()
        gone, self.held_gone = self.held_gone, []
        for conn in gone:
            self.gone(conn)
        hosts, self.held_hosts = self.held_hosts, set()
        for code in hosts:
            self.look_at_host(code)
        asleep, self.asleep = self.asleep, set()
        for code in asleep:
            room = self.rooms.get(code)
            if room is not None:
                self.schedule(room)

    def adopt(self, room: Room, touched: float) -> None:
        room.on_events = lambda s, before, new: self.logged(room, before, new)
        self.rooms[room.code] = room
        if room.public:
            self.public.add(room.code)
        self.touched[room.code] = touched
        self.schedule(room)

    def logged(self, room: Room, before: int, new: list[str]) -> None:
        # kept alive by people only: a bot's move leaves the room's idle clock as it was
        self.log.add_events(room.code, room.number, before + 1, new, room.logged_state(), commit=False,
                            touched=self.wall(room))
        room.logged = before + len(new)
        self.events += len(new)
        if room.current().over:
            self.save(room)

    def wall(self, room: Room) -> float:
        """When a person last did something in ``room``, on the wall clock (kept in the log)."""
        return time.time() - (self.now() - self.touched.get(room.code, self.now()))

    def save(self, room: Room) -> None:
        if self.log.closed:
            return  # stopping: a connection that ends now changes nothing kept
        try:
            self.log.save_room(room.code, room.record(), self.wall(room))
        except Exception as e:  # kept by the log, written with its next commit
            self.not_written(e)

    def close_room(self, room: Room, why: str) -> None:
        for c in room.members():
            self.reply(c, {"type": "error", "why": why})
            self.reply(c, {"type": "left", "room": room.code})  # its seat is gone: the client forgets it
            c.room, c.seat = None, -1
        room.watchers.clear()
        self.unlist(room.code)
        try:
            self.log.drop(room.code)
        except Exception as e:  # the disk refused it: tried again with the log's writes (``write_again``)
            self.undropped.add(room.code)
            self.not_written(e)
        if self.cluster is not None:
            self.cluster.closed(room.code)

    def unlist(self, code: str) -> None:
        """Forget a room this process no longer serves (closed, or let go): its listing, clocks, timer,
        and its count among its maker's rooms."""
        self.rooms.pop(code, None)
        for table in (self.touched, self.vacant):
            table.pop(code, None)
        self.public.discard(code)
        self.asleep.discard(code)
        maker = self.made_by.pop(code, None)
        if maker is not None:
            left = self.rooms_of.get(maker, 0) - 1
            if left > 0:
                self.rooms_of[maker] = left
            else:
                self.rooms_of.pop(maker, None)
        timer = self.timers.pop(code, None)
        if timer is not None:
            timer.cancel()

    def schedule(self, room: Room) -> None:
        """Wake the room when its next bot move, call end or time limit falls due."""
        old = self.timers.pop(room.code, None)
        if old is not None:
            old.cancel()
        if self.loop is None or not room.playing or room.paused:
            return  # nothing falls due in a room that waits for someone to come back
        due = room.due()
        now = self.loop.time()
        if room.current().bots:
            due = min(due, now + BOT_LOOK) if due is not None else now + BOT_LOOK
        if due is not None:
            self.timers[room.code] = self.loop.call_at(max(due, now) + 0.001, self.wake, room.code)

    def wake(self, code: str) -> None:
        self.timers.pop(code, None)
        room = self.rooms.get(code)
        if room is None:
            return
        if self.lease is not None and not self.lease.trusted(self.now()):
            self.asleep.add(code)  # fenced: woken again by ``resume`` if the room is still held
            return
        try:
            room.tick(self.now())
        except Exception:  # a fault in one room must not stop the others
            log.exception("room %s failed while ticking", code)
        self.schedule(room)

    async def sweep(self) -> None:
        """Close rooms idle for longer than ``idle``, or empty for longer than ``limits.empty``
        (runs until cancelled)."""
        while True:
            await asyncio.sleep(min(SWEEP, self.idle, self.limits.empty / 4))
            now = self.now()
            try:
                self.expire(now)
            except Exception:  # one room that cannot be closed now must not end the sweeps
                log.exception("closing idle rooms failed")
            for note in (self.accept_note, self.directory_note, self.disk_note, self.slow_disk_note):
                note.settle(now)

    async def checkpoints(self) -> None:
        """Copy the room log's write-ahead log into its file now and then, on a worker thread so that
        the loop does not wait on the disk for it; what was committed meanwhile is copied by the loop
        after its next commit (``RoomLog.catch_up``: a few dozen pages and a sync, 1.5-2 ms at 1,000
        rooms; a slower one is told in the log) (runs until cancelled)."""
        while True:
            await asyncio.sleep(CHECKPOINT)
            await asyncio.to_thread(self.log.checkpoint)
            self.catching_up = True
            self.due()

    def expire(self, now: float) -> list[str]:
        """Close every room idle since before ``now - idle``, and every room where nobody was
        connected and no game was under way since before ``now - limits.empty``; returns their codes.
        Nothing while fenced (a cluster's lease not trusted): the next look does it."""
        if self.lease is not None and not self.lease.trusted(now):
            return []
        old = [code for code, t in self.touched.items() if now - t > self.idle]
        for code in old:
            self.close_room(self.rooms[code], "this room was idle for two hours and is closed")
        empty = []
        for code, since in list(self.vacant.items()):
            room = self.rooms.get(code)
            if room is None or room.conns():
                self.vacant.pop(code, None)
            elif room.playing:
                self.vacant[code] = now  # a game under way: counted from its end (at the next look)
            elif now - since > self.limits.empty:
                empty.append(code)
                self.close_room(room, "nobody was in this room for a while: it is closed")
        for address, m in list(self.misses.items()):
            if now - m.last > self.limits.miss_block and now >= m.blocked_until:
                del self.misses[address]
        return old + empty

    # ----- connections ----------------------------------------------------------------------------
    def address(self, ws: Any) -> str:
        """Where a connection comes from: its peer's address (behind a proxy: the last X-Forwarded-For)."""
        if self.proxy:
            forwarded = ws.request.headers.get("X-Forwarded-For") if ws.request is not None else None
            if forwarded:
                return forwarded.rsplit(",", 1)[-1].strip()[:64]
        peer = ws.remote_address
        return str(peer[0]) if isinstance(peer, tuple) and peer else str(peer)

    async def handler(self, ws: ServerConnection) -> None:
        """Serve one connection until it closes (past a limit: closed at once with code 1013)."""
        self.loop = self.loop or asyncio.get_running_loop()
        address = self.address(ws)
        mine = self.per_address.get(address, 0)
        if self.open >= self.cap:
            await ws.close(TRY_LATER, "the server is full: try again later")
            return
        if mine >= self.limits.connections_per_address:
            await ws.close(TRY_LATER, "too many connections from your address: try again later")
            return
        self.open += 1
        self.per_address[address] = mine + 1
        conn = Conn(ws, self.now(), self.burst, address)
        try:
            early: list[str | bytes] = []
            if isinstance(ws, Direct):
                ws.pinged = ws.due = ws.heard = ws.written = self.now()  # the first look ``ping`` s after it
                self.live[ws] = None
                heapq.heappush(self.ping_due, (ws.due, next(self.dues), ws))
                early, ws.early = ws.early, []  # came before this handler ran: first, in order
                if self.cluster is None:  # whole text messages are handled as they arrive
                    ws.on_text = lambda text: self.received(conn, text)
                else:  # in a cluster, those of a seat in a room kept here too (``arrived``)
                    ws.on_text = lambda text: self.arrived(conn, text)
            at_once = ws.on_text if isinstance(ws, Direct) else None
            for message in early:
                if at_once is not None and isinstance(message, str):
                    at_once(message)
                else:
                    await self.take(conn, message)
            async for message in ws:  # anything else, in order
                if conn.turn is not None:  # after those that came before it
                    await asyncio.shield(conn.turn)
                await self.take(conn, message)
        except ConnectionClosed:
            pass
        finally:
            if isinstance(ws, Direct):
                ws.on_text, ws.direct = None, False
                self.live.pop(ws, None)
                self.ping_held.discard(ws)
            self.open -= 1
            left = self.per_address[address] - 1
            if left:
                self.per_address[address] = left
            else:
                del self.per_address[address]
            if conn.turn is not None:  # messages that came before the close are handled first
                conn.turn.add_done_callback(lambda _t: self.gone(conn))
            else:
                self.gone(conn)

    def arrived(self, conn: Conn, text: str) -> None:
        """In a cluster, a whole text message as it arrives: one from a seat in a room kept here needs
        nothing from the directory and is handled at once, as alone, while the lease is trusted; any
        other (from a connection in no room, a spectator's, or any while the lease is not trusted) may
        wait (``take``), and so waits every message after it, in order, for the task that takes them
        (``taking``)."""
        if (conn.waiting is None and conn.room is not None and conn.seat >= 0 and self.cluster is not None
                and self.cluster.lease.trusted(self.now())):
            self.received(conn, text)
            return
        if conn.waiting is None:
            conn.waiting = collections.deque()
            conn.turn = asyncio.ensure_future(self.taking(conn))
        conn.waiting.append(text)

    async def taking(self, conn: Conn) -> None:
        """Take the messages waiting on a connection, in order, until none waits (then those that come
        are handled as they arrive again, ``arrived``)."""
        try:
            while conn.waiting:
                text = conn.waiting.popleft()
                try:
                    await self.take(conn, text)
                except Exception:  # the last line of defence, as in ``received``
                    log.exception("message from %s failed", conn.ws.remote_address)
        finally:
            conn.waiting, conn.turn = None, None

    async def routed(self, conn: Conn, text: Any) -> bool:
        """In a cluster, a message from a connection in no room goes through the directory first
        (``Cluster.route``); True when it was answered there."""
        assert self.cluster is not None
        if not conn.allow(self.now(), self.rate, self.burst):
            self.reply(conn, {"type": "error", "why": f"too many messages: at most {self.rate:g} a second",
                              **answering(text)})
            return True
        try:
            answered = await self.cluster.route(conn, text)
        except ProtocolError as e:
            self.reply(conn, {"type": "error", "why": str(e), **answering(text)})
            return True
        except Exception as e:  # Redis away: the message is refused, the connection stays
            if self.cluster.unanswered(e):
                self.directory_note.warn(self.now(), "the directory did not answer: %s", e)
            else:
                log.exception("routing a message failed")
            said = answering(text)  # a join, rejoin or watch is said again by the client (``retry``): no seat lost
            again = {"retry": RETRY_AFTER} if said.get("answers") in ROUTED else {}
            self.reply(conn, {"type": "error", "why": "the room directory does not answer: try again",
                              **said, **again})
            return True
        conn.tokens += 1.0  # counted once: on_message takes it again
        return answered

    async def take(self, conn: Conn, text: Any) -> None:
        """A message read from the library's queue: in a cluster, one from a connection in no room
        goes through the directory first, and it waits while the lease is not trusted (``cluster.Lease``):
        handled once a renewal answered, in the room's new state (let go: the member is in no room)."""
        cluster = self.cluster
        if cluster is not None:
            while True:
                while not cluster.lease.trusted(self.now()):
                    if await cluster.trusting():
                        break
                    if conn.ws.protocol.state is State.CLOSED:
                        return  # gone while waiting (as when the server stops): nothing to answer
                if (conn.room is None or conn.watching) and await self.routed(conn, text):
                    return
                if cluster.lease.trusted(self.now()):
                    break  # handled now, in this turn: still trusted
        self.received(conn, text)

    def received(self, conn: Conn, text: Any) -> None:
        try:
            self.on_message(conn, text)
        except Exception:  # the last line of defence: one bad message never ends the server
            log.exception("message from %s failed", conn.ws.remote_address)
            self.reply(conn, {"type": "error", "why": "the server could not handle that message", **answering(text)})

    def gone(self, conn: Conn) -> None:
        room = conn.room
        if room is None or room.code not in self.rooms:
            return
        if self.lease is not None and not self.lease.trusted(self.now()):
            self.held_gone.append(conn)  # fenced: ``resume`` (a room let go meanwhile has nothing to do)
            return
        if conn.watching:
            self.unwatch(conn, room)
            return
        if 0 <= conn.seat < len(room.seats) and room.seats[conn.seat].conn is conn:
            now = self.now()
            seat = room.seats[conn.seat]
            seat.conn, seat.away = None, now  # away: others see "reconnecting…"; the game goes on
            if self.left_alone(room, now):
                self.save(room)
            room.out_lobby()
        conn.room = None
        if not room.conns():
            self.vacant[room.code] = self.now()

    def left_alone(self, room: Room, now: float) -> bool:
        """Someone went: with no person left connected the game waits; a host who left hands the
        role on, one away is looked at again when its grace is over.  True when the room changed."""
        changed = room.hand_over(now, self.host_grace)
        if not room.present() and room.playing and not room.paused:
            room.hold(now)
            self.schedule(room)
            changed = True
        self.look_later(room)
        return changed

    def look_later(self, room: Room) -> None:
        """When the host is away, look again once its grace is over (the role may pass on then)."""
        host = room.seats[room.host] if 0 <= room.host < len(room.seats) else None
        if host is not None and host.conn is None and host.away is not None and self.loop is not None:
            self.loop.call_at(host.away + self.host_grace + 0.001, self.look_at_host, room.code)

    def look_at_host(self, code: str) -> None:
        if self.lease is not None and not self.lease.trusted(self.now()):
            self.held_hosts.add(code)  # fenced: ``resume``
            return
        room = self.rooms.get(code)
        if room is not None and room.hand_over(self.now(), self.host_grace):
            self.save(room)
            room.out_lobby()

    def on_message(self, conn: Conn, text: Any) -> None:
        now = self.now()
        if not conn.allow(now, self.rate, self.burst):
            self.reply(conn, {"type": "error", "why": f"too many messages: at most {self.rate:g} a second",
                              **answering(text)})
            return
        try:
            msg = parse(text)
            if conn.watching and msg["type"] not in WATCHER_MAY:
                self.refuse_watcher(conn, msg)
                return
            if conn.room is not None and not conn.watching:  # people keep a room alive, not spectators
                self.touched[conn.room.code] = now
            getattr(self, "on_" + msg["type"])(conn, msg, now)
        except ProtocolError as e:
            self.reply(conn, {"type": "error", "why": str(e), **answering(text)})
        except IllegalMove as e:
            self.reply(conn, {"type": "refused", "id": msg.get("id"), "why": str(e), "answers": msg["type"]})

    def member(self, conn: Conn) -> Room:
        if conn.room is None:
            raise ProtocolError("join a room first (create, join or rejoin)")
        return conn.room

    def seated(self, conn: Conn, room: Room, seat: int, token: str, now: float) -> None:
        if room.playing:
            room.tick(now)  # the game's clock as it is now (a member back after a while sees the real time)
            self.schedule(room)
        old = room.seats[seat].conn
        if old is not None and old is not conn:
            old.room, old.seat = None, -1
            self.reply(old, {"type": "error", "why": "your seat was taken up on another connection"})
        conn.room, conn.seat = room, seat
        x = room.seats[seat]
        x.conn, x.away, x.since = conn, None, now
        x.gone = False  # back in the seat it left
        self.touched[room.code] = now
        if room.paused:
            room.go_on(now)  # someone is back: the clock runs again
            self.schedule(room)
        room.hand_over(now, self.host_grace)  # a host long gone hands the role to who is here
        self.vacant.pop(room.code, None)
        joined = {"type": "joined", "room": room.code, "seat": seat, "token": token,
                  "code": show_code(room.code), "host": room.host == seat}
        if self.cluster is not None and self.cluster.servers:
            joined["servers"] = list(self.cluster.servers)  # where to come back if this process is gone
        self.reply(conn, joined)
        if room.played(seat):  # a newcomer to a room whose game is over sees its lobby only
            self.reply(conn, room.state(seat))
        self.measure(conn)
        self.save(room)
        room.out_lobby()
        self.look_later(room)

    def measure(self, conn: Conn) -> None:
        """Ping a member's connection now, so that its round trip is known before the keepalive's
        first ping (it tells how stale a pick may be and still be excused)."""
        if self.loop is not None and isinstance(conn.ws, Direct) and not conn.ws.waiting:
            now = self.now()
            if conn.ws.send_keepalive(now):
                self.pinged(conn.ws, now)

    def pinged(self, ws: Direct, now: float) -> None:
        """``ws`` was pinged at ``now``: the keepalive looks at it again then."""
        ws.due, ws.spared = now, 0
        heapq.heappush(self.ping_due, (now, next(self.dues), ws))
        self.ping_sent.append((now, ws))

    async def keepalive(self) -> None:
        """Ping every connection ``ping`` s after its last ping (unless it was heard from and written to
        since: ``SPARED``), and drop one whose pong has not come ``ping_timeout`` s after (runs until
        cancelled).  One look at every connection each ``KEEP_LOOK`` s at most, instead of the library's
        task per connection (a timer, a future, a timeout and two task switches a ping)."""
        look = max(0.01, min(KEEP_LOOK, self.ping / 4, self.ping_timeout / 4))
        while True:
            await asyncio.sleep(look)
            self.keep_alive(self.now())

    def keep_alive(self, now: float) -> None:
        """One look of the keepalive at ``now``."""
        ping, wait, live = self.ping, self.ping_timeout, self.live
        late: dict[Direct, None] = {}
        sent = self.ping_sent
        while sent and now - sent[0][0] > wait:
            at, ws = sent.popleft()
            if ws.waiting and ws.pinged == at and ws in live:
                late[ws] = None
        ready = [ws for ws in self.ping_held if not ws.waiting or ws not in live]
        due = self.ping_due
        while due and now - due[0][0] >= ping:
            at, _n, ws = heapq.heappop(due)
            if ws.due != at or ws not in live:
                continue  # looked at again since (pinged or spared), or gone
            if ws.waiting:
                self.ping_held.add(ws)  # pinged when its pong comes (or timed out)
                continue
            since = min(ws.heard, ws.written)
            if since > at and ws.spared < SPARED:  # heard from and written to since: alive, no ping yet
                ws.due = since
                ws.spared += 1
                heapq.heappush(due, (since, next(self.dues), ws))  # since > now - ping: not looked at again now
            else:
                ready.append(ws)
        for ws in ready:
            self.ping_held.discard(ws)
            if ws in live and not ws.waiting and ws.send_keepalive(now):  # a write: a lost one ends later
                self.pinged(ws, now)
        for ws in late:
            self.time_out(ws)

    def time_out(self, ws: Direct) -> None:
        """A connection that did not answer a ping in time: closed with code 1011 ("keepalive ping
        timeout", as the library says it), its socket dropped ``CLOSE_TIMEOUT`` s later if still open."""
        self.live.pop(ws, None)
        self.ping_held.discard(ws)
        ws.waiting = False
        if ws.protocol.state is State.OPEN:
            ws.protocol.fail(CloseCode.INTERNAL_ERROR, "keepalive ping timeout")
            ws.send_data()
        if self.loop is not None:
            self.loop.call_later(CLOSE_TIMEOUT, ws.transport.abort)

    def lag(self, conn: Conn) -> float:
        """The round trip of a member's connection in seconds (0 until measured)."""
        return float(conn.ws.latency) if isinstance(conn.ws, ServerConnection) else 0.0

    def on_create(self, conn: Conn, msg: dict[str, Any], now: float) -> None:
        if conn.room is not None:
            raise ProtocolError(f"you are in room {show_code(conn.room.code)}: leave it first")
        if len(self.rooms) >= MAX_ROOMS:
            raise ProtocolError("the server is full: try again later")
        most = self.limits.rooms_per_address
        if self.rooms_of.get(conn.address, 0) >= most:
            raise ProtocolError(f"your address has {most} rooms open, the most it may: leave one first "
                                "(a room nobody is in closes by itself after a while)")
        code, conn.code = conn.code, None  # in a cluster: reserved cluster-wide before this message
        while code is None or code in self.rooms:
            code = new_code()
        seed = msg.get("seed") if self.fixed_seeds else None  # a host does not choose the deal
        room = Room(code, self.out, msg["mode"], msg.get("options", {}), msg.get("call_time", 5.0), seed)
        seat, token = room.add_person(msg["name"])
        self.adopt(room, now)
        self.made_by[code] = conn.address
        self.rooms_of[conn.address] = self.rooms_of.get(conn.address, 0) + 1
        self.seated(conn, room, seat, token, now)

    def may_try(self, conn: Conn, now: float) -> None:
        """An address that tried too many unknown codes waits, then is refused for a while.

        :raises ProtocolError: saying how long to wait.
        """
        m = self.misses.get(conn.address)
        if m is None:
            return
        if now < m.blocked_until:
            minutes = max(1, round((m.blocked_until - now) / 60))
            raise ProtocolError(f"too many unknown room codes from your address: no joining for {minutes} min")
        if now < m.next_try:
            raise ProtocolError(f"too many unknown room codes: wait {m.next_try - now:.0f} s between tries")

    def missed(self, conn: Conn, now: float) -> None:
        """Count a join on a code no room has (or a rejoin with a token no seat has)."""
        lim = self.limits
        m = self.misses.get(conn.address)
        if m is None:
            m = self.misses[conn.address] = Misses()
        elif now - m.last > lim.miss_block:
            m.count = 0  # forgotten
        m.count += 1
        m.last = now
        if m.count >= lim.misses_max:
            m.blocked_until, m.count = now + lim.miss_block, 0
        elif m.count >= lim.misses_free:
            m.next_try = now + lim.miss_pause

    def room_to_enter(self, conn: Conn, msg: dict[str, Any], now: float) -> Room:
        """The room a ``join`` or ``watch`` names, for a connection in no room; an address trying unknown
        codes is slowed, then refused (``may_try``/``missed``)."""
        if conn.room is not None:
            raise ProtocolError(f"you are in room {show_code(conn.room.code)}: leave it first")
        self.may_try(conn, now)
        room = self.rooms.get(msg["room"])
        if room is None:
            self.missed(conn, now)
            raise ProtocolError(f"no room {show_code(msg['room'])} on this server")
        return room

    def on_join(self, conn: Conn, msg: dict[str, Any], now: float) -> None:
        room = self.room_to_enter(conn, msg, now)
        if room.playing:  # no seat to take now; the game may be watched (the client offers Watch)
            self.reply(conn, {"type": "error", "watch": room.code, "answers": "join",
                              "why": "a game is under way in this room: watch it, or join when it is over"})
            return
        seat, token = room.add_person(msg["name"])
        self.seated(conn, room, seat, token, now)

    def on_rejoin(self, conn: Conn, msg: dict[str, Any], now: float) -> None:
        room = self.rooms.get(msg["room"])
        try:
            if room is None:
                raise ProtocolError(f"no room {show_code(msg['room'])} on this server")
            seat = room.seat_of_token(msg["token"])  # a seat's own token passes even a slowed address
        except ProtocolError:
            self.may_try(conn, now)
            self.missed(conn, now)
            raise
        if conn.room is not None and conn.room is not room:
            raise ProtocolError(f"you are in room {show_code(conn.room.code)}: leave it first")
        self.seated(conn, room, seat, msg["token"], now)

    def on_start(self, conn: Conn, msg: dict[str, Any], now: float) -> None:
        room = self.member(conn)
        room.start(conn.seat, now)
        self.save(room)
        room.out_lobby()
        self.schedule(room)

    def on_act(self, conn: Conn, msg: dict[str, Any], now: float) -> None:
        room = self.member(conn)
        try:
            room.act(conn.seat, msg["action"], now, msg.get("id"), msg.get("seen"), self.lag(conn))
        finally:
            self.schedule(room)

    def on_end(self, conn: Conn, msg: dict, now: float) -> None:
        room = self.member(conn)
        try:
            room.end(conn.seat, now)
        finally:
            self.schedule(room)

    def on_setup(self, conn: Conn, msg: dict[str, Any], now: float) -> None:
        room = self.member(conn)
        room.check_host(conn.seat, "change the game")
        room.configure(msg["mode"], msg.get("options", {}), msg.get("call_time", room.call_time))
        self.save(room)
        room.out_lobby()

    def on_bot(self, conn: Conn, msg: dict[str, Any], now: float) -> None:
        room = self.member(conn)
        room.add_bot(conn.seat, msg["level"])
        self.save(room)
        room.out_lobby()

    def on_unseat(self, conn: Conn, msg: dict[str, Any], now: float) -> None:
        room = self.member(conn)
        room.unseat(conn.seat, msg["seat"])
        self.renumber(room)

    def on_leave(self, conn: Conn, msg: dict[str, Any], now: float) -> None:
        room = self.member(conn)
        if conn.watching:
            self.unwatch(conn, room)
            self.reply(conn, {"type": "left", "room": room.code})
            return
        seat = room.seats[conn.seat]
        seat.conn, seat.away = None, now
        conn.room, conn.seat = None, -1
        self.reply(conn, {"type": "left", "room": room.code})
        if room.playing:
            seat.gone = True  # the seat stays in the game (its clock, its score) until it ends
            if room.people():
                self.left_alone(room, now)  # a host who leaves hands the role on at once
                if not room.conns():
                    self.vacant[room.code] = now
                self.save(room)
                room.out_lobby()
                return
        else:
            room.remove(room.seats.index(seat))
        if not room.people():
            self.close_room(room, "everyone left: the room is closed")
            return
        room.hand_over(now, self.host_grace)
        if not room.conns():
            self.vacant[room.code] = now
        self.renumber(room)

    # ----- spectators and public games -----------------------------------------------------------
    #: what a spectator is refused, by message type (``protocol.WATCHER_MAY``: what it may send)
    NOT_FOR_WATCHERS = {"act": "play", "start": "start a game", "end": "end the game", "setup": "change the game",
                        "bot": "add bots", "unseat": "change seats", "public": "make the room public or private",
                        "create": "open a room (leave first)", "join": "take a seat (leave, then join)",
                        "rejoin": "take a seat (leave first)", "watch": "watch another room (leave first)"}

    def refuse_watcher(self, conn: Conn, msg: dict[str, Any]) -> None:
        what = self.NOT_FOR_WATCHERS.get(msg["type"], "do that")
        why = f"you are watching: a spectator cannot {what}"
        self.reply(conn, {"type": "refused", "id": msg.get("id"), "why": why, "answers": msg["type"]})

    def on_watch(self, conn: Conn, msg: dict[str, Any], now: float) -> None:
        room = self.room_to_enter(conn, msg, now)
        room.watch(conn)
        conn.room, conn.seat = room, -1
        watching: dict[str, Any] = {"type": "watching", "room": room.code, "code": show_code(room.code)}
        if self.cluster is not None and self.cluster.servers:
            watching["servers"] = list(self.cluster.servers)  # where to come back if this process is gone
        self.reply(conn, watching)
        if room.playing:
            room.tick(now)  # the game's clock as it is now
            self.schedule(room)
            self.reply(conn, room.state(-1))
        room.out_lobby()  # everyone sees one more spectator

    def unwatch(self, conn: Conn, room: Room) -> None:
        """A spectator goes (left, or its connection closed): one fewer is counted."""
        conn.room, conn.seat = None, -1
        if room.unwatch(conn) and room.code in self.rooms:
            room.out_lobby()

    def on_public(self, conn: Conn, msg: dict[str, Any], now: float) -> None:
        room = self.member(conn)
        room.make_public(conn.seat, msg["on"])
        if room.public:
            self.public.add(room.code)
        else:
            self.public.discard(room.code)
        self.save(room)
        room.out_lobby()

    def public_rooms(self) -> list[dict[str, Any]]:
        """The open public games, as ``games`` lists them: plain dicts ``{code, mode, players, free_seats,
        started, spectators}`` (``Room.listing``), those to join first (fullest first), then those under way
        (most watched first); at most ``MAX_LISTED``."""
        return in_order([x for x in self.listings().values()])

    def listings(self) -> dict[str, dict[str, Any]]:
        """This process's open public games by code (``Room.listing``): a cluster lists them in its directory."""
        return {c: x for c in self.public if c in self.rooms and (x := self.rooms[c].listing()) is not None}

    def on_list(self, conn: Conn, msg: dict[str, Any], now: float) -> None:
        self.reply(conn, {"type": "games", "games": self.public_rooms()})

    def renumber(self, room: Room) -> None:
        """Seats moved up (one was taken away in the lobby): tell every member its seat."""
        for i, x in enumerate(room.seats):
            if x.conn is not None:
                x.conn.seat = i
        self.save(room)
        room.out_lobby()

    # ----- running ----------------------------------------------------------------------------------
    def on_loop_error(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        """The loop's errors: "out of files" while accepting is counted and told once a minute (asyncio
        pauses accepting a second by itself); anything else goes to asyncio's own handler."""
        exc = context.get("exception")
        if isinstance(exc, OSError) and exc.errno in OUT_OF_FILES:
            self.accept_note.warn(loop.time(), "cannot accept connections (%s): accepting pauses and tries again",
                                  exc.strerror or exc)
            return
        if (isinstance(exc, ValueError) and self.listening is not None and not self.listening.is_serving()
                and "_start_serving" in repr(context.get("handle"))):
            # the loop resumes accepting a second after it ran out of files, once for every accept of that
            # turn that failed (up to a hundred): stopped meanwhile, its socket is closed and there is
            # nothing to resume (each one's "Invalid file descriptor: -1" said nothing worth telling)
            return
        loop.default_exception_handler(context)

    def connection_class(self) -> type[ServerConnection]:
        """Connections that count themselves from the moment they are accepted: past the cap (and the
        spare files) one is dropped at once, before its handshake, so the files never run out."""
        server = self

        class Counted(Direct):
            read_into = memoryview(bytearray(READ_SIZE))

            def connection_made(self, transport: asyncio.BaseTransport) -> None:
                server.sockets += 1
                super().connection_made(transport)
                if server.sockets > server.cap + FILE_MARGIN // 2 and isinstance(transport, asyncio.Transport):
                    transport.abort()

            def connection_lost(self, exc: Exception | None) -> None:
                server.sockets -= 1
                super().connection_lost(exc)

        return Counted

    async def serve(self, host: str, port: int) -> WsServer:
        """Start listening; returns the ``websockets`` server (``.sockets`` tells the port).

        The soft limit of open files is raised to the hard one, and the connection cap kept
        ``FILE_MARGIN`` below it."""
        self.loop = asyncio.get_running_loop()
        files = raise_file_limit()
        if files is not None:
            self.cap = max(1, min(self.cap, files - FILE_MARGIN))
        self.loop.set_exception_handler(self.on_loop_error)
        ws: WsServer = await serve(self.handler, host, port, max_size=MAX_MESSAGE, compression=None,
                                   ping_interval=None, ping_timeout=None,  # the server's own keepalive
                                   close_timeout=CLOSE_TIMEOUT, create_connection=self.connection_class(),
                                   start_serving=False)
        self.listening = ws
        await self.log.open()
        if self.cluster is not None:  # its rooms kept here that no other process took over meanwhile
            self.restore(set(await self.cluster.start()))
        else:
            self.restore()
        self.sweeper = asyncio.ensure_future(self.sweep())
        self.checkpointer = asyncio.ensure_future(self.checkpoints())
        self.keeper = asyncio.ensure_future(self.keepalive())
        await ws.start_serving()
        return ws

    def stop(self) -> None:
        for t in [*self.timers.values(), *([self.rewrite] if self.rewrite is not None else [])]:
            t.cancel()
        for task in (self.sweeper, self.checkpointer, self.keeper):
            if task is not None:
                task.cancel()
        for code in list(self.undropped):  # closed while the disk refused writes: out of the log now, if it can be
            try:
                self.log.drop(code)
            except Exception as e:
                log.error("room %s, closed, could not be taken out of the room log (%s): opened again at the "
                          "next start", code, e)
        try:
            self.log.close()
        except Exception as e:  # the disk refused the last commit: its moves were never sent either
            log.error("the room log could not be written as the server stopped (%s): its last moves, "
                      "never sent, are not kept", e)
