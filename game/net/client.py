"""The client: a connection on its own thread (``Client``) and ``RemoteSession`` for the window.

``Client`` runs an asyncio loop on a background thread; everything the server
says lands in ``inbox`` (a ``queue.Queue``), so the game loop only ever takes
what is there and never waits.  A dropped connection is made again by itself
(after 0.1 s, then longer, up to 2 s between tries) and the seat taken back
with its token; the inbox then says ``{"type": "status", "connected": ...}``.
Given a ``SeatBook``, the token is also kept on disk while a game is played
(from its ``state`` to its ``over``) and forgotten when the game ends or the
seat goes (left, the room closed, a rejoin refused, no server at the address
any more); a ``Client`` built with a kept room and token takes that seat back
(a window closed or killed mid-game).  A spectator (``watch``) holds no seat: a dropped
connection watches again by itself, and nothing is kept on disk.  ``public_games`` asks a
server for its open public games.

In a cluster of server processes (``game.net.cluster``) a process that does not own the
room answers ``moved`` with the owner's address: the client connects there and says the
same again, by itself (at most ``MAX_HOPS`` times in a row; the inbox never shows it).
When the owner cannot be reached any more, the client tries the address it was first
given, then the other processes its ``joined`` named, until one seats it again (the
room taken over).  The connection's path names the room (``/room/CODE``), for a balancer
that hashes it.
While a create/join/rejoin/watch waits for its answer, anything else the window says is
held back (``MAX_HELD``) and sent, in order, once ``joined``/``watching`` comes; only an
error that answers the create/join/rejoin/watch (its ``answers``) is taken as its answer.
An error with ``retry`` that answers a join/rejoin/watch is no answer yet: the room cannot be
reached just now (its server is being changed), so the client says the same again after that many
seconds (0.2-10), at most ``MAX_RETRIES`` times, keeping the seat; the inbox says
``{"type": "status", "connected": True, "retry": seconds, "why": MOVING}`` each time, and after
the last try the error is the answer, as any other, except that a seat's token stays in the seat
book (the room is there: Rejoin later).

``RemoteSession`` has the interface of a local ``game.session.Session`` (tick,
act, view, over, result, events, caller, clock…): a follower replica replays
the server's numbered events through the same engine.  ``act`` sends the action
with the number of events seen (a pick the table changed under is refused as
too late) and returns at once; a refusal comes later and is shown through
``messages``.  A spectator's ``RemoteSession`` (``watching``) sends nothing: ``act``
is refused at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import queue
import threading
import time
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from ..errors import IllegalMove
from ..session import Session, new_session
from ..variants.deck import Revealed
from .protocol import KEEPALIVE, MAX_RETRIES, ROUTED, answering, commitment, dump, retry_after
from .seats import SeatBook

RETRY_FIRST, RETRY_MAX = 0.1, 2.0  # seconds between two tries to connect again
RETRIES = 150  # tries before giving up (a few minutes)
OPEN_TIMEOUT = 5.0
#: a server that has said nothing this long (not even its keepalive's ping, every ``KEEPALIVE`` s) is taken
#: for gone (its machine off, the network cut): the connection is dropped and made again.  The client sends
#: no pings of its own: the server's keepalive is the only one (half the frames, and no wake-up of the server
#: for a client's ping), and a connection that answers it is known alive both ways
SILENT = 2 * KEEPALIVE
MAX_INCOMING = 1 << 22  # a whole game's state can pass 4 KiB
TRY_LATER = 1013  # the close code of a server past one of its limits (``game.net.server``)
MAX_HOPS = 4  # ``moved`` answers followed in a row (then it waits, as after a failed try)
MAX_URL = 200  # characters of an address a ``moved`` or ``joined`` may name
MAX_HELD = 64  # messages held back while a seat (or a spectator's place) is being taken
ENTERING = ("create", "join", "rejoin", "watch")  # what takes a place in a room (answered ``joined``/``watching``)
WATCHING = "You are watching this game: spectators do not play"
MOVING = "the room is being moved to another server: trying again…"  # a ``retry`` error, as the window shows it


class Listening(ClientConnection):
    """A connection that notes when it last heard from the server (``heard``, the loop's time): anything,
    a message or the keepalive's ping."""

    heard = 0.0

    def data_received(self, data: bytes) -> None:
        self.heard = self.loop.time()
        super().data_received(data)


class Client:
    """A connection to a room server at ``ws://host:port`` on a background thread.

    ``send(msg)`` may be called from any thread; ``inbox`` holds each server message as a dict.
    ``silent``: seconds without a word from the server after which it is taken for gone (``SILENT``).
    """

    def __init__(self, host: str, port: int, secure: bool = False, book: SeatBook | None = None,
                 room: str | None = None, token: str | None = None, name: str = "", code: str | None = None,
                 silent: float = SILENT) -> None:
        self.silent = silent
        self.uri = f"{'wss' if secure else 'ws'}://{host}:{port}"  # the address first given (seats are kept by it)
        self.at = self.uri  # where it connects now: a cluster's process that owns the room (``moved``)
        self.servers: list[str] = []  # a cluster's other processes (``joined``): where to come back
        self.code = code or room  # the room this connection is for: its path says it (``/room/CODE``)
        self.hops = 0  # ``moved`` followed in a row
        self.moving = False  # the connection ends to go where ``moved`` said
        self.asked: str | None = None  # the last create/join/watch sent (said again after ``moved``)
        self.inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self.book = book  # where the seat's token is kept on disk (None: in memory only)
        self.room: str | None = room  # with a token: a seat taken back (a rejoin is sent on connecting)
        self.token: str | None = token if room is not None else None
        self.name = name  # the player's name in the room (kept with the seat)
        self.rejoining = False  # a rejoin was sent and not answered yet
        self.ever = False  # connected at least once
        self.seat = -1
        self.watching = False  # a spectator of ``room`` (no seat, no token)
        self.lobby: dict[str, Any] | None = None  # the latest lobby message
        self.connected = False
        self.closed = False
        self.ws: Any = None
        self.pending: list[str] = []  # said before the connection was open
        self.held: list[str] = []  # said while a place in the room was being taken: sent once it is
        self.retried = 0  # join/rejoin/watch said again in a row after an error with ``retry`` (``again``)
        self.retrying: asyncio.TimerHandle | None = None  # the next of them, waiting its time
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self._run, daemon=True, name="room-client")
        self.thread.start()

    # ----- from the game's thread ----------------------------------------------------------
    def send(self, msg: dict[str, Any]) -> None:
        """Send a message (queued on the client's thread; never blocks)."""
        if not self.closed:
            if msg.get("type") in ("create", "join") and isinstance(msg.get("name"), str):
                self.name = msg["name"]
            if msg.get("type") in ("join", "watch") and isinstance(msg.get("room"), str):
                self.code = msg["room"]
            self.loop.call_soon_threadsafe(self._send, dump(msg))

    def cut(self) -> None:
        """Drop the connection as a network fault would (it is made again by itself)."""
        self.loop.call_soon_threadsafe(self._cut)

    def close(self, timeout: float = 3.0, leave: bool = True) -> None:
        """Leave the room and stop the thread (waits at most ``timeout`` s).  ``leave=False`` (the window
        closing) only stops: the seat stays kept, to be taken back with Rejoin."""
        if self.closed:
            return
        if self.room is not None and leave:
            self.send({"type": "leave"})
            self._lose()  # left on purpose: not offered again
        self.loop.call_soon_threadsafe(self._close)
        self.thread.join(timeout)

    def get(self, timeout: float | None = None) -> dict[str, Any] | None:
        """The next message, waiting at most ``timeout`` s (None: only what is there now)."""
        try:
            return self.inbox.get(timeout=timeout) if timeout else self.inbox.get_nowait()
        except queue.Empty:
            return None

    # ----- on the client's thread --------------------------------------------------------------
    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.task = self.loop.create_task(self._main())
        with contextlib.suppress(asyncio.CancelledError):
            self.loop.run_until_complete(self.task)
        self.loop.close()

    def _send(self, text: str) -> None:
        kind = json.loads(text).get("type")
        if kind in ("create", "join", "watch"):
            self.asked, self.retried = text, 0  # a new place asked for: its own tries
        if (self.ws is not None or self.entering()) and self.hold(text, kind):
            return  # waits for the place being taken, though the connection is between two processes
        if self.ws is None:
            if kind == "act":
                self.inbox.put({"type": "error", "why": "not connected: that was not sent", "local": True})
            else:
                self.pending.append(text)
            return
        self.loop.create_task(self._write(self.ws, text))

    def entering(self) -> bool:
        """Is a place in a room being taken (a create, join, rejoin or watch sent and not answered yet,
        maybe followed to another process by ``moved``)?"""
        return self.rejoining or self.asked is not None

    def hold(self, text: str, kind: Any) -> bool:
        """While a place is being taken, anything else waits for it (a process where this connection is in
        no room would refuse it, and a ``moved`` takes the connection elsewhere): True when ``text`` waits
        (or, past ``MAX_HELD``, is dropped with a message saying so)."""
        if kind in ENTERING or kind in ("list", "leave") or not self.entering():
            return False
        if len(self.held) < MAX_HELD:
            self.held.append(text)
        else:
            self.inbox.put({"type": "error", "why": "still joining the room: that was not sent", "local": True,
                            **answering(text)})
        return True

    def release(self, send: bool) -> None:
        """The place is taken (``send``: what waited goes now, in order) or refused (it is dropped)."""
        held, self.held = self.held, []
        if send and held and self.ws is not None:
            self.loop.create_task(self._write_all(self.ws, held))

    async def _write_all(self, ws: Any, texts: list[str]) -> None:
        with contextlib.suppress(ConnectionClosed):
            for text in texts:
                await ws.send(text)

    async def _write(self, ws: Any, text: str) -> None:
        with contextlib.suppress(ConnectionClosed):
            await ws.send(text)

    def _cut(self) -> None:
        if self.ws is not None and self.ws.transport is not None:
            self.ws.transport.abort()

    def _close(self) -> None:
        self.closed = True
        if self.ws is not None:
            self.loop.create_task(self.ws.close())
        else:
            self.task.cancel()

    def where(self) -> str:
        """The address to connect to now: where the room is, with its code in the path."""
        return self.at + (f"/room/{self.code}" if self.code else "")

    def elsewhere(self) -> None:
        """The process tried cannot be reached: try the next of the address first given and the cluster's
        other processes (the room's new owner, once its lease lapsed, is among them)."""
        homes = list(dict.fromkeys([self.uri, *self.servers]))
        self.at = homes[(homes.index(self.at) + 1) % len(homes)] if self.at in homes else homes[0]

    async def _main(self) -> None:
        tries, wait = 0, RETRY_FIRST
        quiet = False  # a move: the window is not told of the connection that ends nor of the next
        while not self.closed and tries < RETRIES:
            opened = False
            try:
                async with connect(self.where(), max_size=MAX_INCOMING, compression=None,
                                   open_timeout=OPEN_TIMEOUT, ping_interval=None, ping_timeout=None,
                                   close_timeout=1, create_connection=Listening) as ws:
                    opened = True
                    assert isinstance(ws, Listening)  # create_connection made it
                    watch = asyncio.ensure_future(self.hear(ws))  # the server silent too long: dropped
                    try:
                        self.ws, self.connected, self.ever, tries, wait = ws, True, True, 0, RETRY_FIRST
                        if not quiet:
                            self.inbox.put({"type": "status", "connected": True})
                        quiet = False
                        back = self.coming_back()  # a seat taken back, or a spectator watching again
                        if back is not None:
                            self.rejoining = True
                            await ws.send(back)
                        pending, self.pending = self.pending, []
                        for text in pending:  # a create/join/watch said again goes; the rest waits for its answer
                            if not self.hold(text, json.loads(text).get("type")):
                                await ws.send(text)
                        async for message in ws:
                            self._received(message)
                    finally:
                        watch.cancel()
            except (OSError, ConnectionClosed, InvalidHandshake, InvalidURI, TimeoutError) as e:
                busy = getattr(e, "rcvd", None)
                if busy is not None and busy.code == TRY_LATER:  # past one of the server's limits
                    self.inbox.put({"type": "error", "why": busy.reason or "the server is busy: try again later",
                                    "local": True})
                elif not self.ever:
                    why = f"cannot reach {self.uri}: {e}"
                    if isinstance(e, ConnectionRefusedError) and self.token is not None:
                        why += " (no server there now: its room is gone, the seat is forgotten)"
                        self._lose()  # nothing listens there: the room went with its server
                    self.inbox.put({"type": "error", "why": why, "local": True})
            finally:
                self.ws = None
            if self.moving and not self.closed:
                self.moving, self.connected, quiet = False, False, True
                continue  # to the room's owner at once
            if self.connected:
                self.connected = False
                self.inbox.put({"type": "status", "connected": False})
            if self.closed or (self.token is None and not self.watching) or not self.ever:
                if quiet and not opened and not self.closed:  # the process ``moved`` named is gone
                    self.inbox.put({"type": "error", "why": f"cannot reach {self.at}, where the room is: try again",
                                    "local": True})
                break
            quiet = False
            if not opened:
                self.elsewhere()
            self.hops = 0
            tries += 1
            await asyncio.sleep(wait)
            wait = min(RETRY_MAX, wait * 2)
        self.closed = True
        self.inbox.put({"type": "status", "connected": False, "closed": True})

    async def hear(self, ws: Listening) -> None:
        """Drop ``ws`` once the server has said nothing on it for ``silent`` s (it pings every connection every
        ``KEEPALIVE`` s): ``_main`` then connects again, as after any connection that ends."""
        ws.heard = self.loop.time()
        while True:
            await asyncio.sleep(self.silent / 4)
            if self.loop.time() - ws.heard > self.silent:
                ws.transport.abort()
                return

    def _received(self, text: Any) -> None:
        try:
            msg = json.loads(text)
        except (ValueError, TypeError):
            return
        if not isinstance(msg, dict):
            return
        kind = msg.get("type")
        if kind == "moved":
            self.move(msg)
            return
        if kind == "error" and self.again(msg):
            return
        if kind in ("joined", "watching"):  # a seat, or a spectator's place (no seat, no token)
            self.rejoining, self.watching = False, kind == "watching"
            self.room, self.token, self.seat = msg.get("room"), msg.get("token"), msg.get("seat", -1)
            if self.watching:
                self.token, self.seat = None, -1
            self.code, self.hops, self.asked, self.retried = self.room, 0, None, 0
            self.release(True)
            servers = msg.get("servers")
            if isinstance(servers, list):
                self.servers = [u for u in servers[:8] if isinstance(u, str) and u.startswith(("ws://", "wss://"))
                                and len(u) <= MAX_URL]
        elif kind == "state":  # a game dealt, or the one being played (after a rejoin)
            if msg.get("over"):
                self._forget()
            else:
                self._keep()
        elif kind == "over":
            self._forget()  # nothing left to take back: the room's lobby is joined by its code
        elif kind == "lobby":
            self.lobby = msg
            self.seat = msg.get("seat", self.seat)
        elif kind == "left":
            self._lose()
        elif self.entering() and (kind == "error" and msg.get("answers") in (None, *ENTERING)
                                  or kind == "refused" and msg.get("answers") in ENTERING):
            # the answer to the create/join/rejoin/watch (an error that names no message: nothing else was
            # sent meanwhile); an answer to anything else (an act, a setup…) leaves the seat alone
            self.asked, gave_up, self.retried = None, self.retried >= MAX_RETRIES, 0
            self.release(False)
            if self.rejoining:  # the room or the seat is gone
                self.rejoining = False
                self._lose(keep_on_disk=gave_up)  # given up after the tries: the room is there, a later Rejoin may
                msg["local"] = True  # nothing more will come from this room
        self.inbox.put(msg)

    def again(self, msg: dict[str, Any]) -> bool:
        """An ``error`` with ``retry`` answering the join/rejoin/watch being made: the room is there but cannot
        be reached just now (its server is being changed), so nothing is lost: the same message is said
        again on this connection after ``retry`` seconds (clamped), the window told by a ``status`` with
        ``why``; at most ``MAX_RETRIES`` times in a row.  False when the error is the answer (no ``retry``
        or not a number, nothing being made, or the last try: its ``why`` then says so)."""
        said, wait, ws = msg.get("answers"), retry_after(msg.get("retry")), self.ws
        if wait is None or ws is None or said not in ROUTED or not self.entering():
            return False
        text = self.being_made()
        if text is None or json.loads(text).get("type") != said:
            return False
        if self.retried >= MAX_RETRIES:  # the answer then (the counter starts again there)
            msg["why"] = f"the room is being moved to another server and could not be reached after {MAX_RETRIES} " \
                         "tries: " + ("the seat is kept: Rejoin later (Play online)" if self.token is not None
                                      else "try again later")
            return False
        self.retried += 1
        if self.retrying is not None:
            self.retrying.cancel()
        self.retrying = self.loop.call_later(wait, self.say_again, ws, text)
        self.inbox.put({"type": "status", "connected": True, "retry": wait, "why": MOVING})
        return True

    def say_again(self, ws: Any, text: str) -> None:
        """The join/rejoin/watch said again (``again``), unless the connection changed meanwhile (a new one
        says its rejoin by itself), the place was given up, or another one is being asked for now."""
        self.retrying = None
        if ws is self.ws and not self.closed and self.entering() and self.being_made() == text:
            self.loop.create_task(self._write(ws, text))

    def coming_back(self) -> str | None:
        """What a new connection says first: the seat's ``rejoin`` (its token), or a spectator's ``watch``
        again; None when it holds neither."""
        if self.token is not None:
            return dump({"type": "rejoin", "room": self.room, "token": self.token})
        if self.watching and self.room is not None:
            return dump({"type": "watch", "room": self.room})
        return None

    def being_made(self) -> str | None:
        """The join/rejoin/watch (or create) waiting for its answer, as it was said."""
        return self.coming_back() if self.rejoining else self.asked

    def move(self, msg: dict[str, Any]) -> None:
        """``moved``: connect to the process that owns the room and say the same again there."""
        url = msg.get("url")
        if not (isinstance(url, str) and url.startswith(("ws://", "wss://")) and len(url) <= MAX_URL):
            self.inbox.put({"type": "error", "why": "the server sent a bad address for the room", "local": True})
            return
        self.hops += 1
        if self.hops > MAX_HOPS:  # round and round: wait, then ask again where it was first asked
            self.at = self.uri
            if self.token is None:
                self.inbox.put({"type": "error", "why": "the room's server cannot be found: try again",
                                "local": True})
                self.asked = None
                self.release(False)
        else:
            self.at = url.rstrip("/")
            self.moving = True
            if self.token is None and self.asked is not None:
                self.pending.insert(0, self.asked)  # a rejoin is said again by itself (the token)
        if self.ws is not None:
            self.loop.create_task(self.ws.close())

    def _keep(self) -> None:
        """The seat's token on disk while a game is played (a window closed or killed takes it back)."""
        if self.book is not None and isinstance(self.room, str) and isinstance(self.token, str):
            seat = self.seat if isinstance(self.seat, int) and 0 <= self.seat < 4 else 0
            with contextlib.suppress(ValueError):  # a server's odd answer is not kept
                self.book.remember(self.uri, self.room, self.token, self.name[:24], seat)

    def _forget(self) -> None:
        """The token off the disk (this connection still holds the seat)."""
        if self.book is not None and isinstance(self.room, str) and not self.watching:
            self.book.forget(self.uri, self.room)

    def _lose(self, keep_on_disk: bool = False) -> None:
        """The seat is gone (left, the room closed, the token unknown): forget it (``keep_on_disk``: here only,
        its token left in the seat book for a Rejoin later: the room was there but could not be reached)."""
        if not keep_on_disk:
            self._forget()
        self.room = self.token = None
        self.watching = False


def public_games(client: Client, timeout: float) -> list[dict[str, Any]] | None:
    """Ask ``client``'s server for its open public games and wait at most ``timeout`` s for the answer
    (tools, tests; the window asks with ``send({"type": "list"})`` and reads ``games`` from the inbox).
    Other messages are put back.  None when no answer came."""
    client.send({"type": "list"})
    end, other = time.monotonic() + timeout, []
    found: list[dict[str, Any]] | None = None
    while found is None and time.monotonic() < end:
        msg = client.get(max(0.01, end - time.monotonic()))
        if msg is None:
            continue
        if msg.get("type") == "games":
            found = [g for g in msg.get("games") or [] if isinstance(g, dict)]
        else:
            other.append(msg)
    for msg in other:
        client.inbox.put(msg)
    return found


class RemoteSession:
    """A game played on a server, driven like a local session.  Build it from the ``state`` message.

    Reads of anything else (``clock``, ``caller``, ``players``, ``game``…) go to the replica.
    """

    online = True
    MAX_DRAIN = 1000  # messages one ``tick`` takes at most

    def __init__(self, client: Client, state: dict[str, Any], now: float | None = None) -> None:
        self.client = client
        self.messages: list[str] = []  # refusals and notices for the window to show
        self.final: dict[str, Any] | None = None  # the server's result once the game is over
        self.lobby: dict[str, Any] | None = client.lobby
        self.based = now is not None  # False: the first tick's ``now`` sets the time base (any clock)
        self.last_id = 0
        self.load(state, 0.0 if now is None else now)

    def load(self, state: dict[str, Any], now: float) -> None:
        """Start the replica again from a whole ``state`` (first, and after a reconnection): its cards come
        as the server shows them (``shown``: what the deal and each event showed), never from a seed.

        :raises ValueError: when the state does not replay.
        """
        shown = {n: f for n, f in state.get("shown") or [] if isinstance(n, int) and isinstance(f, dict)}
        source = Revealed()
        source.tell(shown.get(0, {}))
        s = new_session(state["mode"], 0, list(state["seats"]), dict(state.get("options") or {}), now,
                        call_time=state.get("call_time", 5.0), follow=True, source=source)
        for n, event in enumerate(state["events"], 1):
            try:
                self.step(s, source, event, shown.get(n, {}))
            except (ValueError, IndexError) as e:
                raise ValueError(f"event {n} ({event!r}) fails: {e}") from None
        s.clock = max(s.clock, float(state.get("clock", 0.0)))
        self.replica: Session = s
        self.source = source
        self.commit = state.get("commit")  # the deal's commitment: checked when ``over`` reveals seed and salt
        self.fair: bool | None = None  # did the revealed seed match it and replay to this game?
        if state.get("over") and "seed" in state:  # a game over already: its deal may be checked now
            self.check_deal(state.get("seed"), state.get("salt"))
        self.seat = int(state.get("seat", self.client.seat))
        self.audience = int(state.get("spectators") or 0)  # spectators now (a lobby message tells changes)
        self.names = list(state.get("names", []))
        self.room = state.get("room")
        self.guess: int | None = None  # the id of a call shown before the server took it
        self.unanswered = 0  # actions of ours the server did not take (refused, or an error answered them)

    def __getattr__(self, name: str) -> Any:
        if name == "replica":
            raise AttributeError(name)
        return getattr(self.replica, name)

    @property
    def over(self) -> bool:
        return self.replica.over

    @property
    def clock(self) -> float:
        return self.replica.clock

    @clock.setter
    def clock(self, value: float) -> None:
        self.replica.clock = float(value)

    @property
    def events(self) -> list[str]:
        return self.replica.events

    # ----- the session interface -----------------------------------------------------------------
    def tick(self, now: float) -> None:
        """Take what the server said (never waiting) and run the replica's clock to ``now``."""
        if not self.based:
            self.based, self.replica.last = True, float(now)
        for _ in range(self.MAX_DRAIN):
            msg = self.client.get()
            if msg is None:
                break
            self.take(msg, now)
        self.replica.tick(now)

    def pump(self, timeout: float, now: float | None = None) -> bool:
        """Wait at most ``timeout`` s for one message and take it (tests, tools); True if one came."""
        msg = self.client.get(timeout)
        if msg is None:
            return False
        self.take(msg, time.monotonic() if now is None else now)
        return True

    def take(self, msg: dict[str, Any], now: float) -> None:
        kind = msg.get("type")
        if kind == "event":
            self.apply(msg)
        elif kind == "state":
            self.load(msg, self.replica.last if self.based else now)
        elif kind == "over":
            self.final = msg.get("result")
            self.check_deal(msg.get("seed"), msg.get("salt"))
        elif kind == "refused" or kind == "error":
            self.messages.append(str(msg.get("why", kind)))
            if kind == "refused" or msg.get("answers") == "act":
                self.unanswered += 1
            if msg.get("id") == self.guess and self.replica.caller == self.replica.players[self.seat]:
                self.replica.caller = None  # our call was not taken (someone called first, or too fast)
                self.guess = None
        elif kind == "lobby":
            self.lobby = msg
            self.audience = int(msg.get("spectators") or 0)
        elif kind == "status" and not msg.get("connected"):
            self.messages.append("connection lost: reconnecting…")
        elif kind == "status" and msg.get("why"):  # connected, the seat being taken back (``Client.again``)
            self.messages.append(str(msg["why"]))

    def apply(self, msg: dict[str, Any]) -> None:
        s = self.replica
        n, move = msg.get("n"), msg.get("move")
        if not isinstance(n, int) or not isinstance(move, str) or n <= len(s.events):
            return  # one already taken (the whole state came first)
        if n > len(s.events) + 1:
            self.messages.append("events missed: asking for the whole game")
            self.client.cut()  # the rejoin brings the whole state
            return
        t = move.rsplit("@", 1)[-1]
        with contextlib.suppress(ValueError):
            s.clock = min(s.clock, float(t))  # the replica's clock may run a little ahead of the server's
        if self.guess is not None and s.caller == s.players[self.seat]:
            s.caller = None  # the call shown early: the server's events say what happened
        self.guess = None
        try:
            self.step(s, self.source, move, msg)
        except (IllegalMove, ValueError, IndexError) as e:
            self.messages.append(f"out of step with the server ({e}): asking for the whole game")
            self.client.cut()

    @staticmethod
    def step(s: Session, source: Revealed, event: str, facts: dict) -> None:
        """Play one event on the replica: first the cards it shows, then the event, then whether it ended."""
        source.tell(facts)
        s.apply_event(event)
        source.after(facts)

    def check_deal(self, seed: Any, salt: Any) -> bool:
        """Check the revealed ``seed`` and ``salt``: they match the commitment ``state`` gave, and the seed
        deals this very game (its events replayed from it leave the table as the server's events did).
        A mismatch is said in ``messages``; ``fair`` keeps the answer, and a right seed becomes the
        replica's ``seed`` (it was 0 while the game was played)."""
        r = self.replica
        ok = isinstance(seed, int) and not isinstance(seed, bool) and seed >= 0 and isinstance(salt, str) \
            and len(salt) <= 64 and commitment(seed, salt) == self.commit
        if ok:
            try:
                again = new_session(r.mode, seed, list(r.seats), dict(r.options), 0.0, call_time=r.call_time,
                                    follow=True)
                again.replay(list(r.events))
                ok = again.view()["table"] == r.view()["table"] and again.view()["scores"] == r.view()["scores"]
            except (ValueError, IndexError, KeyError):
                ok = False
        self.fair = ok
        if ok:
            r.seed = seed  # the game is its seed and events again (the history keeps and replays it)
        else:
            self.messages.append("the revealed deal does not match the commitment given at the start")
        return ok

    def act(self, seat: int | str, action: str, now: float) -> str:
        """Send ``action`` for this client's own seat (whatever ``seat`` the window names: here one
        person plays one seat); the server's events, or its refusal, come later through ``tick``.
        Returns the action sent; a refusal is shown through ``messages``.

        :raises IllegalMove: at once, when this window watches (a spectator plays nothing).
        """
        if self.watching:
            raise IllegalMove(WATCHING)
        self.last_id += 1
        self.client.send({"type": "act", "action": action, "id": self.last_id, "seen": len(self.replica.events)})
        r = self.replica
        if action.strip().lower() == "call" and r.caller is None and not r.over:
            # shown at once, so the picks that follow go on; the server's event (or refusal) settles it
            r.caller, r.call_ends, self.guess = r.players[self.seat], r.clock + r.call_time, self.last_id
        return action

    def view(self, seat: int | str | None = None) -> dict[str, Any]:
        v = self.replica.view(seat)
        v["names"] = list(self.names)
        v["away"] = self.away()
        v["me"] = self.seat
        return v

    def away(self) -> list[int]:
        """Seats whose person is not connected now ("reconnecting…")."""
        seats = (self.lobby or {}).get("seats") or []
        return [i for i, x in enumerate(seats) if not x.get("connected", True)]

    def status(self, seat: int) -> str:
        """What to show on a seat: "reconnecting…", "left" or ""."""
        seats = (self.lobby or {}).get("seats") or []
        if seat < len(seats) and seats[seat].get("gone"):
            return "left"
        mine = seat == self.seat and (not self.client.connected or self.client.rejoining)  # not seated again yet
        return "reconnecting…" if seat in self.away() or mine else ""

    def take_messages(self) -> list[str]:
        out, self.messages = self.messages, []
        return out

    def result(self) -> dict[str, Any]:
        return self.final if self.final is not None else self.replica.result()

    def pause(self, now: float) -> None:
        """An online game goes on: the clock keeps running."""
        self.tick(now)

    def resume(self, now: float) -> None:
        self.tick(now)

    def leave(self) -> None:
        self.client.close()

    @property
    def watching(self) -> bool:
        """Does this window watch the game (a spectator, no seat)?"""
        return self.seat < 0

    @property
    def hosting(self) -> bool:
        """Does this window hold the room's host role (as the latest lobby says)?"""
        lob = self.lobby or {}
        return lob.get("host") == self.seat and lob.get("seat", self.seat) == self.seat

    def end_for_everyone(self) -> None:
        """The host ends the game for every member (the server refuses it from anyone else)."""
        self.client.send({"type": "end"})
