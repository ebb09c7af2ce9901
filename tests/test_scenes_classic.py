"""Classic in the window: a whole game by clicks and by keys, calls, hot seat, pause, timeouts."""

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
    step,
    take_sets,
    top,
    type_char,
)

from game.cards import card, is_set
from scenes.classic import ClassicScene
from scenes.overlays import PauseScene
from scenes.results import ResultsScene
from scenes.setup import SetupScene

SEED = 11


def start(app, seats=("human",), **options):
    app.manager.switch("classic", {"seed": SEED, "options": {"players": len(seats), **options},
                                   "seats": list(seats)})
    app.step(0.0)  # the game starts in this frame; its clock counts the frames after it
    step(app, 1.0)
    return top(app)


def play_out(app, pick) -> None:
    """Take the first Set on the table until the game ends (the results screen)."""
    settle(app)
    take_sets(app, ClassicScene, pick, rounds=60, pause=0.8)


def test_a_solo_game_from_the_menu_to_the_results_by_clicks(app):
    click(app, button(top(app), "Classic").rect.center)
    setup = top(app)
    players_row = next(r for o, r in setup.list.rects if o.key == "players")
    click(app, (players_row.left + players_row.w * 0.45 + 5, players_row.centery))  # ‹ : 2 -> 1 player
    click(app, button(setup, "Start").rect.center)
    assert isinstance(top(app), ClassicScene) and top(app).game.options["players"] == 1
    play_out(app, click_cards)
    assert isinstance(top(app), ResultsScene) and top(app).data["won"]


def test_a_solo_game_from_the_menu_to_the_results_by_keys(app):
    press(app, pygame.K_RETURN)  # Classic has the focus
    assert isinstance(top(app), SetupScene)
    press(app, pygame.K_DOWN)
    press(app, pygame.K_LEFT)  # 2 -> 1 player
    press(app, pygame.K_RETURN)
    play_out(app, key_cards)
    assert isinstance(top(app), ResultsScene) and top(app).data["score"].startswith("2")


def test_a_right_set_scores_and_carries_the_clock(app):
    scene = start(app)
    click_cards(app, first_set(scene))
    assert scene.game.history[-1].startswith("P1 set") and "@1.0" in scene.game.history[-1]


def test_a_wrong_pick_costs_one_and_says_why(app):
    scene = start(app)
    a, b = scene.v["table"][:2]
    wrong = [a, b, next(c for c in scene.v["table"][2:] if not is_set(card(a), card(b), card(c)))]
    click_cards(app, wrong)
    assert (scene.v["score"], scene.toast.s.startswith("Not a Set —")) == (-1, True)


def test_the_call_times_out(app):
    scene = start(app)
    press(app, pygame.K_SPACE, " ")
    step(app, 5.5)
    assert scene.game.history[-1].startswith("P1 miss @")


def test_hot_seat_call_then_picks_for_that_player(app):
    scene = start(app, ("human", "human"))
    press(app, pygame.K_RETURN)  # P2's call key
    assert scene.caller == "P2"
    key_cards(app, first_set(scene))
    assert scene.game.history[-1].startswith("P2 set") and scene.v["scores"]["P2"] == 1


def test_hot_seat_card_keys_need_a_call_first(app):
    scene = start(app, ("human", "human"))
    type_char(app, "1")
    assert (scene.caller, scene.selected) == (None, [])


def test_nobody_else_may_call_during_a_call(app):
    scene = start(app, ("human", "human"))
    press(app, pygame.K_SPACE, " ")
    press(app, pygame.K_RETURN)
    assert scene.caller == "P1"


def test_pause_stops_the_clock_and_resume_restarts_it(app):
    scene = start(app, ("human", "casual"))
    before = scene.clock
    press(app, pygame.K_ESCAPE)
    assert isinstance(top(app), PauseScene)
    step(app, 3.0)
    paused = scene.clock
    press(app, pygame.K_ESCAPE)
    step(app, 0.5)
    assert (paused == before, scene.clock > paused, top(app) is scene) == (True, True, True)


def test_a_bot_takes_sets_when_left_alone(app):
    scene = start(app, ("human", "expert"))
    for _ in range(30):
        step(app, 0.5)
        if scene.v["scores"]["P2"]:
            break
    assert scene.v["scores"]["P2"] > 0


def test_blitz_ends_at_three_minutes(app):
    scene = start(app, timed="blitz")
    scene.clock = 179.0  # skip the first three minutes
    step(app, 3.5)
    assert isinstance(top(app), ResultsScene) and scene.game.history[-1] == "end @180.00"


def test_the_game_is_saved_after_a_move_and_resumes(app):
    scene = start(app, ("human", "fast"))  # a bare level: how older saves name a bot
    click_cards(app, first_set(scene))
    text = app.load_game("classic")
    app.manager.switch("classic", {"resume": text})
    step(app, 0.2)
    assert (top(app).v["scores"]["P1"], top(app).seats) == (1, ["human", "bot:fast"])
