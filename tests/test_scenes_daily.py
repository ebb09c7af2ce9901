"""The daily deals screen headless: every mode, a launch, a counted finish, the share text, the archive.

The date is given to the scene ("today"), never read from the wall clock; the
solver is off (``solve: False``) except where a stand-in solver is injected.
"""

from __future__ import annotations

import datetime as dt
import threading

import pygame
import pytest
from scene_driver import click, make_app, press, step, take_sets, top

from game.daily import Daily, as_date, daily
from game.variants import game_class
from scenes.daily import ROWS, DailyScene
from scenes.findall import FindAllScene
from scenes.share import SHARE_FILE, PlayedScene
from scenes.start import first_scene
from scenes.stats import MODE_COLOURS
from sprites.audio import shut_down

DAY = "2026-11-22"  # daily #2


@pytest.fixture
def app(tmp_path):
    a = make_app(tmp_path)
    yield a
    shut_down()


def open_daily(app, **data) -> DailyScene:
    app.manager.switch("daily", {"today": DAY, "solve": False, **data})
    step(app, 0.2)
    return top(app)


def play_findall(app) -> PlayedScene:
    """Launch today's find-all from the daily screen by a click and find every Set by clicks."""
    scene = top(app)
    click(app, scene.play_buttons[ROWS.index("findall")].rect.center)
    step(app, 0.8)
    take_sets(app, FindAllScene)
    return top(app)


def test_the_daily_screen_lists_every_mode_with_its_deal_of_the_day(app):
    scene = open_daily(app)
    assert [(m, d.mode, d.number) for m, d in scene.deals.items()] == [(m, m, 2) for m in ROWS]


def test_a_play_button_launches_that_modes_daily_deal(app):
    scene = open_daily(app)
    click(app, scene.play_buttons[ROWS.index("findall")].rect.center)
    game = top(app)
    assert (type(game), game.data["daily"]["date"], game.game.seed) == (FindAllScene, DAY, daily(DAY, "findall").seed)


def test_enter_launches_the_focused_row(app):
    open_daily(app)
    for _ in range(ROWS.index("findall")):
        press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    assert isinstance(top(app), FindAllScene)


def test_a_finished_daily_records_the_day_and_the_streak_rises_from_0_to_1(app):
    open_daily(app)
    res = play_findall(app)
    days = app.store.stats["findall"]["daily"]
    assert (DAY in days, res.data["streak_before"]["current"], res.data["streak"]["current"]) == (True, 0, 1)


def test_the_share_text_is_on_the_results_screen(app):
    open_daily(app)
    res = play_findall(app)
    lines = res.data["share"].split("\n")
    title = game_class("findall").TITLE
    assert (lines[0], len(lines[2])) == (f"Set Arcade · {title} #2", 6)  # six Sets, no miss


def test_copy_headless_writes_the_share_file_and_says_so(app, tmp_path):
    open_daily(app)
    res = play_findall(app)
    press(app, pygame.K_c)
    saved = (tmp_path / SHARE_FILE).read_text(encoding="utf-8")
    assert (res.note.startswith("No clipboard here"), saved) == (True, res.data["share"] + "\n")


def test_a_second_play_of_the_same_day_is_not_counted(app):
    open_daily(app)
    play_findall(app)
    press(app, pygame.K_RETURN)  # "Daily deals"
    res = play_findall(app)
    assert (res.data["daily"]["counted"], app.store.stats["findall"]["games"]) == (False, 1)


def test_the_daily_screen_shows_a_played_row_afterwards(app):
    open_daily(app)
    play_findall(app)
    press(app, pygame.K_RETURN)
    scene = top(app)
    assert (type(scene), scene.play_buttons[ROWS.index("findall")].label) == (DailyScene, "Play again")


def test_an_archive_day_is_playable_but_not_counted(app):
    scene = open_daily(app)
    press(app, pygame.K_PAGEUP)
    assert scene.day == as_date("2026-11-21")
    res = play_findall(app)
    assert (res.data["daily"]["counted"], "findall" in app.store.stats) == (False, False)


def test_the_day_after_today_cannot_be_chosen(app):
    scene = open_daily(app)
    press(app, pygame.K_PAGEDOWN)
    assert (scene.day, scene.nav[2].enabled) == (as_date(DAY), False)


def test_a_slow_par_is_worked_out_in_a_thread_while_the_row_spins(app):
    gate = threading.Event()

    def solver(date, mode, solve=True):
        d = daily(date, mode, solve=False)
        if solve and mode == "mags":
            gate.wait(5)
            d.par = 17
        elif solve:
            raise RuntimeError("no solver in this test")
        return d

    # a day past the shipped par table, so the par has to be worked out
    scene = open_daily(app, today="2032-03-05", solve=True, solver=solver)
    waiting = (scene.pending("mags"), scene.about("mags", scene.deals["mags"])[1])
    worker = next(t for t in threading.enumerate() if t.name == "daily-mags")
    gate.set()
    worker.join(20)  # the worker's end, not a guess at its time
    for _ in range(20):
        step(app, 0.1)
        if scene.deals["mags"].par is not None:
            break
    assert (waiting, scene.deals["mags"].par, scene.about("mags", scene.deals["mags"])) == \
        ((True, True), 17, ("par 17 Sets", False))


def test_a_mags_daily_with_par_is_played_as_a_level_showing_par(app):
    from scenes.daily import launch_data

    name, data = launch_data(Daily("mags", as_date(DAY), daily(DAY, "mags", solve=False).seed, par=19), DAY)
    assert (name, data["level"]["par"], len(data["level"]["deck"])) == ("mags", 19, 81)


def test_the_command_line_daily_with_a_mode_starts_straight_into_it(app):
    app.options.daily, app.options.mode = DAY, "findall"
    assert first_scene(app) == ("daily", {"date": DAY, "launch": "findall"})


# ----- the stats screen: daily streaks and the 30-day chart ------------------------------------
def chart_pixels(app, colour) -> int:
    """How many pixels of the stats chart are exactly ``colour``."""
    scene = top(app)
    area = app.screen.subsurface(scene.chart).copy()
    return pygame.transform.threshold(None, area, colour, (0, 0, 0, 0), set_behavior=0)


def test_the_stats_chart_draws_with_no_data(app):
    app.manager.switch("stats", {"today": DAY})
    step(app, 0.2)
    assert (chart_pixels(app, MODE_COLOURS["classic"]) < 200, top(app).rows()[0][1:4]) == (True, ("0", "0", "—"))


def test_the_stats_chart_fills_with_thirty_days_of_dailies(app):
    start = as_date(DAY)
    for k in range(30):
        day = (start - dt.timedelta(days=k)).isoformat()
        app.store.record_result("classic", {"won": k % 2 == 0, "time": 90.0, "score": 10, "daily": day})
    app.manager.switch("stats", {"today": DAY})
    step(app, 0.2)
    row = dict(zip(("games", "wins", "rate", "best", "avg", "streak", "longest"), top(app).rows()[0][1:]))
    assert (chart_pixels(app, MODE_COLOURS["classic"]) > 1000, row["rate"], row["streak"], row["avg"]) == \
        (True, "50%", "30", "1:30")


@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1920, 1080)])
def test_every_mode_has_a_row_and_the_rows_fit_the_window_without_overlapping(tmp_path, size):
    a = make_app(tmp_path, size=size)
    try:
        scene = open_daily(a)
        screen = pygame.Rect((0, 0), size)
        rows = scene.rows
        assert set(ROWS) >= {"junior", "chain", "ultra", "memory", "shuffle"} and len(rows) == len(ROWS)
        assert all(screen.contains(r) and not r.colliderect(scene.back.rect) for r in rows)
        assert not any(r.colliderect(o) for i, r in enumerate(rows) for o in rows[i + 1:])
        assert all(r.contains(b.rect) for r, b in zip(rows, scene.play_buttons))
    finally:
        shut_down()


@pytest.mark.parametrize("mode", ["junior", "chain", "ultra", "memory", "shuffle"])
def test_a_race_modes_daily_is_launched_against_a_casual_bot(app, mode):
    from scenes.classic import ClassicScene

    scene = open_daily(app)
    click(app, scene.play_buttons[ROWS.index(mode)].rect.center)
    press(app, pygame.K_ESCAPE)  # the mode's first-play pages
    game = top(app)
    assert isinstance(game, ClassicScene) and game.mode == mode and game.game.seed == daily(DAY, mode).seed
    assert game.data["daily"]["date"] == DAY and game.session.seats == ["human", "bot:casual"]


@pytest.mark.parametrize("mode", ROWS)
def test_a_played_row_of_every_mode_draws_its_result(app, mode):
    scene = open_daily(app)
    app.record_result(mode, {"won": True, "time": 75.0, "daily": DAY, "score": 7, "hints": 0,
                             "lower_is_better": False})
    scene.draw(app.screen)  # each mode's stored result in words (a race mode's once raised KeyError)
    assert scene.played(mode) is not None
