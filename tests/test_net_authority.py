"""Who may do what in a room: a guest cannot end the game, the host role passes on, strangers see the
lobby only, seeds stay in range and are the server's, a stale pick is excused only within the lag
window, and a room with nobody connected waits."""

from __future__ import annotations

import time

import pygame
import pytest
import test_net_scenes
from net_driver import join, kill, next_of, open_room, until
from scene_driver import press, top
from test_net_scenes import step_until

from game.cards import code
from game.errors import IllegalMove
from game.net.client import Client, RemoteSession
from game.net.hosting import ServerThread
from game.net.protocol import ProtocolError, parse, show_code
from game.net.room import LAG_SLACK, SEEDS, Room
from game.net.roomlog import RoomLog
from game.net.server import Server

online = test_net_scenes.online  # the window on the online screens (a fixture)


@pytest.fixture
def server(tmp_path):
    st = ServerThread("127.0.0.1", 0, data=tmp_path / "rooms", fixed_seeds=True, host_grace=0.3)
    yield st
    st.stop()


def lobby_where(c: Client, done, count: int = 50) -> dict:
    """The first lobby message from ``c`` for which ``done(lobby)`` holds (at most ``count`` looked at)."""
    for _ in range(count):
        lob = next_of(c, "lobby")
        if done(lob):
            return lob
    raise AssertionError("no such lobby")


def a_set(rs: RemoteSession, seat: int) -> str:
    return next(m for m in rs.game.legal_moves() if m.startswith(f"P{seat + 1} set")).split(" ", 1)[1]


# ----- 1. authority: ending the game is the host's --------------------------------------------------
def test_a_guests_end_is_refused_and_play_goes_on_while_the_hosts_end_ends_it_for_everyone(server):
    a = open_room(server.port, "Ann")
    b = join(server.port, a.room, "Bob")
    a.send({"type": "start"})
    ra, rb = RemoteSession(a, next_of(a, "state")), RemoteSession(b, next_of(b, "state"))
    room = server.server.rooms[a.room]
    for k, action in enumerate(("end", "P2 end", "END")):
        b.send({"type": "act", "action": action, "id": 7 + k})
        refused = next_of(b, "refused")
        assert refused["id"] == 7 + k and "only the host" in refused["why"]
    b.send({"type": "end"})
    assert "only the host" in next_of(b, "error")["why"]
    assert room.playing and room.session.events == []
    rb.act(1, a_set(rb, 1), 0.0)  # play goes on: Bob takes a Set
    until([ra, rb], lambda: len(ra.events) == len(rb.events) == 2, timeout=10)
    assert rb.view(1)["scores"]["P2"] == 1 and not room.session.over

    a.send({"type": "end"})  # the host ends it
    assert next_of(a, "over")["result"] and next_of(b, "over")["result"]
    assert room.session.over and room.session.events[-1].startswith("end ")
    a.send({"type": "end"})
    assert "no game" in next_of(a, "error")["why"]

    a.send({"type": "start"})  # the host's own act "end" ends it too
    next_of(a, "state")
    a.send({"type": "act", "action": "end", "id": 3})
    assert next_of(a, "over") and room.session.over
    a.close()
    b.close()


def test_the_hosts_window_asks_before_ending_the_game_for_everyone(online):
    app = online
    press(app, pygame.K_h, "h", pygame.KMOD_CTRL)
    lobby = top(app)
    step_until(app, lambda: lobby.lobby is not None and lobby.hosting)
    bob = join(app.room_server.port, lobby.lobby["room"], "Bob")
    step_until(app, lambda: len(lobby.lobby["seats"]) == 2)
    press(app, pygame.K_RETURN)
    step_until(app, lambda: type(top(app)).__name__ == "ClassicScene")
    room = app.room_server.server.rooms[lobby.lobby["room"]]
    press(app, pygame.K_ESCAPE)
    pause = top(app)
    assert type(pause).__name__ == "PauseScene"
    assert [b.label for b in pause.column.buttons][-1] == "End game for everyone"
    press(app, pygame.K_e, "e")
    assert pause.asking and [b.label for b in pause.column.buttons] == ["No", "Yes, end it"]
    app.surface = app.screen
    pause.draw(app.screen)  # "End the game for everyone?"
    press(app, pygame.K_n, "n")  # No: nothing is sent
    assert not pause.asking and top(app) is pause
    press(app, pygame.K_e, "e")
    press(app, pygame.K_y, "y")
    step_until(app, lambda: room.session.over)
    assert room.session.events[-1].startswith("end ") and next_of(bob, "over")
    bob.close()


def test_a_guests_window_offers_no_end_for_everyone(online, server):
    app = online
    ann = open_room(server.port, "Ann")
    scene = top(app)
    scene.fields[0].text, scene.fields[1].text = "Bob", f"127.0.0.1:{server.port}/{show_code(ann.room)}"
    press(app, pygame.K_RETURN)
    lobby = top(app)
    step_until(app, lambda: lobby.lobby is not None and len(lobby.lobby["seats"]) == 2)
    ann.send({"type": "start"})
    step_until(app, lambda: type(top(app)).__name__ == "ClassicScene")
    press(app, pygame.K_ESCAPE)
    pause = top(app)
    assert type(pause).__name__ == "PauseScene" and pause.end_all is None
    assert "End game for everyone" not in [b.label for b in pause.column.buttons]
    press(app, pygame.K_e, "e")
    assert not pause.asking
    ann.close()


def test_end_is_a_message_of_the_protocol_with_no_fields():
    assert parse('{"type": "end"}') == {"type": "end"}
    with pytest.raises(ProtocolError, match="unknown field"):
        parse('{"type": "end", "seat": 1}')


def test_leave_gives_up_only_ones_own_seat(server):
    a = open_room(server.port, "Ann")
    b = join(server.port, a.room, "Bob")
    c = join(server.port, a.room, "Cy")
    a.send({"type": "start"})
    next_of(a, "state")
    b.send({"type": "leave"})
    next_of(b, "left")
    room = server.server.rooms[a.room]
    assert [x.gone for x in room.seats] == [False, True, False] and room.playing and room.host == 0
    a.close()
    c.close()


# ----- 2. the host role passes on -----------------------------------------------------------------
def test_a_host_who_leaves_mid_game_hands_the_role_on_and_the_new_host_starts_the_next_game(server):
    a = open_room(server.port, "Ann")
    b = join(server.port, a.room, "Bob")
    c = join(server.port, a.room, "Cy")
    a.send({"type": "start"})
    next_of(b, "state")
    a.send({"type": "leave"})  # the host goes during the game
    lob = lobby_where(b, lambda lob: lob["host"] != 0)
    assert lob["host"] == 1 and lob["playing"]  # Bob came before Cy: the longest present
    assert lobby_where(c, lambda lob: lob["host"] == 1)
    c.send({"type": "start"})
    assert "only the host" in next_of(c, "error")["why"]
    b.send({"type": "end"})  # the new host may end it
    next_of(b, "over")
    b.send({"type": "bot", "level": "expert"})  # ... add bots and start the next game
    b.send({"type": "start"})
    state = next_of(b, "state")
    assert state["game"] == 2 and state["names"] == ["Bob", "Cy", "Bot (expert)"] and state["seat"] == 0
    assert server.server.rooms[b.room].host == 0
    b.close()
    c.close()


def test_a_host_whose_connection_is_gone_past_the_grace_hands_the_role_on_and_keeps_a_short_drop(server):
    a = open_room(server.port, "Ann")
    b = join(server.port, a.room, "Bob")
    room = server.server.rooms[a.room]
    a.send({"type": "start"})
    next_of(a, "state")
    a.cut()  # a dropped connection, made again at once: still the host
    next_of(a, "joined")
    assert room.host == 0
    kill(a)  # gone for good: after the grace (0.3 s here) Bob hosts
    lob = lobby_where(b, lambda lob: lob["host"] == 1)
    assert not lob["seats"][0]["connected"] and lob["playing"]
    b.close()


def test_the_lobby_scene_shows_the_host_and_gives_the_new_host_the_controls(online):
    app = online
    press(app, pygame.K_h, "h", pygame.KMOD_CTRL)
    lobby = top(app)
    step_until(app, lambda: lobby.lobby is not None and lobby.hosting)
    app.room_server.server.host_grace = 0.0
    bob = join(app.room_server.port, lobby.lobby["room"], "Bob")
    step_until(app, lambda: len(lobby.lobby["seats"]) == 2)
    bob_lobby = lobby_where(bob, lambda lob: len(lob["seats"]) == 2)
    assert bob_lobby["host"] == 0
    lobby.client.send({"type": "leave"})  # the window's player leaves: Bob hosts
    assert lobby_where(bob, lambda lob: lob["host"] == 0 and len(lob["seats"]) == 1)["seat"] == 0
    bob.close()


# ----- 3. strangers -------------------------------------------------------------------------------
def test_a_stranger_after_a_game_sees_the_lobby_never_its_events_or_names_and_plays_the_next(server):
    a = open_room(server.port, "Ann")
    b = join(server.port, a.room, "Bob")
    c = join(server.port, a.room, "Cy")
    a.send({"type": "start"})
    ra = RemoteSession(a, next_of(a, "state"))
    ra.act(0, a_set(ra, 0), 0.0)
    until([ra], lambda: len(ra.events) == 2, timeout=10)
    c.send({"type": "leave"})  # Cy leaves during the game: the seat stays, named, until it ends
    next_of(c, "left")
    a.send({"type": "end"})
    next_of(a, "over")
    got: list[dict] = []
    eve = Client("127.0.0.1", server.port)
    eve.send({"type": "join", "room": a.room, "name": "Eve"})
    joined = next_of(eve, "joined", seen=got)
    lob = next_of(eve, "lobby", seen=got)
    assert joined["seat"] == 3 and not joined["host"]
    assert [m["type"] for m in got] == ["status", "joined", "lobby"]  # no state: not the game she was not in
    assert lob["result"] is None and lob["game"] == 1 and not lob["playing"]
    text = repr([{k: v for k, v in m.items() if k != "token"} for m in got])  # a token's random letters may spell it
    assert "Cy" not in text and not any(e in text for e in ra.events)
    assert next_of(a, "lobby")["result"]  # the players of that game still see its result
    a.send({"type": "start"})  # the next game: Eve plays it
    state = next_of(eve, "state")
    assert state["game"] == 2 and state["names"] == ["Ann", "Bob", "Eve"] and state["seat"] == 2
    for x in (a, b, eve):
        x.close()


def test_a_stranger_gets_no_state_of_a_finished_game_from_a_room_restored_after_a_restart(tmp_path):
    rec_room = Room("K7M29QXD", lambda conns, text: None, seed=3)
    rec_room.add_person("Ann")
    rec_room.start(0, 0.0)
    rec_room.end(0, 1.0)
    seat, _token = rec_room.add_person("Eve")
    again = Room.restore("K7M29QXD", lambda conns, text: None, rec_room.record(), list(rec_room.session.events),
                         None, 5.0)
    assert again.played(0) and not again.played(seat) and again.lobby(seat)["result"] is None


# ----- 4. seeds -------------------------------------------------------------------------------------
def test_the_seeds_of_later_games_stay_within_the_protocols_range():
    room = Room("K7M29QXD", lambda conns, text: None, seed=SEEDS - 1)
    room.add_person("Ann")
    seeds = []
    for k in range(3):
        room.start(0, float(k))
        seeds.append(room.session.seed)
        room.end(0, k + 0.5)
    assert seeds == [SEEDS - 1, 0, 1]
    free = Room("K7M29QXD", lambda conns, text: None)
    free.add_person("Ann")
    free.start(0, 0.0)
    assert 0 <= free.session.seed < SEEDS


def test_a_host_cannot_choose_the_seed_of_an_online_game_only_a_server_for_tests_deals_it():
    st = ServerThread("127.0.0.1", 0)  # a server for players
    try:
        seeds = set()
        for _ in range(2):
            a = open_room(st.port, "Ann", seed=5)
            a.send({"type": "start"})
            next_of(a, "state")
            seeds.add(st.server.rooms[a.room].session.seed)
            a.close()
        assert 5 not in seeds and len(seeds) == 2
    finally:
        st.stop()
    st = ServerThread("127.0.0.1", 0, fixed_seeds=True)
    try:
        a = open_room(st.port, "Ann", seed=5)
        a.send({"type": "start"})
        next_of(a, "state")
        assert st.server.rooms[a.room].session.seed == 5
        a.close()
    finally:
        st.stop()


# ----- 5. seen: excused only within a round trip plus 0.5 s ---------------------------------------------
def stale_pick(room: Room, taken: str) -> str:
    table = [code(c) for c in room.session.game.table]
    return f"set {taken} {table[0]} {table[1]}"


def bobs_set(room: Room) -> str:
    return next(m.split(" ", 1)[1] for m in room.session.game.legal_moves() if m.startswith("P2 set"))


def two_seats() -> Room:
    room = Room("K7M29QXD", lambda conns, text: None, seed=5)
    room.add_person("Ann")
    room.add_person("Bob")
    room.start(0, 0.0)
    return room


@pytest.mark.parametrize("called", [True, False])
def test_a_stale_pick_two_seconds_after_the_set_costs_a_miss(called):
    room = two_seats()
    s = room.session
    bobs = bobs_set(room)
    room.act(1, bobs, 1.0, 1, seen=0)
    if called:
        room.act(0, "call", 2.9, 1, seen=0)
    events = room.act(0, stale_pick(room, bobs.split()[1]), 3.0, 2, seen=0)  # 2 s after the Set
    assert events[-1].startswith("P1 miss") and s.caller is None
    assert s.view()["misses"] == {"P1": 1, "P2": 0} and s.view()["scores"] == {"P1": -1, "P2": 1}
    assert [e.split()[1] for e in s.events[2:]] == ["call", "miss"]


def test_a_stale_pick_inside_the_window_lapses_free_and_the_round_trip_widens_the_window():
    room = two_seats()
    s = room.session
    bobs = bobs_set(room)
    room.act(1, bobs, 1.0, 1, seen=0)
    room.act(0, "call", 1.1, 1, seen=0)
    with pytest.raises(IllegalMove, match="too late"):
        room.act(0, stale_pick(room, bobs.split()[1]), 1.0 + LAG_SLACK * 0.9, 2, seen=0)
    assert s.events[-1].startswith("P1 lapse") and s.view()["misses"] == {"P1": 0, "P2": 0}

    room = two_seats()  # 1.2 s late: free with a round trip of 1 s, a miss with none
    bobs = bobs_set(room)
    room.act(1, bobs, 1.0, 1, seen=0)
    with pytest.raises(IllegalMove, match="too late"):
        room.act(0, stale_pick(room, bobs.split()[1]), 2.2, 2, seen=0, lag=1.0)
    room = two_seats()
    room.act(1, bobs, 1.0, 1, seen=0)
    assert room.act(0, stale_pick(room, bobs.split()[1]), 2.2, 2, seen=0, lag=0.0)[-1].startswith("P1 miss")
    room = two_seats()  # a round trip held back by the client counts at most 2 s
    room.act(1, bobs, 1.0, 1, seen=0)
    assert room.act(0, stale_pick(room, bobs.split()[1]), 4.0, 2, seen=0, lag=60.0)[-1].startswith("P1 miss")


def test_a_member_back_after_the_set_is_judged_from_when_the_whole_game_reached_it():
    room = two_seats()
    bobs = bobs_set(room)
    room.act(1, bobs, 1.0, 1, seen=0)
    room.seats[0].since = 5.0  # Ann's window came back at 5 s: the whole game reached her then
    with pytest.raises(IllegalMove, match="too late"):
        room.act(0, stale_pick(room, bobs.split()[1]), 5.2, 2, seen=0)


def test_over_the_network_a_pick_two_seconds_stale_is_a_miss(server):
    a = open_room(server.port, "Ann", seed=5)
    b = join(server.port, a.room, "Bob")
    a.send({"type": "start"})
    next_of(a, "state")
    rb = RemoteSession(b, next_of(b, "state"))
    room = server.server.rooms[a.room]
    bobs = a_set(rb, 1)
    stale = stale_pick(room, bobs.split()[1])
    rb.act(1, bobs, 0.0)
    until([rb], lambda: len(rb.events) == 2, timeout=10)
    sent = room.changes[-1][1]
    until([], lambda: server.server.now() > sent + 2.0, timeout=10)  # the Set reached Ann 2 s ago
    a.send({"type": "act", "action": stale, "id": 9, "seen": 0})  # she says she had not seen it
    ev = next_of(a, "event")
    while ev["n"] < 4:
        ev = next_of(a, "event")
    assert ev["move"].startswith("P1 miss") and ev["id"] == 9
    assert room.session.view()["misses"]["P1"] == 1
    a.close()
    b.close()


# ----- 6. a room with nobody connected waits ---------------------------------------------------------
def test_a_room_with_only_bots_and_no_connected_person_does_not_advance_its_clock(server):
    a = open_room(server.port, "Ann", seed=7)
    a.send({"type": "bot", "level": "expert"})
    a.send({"type": "start"})
    state = next_of(a, "state")
    room = server.server.rooms[a.room]
    token = a.token
    kill(a)
    until([], lambda: room.paused, timeout=10)
    clock, events, t = room.session.clock, list(room.session.events), server.server.now()
    until([], lambda: server.server.now() > t + 1.5, timeout=10)  # an expert would have played by now
    assert room.session.clock == clock and room.session.events == events and room.code not in server.server.timers
    back = Client("127.0.0.1", server.port, room=a.room, token=token)  # Ann comes back: the game goes on
    again = next_of(back, "state")
    assert again["game"] == state["game"] and abs(again["clock"] - clock) < 0.5
    until([], lambda: len(room.session.events) > len(events), timeout=20)  # the bot plays again
    back.close()


def test_bot_moves_keep_no_room_alive_and_a_restored_room_waits_for_someone(tmp_path):
    st = ServerThread("127.0.0.1", 0, data=tmp_path, fixed_seeds=True)
    try:
        a = open_room(st.port, "Ann", seed=7)
        a.send({"type": "bot", "level": "expert"})
        a.send({"type": "start"})
        next_of(a, "state")
        room = st.server.rooms[a.room]
        touched, wall = st.server.touched[a.room], time.time()
        until([], lambda: len(room.session.events) >= 2, timeout=20)  # the bot plays; Ann does nothing
        assert st.server.touched[a.room] == touched
        kept = {c: t for c, _rec, _ev, _st, t in RoomLog(tmp_path).rooms()}
        assert kept[a.room] <= wall + 0.05  # the log's idle clock did not move with the bot's moves
        kill(a)
    finally:
        st.stop()
    again = Server(tmp_path)
    try:
        assert again.restore() == 1
        room = again.rooms[a.room]
        assert room.playing and room.paused and room.due() is None
        clock = room.session.clock
        room.tick(room.session.last + 30.0)
        assert room.session.clock == clock
    finally:
        again.stop()



def test_the_last_game_keeps_the_names_it_was_played_with_after_the_host_swaps_a_bot(server):
    a = open_room(server.port, "Ann")
    a.send({"type": "bot", "level": "expert"})
    lobby_where(a, lambda lob: len(lob["seats"]) == 2)
    a.send({"type": "start"})
    next_of(a, "state")
    a.send({"type": "end"})
    next_of(a, "over")
    played = lobby_where(a, lambda lob: lob["result"] is not None)
    assert played["result_names"] == ["Ann", "Bot (expert)"]
    a.send({"type": "unseat", "seat": 1})  # the host swaps the bot for another level
    a.send({"type": "bot", "level": "beginner"})
    swapped = lobby_where(a, lambda lob: [s["name"] for s in lob["seats"]] == ["Ann", "Bot (beginner)"])
    assert swapped["result"] == played["result"] and swapped["result_names"] == ["Ann", "Bot (expert)"]
    a.close()
