"""Seats kept on disk: a window killed mid-game takes its seat back with the token it kept."""

from __future__ import annotations

import json

import pytest
from net_driver import free_port, join, kill, next_of, open_room, take_a_set, until

from game.net.client import Client, RemoteSession
from game.net.hosting import ServerThread
from game.net.seats import FILE, KEEP, MOST, SeatBook

TOKEN = "t" * 32


@pytest.fixture
def server(tmp_path):
    st = ServerThread("127.0.0.1", 0, data=tmp_path / "rooms")
    yield st
    st.stop()


def lobby_until(c: Client, done, most: int = 50) -> dict:
    """The first lobby message from ``c`` whose seats satisfy ``done`` (at most ``most`` looked at)."""
    for _ in range(most):
        lobby = next_of(c, "lobby")
        if done(lobby["seats"]):
            return lobby
    raise AssertionError("no such lobby")


def test_a_seat_is_kept_found_refreshed_and_forgotten(tmp_path):
    book = SeatBook(tmp_path)
    assert book.latest() is None and book.notices == []
    assert book.remember("ws://h:1", "K7M29QXD", TOKEN, "Ann", 1, now=100.0)
    assert book.remember("ws://h:2", "ABCDEFGH", "u" * 32, "Ann", 0, now=200.0)
    again = SeatBook(tmp_path)  # read back from disk
    assert again.find("ws://h:1", "K7M29QXD", now=300.0)["token"] == TOKEN
    assert again.find("ws://h:2", "K7M29QXD", now=300.0) is None  # another server's room of that code
    assert again.latest(now=300.0)["room"] == "ABCDEFGH"
    assert again.find("ws://h:1", "K7M29QXD", now=100.0 + KEEP + 1) is None  # too old
    assert again.forget("ws://h:2", "ABCDEFGH") and SeatBook(tmp_path).latest(now=300.0)["room"] == "K7M29QXD"
    for k in range(MOST + 3):
        again.remember(f"ws://h:{10 + k}", "K7M29QXD", TOKEN, "Ann", 0, now=400.0 + k)
    assert len(SeatBook(tmp_path).seats(now=500.0)) == MOST
    with pytest.raises(ValueError):
        again.remember("ftp://h:1", "K7M29QXD", TOKEN)
    with pytest.raises(ValueError):
        again.remember("ws://h:1", "K7M29QXI", TOKEN)  # not a code the server gives


@pytest.mark.parametrize("body, kept, why", [
    ("{not json", 0, "damaged"),
    ('{"version": 9, "seats": []}', 0, "damaged"),
    ('[1, 2]', 0, "damaged"),
    (json.dumps({"version": 1, "seats": [
        {"server": "ws://h:1", "room": "K7M29QXD", "token": TOKEN, "name": "Ann", "seat": 1, "saved": 5.0},
        {"server": "ws://h:1", "room": "K7M29QXD", "token": 7, "name": "Ann", "seat": 1, "saved": 5.0},
        {"server": "ws://h:1", "room": "K7M29QXD", "token": TOKEN, "name": "Ann", "seat": True, "saved": 5.0},
        {"server": "ws://h:1", "room": "K7M29QXD", "token": TOKEN, "name": "A" * 99, "seat": 1, "saved": 5.0},
        "seat"]}), 1, "4 with bad fields"),
])
def test_a_damaged_seat_file_is_set_aside_with_a_notice(tmp_path, body, kept, why):
    (tmp_path / FILE).write_text(body)
    book = SeatBook(tmp_path)
    assert len(book.seats(now=10.0)) == kept
    assert len(book.notices) == 1 and why in book.notices[0] and "set aside" in book.notices[0]
    assert any(p.name.startswith(FILE + ".damaged-") for p in tmp_path.iterdir())
    assert len(SeatBook(tmp_path).seats(now=10.0)) == kept  # the good ones written back


def test_a_folder_in_the_seat_file_s_place_is_set_aside(tmp_path):
    (tmp_path / FILE).mkdir()
    book = SeatBook(tmp_path)
    assert book.latest() is None and "folder" in book.notices[0]
    assert book.remember("ws://h:1", "K7M29QXD", TOKEN, now=1.0) and book.latest(now=2.0)["token"] == TOKEN


def test_a_killed_window_takes_its_seat_back_from_disk_with_identical_events(server, tmp_path):
    a = open_room(server.port, "Ann", seed=9)
    b = join(server.port, a.room, "Bob", book=SeatBook(tmp_path / "bob"))
    a.send({"type": "start"})
    ra, rb = RemoteSession(a, next_of(a, "state")), RemoteSession(b, next_of(b, "state"))
    until([ra, rb], lambda: len(ra.events) >= 6 and len(rb.events) >= 6, timeout=60, step=take_a_set)
    kill(b)
    until([ra], lambda: 1 in ra.away(), timeout=10)
    until([ra], lambda: len(ra.events) >= 10, timeout=60, step=lambda rs: take_a_set(rs, turns=False))  # goes on

    book = SeatBook(tmp_path / "bob")  # a new program: only the disk remembers
    kept = book.find(f"ws://127.0.0.1:{server.port}", a.room)
    assert kept is not None and kept["seat"] == 1 and kept["name"] == "Bob" and book.notices == []
    b2 = Client("127.0.0.1", server.port, book=book, room=kept["room"], token=kept["token"])
    joined = next_of(b2, "joined")
    assert joined["seat"] == 1 and joined["token"] == kept["token"]
    rb2 = RemoteSession(b2, next_of(b2, "state"))
    room = server.server.rooms[a.room]
    until([ra], lambda: ra.events == room.session.events, timeout=10)
    assert rb2.events == room.session.events == ra.events and rb2.seat == 1
    until([ra], lambda: 1 not in ra.away(), timeout=10)
    until([ra, rb2], lambda: ra.over and rb2.over and ra.final and rb2.final, timeout=120, step=take_a_set)
    assert rb2.events == ra.events == room.session.events
    until([rb2], lambda: book.latest() is None, timeout=10)  # the game is over: nothing to take back
    assert SeatBook(tmp_path / "bob").find(f"ws://127.0.0.1:{server.port}", a.room) is None
    b2.close()
    a.close()


def test_a_kept_seat_the_room_no_longer_has_is_refused_and_forgotten(server, tmp_path):
    a = open_room(server.port, "Ann")
    b = join(server.port, a.room, "Bob", book=SeatBook(tmp_path / "bob"))
    assert SeatBook(tmp_path / "bob").latest() is None  # no game yet: nothing kept
    SeatBook(tmp_path / "bob").remember(b.uri, b.room, b.token, "Bob", 1)  # as a game would have
    kill(b)
    lobby_until(a, lambda seats: len(seats) == 2 and not seats[1]["connected"])
    book = SeatBook(tmp_path / "bob")
    kept = book.latest()
    a.send({"type": "unseat", "seat": 1})  # the host takes the departed seat away
    lobby_until(a, lambda seats: len(seats) == 1)
    b2 = Client("127.0.0.1", server.port, book=book, room=kept["room"], token=kept["token"])
    refused = next_of(b2, "error")
    assert "token" in refused["why"] and refused["local"] and b2.room is None
    assert SeatBook(tmp_path / "bob").latest() is None
    b2.close()
    a.close()


def test_a_kept_seat_on_a_server_that_is_no_more_is_said_at_once_and_forgotten(tmp_path):
    book = SeatBook(tmp_path)
    port = free_port()  # nothing listens there: the host's window (and its server) closed
    book.remember(f"ws://127.0.0.1:{port}", "K7M29QXD", TOKEN, "Ann", 0)
    c = Client("127.0.0.1", port, book=book, room="K7M29QXD", token=TOKEN)
    why = next_of(c, "error")["why"]
    assert "cannot reach" in why and "forgotten" in why
    assert next_of(c, "status").get("closed") and c.closed
    assert book.latest() is None and SeatBook(tmp_path).latest() is None
