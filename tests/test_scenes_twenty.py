"""20/20 SET in the window: whole games by clicks and by keys, penalties, the draw limit, hot seat, saves."""

from __future__ import annotations

import pygame
from scene_driver import button, click, make_app, press, settle, step, top, type_char

from game.cards import card, code, is_set
from scenes.results import ResultsScene
from scenes.twenty import TwentyScene
from scenes.twenty_layout import hand_keys
from sprites.audio import shut_down

SEED = 42  # P1: 1GDE 2GOH 1GSH 2ROE 2PDF 1PDF · table: 3PDE 3RSF 3RDH 1ROE 2PSF 2POH
TUTORIALS_SEEN = ("twenty",)


def start(app, seats=("human", "bot:casual")):
    app.manager.switch("twenty", {"seed": SEED, "options": {"players": len(seats)}, "seats": list(seats)})
    app.step(0.0)  # the game starts in this frame; its clock counts the frames after it
    step(app, 1.5)
    return top(app)


def best_set(scene, player="P1"):
    """The Set that empties most of ``player``'s hand (None when no Set uses their cards)."""
    hand = set(scene.game.hands[player])
    sets = [s for s in scene.game.sets_for(player) if hand & set(s)]
    return max(sets, key=lambda s: len(hand & set(s)), default=None)


def play_out(app, pick_cards, draw, go_on) -> list[str]:
    """P1 takes the Set using most of their cards, else draws, until the results; returns the dealers seen."""
    dealers = []
    for _ in range(400):
        scene = top(app)
        if not isinstance(scene, TwentyScene):
            break
        if scene.interlude is not None:
            go_on(scene)
            settle(app)
            dealers.append(scene.v["dealer"])
            continue
        if scene.locked:
            step(app, 0.3)
            continue
        s = best_set(scene)
        if s is not None:
            pick_cards(scene, s)
        elif len(scene.game.hands["P1"]) < 9:
            draw(scene)
        settle(app)
    step(app, 2.0)
    return dealers


def test_a_game_from_the_menu_to_the_results_by_clicks(app):
    click(app, button(top(app), "20/20").rect.center)
    top(app).seed = SEED  # the setup screen's deal number (a fresh one each time otherwise)
    click(app, button(top(app), "Start").rect.center)
    assert isinstance(top(app), TwentyScene) and top(app).seats == ["human", "bot:casual"]
    settle(app)

    def pick_cards(scene, cards):
        for c in cards:
            click(app, scene.sprites[c].pos)

    dealers = play_out(app, pick_cards, lambda scene: click(app, button(scene, "Draw").rect.center),
                       lambda scene: click(app, scene.frame.board.center))
    assert isinstance(top(app), ResultsScene) and top(app).data["title"] == "You win!"
    assert dealers[:2] == ["P2", "P1"]  # the deal rotates between hands


def test_a_game_from_the_menu_to_the_results_by_keys(app):
    for _ in range(5):
        press(app, pygame.K_DOWN)  # the sixth mode of the menu: 20/20
    press(app, pygame.K_RETURN)
    top(app).seed = SEED
    press(app, pygame.K_RETURN)
    assert isinstance(top(app), TwentyScene) and top(app).game.seed == SEED
    settle(app)

    def key_cards(scene, cards):
        for c in cards:
            hand = scene.disp_hands["P1"]
            if c in hand:
                type_char(app, hand_keys(scene.card_keys)[hand.index(c)])
            else:
                type_char(app, scene.card_keys[scene.disp_table.index(c)])

    play_out(app, key_cards, lambda scene: press(app, pygame.K_PLUS, "+"),
             lambda scene: press(app, pygame.K_SPACE, " "))
    assert isinstance(top(app), ResultsScene) and int(top(app).data["score"].split(" · ")[0]) >= 20


def test_a_right_set_leaves_the_hand_and_carries_the_clock(app):
    scene = start(app)
    s = best_set(scene)
    for c in s:
        click(app, scene.sprites[c].pos)
    own = len(set(s) & set(card(c) for c in ("1GDE", "2GOH", "1GSH", "2ROE", "2PDF", "1PDF")))
    assert scene.game.history[-1].startswith("P1 set") and "@1.5" in scene.game.history[-1]
    assert len(scene.v["hands"]["P1"]) == 6 - own


def test_a_wrong_pick_brings_a_penalty_card_into_the_hand(app):
    scene = start(app)
    wrong = [card("1GDE"), card("2GOH"), card("3PDE")]
    assert not is_set(*wrong)
    for c in wrong:
        click(app, scene.sprites[c].pos)
    settle(app)
    penalty = card(scene.v["last"]["penalty"])
    slots = scene.layout.hand_slots(7)
    assert (len(scene.v["hands"]["P1"]), scene.sprites[penalty].pos) == (7, slots[6])
    assert scene.toast.s.startswith("Not a Set")


def test_draw_is_refused_at_nine_with_the_reason(app):
    scene = start(app)
    for _ in range(4):
        press(app, pygame.K_PLUS, "+")
    assert len(scene.v["hands"]["P1"]) == 9
    press(app, pygame.K_PLUS, "+")
    assert (len(scene.v["hands"]["P1"]), "9" in scene.toast.s) == (9, True)


def test_hot_seat_p2_calls_with_enter_and_picks_from_their_own_hand(app):
    scene = start(app, ("human", "human"))
    press(app, pygame.K_RETURN)
    assert scene.caller == "P2"
    s = best_set(scene, "P2")
    hand = scene.disp_hands["P2"]
    for c in s:
        type_char(app, hand_keys(scene.card_keys)[hand.index(c)] if c in hand
                  else scene.card_keys[scene.disp_table.index(c)])
    assert scene.game.history[-1].startswith("P2 set " + " ".join(code(c) for c in sorted(s)))


def test_hot_seat_card_keys_need_a_call_first(app):
    scene = start(app, ("human", "human"))
    type_char(app, "a")
    assert (scene.caller, scene.selected, scene.toast.s.startswith("Call SET first")) == (None, [], True)


def test_a_call_that_runs_out_brings_a_penalty_card(app):
    scene = start(app)
    press(app, pygame.K_SPACE, " ")
    step(app, 5.5)
    assert scene.game.history[-1].startswith("P1 draw @") and len(scene.v["hands"]["P1"]) == 7


def test_the_game_is_saved_after_a_move_and_resumes(app):
    scene = start(app, ("human", "bot:fast"))
    press(app, pygame.K_PLUS, "+")
    hands = scene.v["hands"]
    app.manager.switch("twenty", {"resume": app.load_game("twenty")})
    step(app, 0.2)
    assert (top(app).v["hands"], top(app).seats) == (hands, ["human", "bot:fast"])


def test_bots_move_when_left_alone(app):
    scene = start(app, ("human", "bot:expert"))
    for _ in range(40):
        step(app, 0.5)
        if any(h.startswith("P2") for h in scene.game.history):
            break
    assert any(h.startswith("P2") for h in scene.game.history)


def test_a_click_on_a_bots_card_is_no_call_and_says_why(app):
    scene = start(app)
    click(app, scene.sprites[scene.game.hands["P2"][0]].pos)
    assert (scene.caller, scene.toast.s.startswith("That is Bot (casual)'s card")) == (None, True)


def test_the_first_game_shows_the_tutorial_then_deals(tmp_path):
    app = make_app(tmp_path)  # the basics already seen, 20/20 not yet
    app.manager.switch("twenty", {"seed": SEED, "options": {"players": 2}, "seats": ["human", "bot:casual"]})
    app.manager.apply()
    game = app.manager.stack[0]
    assert (type(top(app)).__name__, game.sprites) == ("TwentyTutorialScene", {})
    press(app, pygame.K_RETURN)
    for ch in "ade":  # 3PSF 2GDF from the hand, 1ROF from the table
        type_char(app, ch)
    press(app, pygame.K_RETURN)
    press(app, pygame.K_RETURN)
    step(app, 2.0)
    assert (top(app) is game, len(game.sprites), app.settings["tutorial_seen"]["twenty"]) == (True, 18, True)
    shut_down()
