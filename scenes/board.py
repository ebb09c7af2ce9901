"""TableBoard: the open table of a play scene: card sizes, each card's place and key, dealing in and
taking away sprites as the game's table changes, and which card lies under the mouse.

A ``TableScene`` holds one (``scene.board``) and asks it; the sprites are the
scene's (``scene.sprites``, ``scene.leaving``), the table is the scene's
``scene.table`` (card indices in position order).
"""

from __future__ import annotations

from typing import Any

import pygame

from game.cards import card, why_not_set
from sprites import theme
from sprites.card import CardSprite
from sprites.cardart import art_for
from sprites.layout import card_key, card_width, key_index, rows_for, table_slots
from sprites.tween import Tween, in_cubic, out_cubic

from .hud import window_left
from .redraw import merge, one_box


class Board:
    """What every board shares: a back reference to its scene, refused cards shaken, hooks."""

    def __init__(self, scene: Any) -> None:
        self.scene = scene

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

    def toggle(self, c: int) -> bool:
        """Select or unselect card ``c`` (its sprite lit); True when a whole pick is selected (three cards;
        four in UltraSet)."""
        sc = self.scene
        if c in sc.selected:
            sc.selected.remove(c)
        else:
            sc.selected.append(c)
            sc.app.sound("select")
        for s in sc.sprites.values():
            s.selected = s.card in sc.selected
        return len(sc.selected) == sc.game.SIZE

    def show_card(self, c: int, pos: tuple[float, float], hold: float = 1.4) -> None:
        """Show card ``c`` a moment at ``pos``, off the table (UltraSet's card both pairs complete to): it
        grows in, stays ``hold`` seconds and fades."""
        s = CardSprite(c, pos)
        s.scale_tween = Tween(0.3, 1.0, 0.25, out_cubic)
        s.scale = 0.3
        s.fade_tween = Tween(1.0, 0.0, 0.4, in_cubic, hold)
        self.scene.leaving.append(s)

    def deal_card(self, c: int, slot, origin, delay: float) -> CardSprite:
        """A new face-down sprite for card ``c``, dealt from ``origin`` to ``slot`` after ``delay``."""
        s = CardSprite(c, slot, face_up=False)
        s.deal_from(origin, slot, delay)
        self.scene.sprites[c] = s
        return s

    def resized(self) -> None:
        """The window changed size (the scene laid out its frame and buttons)."""

    def update(self, dt: float) -> None:
        """After the scene's update."""

    def refused(self) -> None:
        """A move was refused (the toast says why)."""


class TableBoard(Board):
    """The open table's layout and sprites."""

    leave_delay = 0.0  # seconds taken cards stay in place before they fly (Memory shows its third card)

    def art(self, n: int | None = None):
        s = self.scene.app.settings
        n = len(self.scene.table) if n is None else n
        return art_for(card_width(n, self.scene.frame.board, self.scene.MIN_COLS), str(s.get("palette", "standard")),
                       bool(s.get("colour_cue", False)))

    def slots(self) -> dict[int, tuple[float, float]]:
        table = self.scene.table
        art = self.art(len(table))
        return dict(zip(table, table_slots(len(table), self.scene.frame.board, art.w, self.scene.MIN_COLS)))

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
                new.append(self.deal_card(c, slots[c], origin or self.scene.frame.deck_pos, delay + 0.07 * len(new)))
        if new:
            self.scene.app.sound("deal")
        self.place(animate=True)
        return new

    def sync(self, taker: tuple[float, float] | None = None) -> None:
        """Bring the sprites to the game's table: gone cards fly to ``taker``, new ones are dealt."""
        table = set(self.scene.table)
        for c in [c for c in self.scene.sprites if c not in table]:
            s = self.scene.sprites.pop(c)
            s.fly_to(taker or (self.scene.frame.side.centerx, self.scene.frame.top.bottom), self.leave_delay)
            self.scene.leaving.append(s)
        self.scene.selected = [c for c in self.scene.selected if c in table]
        for s in self.scene.sprites.values():
            s.selected = s.card in self.scene.selected
        self.deal_in(0.15 + self.leave_delay if self.scene.leaving else 0.0)

    def card_at(self, pos: tuple[int, int]) -> int | None:
        art = self.art()
        for i, c in enumerate(self.scene.table):
            s = self.scene.sprites.get(c)
            if s is not None and s.rect(art).collidepoint(pos):
                return i
        return None

    def pick(self, i: int) -> None:
        """Select or unselect the i-th table card; three selected cards go to the scene's ``submit``."""
        self.pick_card(self.scene.table[i])

    def pick_card(self, c: int) -> None:
        """Select or unselect card ``c`` (a table card, or Set-Chain's carried card); a whole pick is
        submitted."""
        sc = self.scene
        if self.toggle(c):
            cards, sc.selected = sc.selected, []
            sc.submit(cards)
            for s in sc.sprites.values():
                s.selected = False

    def refresh(self) -> None:
        """The scene read the game's view: the table's cards, in the order of their places on the screen
        (the game's ``table_places``; else the view's order)."""
        places = self.scene.game.table_places()
        self.scene.table = list(places) if places is not None else [card(c) for c in self.scene.v["table"]]

    # ----- input ---------------------------------------------------------------------------
    def handle_event(self, e: pygame.event.Event) -> bool:
        sc = self.scene
        if window_left(e) and sc.clock_running and not sc.online:  # a room's game goes on without this window
            sc.pause()
            return True
        if e.type == pygame.KEYDOWN:
            return sc.handle_key(e)
        if e.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            for b in sc.side_buttons + sc.top_buttons:
                if b.handle_event(e):
                    return True
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1 and not sc.locked:
            i = sc.card_at(e.pos)
            if i is not None:
                sc.input = "mouse"
                sc.pick(i)
                return True
        return False

    def handle_key(self, e: pygame.event.Event) -> bool:
        sc = self.scene
        if sc.base_key(e):
            return True
        if sc.locked:
            return False
        i = key_index(e.unicode.lower(), len(sc.table), sc.card_keys) if e.unicode else None
        if i is not None:
            sc.input = "key"
            sc.pick(i)
            return True
        return False

    # ----- what to redraw, and drawing ------------------------------------------------------
    def hud_key(self) -> tuple:
        """What, when it changes, makes the whole window be drawn again (the size, the card colours; not
        the card size: every card then has new bounds and is drawn again alone)."""
        sc = self.scene
        return (sc.size, sc.app.settings.get("palette"), sc.app.settings.get("colour_cue"))

    def side_key(self) -> tuple:
        """What the side panel shows that may change between moves (a countdown, a bot's state)."""
        return ()

    def regions(self) -> list[tuple[pygame.Rect, Any]]:
        """(area, what it shows) for parts drawn again alone when what they show changes (a move gives a
        new ``sc.v``: the bars and the side panel are drawn again after it)."""
        sc = self.scene
        f = sc.frame
        return sc.hud.regions(f, f.unit * 14, (sc.clock_label(), id(sc.v), sc.side_key()),
                              (sc.side_key(), id(sc.v)), sc.v.get("deck"), sc.side_buttons + sc.top_buttons)

    def dirty(self, alpha: float) -> list[pygame.Rect] | None:
        """The card areas that change (a card that moves, animates, changes its look, comes or goes:
        where it was and where it is) and the regions whose key changed; None for everything."""
        sc = self.scene
        art = self.art()
        looks, busy = {}, set()
        for s in list(sc.sprites.values()) + sc.leaving:
            k = id(s)
            looks[k] = (s.bounds(art, alpha), s.selected, s.hinted, s.found, s.key)
            if s.busy:
                busy.add(k)
        t = sc.tracker
        rects = t.sprites(looks, busy, sc.app.frames)  # this frame's draw skips cards outside the clip by these
        t.art = art
        t.order = [s for s in sc.sprites.values() if id(s) not in busy] + \
            [s for s in sc.sprites.values() if id(s) in busy] + sc.leaving  # still cards first, as draw sorts
        rects += t.extras(sc.effects.bounds())
        changed = t.regions(sc.hud_key(), sc.regions())
        if changed is None:
            return None
        window = pygame.Rect((0, 0), sc.size)  # (sparks fall out of it: their bounds would make a box look full)
        return one_box(merge([r.clip(window) for r in [r for _n, r, _k, _old in changed] + rects]))

    # ----- drawing ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        sc = self.scene
        # Drawn once per dirty rectangle (clipped): parts outside the clip are skipped, not just clipped.
        clip = surface.get_clip()
        theme.paint_background(surface)
        sc.draw_top(surface)
        t = sc.tracker
        if t.frame == sc.app.frames:  # the bounds, art and order ``dirty`` just worked out for this frame
            known, art, order = t.looks, t.art, t.order
        else:
            known, art, order = {}, self.art(), sorted(sc.sprites.values(), key=lambda s: s.busy) + sc.leaving
        for s in order:
            b = known.get(id(s))
            if b is None:
                s.draw(surface, art, sc.alpha)
            elif clip.colliderect(b[0]):
                s.paint(surface, art, sc.alpha)
        sc.draw_side(surface, sc.frame.side)  # may write in the top bar too (a call's banner)
        for b in sc.side_buttons + sc.top_buttons:
            if clip.colliderect(b.rect.inflate(6, 6)):
                b.draw(surface)
        sc.hud.draw_toast(surface, sc.frame, 1.1)
        sc.effects.draw(surface, clipped=True)

