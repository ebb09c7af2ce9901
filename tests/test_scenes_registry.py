"""The screens know modes only through the registry and each mode's class (``tests/test_one_place.py``
reads their source): a mode registered from outside shows in the menu, the daily screen and the lobby's
choices, and plays with its first-play pages; the lobby offers only what the room's mode allows."""

from __future__ import annotations

import pygame
import pytest
from scene_driver import make_app, press, step, top

from game import variants
from game.variants.facts import plain
from game.variants.race import Race
from sprites.audio import shut_down


# ----- a mode registered from outside -------------------------------------------------------------
class Toy(Race):
    NAME = "toy"
    TITLE = "Toy Race"
    TAGLINE = "A race for the tests"
    HELP = plain("""\
Toy Race: call SET and pick three cards.

A right Set scores 1.""")


GAME = Toy


@pytest.fixture
def toy():
    variants.register(Toy.NAME, __name__)
    try:
        yield Toy
    finally:
        variants.unregister(Toy.NAME)


def test_a_registered_mode_is_in_the_menu_the_daily_rows_and_the_lobbys_choices(tmp_path, toy):
    from scenes.daily import ROWS
    from scenes.lobby import playable

    app = make_app(tmp_path, size=(1280, 720))
    try:
        app.start()
        menu = top(app)
        assert "Toy Race" in [b.label for col in menu.columns for b in col.buttons]
        assert list(ROWS)[-1] == "toy" and playable()[-1] == "toy"
        app.manager.switch("daily", {"today": "2026-11-26", "solve": False})
        step(app, 0.1)
        assert top(app).modes[-1] == "toy" and len(top(app).rows) == len(ROWS)
    finally:
        shut_down()


def test_a_registered_race_plays_in_classics_scene_after_its_rules_as_first_play_pages(tmp_path, toy):
    from scenes.classic import ClassicScene
    from scenes.solitaire_tutorial import SoloTutorialScene

    app = make_app(tmp_path)
    try:
        app.manager.switch("toy", {"seed": 3, "options": {"players": 1}})
        step(app, 0.1)
        pages = top(app)
        assert isinstance(pages, SoloTutorialScene) and pages.mode == "toy"
        assert [title for title, _text, _cards in pages.steps] == ["Toy Race", "Toy Race"]
        press(app, pygame.K_ESCAPE)
        assert isinstance(top(app), ClassicScene) and top(app).game.name == "toy"
        assert app.settings["tutorial_seen"]["toy"] is True
    finally:
        shut_down()


# ----- the lobby offers what the room's mode allows ------------------------------------------------
@pytest.fixture
def app(tmp_path):
    a = make_app(tmp_path)
    yield a
    shut_down()


def test_the_lobby_offers_bots_and_game_types_only_for_a_mode_that_has_them(app):
    from test_net_scenes import step_until

    from scenes.lobby import playable

    app.manager.switch("online", {})
    app.step(0.0)
    try:
        press(app, pygame.K_h, "h", pygame.KMOD_CTRL)
        lobby = top(app)
        step_until(app, lambda: lobby.lobby is not None and lobby.hosting)
        app.step(0.05)
        assert [b.enabled for b in lobby.host_buttons] == [True] * 5  # Classic: game types and bots
        assert lobby.host_buttons[2].label == "Game type"
        kinds = []
        for _ in range(3):  # Classic's game types go round: Sprint, Blitz, and back to Normal (no option)
            before = dict(lobby.lobby.get("options") or {})
            press(app, pygame.K_g, "g")
            step_until(app, lambda before=before: (lobby.lobby.get("options") or {}) != before)
            kinds.append(dict(lobby.lobby.get("options") or {}))
        assert kinds == [{"timed": "sprint"}, {"timed": "blitz"}, {}]
        lobby.setup(mode="findall", options={})  # no bots play Find All, and it has no game types
        step_until(app, lambda: lobby.lobby["mode"] == "findall")
        app.step(0.05)
        assert [b.enabled for b in lobby.host_buttons] == [True, True, False, False, False]
        assert all(b.rect.w == 0 for b in lobby.host_buttons[2:])
        press(app, pygame.K_b, "b")  # Add bot's key does nothing here
        app.step(0.05)
        assert len(lobby.lobby["seats"]) == 1 and not lobby.notice
        assert playable() == [g.NAME for g in variants.games("ONLINE")]  # the Mode button's round
    finally:
        for s in app.manager.stack:
            if s.connection() is not None:
                s.connection().close()
        if getattr(app, "room_server", None) is not None:
            app.room_server.stop()

