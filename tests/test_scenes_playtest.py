"""Play-screen defects a playtest found: Solitaire-Set's End, reshuffle cost, 13th card, stale notice."""

from __future__ import annotations

import pygame
from scene_driver import button, click, press, settle, step, top

from scenes.points import PointsScene
from scenes.results import ResultsScene
from sprites.audio import shut_down

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


def test_the_twenty_demo_as_the_command_line_starts_it_reaches_its_results_at_640x400(tmp_path):
    """``main.py --demo --mode twenty``: the demo stops at 4:00 of play at the latest and shows its results."""
    from scenes.app import App, Options
    from scenes.twenty import DEMO_END, TwentyScene

    app = App(Options(data_dir=str(tmp_path), mode="twenty", demo=True, size=(640, 400)))
    try:
        app.start()
        app.step(0.0)
        scene = top(app)
        assert isinstance(scene, TwentyScene) and scene.demo
        frames = 0
        while frames < 300 and not isinstance(top(app), ResultsScene):
            app.step(1.0)
            frames += 1
        assert isinstance(top(app), ResultsScene) and scene.game.over
        assert scene.clock <= DEMO_END[1] + 0.5 and frames <= DEMO_END[1] + 10
    finally:
        shut_down()


def test_the_twenty_demo_is_two_experts_and_stops_at_its_first_hand_won_after_a_minute(tmp_path):
    """``main.py --demo --mode twenty`` (seed 1): two expert bots; the demo stops on the break of the first
    hand won after 1:00 (well before 4:00), once that hand's break has been shown a moment, and its results
    show the points that hand scored."""
    from scenes.app import App, Options
    from scenes.twenty import DEMO_BREAK, DEMO_END, INTERLUDE, TwentyScene

    app = App(Options(data_dir=str(tmp_path), mode="twenty", demo=True, size=(640, 400)))
    try:
        app.start()
        app.step(0.0)
        scene = top(app)
        assert isinstance(scene, TwentyScene) and scene.session.seats == ["bot:expert", "bot:expert"]
        frames, break_shown = 0, 0.0
        while frames < 1200 and not isinstance(top(app), ResultsScene):
            app.step(0.25)
            frames += 1
            if scene.interlude is not None and scene.clock >= DEMO_END[0]:
                break_shown = INTERLUDE - scene.interlude["t"]
        results = top(app)
        won = [r[3] for r in scene.game.results]  # the times hands were won
        assert isinstance(results, ResultsScene) and won
        assert DEMO_END[0] <= scene.clock < DEMO_END[1]
        assert all(t < DEMO_END[0] for t in won[:-1]) and 0 <= scene.clock - won[-1] <= INTERLUDE + 1
        assert DEMO_BREAK - 0.5 <= break_shown <= INTERLUDE  # the won hand was on the screen before the results
        assert sum(scene.game.score.values()) == sum(r[2] for r in scene.game.results) > 0
    finally:
        shut_down()
