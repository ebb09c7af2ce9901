"""Small things a player meets: setup keys, the custom keyboard's Cancel, the top bar of a daily or a
level, the solitaire key legend's lines."""

from __future__ import annotations

import pygame
import pytest
from scene_driver import click, make_app, press, step, top

from scenes.daily import ROWS
from scenes.solitaire_draw import legend_lines
from scenes.tally import find_level, launch
from sprites import theme
from sprites.audio import shut_down
from sprites.layout import KEY_LAYOUTS

DAY = "2026-11-22"  # daily #2


@pytest.fixture
def app(tmp_path):
    a = make_app(tmp_path, seen=("pillars", "mags"))
    a.start()
    yield a
    shut_down()


def test_left_and_right_change_the_focused_setup_row(app):
    app.manager.switch("setup", {"mode": "classic"})
    step(app, 0.1)
    scene = top(app)
    rows = scene.list.shown()
    before = {o.key: scene.values[o.key] for o in rows}
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RIGHT)
    after_right = {o.key: scene.values[o.key] for o in rows}
    press(app, pygame.K_LEFT)
    after_left = {o.key: scene.values[o.key] for o in rows}
    changed = [k for k in before if before[k] != after_right[k]]
    assert changed == [rows[1].key]
    assert after_left == before
    assert "Left/Right change" in scene.footer()


@pytest.mark.parametrize("mode", ["points", "pillars"])
def test_a_setup_without_rows_promises_no_row_keys(app, mode):
    app.manager.switch("setup", {"mode": mode})
    step(app, 0.1)
    scene = top(app)
    assert scene.list.shown() == []
    assert "Left/Right" not in scene.footer() and "Up/Down" not in scene.footer()
    assert "Enter starts" in scene.footer()


def test_a_setup_of_one_row_offers_left_right_only(app):
    app.manager.switch("setup", {"mode": "findall"})
    step(app, 0.1)
    scene = top(app)
    assert len(scene.list.shown()) == 1
    assert scene.footer().startswith("Left/Right change")


def test_cancelling_the_custom_keyboard_restores_the_layout_you_had(app):
    app.set_setting("card_keys", KEY_LAYOUTS["qwerty"])
    app.manager.switch("settings", {})
    step(app, 0.1)
    scene = top(app)
    for _ in range(len(scene.options) - 1):
        press(app, pygame.K_DOWN)
    for _ in range(len(KEY_LAYOUTS)):  # azerty ... workman, then Custom…
        press(app, pygame.K_RIGHT)
    assert scene.entry is not None  # the field is open, the row went past Workman
    press(app, pygame.K_ESCAPE)
    assert scene.entry is None
    assert app.settings["card_keys"] == KEY_LAYOUTS["qwerty"]
    assert scene.list.values["card_keys"] == KEY_LAYOUTS["qwerty"]


def test_a_typed_custom_keyboard_is_kept(app):
    app.manager.switch("settings", {})
    step(app, 0.1)
    scene = top(app)
    press(app, pygame.K_k)
    for ch in "456rtyfghvbn":
        press(app, pygame.key.key_code(ch), ch)
    press(app, pygame.K_RETURN)
    assert app.settings["card_keys"] == "456rtyfghvbn" and scene.had_keys == "456rtyfghvbn"


def test_the_top_bar_names_the_daily(app):
    app.manager.switch("daily", {"today": DAY, "solve": False})
    step(app, 0.2)
    click(app, top(app).play_buttons[ROWS.index("findall")].rect.center)
    step(app, 0.5)
    assert top(app).title() == "Daily #2 · Find All"


def test_the_top_bar_names_the_level(app):
    launch(app, find_level("findall-007"))
    step(app, 0.5)
    assert top(app).title() == "Level 7 · Orchard"


def test_a_game_of_no_daily_or_level_shows_its_mode(app):
    app.manager.switch("setup", {"mode": "findall"})
    step(app, 0.1)
    press(app, pygame.K_RETURN)
    step(app, 0.5)
    assert top(app).title() == "Find All"


@pytest.mark.parametrize("size", [(640, 400), (800, 600), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("mode", ["mags", "pillars"])
def test_no_word_stands_alone_on_a_legend_line(tmp_path, size, mode):
    a = make_app(tmp_path, size=size, seen=(mode,))
    a.start()
    a.manager.switch("setup", {"mode": mode})
    step(a, 0.1)
    press(a, pygame.K_RETURN)
    step(a, 0.5)
    board = top(a).board
    u = top(a).frame.unit
    area = getattr(board, "legend_area", None) or top(a).frame.side
    size_px, width = round(u * 0.78), round(area.w - 2 * u)
    lines = [part for line in board.LEGEND for part in legend_lines(line, size_px, width)]
    wide = [line for line in lines if theme.text_size(line, size_px, True)[0] > width]
    shut_down()
    assert all(" " in line for line in lines), lines
    assert wide == []


def test_a_legend_line_breaks_between_hints_before_it_breaks_a_hint(app):
    line = "1-9 pick a pile top · Shift+number move there"
    hint = theme.text_size("Shift+number move there", 12, True)[0]
    assert legend_lines(line, 12, hint + 2) == ["1-9 pick a pile top", "Shift+number move there"]
    assert legend_lines(line, 12, hint - 2) == ["1-9 pick a pile top", "Shift+number", "move there"]


@pytest.mark.parametrize("size", [(640, 400), (1280, 720)])
def test_the_daily_title_never_reaches_the_clock(tmp_path, size):
    a = make_app(tmp_path, size=size, seen=("mags",))
    a.start()
    a.manager.switch("daily", {"today": DAY, "solve": False})
    step(a, 0.2)
    click(a, top(a).play_buttons[ROWS.index("mags")].rect.center)
    step(a, 0.5)
    scene = top(a)
    u, title = scene.frame.unit, scene.title()
    right = u * 1.2 + theme.text_size(title, round(u * 1.7), True)[0]
    clock_left = scene.frame.board.centerx - theme.text_size(scene.clock_label(), round(u * 2.0), True)[0] / 2
    shut_down()
    assert title.startswith("Daily #2") and right < clock_left
    assert (title == "Daily #2 · Mag's Solitaire") == (size == (1280, 720))
