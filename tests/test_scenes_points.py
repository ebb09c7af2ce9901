"""Solitaire-Set in the window: a whole game by clicks and by keys; add, reshuffle, locate, undo."""

from __future__ import annotations

import pygame
from scene_driver import (
    button,
    click,
    click_cards,
    first_set,
    key_cards,
    press,
    settle,
    take_sets,
    top,
    type_char,
)

from game.cards import card, is_set
from scenes.points import PointsScene
from scenes.results import ResultsScene
from scenes.setup import SetupScene

SEED = 4


def start(app):
    app.manager.switch("points", {"seed": SEED, "options": {}})
    settle(app)
    return top(app)


def play_out(app, pick, add) -> None:
    settle(app)
    take_sets(app, PointsScene, pick, rounds=120, pause=0.8, stuck=add)


def test_a_game_from_the_menu_to_the_results_by_clicks(app):
    click(app, button(top(app), "Solitaire-Set").rect.center)
    click(app, button(top(app), "Start").rect.center)
    play_out(app, click_cards, lambda app, scene: click(app, button(scene, "Add a card").rect.center))
    assert isinstance(top(app), ResultsScene) and top(app).data["won"]


def test_a_game_from_the_menu_to_the_results_by_keys(app):
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    assert isinstance(top(app), SetupScene) and top(app).mode == "points"
    press(app, pygame.K_RETURN)
    play_out(app, key_cards, lambda app, scene: type_char(app, "+"))
    assert isinstance(top(app), ResultsScene) and top(app).data["score"].endswith("points")


def test_a_set_scores_its_worth(app):
    scene = start(app)
    s = first_set(scene)
    click_cards(app, s)
    from game.cards import worth
    assert scene.v["score"] == worth(*map(card, s))


def test_a_wrong_pick_says_which_feature_fails_and_costs_nothing(app):
    scene = start(app)
    a, b = scene.v["table"][:2]
    c = next(c for c in scene.v["table"][2:] if not is_set(card(a), card(b), card(c)))
    click_cards(app, [a, b, c])
    assert (scene.v["score"], scene.toast.s.startswith("Not a Set —"), len(scene.game.history)) == (0, True, 0)


def test_add_a_card_makes_sets_worth_one(app):
    scene = start(app)
    type_char(app, "+")
    settle(app)
    assert (len(scene.table), scene.v["worth_one"], len(scene.sprites)) == (13, True, 13)


def test_reshuffle_costs_two(app):
    scene = start(app)
    type_char(app, "0")
    settle(app)
    assert (scene.v["score"], len(scene.sprites)) == (-2, 12)


def test_locate_set_marks_a_set_and_counts_the_hint(app):
    scene = start(app)
    type_char(app, "l")
    marked = [s.card for s in scene.sprites.values() if s.hinted]
    assert (len(marked), is_set(*marked), scene.v["hints"]) == (3, True, 1)


def test_undo_takes_the_set_back(app):
    scene = start(app)
    click_cards(app, first_set(scene))
    settle(app)
    press(app, pygame.K_z, "z", pygame.KMOD_LCTRL)
    settle(app)
    assert (scene.v["score"], scene.game.history, len(scene.sprites)) == (0, [], 12)
