"""Pillars in the window: whole games by clicks and by keys, drag and drop, oracles, undo, saves."""

from __future__ import annotations

import pygame
from scene_driver import button, click, make_app, press, settle, spot, step, top

from game.cards import card, code, describe, find_sets, is_set
from scenes.pillars import PillarsScene
from scenes.results import ResultsScene
from scenes.setup import SetupScene
from scenes.solitaire_players import PillarsPlayer
from sprites.audio import shut_down

SEED = 42
TUTORIALS_SEEN = ("pillars",)


def start(app, seed=SEED) -> PillarsScene:
    app.manager.switch("pillars", {"seed": seed, "options": {}})
    step(app, 1.5)
    return top(app)


def target(scene, n: int):
    """The part of the lit place under column n's top (1-based) that the top card leaves uncovered."""
    r = scene.board.slot_rect(n - 1, len(scene.board.stacks[n - 1]))
    return r.centerx, r.bottom - 4


def place_number(scene, c: str) -> int:
    k = card(c)
    return next(n for n in range(scene.board.places) if scene.board.place_key(n) == k) + 1


def drag(app, start_pos, end_pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start_pos, button=1))
    app.step(0.0)
    for k in range(1, 5):
        x = start_pos[0] + (end_pos[0] - start_pos[0]) * k / 4
        y = start_pos[1] + (end_pos[1] - start_pos[1]) * k / 4
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(round(x), round(y)), rel=(0, 0),
                                             buttons=(1, 0, 0)))
        app.step(0.0)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end_pos, button=1))
    app.step(0.0)


def a_move(scene) -> str:
    return next(m for m in scene.game.legal_moves() if m.startswith("move"))


def by_clicks(app, move: str) -> None:
    scene = top(app)
    words = move.split()
    if words[0] == "set":
        for c in words[1:]:
            click(app, spot(scene, c))
    else:
        click(app, spot(scene, words[1]))
        click(app, target(scene, int(words[-1])))
    settle(app)


def by_keys(app, move: str) -> None:
    scene = top(app)
    words = move.split()
    if words[0] == "set":
        for c in words[1:]:
            n = place_number(scene, c)
            press(app, pygame.K_0 + n, str(n))
    else:
        n = place_number(scene, words[1])
        press(app, pygame.K_0 + n, str(n))
        t = int(words[-1])
        press(app, pygame.K_0 + t, "", pygame.KMOD_SHIFT)
    settle(app)


def play_then_resign(app, deliver, moves: int = 12) -> list[str]:
    """Play the first Set or move ``moves`` times through events, then resign (asked twice)."""
    played = []
    for _ in range(moves):
        scene = top(app)
        legal = [m for m in scene.game.legal_moves() if m.split()[0] in ("set", "move")]
        if not legal:
            break
        deliver(app, legal[0])
        assert scene.game.history[-1] == legal[0]
        played.append(legal[0])
    return played


def test_a_game_from_the_menu_to_the_results_by_clicks(app):
    click(app, button(top(app), "Pillars").rect.center)
    setup = top(app)
    assert isinstance(setup, SetupScene)
    setup.seed = SEED
    click(app, button(setup, "Start").rect.center)
    step(app, 1.5)
    played = play_then_resign(app, by_clicks)
    scene = top(app)
    click(app, button(scene, "Resign").rect.center)
    click(app, button(scene, "Resign").rect.center)
    step(app, 3.0)
    assert isinstance(top(app), ResultsScene) and top(app).data["title"] == "Resigned" and len(played) == 12


def test_a_game_from_the_menu_to_the_results_by_keys(app):
    for _ in range(3):
        press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    top(app).seed = SEED
    press(app, pygame.K_RETURN)
    step(app, 1.5)
    played = play_then_resign(app, by_keys)
    press(app, pygame.K_r, "r")
    press(app, pygame.K_r, "r")
    step(app, 3.0)
    assert isinstance(top(app), ResultsScene) and top(app).data["score"].endswith("cards removed") and played


def test_78_cards_are_on_screen_at_the_start(app):
    scene = start(app)
    art = scene.art()
    screen = pygame.Rect((0, 0), app.size)
    inside = [k for k, s in scene.sprites.items() if screen.contains(s.rect(art))]
    assert (len(inside), sum(k < 0 for k in inside)) == (78, 18)


def test_a_move_by_drag_and_drop(app):
    scene = start(app)
    move = a_move(scene)
    words = move.split()
    drag(app, spot(scene, words[1]), target(scene, int(words[-1])))
    assert scene.game.history == [move]


def test_a_move_by_click_then_column(app):
    scene = start(app)
    move = a_move(scene)
    by_clicks(app, move)
    assert scene.game.history == [move]


def test_a_held_card_lights_the_columns_it_may_go_to(app):
    scene = start(app)
    move = a_move(scene)
    click(app, spot(scene, move.split()[1]))
    lit = {m.split()[-1] for m in scene.game.legal_moves() if m.startswith(f"move {move.split()[1]} ")}
    assert {str(i + 1) for i in scene.board.lit()} == lit


def test_a_drop_on_a_wrong_column_says_why_and_changes_nothing(app):
    scene = start(app)
    c = code(scene.board.top(0))
    wrong = next(n for n in range(2, 7) if f"move {c} > {n}" not in scene.game.legal_moves())
    drag(app, spot(scene, c), target(scene, wrong))
    assert (scene.game.history, "a move needs exactly two" in scene.toast.s) == ([], True)


def test_hovering_a_wrong_column_with_a_card_selected_says_why(app):
    scene = start(app)
    c = code(scene.board.top(0))
    wrong = next(n for n in range(2, 7) if f"move {c} > {n}" not in scene.game.legal_moves())
    click(app, spot(scene, c))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=target(scene, wrong), rel=(0, 0), buttons=(0, 0, 0)))
    app.step(0.0)
    assert scene.toast.s.startswith(describe(card(c))) and "exactly two" in scene.toast.s


def test_three_selected_tops_that_are_no_set_are_refused(app):
    scene = start(app)
    tops = [code(scene.board.top(i)) for i in range(6)]
    trio = next([a, b, c] for a in tops for b in tops for c in tops
                if len({a, b, c}) == 3 and not is_set(card(a), card(b), card(c)))
    for c in trio:
        click(app, spot(scene, c))
    assert (scene.game.history, scene.toast.s.startswith("Not a Set")) == ([], True)


def test_oracle_to_the_side_then_undo_is_refused_with_the_reason(app):
    scene = start(app)
    press(app, pygame.K_o, "o")
    assert scene.choosing and scene.game.history == []
    press(app, pygame.K_s, "s")
    settle(app)
    side = scene.v["side"]
    press(app, pygame.K_z, "\x1a", pygame.KMOD_CTRL)
    assert (scene.game.history, len(side), "cannot be unseen" in scene.toast.s) == (["oracle side"], 1, True)


def test_an_oracle_to_an_empty_base_asks_the_column_first(app):
    scene = start(app)
    g = scene.game
    g.columns[2], g.down[2] = [], 0  # column 3 emptied (its base taken in a Set)
    g.bases_removed = 1
    scene.refresh()
    scene.sync()
    settle(app)
    oracle = code(g.oracles[0])
    press(app, pygame.K_o, "o")
    asked = list(g.history)
    click(app, scene.board.slot_rect(2, 0).center)
    settle(app)
    assert (asked, g.history, scene.v["columns"][2], scene.sprites[card(oracle)].face) == (
        [], ["oracle > 3"], [oracle], 1.0)


def test_an_oracle_can_be_put_back_unseen(app):
    scene = start(app)
    press(app, pygame.K_o, "o")
    press(app, pygame.K_ESCAPE)
    assert (scene.choosing, scene.v["oracles"], top(app) is scene) == (False, 3, True)


def test_undo_and_redo_by_keys(app):
    scene = start(app)
    move = a_move(scene)
    by_clicks(app, move)
    press(app, pygame.K_z, "\x1a", pygame.KMOD_CTRL)
    undone = list(scene.game.history)
    press(app, pygame.K_y, "\x19", pygame.KMOD_CTRL)
    assert (undone, scene.game.history) == ([], [move])


def test_a_turned_foundation_flips_in_place(app):
    scene = start(app)
    g = scene.game
    player = PillarsPlayer()
    for _ in range(40):  # play until a foundation turns up
        if scene.v["down"] < 18:
            break
        scene.play(player.choose(g))
        settle(app)
    turned = [(i, len(col) - 1) for i, col in enumerate(scene.v["columns"]) if scene.v["down_by_column"][i] < 3]
    i, p = turned[0]
    k = scene.board.stacks[i][p]
    assert k >= 0 and scene.sprites[k].face == 1.0


def test_the_game_is_saved_after_every_move_and_resumes(app):
    scene = start(app)
    move = a_move(scene)
    by_clicks(app, move)
    saved = app.load_game("pillars")
    app.manager.switch("pillars", {"resume": saved})
    step(app, 1.0)
    assert top(app).game.history == [move] and top(app) is not scene


def test_the_assist_counts_the_sets_among_all_cards_left(app):
    scene = start(app)
    press(app, pygame.K_a, "a")
    assert scene.sets_left == len(find_sets(scene.game.cards_left())) and scene.sets_left > 0


def test_the_demo_plays_by_itself(app):
    app.manager.switch("pillars", {"seed": SEED, "options": {}, "demo": True})
    app.step(0.0)
    scene = top(app)
    scene.driver.solver = None  # play the simple player at once
    scene.driver.started = True
    step(app, 4.0)
    assert len(scene.game.history) >= 3


def test_the_first_game_shows_the_pillars_pages_once(tmp_path):
    a = make_app(tmp_path)
    a.settings["tutorial_seen"] = {"basics": True}
    a.start()
    a.manager.switch("pillars", {"seed": SEED, "options": {}})
    step(a, 0.2)
    shown = type(top(a)).__name__
    for _ in range(5):
        press(a, pygame.K_RETURN)
    seen = a.settings["tutorial_seen"].get("pillars")
    a.manager.switch("pillars", {"seed": SEED, "options": {}})
    step(a, 0.2)
    again = type(top(a)).__name__
    shut_down()
    assert (shown, seen, again) == ("SoloTutorialScene", True, "PillarsScene")


def test_a_move_with_the_cursor_keys(app):
    scene = start(app)
    move = a_move(scene)
    src, dst = place_number(scene, move.split()[1]), int(move.split()[-1])
    for _ in range(src - 1):
        press(app, pygame.K_RIGHT)
    press(app, pygame.K_SPACE, " ")
    step_key = pygame.K_RIGHT if dst > src else pygame.K_LEFT
    for _ in range(abs(dst - src)):
        press(app, step_key)
    press(app, pygame.K_RETURN, "\r")
    assert scene.game.history == [move]


def test_an_oracle_to_a_full_column_is_refused_and_still_asks(app):
    scene = start(app)
    press(app, pygame.K_o, "o")
    press(app, pygame.K_2, "2")
    assert (scene.choosing, scene.game.history, "not empty" in scene.toast.s) == (True, [], True)


def test_a_4_by_3_window_lays_the_panel_under_the_columns_with_larger_cards(tmp_path):
    from scene_driver import make_app

    small = make_app(tmp_path, size=(800, 600), seen=("pillars",))
    small.start()
    try:
        scene = start(small)
        f, b = scene.frame, scene.board
        art = scene.art()
        screen = pygame.Rect((0, 0), small.size)
        cards = [s.rect(art) for s in scene.sprites.values()]
        buttons = [x.rect for x in scene.side_buttons]
        # the columns use the whole width: cards ~114 px instead of the ~78 px beside a side panel
        assert f.strip and f.side.top > f.board.bottom and b.card_w >= 110
        assert all(screen.contains(r) and not r.colliderect(f.side) for r in cards) and len(cards) == 78
        assert all(f.side.contains(r) for r in buttons)
        assert not any(r.colliderect(o) for i, r in enumerate(buttons) for o in buttons[i + 1:])
        # an oracle put to the side lies in the strip, beside the counts and the buttons
        press(small, pygame.K_o, "o")
        click(small, b.side_zone.center)
        settle(small)
        oracle = scene.sprites[card(scene.v["side"][0])].rect(art)
        assert scene.game.history == ["oracle side"] and f.side.contains(oracle)
        assert not oracle.colliderect(b.info) and not any(oracle.colliderect(r) for r in buttons)
    finally:
        shut_down()


def test_a_wide_window_keeps_the_side_panel(app):
    scene = start(app)
    assert not scene.frame.strip and scene.frame.side.left > scene.frame.board.right
