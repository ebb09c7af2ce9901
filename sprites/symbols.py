"""The symbols on the cards, drawn in code: diamonds, ovals and squiggles with their shading, and the
colour cues (circle, triangle, square) that name a colour by shape.

Drawn large (the card art scales them down); a symbol is drawn in stages of
bounded cost (``shape_stages``) so drawing ahead never costs one frame much.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

import pygame

# A vertical squiggle in a unit box: cubic Bézier segments (start, c1, c2, end),
# point-symmetric about the centre like the printed cards, smooth where segments meet (no kinks).
_SQUIGGLE = (
    ((0.28, 0.06), (0.52, -0.04), (0.96, 0.04), (0.86, 0.30)),
    ((0.86, 0.30), (0.78, 0.50), (0.60, 0.58), (0.70, 0.74)),
    ((0.70, 0.74), (0.78, 0.86), (0.91, 0.86), (0.72, 0.94)),
    ((0.72, 0.94), (0.48, 1.04), (0.04, 0.96), (0.14, 0.70)),
    ((0.14, 0.70), (0.22, 0.50), (0.40, 0.42), (0.30, 0.26)),
    ((0.30, 0.26), (0.22, 0.14), (0.09, 0.14), (0.28, 0.06)),
)


def _bezier(seg, steps: int = 14) -> list[tuple[float, float]]:
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = seg
    pts = []
    for i in range(steps):
        t = i / steps
        u = 1 - t
        a, b, c, d = u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t
        pts.append((a * x0 + b * x1 + c * x2 + d * x3, a * y0 + b * y1 + c * y2 + d * y3))
    return pts


_SQUIGGLE_POINTS = [p for seg in _SQUIGGLE for p in _bezier(seg)]


def _outline(shape: int, w: int, h: int) -> list[tuple[float, float]] | None:
    """The polygon of a shape in a w×h box (None for the oval, drawn as a rounded rect)."""
    if shape == 0:
        return [(w / 2, 0), (w - 1, h / 2), (w / 2, h - 1), (0, h / 2)]
    if shape == 2:
        return [(x * (w - 1), y * (h - 1)) for x, y in _SQUIGGLE_POINTS]
    return None


def _fill_shape(surf: pygame.Surface, shape: int, color, width: int = 0) -> None:
    w, h = surf.get_size()
    pts = _outline(shape, w, h)
    if pts is None:
        pygame.draw.rect(surf, color, surf.get_rect(), width=width, border_radius=w // 2)
    else:
        pygame.draw.polygon(surf, color, pts, width)


_scratch: dict[str, pygame.Surface] = {}  # kept work surfaces by use: making one costs a frame a third of a ms
_spare: list[pygame.Surface] = []  # symbols scaled down already: their large surfaces, for the next symbols
KEEP_SPARE = 1
WORK_SIZE = (248, 520)  # a large symbol of the largest card (360 px) fits: kept surfaces are made once, this big


def _clear(surf: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """The top-left ``size`` of ``surf``, cleared as a new surface is (transparent black)."""
    part = surf.subsurface((0, 0, *size))
    part.fill((0, 0, 0, 0))
    return part


def _work(name: str, size: tuple[int, int]) -> pygame.Surface:
    """A cleared surface of ``size`` for a passing use (``name``), made once and kept."""
    surf = _scratch.get(name)
    if surf is None or surf.get_width() < size[0] or surf.get_height() < size[1]:
        old = (0, 0) if surf is None else surf.get_size()
        surf = _scratch[name] = _new(max(size[0], old[0]), max(size[1], old[1]))
    return _clear(surf, size)


def _new(w: int, h: int) -> pygame.Surface:
    """A clear surface at least ``WORK_SIZE`` (one size for every use: the memory is reused as it is)."""
    return pygame.Surface((max(w, WORK_SIZE[0]), max(h, WORK_SIZE[1])), pygame.SRCALPHA)


def give_back(big: pygame.Surface) -> None:
    """A large symbol done with (scaled down): its surface serves the next one."""
    _spare.insert(0, big.get_parent() or big)
    del _spare[KEEP_SPARE:]


def reset_caches() -> None:
    """Forget the kept surfaces (after pygame was quit and started again)."""
    _scratch.clear()
    _spare.clear()


def shape_stages(shape: int, shading: int, color, w: int, h: int) -> Iterator[pygame.Surface]:
    """One symbol (big: the caller scales it down) with its shading, drawn in stages of bounded cost:
    the surface is yielded after each (a striped one's stripes, then its outline); the last one
    yielded is the finished symbol (``give_back`` it once scaled down).  Empty, striped or solid as
    ``shading`` is 0, 1 or 2."""
    line = max(2, w // 9)
    pad = line  # room so thick outlines are not clipped
    size = (w + 2 * pad, h + 2 * pad)
    spare = next((i for i, b in enumerate(_spare) if b.get_width() >= size[0] and b.get_height() >= size[1]), None)
    surf = _clear(_spare.pop(spare) if spare is not None else _new(*size), size)
    inner = surf.subsurface((pad, pad, w, h))
    if shading == 2:
        _fill_shape(inner, shape, color)
        yield surf
        return
    if shading == 1:
        mask = _work("mask", (w, h))
        _fill_shape(mask, shape, (255, 255, 255, 255))
        stripes = _work("stripes", (w, h))
        gap = max(3, h // 14)
        for y in range(gap // 2, h, gap):
            pygame.draw.line(stripes, color, (0, y), (w, y), max(1, line // 2))
        stripes.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        inner.blit(stripes, (0, 0))
        yield surf
    if shape == 2:
        _round_outline(surf, [(x + pad, y + pad) for x, y in _outline(shape, w, h)], color, line)
    else:
        _fill_shape(inner, shape, color, line)
    yield surf


def _round_outline(surf: pygame.Surface, pts: list[tuple[float, float]], color, line: int) -> None:
    """A smooth closed curve's outline as a band ``line`` wide, drawn on the padded surface (not
    clipped to the shape's box): the curve pushed out and in by half the width along its normals,
    the outer one filled and the inner one cut out.  Thick straight pieces alone leave notches and
    knobs where they meet."""
    n = len(pts)
    sides = []
    for sign in (1, -1):
        side = []
        for i in range(n):
            (x0, y0), (x1, y1) = pts[i - 1], pts[(i + 1) % n]
            dx, dy = x1 - x0, y1 - y0
            length = math.hypot(dx, dy) or 1.0
            x, y = pts[i]
            side.append((x + sign * dy / length * line / 2, y - sign * dx / length * line / 2))
        sides.append(side)

    def area(poly: list[tuple[float, float]]) -> float:
        return abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1]))) / 2

    outer, inner = sorted(sides, key=area, reverse=True)
    band = _work("mask", surf.get_size())  # (the stripes' mask is done with)
    pygame.draw.polygon(band, color, outer)
    pygame.draw.polygon(band, (0, 0, 0, 0), inner)
    surf.blit(band, (0, 0))


def draw_cue(surf: pygame.Surface, colour_index: int, color, x: float, y: float, r: float) -> None:
    """The colour's symbol (circle, triangle, square) filling a 2r × 2r box centred on (x, y),
    so a card's colour reads in greyscale and to colour-blind eyes by its shape alone."""
    if colour_index == 0:
        pygame.draw.circle(surf, color, (x, y), r)
    elif colour_index == 1:
        pygame.draw.polygon(surf, color, [(x, y - r), (x + r, y + r), (x - r, y + r)])
    else:
        pygame.draw.rect(surf, color, (round(x - r), round(y - r), round(2 * r), round(2 * r)))
