"""Card art drawn in code: faces, the back, shadows — cached per size.

Shapes are drawn at ``SUPERSAMPLE`` times the card size and scaled down with
``smoothscale``, so they stay crisp at any window size.  Faces are made
lazily (only the cards on screen) and kept until the size, palette or cue
changes.  Nothing is drawn per frame: sprites blit these surfaces.

Drawing ahead (``prepare``) goes in steps of bounded cost, so a frame that
also moves cards never pays for a whole blank card: the large blank card and
the back are drawn a band of rows at a time (the surface clipped to the
band: each drawing call writes its own pixels only, so the bands add up to
the whole picture), then scaled down a band at a time (a 3:1 box filter: a
band of 3k large rows makes exactly k small rows); a symbol is drawn large in
stages (a striped one's stripes, then its outline) and scaled down in the
next step.  The pixels are those of drawing and scaling in one go.
"""

from __future__ import annotations

import pygame

from game.cards import features

from . import symbols
from .symbols import draw_cue, give_back, shape_stages
from .theme import CARD, CARD_EDGE, PALETTES

SUPERSAMPLE = 3
STEP_PIXELS = 16_000  # small-card pixels drawn (large) or scaled down per drawing-ahead step
ASPECT = 1.55  # card width / height (cards lie landscape, shapes stand upright)
CUE_SIZE = 0.11  # a colour symbol's box, as a share of the card's width
CUE_AT = 0.085  # its centre's distance from the card's top and left edges (and bottom and right)

_BACK = -2  # the back's key among the blank cards under way


def _bands_of(h: int, n: int) -> list[tuple[int, int]]:
    """``h`` rows cut into at most ``n`` bands of about the same height, (first, end) each.

    >>> _bands_of(10, 3)
    [(0, 3), (3, 7), (7, 10)]
    """
    n = max(1, min(n, h))
    cuts = [round(h * i / n) for i in range(n + 1)]
    return list(zip(cuts, cuts[1:]))


_spare: list[pygame.Surface] = []  # large surfaces done with, kept for the next blank card
KEEP_SPARE = 2
SPARE_SIZE = (1088, 704)  # a large blank card up to 362x234 px fits (the table's cards are at most 360 wide)


def _take(size: tuple[int, int]) -> pygame.Surface:
    """A large surface of ``size`` for a blank card: part of a spare one if one is big enough, else a
    new one (making and zeroing megabytes costs a frame milliseconds: done once, not once a size)."""
    for i, surf in enumerate(_spare):
        if surf.get_width() >= size[0] and surf.get_height() >= size[1]:
            return _spare.pop(i).subsurface((0, 0, *size))
    full = pygame.Surface((max(size[0], SPARE_SIZE[0]), max(size[1], SPARE_SIZE[1])), pygame.SRCALPHA)
    return full.subsurface((0, 0, *size))


def _give(surf: pygame.Surface) -> None:
    """Keep a large surface (the whole of which ``surf`` is part) for the next blank card."""
    _spare.insert(0, surf.get_parent() or surf)
    del _spare[KEEP_SPARE:]


_window_alpha: dict[tuple, tuple] = {}  # the window's masks -> the masks ``convert_alpha`` gives


def _fast(surf: pygame.Surface) -> pygame.Surface:
    """The surface in the window's pixel format (blits much faster), once a window exists; a surface
    already in it as it is (converting would only copy it)."""
    screen = pygame.display.get_surface()
    if screen is None:
        return surf
    masks = _window_alpha.get(screen.get_masks())
    if masks is None:
        masks = _window_alpha[screen.get_masks()] = pygame.Surface((1, 1), pygame.SRCALPHA).convert_alpha().get_masks()
    if surf.get_flags() & pygame.SRCALPHA and surf.get_bitsize() == 32 and surf.get_masks() == masks:
        return surf
    return surf.convert_alpha()


class CardArt:
    """Renders and caches card faces, the back and the shadow for one size and palette."""

    def __init__(self, width: int, palette: str = "standard", cue: bool = False) -> None:
        if palette not in PALETTES:
            raise ValueError(f"unknown palette {palette!r}: one of {', '.join(PALETTES)}")
        self.w = max(24, int(width))
        self.h = max(16, round(self.w / ASPECT))
        self.palette = palette
        self.cue = cue
        self._faces: dict[int, pygame.Surface] = {}
        self._back: pygame.Surface | None = None
        self._shadow: pygame.Surface | None = None
        self._shapes: dict[tuple[int, int, int], pygame.Surface] = {}
        self._symbols: dict[tuple[int, int, int], list] = {}  # symbols under way: [their stages, the last drawn]
        self._plains: dict[int, pygame.Surface] = {}
        self._banded: dict[tuple[int, int], pygame.Surface] = {}  # (card, band) -> a covered card's face
        self._lying: dict[tuple[int, int, int, int], pygame.Surface] = {}  # small symbols on their side
        self._solid: tuple[int, int] | None = None
        # blank cards under way, by key (-2 the back, else as ``_plains``): [large, rows drawn, small, rows scaled]
        self._work: dict[int, list] = {}
        self._canvas: pygame.Surface | None = None  # the clipped large surface a band is drawn on
        self._bands = _bands_of(self.h, max(1, self.w * self.h // STEP_PIXELS + 1))

    @property
    def size(self) -> tuple[int, int]:
        return self.w, self.h

    @property
    def radius(self) -> int:
        return max(4, self.w // 14)

    def face(self, c: int) -> pygame.Surface:
        """The face of card ``c`` (0..80), drawn on first use."""
        surf = self._faces.get(c)
        if surf is None:
            surf = self._draw_face(c)
            self._faces[c] = surf
        return surf

    def banded(self, c: int, band: int) -> pygame.Surface:
        """The face of card ``c`` as a card covered but for its top ``band`` rows shows it: its symbols
        small, whole and lying on their side in that band (so a fanned column shows every feature of each
        card), the rest of the card blank.  A band as tall as the symbols' half-card gives the face."""
        band = max(4, int(band))
        if band >= self.h * 0.6:
            return self.face(c)
        surf = self._banded.get((c, band))
        if surf is None:
            if len(self._banded) > 240:
                self._banded.clear()
            surf = self._banded[(c, band)] = self._draw_banded(c, band)
        return surf

    def _draw_banded(self, c: int, band: int) -> pygame.Surface:
        number, colour, shape, shading = features(c)
        n = number + 1
        room = self.w * (0.7 if self.cue else 0.84)  # clear of the colour cue in the top-left corner
        across = 0.68 * self.h / (0.19 * self.w)  # a symbol's length over its thickness, as on the face
        thick = max(3, round(min(band * 0.62, room / (3 * across + 0.8))))
        img = self._lying_symbol(shape, shading, colour, thick)
        surf = self._plain(colour).copy()
        step = thick * (across + 0.4)
        x0 = self.w / 2 - step * (n - 1) / 2
        for i in range(n):
            surf.blit(img, img.get_rect(center=(round(x0 + i * step), round(band / 2))))
        return _fast(surf)

    def _lying_symbol(self, shape: int, shading: int, colour: int, thick: int) -> pygame.Surface:
        """A symbol ``thick`` px across, as long as the face's are for their width, turned on its side."""
        key = (shape, shading, colour, thick)
        img = self._lying.get(key)
        if img is None:
            ss = SUPERSAMPLE
            long = round(thick * 0.68 * self.h / (0.19 * self.w))
            *_, big = shape_stages(shape, shading, PALETTES[self.palette][colour], thick * ss, long * ss)
            pad = (big.get_width() - thick * ss) // ss
            small = pygame.transform.smoothscale(big, (thick + 2 * pad, long + 2 * pad))
            give_back(big)
            img = self._lying[key] = pygame.transform.rotate(small, 90)
        return img

    def solid_rows(self) -> tuple[int, int]:
        """(first, end): the rows where a card (face or back) is opaque from edge to edge, between
        its rounded corners; ``(0, 0)`` if none.  Those rows can be copied instead of blended."""
        if self._solid is None:
            mask = pygame.mask.from_surface(self._plain(0), 254)
            row = pygame.Mask((self.w, 1), fill=True)
            full = [y for y in range(self.h) if mask.overlap_area(row, (0, y)) == self.w]
            whole = bool(full) and full[-1] - full[0] + 1 == len(full)
            self._solid = (full[0], full[-1] + 1) if whole else (0, 0)
        return self._solid

    def drawn(self, c: int) -> bool:
        """Whether the face of card ``c`` (-1: the back and the shadow) is drawn already."""
        return self._back is not None and self._shadow is not None if c < 0 else c in self._faces

    def prepare(self, c: int) -> None:
        """One step towards the face of card ``c`` (-1: the back and the shadow), each a bounded
        piece of work: a band of the large blank card, a band of its scaling down, the opaque rows,
        a stage of a symbol or its scaling down, or the face itself (drawing ahead a little at a time)."""
        if c < 0:
            if self._back is None:
                self._step(_BACK)
            else:
                self.shadow()
            return
        _number, colour, shape, shading = features(c)
        key = colour if self.cue else -1
        if key not in self._plains:
            self._step(key, colour)
        elif self._solid is None:
            self.solid_rows()
        elif (shape, shading, colour) not in self._shapes:
            self._symbol_step((shape, shading, colour))
        else:
            self.face(c)

    def _step(self, key: int, colour: int = 0) -> None:
        """One band of the blank card ``key`` (``_BACK`` or a ``_plains`` key): drawn large, or scaled
        down; the last band scaled makes the card."""
        ss = SUPERSAMPLE
        work = self._work.get(key)
        if work is None:
            work = self._work[key] = [_take((self.w * ss, self.h * ss)), 0, None, 0]
        big, drawn, small, scaled = work
        if drawn < len(self._bands):
            top, end = self._bands[drawn]
            big.set_clip((0, top * ss, big.get_width(), (end - top) * ss))
            big.fill((0, 0, 0, 0))  # as new (the large surface may have held another card)
            self._canvas = big
            try:
                self._draw_big_back() if key == _BACK else self._draw_big_plain(colour)
            finally:
                self._canvas = None
                big.set_clip(None)
            work[1] += 1
            return
        if small is None:
            small = work[2] = pygame.Surface(self.size, pygame.SRCALPHA, big)
        top, end = self._bands[scaled]
        pygame.transform.smoothscale(big.subsurface((0, top * ss, big.get_width(), (end - top) * ss)),
                                     (self.w, end - top), small.subsurface((0, top, self.w, end - top)))
        work[3] += 1
        if work[3] == len(self._bands):
            del self._work[key]
            _give(big)
            if key == _BACK:
                self._back = _fast(small)
            else:
                self._plains[key] = small

    def _symbol(self, shape: int, shading: int, colour: int) -> pygame.Surface:
        """The symbol scaled to this card size, drawn now (the stages left of one under way too)."""
        key = (shape, shading, colour)
        while key not in self._shapes:
            self._symbol_step(key)
        return self._shapes[key]

    def _symbol_step(self, key: tuple[int, int, int]) -> None:
        """One stage of the symbol ``key`` (shape, shading, colour) drawn large, or its scaling down."""
        ss = SUPERSAMPLE
        sw, sh = round(self.w * 0.19), round(self.h * 0.68)
        work = self._symbols.get(key)
        if work is None:
            shape, shading, colour = key
            work = self._symbols[key] = [shape_stages(shape, shading, PALETTES[self.palette][colour], sw * ss,
                                                      sh * ss), None]
        big = next(work[0], None)
        if big is not None:
            work[1] = big
            return
        big = work[1]
        del self._symbols[key]
        pad = (big.get_width() - sw * ss) // ss
        self._shapes[key] = pygame.transform.smoothscale(big, (sw + 2 * pad, sh + 2 * pad))
        give_back(big)

    def _blank(self, fill, edge) -> pygame.Surface:
        ss = SUPERSAMPLE
        big = self._canvas or pygame.Surface((self.w * ss, self.h * ss), pygame.SRCALPHA)
        r = self.radius * ss
        pygame.draw.rect(big, edge, big.get_rect(), border_radius=r)
        pygame.draw.rect(big, fill, big.get_rect().inflate(-2 * ss, -2 * ss), border_radius=r - ss)
        return big

    def _plain(self, colour: int) -> pygame.Surface:
        """The empty card (with the colour's cue symbol when cues are on), drawn once."""
        key = colour if self.cue else -1
        while key not in self._plains:
            self._step(key, colour)
        return self._plains[key]

    def _draw_big_plain(self, colour: int) -> pygame.Surface:
        """The empty card at ``SUPERSAMPLE`` times the size, before it is scaled down."""
        big = self._blank(CARD, CARD_EDGE)
        if self.cue:  # in the top-left and bottom-right corners, clear of the symbols
            ss = SUPERSAMPLE
            r = max(2.5, self.w * CUE_SIZE / 2) * ss
            at = self.w * CUE_AT * ss
            for x, y in ((at, at), (self.w * ss - at, self.h * ss - at)):
                draw_cue(big, colour, PALETTES[self.palette][colour], x, y, r)
        return big

    def _draw_face(self, c: int) -> pygame.Surface:
        number, colour, shape, shading = features(c)
        surf = self._plain(colour).copy()
        img = self._symbol(shape, shading, colour)
        n = number + 1
        step = self.w * 0.25
        x0 = self.w / 2 - step * (n - 1) / 2
        for i in range(n):
            surf.blit(img, img.get_rect(center=(round(x0 + i * step), self.h // 2)))
        return _fast(surf)

    def back(self) -> pygame.Surface:
        """The card back: a navy field with a gold diamond lattice."""
        while self._back is None:
            self._step(_BACK)
        return self._back

    def _draw_big_back(self) -> pygame.Surface:
        """The back at ``SUPERSAMPLE`` times the size, before it is scaled down."""
        ss = SUPERSAMPLE
        big = self._blank((36, 52, 96), (20, 28, 52))
        w, h = big.get_size()
        inset = pygame.Rect(0, 0, w, h).inflate(-self.w * ss // 9, -self.w * ss // 9)
        pygame.draw.rect(big, (220, 180, 90), inset, width=2 * ss, border_radius=self.radius * ss // 2)
        step = max(6, self.h * ss // 5)
        cx, cy = w // 2, h // 2
        for k in range(-3, 4):
            for j in (-1, 0, 1):
                x, y = cx + k * step * 0.9, cy + j * step * 1.1
                d = step * 0.32
                if inset.collidepoint(x, y):
                    pygame.draw.polygon(big, (70, 92, 150), [(x, y - d), (x + d, y), (x, y + d), (x - d, y)])
        d = step * 0.8
        pygame.draw.polygon(big, (240, 196, 90), [(cx, cy - d), (cx + d * 0.8, cy), (cx, cy + d),
                                                   (cx - d * 0.8, cy)])
        return big

    def shadow(self) -> pygame.Surface:
        """A soft shadow a little larger than a card."""
        if self._shadow is None:
            spread = max(3, self.w // 28)
            w, h = self.w + 2 * spread, self.h + 2 * spread
            small = pygame.Surface((w // 4 + 1, h // 4 + 1), pygame.SRCALPHA)
            pygame.draw.rect(small, (0, 0, 0, 110), small.get_rect().inflate(-2, -2),
                             border_radius=max(1, self.radius // 4))
            self._shadow = pygame.transform.smoothscale(small, (w, h))
            self._shadow = _fast(pygame.transform.smoothscale(self._shadow, (w, h)))
        return self._shadow


_arts: dict[tuple, CardArt] = {}
KEEP_ARTS = 8  # the table at 12..21 cards, the deck, small cards in panels: each its own size


def reset_caches() -> None:
    """Forget every drawn card (after pygame was quit and started again)."""
    _arts.clear()
    _spare.clear()
    symbols.reset_caches()


def art_for(width: int, palette: str = "standard", cue: bool = False) -> CardArt:
    """The shared CardArt for a size/palette/cue; the least recently used of many sizes is dropped."""
    key = (max(24, int(width)), palette, cue)
    art = _arts.pop(key, None)
    if art is None:
        if len(_arts) >= KEEP_ARTS:
            del _arts[next(iter(_arts))]  # the least recently used size
        art = CardArt(width, palette, cue)
    _arts[key] = art
    return art
