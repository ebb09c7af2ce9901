"""The window's public games and spectators, headless with posted events: Play online lists a server's public
games and one click or Enter (or a pad's A) joins one; the lobby's Public toggle is the host's; a join refused
because the game is under way offers Watch, and a spectator's table is read-only, says WATCHING and counts."""

from __future__ import annotations

import pygame
import pytest
import test_net_scenes
from net_driver import join, next_of, open_room
from scene_driver import click, press, top
from test_input import pad_press
from test_net_scenes import step_until

from game.net.client import WATCHING, Client, public_games
from game.net.hosting import ServerThread
from game.net.protocol import show_code
from scenes.public import SERVER_ENV, describe

online = test_net_scenes.online  # the window on the online screens (a fixture)


@pytest.fixture
def server(tmp_path, monkeypatch):
    """A room server on its own thread; the window lists its public games (``SETARCADE_SERVER``)."""
    st = ServerThread("127.0.0.1", 0, data=tmp_path / "rooms")
    monkeypatch.setenv(SERVER_ENV, f"127.0.0.1:{st.port}")
    yield st
    st.stop()


def public_room(port: int, name: str = "Ann", bots: int = 0, start: bool = False) -> Client:
    """A room made public by its host ``name`` (with ``bots`` bots; its game started when ``start``)."""
    c = open_room(port, name)
    c.send({"type": "public", "on": True})
    for _ in range(bots):
        c.send({"type": "bot", "level": "casual"})
    for _ in range(50):
        lob = next_of(c, "lobby")
        if lob["public"] and len(lob["seats"]) == 1 + bots:
            break
    if start:
        c.send({"type": "start"})
        next_of(c, "state")
    return c


def fresh_online(app) -> object:
    app.manager.switch("online", {})
    app.step(0.0)
    scene = top(app)
    assert type(scene).__name__ == "OnlineScene"
    return scene


def shown(scene, server):
    """What the window's list and the server said, for a failure's message: the list's note and rows, its
    connection, and the server's own listing."""
    def why() -> str:
        c = scene.games.client
        state = "none" if c is None else f"connected={c.connected} closed={c.closed} ever={c.ever}"
        try:  # read from this thread while the server's runs: it may change meanwhile
            listed = server.server.public_rooms()
        except RuntimeError as e:
            listed = f"(not read: {e})"
        srv = server.server  # its messages wait (unsent) while its log refuses writes
        held = f"{len(srv.outbox)} messages unsent, writes refused: {srv.rewrite is not None}"
        return (f"list note {scene.games.note!r}, rows {len(scene.games.rows)}, connection {state}, "
                f"server: {listed}; {held}")
    return why


def test_describe_reads_a_public_game_as_its_row():
    assert describe({"code": "K7M29QXD", "mode": "classic", "players": 2, "free_seats": 2, "started": False}) \
        == "Join · Classic · 2 players · 2 free seats"
    assert describe({"code": "K7M29QXD", "mode": "memory", "players": 1, "free_seats": 3, "started": True,
                     "spectators": 4}) == "Watch · Memory · 1 player · under way · 4 watching"


def test_play_online_lists_the_public_games_and_enter_joins_one(online, server):
    app = online
    ann = public_room(server.port, "Ann")
    hidden = open_room(server.port, "Pat")  # private: never listed
    scene = fresh_online(app)
    step_until(app, lambda: len(scene.games.rows) == 1, why=shown(scene, server))
    row = scene.games.rows[0]
    assert row.label == "Join · Classic · 1 player · 3 free seats" and scene.games.games[0]["code"] == ann.room
    assert hidden.room not in [g["code"] for g in scene.games.games]
    app.surface = app.screen
    scene.draw(app.screen)
    press(app, pygame.K_RIGHT)  # the keys go to the list: its first row
    assert scene.on_list and row.focus and not any(b.focus for b in scene.column.buttons)
    press(app, pygame.K_LEFT)
    assert not scene.on_list and not row.focus
    pad_press(app, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)  # a pad: its D-pad to the list, A joins
    assert scene.on_list and row.focus
    pad_press(app, pygame.CONTROLLER_BUTTON_A)
    lobby = top(app)
    assert type(lobby).__name__ == "LobbyScene"
    step_until(app, lambda: lobby.lobby is not None and len(lobby.lobby["seats"]) == 2)
    assert lobby.lobby["room"] == ann.room and lobby.lobby["seat"] == 1 and not lobby.hosting
    lobby.refresh()
    assert not lobby.public_button.enabled  # the guest's Public is not offered
    ann.close()
    hidden.close()


def test_a_click_on_a_public_game_under_way_watches_it_read_only(online, server):
    app = online
    ann = public_room(server.port, "Ann", bots=1, start=True)
    scene = fresh_online(app)
    step_until(app, lambda: len(scene.games.rows) == 1, why=shown(scene, server))
    assert scene.games.rows[0].label.startswith("Watch · Classic · 2 players · under way")
    click(app, scene.games.rows[0].rect.center)
    step_until(app, lambda: type(top(app)).__name__ == "ClassicScene")
    table = top(app)
    assert table.watching and table.locked and table.humans == [] and table.session.seat == -1
    assert not any(b.enabled for b in table.side_buttons)
    step_until(app, lambda: table.session.audience == 1)
    app.surface = app.screen
    table.draw_top(app.screen)
    from scenes.watch import audience_tag
    assert audience_tag(table) == "WATCHING · 1 spectator"
    events = len(table.session.events)
    click(app, table.slots()[table.table[0]])  # a card (where it lies): no pick, a message instead
    assert table.toast.s == WATCHING and not table.selected
    table.toast.clear()
    press(app, pygame.K_SPACE, " ")  # a call: the same
    assert table.toast.s == WATCHING and len(table.session.events) == events
    room = server.server.rooms[ann.room]
    assert room.spectators() == 1 and [x.name for x in room.seats] == ["Ann", "Bot (casual)"]
    ann.send({"type": "end"})  # the host ends it: the spectator sees the results, then the room again
    step_until(app, lambda: type(top(app)).__name__ == "ResultsScene")
    results = top(app)
    assert "rating" not in results.data and results.column.buttons[1].label == "Back to the room"
    press(app, pygame.K_RETURN)
    lobby = top(app)
    assert type(lobby).__name__ == "LobbyScene" and lobby.client.watching
    step_until(app, lambda: lobby.lobby is not None and not lobby.lobby["playing"])
    lobby.refresh()
    assert not lobby.hosting and not lobby.column.buttons[0].enabled and not lobby.public_button.enabled
    assert lobby.column.buttons[0].label == "The host starts"
    ann.close()


def test_a_join_refused_because_the_game_is_under_way_offers_watch(online, server):
    app = online
    ann = public_room(server.port, "Ann", bots=1, start=True)
    scene = fresh_online(app)
    scene.fields[1].text = f"127.0.0.1:{server.port}/{show_code(ann.room)}"
    press(app, pygame.K_RETURN)  # Join
    step_until(app, lambda: type(top(app)).__name__ == "OnlineScene" and top(app) is not scene)
    back = top(app)
    watch = back.column.buttons[0]
    assert watch.label == f"Watch {show_code(ann.room)}" and watch.focus and "under way" in back.error
    assert back.fields[1].text.endswith(show_code(ann.room))  # what was typed stays
    pad_press(app, pygame.CONTROLLER_BUTTON_A)  # a pad's A presses the focused Watch
    step_until(app, lambda: type(top(app)).__name__ == "ClassicScene")
    assert top(app).watching
    lob = next(m for m in iter(lambda: next_of(ann, "lobby"), None) if m["spectators"] == 1)
    assert lob["host"] == 0
    ann.close()


def test_the_hosts_public_toggle_lists_the_room_by_key_and_mouse(online):
    app = online
    press(app, pygame.K_h, "h", pygame.KMOD_CTRL)
    lobby = top(app)
    step_until(app, lambda: lobby.lobby is not None and lobby.hosting)
    looker = Client("127.0.0.1", app.room_server.port)
    assert public_games(looker, 20) == [] and not lobby.lobby["public"]
    lobby.refresh()
    assert lobby.public_button.enabled and lobby.public_button.label == "Public: off"
    assert lobby.public_button.rect in lobby.pad_targets()
    press(app, pygame.K_p, "p")
    step_until(app, lambda: lobby.lobby["public"])
    lobby.refresh()
    assert lobby.public_button.label == "Public: on"
    assert [g["code"] for g in public_games(looker, 20)] == [lobby.lobby["room"]]
    bob = join(app.room_server.port, lobby.lobby["room"], "Bob")
    bob.send({"type": "public", "on": False})  # a guest's is refused
    assert "only the host" in next_of(bob, "error")["why"]
    app.surface = app.screen
    lobby.draw(app.screen)
    click(app, lobby.public_button.rect.center)
    step_until(app, lambda: not lobby.lobby["public"])
    assert public_games(looker, 20) == []
    watcher = Client("127.0.0.1", app.room_server.port)
    watcher.send({"type": "watch", "room": lobby.lobby["room"]})
    step_until(app, lambda: lobby.lobby["spectators"] == 1)
    lobby.draw(app.screen)
    for c in (looker, bob, watcher):
        c.close()
