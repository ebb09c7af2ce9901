"""The puzzle level screen headless: unlocking, stars, a damaged level file, the command line."""

from __future__ import annotations

import json
import shutil

import pygame
import pytest
from scene_driver import click, make_app, press, step, take_sets, top

from game import variants
from game.resources import resource_path
from scenes.findall import FindAllScene
from scenes.levels import LevelsScene, load_levels, unlocked
from scenes.overlays import MessageScene
from scenes.share import PlayedScene
from scenes.start import first_scene
from scenes.tally import earned
from sprites.audio import shut_down

IDS = ("findall-001", "findall-002", "findall-003")


@pytest.fixture
def folder(tmp_path):
    d = tmp_path / "levels"
    d.mkdir()
    for lid in IDS:
        shutil.copy(resource_path("levels", f"{lid}.json"), d / f"{lid}.json")
    return d


@pytest.fixture
def app(tmp_path):
    a = make_app(tmp_path / "data")
    yield a
    shut_down()


def open_levels(app, folder) -> LevelsScene:
    app.manager.switch("levels", {"dir": str(folder)})
    step(app, 0.2)
    return top(app)


def solve_focused(app) -> PlayedScene:
    press(app, pygame.K_RETURN)
    step(app, 0.8)
    take_sets(app, FindAllScene)
    return top(app)


def test_the_first_level_is_open_and_the_second_locked(app, folder):
    scene = open_levels(app, folder)
    assert [unlocked(app, scene.current, i) for i in range(3)] == [True, False, False]


def test_a_locked_level_does_not_start(app, folder):
    scene = open_levels(app, folder)
    click(app, scene.tiles[1].center)
    click(app, scene.tiles[1].center)  # a second click plays an open tile
    press(app, pygame.K_RETURN)
    assert (top(app) is scene, scene.focus, scene.play_button.enabled) == (True, 1, False)


def test_solving_the_first_level_opens_the_second(app, folder):
    open_levels(app, folder)
    res = solve_focused(app)
    assert (type(res), res.data["stars"], res.data["next_level"]["id"]) == (PlayedScene, 3, "findall-002")
    press(app, pygame.K_ESCAPE)  # back to the levels
    scene = top(app)
    assert (type(scene), [unlocked(app, scene.current, i) for i in range(3)]) == (LevelsScene, [True, True, False])


def test_next_level_from_the_results_starts_it(app, folder):
    open_levels(app, folder)
    solve_focused(app)
    press(app, pygame.K_RETURN)
    assert (type(top(app)), top(app).data["level_id"]) == (FindAllScene, "findall-002")


def test_stars_show_on_the_level_and_count_in_progress(app, folder):
    open_levels(app, folder)
    solve_focused(app)
    assert app.store.progress["findall-001"] == {"solved": True, "tries": 1, "best": 3}


def test_find_all_stars_fall_with_errors():
    level = json.loads(resource_path("levels", "findall-001.json").read_text(encoding="utf-8"))
    g = variants.load(level)
    sets = [m for m in g.legal_moves()]
    g.play(sets[0])
    g.play(sets[0])  # a repeat
    for m in sets[1:]:
        g.play(m)
    assert earned(g) == (2, True)


def test_a_damaged_level_file_is_skipped_with_a_notice(app, folder):
    (folder / "findall-000.json").write_text('{"variant": "findall", "id": "broken", "table": [', encoding="utf-8")
    open_levels(app, folder)
    scene = app.manager.find(LevelsScene)
    assert (len(scene.current), len(scene.notices), "findall-000.json" in scene.notices[0],
            type(top(app))) == (3, 1, True, MessageScene)


def test_a_level_of_bad_cards_is_skipped_too(folder):
    data = json.loads((folder / "findall-001.json").read_text(encoding="utf-8"))
    data.update(id="findall-bad", table=["1RDE"] * 9)
    (folder / "findall-bad.json").write_text(json.dumps(data), encoding="utf-8")
    levels, notices = load_levels(folder)
    assert ([lv["id"] for lv in levels["findall"]], len(notices)) == (list(IDS), 1)


def test_keys_move_between_levels(app, folder):
    scene = open_levels(app, folder)
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_LEFT)
    assert scene.focus == 1


def test_the_command_line_level_starts_it(app):
    app.options.level = "findall-002"
    name, data = first_scene(app)
    assert (name, data["level_id"], data["level"]["name"]) == ("findall", "findall-002", "Pebble")


def test_an_unknown_command_line_level_opens_the_level_screen(app):
    app.options.level = "pillars-999"
    assert first_scene(app) == ("levels", {})
