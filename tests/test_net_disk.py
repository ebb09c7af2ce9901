"""A room log whose file refuses a write (the disk full): nothing is lost and nobody sees an event that
is not written.  The file is made to refuse writes by SQLite itself (``PRAGMA query_only``), on the
log's own connection, and to take them again the same way."""

from __future__ import annotations

import sqlite3
import threading

import pytest
from net_driver import join, next_of, open_room, until

from game.net.client import RemoteSession
from game.net.hosting import ServerThread
from game.net.roomlog import FILE, RoomLog

ROOM = "K7M29QXD"


def record(**extra) -> dict:
    return {"mode": "classic", "game": {"number": 1}, **extra}


#: two ways a write fails: the file refuses any write (at the transaction's start), or the events' insert
#: itself fails, inside the transaction (a trigger of this connection alone that refuses it)
REFUSE = {"any write": ("PRAGMA query_only=1", "PRAGMA query_only=0"),
          "the insert": ("CREATE TEMP TRIGGER refuse BEFORE INSERT ON events "
                         "BEGIN SELECT RAISE(ABORT, 'disk full'); END", "DROP TRIGGER temp.refuse")}


@pytest.mark.parametrize("fenced", [False, True], ids=["alone", "fenced"])
@pytest.mark.parametrize("refused", sorted(REFUSE))
def test_events_and_rooms_a_commit_could_not_write_wait_for_the_next_and_none_is_lost(tmp_path, fenced, refused):
    refuse, take = REFUSE[refused]
    log = RoomLog(tmp_path)
    try:
        if fenced:
            log.fence(lambda code: None)
        log.save_room(ROOM, record(), 100.0)
        log.add_events(ROOM, 1, 1, ["P1 call @1.00", "P1 set 0000 1111 2222 @1.50"], {"clock": 1.5}, commit=False)
        log.db.execute(refuse)
        with pytest.raises(sqlite3.Error):
            log.commit()
        log.add_events(ROOM, 1, 3, ["P2 call @2.00"], {"clock": 2.0}, commit=False)
        log.save_room(ROOM, record(later=True), 101.0)  # waits with the events
        with pytest.raises(sqlite3.Error):
            log.commit()  # tried again (a room's record with them: a transaction of its own), refused again
        assert not log.db.in_transaction  # rolled back: nothing left half done
        log.db.execute(take)
        log.commit()
    finally:
        log.close()
    [(code, room, events, state, touched)] = RoomLog(tmp_path).rooms()
    assert (code, events) == (ROOM, ["P1 call @1.00", "P1 set 0000 1111 2222 @1.50", "P2 call @2.00"])
    assert room["later"] is True and state == {"clock": 2.0} and touched >= 101.0


def test_a_room_saved_while_the_file_refuses_writes_is_written_by_the_next_commit(tmp_path):
    log = RoomLog(tmp_path)
    try:
        log.db.execute("PRAGMA query_only=1")
        with pytest.raises(sqlite3.OperationalError):
            log.save_room(ROOM, record(), 100.0)  # alone, it is committed at once: refused, kept
        log.db.execute("PRAGMA query_only=0")
        log.commit()
    finally:
        log.close()
    assert [(code, room) for code, room, *_ in RoomLog(tmp_path).rooms()] == [(ROOM, record())]


def test_moves_the_disk_refuses_are_not_sent_until_written_then_go_out_in_order(tmp_path):
    st = ServerThread("127.0.0.1", 0, data=tmp_path, fixed_seeds=True)

    def on_the_servers_loop(sql: str) -> None:
        done = threading.Event()
        st.loop.call_soon_threadsafe(lambda: (st.server.log.db.execute(sql), done.set()))
        assert done.wait(10)

    try:
        a = open_room(st.port, "Ann", seed=3)
        b = join(st.port, a.room, "Bob")
        a.send({"type": "start"})
        sessions = [RemoteSession(c, next_of(c, "state")) for c in (a, b)]
        on_the_servers_loop("PRAGMA query_only=1")
        move = next(m.split(" ", 1)[1] for m in sessions[0].game.legal_moves() if m.startswith("P1 set"))
        a.send({"type": "act", "action": move, "id": 1})
        until(sessions, lambda: st.server.rewrite is not None)  # the write was refused: tried again later
        assert [rs.events for rs in sessions] == [[], []]  # and nothing of it was sent
        on_the_servers_loop("PRAGMA query_only=0")
        until(sessions, lambda: all(len(rs.events) == 2 for rs in sessions))  # the call, then the Set
        assert sessions[0].events == sessions[1].events and "set" in sessions[0].events[1]
        db = sqlite3.connect(tmp_path / FILE)
        try:
            kept = [e for (e,) in db.execute("SELECT event FROM events WHERE code = ? ORDER BY n", (a.room,))]
        finally:
            db.close()
        assert kept == sessions[0].events
        for c in (a, b):
            c.close()
    finally:
        st.stop()


def test_a_room_closed_while_the_file_refuses_writes_is_dropped_from_it_once_it_takes_them(tmp_path):
    st = ServerThread("127.0.0.1", 0, data=tmp_path)

    def on_the_servers_loop(call) -> None:
        done = threading.Event()
        st.loop.call_soon_threadsafe(lambda: (call(), done.set()))
        assert done.wait(10)

    def kept() -> list[str]:
        db = sqlite3.connect(tmp_path / FILE)
        try:
            return [code for (code,) in db.execute("SELECT code FROM rooms")]
        finally:
            db.close()

    try:
        a = open_room(st.port, "Ann")
        code = a.room
        assert kept() == [code]
        on_the_servers_loop(lambda: st.server.log.db.execute("PRAGMA query_only=1"))
        on_the_servers_loop(lambda: st.server.close_room(st.server.rooms[code], "closed for the test"))
        assert "closed for the test" in next_of(a, "error")["why"]  # closed for its members all the same
        assert st.server.undropped == {code} and kept() == [code]  # not yet out of the file
        on_the_servers_loop(lambda: st.server.log.db.execute("PRAGMA query_only=0"))
        until([], lambda: not st.server.undropped)  # the next try drops it
        assert kept() == []
        a.close()
    finally:
        st.stop()
