"""What the server does per event on the wire: each message framed once for all the members it goes
to, a connection's messages handled in the order they came (whole ones as they arrive, pieces through
the library's queue), and the server's own keepalive measuring each connection's round trip."""

from __future__ import annotations

import json

import pytest
from net_driver import join, next_of, open_room, until
from websockets.sync.client import connect

from game.net.client import RemoteSession
from game.net.hosting import ServerThread


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
