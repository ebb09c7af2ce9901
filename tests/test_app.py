"""The app shell: command line, scene stack, the loop's idle behaviour, resize, smoke run."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from scene_driver import first_set, key_cards, make_app, press, step, top

import main
from scenes.app import App, Options
from scenes.classic import ClassicScene
from scenes.menu import MenuScene
from scenes.setup import SetupScene
from scenes.start import play_data
from sprites.audio import shut_down

ROOT = Path(__file__).resolve().parent.parent


def test_command_line_reads_size_seed_and_daily():
    args = main.parser().parse_args(["--mode", "pillars", "--seed", "42", "--size", "1600x900", "--daily"])
    assert (args.mode, args.seed, args.size, args.daily is not None) == ("pillars", 42, (1600, 900), True)


def test_command_line_refuses_a_bad_size(capsys):
    with pytest.raises(SystemExit):
        main.parser().parse_args(["--size", "big"])
    assert "WIDTHxHEIGHT" in capsys.readouterr().err


def test_the_menu_is_first(app):
    assert isinstance(top(app), MenuScene)


def test_an_idle_menu_lets_the_loop_sleep(app):
    step(app, 0.5)
    assert (app.manager.animating, app.manager.wake_in()) == (False, None)


def test_transitions_wait_for_the_next_frame(app):
    app.manager.switch("settings", {})
    assert isinstance(top(app), MenuScene)


def test_mode_and_seed_go_straight_to_a_deal(tmp_path):
    a = App(Options(data_dir=str(tmp_path), mode="classic", seed=42, size=(1000, 700)))
    a.settings["tutorial_seen"] = {"basics": True}
    a.start()
    assert isinstance(top(a), ClassicScene) and top(a).game.seed == 42
    shut_down()


def test_mode_without_seed_opens_its_setup(tmp_path):
    a = App(Options(data_dir=str(tmp_path), mode="findall", size=(1000, 700)))
    a.start()
    assert isinstance(top(a), SetupScene) and top(a).mode == "findall"
    shut_down()


def test_resize_relayouts_and_is_remembered(app):
    app.manager.switch("classic", play_data("classic", 3))
    step(app, 1.0)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(900, 620), w=900, h=620))
    step(app, 1.0)
    board = top(app).frame.board
    inside = all(board.collidepoint(s.pos) for s in top(app).sprites.values())
    assert (app.size, app.settings["window_size"], inside) == ((900, 620), [900, 620], True)


def test_first_game_shows_the_tutorial(tmp_path):
    a = make_app(tmp_path, tutorial_seen=False)
    a.manager.switch("points", play_data("points", 1))
    step(a, 0.2)
    assert type(top(a)).__name__ == "TutorialScene" and top(a).overlay
    shut_down()


def test_tutorial_accepts_the_right_set(app):
    app.manager.switch("tutorial", {})
    step(app, 0.1)
    for _ in range(3):
        press(app, pygame.K_RETURN)
    for ch in "362":  # the Set 1POH 2GOH 3ROH lies at places 3, 6 and 2
        press(app, pygame.key.key_code(ch), ch)
    assert top(app).solved


def test_settings_change_is_saved(app):
    app.manager.switch("settings", {})
    step(app, 0.1)
    press(app, pygame.K_RIGHT)  # sound: on -> off
    assert app.settings["sound"] is False


def test_smoke_run_exits_zero(tmp_path):
    r = subprocess.run([sys.executable, "main.py", "--smoke", "3", "--data-dir", str(tmp_path)], cwd=ROOT,
                       capture_output=True, text=True, timeout=120,
                       env={"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PATH": "/usr/bin:/bin"})
    assert r.returncode == 0, r.stderr[-2000:]


def _same_as_full_redraw(app) -> bool:
    partial = app.screen.copy()
    app.manager.full = True
    app.draw()
    return pygame.image.tobytes(partial, "RGB") == pygame.image.tobytes(app.screen, "RGB")


@pytest.mark.parametrize("mode", ["classic", "points", "findall", "junior", "chain", "ultra", "memory", "shuffle"])
def test_drawing_only_what_changed_matches_a_full_redraw(app, mode):
    app.manager.switch(mode, play_data(mode, 6, demo=True))
    same = []
    for _ in range(40):
        step(app, 0.15, dt=1 / 60)
        same.append(_same_as_full_redraw(app))
    assert all(same)


def test_a_bots_call_ring_redraws_like_a_full_redraw_in_every_frame(app):
    # The ring's seconds are rounded apart from its twentieths: a frame once kept the old digit.
    app.manager.switch("memory", play_data("memory", 6, demo=True))
    same = []
    for _ in range(300):
        app.step(1 / 60)
        same.append(_same_as_full_redraw(app))
    assert all(same)


def test_a_call_and_its_countdown_redraw_like_a_full_redraw(app):
    app.manager.switch("classic", {"seed": 3, "options": {"players": 2}, "seats": ["human", "human"]})
    step(app, 1.0)
    press(app, pygame.K_RETURN)  # P2 calls
    scene = top(app)
    same = []
    for c in first_set(scene)[:2]:
        key_cards(app, [c])
        step(app, 0.4, dt=1 / 60)
        same.append(_same_as_full_redraw(app))
    assert (same, scene.caller, len(scene.selected)) == ([True, True], "P2", 2)


def test_f11_goes_full_screen_and_back_to_the_window_size(app):
    press(app, pygame.K_F11)
    full = (app.fullscreen, app.settings["fullscreen"])
    press(app, pygame.K_F11)
    assert (full, app.fullscreen, app.size) == ((True, True), False, (960, 600))


def test_colour_blind_palette_changes_the_cards(app):
    from sprites.cardart import art_for

    before = pygame.image.tobytes(art_for(120, "standard").face(0), "RGBA")
    app.manager.switch("settings", {})
    step(app, 0.1)
    press(app, pygame.K_DOWN)
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RIGHT)  # card colours: standard -> colour-blind
    after = pygame.image.tobytes(art_for(120, app.settings["palette"]).face(0), "RGBA")
    assert (app.settings["palette"], before != after) == ("colour-blind", True)
