"""The window's online screens, headless: host a game, the lobby's seats and bots, start, join by code."""

from __future__ import annotations

import time

import pygame
import pytest
from net_driver import WAIT
from scene_driver import press, top

import scenes
from game.net.client import RemoteSession
from game.net.protocol import parse_address, show_code
from game.net.seats import SeatBook


@pytest.fixture
def online(app, monkeypatch):
    monkeypatch.setitem(scenes.SCENES, "online", "scenes.online:OnlineScene")
    monkeypatch.setitem(scenes.SCENES, "lobby", "scenes.lobby:LobbyScene")
    app.manager.switch("online", {})
    app.step(0.0)
    yield app
    server = getattr(app, "room_server", None)
    for s in app.manager.stack:  # the lobby's client, or a play scene's (through its remote session)
        client = s.connection()
        if client is not None:
            client.close()
    if server is not None:
        server.stop()


def step_until(app, done, timeout: float = WAIT, why=None) -> None:
    """Step the window (frames of dt 0.05) until ``done()``; between frames, wait (at most 50 ms) for
    the top scene's connection (``Scene.connection``) to have something in its queue.  ``why()``: what the
    failure message says of the state reached (the window's and the server's side of it)."""
    end = time.monotonic() + timeout
    for _ in range(100_000):
        if done():
            return
        assert time.monotonic() < end, "condition not met in time" + (f": {why()}" if why is not None else "")
        scene = top(app)
        client = scene.connection() if scene is not None else None
        if client is not None:
            with client.inbox.not_empty:
                client.inbox.not_empty.wait_for(lambda c=client: len(c.inbox.queue) > 0, timeout=0.05)
        app.step(0.05)
    raise AssertionError("condition not met in 100,000 frames" + (f": {why()}" if why is not None else ""))


def test_host_a_game_add_bots_and_start_shows_the_play_scene_with_a_remote_session(online):
    app = online
    press(app, pygame.K_h, "h", pygame.KMOD_CTRL)
    lobby = top(app)
    assert type(lobby).__name__ == "LobbyScene" and lobby.lan
    step_until(app, lambda: lobby.lobby is not None and lobby.hosting)
    assert len(lobby.lobby["room"]) == 8 and show_code(lobby.lobby["room"])[4] == "-"
    press(app, pygame.K_b, "b")  # a bot of the chosen level
    press(app, pygame.K_l, "l")
    press(app, pygame.K_b, "b")
    step_until(app, lambda: len(lobby.lobby["seats"]) == 3)
    assert [s["kind"] for s in lobby.lobby["seats"]] == ["remote", "bot:human", "bot:fast"]
    app.surface = app.screen
    lobby.draw(app.screen)  # draws the seats, the code and the host's controls without fail
    requests = []
    app.manager.switch = lambda name, data=None: requests.append((name, data or {}))
    press(app, pygame.K_RETURN)
    step_until(app, lambda: bool(requests))
    name, data = requests[0]
    assert name == "classic" and isinstance(data["session"], RemoteSession)
    rs = data["session"]
    assert rs.seats == ["remote", "bot:human", "bot:fast"] and rs.seat == 0 and not rs.over
    assert data["again"][0] == "lobby"


def test_join_by_code_finds_the_room_hosted_in_this_app(online, tmp_path):
    app = online
    press(app, pygame.K_h, "h", pygame.KMOD_CTRL)
    host = top(app)
    step_until(app, lambda: host.lobby is not None)
    code = host.lobby["room"]
    assert parse_address(f"{host.lan}/{code}")[2] == code
    # a second window on this machine would type the code; here the same app joins a second time (with a
    # folder of its own: its own would hold the host's seat, and typing that room's code takes it back)
    app.seat_book = SeatBook(tmp_path / "second")
    app.manager.switch("online", {})
    app.step(0.0)
    online_scene = top(app)
    online_scene.fields[1].text = ""
    for ch in show_code(code).lower():
        press(app, 0, ch)
    press(app, pygame.K_RETURN)
    guest = top(app)
    step_until(app, lambda: guest.lobby is not None and len(guest.lobby["seats"]) == 2)
    assert guest.lobby["seat"] == 1 and not guest.hosting
    host.client.close()


def test_the_classic_scene_plays_an_online_game_from_its_remote_session(online):
    app = online
    press(app, pygame.K_h, "h", pygame.KMOD_CTRL)
    lobby = top(app)
    step_until(app, lambda: lobby.lobby is not None and lobby.hosting)
    press(app, pygame.K_RETURN)
    step_until(app, lambda: type(top(app)).__name__ == "ClassicScene")
    scene = top(app)
    rs = scene.session
    assert isinstance(rs, RemoteSession) and rs.seat == 0
    for k in range(3):
        move = next(m for m in rs.game.legal_moves() if m.startswith("P1 set"))
        scene.play(move)  # sent to the server; its events come back through the session's tick
        step_until(app, lambda k=k: rs.view(0)["scores"]["P1"] == k + 1 and scene.link.seen == len(rs.events))
    assert scene.v["score"] == 3
    assert rs.events == app.room_server.server.rooms[lobby.lobby["room"]].session.events


def test_closing_the_window_stops_its_hosted_room_and_its_connection(online):
    app = online
    press(app, pygame.K_h, "h", pygame.KMOD_CTRL)
    lobby = top(app)
    step_until(app, lambda: lobby.lobby is not None and lobby.hosting)
    server, client = app.room_server, lobby.client
    app.close()
    assert not server.thread.is_alive() and not client.thread.is_alive() and app.room_server is None
