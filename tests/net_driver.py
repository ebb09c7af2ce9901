"""Helpers for the online tests: clients on loopback, waiting on conditions (never on sleeps)."""

from __future__ import annotations

import os
import selectors
import socket
import subprocess
import time

from game.net.client import Client, RemoteSession

WAIT = 30.0  # seconds any one condition may take at most on a loaded machine (two suites and busy loops on 2 cores)


def serving(proc: subprocess.Popen) -> subprocess.Popen:
    """``proc`` (a ``python -m game.server``) once its first line says it listens: read with one bounded
    wait on its output (the server's own condition), never a sleep."""
    sel = selectors.DefaultSelector()
    sel.register(proc.stdout, selectors.EVENT_READ)
    end, line = time.monotonic() + WAIT, b""
    while time.monotonic() < end and not line.endswith(b"\n"):
        if sel.select(max(0.0, end - time.monotonic())):
            chunk = os.read(proc.stdout.fileno(), 1)
            if not chunk:
                break
            line += chunk
    sel.close()
    assert line.startswith(b"serving on"), (line, proc.poll())
    return proc


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def next_of(c: Client, kind: str, timeout: float = WAIT, seen: list | None = None) -> dict:
    """The next message of ``kind`` from ``c`` (the others are kept in ``seen``).

    :raises AssertionError: when none comes within ``timeout`` s.
    """
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        m = c.get(min(0.5, max(0.01, end - time.monotonic())))
        if m is None:
            continue
        if seen is not None:
            seen.append(m)
        if m.get("type") == kind:
            return m
    raise AssertionError(f"no {kind!r} message within {timeout} s")


def open_room(port: int, name: str = "Ann", mode: str = "classic", seed: int = 5, **extra) -> Client:
    """A client that opened a room.  ``seed`` deals its games (seed, seed + 1…) only on a server started
    for tests with ``fixed_seeds=True``; a server for players deals from seeds of its own."""
    c = Client("127.0.0.1", port)
    c.send({"type": "create", "mode": mode, "options": {}, "name": name, "seed": seed, **extra})
    next_of(c, "joined")
    return c


def join(port: int, room: str, name: str, **kw) -> Client:
    c = Client("127.0.0.1", port, **kw)
    c.send({"type": "join", "room": room, "name": name})
    next_of(c, "joined")
    return c


def kill(c: Client) -> None:
    """The program holding ``c`` dies: its socket drops without a word (no leave, no reconnection)."""
    c.closed = True
    c.cut()
    c.thread.join(10)
    assert not c.thread.is_alive()


def until(sessions: list[RemoteSession], done, timeout: float = WAIT, step=None) -> None:
    """Take messages into ``sessions`` (and call ``step(rs)`` after each) until ``done()``.

    With no sessions to take messages into, it looks again every 20 ms (the
    condition is then the server's, e.g. its clock); a look never spins.

    :raises AssertionError: when ``done()`` is still false after ``timeout`` s.
    """
    end = time.monotonic() + timeout
    for _ in range(1_000_000):
        if done():
            return
        if time.monotonic() > end:
            break
        if not sessions:
            time.sleep(0.02)  # the pause between two looks (1,000,000 looks without it took about a second)
        for rs in sessions:
            rs.pump(0.02)
            if step is not None:
                step(rs)
    raise AssertionError(f"condition not met within {timeout} s")


PACE = 0.06  # seconds between two actions of one test client: under the server's 20 messages a second


def paced(rs: RemoteSession) -> bool:
    """True when this client may act now (and then not again for ``PACE`` s): a client that sends faster
    than the server's rate has messages dropped with "too many messages", as a person never would."""
    now = time.monotonic()
    if now < getattr(rs, "_quiet_until", 0.0):
        return False
    rs._quiet_until = now + PACE
    return True


def take_a_set(rs: RemoteSession, turns: bool = True) -> None:
    """Play the first Set this client's player sees (in turns by moves played, so each client gets some)."""
    if rs.over or rs.caller is not None or rs.replica.clock < rs.hold_until:
        return
    me = rs.players[rs.seat]
    if turns and len(rs.game.history) % len(rs.players) != rs.seat:
        return
    # a replica loaded afresh (a reconnection) asks again: the replica itself is kept and compared, not its
    # id(), which a later replica may take over once an earlier one is freed (it then never asked again)
    asked = getattr(rs, "_asked", None)
    if asked is not None and asked[0] == (len(rs.events), rs.unanswered) and asked[1] is rs.replica:
        return  # one try per position (and again after a refusal or a "too many messages"): wait for the answer
    if not paced(rs):
        return
    rs._asked = ((len(rs.events), rs.unanswered), rs.replica)
    moves = [m.split(" ", 1)[1] for m in rs.game.legal_moves() if m.startswith(me + " set")]
    if moves:
        rs.act(rs.seat, moves[0], time.monotonic())
