"""A server process killed with SIGKILL and started again on the same data: the room resumes."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from net_driver import WAIT, free_port, join, next_of, open_room, serving, take_a_set, until

from game.net.client import RemoteSession
from game.net.roomlog import RoomLog

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX")


def start_server(port: int, data: Path, *extra: str) -> subprocess.Popen:
    """``python -m game.server`` on loopback (``extra``: more of its options), returned once it says it listens."""
    proc = subprocess.Popen([sys.executable, "-m", "game.server", "--host", "127.0.0.1", "--port", str(port),
                             "--data", str(data), *extra], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env={**os.environ, "PYTHONUNBUFFERED": "1", "SETARCADE_HOME": str(data)})
    return serving(proc)


def two_players(port: int, seed: int) -> tuple:
    """Ann opens a room, Bob joins, the game starts: (their clients, their sessions)."""
    a = open_room(port, "Ann", seed=seed)
    b = join(port, a.room, "Bob")
    a.send({"type": "start"})
    return a, b, RemoteSession(a, next_of(a, "state")), RemoteSession(b, next_of(b, "state"))


def test_a_killed_server_restarted_on_the_same_data_resumes_the_room(tmp_path):
    port = free_port()
    proc = start_server(port, tmp_path)
    try:
        a, b, ra, rb = two_players(port, seed=11)
        until([ra, rb], lambda: len(ra.game.history) >= 5 and ra.events == rb.events, timeout=60, step=take_a_set)
        seen = list(ra.events)
        proc.send_signal(signal.SIGKILL)
        proc.wait(WAIT)
        until([ra, rb], lambda: not a.connected and not b.connected, timeout=WAIT)
        log = RoomLog(tmp_path)
        (code, _room, logged, _state, _t), = log.rooms()
        log.close()
        assert code == a.room and logged[:len(seen)] == seen  # everything the players saw was logged first
        proc = start_server(port, tmp_path)
        # both clients reconnect by themselves, rejoin with their tokens and get the whole game again
        until([ra, rb], lambda: a.connected and b.connected and ra.seat == 0 and rb.seat == 1
              and ra.events == logged and rb.events == logged and len(ra.away()) == 0, timeout=WAIT)
        until([ra, rb], lambda: ra.over and rb.over and ra.final and rb.final, timeout=120, step=take_a_set)
        assert ra.events[:len(seen)] == seen and ra.events == rb.events
        assert ra.result() == rb.result()
        a.close()
        b.close()
    finally:
        proc.kill()
        proc.wait(WAIT)


def test_the_servers_collector_sets_aside_what_outlives_any_pass_and_frees_its_cycles_at_the_thaw():
    import asyncio
    import gc
    import weakref

    from game.server import YOUNG, steady_collector

    class Room:  # a closed room's objects: a cycle
        pass

    async def go() -> tuple[int, bool, bool, int, int]:
        gc.unfreeze()
        steady = steady_collector(asyncio.get_running_loop(), thaw=0.05)
        assert gc.get_threshold()[0] == YOUNG != thresholds[0]  # fewer passes over the young objects
        kept = [[n] for n in range(5000)]  # young objects that outlive the next pass
        room = Room()
        room.me = room  # type: ignore[attr-defined]
        gone = weakref.ref(room)
        gc.collect(0)  # a pass over the young ones only
        await asyncio.sleep(0)  # the freeze is done by the loop, after the pass
        ours = {id(x) for x in kept}
        young = sum(id(o) in ours for o in gc.get_objects())  # frozen ones are in no generation
        del room, kept  # the room closes: its cycle is garbage, but set aside
        gc.collect(0)
        gc.collect(1)
        held = gone() is not None  # the young and middle passes never look at it
        for _ in range(200):  # until the thaw (0.05 s) and its full pass
            if gone() is None:
                break
            await asyncio.sleep(0.01)
        freed = gone() is None
        for _ in range(200):  # what outlived that full pass is set aside again, by the loop
            if gc.get_freeze_count() > 1000:
                break
            await asyncio.sleep(0.001)
        frozen = gc.get_freeze_count()
        steady.cancel()
        await asyncio.sleep(0)
        return young, held, freed, frozen, len(gc.callbacks)

    callbacks, thresholds = len(gc.callbacks), gc.get_threshold()
    young, held, freed, frozen, after = asyncio.run(go())
    assert young == 0  # set aside after a young pass too: the next passes never look at them again
    assert held and freed  # a cycle set aside is freed at the thaw, by its full pass
    assert frozen > 1000 and gc.get_threshold() == thresholds  # as they were
    assert after == callbacks and gc.get_freeze_count() == 0  # nothing left behind


@pytest.mark.parametrize("tick", [[], ["--tick", "0"]], ids=["its tick", "no tick"])
def test_two_players_finish_a_game_on_the_server_process_and_its_log_holds_every_event(tmp_path, tick):
    # the server as it is run (its collector policy, its log checkpointed on a worker thread, its loop's tick)
    port = free_port()
    proc = start_server(port, tmp_path, *tick)
    try:
        a, b, ra, rb = two_players(port, seed=12)
        until([ra, rb], lambda: ra.over and rb.over and ra.final and rb.final, timeout=120, step=take_a_set)
        assert ra.events == rb.events and len(ra.events) > 40
        assert ra.result() == rb.result()
        proc.send_signal(signal.SIGKILL)
        proc.wait(WAIT)
        log = RoomLog(tmp_path)
        (code, _room, logged, _state, _t), = log.rooms()
        log.close()
        assert code == a.room and logged == ra.events
        a.close()
        b.close()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(WAIT)


def test_a_server_killed_the_moment_members_got_events_of_several_rooms_had_logged_each_of_them(tmp_path):
    # several rooms play at once, so that one turn of the server's loop commits (once) and sends events
    # of more than one room; the server is killed as soon as the members hold 30 events between them,
    # while moves are still under way: whatever any member got was committed before it was sent
    port = free_port()
    proc = start_server(port, tmp_path)
    try:
        rooms = [two_players(port, seed=20 + k) for k in range(3)]
        sessions = [rs for _a, _b, ra, rb in rooms for rs in (ra, rb)]
        clients = [c for a, b, _ra, _rb in rooms for c in (a, b)]

        def got_enough() -> bool:
            if sum(len(rs.events) for rs in sessions) < 30:
                return False
            proc.send_signal(signal.SIGKILL)  # at once, from inside the loop that takes the events in
            return True

        until(sessions, got_enough, timeout=60, step=take_a_set)
        proc.wait(WAIT)
        until(sessions, lambda: not any(c.connected for c in clients), timeout=WAIT)  # what had come is taken
        log = RoomLog(tmp_path)
        logged = {code: events for code, _room, events, _state, _t in log.rooms()}
        log.close()
        assert sorted(logged) == sorted(a.room for a, *_ in rooms)
        for (a, _b, ra, rb) in rooms:
            for rs in (ra, rb):
                assert logged[a.room][:len(rs.events)] == rs.events  # every event a member saw was logged
        assert sum(len(rs.events) for rs in sessions) >= 30
        for c in clients:
            c.close(timeout=0.5, leave=False)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(WAIT)
