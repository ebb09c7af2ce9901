"""TableBoard: the open table of a play scene: card sizes, each card's place and key, dealing in and
taking away sprites as the game's table changes, and which card lies under the mouse.

A ``TableScene`` holds one (``scene.board``) and asks it; the sprites are the
scene's (``scene.sprites``, ``scene.leaving``), the table is the scene's
``scene.table`` (card indices in position order).
"""

from __future__ import annotations

from typing import Any

from game.cards import why_not_set
from sprites import theme
from sprites.card import CardSprite
from sprites.cardart import art_for
from sprites.layout import card_key, card_width, rows_for, table_slots


class TableBoard:
    """The open table's layout and sprites."""

    def __init__(self, scene: Any) -> None:
        self.scene = scene

    def art(self, n: int | None = None):
        s = self.scene.app.settings
        n = len(self.scene.table) if n is None else n
        return art_for(card_width(n, self.scene.frame.board), str(s.get("palette", "standard")),
                       bool(s.get("colour_cue", False)))

    def slots(self) -> dict[int, tuple[float, float]]:
        table = self.scene.table
        art = self.art(len(table))
        return dict(zip(table, table_slots(len(table), self.scene.frame.board, art.w)))

    def place(self, animate: bool = True) -> None:
        """Move every table sprite to its slot (snap when not animating) and set its key."""
        table = self.scene.table
        slots = self.slots()
        rows = rows_for(len(table))
        for i, c in enumerate(table):
            s = self.scene.sprites.get(c)
            if s is None:
                continue
            s.key = card_key(i, self.scene.card_keys, rows)
            if animate:
                s.slide_to(slots[c])
            else:
                s.pos = s.prev = slots[c]
                s.move = None

    def deal_in(self, delay: float = 0.0, origin=None) -> list[CardSprite]:
        """Give a sprite to every table card without one, dealt from the deck; slide the rest."""
        slots = self.slots()
        new = []
        for c in self.scene.table:
            if c not in self.scene.sprites:
                s = CardSprite(c, slots[c], face_up=False)
                s.deal_from(origin or self.scene.frame.deck_pos, slots[c], delay + 0.07 * len(new))
                self.scene.sprites[c] = s
                new.append(s)
        if new:
            self.scene.app.sound("deal")
        self.place(animate=True)
        return new

    def sync(self, taker: tuple[float, float] | None = None) -> None:
        """Bring the sprites to the game's table: gone cards fly to ``taker``, new ones are dealt."""
        table = set(self.scene.table)
        for c in [c for c in self.scene.sprites if c not in table]:
            s = self.scene.sprites.pop(c)
            s.fly_to(taker or (self.scene.frame.side.centerx, self.scene.frame.top.bottom))
            self.scene.leaving.append(s)
        self.scene.selected = [c for c in self.scene.selected if c in table]
        for s in self.scene.sprites.values():
            s.selected = s.card in self.scene.selected
        self.deal_in(0.15 if self.scene.leaving else 0.0)

    def card_at(self, pos: tuple[int, int]) -> int | None:
        art = self.art()
        for i, c in enumerate(self.scene.table):
            s = self.scene.sprites.get(c)
            if s is not None and s.rect(art).collidepoint(pos):
                return i
        return None


    def pick(self, i: int) -> None:
        """Select or unselect the i-th table card; three selected cards go to the scene's ``submit``."""
        sc = self.scene
        c = sc.table[i]
        if c in sc.selected:
            sc.selected.remove(c)
        else:
            sc.selected.append(c)
            sc.app.sound("select")
        for s in sc.sprites.values():
            s.selected = s.card in sc.selected
        if len(sc.selected) == 3:
            cards, sc.selected = sc.selected, []
            sc.submit(cards)
            for s in sc.sprites.values():
                s.selected = False

    def shake(self, cards: list[int], why: str | None = None) -> None:
        """Shake refused cards and say why (None: why they are not a Set; "": say nothing)."""
        sc = self.scene
        for c in cards:
            if c in sc.sprites:
                sc.sprites[c].shake()
        sc.app.sound("wrong")
        if why is None and len(cards) == 3:
            why = why_not_set(*cards)
        if why:
            sc.toast.show(f"Not a Set — {why}", theme.BAD)

    def set_center(self, cards) -> tuple[float, float]:
        """The middle of some cards on the board (where a Set's points float up)."""
        sc = self.scene
        pts = [sc.sprites[c].pos for c in cards if c in sc.sprites] or [sc.frame.board.center]
        return sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)
