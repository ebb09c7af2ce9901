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


def test_a_set_taken_from_fifteen_cards_moves_no_other_card_the_extras_fill_the_holes(app):
    """Seed 4 after three adds: 1RSH 1GOF 1PDE lie in places 0, 4 and 9; the table's own order closes up
    (every one of the nine others would move there), the screen fills the holes with the three extras."""
    app.manager.switch("points", {"seed": 4, "options": {}})
    settle(app)
    scene = top(app)
    for _ in range(3):
        type_char(app, "+")
    settle(app)
    assert len(scene.table) == 15
    where = {c: scene.sprites[c].pos for c in scene.table}
    keys = {c: scene.sprites[c].key for c in scene.table}
    taken = [card(c) for c in ("1RSH", "1GOF", "1PDE")]
    holes = sorted(scene.table.index(c) for c in taken)
    assert holes == [0, 4, 9]
    extras = scene.table[12:]
    stay = [c for c in scene.table[:12] if c not in taken]
    holes_at = [where[scene.table[i]] for i in holes]
    key_cards(app, ["1RSH", "1GOF", "1PDE"])
    settle(app)
    assert (scene.v["score"], len(scene.table), len(scene.sprites)) == (1, 12, 12)
    assert all(scene.sprites[c].pos == where[c] and scene.sprites[c].key == keys[c] for c in stay)
    assert [scene.sprites[c].pos for c in extras] == holes_at  # the 13th, 14th, 15th cards fill the holes in order
    assert [scene.table[i] for i in holes] == extras
    assert sorted(scene.table) == sorted(scene.game.table)
    assert scene.game.table != scene.table  # the rules' order closed up: only the screen keeps the places
