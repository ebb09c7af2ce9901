"""A demo in the window asks nothing of the one watching: any key, click or pad button goes back to the
menu, and 20/20's box between hands counts down to the next hand instead of asking to go on; that box
covers no label in half at any window size."""

from __future__ import annotations

import math

import pygame
import pytest
from scene_driver import click, make_app, press, step, texts_written, top

from scenes.menu import MenuScene
from scenes.overlays import HelpScene
from scenes.start import play_data
from scenes.twenty import TwentyScene
from scenes.twenty_layout import TwentyLayout
from scenes.twenty_parts import SHADOW, interlude_box, interlude_footer
from sprites import theme
from sprites.audio import shut_down
from sprites.cardart import ASPECT
from sprites.layout import Frame

B = pygame
TUTORIALS_SEEN = ("classic", "twenty")
SIZES = [(640, 400), (800, 600), (1024, 768), (1280, 720), (1920, 1080)]


def demo(app, mode: str = "classic", seed: int = 3):
    app.manager.switch(mode, play_data(mode, seed, demo=True))
    app.step(0.0)
    scene = top(app)
    assert scene.demo
    return scene


@pytest.mark.parametrize("how", ["space", "letter", "escape", "click", "right click"])
def test_any_key_or_click_leaves_a_demo_for_the_menu(app, how):
    scene = demo(app)
    step(app, 0.5)
    if how == "click":
        click(app, scene.frame.board.center)
    elif how == "right click":
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=scene.frame.board.center, button=3))
        app.step(0.0)
    else:
        key, text = {"space": (pygame.K_SPACE, " "), "letter": (pygame.K_q, "q"), "escape": (pygame.K_ESCAPE, "")}[how]
        press(app, key, text)
    assert isinstance(top(app), MenuScene)


def test_a_demo_lets_the_rules_and_a_modifier_through_and_says_how_to_leave(app):
    scene = demo(app)
    assert scene.toast.visible and "any key" in scene.toast.s
    press(app, pygame.K_LSHIFT)
    assert top(app) is scene
    press(app, pygame.K_F1)
    assert isinstance(top(app), HelpScene)
    press(app, pygame.K_ESCAPE)  # the rules close: the demo goes on
    assert top(app) is scene
    rules = next(b for b in scene.top_buttons if b.label.startswith("Rules"))
    click(app, rules.rect.center)
    assert isinstance(top(app), HelpScene)


@pytest.mark.parametrize("button", [B.CONTROLLER_BUTTON_A, B.CONTROLLER_BUTTON_DPAD_LEFT, B.CONTROLLER_BUTTON_START])
def test_a_pad_button_leaves_a_demo_and_no_ring_is_drawn_over_it(app, button):
    scene = demo(app)
    assert app.pads.targets(scene) == []  # nothing to pick: the buttons arrive as keys
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=0, button=button))
    app.step(0.0)
    assert isinstance(top(app), MenuScene)


def test_a_game_with_a_person_is_not_left_by_a_key(app):
    app.manager.switch("classic", play_data("classic", 3))
    app.step(0.0)
    scene = top(app)
    press(app, pygame.K_SPACE, " ")
    click(app, scene.frame.board.topleft)
    assert top(app) is scene and not scene.demo


def deck_labels(scene_layout: TwentyLayout, u: float) -> list[pygame.Rect]:
    """Where the deck's and the discard pile's labels are drawn (as ``TwentyView.draw_deck``), widest text."""
    out = []
    for (x, y) in (scene_layout.deck_pos, scene_layout.discard_pos):
        h = scene_layout.big_w / ASPECT
        w, th = theme.text_size("discard 81", round(u * 0.95), True)
        out.append(pygame.Rect(round(x - w / 2), round(y + h / 2 + u * 0.5), w, th))
    return out


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_box_between_hands_covers_no_label_in_part(size, players):
    """Under the box: the table and the piles with their labels whole; clear of it: the label of the
    cards along the bottom and the names at the top of the seat boxes; its text at most a little smaller."""
    frame = Frame(size)
    lay = TwentyLayout(frame, [f"P{i + 1}" for i in range(players)])
    u = lay.unit
    box, unit = interlude_box(lay, frame.board, players - 1)
    shadow = box.inflate(u * SHADOW, u * SHADOW)
    assert shadow.bottom <= lay.hand_label.top + u * 0.3 < lay.hand_label.centery - u * 0.4
    for seat in lay.boxes.values():
        assert shadow.top >= seat.top + u * 2.0  # the name, score and state line stays in sight
    for label in deck_labels(lay, u):
        assert box.contains(label), (label, box)
    for i in range(6):
        x, y = lay.table_pos(i)
        assert box.collidepoint(x, y)
    assert frame.board.contains(shadow)
    assert unit >= u * 0.85 and box.h >= (12.5 + 1.6 * (players - 1)) * unit - 1


def test_the_demo_counts_down_to_the_next_hand_and_to_its_results_and_a_key_leaves_it(tmp_path):
    """``main.py --demo --mode twenty`` (seed 1): the break between hands says when the next hand comes
    (never "Space or click to go on"), each second drawn whole; the break the demo ends on counts down to
    the results; a key goes back to the menu."""
    app = make_app(tmp_path, size=(640, 400))
    app.start()
    try:
        scene = demo(app, "twenty", seed=1)
        assert isinstance(scene, TwentyScene)
        for _ in range(1200):
            if scene.interlude is not None:
                break
            app.step(0.25)
        assert scene.interlude is not None and scene.clock < 50  # seed 1's first hand is won at 0:46
        seen = []
        for _ in range(18):
            words = interlude_footer(scene)
            left = min(scene.interlude["t"], scene.session.view()["hold"])
            assert words.startswith(f"Next hand in {math.ceil(left - 1e-6)}…") and "Space" not in words
            seen.append(words)
            partial = app.screen.copy()
            app.manager.full = True
            app.draw()
            assert pygame.image.tobytes(partial, "RGB") == pygame.image.tobytes(app.screen, "RGB")
            app.step(0.2)
        assert len({w.split("…")[0] for w in seen}) >= 3  # 5, 4, 3, 2: each second shown
        for _ in range(1200):
            app.step(0.25)
            if scene.interlude is not None and scene.clock > 55:
                break
        assert scene.interlude is not None and top(app) is scene
        assert interlude_footer(scene) == f"Results in {math.ceil(scene.demo_ends_at() - scene.clock - 1e-6)}…"
        press(app, pygame.K_SPACE, " ")
        assert isinstance(top(app), MenuScene)
    finally:
        shut_down()


def test_a_person_is_still_asked_to_go_on(app):
    app.manager.switch("twenty", play_data("twenty", 3))
    app.step(0.0)
    scene = top(app)
    scene.interlude = {"hand": 1, "player": "P1", "gain": 2, "t": 4.0, "left": [("P2", 3)], "scores": {},
                       "target": 20, "dealer": "P2", "over": False}
    assert interlude_footer(scene).endswith("Space or click to go on")


@pytest.mark.parametrize("size", [(640, 400), (1280, 720)])
def test_a_seat_box_s_name_state_and_score_never_run_into_each_other(tmp_path, size, monkeypatch):
    """Four players: a narrow seat box with "wins the hand!" or a word said beside its name cuts the name
    short ("Bot 2 (c…") instead of writing over it; the dealer's mark goes where there is room."""

    app = make_app(tmp_path, size=size, seen=("twenty",))
    app.start()
    try:
        data = play_data("twenty", 5)
        app.manager.switch("twenty", {**data, "options": {**data.get("options", {}), "players": 4}})
        app.step(0.0)
        scene = top(app)
        assert isinstance(scene, TwentyScene) and len(scene.game.players) == 4
        cut: list[str] = []
        for interlude in (None, {"hand": 1, "player": "P2", "gain": 3, "t": 3.0, "left": [], "scores": {},
                                 "target": 20, "dealer": "P3", "over": False}):
            scene.interlude = interlude
            for p in scene.game.players[1:]:
                scene.said = {} if interlude else {p: ["thinking…", 5.0]}  # a state beside every name
                with texts_written() as drawn:
                    scene.view.draw_seat(app.screen, p)
                line = [(t, r) for t, r in drawn if t]
                assert len(line) >= (3 if scene.view.seat_state(p) else 2)
                cut += [t for t, _r in line if t.endswith("…") and t != "thinking…"]
                for i, (t, r) in enumerate(line):
                    assert scene.layout.boxes[p].contains(r), (t, r)
                    for t2, r2 in line[i + 1:]:
                        assert not r.colliderect(r2), (p, t, t2)
        assert cut  # (at these sizes a long name is cut short)
    finally:
        shut_down()
