"""Memory's table (RULES.md §7): the cards lie face down; a click turns one up, three turned are judged.

Classic's scene plays Memory with this board.  The view hides the faces
(``"??"``); the board lays out the window's own engine's table, whose faces
it knows, and shows each card's back until it is turned.  The third card
turned shows the three for ``SHOW`` seconds: a Set then flies to its taker,
anything else turns back face down.  A click (or a card key) on a face-down
card turns it: the first one is also the call.
"""

from __future__ import annotations

from typing import Any

from game.cards import card, code
from game.move import Move
from game.variants.deck import is_hidden
from sprites import theme
from sprites.card import FLIP, CardSprite
from sprites.tween import Tween, in_out_cubic

from .board import TableBoard

SHOW = 1.1  # seconds three turned cards stay face up before they turn back (or a Set flies)


class MemoryBoard(TableBoard):
    """The face-down table: cards turn up one by one and back again."""

    def __init__(self, scene: Any) -> None:
        super().__init__(scene)
        self.showing: list[int] = []  # the last three turned, face up until ``show_left`` runs out
        self.show_left = 0.0

    def refresh(self) -> None:
        sc = self.scene
        before = list(getattr(sc, "table", []))
        sc.table = sc.game.table_places() or list(sc.game.table)  # the faces: this window's engine dealt them
        # (the view hides them), in their places on the screen
        sprites = getattr(sc, "sprites", {})
        for old, new in zip(before, sc.table):  # online: a card turned up was a face unknown till now
            if is_hidden(old) and old != new and old in sprites and new not in sprites:
                sprites[new] = sprites.pop(old)
                sprites[new].card = new
        if hasattr(sc, "sprites"):
            self.turn()

    def deal_card(self, c: int, slot, origin, delay: float) -> CardSprite:
        s = super().deal_card(c, slot, origin, delay)
        s.flip = None  # dealt face down, and stays so
        return s

    def pick(self, i: int) -> None:
        """Turn up the i-th card (a card already up: say so)."""
        sc = self.scene
        c = sc.table[i]
        if not is_hidden(c) and code(c) in sc.v.get("up", []):
            sc.toast.show("That card is already face up: turn another", theme.INFO)
            return
        self.showing, self.show_left = [], 0.0  # a new turn: the last three go back at once
        if is_hidden(c):  # online, a face nobody has seen: the server is told its place on the table
            sc.play(f"{sc.verb} #{i}")
        else:
            sc.submit([c])

    def flipped(self, m: Move, at: tuple[float, float]) -> None:
        """A card was turned up; the third one shows the three, takes a Set or turns them back."""
        sc = self.scene
        shown = sc.v.get("shown")
        if sc.v.get("up") or not shown:
            sc.app.sound("select")
            sc.sync()
            return
        self.showing, self.show_left = [card(c) for c in shown["cards"]], SHOW
        self.turn()
        if shown["set"]:
            sc.float_text("+1", at, theme.GOOD)
            sc.app.sound("set")
            self.leave_delay = SHOW * 0.7
            sc.sync(taker=at)
            self.leave_delay = 0.0
        else:
            sc.app.sound("wrong")
            sc.toast.show("Not a Set: the three turn back", theme.BAD)
            sc.sync()

    def update(self, dt: float) -> None:
        if self.show_left > 0:
            self.show_left -= dt
            if self.show_left <= 0:
                self.showing = []
                self.turn()

    def sync(self, taker: tuple[float, float] | None = None) -> None:
        super().sync(taker)
        self.turn()

    def turn(self) -> None:
        """Start each card's flip toward the face it should show: up if turned or showing, else down."""
        sc = self.scene
        up = {card(c) for c in sc.v.get("up", [])}
        for c, s in sc.sprites.items():
            face = 1.0 if c in up or c in self.showing else 0.0
            s.selected = c in up
            if (s.flip.end if s.flip else s.face) != face:  # not already turning to it
                s.flip = Tween(s.face, face, FLIP, in_out_cubic)
