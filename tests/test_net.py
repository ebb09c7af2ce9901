"""Online rooms on loopback: whole games, reconnection, the lobby, the protocol's checks."""

from __future__ import annotations

import asyncio
import json
import math
import socket
import threading
import time

import pytest
from net_driver import join, next_of, open_room, take_a_set, until

from game.net.client import Client, RemoteSession
from game.net.hosting import ServerThread
from game.net.protocol import (
    ALPHABET,
    CODE_LENGTH,
    MAX_MESSAGE,
    ProtocolError,
    new_code,
    new_token,
    normal_code,
    parse,
    parse_address,
)
from game.net.room import ONLINE
from game.net.roomlog import RoomLog
from game.net.server import Server
from game.session import from_json


@pytest.fixture
def server(tmp_path):
    st = ServerThread("127.0.0.1", 0, data=tmp_path, fixed_seeds=True)  # open_room's seed deals
    yield st
    st.stop()


def room_of(st: ServerThread, code: str):
    return st.server.rooms[code]


def test_codes_and_tokens_are_unguessable_and_read_back_as_typed():
    assert math.log2(len(ALPHABET)) * CODE_LENGTH >= 40
    assert len({new_code() for _ in range(200)}) == 200
    assert len(new_token()) * 6 >= 128
    code = new_code()
    typed = f" {code[:4].lower()}-{code[4:]} ".replace("0", "o").replace("1", "l")
    assert normal_code(typed) == code
    for bad in ("", "ABC", "ABCDEFGHU", "ABCD-EFG!", 12345678, None, "A" * 40):
        with pytest.raises(ProtocolError):
            normal_code(bad)
    assert parse_address("ws://10.0.0.2:9000/ABCD-EFGH") == ("10.0.0.2", 9000, "ABCDEFGH")
    assert parse_address("ABCDEFGH", "h", 1) == ("h", 1, "ABCDEFGH")
    for bad in ("host:99999/ABCDEFGH", ":80/ABCDEFGH", "host:x/ABCDEFGH"):
        with pytest.raises(ProtocolError):
            parse_address(bad)


@pytest.mark.parametrize("text, why", [
    ('{"type": "act", "action": 7}', "action"),
    ('{"type": "act", "action": "call", "id": "7"}', "id"),
    ('{"type": "act", "action": "call", "id": true}', "id"),
    ('{"type": "join", "room": "ABCDEFGH"}', "name"),
    ('{"type": "join", "room": "ABCDEFGH", "name": "Bob", "admin": true}', "unknown field"),
    ('{"type": "create", "mode": "classic", "name": "A", "options": {"players": [1]}}', "players"),
    ('{"type": "create", "mode": "classic", "name": "A", "call_time": NaN}', "call_time"),
    ('{"type": "shutdown"}', "unknown message type"),
    ('{"type": "unseat", "seat": "1"}', "seat"),
    ('{"type": "unseat", "seat": 4}', "seat"),
    ('{"type": "unseat"}', "seat"),
    ('[1, 2]', "object"),
    ('{"type": "act"', "not JSON"),
    ("[" * 2000 + "]" * 2000, "not JSON"),
])
def test_a_bad_message_is_refused_with_a_reason(text, why):
    with pytest.raises(ProtocolError, match=why):
        parse(text)


def test_a_message_over_4_kib_is_refused_before_it_is_read():
    with pytest.raises(ProtocolError, match="too long"):
        parse('{"type": "leave", "x": "' + "a" * MAX_MESSAGE + '"}')


def test_online_modes_are_the_table_modes_with_players():
    assert set(ONLINE) >= {"classic", "twenty", "findall"}


def test_three_clients_play_a_whole_classic_game_and_agree_on_every_event(server):
    a = open_room(server.port, "Ann")
    b = join(server.port, a.room, "Bob")
    c = join(server.port, a.room, "Cy")
    a.send({"type": "start"})
    sessions = [RemoteSession(x, next_of(x, "state")) for x in (a, b, c)]
    assert [rs.seat for rs in sessions] == [0, 1, 2]
    until(sessions, lambda: all(rs.over and rs.final for rs in sessions), timeout=120, step=take_a_set)
    room = room_of(server, a.room)
    assert room.session.over and len(room.session.events) > 40
    for rs in sessions:
        assert rs.events == room.session.events
        assert rs.result() == room.session.result()
        assert rs.view(rs.seat)["scores"] == room.session.view()["scores"]
    assert sum(rs.result()["standings"][0]["score"] for rs in sessions[:1]) > 0
    for x in (a, b, c):
        x.close()


def test_a_cut_socket_rejoins_its_seat_with_identical_state_and_others_see_it_away(server):
    a = open_room(server.port, "Ann", seed=9)
    b = join(server.port, a.room, "Bob")
    a.send({"type": "start"})
    ra, rb = RemoteSession(a, next_of(a, "state")), RemoteSession(b, next_of(b, "state"))
    until([ra, rb], lambda: len(ra.events) >= 6 and len(rb.events) >= 6, timeout=60, step=take_a_set)
    token = b.token
    b.cut()
    until([ra], lambda: 1 in ra.away(), timeout=10)
    assert ra.status(1) == "reconnecting…"
    until([rb], lambda: b.connected and rb.events == room_of(server, a.room).session.events, timeout=20)
    until([ra], lambda: 1 not in ra.away(), timeout=10)
    assert b.token == token and rb.seat == 1
    until([ra, rb], lambda: ra.over and rb.over and ra.final and rb.final, timeout=120, step=take_a_set)
    assert ra.events == rb.events == room_of(server, a.room).session.events
    a.close()
    b.close()


def test_an_action_sent_while_a_place_is_being_taken_waits_for_it_though_not_connected():
    mute = socket.socket()  # takes the connection and never answers its handshake: the client is not connected
    mute.bind(("127.0.0.1", 0))
    mute.listen(4)
    c = Client("127.0.0.1", mute.getsockname()[1])  # as when following ``moved`` to another process
    try:
        c.send({"type": "join", "room": "ABCDEFGH", "name": "Bob"})  # a place asked for: the client is entering
        c.send({"type": "act", "action": "call", "id": 4})  # waits for the place, not refused as not connected
        seen = []
        for _ in range(50):  # bounded: until the client's loop has taken both
            if c.held:
                break
            seen.append(c.get(0.05))
        assert [json.loads(t)["id"] for t in c.held] == [4]
        seen += list(iter(lambda: c.get(0.05), None))
        assert not [m for m in seen if m is not None and m.get("answers") == "act"]  # no refusal of it
    finally:
        c.close(leave=False)
        mute.close()


def test_another_seats_moves_and_tokens_are_refused(server):
    a = open_room(server.port, "Ann")
    b = join(server.port, a.room, "Bob")
    a.send({"type": "start"})
    ra = RemoteSession(a, next_of(a, "state"))
    move = next(m for m in ra.game.legal_moves() if m.startswith("P2 set"))
    a.send({"type": "act", "action": move, "id": 41})  # Ann plays as P2
    refused = next_of(a, "refused")
    assert refused["id"] == 41 and "P1" in refused["why"]
    b.send({"type": "start"})
    assert "host" in next_of(b, "error")["why"]
    b.send({"type": "rejoin", "room": a.room, "token": "x" * 32})
    assert "token" in next_of(b, "error")["why"]
    assert room_of(server, a.room).session.events == []
    ra.act(1, "call", 0.0)  # the window names a seat: the client still acts for its own (P1)
    assert next_of(a, "event")["move"].startswith("P1 call")
    a.close()
    b.close()


def test_the_lobby_takes_bots_of_every_level_and_plays_again_in_the_same_room(server):
    a = open_room(server.port, "Ann", seed=3)
    a.send({"type": "start"})
    ra = RemoteSession(a, next_of(a, "state"))
    until([ra], lambda: ra.over and ra.final, timeout=60, step=take_a_set)
    assert ra.events == room_of(server, a.room).session.events
    for level in ("beginner", "casual", "expert"):
        a.send({"type": "bot", "level": level})
    a.send({"type": "bot", "level": "godlike"})
    assert "godlike" in next_of(a, "error")["why"]
    a.send({"type": "unseat", "seat": 2})
    a.send({"type": "setup", "mode": "classic", "options": {}, "call_time": 4})
    until([ra], lambda: ra.lobby["call_time"] == 4.0, timeout=10)
    assert [x["kind"] for x in ra.lobby["seats"]] == ["remote", "bot:beginner", "bot:expert"]
    a.send({"type": "start"})  # play again: a new deal, the same room
    again = next_of(a, "state")
    assert again["game"] == 2 and room_of(server, a.room).session.seed == 4 and again["room"] == a.room
    assert "seed" not in again  # the seed stays on the server until the game is over (a commitment instead)
    rb = RemoteSession(a, again)
    assert rb.seats == ["remote", "bot:beginner", "bot:expert"] and rb.call_time == 4.0 and rb.events == []
    a.close()


def test_a_find_all_race_scores_each_set_for_its_first_finder(server):
    a = open_room(server.port, "Ann", mode="findall", seed=12)
    b = join(server.port, a.room, "Bob")
    a.send({"type": "start"})
    ra, rb = RemoteSession(a, next_of(a, "state")), RemoteSession(b, next_of(b, "state"))
    sets = ra.game.legal_moves()  # "set A B C": the room names the finder
    a.send({"type": "act", "action": sets[0], "id": 1})
    b.send({"type": "act", "action": sets[1], "id": 1})
    until([ra, rb], lambda: len(rb.events) == 2, timeout=10)
    b.send({"type": "act", "action": sets[0], "id": 2})  # Ann's already: a repeat, no score
    until([ra, rb], lambda: len(ra.events) == 3 and len(rb.events) == 3, timeout=10)
    v = rb.view(1)
    assert v["scores"] == {"P1": 1, "P2": 1} and v["repeats"] == 1
    assert sorted(v["finders"]) == ["P1", "P2"]
    for k, s in enumerate(sets[2:]):
        a.send({"type": "act", "action": s, "id": 10 + k})
    until([ra, rb], lambda: ra.over and rb.over and ra.final and rb.final, timeout=20)
    assert ra.result()["standings"][0]["player"] == "P1" and ra.result()["won"]
    a.close()
    b.close()


def test_a_room_log_is_a_session_that_replays(server):
    a = open_room(server.port, "Ann", seed=2)
    a.send({"type": "bot", "level": "expert"})
    a.send({"type": "start"})
    ra = RemoteSession(a, next_of(a, "state"))
    until([ra], lambda: len(ra.events) >= 4, timeout=60)  # the bot's calls and Sets, a few seconds each
    room = room_of(server, a.room)
    copy = from_json(room.session.to_json())
    assert copy.events[:4] == ra.events[:4]
    a.close()


def test_idle_rooms_expire_and_are_not_offered_again(tmp_path):
    st = ServerThread("127.0.0.1", 0, data=tmp_path)
    try:
        a = open_room(st.port, "Ann")
        code = a.room

        async def later():
            return st.server.expire(st.server.now() + 2 * 3600 + 1)

        assert asyncio.run_coroutine_threadsafe(later(), st.loop).result(10) == [code]
        assert "idle" in next_of(a, "error")["why"] and code not in st.server.rooms
        a.close()
    finally:
        st.stop()
    log = RoomLog(tmp_path)
    assert log.rooms() == []
    log.save_room("K7M29QXD", {"mode": "classic", "seats": []}, time.time() - 3 * 3600)
    log.close()
    again = Server(tmp_path)
    assert again.restore() == 0 and RoomLog(tmp_path).rooms() == []
    again.stop()


def test_the_find_all_race_engine_keeps_solo_play_as_it_was():
    from game import variants
    from game.cards import card, is_set

    solo, race = variants.new("findall", seed=12), variants.new("findall", seed=12, players=3)
    first = solo.legal_moves()[0]
    table = solo.view()["table"]
    wrong = next(f"set {a} {b} {c}" for a in table for b in table for c in table
                 if len({a, b, c}) == 3 and f"set {a} {b} {c}" not in solo.legal_moves()
                 and not is_set(card(a), card(b), card(c)))
    solo.play(first)
    solo.play(wrong)
    race.play("P3 " + first)
    race.play("P1 " + wrong)
    assert solo.score == 1 and solo.view()["misses"] == 1  # solo: a miss is counted, the score stays
    assert race.view()["missed"] == {"P1": 1, "P2": 0, "P3": 0}
    assert race.score == {"P1": -1, "P2": 0, "P3": 1} and race.view()["finders"] == ["P3"]
    race.play("P2 " + first)  # P3's already: a repeat, no score
    assert race.score["P2"] == 0 and race.view()["repeats"] == 1
    with pytest.raises(ValueError, match="P4 is not playing"):
        race.play("P4 " + race.legal_moves()[0])
    with pytest.raises(ValueError, match="players"):
        variants.new("findall", seed=1, players=5)


def test_the_room_log_is_copied_into_its_file_only_by_a_checkpoint(tmp_path):
    import shutil
    import sqlite3

    from game.net.roomlog import FILE

    def rooms_in_the_file_alone() -> int:
        """Rooms in a copy of the file without its write-ahead log: what a checkpoint has copied."""
        copy = tmp_path / "copy"
        copy.mkdir(exist_ok=True)
        shutil.copy(tmp_path / FILE, copy / FILE)
        db = sqlite3.connect(copy / FILE)
        try:
            return db.execute("SELECT count(*) FROM rooms").fetchone()[0]
        finally:
            db.close()

    log = RoomLog(tmp_path)
    try:
        log.checkpoint()  # the tables themselves
        for i in range(1500):  # far past SQLite's own 1,000-page checkpoint once the rows are big
            log.save_room(f"K7M2{i:04d}", {"mode": "classic", "pad": "x" * 4000}, time.time())
        assert log.db.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 0
        assert rooms_in_the_file_alone() == 0  # the commits stayed in the write-ahead log
        log.checkpoint()
        assert rooms_in_the_file_alone() == 1500
        assert len(log.rooms()) == 1500
    finally:
        log.close()
    log.checkpoint()  # closed: nothing happens, nothing raises


def test_the_room_log_starts_over_after_a_checkpoint_though_commits_went_on_while_it_copied(tmp_path):
    """A busy server commits while its worker copies the log into the file: the log must still start
    over (before, it grew by every commit for as long as the server was busy); the loop copies the last
    pages itself after its next commit (``catch_up``).  The worker's copy missing what came meanwhile is
    made certain here by a reader of the file holding a snapshot from before those commits."""
    import sqlite3

    from game.net.roomlog import FILE

    def frames(folder) -> int:
        """Frames in the write-ahead log (what a checkpoint reports as the log's length)."""
        side = sqlite3.connect(folder / FILE, isolation_level=None)
        try:
            return int(side.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()[1])
        finally:
            side.close()

    def moves(log: RoomLog, first: int, count: int) -> None:
        for n in range(first, first + count):  # a move's events a commit, in rooms all over the file
            log.add_events(f"K7M2{n % 500:04d}", 1, n, ["P1 set 1 2 3 @1.00", "deal 4 5 6 @1.00"], {"clock": 1.0})

    for catching_up in (True, False):
        folder = tmp_path / str(catching_up)
        log = RoomLog(folder)
        try:
            moves(log, 0, 300)
            reader = sqlite3.connect(folder / FILE, isolation_level=None)
            reader.execute("BEGIN")
            reader.execute("SELECT count(*) FROM events").fetchone()  # its snapshot: the 300 moves
            moves(log, 300, 100)  # committed while the worker copies: it cannot copy them (the reader)
            log.checkpoint()
            reader.execute("COMMIT")
            reader.close()
            if catching_up:
                log.catch_up()
            moves(log, 400, 1)
            length = frames(folder)
        finally:
            log.close()
        if catching_up:
            assert length < 20, length  # the last move's pages only: the log started over
        else:
            assert length > 200, length  # what the catch-up is for: every frame kept


def test_a_server_checkpoints_its_log_on_a_worker_and_stops_doing_so_when_stopped(tmp_path, monkeypatch):
    from game.net import server as server_module

    monkeypatch.setattr(server_module, "CHECKPOINT", 0.01)
    done: list[str] = []
    after: list[str] = []  # the loop's part, after each: in the loop's thread

    async def go() -> None:
        srv = Server(tmp_path)
        real, caught = srv.log.checkpoint, srv.log.catch_up
        srv.log.checkpoint = lambda: done.append(threading.current_thread().name) or real()
        srv.log.catch_up = lambda: after.append(threading.current_thread().name) or caught()
        ws = await srv.serve("127.0.0.1", 0)
        for _ in range(500):
            if len(done) >= 2:
                break
            await asyncio.sleep(0.01)
        ws.close()
        await ws.wait_closed()
        srv.stop()
        await asyncio.sleep(0)
        assert srv.checkpointer.cancelled() or srv.checkpointer.done()

    asyncio.run(go())
    assert len(done) >= 2 and all(name != "MainThread" for name in done)
    assert len(after) >= 1 and all(name == "MainThread" for name in after)


def test_a_rooms_state_goes_with_its_last_event_and_a_log_from_before_that_is_read_and_written_on(tmp_path):
    import sqlite3

    old = sqlite3.connect(tmp_path / "rooms.sqlite3", isolation_level=None)  # the columns of a log from before
    old.executescript("CREATE TABLE rooms (code TEXT PRIMARY KEY, room TEXT NOT NULL, state TEXT, "
                      "touched REAL NOT NULL);"
                      "CREATE TABLE events (code TEXT NOT NULL, game INTEGER NOT NULL, n INTEGER NOT NULL, "
                      "event TEXT NOT NULL, PRIMARY KEY (code, game, n));")
    old.execute("INSERT INTO rooms VALUES ('K7M29QXD', ?, ?, 100.0)",
                (json.dumps({"mode": "classic", "game": {"number": 1}}), json.dumps({"clock": 1.0})))
    old.execute("INSERT INTO events VALUES ('K7M29QXD', 1, 1, 'P1 call @1.00')")
    old.close()
    log = RoomLog(tmp_path)
    assert [(r[2], r[3], r[4]) for r in log.rooms()] == [(["P1 call @1.00"], {"clock": 1.0}, 100.0)]
    log.add_events("K7M29QXD", 1, 2, ["P1 set 1a 2b 3c @1.50"], {"clock": 1.5}, touched=90.0)  # a bot's move
    log.add_events("K7M29QXD", 1, 3, ["P2 call @2.00", "P2 miss 1a 1b 1c @2.40"], {"clock": 2.4}, touched=120.0)
    log.close()
    again = RoomLog(tmp_path)
    assert [(r[2], r[3], r[4]) for r in again.rooms()] == [(
        ["P1 call @1.00", "P1 set 1a 2b 3c @1.50", "P2 call @2.00", "P2 miss 1a 1b 1c @2.40"], {"clock": 2.4}, 120.0)]
    kept = again.db.execute("SELECT n, state IS NOT NULL FROM events ORDER BY n").fetchall()
    assert kept == [(1, 0), (2, 1), (3, 0), (4, 1)]  # the state rides on the last event each time, nothing else
    assert json.loads(again.db.execute("SELECT state FROM rooms").fetchone()[0]) == {"clock": 1.0}  # not rewritten
    again.close()


def test_a_slow_disk_under_the_loops_catch_up_is_told_in_the_log_once_a_minute(tmp_path, monkeypatch, caplog):
    import logging

    from game.net import server as server_module

    srv = Server(tmp_path)
    clock = iter(x * 0.05 for x in range(100))  # each catch-up "takes" 50 ms
    monkeypatch.setattr(server_module.time, "perf_counter", lambda: next(clock))
    with caplog.at_level(logging.WARNING, logger="setarcade.server"):
        for _ in range(3):
            srv.catching_up = True
            srv.flush()
    srv.stop()
    assert [r.getMessage() for r in caplog.records] == [
        "the room log's disk is slow: copying its last pages took 50 ms"]
    assert srv.slow_disk_note.count == 2 and not srv.catching_up


def test_a_refused_write_is_told_in_the_log_even_in_the_minute_a_slow_disk_was(tmp_path, monkeypatch, caplog):
    import logging
    import sqlite3

    from game.net import server as server_module

    srv = Server(tmp_path)
    clock = iter(x * 0.05 for x in range(100))  # the catch-up "takes" 50 ms
    monkeypatch.setattr(server_module.time, "perf_counter", lambda: next(clock))
    with caplog.at_level(logging.WARNING, logger="setarcade.server"):
        srv.catching_up = True
        srv.flush()  # told: the disk is slow

        def refused() -> None:
            raise sqlite3.OperationalError("disk I/O error")

        monkeypatch.setattr(srv.log, "commit", refused)
        srv.outbox.append(([], "{}"))
        srv.flush()  # the same second: told too, not counted under the slow disk's line
    assert [r.getMessage() for r in caplog.records] == [
        "the room log's disk is slow: copying its last pages took 50 ms",
        "the room log could not be written (disk I/O error): the rooms' moves wait, unsent, and are tried again "
        "every 1 s"]
    assert srv.outbox == [([], "{}")]  # kept for the next try
    monkeypatch.undo()
    srv.stop()
