"""The table modes in the window: a pick taken from a table larger than usual leaves holes the extra
cards fill, and no other card moves on the screen (Classic and the online game's modes, as Solitaire-Set)."""

from __future__ import annotations

import pytest
from scene_driver import click, settle, step, top

from game.cards import card, code
from scenes.classic import ClassicScene
from scenes.memory import SHOW

TUTORIALS_SEEN = ("junior", "chain", "memory")
# (mode, seed, picks before the one taken from a large table): the first right pick every time, as found
# by playing the engine; each ends with a pick from 15 cards (Junior: 12) that the rules' order closes up
CASES = [("classic", 5, 9), ("junior", 455, 0), ("chain", 1, 8), ("memory", 5, 9)]


def first_pick(scene) -> list[int]:
    """The cards of the first right pick on the table."""
    if scene.mode == "classic":
        sets = [m for m in scene.game.legal_moves() if " set " in m]
        return [card(c) for c in sets[0].split()[2:]]
    return list(scene.game.picks()[0])


def where(scene, c: int):
    """Where to click card ``c``: on the table, or (Set-Chain's carried card) in the panel."""
    if c in scene.sprites:
        return scene.sprites[c].pos
    return next(r.center for k, r in scene.previous_cards() if k == c)


def cells(scene, table) -> dict[int, tuple[int, int]]:
    """Each card's cell on the screen, (column, row), from where its sprite is drawn."""
    xs = sorted({round(scene.sprites[c].pos[0]) for c in table})
    ys = sorted({round(scene.sprites[c].pos[1]) for c in table})
    return {c: (xs.index(round(scene.sprites[c].pos[0])), ys.index(round(scene.sprites[c].pos[1]))) for c in table}


def take(app, scene, pick) -> None:
    for c in pick:
        click(app, where(scene, c))
        step(app, 0.05)
    step(app, SHOW + 0.8)


@pytest.mark.parametrize(("mode", "seed", "before"), CASES)
def test_a_pick_from_a_large_table_moves_no_other_card_the_extras_fill_the_holes(app, mode, seed, before):
    app.manager.switch(mode, {"seed": seed, "options": {"players": 1}, "seats": ["human"]})
    app.step(0.0)
    settle(app)
    scene = top(app)
    assert isinstance(scene, ClassicScene)
    for _ in range(before):
        take(app, scene, first_pick(scene))
    settle(app)
    pick = first_pick(scene)
    places = list(scene.table)
    assert len(places) > (9 if mode == "junior" else 12) and places == scene.game.table_places()
    at, key = cells(scene, places), {c: scene.sprites[c].key for c in places}
    take(app, scene, pick)
    settle(app)
    after = list(scene.table)
    assert len(after) < len(places) and sorted(after) == sorted(scene.game.table)
    holes = [i for i in range(len(after)) if places[i] in pick]
    movers = [c for c in places[len(after):] if c not in pick]
    assert holes and [after[i] for i in holes] == movers  # the extras fill the holes, in order
    assert all(after[i] == places[i] for i in range(len(after)) if i not in holes)  # the rest stay
    now = cells(scene, after)  # (the grid may lose its extra column and grow: each card keeps its cell)
    assert all(now[c] == at[c] and scene.sprites[c].key == key[c] for c in after if c not in movers)
    assert [now[c] for c in movers] == [at[places[i]] for i in holes]
    assert [scene.sprites[c].key for c in movers] == [key[places[i]] for i in holes]
    assert scene.game.table != after  # the rules' order closed up: only the screen keeps the places
    assert code(after[0])  # (cards, not placeholders)
