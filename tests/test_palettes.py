"""Card colours anyone can tell apart: all 81 faces of every palette, with and without the colour
symbols, compared in greyscale and under simulated protanopia, deuteranopia and tritanopia.

The colour science (Machado 2009 matrices, CIELAB, CIE76 ΔE) is ``tools/colourvision.py``;
``python tools/colourvision.py`` prints the same tables.
"""

from __future__ import annotations

import math

import pytest

from sprites.cardart import CUE_AT
from sprites.theme import PALETTES
from tools import colourvision as cv

MIN_DE = 20.0  # CIE76: two colours this far apart are told apart at a glance


@pytest.fixture(scope="module")
def faces() -> dict:
    return cv.face_table(180)


# ----- the colour science itself -----------------------------------------------------------
@pytest.mark.parametrize("condition", cv.CONDITIONS)
def test_white_stays_white_and_black_stays_black(condition):
    assert cv.lab((255, 255, 255), condition) == pytest.approx((100, 0, 0), abs=0.5)
    assert cv.lab((0, 0, 0), condition) == pytest.approx((0, 0, 0), abs=0.01)


@pytest.mark.parametrize("condition", ["protanopia", "deuteranopia"])
def test_red_blind_eyes_see_both_red_and_green_as_yellowish(condition):
    for rgb in [(255, 0, 0), (0, 255, 0)]:
        _, a, b = cv.lab(rgb, condition)
        assert 60 < math.degrees(math.atan2(b, a)) < 110  # olive to yellow, neither red nor green


def test_tritanopia_sees_blue_and_green_alike():
    assert cv.delta_e(cv.lab((0, 140, 160), "tritanopia"), cv.lab((40, 150, 90), "tritanopia")) < 15


def test_greyscale_keeps_lightness_and_drops_hue():
    for rgb in [(214, 40, 70), (30, 110, 200)]:
        grey, seen = cv.lab(rgb, "greyscale"), cv.lab(rgb)
        assert grey[0] == pytest.approx(seen[0]) and grey[1:] == pytest.approx((0, 0), abs=1e-9)


def test_unknown_condition_is_refused():
    with pytest.raises(ValueError, match="unknown condition 'colourless'"):
        cv.lab((1, 2, 3), "colourless")


# ----- the palettes ------------------------------------------------------------------------
@pytest.mark.parametrize("palette", PALETTES)
def test_inks_differ_in_every_condition(palette):
    worst = cv.ink_table({palette: PALETTES[palette]})[palette]
    assert min(worst.values()) >= MIN_DE, worst


@pytest.mark.parametrize("condition", cv.CONDITIONS)
@pytest.mark.parametrize("symbols", ["symbols off", "symbols on"])
@pytest.mark.parametrize("palette", PALETTES)
def test_faces_differing_only_in_colour_are_told_apart(faces, palette, symbols, condition):
    worst = faces[palette][symbols][condition]
    assert worst["min"] >= MIN_DE, f"{palette}, {symbols}, {condition}: {worst['pair']} differ by ΔE {worst['min']}"


def test_symbols_add_to_what_the_colours_say(faces):
    for palette in PALETTES:
        for cond in cv.CONDITIONS:
            assert faces[palette]["symbols on"][cond]["min"] >= faces[palette]["symbols off"][cond]["min"]


# ----- the colour symbols ------------------------------------------------------------------
@pytest.mark.parametrize("width", cv.CUE_SIZES)
def test_colour_symbols_are_large_and_distinct_at_every_size(width):
    shapes = cv.cue_shapes(width)
    cw, ch = shapes[0]["card"]
    for s in shapes:
        assert s["count"] >= 0.015 * cw * ch  # two symbols of at least 0.75 % of the card each
    for i, j in ((0, 1), (0, 2), (1, 2)):
        a, b = shapes[i]["pixels"], shapes[j]["pixels"]
        assert len(a ^ b) >= 0.15 * len(a | b), (width, i, j)  # a fifth of the ink is in one only


@pytest.mark.parametrize("width", cv.CUE_SIZES)
def test_colour_symbols_sit_in_the_same_corners_clear_of_the_shapes(width):
    for s in cv.cue_shapes(width):
        cw, ch = s["card"]
        (x0, y0, x1, y1), (u0, v0, u1, v1) = s["boxes"]
        assert (x0 + x1) / 2 == pytest.approx(CUE_AT, abs=0.02) and (y0 + y1) / 2 == pytest.approx(CUE_AT, abs=0.02)
        assert (u0 + u1) / 2 == pytest.approx(1 - CUE_AT, abs=0.02)
        assert (v0 + v1) / 2 == pytest.approx(ch / cw - CUE_AT, abs=0.02)
        edge = 0.15 + 1 / cw  # the symbols of a three run from 0.155 to 0.845 of the width (a pixel of blur)
        assert x1 <= edge and u0 >= 1 - edge
