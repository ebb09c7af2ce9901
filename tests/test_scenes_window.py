"""The window around a game: leaving it pauses a running clock; per-mode help; setup seats; badges."""

from __future__ import annotations

import pygame
import pytest
from scene_driver import make_app, step, top

from scenes.overlays import PauseScene
from scenes.table import TableScene
from sprites.audio import shut_down

SEEN = {"basics": True, "twenty": True, "pillars": True, "mags": True}


@pytest.fixture
def app(tmp_path):
    a = make_app(tmp_path)
    a.settings["tutorial_seen"] = dict(SEEN)
    a.start()
    yield a
    shut_down()


CLOCKED = {
    "sprint": ("classic", {"seed": 4, "options": {"players": 1, "timed": "sprint"}, "seats": ["human"]}),
    "blitz": ("classic", {"seed": 4, "options": {"players": 1, "timed": "blitz"}, "seats": ["human"]}),
    "bots": ("classic", {"seed": 4, "options": {"players": 2}, "seats": ["human", "bot:expert"]}),
    "twenty": ("twenty", {"seed": 4, "options": {"players": 2}, "seats": ["human", "bot:expert"]}),
    "findall": ("findall", {"seed": 4, "options": {}}),
    "pillars": ("pillars", {"seed": 4, "options": {}}),
}
LEAVING = {
    "focus lost": pygame.event.Event(pygame.WINDOWFOCUSLOST),
    "minimised": pygame.event.Event(pygame.WINDOWMINIMIZED),
    "inactive": pygame.event.Event(pygame.ACTIVEEVENT, gain=0, state=2),
}


def game_after_leaving(app, mode: str, how: str) -> tuple[TableScene, float]:
    scene_name, data = CLOCKED[mode]
    app.manager.switch(scene_name, data)
    step(app, 1.0)
    pygame.event.post(LEAVING[how])
    step(app, 0.1)
    game = app.manager.find(TableScene)
    clock = game.clock
    step(app, 3.0)
    return game, clock


@pytest.mark.parametrize("mode", list(CLOCKED))
def test_losing_the_window_focus_stops_the_clock(app, mode):
    game, clock = game_after_leaving(app, mode, "focus lost")
    assert isinstance(top(app), PauseScene) and game.clock == clock


@pytest.mark.parametrize("how", list(LEAVING))
def test_minimising_or_deactivating_the_window_pauses_a_sprint(app, how):
    game, clock = game_after_leaving(app, "sprint", how)
    assert isinstance(top(app), PauseScene) and game.clock == clock


def test_the_mouse_leaving_the_window_does_not_pause(app):
    app.manager.switch(*CLOCKED["sprint"])
    step(app, 0.5)
    pygame.event.post(pygame.event.Event(pygame.ACTIVEEVENT, gain=0, state=1))
    step(app, 0.5)
    assert isinstance(top(app), TableScene)


def test_classic_seat_choices_are_all_different():
    from scenes.modes import MODES

    seat = next(o for o in MODES["classic"].options if o.key == "p2")
    values = [v for v, _label in seat.choices]
    assert len(set(values)) == len(values)


def test_a_classic_bot_of_level_human_is_a_bot_not_a_hot_seat(app):
    from scene_driver import press

    app.manager.switch("setup", {"mode": "classic", "seed": 4,
                                 "values": {"type": "normal", "players": 2, "p2": "bot:human"}})
    step(app, 0.1)
    press(app, pygame.K_RETURN)
    step(app, 0.5)
    scene = top(app)
    assert (scene.humans, list(scene.bots), scene.bots["P2"].level) == (["P1"], ["P2"], "human")


@pytest.mark.parametrize(("mode", "tutorial"), [("classic", "TutorialScene"), ("points", "TutorialScene"),
                                                ("pillars", "SoloTutorialScene"), ("mags", "SoloTutorialScene"),
                                                ("twenty", "TwentyTutorialScene")])
def test_the_help_tutorial_opens_the_modes_own_pages(app, mode, tutorial):
    from scene_driver import press

    app.manager.switch("menu", {})
    app.manager.push("help", {"mode": mode})
    step(app, 0.1)
    press(app, pygame.K_t)
    assert type(top(app)).__name__ == tutorial and getattr(top(app), "mode", mode) == mode


def test_the_help_keys_line_is_the_modes_own(app):
    app.manager.switch("menu", {})
    app.manager.push("help", {"mode": "pillars"})
    step(app, 0.1)
    keys = " ".join(top(app).key_lines())
    assert "1-6 a column's top" in keys and "q w e" not in keys


def test_the_smoke_run_visits_the_daily_levels_stats_and_settings_screens(app):
    from scenes.smoke import plan

    shown = {name for _label, ops in plan(app) for _op, name, _data in ops}
    assert {"daily", "levels", "stats", "settings"} <= shown


def contrast(a, b) -> float:
    def lum(c):
        lin = [(v / 255) / 12.92 if v / 255 <= 0.04045 else ((v / 255 + 0.055) / 1.055) ** 2.4 for v in c[:3]]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_a_disabled_accent_buttons_key_badge_is_readable():
    from sprites.hud import Button
    from sprites.theme import BUTTON_OFF

    key_ink, _edge = Button("Call SET", lambda: None, "Space", enabled=False, accent=True).badge_colors()
    assert contrast(key_ink, BUTTON_OFF) >= 4.5
