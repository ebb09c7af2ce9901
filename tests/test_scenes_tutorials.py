"""The tutorials at every window size: text inside the panel, cards in words, the last button plays."""

import re

import pygame
import pytest
from scene_driver import click, make_app, press, step, top

from game import variants
from sprites.audio import shut_down

SIZES = [(640, 400), (800, 600), (1280, 720), (1920, 1080)]
CODE = re.compile(r"\b[123][RGP][DOS][EHF]\b")  # a card's code, as the files write it


def tutorials() -> list[tuple[str, dict]]:
    """(scene, data) of every tutorial: the basics, and each mode's first-play pages."""
    shown = [("tutorial", {})]
    for mode in variants.MODES:
        scene = variants.game_class(mode).TUTORIAL
        if scene != "tutorial":
            shown.append((scene, {"mode": mode}))
    return shown


def solve(app) -> None:
    """Pick the page's Set by clicking its cards."""
    scene = top(app)
    n = len(scene.cards)
    for i in range(n):
        for j in range(i + 1, n):
            for k in range(j + 1, n):
                if scene.judge([scene.cards[i], scene.cards[j], scene.cards[k]])[0]:
                    for x in (i, j, k):
                        click(app, scene.rects[x].center)
                    return
    raise AssertionError("no Set on the page")


def walk(app, name: str, data: dict):
    """Every page of a tutorial, as (scene, page number) once drawn; a page that waits for a Set is
    yielded before and after it is found."""
    app.manager.switch(name, data)
    step(app, 0.1)
    scene = top(app)
    for page in range(len(scene.steps)):
        assert scene.step == page
        yield scene, page
        if scene.interactive:
            solve(app)
            step(app, 0.1)
            yield scene, page
        if page + 1 < len(scene.steps):
            press(app, pygame.K_RETURN)
            step(app, 0.1)


@pytest.mark.parametrize("size", SIZES)
def test_every_page_keeps_its_text_inside_its_panel_and_shows_no_card_code(tmp_path, size):
    app = make_app(tmp_path, size=size)
    app.start()
    outside, codes, pages = [], [], 0
    for name, data in tutorials():
        for scene, page in walk(app, name, data):
            pages += 1
            assert scene.drawn, "the page wrote nothing"
            for s, r in scene.drawn:
                if not scene.panel.contains(r):
                    outside.append((name, data.get("mode"), page + 1, s))
                if CODE.search(s):
                    codes.append((name, data.get("mode"), page + 1, s))
            for b in (scene.next, scene.skip):
                if not scene.panel.contains(b.rect):
                    outside.append((name, data.get("mode"), page + 1, b.label))
            assert max(r.bottom for _, r in scene.drawn) <= scene.next.rect.top, (name, data, page)
    shut_down()
    assert pages >= 20
    assert outside == [] and codes == []


def test_the_last_page_says_play_on_every_tutorial(tmp_path):
    app = make_app(tmp_path)
    app.start()
    labels = {}
    for name, data in tutorials():
        for scene, page in walk(app, name, data):
            labels[(name, data.get("mode"), page + 1, scene.interactive and not scene.solved)] = scene.next.label
    shut_down()
    last = {k: v for k, v in labels.items() if k[2] == max(p for (n, m, p, _) in labels if (n, m) == k[:2])}
    assert set(last.values()) == {"Play"}
    assert {v for k, v in labels.items() if k not in last} == {"Next"}
    assert ("solo_tutorial", "shuffle", 1, False) in last  # a tutorial of one page


def test_next_looks_disabled_until_the_set_is_found(tmp_path):
    app = make_app(tmp_path)
    app.start()
    app.manager.switch("twenty_tutorial", {})
    step(app, 0.1)
    scene = top(app)
    press(app, pygame.K_RETURN)
    before = (scene.step, scene.interactive, scene.next.enabled)
    click(app, scene.next.rect.center)  # a click on it says why, and turns no page
    said = (scene.step, scene.note)
    solve(app)
    after = scene.next.enabled
    shut_down()
    assert before == (1, True, False)
    assert said[0] == 1 and "Find the Set first" in said[1]
    assert after


def test_back_a_page_says_next_again(tmp_path):
    app = make_app(tmp_path)
    app.start()
    app.manager.switch("solo_tutorial", {"mode": "pillars"})  # five pages
    step(app, 0.1)
    scene = top(app)
    for _ in range(len(scene.steps) - 1):
        press(app, pygame.K_RIGHT)
    at_last = scene.next.label
    press(app, pygame.K_LEFT)
    back = scene.next.label
    shut_down()
    assert (at_last, back) == ("Play", "Next")


@pytest.mark.parametrize("size", [(640, 400), (1280, 720)])
def test_every_page_of_every_tutorial_shows_a_picture_inside_its_panel_clear_of_its_text(tmp_path, size):
    """Each page draws cards (or their empty places): inside the panel, above the buttons, under no line of
    text, and what was drawn there is cards, not the panel's blank sheet."""
    app = make_app(tmp_path, size=size)
    app.start()
    bare, outside, covered, blank = [], [], [], []
    for name, data in tutorials():
        for scene, page in walk(app, name, data):
            where = (name, data.get("mode"), page + 1)
            if not scene.pictured:
                bare.append(where)
                continue
            for r in scene.pictured:
                if not scene.panel.contains(r) or r.bottom > scene.next.rect.top:
                    outside.append(where)
                if any(len(s) > 3 and r.colliderect(t) for s, t in scene.drawn):
                    covered.append(where)
            shown = pygame.display.get_surface()
            sheet = shown.get_at((scene.panel.left + round(scene.u * 2), scene.panel.top + round(scene.u * 2)))
            big = max(scene.pictured, key=lambda r: r.w * r.h)
            inked = sum(1 for x in range(big.left, big.right, 3) for y in range(big.top, big.bottom, 3)
                        if sum(abs(a - b) for a, b in zip(shown.get_at((x, y))[:3], sheet[:3])) > 60)
            if inked < 0.5 * len(range(big.left, big.right, 3)) * len(range(big.top, big.bottom, 3)):
                blank.append(where)
    shut_down()
    assert (bare, outside, covered, blank) == ([], [], [], [])
