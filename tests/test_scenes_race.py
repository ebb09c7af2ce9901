"""The online game's modes in the window (Junior, Set-Chain, UltraSet, Memory, Shuffle): whole games by
clicks, Memory's face-down table, the first-play pages and the demo."""

from __future__ import annotations

from itertools import combinations

import pygame
import pytest
from scene_driver import click, make_app, press, settle, step, top

from game.cards import card, code, is_set
from game.move import Move
from scenes.classic import ClassicScene
from scenes.memory import SHOW
from scenes.results import ResultsScene
from scenes.solitaire_tutorial import SoloTutorialScene
from sprites.audio import shut_down
from sprites.layout import key_index

RACES = ("junior", "chain", "ultra", "memory", "shuffle")
TUTORIALS_SEEN = RACES


def start(app, mode: str, seed: int = 7, seats=("human",)) -> ClassicScene:
    app.manager.switch(mode, {"seed": seed, "options": {"players": len(seats)}, "seats": list(seats)})
    app.step(0.0)
    step(app, 1.0)
    return top(app)


def right_pick(scene) -> list[str]:
    """The cards of the first right pick on the table (Memory: the first Set), or []."""
    picks = scene.game.picks()
    return [code(c) for c in picks[0]] if picks else []


def where(scene, c: int):
    """Where to click card ``c``: on the table, or (Set-Chain's carried card) in the panel."""
    if c in scene.sprites:
        return scene.sprites[c].pos
    return next(r.center for k, r in scene.previous_cards() if k == c)


@pytest.mark.parametrize("mode", RACES)
def test_a_solo_game_is_played_to_the_results_by_clicks(app, mode):
    scene = start(app, mode)
    assert isinstance(scene, ClassicScene) and scene.mode == mode
    taken = 0
    for _ in range(40):  # each mode's deck is gone in well under 40 picks
        pick = right_pick(scene)
        if not isinstance(top(app), ClassicScene) or not pick:
            break
        for c in pick:
            click(app, where(scene, card(c)))
            step(app, 0.05)
        taken += 1
        step(app, SHOW + 0.6)
    step(app, 3.0)
    assert isinstance(top(app), ResultsScene) and scene.game.over
    assert scene.game.points["P1"] == taken and taken >= 6


def test_set_chain_by_keys_two_table_cards_imply_the_carried_card(app):
    scene = start(app, "chain")
    first = right_pick(scene)
    for c in first:
        press(app, pygame.K_0, card_char(scene, card(c)))
    settle(app)
    carried, a, b = (card(c) for c in right_pick(scene))
    assert carried in [card(c) for c in first] and a in scene.table and b in scene.table
    for c in (a, b):
        press(app, pygame.K_0, card_char(scene, c))
    settle(app)
    assert scene.game.points["P1"] == 2 and scene.v["previous"] == [code(c) for c in (carried, a, b)]


def card_char(scene, c: int) -> str:
    from sprites.layout import card_key, rows_for

    return card_key(scene.table.index(c), scene.card_keys, rows_for(len(scene.table)))


def test_memory_deals_face_down_and_a_click_turns_one_card_up(app):
    scene = start(app, "memory")
    settle(app)
    assert scene.v["table"] == ["??"] * 12 and all(s.face == 0.0 for s in scene.sprites.values())
    first = scene.table[4]
    click(app, scene.sprites[first].pos)
    settle(app)
    moves = [Move.parse(e.split(" @")[0]) for e in scene.session.events]
    assert [m.verb for m in moves] == ["call", "flip"] and moves[1].cards == (first,)
    assert scene.sprites[first].face == 1.0 and scene.sprites[first].selected
    assert all(s.face == 0.0 for c, s in scene.sprites.items() if c != first)
    click(app, scene.sprites[first].pos)  # already up: said, nothing played
    assert "already face up" in scene.toast.s and len(scene.session.events) == 2


def test_memory_three_that_are_no_set_show_a_moment_then_turn_back_at_no_cost(app):
    scene = start(app, "memory")
    settle(app)
    wrong = next(t for t in combinations(scene.table, 3) if not is_set(*t))
    for c in wrong:
        click(app, scene.sprites[c].pos)
        step(app, 0.05)
    step(app, SHOW * 0.6)
    shown = [scene.sprites[c].face for c in wrong]
    step(app, SHOW + 0.5)
    assert shown == [1.0, 1.0, 1.0] and all(scene.sprites[c].face == 0.0 for c in wrong)
    assert scene.game.points["P1"] == 0 and scene.game.misses["P1"] == 1 and "Not a Set" in scene.toast.s


def test_memory_a_set_turned_up_scores_and_new_cards_come_face_down(app):
    scene = start(app, "memory")
    settle(app)
    right = [card(c) for c in right_pick(scene)]
    for c in right:
        click(app, scene.sprites[c].pos)
        step(app, 0.05)
    step(app, SHOW + 1.0)
    new = [c for c in scene.table if c not in right and c in scene.sprites]
    assert scene.game.points["P1"] == 1 and not any(c in scene.sprites for c in right)
    assert len(scene.table) == 12 and all(scene.sprites[c].face == 0.0 for c in new)


def test_memory_keys_turn_cards_up(app):
    scene = start(app, "memory")
    settle(app)
    press(app, pygame.K_q, "q")
    settle(app)
    i = key_index("q", 12, scene.card_keys)
    assert scene.v["up"] == [code(scene.table[i])] and scene.sprites[scene.table[i]].face == 1.0


def test_the_memory_demo_plays_to_the_results(app):
    app.manager.switch("memory", {"seed": 3, "demo": True, "options": {"players": 1}})
    app.step(0.0)
    for _ in range(600):  # at most 600 s of game time, a second at a time
        if isinstance(top(app), ResultsScene):
            break
        step(app, 1.0, dt=0.05)
    assert isinstance(top(app), ResultsScene)


@pytest.mark.parametrize("mode", RACES)
def test_the_first_game_of_a_mode_shows_its_pages_once(tmp_path, mode):
    app = make_app(tmp_path)  # the basics seen, none of the modes' pages
    app.start()
    try:
        app.manager.switch(mode, {"seed": 1, "options": {"players": 1}})
        app.step(0.0)
        assert isinstance(top(app), SoloTutorialScene) and top(app).mode == mode
        press(app, pygame.K_ESCAPE)
        assert isinstance(top(app), ClassicScene)
        app.manager.switch(mode, {"seed": 2, "options": {"players": 1}})
        app.step(0.0)
        assert isinstance(top(app), ClassicScene)
    finally:
        shut_down()


def test_memory_is_played_online_through_its_room(app, monkeypatch):
    from test_net_scenes import step_until

    import scenes

    monkeypatch.setitem(scenes.SCENES, "online", "scenes.online:OnlineScene")
    monkeypatch.setitem(scenes.SCENES, "lobby", "scenes.lobby:LobbyScene")
    app.manager.switch("online", {})
    app.step(0.0)
    try:
        press(app, pygame.K_h, "h", pygame.KMOD_CTRL)
        lobby = top(app)
        step_until(app, lambda: lobby.lobby is not None and lobby.hosting)
        lobby.setup(mode="memory", options={})
        step_until(app, lambda: lobby.lobby["mode"] == "memory")
        press(app, pygame.K_RETURN)
        step_until(app, lambda: isinstance(top(app), ClassicScene))
        scene = top(app)
        assert scene.mode == "memory" and scene.online and set(scene.v["table"]) == {"??"} and len(scene.table) >= 12
        settle(app)  # the cards dealt in place
        room = app.room_server.server.rooms[lobby.lobby["room"]].session
        # the window does not know the faces (the server shows each as it turns): the room's Set, by place
        places = [room.game.table.index(c) for c in room.game.picks()[0]]
        for k in places:
            c = room.game.table[k]
            click(app, scene.sprites[scene.table[k]].pos)
            step_until(app, lambda c=c: code(c) in scene.v["up"] or scene.game.points["P1"] == 1)
        step_until(app, lambda: scene.game.points["P1"] == 1)
        assert scene.session.events == room.events and room.game.points["P1"] == 1
    finally:
        for s in app.manager.stack:
            client = getattr(s, "client", None) or getattr(getattr(s, "session", None), "client", None)
            if client is not None:
                client.close()
        if getattr(app, "room_server", None) is not None:
            app.room_server.stop()


def test_a_right_ultraset_shows_the_card_both_pairs_complete_to_a_moment(app):
    scene = start(app, "ultra")
    settle(app)
    four = right_pick(scene)
    for c in four:
        click(app, where(scene, card(c)))
    completes = card(scene.v["last"]["completes"])
    shown = [s for s in scene.leaving if s.card == completes and not s.move]
    step(app, 0.5)
    assert scene.game.points["P1"] == 1 and len(shown) == 1 and shown[0].face == 1.0 and shown[0].fade == 1.0
    step(app, 2.0)
    assert shown[0] not in scene.leaving  # faded and dropped
