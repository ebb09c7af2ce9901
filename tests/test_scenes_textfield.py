"""Text fields headless: the online name is kept across launches, and every field (the online name and room, the
setup's deal code, the custom keyboard) takes Ctrl+A, Backspace, Ctrl+Backspace / Ctrl+W and Ctrl+V."""

from __future__ import annotations

import json

import pygame
import pytest
from scene_driver import make_app, press, top, type_char

from game.codes import short_code
from scenes.menu import MenuScene
from scenes.online import OnlineScene
from scenes.setup import SetupScene

CTRL = pygame.KMOD_LCTRL


@pytest.fixture
def app(tmp_path):
    a = make_app(tmp_path)
    yield a
    pygame.quit()


def open_online(app) -> OnlineScene:
    app.manager.switch("online", {})
    app.step(0.0)
    scene = top(app)
    press(app, pygame.K_TAB)  # from the room field to the name
    assert scene.focus == 0
    return scene


def type_text(app, text: str) -> None:
    for ch in text:
        type_char(app, ch)


def select_all(app) -> None:
    press(app, pygame.K_a, "\x01", CTRL)


def restart(app, tmp_path):
    """Close the window and open a new one on the same data folder."""
    app.close()
    pygame.quit()
    return make_app(tmp_path)


def test_the_name_typed_is_shown_after_a_restart(app, tmp_path):
    scene = open_online(app)
    assert scene.fields[0].text == "Player"
    select_all(app)
    type_text(app, "ann 2")
    press(app, pygame.K_ESCAPE)  # Esc leaves for the menu, as before
    app.step(0.0)
    assert isinstance(top(app), MenuScene)
    again = restart(app, tmp_path)
    assert open_online(again).fields[0].text == "ann 2"
    select_all(again)
    type_text(again, "bo")
    again2 = restart(again, tmp_path)  # the window closed on the online screen: the name is kept too
    assert open_online(again2).fields[0].text == "bo"


def test_ctrl_a_then_typing_replaces_and_backspace_clears(app):
    scene = open_online(app)
    field = scene.fields[0]
    assert field.selected  # Tab into a field selects its text
    press(app, pygame.K_END)
    assert not field.selected
    select_all(app)
    assert field.selected
    type_char(app, "z")
    assert (field.text, field.selected) == ("z", False)
    type_text(app, "oe")
    select_all(app)
    press(app, pygame.K_BACKSPACE)
    assert field.text == ""
    press(app, pygame.K_BACKSPACE)  # nothing left: nothing happens, no error
    assert (field.text, scene.error) == ("", "")


def test_ctrl_backspace_and_ctrl_w_take_the_last_word(app):
    scene = open_online(app)
    field = scene.fields[0]
    select_all(app)
    type_text(app, "ann lee x")
    press(app, pygame.K_BACKSPACE, "\x08", CTRL)
    assert field.text == "ann lee "
    press(app, pygame.K_w, "\x17", CTRL)
    assert field.text == "ann "
    press(app, pygame.K_BACKSPACE)
    assert field.text == "ann"


def test_ctrl_v_pastes_the_first_line_up_to_the_limit(app):
    scene = open_online(app)
    field = scene.fields[0]
    pygame.scrap.put_text("  Zoe from the office with a long name\nsecond line")
    select_all(app)
    press(app, pygame.K_v, "\x16", CTRL)
    assert field.text == "Zoe from the off"  # 16 characters: the field's limit
    assert "At most 16 characters" in scene.error
    press(app, pygame.K_TAB)  # the room field gains the same keys
    pygame.scrap.put_text("k7m2-9qxd")
    press(app, pygame.K_v, "\x16", CTRL)
    assert (scene.fields[1].text, scene.error) == ("k7m2-9qxd", "")


def test_enter_still_joins_from_the_room_field(app):
    scene = open_online(app)
    press(app, pygame.K_TAB)
    type_text(app, "nonsense!")
    press(app, pygame.K_RETURN)  # not a room code: the reason, and the text stays
    assert isinstance(top(app), OnlineScene) and scene.error and scene.fields[1].text == "nonsense!"


def test_a_damaged_name_in_the_settings_is_reset_with_a_notice(tmp_path):
    (tmp_path / "settings.json").write_text(json.dumps({"version": 1, "online_name": "x" * 300}),
                                            encoding="utf-8")
    app = make_app(tmp_path)
    assert app.settings["online_name"] == "" and any("online_name" in n for n in app.store.notices), \
        app.store.notices
    assert open_online(app).fields[0].text == "Player"
    pygame.quit()


def test_the_deal_code_field_takes_a_pasted_code_over_a_selected_one(app):
    app.manager.switch("setup", {"mode": "classic"})
    app.step(0.0)
    scene: SetupScene = top(app)
    press(app, pygame.K_c, "c")
    type_text(app, "wrong")
    pygame.scrap.put_text(short_code("classic", 31337) + "\n")
    select_all(app)
    press(app, pygame.K_v, "\x16", CTRL)
    assert scene.entry.text == short_code("classic", 31337)
    press(app, pygame.K_RETURN)
    assert (scene.entry, scene.seed) == (None, 31337)


def test_the_custom_keyboard_field_takes_ctrl_a_and_ctrl_w(app):
    app.manager.switch("settings", {})
    app.step(0.0)
    scene = top(app)
    scene.type_keys()  # what choosing "Custom…" on the keyboard row opens
    entry = scene.entry
    type_text(app, "abc-def")
    press(app, pygame.K_w, "\x17", CTRL)
    assert entry.text == "abc-"
    press(app, pygame.K_w, "\x17", CTRL)
    assert entry.text == "abc"
    select_all(app)
    type_char(app, "q")
    assert entry.text == "q"
