"""Pillars: a buried face-up card shows every feature in the strip of it left in sight."""

import pygame
import pytest
from scene_driver import make_app, step, top

from sprites.audio import shut_down
from sprites.cardart import CardArt

TUTORIALS_SEEN = ("pillars",)


def drawn_rows(img: pygame.Surface, plain: pygame.Surface) -> list[int]:
    """The rows where ``img`` differs from the blank card."""
    w, h = img.get_size()
    return [y for y in range(h) if any(img.get_at((x, y)) != plain.get_at((x, y)) for x in range(w))]


@pytest.mark.parametrize("width,band", [(56, 11), (112, 18), (148, 31)])
def test_a_banded_face_draws_whole_symbols_inside_its_band_and_tells_every_card_apart(width, band):
    art = CardArt(width)
    plain = art._plain(0)
    looks = {}
    for c in range(81):
        img = art.banded(c, band)
        rows = drawn_rows(img, plain)
        assert rows and 0 < rows[0] and rows[-1] < band - 1, (c, rows)  # inside the band, not cut at its edges
        looks[pygame.image.tobytes(img, "RGBA")] = c
    assert len(looks) == 81


@pytest.mark.parametrize("size", [(640, 400), (800, 600), (1280, 720), (1920, 1080)])
def test_every_covered_face_up_card_shows_its_strip_and_the_columns_stay_on_screen(tmp_path, size):
    app = make_app(tmp_path, size=size, seen=TUTORIALS_SEEN)
    app.start()
    app.manager.switch("pillars", {"seed": 42, "options": {}})
    step(app, 1.5)
    scene = top(app)
    board = scene.board
    art = board.art()
    bands, tops, bottoms = [], [], []
    for i, (pile, gap) in enumerate(zip(board.stacks, board.steps())):
        for p, k in enumerate(pile):
            s = scene.sprites[k]
            if k >= 0 and p + 1 < len(pile):
                bands.append(s.band == round(gap) and 0 < s.band < art.h * 0.6)
            else:
                tops.append(s.band)
        bottoms.append(board.slot_rect(i, len(pile) - 1).bottom)
    board_bottom = scene.frame.board.bottom
    shut_down()
    assert bands and all(bands)
    assert set(tops) == {0}  # a top card and a face-down foundation: the whole face or back
    assert max(bottoms) <= board_bottom
