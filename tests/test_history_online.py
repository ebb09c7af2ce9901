"""An online game is kept in the history from the events this window received, and replays from them."""

from __future__ import annotations

import pygame
from scene_driver import press, top
from test_net_scenes import online, step_until  # noqa: F401  (the fixture: a window on the online screen)

from scenes.replay import ReplayScene
from scenes.results import ResultsScene


def host_and_play_to_the_end(app):
    """Host a Classic room from the online screen, start it and take Sets until it is over; the remote
    session, once the results show."""
    press(app, pygame.K_h, "h", pygame.KMOD_CTRL)
    lobby = top(app)
    step_until(app, lambda: lobby.lobby is not None and lobby.hosting)
    for _ in range(20):  # Start (Enter) is taken once the lobby has heard back from its room
        if top(app) is lobby:
            press(app, pygame.K_RETURN)
        try:
            step_until(app, lambda: type(top(app)).__name__ == "ClassicScene", timeout=3.0)
            break
        except AssertionError:
            continue
    scene = top(app)
    rs = scene.session
    for _ in range(40):
        if rs.over:
            break
        move = next((m for m in rs.game.legal_moves() if m.startswith("P1 set")), None)
        if move is None:
            break
        before = len(rs.events)
        scene.play(move)
        step_until(app, lambda b=before: len(rs.events) > b and scene.link.seen == len(rs.events))
    assert rs.over
    step_until(app, lambda: isinstance(top(app), ResultsScene))
    return rs


def test_an_online_game_is_kept_from_the_events_the_window_received(online):  # noqa: F811
    app = online
    rs = host_and_play_to_the_end(app)
    games = app.history.games()
    assert len(games) == 1 and top(app).data["archived"] == games[0].id
    g = app.history.get(games[0].id)
    assert (g.mode, g.seed, g.seats, g.names[0]) == ("classic", rs.seed, list(rs.seats), "You")
    assert g.events == list(rs.events) and g.result["over"]
    app.manager.switch("replay", {"id": g.id})
    app.step(0.0)
    r = top(app)
    press(app, pygame.K_END)
    assert isinstance(r, ReplayScene) and not r.problem and r.pos == len(g.events)
    assert r.inner.session.game.view() == rs.game.view()
