"""Presence: a member whose connection drops is shown away to the others at once; one that goes
silent (a frozen program, a network gone without a word) as soon as the library's keepalive says so."""

from __future__ import annotations

import base64
import json
import os
import socket
import threading

import pytest
from net_driver import join, next_of, open_room, until

from game.net.client import Client, RemoteSession
from game.net.hosting import ServerThread
from game.net.server import CLOSE_TIMEOUT, PING, PING_TIMEOUT


def away_lobby(c: Client, seat: int, timeout: float) -> dict:
    """The first lobby message from ``c`` showing ``seat`` away, within ``timeout`` s (at most 50 looked at)."""
    for _ in range(50):
        lobby = next_of(c, "lobby", timeout=timeout)
        seats = lobby["seats"]
        if len(seats) > seat and not seats[seat]["connected"]:
            return lobby
    raise AssertionError("never shown away")


def silent_member(port: int, room: str, name: str = "Eve") -> socket.socket:
    """A member that joins over a bare socket and then never reads again (so never answers a ping)."""
    s = socket.create_connection(("127.0.0.1", port), timeout=10)
    key = base64.b64encode(os.urandom(16))
    s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
              b"Sec-WebSocket-Key: " + key + b"\r\nSec-WebSocket-Version: 13\r\n\r\n")
    head = b""
    for _ in range(100):
        if b"\r\n\r\n" in head:
            break
        head += s.recv(1024)
    assert head.startswith(b"HTTP/1.1 101")
    payload = json.dumps({"type": "join", "room": room, "name": name}).encode()
    mask = os.urandom(4)
    assert len(payload) < 126
    s.sendall(bytes([0x81, 0x80 | len(payload)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))
    return s


def test_the_keepalive_settings_tell_a_silent_member_within_seconds_not_a_minute():
    assert PING + PING_TIMEOUT + CLOSE_TIMEOUT <= 16.0  # a program killed or closed is told at once


def test_a_cut_connection_is_shown_away_to_the_others_at_once_during_a_game():
    st = ServerThread("127.0.0.1", 0, ping=60.0, ping_timeout=60.0)  # so only the closing itself can tell
    try:
        a = open_room(st.port, "Ann")
        b = join(st.port, a.room, "Bob")
        a.send({"type": "start"})
        ra = RemoteSession(a, next_of(a, "state"))
        b.closed = True  # no reconnection: the seat stays empty
        b.cut()
        until([ra], lambda: ra.status(1) == "reconnecting…", timeout=10.0)  # far less than the keepalive's 60 s
        assert ra.away() == [1] and ra.status(0) == ""
        a.close()
    finally:
        st.stop()


@pytest.mark.parametrize("in_game", [False, True])
def test_a_member_that_goes_silent_is_shown_away_by_the_keepalive(in_game):
    st = ServerThread("127.0.0.1", 0, ping=0.2, ping_timeout=0.3)
    try:
        a = open_room(st.port, "Ann")
        eve = silent_member(st.port, a.room)
        for _ in range(50):
            seats = next_of(a, "lobby")["seats"]
            if len(seats) == 2 and seats[1]["connected"]:
                break
        if in_game:
            a.send({"type": "start"})
        lobby = away_lobby(a, 1, timeout=10.0)  # far less than the 40 s the old 20 s + 20 s took
        assert lobby["seats"][1]["name"] == "Eve" and lobby["seats"][0]["connected"]
        eve.close()
        a.close()
    finally:
        st.stop()


def test_a_member_back_after_a_while_gets_the_game_clock_as_it_is_now():
    st = ServerThread("127.0.0.1", 0)
    try:
        a = open_room(st.port, "Ann")
        b = join(st.port, a.room, "Bob")
        a.send({"type": "start"})
        next_of(b, "state")
        room = st.server.rooms[a.room]
        started = room.session.last
        until([], lambda: st.server.now() > started + 0.3, timeout=10)  # the game runs a while, nobody acts
        b.cut()
        state = next_of(b, "state")
        assert state["clock"] >= 0.3  # not the clock of the last move (0)
        a.close()
        b.close()
    finally:
        st.stop()


def test_the_client_takes_a_server_that_says_nothing_for_gone_and_connects_again():
    """The client sends no pings: a server silent for ``silent`` s (its machine off, the network cut) is
    dropped and connected to again, as after any connection that ends."""
    from websockets.sync.server import serve

    came = []
    again = threading.Event()  # a second connection came

    def mute(ws) -> None:  # takes everything, says nothing (no pings either)
        came.append(ws)
        if len(came) >= 2:
            again.set()
        for _ in ws:
            pass

    with serve(mute, "127.0.0.1", 0, ping_interval=None) as quiet:
        port = quiet.socket.getsockname()[1]
        threading.Thread(target=quiet.serve_forever, daemon=True).start()
        c = Client("127.0.0.1", port, room="K7M29QXD", token="x" * 32, silent=0.4)  # a seat to take back
        try:
            assert again.wait(20)  # dropped after 0.4 s of silence, and connected again
            statuses = [m["connected"] for m in drain(c) if m["type"] == "status"]
            assert statuses[:2] == [True, False]
        finally:
            c.close(leave=False)
            quiet.shutdown()


def test_the_servers_keepalive_alone_keeps_a_quiet_client_connected():
    st = ServerThread("127.0.0.1", 0, ping=0.2, ping_timeout=5.0)
    try:
        a = Client("127.0.0.1", st.port, silent=2.0)  # ten pings' worth: a starved thread is no silence
        a.send({"type": "create", "mode": "classic", "options": {}, "name": "Ann"})
        next_of(a, "joined")
        ws = st.server.rooms[a.room].seats[0].conn.ws
        until([], lambda: ws.pings >= 20, timeout=30)  # 4 s with no message: only the server's pings
        assert a.connected and not any(m["type"] == "status" for m in drain(a))
        a.close()
    finally:
        st.stop()


def drain(c: Client) -> list[dict]:
    """Everything in ``c``'s inbox now."""
    out = []
    while not c.inbox.empty():
        out.append(c.inbox.get_nowait())
    return out
