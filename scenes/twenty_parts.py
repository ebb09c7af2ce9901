"""Pieces of the 20/20 SET screen: where everything goes, the keys, the interlude box, the tutorial.

``TwentyLayout(frame, players)`` splits the board into a strip of seat boxes
along the top (every player but P1, their cards small), the six-card table
with the deck on its left and the discard pile on its right, and P1's own
cards along the bottom (as large as the table cards, in one or two rows).

>>> hand_keys("123azeqsdwxc"), TABLE_KEYS
('qsdfghjkl', 6)
>>> rows_of(7, 5), rows_of(4, 5)
([4, 3], [4])
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.cards import card, is_set, why_not_set
from sprites import theme
from sprites.cardart import ASPECT, art_for
from sprites.hud import Button
from sprites.layout import KEY_LAYOUTS, MAX_CARD_W, Frame

from .base import Scene
from .overlays import veil
from .widgets import unit_of

MAX_HAND = 9
TABLE_KEYS = 6  # the first six card keys pick the table: 1 2 3 / q w e on a qwerty keyboard
HAND_KEYS = {"qwerty": "asdfghjkl", "azerty": "qsdfghjkl", "qwertz": "asdfghjkl"}


def hand_keys(card_keys: str) -> str:
    """The nine keys that pick personal cards, the home row of the chosen keyboard."""
    name = next((n for n, k in KEY_LAYOUTS.items() if k == card_keys), "qwerty")
    return HAND_KEYS[name]


def rows_of(n: int, per_row: int) -> list[int]:
    """How many of ``n`` cards go in each row, at most ``per_row`` a row, the rows balanced."""
    if n <= 0:
        return []
    rows = math.ceil(n / max(1, per_row))
    k = math.ceil(n / rows)
    return [k] * (n // k) + ([n % k] if n % k else [])


def _row_positions(counts: list[int], cx: float, top: float, w: float, gap: float) -> list[tuple[float, float]]:
    h = w / ASPECT
    out = []
    for r, k in enumerate(counts):
        y = top + h / 2 + r * (h + gap * 1.2)
        x0 = cx - (k * w + (k - 1) * gap) / 2 + w / 2
        out += [(x0 + i * (w + gap), y) for i in range(k)]
    return out


class TwentyLayout:
    """Rectangles and card sizes of the 20/20 screen for one window size."""

    def __init__(self, frame: Frame, players: list[str]) -> None:
        u, b = frame.unit, frame.board
        self.unit = u
        others = players[1:]
        strip = pygame.Rect(b.left, b.top + round(u * 0.2), b.w, round(max(u * 6.0, b.h * 0.25)))
        gap = u * 0.6
        bw = (strip.w - gap * (len(others) - 1)) / max(1, len(others))
        self.boxes: dict[str, pygame.Rect] = {}
        for i, p in enumerate(others):
            self.boxes[p] = pygame.Rect(round(strip.left + i * (bw + gap)), strip.top, round(bw), strip.h)
        inner_w, inner_h = bw - u * 1.0, strip.h - u * 2.6
        self.small_w, self.small_per_row = 24, MAX_HAND
        for rows in (1, 2, 3):
            per = math.ceil(MAX_HAND / rows)
            w = min(inner_w / (per * 1.08 - 0.08), inner_h / (rows * 1.1 - 0.1) * ASPECT)
            if w > self.small_w:
                self.small_w, self.small_per_row = int(w), per
        rest = pygame.Rect(b.left, strip.bottom + round(u * 0.8), b.w, b.bottom - strip.bottom - round(u * 0.8))
        label = u * 1.8
        self.big_w, self.per_row = 24, MAX_HAND
        for rows, per in ((1, MAX_HAND), (2, 5)):
            h = (rest.h - label) / (2.12 + 0.4 + rows + 0.19 * (rows - 1))
            w = min(h * ASPECT, rest.w / 6.4, rest.w / (per * 1.1 - 0.1), MAX_CARD_W)
            if w > self.big_w:
                self.big_w = int(w)
        self.per_row = max(1, int((rest.w + self.big_w * 0.1) / (self.big_w * 1.1)))
        w = self.big_w
        h = w / ASPECT
        self.table_top = rest.top
        self.table_mid = rest.top + h * 1.06
        self.deck_pos = (rest.centerx - w * 1.1 - w * 1.5, self.table_mid)
        self.discard_pos = (rest.centerx + w * 1.1 + w * 1.5, self.table_mid)
        hand_top = rest.top + h * 2.12 + h * 0.4
        self.hand_label = pygame.Rect(rest.left, round(hand_top), rest.w, round(label))
        self.hand_area = pygame.Rect(rest.left, round(hand_top + label), rest.w, round(rest.bottom - hand_top - label))

    def table_pos(self, i: int) -> tuple[float, float]:
        """Centre of table place i (0..5: two rows of three, like the keys 1 2 3 / q w e)."""
        w = self.big_w
        r, c = divmod(i, 3)
        return self.hand_area.centerx + (c - 1) * w * 1.1, self.table_top + w / ASPECT * (0.5 + r * 1.12)

    def hand_slots(self, n: int) -> list[tuple[float, float]]:
        """Centres of P1's n personal cards along the bottom."""
        w = self.big_w
        counts = rows_of(n, self.per_row)
        h = w / ASPECT
        block = len(counts) * h + max(0, len(counts) - 1) * w * 0.12
        top = self.hand_area.top + max(0.0, (self.hand_area.h - block) / 2)
        return _row_positions(counts, self.hand_area.centerx, top, w, w * 0.1)

    def seat_slots(self, p: str, n: int) -> list[tuple[float, float]]:
        """Centres of another player's n cards in their box at the top."""
        box, u = self.boxes[p], self.unit
        return _row_positions(rows_of(n, self.small_per_row), box.centerx, box.top + u * 2.1, self.small_w,
                              self.small_w * 0.08)


def draw_interlude(surface: pygame.Surface, rect: pygame.Rect, u: float, info: dict[str, Any],
                   name, colors) -> None:
    """The box between hands: who won the hand, the cards left in the others' hands, the totals."""
    box = pygame.Rect(0, 0, round(min(rect.w * 0.9, u * 34)), round(u * (12.5 + 1.6 * len(info["left"]))))
    box.center = rect.center
    theme.panel(surface, box.inflate(u, u), round(u * 1.2), (0, 0, 0, 90), (0, 0, 0, 0))
    pygame.draw.rect(surface, (22, 36, 60), box, border_radius=round(u))
    pygame.draw.rect(surface, colors[int(info["player"][1:]) - 1], box, width=3, border_radius=round(u))
    x, y = box.centerx, box.top + u * 2.2
    theme.blit_text(surface, f"HAND {info['hand']}", round(u * 0.9), (x, y - u * 1.0), theme.MUTED, True, "center")
    theme.blit_text(surface, f"{name(info['player'])} {'win' if name(info['player']) == 'You' else 'wins'} the hand!",
                    round(u * 2.0), (x, y + u * 0.8), theme.ACCENT, True, "center")
    pts = info["points"]
    theme.blit_text(surface, f"+{pts} point{'s' if pts != 1 else ''}", round(u * 2.6), (x, y + u * 3.4), theme.GOOD,
                    True, "center")
    y += u * 5.6
    for p, n in info["left"]:
        theme.blit_text(surface, f"{name(p)}: {n} card{'s' if n != 1 else ''} left", round(u * 1.1), (x, y),
                        theme.INK, True, "center")
        y += u * 1.6
    totals = "   ".join(f"{name(p)} {s}" for p, s in info["scores"].items())
    theme.blit_text(surface, f"{totals}   (to {info['target']})", round(u * 1.1), (x, y + u * 0.4), theme.MUTED,
                    True, "center")
    dealer = name(info["dealer"])
    nxt = "Game over" if info["over"] else f"Next hand: {dealer} deal{'' if dealer == 'You' else 's'}"
    theme.blit_text(surface, f"{nxt} · Space or click to go on", round(u * 0.95), (x, box.bottom - u * 1.4),
                    theme.DIM, True, "center")


# ----- the first-play tutorial ------------------------------------------------------------------
HAND = ("3PSF", "2PSH", "2GDF")
TABLE = ("1GOE", "1PDH", "3GSE", "1GDH", "1GOF", "1ROF")
STEPS = (
    "In 20/20 everyone has personal cards, face up (yours lie along the bottom), and six cards lie on the "
    "table for all. Get rid of your personal cards by making Sets with them.",
    "Your turn: one Set hides here that uses your own cards. Click three cards, or press 1 2 3 / q w e for "
    "the table and a s d for your cards.",
    "Table cards you use are replaced; yours are not. A wrong pick gives you a penalty card. Stuck? Draw (+) "
    "takes one more card, up to 9. Empty your hand first: you score a point for every card the others hold.",
)


class TwentyTutorialScene(Scene):
    """Three short steps shown before the first 20/20 game (``settings["tutorial_seen"]["twenty"]``)."""

    def enter(self, data: dict[str, Any]) -> None:
        self.overlay = bool(data.get("overlay"))
        self.step = 0
        self.picked: list[int] = []
        self.note, self.note_color, self.solved = "", theme.INK, False
        self.next = Button("Next", self.advance, "Enter", accent=True)
        self.skip = Button("Skip", self.done, "Esc")
        self.cards = [card(c) for c in TABLE + HAND]
        super().enter(data)

    def advance(self) -> None:
        if self.step == 1 and not self.solved:
            self.note, self.note_color = "Find the Set first — or press Esc to skip.", theme.MUTED
            return
        if self.step + 1 >= len(STEPS):
            self.done()
            return
        self.step += 1
        self.note = ""
        if self.step == 2:
            self.next.label = "Play"

    def done(self) -> None:
        seen = dict(self.app.settings.get("tutorial_seen") or {})
        seen["twenty"] = True
        self.app.set_setting("tutorial_seen", seen)
        if self.overlay:
            self.app.manager.pop()
        else:
            self.app.manager.switch("menu", {})

    def pick(self, i: int) -> None:
        if self.step != 1 or self.solved:
            return
        c = self.cards[i]
        if c in self.picked:
            self.picked.remove(c)
            return
        self.picked.append(c)
        if len(self.picked) < 3:
            return
        own = [c for c in self.picked if c in self.cards[6:]]
        if is_set(*self.picked) and own:
            self.solved = True
            self.note, self.note_color = f"That's it: {len(own)} of your cards gone in one Set!", theme.GOOD
            self.app.sound("set")
        else:
            why = "use at least one of your own cards" if is_set(*self.picked) else why_not_set(*self.picked)
            self.note, self.note_color = f"Not this one — {why}", theme.BAD
            self.app.sound("wrong")
            self.picked = []

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        u = self.u = unit_of(size)
        self.art_w = round(min(u * 6.0, w * 0.8 / 3.4))
        ch = self.art_w / ASPECT
        self.rects = []
        for i in range(9):
            row, col = divmod(i, 3)
            r = pygame.Rect(0, 0, self.art_w, round(ch))
            r.center = (round(w / 2 + (col - 1) * self.art_w * 1.12), round(u * 8.5 + ch / 2 + row * ch * 1.18
                                                                          + (u * 1.6 if row == 2 else 0)))
            self.rects.append(r)
        self.next.rect = pygame.Rect(w / 2 + u * 0.5, h - u * 3.6, u * 10, u * 2.4)
        self.skip.rect = pygame.Rect(w / 2 - u * 10.5, h - u * 3.6, u * 10, u * 2.4)

    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.KEYDOWN:
            keys = "123qwe" + hand_keys(str(self.app.settings.get("card_keys", "123qweasdzxc")))[:3]
            if e.key == pygame.K_ESCAPE:
                self.done()
            elif e.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.advance()
            elif e.unicode and e.unicode.lower() in keys:
                self.pick(keys.index(e.unicode.lower()))
            return True
        if self.next.handle_event(e) or self.skip.handle_event(e):
            return True
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            for i, r in enumerate(self.rects):
                if r.collidepoint(e.pos):
                    self.pick(i)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        if self.app.manager.top is not self:
            return  # another tutorial is shown over this one (the basics come first)
        w, h = surface.get_size()
        u = self.u
        if self.overlay:
            veil(surface)
        else:
            surface.blit(theme.background((w, h)), (0, 0))
        theme.blit_text(surface, f"20/20 SET · {self.step + 1} / {len(STEPS)}", round(u * 0.9), (w / 2, u * 2.5),
                        theme.MUTED, True, "center")
        theme.blit_text(surface, "Your cards and the table", round(u * 2.2), (w / 2, u * 4.6), theme.INK, True,
                        "center")
        s = self.app.settings
        art = art_for(self.art_w, str(s.get("palette", "standard")), bool(s.get("colour_cue")))
        theme.blit_text(surface, "TABLE", round(u * 0.85), (self.rects[0].left, self.rects[0].top - u * 0.4),
                        theme.MUTED, True, "bottomleft")
        theme.blit_text(surface, "YOUR CARDS", round(u * 0.85), (self.rects[6].left, self.rects[6].top - u * 0.4),
                        theme.ACCENT, True, "bottomleft")
        keys = "123qwe" + hand_keys(str(s.get("card_keys", "123qweasdzxc")))[:3]
        for i, (c, r) in enumerate(zip(self.cards, self.rects)):
            surface.blit(art.shadow(), art.shadow().get_rect(center=(r.centerx, r.centery + 3)))
            surface.blit(art.face(c), r)
            if c in self.picked:
                pygame.draw.rect(surface, theme.GOOD if self.solved else theme.SELECT, r.inflate(8, 8), width=4,
                                 border_radius=art.radius + 4)
            if self.step == 1:
                theme.blit_text(surface, keys[i].upper(), round(u * 0.9), (r.right - u * 0.3, r.bottom - u * 0.2),
                                (150, 146, 136), True, "bottomright")
        y = self.rects[-1].bottom + u * 1.4
        for line in theme.wrap(STEPS[self.step], round(u * 1.1), round(min(w * 0.8, u * 44)), True):
            theme.blit_text(surface, line, round(u * 1.1), (w / 2, y), theme.INK, True, "midtop")
            y += u * 1.5
        if self.note:
            theme.blit_text(surface, self.note, round(u * 1.05), (w / 2, y + u * 0.3), self.note_color, True, "midtop")
        self.next.draw(surface)
        self.skip.draw(surface)
