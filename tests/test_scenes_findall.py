"""The find-all puzzle in the window: every Set by clicks and by keys; repeats and misses."""

from __future__ import annotations

import pygame
from scene_driver import button, click, click_cards, first_set, key_cards, press, settle, step, take_sets, top

from game.cards import card, is_set
from scenes.findall import FindAllScene
from scenes.results import ResultsScene

SEED = 9


def start(app, cards=12):
    app.manager.switch("findall", {"seed": SEED, "options": {"cards": cards}})
    app.step(0.0)  # the game starts in this frame; its clock counts the frames after it
    settle(app)
    return top(app)


def find_all(app, pick) -> None:
    settle(app)
    take_sets(app, FindAllScene, pick, rounds=10)


def test_a_puzzle_from_the_menu_to_the_results_by_clicks(app):
    click(app, button(top(app), "Find All").rect.center)
    click(app, button(top(app), "Start").rect.center)
    find_all(app, click_cards)
    assert isinstance(top(app), ResultsScene) and top(app).data["score"] == "6 of 6"


def test_a_puzzle_from_the_menu_to_the_results_by_keys(app):
    press(app, pygame.K_DOWN)
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    press(app, pygame.K_RIGHT)  # 9 cards, 4 Sets
    press(app, pygame.K_RETURN)
    find_all(app, key_cards)
    assert isinstance(top(app), ResultsScene) and top(app).data["score"] == "4 of 4"


def test_a_found_set_is_listed_and_the_cards_stay(app):
    scene = start(app)
    s = first_set(scene)
    click_cards(app, s)
    assert (scene.v["found"], len(scene.table)) == ([s], 12)


def test_the_same_set_again_is_a_repeat(app):
    scene = start(app)
    s = first_set(scene)
    click_cards(app, s)
    step(app, 1.0)
    click_cards(app, s)
    assert (scene.v["repeats"], scene.toast.s.startswith("Already found")) == (1, True)


def test_three_cards_that_are_no_set_are_a_miss(app):
    scene = start(app)
    a, b = scene.v["table"][:2]
    c = next(c for c in scene.v["table"][2:] if not is_set(card(a), card(b), card(c)))
    click_cards(app, [a, b, c])
    assert (scene.v["misses"], "Not a Set" in scene.toast.s) == (1, True)


def test_the_clock_runs_and_rides_on_the_moves(app):
    scene = start(app)
    step(app, 2.0)
    click_cards(app, first_set(scene))
    assert scene.game.history[-1].endswith("@2.80")


def test_the_results_replay_plays_the_moves_again_and_comes_back(app):
    start(app)
    find_all(app, click_cards)
    played = top(app).data["game"]
    press(app, pygame.K_r)
    replay = top(app)
    assert isinstance(replay, FindAllScene) and replay.replaying and replay.game.history == []
    step(app, 10.0)
    assert isinstance(top(app), ResultsScene) and top(app).data["game"] == played
