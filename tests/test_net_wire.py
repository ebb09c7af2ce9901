"""What the server does per event on the wire: each message framed once for all the members it goes
to, a connection's messages handled in the order they came (whole ones as they arrive, pieces through
the library's queue), and the server's own keepalive measuring each connection's round trip."""

from __future__ import annotations

import asyncio
import json

import pytest
from net_driver import join, next_of, open_room, until
from websockets.exceptions import ConnectionClosed
from websockets.frames import Frame, Opcode, apply_mask
from websockets.sync.client import connect

from game.net.client import RemoteSession
from game.net.hosting import ServerThread
from game.net.server import text_frame


@pytest.fixture
def server(tmp_path):
    st = ServerThread("127.0.0.1", 0, data=tmp_path, fixed_seeds=True)
    yield st
    st.stop()


def test_one_event_is_framed_once_for_all_four_members(server):
    a = open_room(server.port, "Ann", seed=3)
    others = [join(server.port, a.room, name) for name in ("Bob", "Cy", "Di")]
    members = [a, *others]
    a.send({"type": "start"})
    sessions = [RemoteSession(c, next_of(c, "state")) for c in members]
    until(sessions, lambda: all(len(rs.away()) == 0 for rs in sessions))
    framed = server.server.framed
    move = next(m.split(" ", 1)[1] for m in sessions[0].game.legal_moves() if m.startswith("P1 set"))
    a.send({"type": "act", "action": move, "id": 1})
    until(sessions, lambda: all(len(rs.events) == 2 for rs in sessions))  # the call, then the Set
    assert [rs.events for rs in sessions[1:]] == [sessions[0].events] * 3
    # two messages went to four members: framed twice (once per message), not eight times
    assert server.server.framed - framed == 2
    for c in members:
        c.close()


def test_a_message_in_pieces_and_the_whole_one_after_it_are_answered_in_the_order_they_came(server):
    with connect(f"ws://127.0.0.1:{server.port}") as ws:
        ws.send(['{"type": ', '"nope"}'])  # one message in two frames: the library's queue reads it
        ws.send('{"type": "start"}')  # a whole one after it: answered after it all the same
        ws.send('{"type": "leave"}')
        whys = [json.loads(ws.recv(timeout=20))["why"] for _ in range(3)]
    assert "unknown message type 'nope'" in whys[0]
    assert whys[1:] == ["join a room first (create, join or rejoin)"] * 2


def test_an_error_names_the_message_it_answers_and_its_id(server):
    with connect(f"ws://127.0.0.1:{server.port}") as ws:
        ws.send(json.dumps({"type": "act", "action": "call", "id": 7, "seen": 0}))  # in no room yet
        ws.send(json.dumps({"type": "setup", "mode": "classic"}))
        ws.send(json.dumps({"type": "rejoin", "room": "K7M29QXD", "token": "x" * 32}))
        ws.send("not JSON")
        got = [json.loads(ws.recv(timeout=20)) for _ in range(4)]
    assert [(m["type"], m.get("answers"), m.get("id")) for m in got] == [
        ("error", "act", 7), ("error", "setup", None), ("error", "rejoin", None), ("error", None, None)]
    assert got[0]["why"] == got[1]["why"] == "join a room first (create, join or rejoin)"
    assert "no room K7M2-9QXD" in got[2]["why"] and got[3]["why"] == "not JSON"


def test_whole_messages_are_answered_in_the_order_they_came(server):
    with connect(f"ws://127.0.0.1:{server.port}") as ws:
        for kind in ("one", "two", "three", "four"):
            ws.send(json.dumps({"type": kind}))
        whys = [json.loads(ws.recv(timeout=20))["why"] for _ in range(4)]
    assert [w.split("'")[1] for w in whys] == ["one", "two", "three", "four"]


def test_the_servers_keepalive_pings_every_connection_and_measures_its_round_trip(tmp_path):
    st = ServerThread("127.0.0.1", 0, data=tmp_path, ping=0.2, ping_timeout=5.0)
    try:
        a = open_room(st.port, "Ann")
        room = st.server.rooms[a.room]
        ws = room.seats[0].conn.ws
        until([], lambda: ws.pings >= 3, timeout=20)  # the first at the join, then one each 0.2 s
        until([], lambda: not ws.waiting, timeout=20)  # each answered: the round trip is known
        assert 0.0 < ws.latency < 5.0
        assert a.connected and room.seats[0].conn is not None  # answered pings keep the member
        a.close()
    finally:
        st.stop()


def test_a_clients_ping_is_answered_with_its_data_as_the_library_answers_it(server):
    with connect(f"ws://127.0.0.1:{server.port}") as ws:
        ws.send('{"type": "one"}')
        assert "'one'" in json.loads(ws.recv(timeout=20))["why"]  # whole messages are taken as they come
        for data in (b"", b"keep", bytes(range(125))):  # the pong must carry the ping's data, unmasked
            assert ws.ping(data).wait(20)
        ws.send('{"type": "two"}')  # and the connection goes on as before
        assert "'two'" in json.loads(ws.recv(timeout=20))["why"]


def test_the_keepalive_spares_a_connection_heard_from_and_written_to_but_measures_it_every_third_time(tmp_path):
    st = ServerThread("127.0.0.1", 0, data=tmp_path, ping=1000.0, ping_timeout=1000.0)  # the test's looks only
    try:
        with connect(f"ws://127.0.0.1:{st.port}") as client:
            client.send('{"type": "one"}')
            json.loads(client.recv(timeout=20))
            [ws] = list(st.server.live)

            def look(heard: float, written: float, at: float) -> tuple:
                """The keepalive's look at ``due + at`` (its clock stepped by hand, on the server's loop), the
                connection last heard from and written to at ``due + heard`` and ``due + written``."""
                async def now() -> tuple:
                    due = ws.due
                    ws.heard, ws.written = due + heard, due + written
                    st.server.keep_alive(due + at + 1e-6)  # (a float sum: a hair past, not a hair short)
                    return ws.pings, ws.spared, round(ws.due - due, 3)
                result = asyncio.run_coroutine_threadsafe(now(), st.loop).result(10)
                until([], lambda: not ws.waiting, timeout=20)  # the pong of a ping sent came back
                return result

            assert look(500, 600, 999) == (0, 0, 0)  # not yet due
            assert look(500, 600, 1000) == (0, 1, 500)  # both since: spared, looked at 1000 s after the word
            assert look(200, 100, 1000) == (0, 2, 100)  # again: from the older of the two
            assert look(300, 300, 1000) == (1, 0, 1000)  # a third time running: pinged (its round trip measured)
            assert look(0, 500, 1000) == (2, 0, 1000)  # not heard from since: pinged
            assert look(500, 0, 1000) == (3, 0, 1000)  # not written to since: pinged (the client must hear it)
    finally:
        st.stop()


def frame(payload: bytes, head: int = 0x81, masked: bool = True) -> bytes:
    """One client frame as bytes (``head``: FIN and the opcode; a text frame by default), masked."""
    n = len(payload)
    size = bytes([n | 0x80 * masked]) if n < 126 else bytes([126 | 0x80 * masked]) + n.to_bytes(2, "big")
    key = b"\x0f\x1e\x2d\x3c"
    return bytes([head]) + size + (key + apply_mask(payload, key) if masked else payload)


def test_frames_together_in_one_read_or_split_over_two_are_each_answered_in_order(server):
    with connect(f"ws://127.0.0.1:{server.port}") as ws:
        long = json.dumps({"type": "two", "pad": "x" * 300}).encode()  # a length in two more bytes
        last = frame(b'{"type": "four"}')
        ws.socket.sendall(frame(b'{"type": "one"}') + frame(long) + frame(b'{"type": "three"}') + last[:5])
        ws.socket.sendall(last[5:])  # the rest of a frame that began in the write before
        whys = [json.loads(ws.recv(timeout=20))["why"] for _ in range(4)]
    assert [w.split("'")[1] for w in whys] == ["one", "two", "three", "four"]


def test_frames_cut_anywhere_over_two_reads_are_each_read_whole(tmp_path):
    server = ServerThread("127.0.0.1", 0, data=tmp_path, rate=10_000.0)  # 3 messages for each of 370 cuts
    key = b"\x89\x80\x00\x00"  # a mask whose bytes read as a ping's head, were a read taken from there
    long = json.dumps({"type": "two", "pad": "x" * 300}).encode()  # a length in two more bytes
    three = b'{"type": "three"}'  # its length in the 64-bit field (allowed by the library, if not by the RFC)
    stream = (bytes([0x89, 0x84]) + key + apply_mask(b"keep", key)  # a ping, then three messages
              + bytes([0x81, 0x80 | 15]) + key + apply_mask(b'{"type": "one"}', key)
              + bytes([0x81, 0xFE]) + len(long).to_bytes(2, "big") + key + apply_mask(long, key)
              + bytes([0x81, 0xFF]) + len(three).to_bytes(8, "big") + key + apply_mask(three, key))
    try:
        with connect(f"ws://127.0.0.1:{server.port}") as ws:
            ws.send('{"type": "zero"}')
            assert "'zero'" in json.loads(ws.recv(timeout=20))["why"]
            [conn] = list(server.server.live)  # the server's end of this connection

            def two_reads(cut: int) -> None:
                conn.data_received(stream[:cut])
                conn.data_received(stream[cut:])

            for cut in range(1, len(stream)):
                server.loop.call_soon_threadsafe(two_reads, cut)
                whys = [json.loads(ws.recv(timeout=10))["why"] for _ in range(3)]
                assert [w.split("'")[1] for w in whys] == ["one", "two", "three"], (cut, whys)
    finally:
        server.stop()


@pytest.mark.parametrize("bad, code", [(frame(b"\xff\xfe"), 1007), (frame(b'{"type": "x"}', masked=False), 1002),
                                       (frame(b"x" * 5000), 1009), (frame(b"{}", head=0x91), 1002)])
def test_a_bad_frame_after_a_whole_message_in_the_same_read_fails_the_connection_with_its_code(server, bad, code):
    with connect(f"ws://127.0.0.1:{server.port}") as ws:
        ws.send('{"type": "one"}')
        assert "'one'" in json.loads(ws.recv(timeout=20))["why"]
        ws.socket.sendall(frame(b'{"type": "two"}') + bad)  # not UTF-8, not masked, too long, a reserved bit
        with pytest.raises(ConnectionClosed):
            for _ in range(2):  # the answer to "two" may come first (the library's queue) or not at all
                assert "'two'" in json.loads(ws.recv(timeout=20))["why"]
    assert ws.protocol.close_rcvd is not None and ws.protocol.close_rcvd.code == code


@pytest.mark.parametrize("n", [0, 125, 126, 65535, 65536])
def test_a_message_is_framed_as_the_library_frames_it_at_every_length_of_its_length_field(n):
    text = "é" * (n // 2) + "x" * (n % 2)  # n bytes of UTF-8
    assert text_frame(text) == Frame(Opcode.TEXT, text.encode()).serialize(mask=False, extensions=[])
