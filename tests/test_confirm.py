"""Questions that guard a step a player cannot take back: Esc on the menu asks before quitting; Start over an
unfinished game asks before replacing it, and both answers work by key and by mouse."""

from __future__ import annotations

import pygame
import pytest
from scene_driver import button, click, make_app, press, step, top

from scenes.menu import MenuScene
from scenes.overlays import MessageScene
from scenes.setup import SetupScene
from sprites.audio import shut_down


@pytest.fixture
def app(tmp_path):
    a = make_app(tmp_path)
    a.manager.switch("menu", {})
    step(a, 0.1)
    yield a
    shut_down()


def test_esc_on_the_menu_asks_first_and_esc_again_stays(app):
    press(app, pygame.K_ESCAPE)
    assert isinstance(top(app), MessageScene) and top(app).title == "Quit Set Arcade?" and app.running
    press(app, pygame.K_ESCAPE)
    assert isinstance(top(app), MenuScene) and app.running


def test_quit_is_confirmed_by_enter_or_by_its_button(app):
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_RETURN)
    assert not app.running
    app.running = True
    press(app, pygame.K_ESCAPE)
    click(app, button(top(app), "Cancel").rect.center)
    assert isinstance(top(app), MenuScene) and app.running
    press(app, pygame.K_ESCAPE)
    click(app, button(top(app), "Quit").rect.center)
    assert not app.running


def test_start_over_an_unfinished_game_asks_and_replace_starts_the_deal(app):
    app.save_game("findall", '{"variant": "findall", "version": 1, "seed": 1, "options": {}, "moves": []}')
    app.manager.switch("setup", {"mode": "findall", "seed": 7})
    step(app, 0.1)
    top(app).start()
    step(app, 0.1)
    assert isinstance(top(app), MessageScene) and top(app).title == "An unfinished game"
    press(app, pygame.K_RETURN)  # the lit button is Cancel: losing the game takes a deliberate choice
    assert isinstance(top(app), SetupScene) and app.saved_modes() == ["findall"]
    top(app).asked = -1.0
    top(app).start()
    step(app, 0.1)
    click(app, button(top(app), "Cancel").rect.center)
    assert isinstance(top(app), SetupScene)
    top(app).asked = -1.0  # asked again, as after a while
    top(app).start()
    step(app, 0.1)
    click(app, button(top(app), "Replace").rect.center)
    step(app, 0.1)
    assert top(app).mode == "findall" and top(app).game.seed == 7


@pytest.mark.parametrize("size", [(640, 400), (800, 600), (1280, 720), (1920, 1080)])
def test_the_hosts_end_for_everyone_question_fits_inside_its_box_at_every_size(tmp_path, size):
    a = make_app(tmp_path, size=size)
    try:
        a.manager.switch("menu", {})
        step(a, 0.1)
        a.manager.push("pause", {"end_all": lambda: None, "online": True})
        step(a, 0.1)
        pause = top(a)
        press(a, pygame.K_e)  # End game for everyone: asked first
        step(a, 0.1)
        assert pause.asking and top(a) is pause
        assert pause.box().contains(pause.title_rect), (pause.box(), pause.title_rect)
    finally:
        shut_down()
