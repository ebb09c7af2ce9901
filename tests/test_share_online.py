"""An online game shares like any other: the window keeps the events it received and the seed revealed at the
end; its share text opens in another window's History and replays to the table the online game ended with."""

from __future__ import annotations

import pygame
from scene_driver import make_app, press, top
from test_history_online import host_and_play_to_the_end
from test_net_scenes import online, step_until  # noqa: F401  (the fixture: a window on the online screen)

from game.share import decode, encode
from scenes.replay import ReplayScene


def test_an_online_game_shared_opens_in_another_window_at_its_own_final_table(online, tmp_path):  # noqa: F811
    app = online
    rs = host_and_play_to_the_end(app)
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
