"""Drive the game window headless in tests: real pygame events in, App.step(dt) to advance.

Positions come from the scene's own sprites and buttons (event.pos), never the live mouse.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator

import pygame
import pytest

from game.cards import card, code
from scenes.app import App, Options
from sprites.layout import card_key, rows_for

DT = 0.1


@contextlib.contextmanager
def texts_written() -> Iterator[list[tuple[str, pygame.Rect]]]:
    """Every text the window writes meanwhile (``sprites.theme.blit_text`` watched), with where it went."""
    from sprites import theme

    drawn: list[tuple[str, pygame.Rect]] = []
    real = theme.blit_text

    def noting(surface, text, *a, **kw):
        rect = real(surface, text, *a, **kw)
        drawn.append((text, rect))
        return rect

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(theme, "blit_text", noting)
        yield drawn


def texts_of(draw: Callable[[], object]) -> list[str]:
    """The texts ``draw()`` writes, in order."""
    with texts_written() as drawn:
        draw()
    return [text for text, _rect in drawn]


def make_app(tmp_path, size=(960, 600), tutorial_seen: bool = True, seen: tuple[str, ...] = ()) -> App:
    """An App on a data dir under ``tmp_path``; with the basics tutorial (and the mode tutorials in ``seen``) done."""
    app = App(Options(data_dir=str(tmp_path), size=size))
    if tutorial_seen:
        app.settings["tutorial_seen"] = {"basics": True, **{mode: True for mode in seen}}
    return app


def step(app: App, seconds: float = DT, dt: float = DT) -> None:
    t = 0.0
    while t < seconds - 1e-9:
        app.step(dt)
        t += dt


def click(app: App, pos) -> None:
    pos = (int(pos[0]), int(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step(0.0)


def press(app: App, key: int, text: str = "", mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, unicode=text, mod=mod, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, unicode=text, mod=mod, scancode=0))
    app.step(0.0)


def type_char(app: App, ch: str) -> None:
    press(app, pygame.key.key_code(ch), ch)


def top(app: App):
    return app.manager.top


def button(scene, label: str):
    """A scene's button by the start of its label (searching the usual places)."""
    pools = []
    for name in ("side_buttons", "top_buttons", "actions"):
        pools += getattr(scene, name, [])
    for col in getattr(scene, "columns", []):
        pools += col.buttons
    if hasattr(scene, "column"):
        pools += scene.column.buttons
    for b in pools:
        if b.label.startswith(label):
            return b
    raise LookupError(f"no button {label!r} in {type(scene).__name__}")


def click_cards(app: App, codes) -> None:
    scene = top(app)
    for c in codes:
        click(app, scene.sprites[card(c)].pos)


def key_cards(app: App, codes) -> None:
    scene = top(app)
    keys = scene.card_keys
    n = len(scene.table)
    for c in codes:
        i = scene.table.index(card(c))
        type_char(app, card_key(i, keys, rows_for(n)))


def first_set(scene) -> list[str]:
    sets = [m for m in scene.game.legal_moves() if " set " in f" {m} "]
    return sets[0].split()[-3:] if sets else []


def settle(app: App) -> None:
    """Let the animations run out."""
    step(app, 0.8)


def codes_of(cards) -> list[str]:
    return [code(c) for c in cards]


def take_sets(app: App, scene_type: type, pick=click_cards, rounds: int = 8, pause: float = 0.3,
              stuck=None) -> None:
    """Take the first Set on the table while a ``scene_type`` scene is on top (``rounds`` times at most).

    Waits ``pause`` seconds after each; ``stuck(app, scene)`` is called when there is no Set.
    Then waits for the results.
    """
    for _ in range(rounds):
        scene = top(app)
        if not isinstance(scene, scene_type):
            break
        s = first_set(scene)
        if s:
            pick(app, s)
        elif stuck:
            stuck(app, scene)
        step(app, pause)
    step(app, 2.0)


def spot(scene, c: str):
    """A point on a card that no other card covers: the strip along its top edge."""
    r = scene.sprites[card(c)].rect(scene.art())
    return r.centerx, r.top + 5
