"""Short deal codes on the screens: the setup shows and takes them, the results and the daily share text show
them, the command line opens them; the long codes still open the same deals."""

from __future__ import annotations

import pygame
import pytest
from scene_driver import make_app, press, step, take_sets, top, type_char

import main
from game.codes import Deal, deal_code, read_code, short_code
from game.daily import daily
from scenes.app import Options
from scenes.findall import FindAllScene
from scenes.results import ResultsScene
from scenes.setup import SetupScene
from scenes.start import first_scene
from sprites.audio import shut_down

DAY = "2026-11-22"


@pytest.fixture
def app(tmp_path):
    a = make_app(tmp_path)
    yield a
    shut_down()


def open_setup(app, mode: str, **data) -> SetupScene:
    app.manager.switch("setup", {"mode": mode, **data})
    app.step(0.0)
    return top(app)


def type_code(app, text: str) -> None:
    press(app, pygame.K_c, "c")
    for ch in text:
        type_char(app, ch)
    press(app, pygame.K_RETURN)


def test_a_new_deal_is_shown_by_its_short_code(app):
    scene = open_setup(app, "classic")
    for _ in range(20):
        press(app, pygame.K_n, "n")
        assert len(scene.code) == 10 and read_code(scene.code) == Deal("classic", scene.seed)


def test_a_typed_short_code_sets_the_deal_or_opens_its_mode(app):
    scene = open_setup(app, "classic")
    type_code(app, short_code("classic", 777).lower())
    assert (scene.seed, scene.entry, scene.code) == (777, None, short_code("classic", 777))
    type_code(app, short_code("mags", 4242).replace("0", "o").replace("-", " "))
    app.step(0.0)
    assert isinstance(top(app), SetupScene) and (top(app).mode, top(app).seed) == ("mags", 4242)


def test_a_dailys_short_code_and_its_long_code_open_the_same_deal(app):
    d = daily(DAY, "findall", solve=False)
    scene = open_setup(app, "findall")
    type_code(app, d.short_code.lower())
    assert (scene.seed, scene.code) == (d.seed, d.short_code)  # the setup names it by its day, as it was shown
    press(app, pygame.K_n, "n")
    type_code(app, d.code)  # the long code names the seed alone: the same deal, shown as it was typed
    assert (scene.seed, scene.code) == (d.seed, d.code)
    press(app, pygame.K_RETURN)  # Start: that deal is played
    app.step(0.0)
    assert isinstance(top(app), FindAllScene) and top(app).game.seed == d.seed


def test_a_bad_code_says_why_and_the_field_keeps_it(app):
    scene = open_setup(app, "classic")
    seed = scene.seed
    good = short_code("classic", 5).replace("-", "")
    typo = good[:3] + ("2" if good[3] != "2" else "3") + good[4:]
    type_code(app, typo.lower())
    assert scene.entry is not None and "a character is wrong or two are swapped" in scene.entry.error
    assert (scene.seed, scene.entry.text) == (seed, typo.lower())
    press(app, pygame.K_ESCAPE)
    type_code(app, "k7m2-9qxd")
    assert "room code" in scene.entry.error and scene.seed == seed


def test_the_results_show_the_deals_code(app):
    open_setup(app, "findall", seed=123)
    press(app, pygame.K_RETURN)
    step(app, 0.8)
    take_sets(app, FindAllScene)
    res = top(app)
    assert isinstance(res, ResultsScene) and res.data["code"] == short_code("findall", 123)


def test_the_daily_share_text_ends_with_the_short_code(app):
    app.manager.switch("daily", {"today": DAY, "solve": False, "launch": "findall"})
    step(app, 0.8)
    take_sets(app, FindAllScene)
    res = top(app)
    d = daily(DAY, "findall", solve=False)
    assert res.data["share"].split("\n")[-1] == f"deal {d.short_code}" and res.data["code"] == d.short_code


def test_the_command_line_opens_a_code_short_or_long():
    d = daily(DAY, "classic", solve=False)
    for text in (d.short_code, d.code):
        args = main.parser().parse_args(["--code", text])
        assert (args.code.mode, args.code.seed) == ("classic", d.seed)
    with pytest.raises(SystemExit):
        main.parser().parse_args(["--code", "R1BQB-FVTL"])  # a typo: refused, with the reason on stderr


def test_a_code_from_the_command_line_is_played_and_named_by_its_day(tmp_path):
    d = daily(DAY, "findall", solve=False)
    app = make_app(tmp_path)
    app.options = Options(mode="findall", seed=d.seed, extra={"deal_date": DAY})
    name, data = first_scene(app)
    assert (data["seed"], deal_code("findall", data["seed"], data["deal_date"])) == (d.seed, d.short_code)
    shut_down()
