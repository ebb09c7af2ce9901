"""An online game shares like any other: the window keeps the events it received and the seed revealed at the
end; its share text opens in another window's History and replays to the table the online game ended with."""

from __future__ import annotations

import pygame
from scene_driver import make_app, press, top
from test_net_scenes import online, step_until  # noqa: F401  (the fixture: a window on the online screen)

from game.share import decode, encode
from scenes.replay import ReplayScene
from scenes.results import ResultsScene


def test_an_online_game_shared_opens_in_another_window_at_its_own_final_table(online, tmp_path):  # noqa: F811
    app = online
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
    kept = app.history.get(top(app).data["archived"])
    text = encode(kept)
    got = decode(text)
    assert got.seed == rs.seed and got.events == list(rs.events) and got.seats == list(rs.seats)

    other = make_app(tmp_path / "friend")  # another copy of the game: its own folder
    other.start()
    other.manager.switch("history", {})
    other.step(0.0)
    press(other, pygame.K_TAB)
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, unicode=ch, mod=0, scancode=0))
    other.step(0.0)
    press(other, pygame.K_RETURN)
    r = top(other)
    assert isinstance(r, ReplayScene) and r.game.shared and not r.problem
    press(other, pygame.K_END)
    assert r.pos == len(rs.events) and r.inner.session.game.view() == rs.game.view()
