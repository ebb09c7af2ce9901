"""Drawing shortcuts in sprites/ give the pixels of the plain way of drawing.

Card art drawn ahead in bands equals art drawn in one go; the felt copied from
a strip equals the window-sized felt; a card's shadow pieces and whole-image
blit equal shadow-then-card; cached spark images equal drawn circles.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pygame
import pytest

from sprites import cardart, particles, symbols, theme
from sprites.card import CardSprite
from sprites.cardart import CardArt
from sprites.tween import Tween, lerp

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

import bench_frames  # noqa: E402

from sprites.audio import shut_down


@pytest.fixture
def window():
    pygame.init()
    screen = pygame.display.set_mode((640, 400))
    cardart.reset_caches()
    theme.reset_caches()
    yield screen
    cardart.reset_caches()
    theme.reset_caches()
    shut_down()


def _bytes(surf: pygame.Surface, fmt: str = "RGBA") -> bytes:
    return pygame.image.tobytes(surf, fmt)


def _steps_until(art: CardArt, c: int, limit: int = 500) -> int:
    for n in range(limit):
        if art.drawn(c):
            return n
        art.prepare(c)
    raise AssertionError(f"card {c} not drawn after {limit} steps")


# -- card art: drawn ahead in bands, the same pixels ------------------------------------------------


@pytest.mark.parametrize("width,palette,cue", [(360, "standard", False), (248, "colour-blind", True),
                                               (97, "standard", True), (24, "standard", False)])
def test_the_back_drawn_ahead_in_bands_is_the_back_drawn_in_one_go(window, width, palette, cue):
    art = CardArt(width, palette, cue)
    steps = _steps_until(art, -1)
    whole = pygame.transform.smoothscale(CardArt(width, palette, cue)._draw_big_back(), art.size).convert_alpha()
    bands = len(art._bands)
    assert (steps, _bytes(art.back())) == (2 * bands + 1, _bytes(whole))  # draw, scale each band; the shadow


@pytest.mark.parametrize("width,palette,cue", [(360, "standard", True), (248, "standard", False),
                                               (97, "colour-blind", True)])
def test_a_face_drawn_ahead_is_the_face_of_a_blank_card_drawn_in_one_go(window, width, palette, cue):
    art = CardArt(width, palette, cue)
    _steps_until(art, 41)
    blank = pygame.transform.smoothscale(CardArt(width, palette, cue)._draw_big_plain(1), art.size)
    fresh = CardArt(width, palette, cue)
    fresh._plains[1 if cue else -1] = blank
    assert _bytes(art.face(41)) == _bytes(fresh.face(41))


def test_a_large_card_is_drawn_ahead_in_several_bands(window):
    # each band is a bounded piece of a frame; a 360 px card is too much for one
    assert len(CardArt(360)._bands) >= 4 and len(CardArt(24)._bands) == 1


def test_bands_cover_every_row_once():
    bands = cardart._bands_of(233, 6)
    assert (bands[0][0], bands[-1][1], all(a[1] == b[0] for a, b in zip(bands, bands[1:]))) == (0, 233, True)


def test_the_large_surface_is_reused_for_the_next_blank_card_as_if_new(window):
    _steps_until(CardArt(300), -1)  # a larger card's back first: its pixels lie where the next card goes
    spare = cardart._spare[0]
    art = CardArt(200)
    _steps_until(art, 0)
    blank = pygame.transform.smoothscale(CardArt(200)._draw_big_plain(0), art.size)
    assert (cardart._spare[0] is spare, len(cardart._spare), _bytes(art._plain(0))) == (True, 1, _bytes(blank))


def test_a_striped_symbol_is_drawn_ahead_in_three_steps_and_a_solid_one_in_two(window):
    art = CardArt(248)
    art._plain(0)
    art.solid_rows()
    counts = []
    for c, key in ((40, (1, 1, 1)), (41, (1, 2, 1))):  # two ovals: striped, solid (key: shape, shading, colour)
        n = 0
        while key not in art._shapes:
            art.prepare(c)
            n += 1
        counts.append(n)
    assert counts == [3, 2]


def test_a_symbol_drawn_on_kept_work_surfaces_is_the_symbol_drawn_on_new_ones(window):
    first = _bytes(CardArt(248)._symbol(2, 1, 0))  # a striped squiggle on surfaces made for it
    for shape, shading in ((0, 1), (2, 0), (1, 1), (2, 2)):  # others leave their pixels on the kept ones
        CardArt(304)._symbol(shape, shading, 2)
    kept = len(symbols._spare)
    assert (kept > 0, _bytes(CardArt(248)._symbol(2, 1, 0))) == (True, first)


def test_direct_use_finishes_a_card_drawn_ahead_halfway(window):
    art, whole = CardArt(300), CardArt(300)
    art.prepare(-1)
    art.prepare(-1)
    assert _bytes(art.back()) == _bytes(whole.back())


# -- the felt ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("clip", [(0, 0, 640, 400), (3, 17, 5, 300), (100, 50, 400, 200), (0, 390, 640, 10),
                                  (630, 0, 10, 400), (1, 1, 639, 399)])
def test_the_felt_painted_in_a_clip_is_the_window_sized_felt(window, clip):
    window.fill((255, 0, 255))
    window.set_clip(clip)
    theme.paint_background(window)
    window.set_clip(None)
    want = window.copy()
    want.fill((255, 0, 255))
    want.blit(theme.background(window.get_size()), clip, clip)
    assert _bytes(window, "RGB") == _bytes(want, "RGB")


def test_the_felt_on_a_surface_with_alpha_is_filled(window):
    surf = pygame.Surface((50, 40), pygame.SRCALPHA)
    theme.paint_background(surf)
    assert surf.get_at((10, 10)) == (*theme.background((50, 40)).get_at((10, 10))[:3], 255)


# -- a card sprite -----------------------------------------------------------------------------------


def test_a_card_at_rest_paints_shadow_then_card(window):
    art = CardArt(160)
    s = CardSprite(5, (300.0, 200.0))
    window.fill((30, 60, 90))
    want = window.copy()
    s.paint(window, art)
    rect = art.face(5).get_rect(center=(300, 200))
    want.blit(art.shadow(), art.shadow().get_rect(center=(300, 200 + art.w // 40)))
    want.blit(art.face(5), rect)
    assert _bytes(window, "RGB") == _bytes(want, "RGB")


def test_a_face_down_card_at_rest_shows_its_key_on_a_plate_and_a_moving_one_does_not(window):
    from sprites.card import BACK_KEY, BACK_PLATE

    art = CardArt(160)

    def painted(key: str, moving: bool = False) -> pygame.Surface:
        window.fill((30, 60, 90))
        s = CardSprite(5, (300.0, 200.0), face_up=False)
        s.key = key
        if moving:
            s.slide_to((310.0, 200.0))
        s.paint(window, art)
        return window.copy()

    bare, keyed = painted(""), painted("q")
    assert _bytes(bare, "RGB") != _bytes(keyed, "RGB")
    below = pygame.Rect(0, 0, art.w, art.h // 2)
    below.midbottom = (300, 200 + art.h // 2)  # the key sits in the lower half, off the card's middle
    colours = {tuple(keyed.get_at((x, y)))[:3] for x in range(below.left, below.right, 2)
               for y in range(below.top, below.bottom, 2)}
    assert BACK_PLATE in colours and BACK_KEY in colours
    assert _bytes(painted("q", moving=True), "RGB") == _bytes(painted("", moving=True), "RGB")


def test_a_shrinking_fading_card_is_the_face_scaled_and_faded(window):
    art = CardArt(160)
    s = CardSprite(7, (300.0, 200.0))
    s.fly_to((600.0, 0.0))
    for _ in range(30):
        s.update(1 / 60)
    img = s.image(art)
    want = pygame.transform.scale(art.face(7), img.get_size())
    want.set_alpha(round(255 * s.fade))
    a, b = window.copy(), window.copy()
    a.blit(img, (10, 10))
    b.blit(want, (10, 10))
    assert (s.fade < 1, img.get_size() != art.size, _bytes(a, "RGB") == _bytes(b, "RGB")) == (True, True, True)


def test_a_scaled_card_is_drawn_in_the_sprites_own_surface(window):
    art = CardArt(160)
    s = CardSprite(7, (300.0, 200.0), face_up=False)
    s.deal_from((0.0, 0.0), (300.0, 200.0))
    s.update(1 / 60)
    first = s.image(art)
    s.update(1 / 60)
    second = s.image(art)
    assert first.get_parent() is second.get_parent() is not None and first.get_size() != second.get_size()


def test_a_dealt_card_draws_its_face_before_it_turns_not_in_its_first_frame(window):
    art = CardArt(160)
    art.back()
    art.shadow()
    s = CardSprite(11, (300.0, 200.0), face_up=False)
    s.deal_from((0.0, 0.0), (300.0, 200.0))
    first, drawn_face_down = None, False
    for frame in range(60):
        s.update(1 / 60)
        s.image(art)
        if frame == 0:
            first = art.drawn(11)
        if s.face < 0.5 and art.drawn(11):
            drawn_face_down = True
    assert (first, drawn_face_down) == (False, True)


# -- sparks and tweens -------------------------------------------------------------------------------


def test_sparks_blitted_from_cached_dots_are_the_drawn_circles(window):
    colors = [(226, 35, 70), (22, 160, 90), (255, 196, 70)]
    burst = particles.Burst((320, 200), colors, 60, 300, seed=4)
    same = []
    for _ in range(40):
        a = window.copy()
        a.fill((12, 20, 40))
        b = a.copy()
        for surf in (a, b):
            surf.set_clip((100, 60, 300, 250))
        burst.draw(a)
        for x, y, _vx, _vy, life, full, color, size in burst.parts:
            pygame.draw.circle(b, color, (round(x), round(y)), max(1, round(size * life / full)))
        same.append(_bytes(a, "RGB") == _bytes(b, "RGB"))
        burst.update(1 / 60)
    assert all(same) and burst.bounds().w > 0


def test_burst_bounds_is_a_copy():
    burst = particles.Burst((50, 50), [(1, 2, 3)], 5, 100, seed=1)
    burst.bounds().move_ip(1000, 0)
    assert burst.bounds().x < 1000


def test_a_position_tween_is_the_lerp_of_each_coordinate():
    t = Tween((1.5, -2.0), (10.25, 7.0), 0.5)
    t.update(0.2)
    k = t.ease(0.4)
    assert t.value == (lerp(1.5, 10.25, k), lerp(-2.0, 7.0, k))


def test_a_tween_of_three_numbers_still_moves_each():
    t = Tween((0.0, 0.0, 0.0), (3.0, 6.0, 9.0), 1.0, ease=lambda x: x)
    t.update(0.5)
    assert t.value == (1.5, 3.0, 4.5)


# -- the frame bench ---------------------------------------------------------------------------------


def test_the_bench_reports_the_run_of_median_p99_and_every_run():
    runs = [{"n": 1, "p50_ms": 1, "p99_ms": 2, "max_ms": 3, "cpu_p50_ms": c, "cpu_p99_ms": p}
            for c, p in ((1.0, 9.0), (2.0, 3.0), (3.0, 5.0))]
    fig = bench_frames._median_run(runs)
    assert (fig["cpu_p99_ms"], fig["runs_cpu_p99_ms"], fig["median_cpu_p50_ms"]) == (5.0, [9.0, 3.0, 5.0], 2.0)


def test_a_gone_cards_surface_serves_the_next_card_unfaded(window):
    from sprites import card as card_module

    art = CardArt(160)
    card_module._spares.clear()
    gone = CardSprite(3, (300.0, 200.0))
    gone.fly_to((600.0, 0.0))
    for _ in range(30):
        gone.update(1 / 60)
    gone.image(art)
    spare = gone._spare
    del gone  # the scene drops a flown card
    dealt = CardSprite(9, (300.0, 200.0), face_up=False)
    dealt.deal_from((0.0, 0.0), (300.0, 200.0))
    dealt.update(1 / 60)
    img = dealt.image(art)
    assert (img.get_parent() is spare, img.get_alpha()) == (True, 255)
