"""Game controllers and keyboard layouts: posted controller events drive the menus and the table
(a ring moves over the cards, A picks, B unselects, Start pauses, shoulders call and undo), pads are
hot-seat players in Classic, pads come and go; layouts are chosen and typed in Settings."""

from __future__ import annotations

import pygame
from scene_driver import first_set, press, settle, step, top, type_char

from game.cards import card
from scenes.classic import ClassicScene
from scenes.input import Pads
from scenes.menu import MenuScene
from scenes.modes import MODES
from scenes.overlays import HelpScene, PauseScene
from scenes.settings import SettingsScene
from scenes.setup import SetupScene

B = pygame
SEED = 11


def pad_press(app, button: int, pad: int = 1) -> None:
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=pad, button=button))
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=pad, button=button))
    app.step(0.0)


def ring(app, pad: int = 1) -> pygame.Rect:
    targets = Pads.targets(top(app))
    return Pads.current(app.pads.pads[pad], targets)


def ring_to(app, rect: pygame.Rect, pad: int = 1) -> None:
    """Walk a pad's ring to ``rect`` with the D-pad (as a player would), at most 20 presses."""
    if pad not in app.pads.pads:
        pad_press(app, B.CONTROLLER_BUTTON_DPAD_UP, pad)
    for _ in range(20):
        at = ring(app, pad)
        if at.center == rect.center:
            return
        dx, dy = rect.centerx - at.centerx, rect.centery - at.centery
        if abs(dy) > at.h // 3:
            pad_press(app, B.CONTROLLER_BUTTON_DPAD_DOWN if dy > 0 else B.CONTROLLER_BUTTON_DPAD_UP, pad)
        else:
            pad_press(app, B.CONTROLLER_BUTTON_DPAD_RIGHT if dx > 0 else B.CONTROLLER_BUTTON_DPAD_LEFT, pad)
    raise AssertionError(f"the ring never reached {rect}")


def pad_pick(app, codes, pad: int = 1) -> None:
    scene = top(app)
    for c in codes:
        ring_to(app, scene.sprites[card(c)].rect(scene.art()), pad)
        pad_press(app, B.CONTROLLER_BUTTON_A, pad)


def classic(app, seats=("human",)):
    app.manager.switch("classic", {"seed": SEED, "options": {"players": len(seats)}, "seats": list(seats)})
    step(app, 1.0)
    settle(app)
    return top(app)


# ----- menus ----------------------------------------------------------------------------------
def test_the_d_pad_moves_through_the_menu_and_a_opens_and_b_goes_back(app):
    menu = top(app)
    focus = menu.focus if hasattr(menu, "focus") else None
    pad_press(app, B.CONTROLLER_BUTTON_DPAD_DOWN)
    pad_press(app, B.CONTROLLER_BUTTON_DPAD_UP)  # back on Classic
    assert getattr(top(app), "focus", None) == focus
    pad_press(app, B.CONTROLLER_BUTTON_A)
    assert isinstance(top(app), SetupScene) and top(app).mode == "classic"
    pad_press(app, B.CONTROLLER_BUTTON_B)
    assert isinstance(top(app), MenuScene)


def test_the_stick_leaning_is_one_press_until_it_comes_back(app):
    pads = app.pads
    made = pads.handle(pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=1,
                                          axis=B.CONTROLLER_AXIS_LEFTY, value=30000))
    again = pads.handle(pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=1,
                                           axis=B.CONTROLLER_AXIS_LEFTY, value=31000))
    pads.handle(pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=1, axis=B.CONTROLLER_AXIS_LEFTY,
                                   value=0))
    back = pads.handle(pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=1,
                                          axis=B.CONTROLLER_AXIS_LEFTY, value=-30000))
    assert [e.key for e in made] == [pygame.K_DOWN] and again == [] and [e.key for e in back] == [pygame.K_UP]


# ----- the table --------------------------------------------------------------------------------
def test_a_pad_takes_a_set_with_the_ring_and_a(app):
    scene = classic(app)
    s = first_set(scene)
    pad_pick(app, s)
    assert scene.game.history[-1].startswith("P1 set")
    assert app.pads.rings()  # the ring is shown while the pad is in use


def test_b_unselects_and_start_pauses(app):
    scene = classic(app)
    pad_pick(app, first_set(scene)[:2])
    assert len(scene.selected) == 2
    pad_press(app, B.CONTROLLER_BUTTON_B)
    assert scene.selected == []
    pad_press(app, B.CONTROLLER_BUTTON_START)
    assert isinstance(top(app), PauseScene)
    pad_press(app, B.CONTROLLER_BUTTON_B)  # back to the game
    assert top(app) is scene


def test_the_ring_reaches_the_side_buttons_and_a_presses_them(app):
    scene = classic(app)
    ring_to(app, scene.top_buttons[0].rect)  # Rules
    pad_press(app, B.CONTROLLER_BUTTON_A)
    assert isinstance(top(app), HelpScene)


def test_the_left_shoulder_undoes_in_solitaire_set(app):
    app.manager.switch("points", {"seed": 5, "options": {}})
    step(app, 1.0)
    settle(app)
    scene = top(app)
    pad_pick(app, first_set(scene))
    taken = len(scene.game.history)
    pad_press(app, B.CONTROLLER_BUTTON_LEFTSHOULDER)
    assert len(scene.game.history) == taken - 1


def test_two_pads_are_two_hot_seat_players(app):
    scene = classic(app, ("human", "human"))
    pad_press(app, B.CONTROLLER_BUTTON_DPAD_UP, pad=1)  # pad 1 joins: seat 1
    pad_press(app, B.CONTROLLER_BUTTON_RIGHTSHOULDER, pad=2)  # pad 2 joins and calls: seat 2
    assert scene.caller == "P2"
    pad_pick(app, first_set(scene), pad=2)
    assert scene.game.history[-1].startswith("P2 set")


def test_a_hot_seat_pick_with_nobody_calling_calls_for_the_pads_seat(app):
    scene = classic(app, ("human", "human"))
    pad_press(app, B.CONTROLLER_BUTTON_DPAD_UP, pad=1)
    pad_pick(app, first_set(scene)[:1], pad=2)
    assert scene.caller == "P2" and len(scene.selected) == 1


def test_pads_come_and_go(app):
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=99))  # nothing there
    app.step(0.0)
    pad_press(app, B.CONTROLLER_BUTTON_DPAD_UP, pad=4)
    pad_press(app, B.CONTROLLER_BUTTON_DPAD_UP, pad=5)
    assert [app.pads.pads[i].seat for i in (4, 5)] == [0, 1]
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=4))
    app.step(0.0)
    pad_press(app, B.CONTROLLER_BUTTON_DPAD_UP, pad=6)
    assert 4 not in app.pads.pads and app.pads.pads[6].seat == 0


def test_the_help_shows_the_controls_of_the_device_in_use(app):
    classic(app)
    pad_press(app, B.CONTROLLER_BUTTON_BACK)
    assert isinstance(top(app), HelpScene) and "A: pick" in top(app).keys_text()
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_F1)
    assert isinstance(top(app), HelpScene) and "1 2 3 / q w e" in top(app).keys_text()


# ----- keyboard layouts ---------------------------------------------------------------------------
def open_settings(app) -> SettingsScene:
    app.manager.switch("settings", {})
    app.step(0.0)
    scene = top(app)
    scene.list.focus = len(scene.list.shown()) - 1  # the keyboard row
    return scene


def test_a_layout_chosen_in_settings_picks_cards_with_its_keys(app):
    scene = open_settings(app)
    for _ in range(3):  # qwerty -> azerty -> qwertz -> dvorak
        press(app, pygame.K_RIGHT)
    assert app.settings["card_keys"] == "123',.aoe;qj"
    assert isinstance(top(app), SettingsScene) and scene.entry is None
    game = classic(app)
    type_char(app, "1")
    press(app, pygame.K_QUOTE, "'")  # the fourth card: the first of the second row
    assert game.selected == [game.table[0], game.table[3]]
    press(app, pygame.K_F1)
    assert "1 2 3 / ' , . / a o e / ; q j" in top(app).keys_text()


def type_keys(app, text: str, open_field: bool = True) -> None:
    """Type ``text`` into Settings' custom-layout field (opened with K first) and press Enter."""
    if open_field:
        press(app, pygame.K_k)
    for ch in text:
        type_char(app, ch)
    press(app, pygame.K_RETURN)


def test_a_custom_layout_is_typed_in_settings(app):
    scene = open_settings(app)
    type_keys(app, "789uiojkhm,.")
    assert app.settings["card_keys"] == "789uiojkhm,." and scene.entry is None
    assert isinstance(top(app), ClassicScene) is False
    game = classic(app)
    type_char(app, "u")
    assert game.selected == [game.table[3]]


def test_a_custom_layout_using_a_command_key_is_refused_with_a_message(app):
    scene = open_settings(app)
    type_keys(app, "123qweasdzxl")
    assert scene.entry is not None and "Locate Set" in scene.entry.error
    assert app.settings.get("card_keys", "123qweasdzxc") == "123qweasdzxc"
    press(app, pygame.K_ESCAPE)  # cancels the field, not the screen
    assert scene.entry is None and isinstance(top(app), SettingsScene)


def test_a_custom_layout_needs_twelve_different_keys(app):
    scene = open_settings(app)
    type_keys(app, "1231")
    assert "12 keys" in scene.entry.error
    type_keys(app, "qweasdzx", open_field=False)
    assert "1 is typed twice" in scene.entry.error


def test_every_mode_takes_pad_input(app):
    """In every play scene the ring visits cards and buttons, and A, B and the shoulders never fail."""
    from scenes.start import play_data

    for mode in ("classic", "points", "findall", "pillars", "mags", "twenty"):
        app.settings["tutorial_seen"] = {m: True for m in ("basics", "pillars", "mags", "twenty", "points")}
        app.manager.switch(MODES[mode].scene, play_data(mode, 3))
        step(app, 1.0)
        scene = top(app)
        assert Pads.targets(scene), mode
        for b in (B.CONTROLLER_BUTTON_DPAD_UP, B.CONTROLLER_BUTTON_DPAD_RIGHT, B.CONTROLLER_BUTTON_A,
                  B.CONTROLLER_BUTTON_DPAD_DOWN, B.CONTROLLER_BUTTON_A, B.CONTROLLER_BUTTON_B,
                  B.CONTROLLER_BUTTON_LEFTSHOULDER, B.CONTROLLER_BUTTON_RIGHTSHOULDER):
            if top(app) is not scene:
                break
            pad_press(app, b)
        step(app, 0.3)
