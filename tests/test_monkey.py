"""Monkey test: random clicks, drags, keys, text, resizes, focus changes and quits in every scene.

5 000 events in all, seeded (game.rng.Rng): a failure names the seed, the event
index and the traceback, and ``tools/monkey.py --seed S`` replays the run.
"""

from __future__ import annotations

import sys
import weakref
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

from monkey import PLAYING, Monkey  # noqa: E402

from scenes import scene_names  # noqa: E402

PER_SCENE = 150  # events from each start scene (20 scenes)
GAMES = ("classic", "points", "findall", "twenty", "pillars", "mags")
PER_GAME = 150  # events playing each mode's game, mostly legal Sets
EXPLORE = max(1500, 5000 - PER_SCENE * len(scene_names()) - PER_GAME * len(GAMES))  # from the menu


def fail_on(err: dict) -> None:
    pytest.fail(f"seed {err['seed']}, event {err['event']} in {err['scene']}: {err['error']}\n{err['traceback']}",
                pytrace=False)


def run(tmp_path, seed: int, start: str, events: int, **kw) -> Monkey:
    m = Monkey(seed, str(tmp_path), size=(640, 400), on_error=fail_on, **kw)
    try:
        m.show(start)
        m.run(events)
    finally:
        m.close()
    return m


@pytest.mark.parametrize("start", scene_names())
def test_monkey_from_each_scene(tmp_path, start):
    m = run(tmp_path, 1000 + scene_names().index(start), start, PER_SCENE)
    assert m.events == PER_SCENE and not m.errors


def test_monkey_from_the_menu_reaches_deep_screens(tmp_path):
    m = run(tmp_path, 7, "menu", EXPLORE)
    assert not m.errors and len(m.visited) >= 8  # clicks on buttons lead off the menu


@pytest.mark.parametrize("mode", GAMES)
def test_monkey_playing_sets_through_a_game(tmp_path, mode):
    m = run(tmp_path, 2000 + GAMES.index(mode), mode, PER_GAME, kinds=PLAYING)
    assert m.events == PER_GAME and not m.errors


def test_restarts_keep_nothing_of_the_apps_before(tmp_path):
    m = Monkey(5, str(tmp_path), size=(640, 400), on_error=fail_on)
    try:
        olds = []
        for _ in range(4):
            m.show("menu")
            m.app.step(1 / 60)  # the first frame: the app freezes what start-up made
            olds.append(weakref.ref(m.app))
            m.restart()
        assert [r() is None for r in olds] == [True] * 4
    finally:
        m.close()
