"""Mag's Set Solitaire in the window: whole games by clicks and by keys, peeking, moves, undo, saves."""

from __future__ import annotations

import json

import pygame
from scene_driver import button, click, press, settle, spot, step, top

from game.cards import card, code
from scenes.mags import MagsScene
from scenes.results import ResultsScene
from scenes.setup import SetupScene

SEED = 7
TUTORIALS_SEEN = ("mags",)


def start(app, peek=True, seed=SEED) -> MagsScene:
    app.manager.switch("mags", {"seed": seed, "options": {"peek": peek}})
    step(app, 1.0)
    return top(app)


def pile_number(scene, c: str) -> int:
    return next(i for i in range(9) if scene.board.top(i) == card(c)) + 1


def hover(app, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.step(0.0)


def next_move(game) -> str:
    """A Set if there is one, else a deal, else end."""
    legal = game.legal_moves()
    sets = [m for m in legal if m.startswith("set")]
    return sets[0] if sets else "deal" if "deal" in legal else "end"


def play_out(app, deliver) -> int:
    moves = 0
    for _ in range(80):
        scene = top(app)
        if not isinstance(scene, MagsScene) or scene.game.over:
            break
        move = next_move(scene.game)
        deliver(app, scene, move)
        settle(app)
        assert scene.game.history[-1] == move
        moves += 1
    step(app, 3.0)
    return moves


def by_clicks(app, scene, move: str) -> None:
    if move.startswith("set"):
        for c in move.split()[1:]:
            click(app, spot(scene, c))
    elif move == "deal":
        click(app, button(scene, "Deal").rect.center)
    else:
        click(app, button(scene, "End").rect.center)
        click(app, button(scene, "End").rect.center)


def by_keys(app, scene, move: str) -> None:
    if move.startswith("set"):
        for c in move.split()[1:]:
            n = pile_number(scene, c)
            press(app, pygame.K_0 + n, str(n))
    elif move == "deal":
        press(app, pygame.K_d, "d")
    else:
        press(app, pygame.K_e, "e")
        press(app, pygame.K_e, "e")


def test_a_game_from_the_menu_to_the_results_by_clicks(app):
    click(app, button(top(app), "Mag's").rect.center)
    setup = top(app)
    assert isinstance(setup, SetupScene)
    setup.seed = SEED
    click(app, button(setup, "Start").rect.center)
    step(app, 1.0)
    moves = play_out(app, by_clicks)
    assert isinstance(top(app), ResultsScene) and top(app).data["score"].endswith("Sets") and moves > 9


def test_a_game_from_the_menu_to_the_results_by_keys(app):
    for _ in range(4):
        press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    top(app).seed = SEED
    press(app, pygame.K_RETURN)
    step(app, 1.0)
    moves = play_out(app, by_keys)
    assert isinstance(top(app), ResultsScene) and moves > 9


def test_no_peek_shows_the_cards_under_the_tops_as_backs(app):
    scene = start(app, peek=False)
    press(app, pygame.K_d, "d")
    settle(app)
    under = [scene.board.stacks[i][0] for i in range(9)]
    assert all(k < 0 for k in under) and all(scene.sprites[k].face == 0.0 for k in under)


def test_with_peek_the_cards_under_the_tops_show_their_faces(app):
    scene = start(app, peek=True)
    press(app, pygame.K_d, "d")
    settle(app)
    under = [scene.board.stacks[i][0] for i in range(9)]
    assert all(k >= 0 for k in under) and all(scene.sprites[k].face == 1.0 for k in under)


def test_hovering_a_pile_fans_it_out(app):
    scene = start(app)
    press(app, pygame.K_d, "d")
    settle(app)
    before = scene.board.steps()[4]
    hover(app, scene.board.slot_rect(4, 0).center)
    assert scene.board.steps()[4] > before * 3


def test_p_fans_the_cursor_pile(app):
    scene = start(app)
    press(app, pygame.K_d, "d")
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_p, "p")
    assert scene.board.fanned() == 1 and scene.board.steps()[1] > scene.board.steps()[0] * 3


def test_a_set_of_tops_by_clicks(app):
    scene = start(app)
    sets = [m for m in scene.game.legal_moves() if m.startswith("set")]
    by_clicks(app, scene, sets[0])
    settle(app)
    assert scene.game.history == [sets[0]] and scene.v["score"] == 1


def test_a_top_moves_into_an_empty_pile_by_drag(app):
    scene = start(app)
    first = next(m for m in scene.game.legal_moves() if m.startswith("set"))
    scene.play(first)
    settle(app)
    move = next(m for m in scene.game.legal_moves() if m.startswith("move"))
    c, n = move.split()[1], int(move.split()[-1])
    start_pos = spot(scene, c)
    end_pos = scene.board.slot_rect(n - 1, 0).center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start_pos, button=1))
    app.step(0.0)
    for k in range(1, 4):
        p = (start_pos[0] + (end_pos[0] - start_pos[0]) * k // 3, start_pos[1] + (end_pos[1] - start_pos[1]) * k // 3)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0)))
        app.step(0.0)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end_pos, button=1))
    app.step(0.0)
    assert scene.game.history[-1] == move and scene.board.top(n - 1) == card(c)


def test_a_move_onto_a_full_pile_says_why(app):
    scene = start(app)
    a, b = code(scene.board.top(0)), 2
    click(app, spot(scene, a))
    click(app, scene.board.slot_rect(b - 1, 0).midbottom)
    assert scene.game.history == [] and "not empty" in scene.toast.s


def test_undo_brings_the_set_back(app):
    scene = start(app)
    first = next(m for m in scene.game.legal_moves() if m.startswith("set"))
    by_clicks(app, scene, first)
    settle(app)
    press(app, pygame.K_u, "u")
    settle(app)
    assert scene.game.history == [] and all(card(c) in scene.sprites for c in first.split()[1:])


def test_the_game_is_saved_after_every_move_and_resumes(app):
    start(app, peek=False)
    press(app, pygame.K_d, "d")
    saved = app.load_game("mags")
    app.manager.switch("mags", {"resume": saved})
    step(app, 1.0)
    assert top(app).game.history == ["deal"] and top(app).v["peek"] is False


def test_par_shows_in_the_results_when_the_deal_has_one(app):
    from game.rng import deal

    level = {"variant": "mags", "id": "mags-test", "deck": [code(c) for c in deal(SEED)], "par": 20}
    app.manager.switch("mags", {"resume": json.dumps(
        {"variant": "mags", "version": 1, "seed": 0, "options": {"peek": True}, "moves": [], "level": level})})
    step(app, 1.0)
    shown = top(app).v["par"]
    press(app, pygame.K_e, "e")
    press(app, pygame.K_e, "e")
    step(app, 3.0)
    res = top(app)
    assert shown == 20 and isinstance(res, ResultsScene) and res.data["lines"][0].startswith("par 20 Sets")
