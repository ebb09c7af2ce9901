"""History and replay in the window: a finished game is kept (a demo is not), the History screen lists and
filters it and opens its replay, and the replay steps, scrubs and shows the table of the engine replayed."""

from __future__ import annotations

import pygame
import pytest
from scene_driver import button, click, click_cards, press, settle, step, take_sets, top
from test_history import played

from game import session as sessions
from scenes.findall import FindAllScene
from scenes.history import EMPTY, HistoryScene
from scenes.replay import ReplayScene, mark_of
from scenes.results import ResultsScene


def play_findall(app, demo=False):
    app.manager.switch("findall", {"seed": 9, "options": {"cards": 12}, **({"demo": True} if demo else {})})
    app.step(0.0)
    settle(app)
    if demo:
        scene = top(app)
        for move in [m for m in scene.game.legal_moves() if m.startswith("set")]:
            if not scene.game.over:
                scene.play(move)
        step(app, 3.0)
    else:
        take_sets(app, FindAllScene, click_cards, rounds=10)
    assert isinstance(top(app), ResultsScene)


def test_a_finished_game_is_kept_with_its_events_and_its_result(app):
    play_findall(app)
    games = app.history.games()
    assert len(games) == 1 and top(app).data["archived"] == games[0].id
    g = app.history.get(games[0].id)
    assert (g.mode, g.kind, g.seed, g.options, g.seats, g.names) == ("findall", "normal", 9, {"cards": 12}, ["human"],
                                                                     ["You"])
    assert len(g.events) == 6 and all(e.startswith("set ") for e in g.events)
    assert g.headline() == "All Sets found! · 6 of 6" and g.result["won"] is True


def test_a_demo_is_not_kept(app):
    play_findall(app, demo=True)
    assert app.history.count() == 0 and "archived" not in top(app).data


def test_the_menu_opens_history_and_an_empty_one_says_so(app):
    app.manager.switch("menu", {})
    app.step(0.0)
    click(app, button(top(app), "History").rect.center)
    scene = top(app)
    assert isinstance(scene, HistoryScene) and scene.rows == [] and not scene.open_button.enabled
    app.draw()
    press(app, pygame.K_RETURN)  # nothing to open
    assert top(app) is scene and EMPTY.startswith("No games yet")


def keep(app, *games):
    return [app.history.add(g) for g in games]


def test_history_lists_newest_first_and_filters_by_mode_and_kind(app):
    ids = keep(app, played("points", 3, n=1), played("classic", 5, n=2, seats=["human", "bot:expert"]),
               played("classic", 6, n=3, options={"timed": "sprint"}), played("mags", 2, n=4))
    app.manager.switch("history", {})
    app.step(0.0)
    scene = top(app)
    assert [g.id for g in scene.rows] == ids[::-1]
    assert [label for label, _m, _k in scene.filters][:4] == ["All", "Classic", "Classic · Normal", "Classic · Sprint"]
    press(app, pygame.K_RIGHT)  # Classic
    assert [g.id for g in scene.rows] == [ids[2], ids[1]]
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)  # Classic · Sprint
    assert [g.id for g in scene.rows] == [ids[2]]
    click(app, scene.chips[0].rect.center)  # All, by a click
    assert len(scene.rows) == 4
    press(app, pygame.K_LEFT)  # from All round to the last mode
    assert [g.mode for g in scene.rows] == [scene.filters[-1][1]]
    row = scene.rows
    assert row and all(g.mode == scene.filters[scene.filter][1] for g in row)


def test_a_row_opens_its_replay_and_esc_comes_back_to_the_list(app):
    ids = keep(app, played("points", 3, n=1), played("classic", 5, n=2, seats=["human", "bot:expert"]))
    app.manager.switch("history", {})
    app.step(0.0)
    assert isinstance(top(app), HistoryScene)
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    replay = top(app)
    assert isinstance(replay, ReplayScene) and replay.game.id == ids[0] and replay.pos == 0 and not replay.problem
    press(app, pygame.K_ESCAPE)
    back = top(app)
    assert isinstance(back, HistoryScene) and back.focus == 1
    click(app, back.row_rects[0][1].center)  # a click on a row opens it too
    assert isinstance(top(app), ReplayScene) and top(app).game.id == ids[1]


def engine_view(game, k):
    """The table of a session built again and replayed to event ``k``, independently of the window."""
    s = sessions.new_session(game["mode"], game["seed"], game["seats"], game["options"], 0.0, follow=True,
                             call_time=game["call_time"])
    for e in game["events"][:k]:
        s.apply_event(e)
    return s.game.view()


def shown(replay):
    return replay.inner.session.game.view()


@pytest.mark.parametrize("mode, seats", [("classic", ["human", "bot:expert"]), ("points", None), ("mags", None),
                                         ("pillars", None), ("findall", None)])
def test_the_replay_steps_forward_and_back_and_shows_the_engines_table(app, mode, seats):
    game = played(mode, 4, seats=seats) if seats else played(mode, 4)
    gid, = keep(app, game)
    app.manager.switch("replay", {"id": gid})
    app.step(0.0)
    r = top(app)
    n = len(game["events"])
    assert r.events == game["events"] and n >= 3
    press(app, pygame.K_SPACE)  # pause
    for k in (1, 2, 3):
        press(app, pygame.K_RIGHT)
        assert r.pos == k and shown(r) == engine_view(game, k)
    press(app, pygame.K_LEFT)
    assert r.pos == 2 and shown(r) == engine_view(game, 2)
    press(app, pygame.K_END)
    assert r.pos == n and shown(r) == engine_view(game, n)
    step(app, 3.0)  # the end stays: no results screen
    assert top(app) is r


def test_the_replay_scrubs_to_a_marked_event_by_a_click_and_a_drag(app):
    game = played("classic", 5, seats=["human", "bot:expert"])
    gid, = keep(app, game)
    app.manager.switch("replay", {"id": gid})
    app.step(0.0)
    r = top(app)
    sets = [i for i, e in enumerate(r.events) if mark_of(e, "classic") == "set"]
    deals = [i for i, e in enumerate(r.events) if mark_of(e, "classic") == "deal"]
    assert len(sets) > 5 and len(r.marks()) >= len(sets)
    target = sets[len(sets) // 2]
    x = round(r.x_of(r.times[target]))
    click(app, (x, r.track.centery))
    assert r.pos == target + 1 and not r.playing and shown(r) == engine_view(game, target + 1)
    later = sets[-2]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(r.track.left + 1, r.track.centery), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(round(r.x_of(r.times[later])), r.track.centery),
                                         rel=(1, 0), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(round(r.x_of(r.times[later])), r.track.centery),
                                         button=1))
    app.step(0.0)
    assert r.pos == later + 1 and shown(r) == engine_view(game, later + 1)
    assert deals == [] or all(mark_of(r.events[i], "classic") == "deal" for i in deals)


def test_the_replay_plays_by_itself_faster_at_sixteen_times(app):
    game = played("classic", 5, seats=["human", "bot:expert"])
    gid, = keep(app, game)
    app.manager.switch("replay", {"id": gid})
    app.step(0.0)
    r = top(app)
    assert r.playing
    step(app, 2.0)
    slow = r.pos
    press(app, pygame.K_s)
    press(app, pygame.K_s)
    assert r.buttons[3].label == "16×"
    step(app, 2.0)
    assert r.pos - slow > slow
    for _ in range(200):
        step(app, 1.0)
        if not r.playing:
            break
    assert r.pos == len(r.events) and shown(r) == engine_view(game, len(r.events))
    press(app, pygame.K_ESCAPE)
    assert isinstance(top(app), HistoryScene)


def test_a_pad_drives_the_replay_as_keys(app):
    gid, = keep(app, played("points", 3))
    app.manager.switch("replay", {"id": gid})
    app.step(0.0)
    r = top(app)
    a = pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=0, button=pygame.CONTROLLER_BUTTON_A)
    right = pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=0, button=pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
    for e in app.pads.handle(a) + app.pads.handle(right):
        app.manager.handle_event(e)
    assert not r.playing and r.pos == 1


def test_a_damaged_history_found_at_a_games_end_is_said_over_the_results(app):
    (app.store.dir / "history.sqlite").write_bytes(b"not a database, only words " * 40)
    app.manager.switch("findall", {"seed": 9, "options": {"cards": 12}})
    app.step(0.0)
    settle(app)
    take_sets(app, FindAllScene, click_cards, rounds=10)
    stack = [type(s).__name__ for s in app.manager.stack]
    assert stack == ["ResultsScene", "MessageScene"] and "set aside" in top(app).data["text"]
    assert app.history.count() == 1 and list(app.store.dir.glob("history.sqlite.damaged-*"))
