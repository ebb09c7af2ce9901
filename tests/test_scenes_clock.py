"""The game clock in the window is real time: no clamping, paused under overlays, kept by saves."""

from __future__ import annotations

import pygame
import pytest
from scene_driver import press, step, top

from scenes.overlays import PauseScene
from scenes.results import ResultsScene

TUTORIALS_SEEN = ("pillars", "mags", "points", "twenty")


def start(app, mode, **data):
    app.manager.switch(mode, {"seed": 7, **data})
    app.step(0.0)
    return top(app)


@pytest.mark.parametrize("mode", ["findall", "points", "pillars", "mags", "classic"])
def test_a_long_frame_counts_in_full(app, mode):
    """The loop sleeps while the player thinks: one frame may follow seconds after the last."""
    scene = start(app, mode, seats=["human"])
    for dt in (0.016, 1.0, 7.5, 0.25, 30.0, 0.001):
        app.step(dt)
    assert scene.clock == pytest.approx(38.767)


def test_blitz_lasts_three_minutes_of_real_time_however_the_frames_fall(app):
    scene = start(app, "classic", options={"timed": "blitz"}, seats=["human"])
    for dt in [0.9, 12.0, 0.05, 29.0] * 4 + [60.0]:
        app.step(dt)
    step(app, 2.0)
    assert isinstance(top(app), ResultsScene) and scene.game.history[-1] == "end @180.00"
    assert top(app).data["result"]["time"] == 180.0


def test_a_bot_acts_while_the_window_sleeps(app):
    scene = start(app, "classic", options={"players": 2}, seats=["human", "bot:casual"])
    app.step(90.0)  # one frame after a long idle sleep
    assert scene.v["scores"]["P2"] > 0


def test_the_clock_stands_still_under_the_pause_screen(app):
    scene = start(app, "findall")
    app.step(4.0)
    press(app, pygame.K_ESCAPE)
    assert isinstance(top(app), PauseScene)
    app.step(100.0)
    press(app, pygame.K_ESCAPE)
    app.step(1.0)
    assert scene.clock == pytest.approx(5.0)


@pytest.mark.parametrize("mode", ["pillars", "mags", "points"])
def test_a_resumed_game_shows_the_time_it_had(app, mode):
    scene = start(app, mode)
    app.step(41.5)
    scene.play(scene.game.demo_choice({}))
    app.step(0.1)
    app.flush_saves()
    text = app.load_game(mode)
    app.manager.switch(mode, {"resume": text})
    app.step(0.0)
    assert top(app) is not scene and top(app).clock == pytest.approx(41.5, abs=0.01)  # saved with the move


def test_a_game_left_unfinished_keeps_the_time_it_was_left_at(app):
    scene = start(app, "pillars")
    app.step(12.0)
    scene.play(scene.game.demo_choice({}))
    app.step(20.0)
    app.manager.switch("menu")
    app.step(0.0)
    app.flush_saves()
    app.manager.switch("pillars", {"resume": app.load_game("pillars")})
    app.step(0.0)
    assert top(app).clock == pytest.approx(32.0, abs=0.01)


def test_a_key_after_a_long_sleep_acts_at_the_time_it_came(app):
    """The loop sleeps while nothing moves; the frame that wakes for a key press is seconds later."""
    app.settings["tutorial_seen"] = {}
    app.manager.switch("classic", {"seed": 3, "options": {"timed": "blitz"}, "seats": ["human"]})
    app.step(0.0)
    scene = app.manager.stack[0]
    assert type(top(app)).__name__ == "TutorialScene"
    app.step(20.0, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, unicode="\x1b", mod=0, scancode=0)])
    assert top(app) is scene and scene.clock == pytest.approx(0.0)  # twenty seconds on the tutorial cost nothing


def test_every_unfinished_game_is_offered_and_a_new_one_over_it_asks_first(app):
    from scene_driver import button, click

    for mode in ("pillars", "mags"):
        scene = start(app, mode)
        scene.play(scene.game.demo_choice({}))
        app.manager.switch("menu", {})
        app.step(0.0)
    click(app, button(top(app), "Continue…").rect.center)
    rows = [b.label for b in top(app).column.buttons]
    assert any(r.startswith("Pillars · saved") for r in rows) and any(r.startswith("Mag's") for r in rows)
    click(app, next(b for b in top(app).column.buttons if b.label.startswith("Mag's")).rect.center)
    assert top(app).mode == "mags" and top(app).game.history
    app.manager.switch("setup", {"mode": "pillars"})
    app.step(0.0)
    click(app, button(top(app), "Start").rect.center)
    assert type(top(app)).__name__ == "MessageScene"  # asks before replacing the unfinished game
    press(app, pygame.K_RETURN)
    click(app, button(top(app), "Start").rect.center)
    assert top(app).mode == "pillars" and not top(app).game.history
