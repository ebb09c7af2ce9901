"""Fair play through the window: the engine's rulings reach the screen (a fair game's undo, hints, end)."""

from __future__ import annotations

import pygame
import pytest
from scene_driver import press, settle, step, top, type_char

TUTORIALS_SEEN = ("mags",)


def start(app, mode: str, **options):
    app.manager.switch(mode, {"seed": 4, "options": options})
    settle(app)
    return top(app)


def test_a_fair_solitaire_set_keeps_a_hint_through_undo_and_says_why(app):
    scene = start(app, "points", fair=True)
    type_char(app, "l")
    press(app, pygame.K_z, "z", pygame.KMOD_LCTRL)
    settle(app)
    assert (scene.v["hints"], scene.v["undos"], scene.v["fair"], scene.game.history) == (1, 0, True, ["hint"])


def test_outside_a_fair_game_the_window_undoes_and_the_undo_is_on_record(app):
    scene = start(app, "points")
    type_char(app, "l")
    press(app, pygame.K_z, "z", pygame.KMOD_LCTRL)
    settle(app)
    assert (scene.v["hints"], scene.v["undos"], scene.game.history) == (1, 1, [])


@pytest.mark.parametrize(("fair", "after"), [(True, (["deal"], 2, 0)), (False, ([], 1, 1))])
def test_a_mags_deal_is_taken_back_by_the_undo_key_only_outside_a_fair_game(app, fair, after):
    start(app, "mags", fair=fair)
    step(app, 1.0)
    scene = top(app)
    scene.play("deal")
    step(app, 1.0)
    type_char(app, "u")
    step(app, 1.0)
    assert (scene.game.history, scene.game.view()["round"], scene.game.undos) == after


def test_ending_a_solitaire_set_early_is_no_win_on_the_results(app):
    scene = start(app, "points")
    scene.play("end")
    step(app, 3.0)
    assert scene.game.view()["ended"] and not top(app).data["won"]


@pytest.mark.parametrize("mode", ["points", "mags", "pillars"])
def test_a_daily_or_a_level_is_played_fair_and_a_free_deal_is_not(app, mode):
    app.settings["tutorial_seen"].update({"pillars": True, "points": True})
    app.manager.switch(mode, {"seed": 4, "options": {}, "daily": "2026-11-23"})
    settle(app)
    assert top(app).v["fair"] is True and top(app).session.tag == {"daily": "2026-11-23"}
    app.manager.switch(mode, {"seed": 4, "options": {}})
    settle(app)
    assert top(app).v["fair"] is False


def test_bots_remember_their_practice_and_the_players_pace_after_a_game(app):
    app.manager.switch("classic", {"seed": 5, "options": {"players": 2}, "seats": ["human", "bot:expert"]})
    settle(app)
    scene = top(app)
    for _ in range(400):
        app.step(5.0)
        if top(app) is not scene:
            break
    assert scene.game.over
    memory = app.bot_memory()
    assert memory["practice"]["expert"] == sum(1 for m in scene.game.history if " set " in f" {m} ")
    app.manager.switch("classic", {"seed": 6, "options": {"players": 2}, "seats": ["human", "bot:expert"]})
    settle(app)
    assert top(app).session.bots["P2"].practice == memory["practice"]["expert"]
