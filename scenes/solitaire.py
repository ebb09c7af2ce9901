"""PileBoard: the piles of a stacked solitaire (Pillars, Mag's), a part its scene holds (``scene.board``).

A pile is a list of sprite keys, bottom first: a card index (0..80) for a
card the player can see, or a negative key for a face-down card (one key per
pile position, see ``hidden_key``).  When a hidden card turns up, its sprite
is re-keyed and flipped in place; an undo flips it back.  Input (clicks,
drag and drop, number keys, the cursor) is ``solitaire_input.StackInput``;
drawing and what to draw again ``solitaire_draw.StackDrawing``.

A mode subclasses it (``PillarsBoard``) and overrides ``pile_codes``,
``extra_codes`` (cards beside the piles), ``lay_out`` (card size, pile
anchors, room to fan), ``accessible`` and ``move_text``; its scene sets
``BOARD`` to that class.
"""

from __future__ import annotations

import re
from typing import Any

import pygame

from game.cards import card, code, describe, is_set
from game.errors import IllegalMove
from sprites import theme
from sprites.card import FLIP, CardSprite
from sprites.cardart import art_for
from sprites.tween import Tween, in_out_cubic

from .board import Board
from .solitaire_draw import StackDrawing
from .solitaire_input import StackInput

HIDDEN = "??"
SHARES = re.compile(r"\b([123][RGP][DOS][EHF]) shares\b")
CODE = re.compile(r"\b([123][RGP][DOS][EHF])\b")


def in_words(text: str) -> str:
    """An engine message with its card codes spelled out for the player.

    >>> in_words("2GOH shares one feature with 1RDE")
    'two green striped ovals share one feature with one red empty diamond'
    >>> in_words("1RDE shares one feature with 2GOH")
    'one red empty diamond shares one feature with two green striped ovals'
    """
    # "shares" agrees with the card before it: two ovals share, one oval shares
    text = SHARES.sub(lambda m: f"{m[1]} {'shares' if m[1][0] == '1' else 'share'}", text)
    return CODE.sub(lambda m: describe(card(m[1])), text)


def hidden_key(pile: int, pos: int) -> int:
    """The sprite key of the face-down card at ``pos`` (from the bottom) of ``pile``.

    >>> hidden_key(0, 1), hidden_key(5, 3)
    (-2, -504)
    """
    return -(1 + pile * 100 + pos)


class PileBoard(StackInput, StackDrawing, Board):
    """The piles of a stacked solitaire: held by its scene (``scene.board``)."""

    GRID = 0  # piles per row for Up/Down cursor steps (0: one row)
    LEGEND: tuple[str, ...] = ()
    FAN_FIXED = 15  # piles up to this many cards keep one gap between cards
    _steps_key: tuple | None = None  # what the cached gaps of ``steps`` were worked out for

    def __init__(self, scene: Any) -> None:
        super().__init__(scene)
        self.stacks: list[list[int]] = []
        self.extras: list[int] = []
        self.placed: dict[int, tuple[int, int]] = {}
        self.held: int | None = None  # the card pressed or dragged
        self.press_at = (0, 0)
        self.dragging = False
        self.grab = (0.0, 0.0)  # held sprite centre minus the mouse
        self.hover: int | None = None  # the pile under the mouse
        self.cursor = 0
        self.confirm = ""  # a button waiting for its second press
        self.confirm_t = 0.0
        self.banner = ""  # the end of the game, in big letters
        self.sparkle = 0.0
        self.card_w = 60
        self.anchors: list[tuple[float, float]] = []
        self.room: list[float] = []
        self.extra_pos: list[tuple[float, float]] = []
        self.legal: set[str] = set()
        self.reasons: dict[tuple[int, int], str | None] = {}

    # ----- the piles, read from the view ---------------------------------------------
    def pile_codes(self) -> list[list[str]]:
        return []

    def extra_codes(self) -> list[str]:
        return []

    def refresh(self) -> None:
        self.stacks = [[card(c) if c != HIDDEN else hidden_key(i, p) for p, c in enumerate(pile)]
                       for i, pile in enumerate(self.pile_codes())]
        self.extras = [card(c) for c in self.extra_codes()]
        self.scene.table = [k for s in self.stacks for k in s if k >= 0] + self.extras
        self.legal = set(self.scene.game.legal_moves())
        self.reasons: dict[tuple[int, int], str | None] = {}

    def where(self) -> dict[int, tuple[int, int]]:
        """Sprite key -> (pile, position from the bottom); the side cards are pile -1."""
        out = {k: (i, p) for i, s in enumerate(self.stacks) for p, k in enumerate(s)}
        out.update({k: (-1, j) for j, k in enumerate(self.extras)})
        return out

    def pile_of(self, k: int) -> int | None:
        i = self.placed.get(k, (None, 0))[0]
        return None if i is None or i < 0 else i

    def top(self, i: int) -> int | None:
        s = self.stacks[i] if 0 <= i < len(self.stacks) else []
        return s[-1] if s and s[-1] >= 0 else None

    def accessible(self, k: int) -> bool:
        """Can this card be picked (for a Set or a move)?"""
        return k >= 0 and (k in self.extras or any(s and s[-1] == k for s in self.stacks))

    def move_text(self, k: int, i: int) -> str:
        return f"move {code(k)} > {i + 1}"

    # ----- layout ------------------------------------------------------------------------
    def lay_out(self) -> None:
        """Set ``card_w``, ``anchors`` (centre of each pile's first card), ``room`` and ``extra_pos``."""

    def resized(self) -> None:
        """The window changed size (the scene laid out its frame and buttons): lay the piles out again."""
        self.lay_out()
        self.place(animate=False)

    def art(self, n: int | None = None):
        s = self.scene.app.settings
        return art_for(self.card_w, str(s.get("palette", "standard")), bool(s.get("colour_cue", False)))

    @property
    def card_h(self) -> int:
        return self.art().h

    def fan_step(self, i: int) -> float:
        """The widest gap between two cards of pile ``i``."""
        return self.card_h * 0.48

    def fan_key(self) -> tuple:
        """What ``fan_step`` depends on besides the card size (a peeked pile)."""
        return ()

    def steps(self) -> list[float]:
        """The gap between cards of each pile (cached: drawing asks for it many times a frame)."""
        key = (tuple(map(len, self.stacks)), tuple(self.room), self.card_w, self.fan_key())
        if self._steps_key != key:
            self._steps_key, self._steps = key, self.compute_steps()
        return self._steps

    def compute_steps(self) -> list[float]:
        out = []
        for i, s in enumerate(self.stacks):
            n = len(s)
            room = self.room[i] if i < len(self.room) else 0.0
            # room for one more card below; up to FAN_FIXED cards the gap stays put (nothing slides)
            out.append(min(self.fan_step(i), room / max(n, self.FAN_FIXED)) if n > 1 else 0.0)
        return out

    def slots(self) -> dict[int, tuple[float, float]]:
        if not self.anchors:
            return {}
        out = {}
        for i, (s, step) in enumerate(zip(self.stacks, self.steps())):
            x, y = self.anchors[i]
            for p, k in enumerate(s):
                out[k] = (x, y + p * step)
        for k, pos in zip(self.extras, self.extra_pos):
            out[k] = pos
        return out

    def place(self, animate: bool = True) -> None:
        slots = self.slots()
        for k, pos in slots.items():
            s = self.scene.sprites.get(k) if hasattr(self.scene, "sprites") else None
            if s is None or (k == self.held and self.dragging):
                continue
            if s.move is None and abs(s.pos[0] - pos[0]) + abs(s.pos[1] - pos[1]) < 0.5:
                s.pos = s.prev = pos  # already there (a tween may end a hair off): nothing to redraw
            elif animate:
                s.slide_to(pos)
            else:
                s.pos = s.prev = pos
                s.move = None

    def pile_rect(self, i: int) -> pygame.Rect:
        """The area of pile ``i``: its first card down to the end of its room."""
        w, h = self.card_w, self.card_h
        x, y = self.anchors[i]
        r = pygame.Rect(0, 0, w + w // 10, h + self.room[i] + h // 10)
        r.midtop = (round(x), round(y - h / 2 - h // 20))
        return r

    def slot_rect(self, i: int, p: int) -> pygame.Rect:
        """Where a card at position ``p`` of pile ``i`` lies (an empty pile's place is p = 0)."""
        steps = self.steps()
        x, y = self.anchors[i]
        r = pygame.Rect(0, 0, self.card_w, self.card_h)
        step = steps[i] if len(self.stacks[i]) > 1 else self.fan_step(i)
        r.center = (round(x), round(y + p * step))
        return r

    # ----- sprites ------------------------------------------------------------------------
    def origin(self) -> tuple[float, float]:
        """Where new cards come from (the deck)."""
        return self.scene.frame.deck_pos

    def deal_in(self, delay: float = 0.0, origin=None) -> list[CardSprite]:
        return self.sync(origin=origin, delay=delay, stagger=0.012)

    def sync(self, taker=None, origin=None, delay: float = 0.0, stagger: float = 0.06) -> list[CardSprite]:
        """Bring the sprites to the piles: turned cards flip in place, gone ones fly to ``taker``,
        new ones come from ``origin``."""
        where = self.where()
        gone = [k for k in self.scene.sprites if k not in where]
        missing = [k for k in where if k not in self.scene.sprites]
        by_place = {self.placed[g]: g for g in gone if g in self.placed}
        for k in list(missing):
            g = by_place.get(where[k])
            if g is None or (g < 0) == (k < 0):
                continue
            s = self.scene.sprites.pop(g)
            gone.remove(g)
            missing.remove(k)
            if k >= 0:
                s.card = k
            s.flip = Tween(s.face, 1.0 if k >= 0 else 0.0, FLIP, in_out_cubic, 0.12)
            self.scene.sprites[k] = s
        for g in gone:
            s = self.scene.sprites.pop(g)
            s.fly_to(taker or (self.scene.frame.side.centerx, self.scene.frame.top.bottom))
            self.scene.leaving.append(s)
        slots = self.slots()
        new = []
        start = origin or self.origin()
        for n, k in enumerate(missing):
            s = CardSprite(k, start, face_up=False)
            s.deal_from(start, slots[k], delay + stagger * n)
            if k < 0:
                s.flip = None
            self.scene.sprites[k] = s
            new.append(s)
        if new and not taker:
            self.scene.app.sound("deal")
        self.placed = where
        self.scene.selected = [c for c in self.scene.selected if c in where and self.accessible(c)]
        for s in self.scene.sprites.values():
            s.selected = s.card in self.scene.selected and s.card >= 0
        self.place(animate=True)
        return new

    # ----- picking -------------------------------------------------------------------------
    def key_at(self, pos) -> int | None:
        """The topmost card under ``pos``."""
        art = self.art()
        for k in reversed(self.draw_order()):
            if self.scene.sprites[k].rect(art).collidepoint(pos):
                return k
        return None

    def pile_at(self, pos) -> int | None:
        for i in range(len(self.stacks)):
            if self.pile_rect(i).collidepoint(pos):
                return i
        return None

    def lit(self) -> list[int]:
        """The piles the held or selected card may move to."""
        k = self.moving_card()
        if k is None:
            return []
        return [i for i in range(len(self.stacks)) if self.move_text(k, i) in self.legal]

    def moving_card(self) -> int | None:
        if self.held is not None and self.dragging:
            return self.held
        return self.scene.selected[0] if len(self.scene.selected) == 1 else None

    def reason(self, k: int, i: int) -> str | None:
        """Why card ``k`` cannot go to pile ``i`` (None when it can), in the engine's words."""
        key = (k, i)
        if key not in self.reasons:
            text = self.move_text(k, i)
            why = None
            if text not in self.legal:
                try:  # a move missing from legal_moves() is refused, and a refusal changes nothing
                    self.scene.game.play(text)
                    why = "allowed"  # never: legal_moves() lists every legal move
                except IllegalMove as err:
                    why = in_words(str(err))
            self.reasons[key] = why
        return self.reasons[key]

    def select(self, k: int) -> None:
        """Select or unselect an accessible card; a third selected card tries the Set."""
        if k in self.scene.selected:
            self.scene.selected.remove(k)
        else:
            self.scene.selected.append(k)
            self.scene.app.sound("select")
        for s in self.scene.sprites.values():
            s.selected = s.card in self.scene.selected and s.card >= 0
        if len(self.scene.selected) == 3:
            self.form_set()

    def form_set(self) -> None:
        if len(self.scene.selected) != 3:
            self.scene.toast.show("Select three cards for a Set", theme.INFO, 2.0)
            return
        cards, self.scene.selected = self.scene.selected, []
        for s in self.scene.sprites.values():
            s.selected = False
        if not is_set(*cards):
            self.scene.shake(cards)
            return
        if self.scene.play(f"set {' '.join(code(c) for c in cards)}") is None:
            self.scene.shake(cards, why="")

    def try_move(self, k: int, i: int) -> None:
        why = self.reason(k, i)
        self.scene.selected = []
        for s in self.scene.sprites.values():
            s.selected = False
        if why:
            self.scene.shake([k], why="")
            self.scene.toast.show(why, theme.BAD)
            self.place(animate=True)
            return
        self.scene.play(self.move_text(k, i))

    # ----- moves ---------------------------------------------------------------------------
    def refused(self) -> None:
        """A move was refused: the toast says why, with card codes in words."""
        if self.scene.toast.visible:
            self.scene.toast.s = in_words(self.scene.toast.s)

    def undo(self) -> None:
        self.take_back("undo", "Move taken back")

    def redo(self) -> None:
        self.take_back("redo", "Move played again")

    def take_back(self, verb: str, news: str) -> None:
        """Undo or redo a move (``verb``); a refusal is said in the toast."""
        if self.scene.locked:
            return
        try:
            self.scene.link.act_quietly(0, verb)
        except IllegalMove as err:
            self.scene.toast.show(f"No {verb}: {in_words(str(err))}", theme.BAD)
            return
        self.after_turn(news)

    def after_turn(self, news: str) -> None:
        self.scene.refresh()
        self.scene.app.journal(self.scene.mode, self.scene.session)
        self.scene.toast.show(news, theme.INFO, 1.5)
        self.clear()
        self.sync(origin=self.taker())
        if self.scene.game.over and self.scene.ending < 0:
            self.scene.ending = 1.3

    def taker(self) -> tuple[float, float]:
        """Where removed cards go (and come back from on an undo)."""
        return self.scene.frame.side.centerx, self.scene.frame.side.top + self.scene.frame.unit * 3

    # ----- time and drawing -------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.banner and self.scene.game.won and self.scene.ending > 0.6:  # fireworks until the results
            self.sparkle -= dt
            if self.sparkle <= 0:
                self.sparkle = 0.45
                b, k = self.scene.frame.board, self.scene.effects.seed
                x, y = 0.15 + 0.7 * ((k * 0.37) % 1), 0.2 + 0.4 * ((k * 0.61) % 1)
                self.scene.burst((b.left + b.w * x, b.top + b.h * y))
        if self.confirm:
            self.confirm_t -= dt
            if self.confirm_t <= 0:
                self.confirm = ""
