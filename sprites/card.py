"""An animated card on the table: slides, flips, shakes, flies away.

A sprite holds where the card is and where it is going; ``update(dt)``
advances its tweens and ``draw`` blits cached art (from ``CardArt``) at a
position interpolated between the last two updates.

What a frame costs: a card flat on the table is its shadow blended where the
card's opaque rows will not cover it, then the card blended whole (where it
is opaque that writes its own pixels).  A card that scales (dealt, flying
away) is scaled into a card-sized surface the sprite borrows from a small
pool and gives back when it is at its own size again or gone, so the frames
that deal or take cards make no new surfaces.  A card dealt face down draws
its face ahead a step a frame shortly before it turns.
"""

from __future__ import annotations

import math
import weakref

import pygame

from .cardart import CardArt
from .theme import HINT, SELECT, blit_text, text
from .tween import Tween, in_cubic, in_out_cubic, lerp, out_cubic, shake

BACK_KEY, BACK_PLATE = (245, 232, 200), (20, 28, 52)  # a card key on the back: light on a dark plate
SLIDE = 0.32
FLIP = 0.28
SHAKE = 0.45
FLY = 0.55
AHEAD = 0.12  # seconds before its flip a card coming face down starts drawing its face (not in the deal's frame)


KEEP_SPARES = 8  # card-sized surfaces kept per size and format for the next cards that scale
_spares: dict[tuple, list[pygame.Surface]] = {}


def _spare_key(surf: pygame.Surface) -> tuple:
    return surf.get_size(), surf.get_flags() & pygame.SRCALPHA, surf.get_bitsize(), surf.get_masks()


def _give_spare(surf: pygame.Surface) -> None:
    """A card-sized surface back for the next card that scales (a few kept per size)."""
    pool = _spares.setdefault(_spare_key(surf), [])
    if len(pool) < KEEP_SPARES:
        pool.append(surf)


class CardSprite:
    """One card's look on screen.  ``card`` is the card index (0..80)."""

    #: drawing-ahead steps left in this frame for cards still face down (``update`` grants one a frame)
    ahead = 0

    def __init__(self, card: int, pos: tuple[float, float], face_up: bool = True) -> None:
        self.card = card
        self.pos = pos
        self.prev = pos
        self.move: Tween | None = None
        self.flip: Tween | None = None
        self.face = 1.0 if face_up else 0.0  # 0 back .. 1 face; the flip passes through edge-on
        self.scale = 1.0
        self.scale_tween: Tween | None = None
        self.shake_t = -1.0
        self.fade = 1.0
        self.fade_tween: Tween | None = None
        self.selected = False
        self.hinted = False
        self.found = False  # findall: part of a Set already found (dimmed mark)
        self.dead = False  # a flown-away card; the scene drops it
        self.key = ""  # the keyboard key shown on the card
        self.band = 0  # covered but for this many rows at its top: the face shows its symbols there (0: whole)
        self._key: tuple | None = None  # what ``_img`` shows
        self._img: pygame.Surface | None = None
        self._spare: pygame.Surface | None = None  # a card-sized surface the scaled card is drawn in
        self._spare_back: weakref.finalize | None = None  # gives it back when done with or when the sprite goes

    # ----- commands ------------------------------------------------------
    def slide_to(self, pos: tuple[float, float], duration: float = SLIDE, delay: float = 0.0) -> None:
        if self.move is None and pos == self.pos:
            return
        self.move = Tween(self.pos, pos, duration, in_out_cubic, delay)

    def deal_from(self, origin: tuple[float, float], pos: tuple[float, float], delay: float = 0.0) -> None:
        """Come face down from the deck, then turn face up."""
        self.pos = self.prev = origin
        self.face = 0.0
        self.move = Tween(origin, pos, SLIDE + 0.08, out_cubic, delay)
        self.scale = 0.4
        self.scale_tween = Tween(0.4, 1.0, SLIDE + 0.08, out_cubic, delay)
        self.flip = Tween(0.0, 1.0, FLIP, in_out_cubic, delay + SLIDE * 0.6)

    def shake(self) -> None:
        self.shake_t = 0.0

    def fly_to(self, pos: tuple[float, float], delay: float = 0.0) -> None:
        """Leave the table towards ``pos`` (the taker), shrinking and fading; then ``dead``."""
        self.selected = self.hinted = False
        self.move = Tween(self.pos, pos, FLY, in_cubic, delay)
        self.scale_tween = Tween(1.0, 0.35, FLY, in_cubic, delay)
        self.fade_tween = Tween(1.0, 0.0, FLY, in_cubic, delay + FLY * 0.3)

    @property
    def busy(self) -> bool:
        return bool(self.move or self.flip or self.scale_tween or self.fade_tween or self.shake_t >= 0)

    # ----- time ------------------------------------------------------------
    def update(self, dt: float) -> None:
        CardSprite.ahead = 1
        self.prev = self.pos
        if self.move:
            self.move.update(dt)
            self.pos = self.move.value
            if self.move.done:
                self.move = None
        if self.flip:
            self.flip.update(dt)
            self.face = self.flip.value
            if self.flip.done:
                self.flip = None
        if self.scale_tween:
            self.scale_tween.update(dt)
            self.scale = self.scale_tween.value
            if self.scale_tween.done:
                self.scale_tween = None
        if self.fade_tween:
            self.fade_tween.update(dt)
            self.fade = self.fade_tween.value
            if self.fade_tween.done:
                self.fade_tween = None
                self.dead = self.fade <= 0.01
        if self.shake_t >= 0:
            self.shake_t += dt / SHAKE
            if self.shake_t >= 1:
                self.shake_t = -1.0

    # ----- drawing ---------------------------------------------------------
    def center(self, alpha: float = 1.0) -> tuple[float, float]:
        x = lerp(self.prev[0], self.pos[0], alpha)
        y = lerp(self.prev[1], self.pos[1], alpha)
        if self.shake_t >= 0:
            x += shake(self.shake_t, 10)
        return x, y

    def bounds(self, art: CardArt, alpha: float = 1.0) -> pygame.Rect:
        """Everything ``draw`` touches at ``alpha`` (the card, its shadow and ring), and 2 px more.

        Worked out as ``paint`` places them: a dirty rectangle no bigger than it must be.
        """
        cx, cy = self.center(alpha)
        lift = -art.h * 0.05 if self.selected else 0.0
        w, h = art.size
        squash = abs(math.cos(self.face * math.pi))
        r = pygame.Rect(0, 0, max(1, round(w * squash * self.scale)), max(1, round(h * self.scale)))
        r.center = (round(cx), round(cy + lift))
        if self.fade >= 1.0 and self.scale >= 1.0 and squash > 0.98:
            shadow = art.shadow().get_rect()
            shadow.center = (round(cx), round(cy) + art.w // 40 + (art.h // 12 if self.selected else 0))
            r.union_ip(shadow)
        if (self.selected or self.hinted) and self.face >= 0.5:
            r.inflate_ip(6, 6)
        return r.inflate(4, 4)

    def rect(self, art: CardArt) -> pygame.Rect:
        r = pygame.Rect((0, 0), art.size)
        r.center = (round(self.pos[0]), round(self.pos[1]))
        return r

    def draw(self, surface: pygame.Surface, art: CardArt, alpha: float = 1.0) -> None:
        if not surface.get_clip().colliderect(self.bounds(art, alpha)):
            return  # a partial redraw elsewhere
        self.paint(surface, art, alpha)

    def image(self, art: CardArt) -> pygame.Surface:
        """The card as drawn now: its face or back, squashed by the flip, scaled and faded.

        Kept until it changes: a frame drawn in several clipped parts scales it once.  A scaled
        card is scaled into a borrowed card-sized surface: no new surface a frame.
        """
        squash = abs(math.cos(self.face * math.pi))  # 1 flat on, 0 edge-on
        w, h = art.size
        sw, sh = max(1, round(w * squash * self.scale)), max(1, round(h * self.scale))
        key = (art, self.card, self.face >= 0.5, sw, sh, self.fade, self.band)
        if self._key == key:
            return self._img
        if CardSprite.ahead and self.drawing_ahead(art):
            CardSprite.ahead = 0  # a dealt card draws its face shortly before it turns: a step a frame
            art.prepare(self.card)
        img = (art.banded(self.card, self.band) if self.band else art.face(self.card)) if self.face >= 0.5 \
            else art.back()
        if (sw, sh) != (w, h):
            spare = self._spare
            if spare is None or _spare_key(spare) != _spare_key(img):
                spare = self._take_spare(img)
            img = pygame.transform.scale(img, (sw, sh), spare.subsurface((0, 0, sw, sh)))
        else:
            if self._spare_back is not None:
                self._spare_back()  # at its own size again: the surface is another card's to use
                self._spare = self._spare_back = None
            if self.fade < 1.0:
                img = img.copy()
        if self.fade < 1.0:
            img.set_alpha(round(255 * self.fade))
        self._key, self._img = key, img
        return img

    def drawing_ahead(self, art: CardArt) -> bool:
        """Is the card coming face down, about to turn, with its face in ``art`` still to draw?  (It
        draws it a step a frame; other drawing ahead waits.)"""
        return self.face < 0.5 and self.flip is not None and self.flip.elapsed > -AHEAD and not art.drawn(self.card)

    def _take_spare(self, like: pygame.Surface) -> pygame.Surface:
        """A card-sized surface in the format of ``like`` (a kept one if there is), given back when the
        card is at its own size again or the sprite is gone: a frame that deals or takes cards makes none."""
        if self._spare_back is not None:
            self._spare_back()
        pool = _spares.get(_spare_key(like))
        spare = pool.pop() if pool else like.copy()
        self._spare, self._spare_back = spare, weakref.finalize(self, _give_spare, spare)
        return spare

    def paint(self, surface: pygame.Surface, art: CardArt, alpha: float = 1.0) -> None:
        """Draw the card (its shadow, key and ring too), whatever the clip."""
        cx, cy = self.center(alpha)
        lift = -art.h * 0.05 if self.selected else 0.0
        cy += lift
        img = self.image(art)
        w, h = art.size
        rect = img.get_rect(center=(round(cx), round(cy)))
        if self.fade >= 1.0 and self.scale >= 1.0 and abs(math.cos(self.face * math.pi)) > 0.98:
            shadow = art.shadow()
            off = art.w // 40 + (art.h // 12 if self.selected else 0)
            area = shadow.get_rect(center=(round(cx), round(cy - lift) + off))
            top, end = art.solid_rows()
            if end <= top or rect.size != (w, h):
                surface.blit(shadow, area)
            else:  # only where the card's opaque rows will not cover it
                band = pygame.Rect(rect.left, rect.top + top, w, end - top)
                for piece in (pygame.Rect(area.left, area.top, area.w, band.top - area.top),
                              pygame.Rect(area.left, band.bottom, area.w, area.bottom - band.bottom),
                              pygame.Rect(area.left, band.top, band.left - area.left, band.h),
                              pygame.Rect(band.right, band.top, area.right - band.right, band.h)):
                    piece = piece.clip(area)
                    if piece.w > 0 and piece.h > 0:
                        surface.blit(shadow, piece, piece.move(-area.left, -area.top))
        surface.blit(img, rect)  # blended whole: where it is opaque that is its own pixels, as a copy
        if self.found and self.face >= 0.5:
            pygame.draw.rect(surface, (150, 150, 150), rect, width=max(2, w // 60), border_radius=art.radius)
        if self.key and self.fade >= 1.0 and self.scale >= 1.0:
            size = max(12, h // 6)
            if self.face >= 0.5:
                blit_text(surface, self.key.upper(), size, (rect.right - w // 22, rect.bottom - h // 28),
                          (150, 146, 136), True, "bottomright")
            elif self.move is None and abs(math.cos(self.face * math.pi)) > 0.98:  # picked by its key too
                label = text(self.key.upper(), size, BACK_KEY, True)
                spot = label.get_rect(center=(rect.centerx, rect.bottom - h // 5))
                pygame.draw.rect(surface, BACK_PLATE, spot.inflate(size, size // 3), border_radius=size // 3)
                surface.blit(label, spot)
        ring = SELECT if self.selected else HINT if self.hinted else None
        if ring and self.face >= 0.5:
            pygame.draw.rect(surface, ring, rect.inflate(6, 6), width=max(3, w // 45),
                             border_radius=art.radius + 3)
