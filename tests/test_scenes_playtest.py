"""Play-screen defects a playtest found: Solitaire-Set's End, reshuffle cost, 13th card, stale notice."""

from __future__ import annotations

import pygame
from scene_driver import button, click, press, settle, step, top

from scenes.points import PointsScene
from scenes.results import ResultsScene

TUTORIALS_SEEN = ("points",)


def start_points(app, seed=4):
    app.manager.switch("points", {"seed": seed, "options": {}})
    settle(app)
    return top(app)


def test_end_asks_first_and_ends_on_a_second_press(app):
    scene = start_points(app)
    press(app, pygame.K_END)
    assert isinstance(top(app), PointsScene) and not scene.game.over
    assert "Press End again" in scene.toast.s
    press(app, pygame.K_END)
    step(app, 2.0)
    assert isinstance(top(app), ResultsScene)


def test_end_asked_long_ago_asks_again(app):
    scene = start_points(app)
    click(app, button(scene, "End game").rect.center)
    step(app, 4.0)
    click(app, button(scene, "End game").rect.center)
    assert not scene.game.over


def test_a_reshuffle_shows_its_cost_in_the_results(app):
    scene = start_points(app)
    scene.play("reshuffle")
    press(app, pygame.K_END)
    press(app, pygame.K_END)
    step(app, 2.0)
    lines = top(app).data["lines"]
    assert "1 reshuffle: −2 points" in lines and top(app).data["score"] == "−2 points".replace("−", "-")


def test_a_13th_card_moves_none_of_the_twelve(app):
    scene = start_points(app)
    step(app, 3.0)
    before = scene.board.slots()
    scene.play("add")
    after = scene.board.slots()
    assert len(after) == 13 and all(after[c] == pos for c, pos in before.items())


def test_the_worth_one_notice_goes_when_the_table_is_back_to_twelve(app):
    scene = start_points(app)
    scene.play("add")
    assert "worth 1" in scene.toast.s
    scene.play("reshuffle")
    assert "worth 1" not in scene.toast.s or not scene.toast.visible


def test_a_twenty_demo_ends_within_four_minutes(app):
    app.settings["tutorial_seen"]["twenty"] = True
    app.manager.switch("twenty", {"seed": 1, "options": {"players": 2}, "seats": ["human", "bot:casual"],
                                  "demo": True})
    app.step(0.0)
    scene = top(app)
    for _ in range(300):
        app.step(1.0)
        if scene.game.over:
            break
    assert scene.game.over and scene.clock <= 240.5


def test_in_words_agrees_in_number():
    from scenes.solitaire import in_words

    assert in_words("2GOH shares one feature with 1RDE").startswith("two green striped ovals share ")
    assert in_words("1RDE shares one feature with 2GOH").startswith("one red empty diamond shares ")
