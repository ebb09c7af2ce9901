"""10,000 malformed and hostile messages: the server stays up, another room plays on untouched,
and every message is answered with ``error`` or ``refused`` (one over 4 KiB: the connection is
closed with code 1009, "message too big")."""

from __future__ import annotations

import asyncio
import json
import threading

import pytest
from net_driver import WAIT, join, next_of, open_room, take_a_set, until
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from game.net.client import RemoteSession
from game.net.hosting import ServerThread
from game.net.protocol import MAX_MESSAGE
from game.rng import Rng

RATE = 2000.0  # this server's allowance (burst 4000), so that one flood below is cut by it


@pytest.fixture
def server(tmp_path):
    st = ServerThread("127.0.0.1", 0, data=tmp_path, rate=RATE)
    yield st
    st.stop()


def garbage(rng: Rng, k: int) -> str | bytes:
    """One malformed or hostile message, of many kinds."""
    card = "1RDE 2GOH 3PSF".split()
    kinds = [
        lambda: "{" * (1 + rng.below(50)),
        lambda: "".join(chr(32 + rng.below(90)) for _ in range(1 + rng.below(80))),
        lambda: '{"type": "act", "action": "call", "id": ' + "9" * 40 + "}",
        lambda: json.dumps({"type": "act", "action": rng.below(100)}),
        lambda: json.dumps({"type": "act", "action": ["call"], "id": 1}),
        lambda: json.dumps({"type": "create", "mode": "classic", "name": 5}),
        lambda: json.dumps({"type": "create", "mode": "pillars", "name": "Eve"}),
        lambda: json.dumps({"type": "create", "mode": "classic", "name": "Eve", "options": {"players": 9}}),
        lambda: json.dumps({"type": "join", "room": "ZZZZ-ZZZZ", "name": "Eve"}),
        lambda: json.dumps({"type": "join", "room": 12345678, "name": "Eve"}),
        lambda: json.dumps({"type": "rejoin", "room": "ABCDEFGH", "token": "A" * 32}),
        lambda: json.dumps({"type": f"x{k}"}),
        lambda: json.dumps({"type": "leave", "sneaky": True}),
        lambda: json.dumps({"type": None}),
        lambda: json.dumps([{"type": "start"}]),
        lambda: json.dumps({"type": "act", "action": f"set {' '.join(card)}", "id": -1}),
        lambda: json.dumps({"type": "setup", "mode": "classic", "options": {"x" * 30: 1}}),
        lambda: bytes([rng.below(256) for _ in range(8)]),
        lambda: "null",
        lambda: '"act"',
    ]
    return kinds[k % len(kinds)]()


async def answers(ws, n: int, kinds=("error", "refused")) -> int:
    """Read until ``n`` answers of ``kinds`` came (other messages, events and lobby, are skipped)."""
    got = 0
    async with asyncio.timeout(WAIT * 3):
        while got < n:
            msg = json.loads(await ws.recv())
            got += msg.get("type") in kinds
    return got


async def attack(port: int, victim: str, tally: dict) -> None:
    uri = f"ws://127.0.0.1:{port}"
    rng = Rng(2026)
    # 1. malformed messages of every kind from outside any room, and acts before joining one: 4000
    async with connect(uri) as ws:
        for batch in range(20):
            for k in range(200):
                await ws.send(garbage(rng, batch * 200 + k))
            tally["answered"] += await answers(ws, 200)
        tally["sent"] += 4000
    # 2. a room of two attackers: acts for the other seat, out of turn, badly written, time-stamped: 2000
    async with connect(uri) as m1, connect(uri) as m2:
        await m1.send(json.dumps({"type": "create", "mode": "classic", "name": "Mal", "call_time": 60}))
        code = json.loads(await m1.recv())["room"]
        await m2.send(json.dumps({"type": "join", "room": code, "name": "Eve"}))
        await m1.send(json.dumps({"type": "start"}))
        await m1.send(json.dumps({"type": "act", "action": "call", "id": 1}))  # P1 holds the call for 60 s
        bad = ["P1 set 1RDE 2GOH 3PSF", "call", "set 1RDE 1RDE 1RDE", "undo", "set 1RDE 2GOH 3PSF @3.0",
               "deal3", "P9 set 1RDE", "set", "miss 1RDE 2GOH 3PSF", "end"]
        for _batch in range(10):
            for k in range(200):
                await m2.send(json.dumps({"type": "act", "action": bad[k % len(bad)], "id": k}))
            tally["answered"] += await answers(m2, 200)
            await m2.send(json.dumps({"type": "start"}))  # not the host
            await m2.send(json.dumps({"type": "rejoin", "room": victim, "token": "B" * 43}))  # a guessed token
            tally["answered"] += await answers(m2, 2)
        tally["sent"] += 2020
    # 3. a flood past the allowance: answered all the same, mostly "too many messages": 3930
    async with connect(uri) as ws:
        for k in range(3930):
            await ws.send(json.dumps({"type": "act", "action": "call", "id": k}))
        tally["answered"] += await answers(ws, 3930)
        tally["sent"] += 3930
    # 4. messages over 4 KiB: the library closes the connection (1009); 50 of them
    for _ in range(50):
        async with connect(uri) as ws:
            await ws.send(json.dumps({"type": "leave", "pad": "x" * MAX_MESSAGE}))
            try:
                async with asyncio.timeout(WAIT):
                    await ws.recv()
            except ConnectionClosed as e:
                tally["answered"] += e.rcvd is not None and e.rcvd.code == 1009
        tally["sent"] += 1


def test_ten_thousand_hostile_messages_leave_the_server_up_and_other_rooms_untouched(server):
    a = open_room(server.port, "Ann", seed=21)
    b = join(server.port, a.room, "Bob")
    a.send({"type": "start"})
    ra, rb = RemoteSession(a, next_of(a, "state")), RemoteSession(b, next_of(b, "state"))
    tally = {"sent": 0, "answered": 0}
    failure: list[BaseException] = []

    def run() -> None:
        try:
            asyncio.run(attack(server.port, a.room, tally))
        except BaseException as e:  # reported below
            failure.append(e)

    t = threading.Thread(target=run)
    t.start()
    until([ra, rb], lambda: ra.over and rb.over and ra.final and rb.final, timeout=120, step=take_a_set)
    t.join(180)
    assert not t.is_alive() and not failure, failure
    assert tally["sent"] >= 10_000 and tally["answered"] == tally["sent"]
    room = server.server.rooms[a.room]
    assert ra.events == rb.events == room.session.events
    assert all(e.split()[0] in ("P1", "P2") for e in room.session.events)
    assert server.thread.is_alive()
    c = open_room(server.port, "Cy")  # still serving
    assert c.room in server.server.rooms
    for x in (a, b, c):
        x.close()
