"""Colours, palettes and fonts of the game: one place to change the look.

Fonts are pygame's bundled default font (no files to ship), made on first
use and cached by size, so importing this module needs no ``pygame.init``.
"""

from __future__ import annotations

import pygame

BG_TOP = (18, 32, 54)
BG_BOTTOM = (9, 16, 30)
PANEL = (255, 255, 255, 18)
PANEL_EDGE = (255, 255, 255, 40)
INK = (236, 240, 247)
MUTED = (150, 164, 188)
DIM = (96, 110, 134)
ACCENT = (255, 196, 70)
GOOD = (88, 214, 141)
BAD = (255, 99, 99)
INFO = (110, 178, 255)
CARD = (252, 251, 247)
CARD_EDGE = (214, 210, 200)
SELECT = (255, 196, 70)
HINT = (110, 178, 255)
BUTTON = (38, 58, 92)
BUTTON_HOVER = (55, 84, 130)
BUTTON_OFF = (30, 40, 58)

#: name -> (colour of red, green, purple cards), shown in that feature order.  In each palette the
#: three inks differ in lightness as well as hue (about L* 47 / 77 / 23 and 75 / 46 / 20), so they
#: stay apart (CIE76 ΔE ≥ 20) in greyscale and under protanopia, deuteranopia and tritanopia:
#: ``python tools/colourvision.py`` measures them and tests/test_palettes.py holds them to it.
PALETTES: dict[str, tuple[tuple[int, int, int], ...]] = {
    "standard": ((214, 40, 70), (96, 212, 136), (70, 24, 140)),
    "colour-blind": ((245, 170, 40), (30, 110, 200), (60, 30, 110)),
}
PALETTE_NAMES = tuple(PALETTES)

_fonts: dict[tuple[int, bool], pygame.font.Font] = {}


def reset_caches() -> None:
    """Forget fonts and drawn surfaces (after pygame was quit and started again)."""
    _fonts.clear()
    _texts.clear()
    _backgrounds.clear()
    _bands.clear()
    _felts.clear()
    _panels.clear()


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The game font at ``size`` pixels (cached; pygame.font is set up on first use)."""
    size = max(8, int(size))
    key = (size, bold)
    if not pygame.font.get_init():  # (again after a pygame.quit: the fonts made before it are dead)
        _fonts.clear()
        pygame.font.init()
    f = _fonts.get(key)
    if f is None:
        f = pygame.font.Font(None, size)
        f.set_bold(bold)
        _fonts[key] = f
    return f


_texts: dict[tuple, pygame.Surface] = {}
MIN_TEXT = 11  # smaller text is drawn at this size: below it a small window's words are unreadable
SMALL_TEXT = 15  # below this, text is drawn three times as big and scaled down (the small sizes'
# hinting puts letters a pixel off: "Settin gs", "20'20SET"); above it the font draws well as it is
OVERSAMPLE = 3


def text_size(s: str, size: int, bold: bool = False) -> tuple[int, int]:
    """The (width, height) ``text`` gives for ``s`` at ``size``."""
    size = max(MIN_TEXT, int(size))
    if size >= SMALL_TEXT or not s.strip():
        return font(size, bold).size(s)
    w, h = font(size * OVERSAMPLE, bold).size(s)
    return max(1, round(w / OVERSAMPLE)), max(1, round(h / OVERSAMPLE))


def text(s: str, size: int, color=INK, bold: bool = False) -> pygame.Surface:
    """A rendered line of text, cached (the HUD redraws the same words every frame)."""
    key = (s, int(size), tuple(color), bold)
    surf = _texts.get(key)
    if surf is None:
        if len(_texts) > 600:
            _texts.clear()
        size = max(MIN_TEXT, int(size))
        if size >= SMALL_TEXT or not s.strip():
            surf = font(size, bold).render(s, True, color)
        else:
            big = font(size * OVERSAMPLE, bold).render(s, True, color)
            surf = pygame.transform.smoothscale(big.convert_alpha() if pygame.display.get_surface() else big,
                                                text_size(s, size, bold))
        if pygame.display.get_surface():
            surf = surf.convert_alpha()
        _texts[key] = surf
    return surf


def blit_text(surface: pygame.Surface, s: str, size: int, pos, color=INK, bold: bool = False,
              anchor: str = "topleft") -> pygame.Rect:
    """Draw a line of text with its ``anchor`` (a pygame.Rect attribute) at ``pos``; return its rect."""
    img = text(s, size, color, bold)
    rect = img.get_rect(**{anchor: (int(pos[0]), int(pos[1]))})
    surface.blit(img, rect)
    return rect


def wrap(s: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split ``s`` into lines no wider than ``width`` pixels (blank lines kept)."""
    lines: list[str] = []
    for para in s.split("\n"):
        line = ""
        for word in para.split(" "):
            trial = f"{line} {word}".strip()
            if line and text_size(trial, size, bold)[0] > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines


_backgrounds: dict[tuple[int, int], pygame.Surface] = {}
_bands: dict[int, list[tuple[int, int, tuple[int, int, int]]]] = {}


def _bands_of(h: int) -> list[tuple[int, int, tuple[int, int, int]]]:
    """The felt's gradient for a window ``h`` rows high, as runs of rows of one colour (y0, y1, colour)."""
    bands = _bands.get(h)
    if bands is None:
        strip = pygame.Surface((1, 64))
        for y in range(64):
            t = y / 63
            strip.set_at((0, y), [round(a + (b - a) * t) for a, b in zip(BG_TOP, BG_BOTTOM)])
        column = pygame.transform.smoothscale(strip, (1, h))  # every row is one colour: one column says all
        bands = []
        for y in range(h):
            c = tuple(column.get_at((0, y)))[:3]
            if bands and bands[-1][2] == c:
                bands[-1] = (bands[-1][0], y + 1, c)
            else:
                bands.append((y, y + 1, c))
        _bands.clear()
        _bands[h] = bands
    return bands


def background(size: tuple[int, int]) -> pygame.Surface:
    """The table felt: a vertical gradient, built once per window size."""
    surf = _backgrounds.get(size)
    if surf is None:
        _backgrounds.clear()
        w, h = max(1, size[0]), max(1, size[1])
        surf = pygame.Surface((w, h))
        if pygame.display.get_surface():
            surf = surf.convert()
        for y0, y1, c in _bands_of(h):
            surf.fill(c, (0, y0, w, y1 - y0))
        _backgrounds[size] = surf
    return surf


FELT_W = 640  # the width of the felt strip painted from (a wider clip takes several copies side by side)
_felts: dict[int, pygame.Surface] = {}


def _felt(h: int) -> pygame.Surface:
    """A strip of the felt ``FELT_W`` + 1 columns wide for a window ``h`` rows high (every row one colour)."""
    felt = _felts.get(h)
    if felt is None:
        felt = pygame.Surface((FELT_W + 1, h))
        if pygame.display.get_surface():
            felt = felt.convert()
        for y0, y1, c in _bands_of(h):
            felt.fill(c, (0, y0, FELT_W + 1, y1 - y0))
        _felts.clear()
        _felts[h] = felt
    return felt


def paint_background(surface: pygame.Surface) -> None:
    """The felt over the surface's clip: what blitting ``background(size)`` gives, pixel for pixel.

    Copied from a strip of felt (no window-sized surface), starting one column into it: SDL then
    copies each row with ``memcpy``, whose writes stay in the cache for the cards blended on top
    next.  (SDL's fill, and its copy of 16-byte aligned rows, write around the cache: those cards
    then read the felt from memory, twice as slow, and each row costs half a microsecond.)  A clip
    as wide as the surface (its rows one run of memory), or a surface of another pixel format, is
    filled a run of like rows at a time.
    """
    clip = surface.get_clip()
    h = max(1, surface.get_height())
    felt = _felt(h)
    if clip.w == surface.get_width() or surface.get_bitsize() != felt.get_bitsize() \
            or surface.get_flags() & pygame.SRCALPHA:
        top, bottom = clip.top, clip.bottom
        for y0, y1, c in _bands_of(h):
            if y1 > top and y0 < bottom:
                surface.fill(c, (clip.left, y0, clip.w, y1 - y0))
        return
    for x in range(clip.left, clip.right, FELT_W):
        surface.blit(felt, (x, clip.top), (1, clip.top, min(FELT_W, clip.right - x), clip.h))


def panel(surface: pygame.Surface, rect: pygame.Rect, radius: int = 14, fill=PANEL, edge=PANEL_EDGE) -> None:
    """A translucent rounded panel (the HUD's boxes)."""
    rect = pygame.Rect(rect)
    if rect.w <= 0 or rect.h <= 0:
        return
    key = (rect.size, radius, tuple(fill), tuple(edge))
    box = _panels.get(key)
    if box is None:
        if len(_panels) > 200:
            _panels.clear()
        box = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(box, fill, box.get_rect(), border_radius=radius)
        if edge:
            pygame.draw.rect(box, edge, box.get_rect(), width=1, border_radius=radius)
        _panels[key] = box.convert_alpha() if pygame.display.get_surface() else box
    surface.blit(box, rect)


_panels: dict[tuple, pygame.Surface] = {}
