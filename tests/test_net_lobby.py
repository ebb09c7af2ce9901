"""The window's online screens, headless: a seat taken back after the program died, the host removing a
departed player's seat (keys, mouse and pad), the lobby's words for adding seats."""

from __future__ import annotations

import pygame
import pytest
import test_net_scenes
from net_driver import join, kill, next_of, open_room
from scene_driver import click, press, top
from test_input import pad_press, ring_to
from test_net_scenes import step_until

from game.net.client import RemoteSession
from game.net.hosting import ServerThread
from game.net.protocol import show_code

online = test_net_scenes.online  # the window on the online screens (a fixture)


@pytest.fixture
def server(tmp_path):
    st = ServerThread("127.0.0.1", 0, data=tmp_path / "rooms")
    yield st
    st.stop()


def test_a_window_killed_mid_game_is_offered_its_seat_back_and_sees_the_same_game(online, server):
    app = online
    ann = open_room(server.port, "Ann", seed=4)
    scene = top(app)
    scene.fields[0].text, scene.fields[1].text = "Bob", f"127.0.0.1:{server.port}/{show_code(ann.room)}"
    press(app, pygame.K_RETURN)
    lobby = top(app)
    step_until(app, lambda: lobby.lobby is not None and len(lobby.lobby["seats"]) == 2)
    ann.send({"type": "start"})
    step_until(app, lambda: type(top(app)).__name__ == "ClassicScene")
    ra = RemoteSession(ann, next_of(ann, "state"))
    move = next(m for m in ra.game.legal_moves() if m.startswith("P1 set")).split(" ", 1)[1]
    ann.send({"type": "act", "action": move, "id": 1})
    room = server.server.rooms[ann.room]
    step_until(app, lambda: len(room.session.events) == 2)

    kill(top(app).session.client)  # the program dies; a new one starts on the same folder
    del app.seat_book
    app.manager.switch("online", {})
    app.step(0.0)
    rejoin = next(b for b in top(app).column.buttons if b.label.startswith("Rejoin"))
    assert rejoin.label == f"Rejoin {show_code(ann.room)} (Bob)"
    press(app, pygame.K_r, "r", pygame.KMOD_CTRL)
    step_until(app, lambda: type(top(app)).__name__ == "ClassicScene" and top(app).session.events)
    rs = top(app).session
    assert rs.seat == 1 and rs.events == room.session.events and rs.view(1)["scores"] == {"P1": 1, "P2": 0}

    assert app.seat_book.latest()["name"] == "Bob"  # still kept under the name
    top(app).session.client.close()  # Leave: the seat is not offered again
    app.manager.switch("online", {})
    app.step(0.0)
    assert not any(b.label.startswith("Rejoin") for b in top(app).column.buttons)
    ann.close()


def test_the_host_removes_a_departed_players_seat_and_a_bot_by_key_mouse_and_pad(online):
    app = online
    press(app, pygame.K_h, "h", pygame.KMOD_CTRL)
    lobby = top(app)
    step_until(app, lambda: lobby.lobby is not None and lobby.hosting)
    assert [b.label for b in lobby.host_buttons[3:]] == ["Add: Bot (human)", "Bot level: human"]
    press(app, pygame.K_l, "l")
    assert lobby.host_buttons[3].label == "Add: Bot (fast)"
    press(app, pygame.K_b, "b")
    step_until(app, lambda: len(lobby.lobby["seats"]) == 2)
    assert lobby.lobby["seats"][1]["name"] == "Bot (fast)"
    bob = join(app.room_server.port, lobby.lobby["room"], "Bob")
    step_until(app, lambda: len(lobby.lobby["seats"]) == 3)
    app.step(0.05)  # an update of the scene: the client's thread had the news first
    assert not lobby.remove_buttons[2].enabled  # Bob is here: his seat is his
    bob.send({"type": "unseat", "seat": 1})
    assert "only the host" in next_of(bob, "error")["why"]
    lobby.client.send({"type": "unseat", "seat": 2})
    step_until(app, lambda: "here keeps their seat" in lobby.notice)
    kill(bob)
    step_until(app, lambda: not lobby.lobby["seats"][2]["connected"])
    app.step(0.05)  # the scene takes the news (the client's thread had it first)
    assert lobby.remove_buttons[2].enabled and lobby.remove_buttons[1].enabled
    assert not lobby.remove_buttons[0].enabled  # the host's own seat
    app.surface = app.screen
    lobby.draw(app.screen)

    press(app, pygame.K_3, "3")  # the departed player's seat, by its number
    step_until(app, lambda: [s["name"] for s in lobby.lobby["seats"]] == ["Player", "Bot (fast)"])
    click(app, lobby.remove_buttons[1].rect.center)  # the bot, by mouse
    step_until(app, lambda: len(lobby.lobby["seats"]) == 1)

    press(app, pygame.K_b, "b")  # and again with a pad: the ring to the row's Remove, A
    step_until(app, lambda: len(lobby.lobby["seats"]) == 2)
    app.step(0.05)
    assert lobby.remove_buttons[1].rect in lobby.pad_targets()
    ring_to(app, lobby.remove_buttons[1].rect)
    pad_press(app, pygame.CONTROLLER_BUTTON_A)
    step_until(app, lambda: len(lobby.lobby["seats"]) == 1)


def test_the_play_scene_redraws_its_panel_as_soon_as_a_player_drops_not_at_the_next_move(online):
    app = online
    press(app, pygame.K_h, "h", pygame.KMOD_CTRL)
    lobby = top(app)
    step_until(app, lambda: lobby.lobby is not None and lobby.hosting)
    bob = join(app.room_server.port, lobby.lobby["room"], "Bob")
    step_until(app, lambda: len(lobby.lobby["seats"]) == 2)
    press(app, pygame.K_RETURN)
    step_until(app, lambda: type(top(app)).__name__ == "ClassicScene")
    scene = top(app)
    app.step(0.05)

    def panel_key():
        return next(key for rect, key in scene.regions() if rect == scene.frame.side)

    before, events = panel_key(), len(scene.session.events)
    assert scene.seat_name("P2") == "Bob"
    kill(bob)
    step_until(app, lambda: scene.seat_name("P2") == "Bob (reconnecting…)" and panel_key() != before)
    assert len(scene.session.events) == events  # no move made it: the drop alone


def test_a_damaged_seat_file_is_told_once_and_play_online_goes_on(online):
    app = online
    del app.seat_book
    (app.store.dir / "online.json").write_text('{"version": 1, "seats": [{"room": 5}]}')
    app.manager.switch("online", {})
    app.step(0.05)
    notice = top(app)
    assert type(notice).__name__ == "MessageScene" and "online seats" in notice.text and "set aside" in notice.text
    press(app, pygame.K_RETURN)  # OK
    assert type(top(app)).__name__ == "OnlineScene"
    assert not any(b.label.startswith("Rejoin") for b in top(app).column.buttons)
    app.manager.switch("online", {})
    app.step(0.05)
    assert type(top(app)).__name__ == "OnlineScene"  # told once
