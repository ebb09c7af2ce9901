"""How the 20/20 SET scene shows itself: card sprites in their places with their keys, the seat
boxes, P1's label, the deck and discard piles, the side panel, the box between hands, the results.

``TwentyView`` is a part a ``TwentyScene`` holds; its ``draw`` reads the scene's state and never
changes it.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.cards import plural
from sprites import theme
from sprites.card import CardSprite
from sprites.cardart import art_for
from sprites.hud import ring, shorten

from .classic import CALL_KEY_NAMES, PLAYER_COLORS
from .link import DEMO_HINT
from .twenty_layout import MAX_HAND, TABLE_KEYS, hand_keys

BOX_UNITS = 12.5  # the box between hands is this many units high, and 1.6 more per other player
SHADOW = 0.8  # units its shadow adds round it


def interlude_box(layout: Any, board: pygame.Rect, n_left: int) -> tuple[pygame.Rect, float]:
    """Where the box between hands goes, and the unit its text is drawn in.

    It lies over the table and the deck and discard piles, their labels covered whole, and leaves alone the
    label of the cards below and the names at the top of the seat boxes above: it rises over the other
    players' cards only as far as it must, and where even that is too low its text is drawn smaller."""
    u = layout.unit
    need = (BOX_UNITS + 1.6 * n_left) * u
    bottom = layout.hand_label.top - u * (SHADOW / 2 + 0.2)
    top = layout.table_top - u * 0.4
    if bottom - top < need and layout.boxes:
        highest = min(b.top for b in layout.boxes.values()) + u * (2.0 + SHADOW / 2)  # under the names
        top = max(highest, min(top, bottom - need))
    k = min(1.0, (bottom - top) / need)
    pile = max(layout.big_w / 2, u * 3.6) + u * 0.6  # a pile and its label ("discard 12")
    half = max(u * 17 * k, layout.discard_pos[0] + pile - board.centerx, board.centerx - layout.deck_pos[0] + pile)
    half = min(half, board.w / 2 - u * SHADOW / 2)
    return pygame.Rect(round(board.centerx - half), round(top), round(half * 2), round(bottom - top)), u * k


def fitted(surface: pygame.Surface, s: str, size: float, pos, colour, width: float) -> None:
    """One centred line of text, drawn smaller if it would be wider than ``width``."""
    size = round(size)
    while size > 8 and theme.text_size(s, size, True)[0] > width:
        size -= 1
    theme.blit_text(surface, s, size, pos, colour, True, "center")


def interlude_footer(scene: Any) -> str:
    """The box's last line: who deals next and how to go on; in a demo, which asks nothing, when the next
    hand comes ("Next hand in 3…") or its results."""
    info = scene.interlude
    dealer = scene.seat_name(info["dealer"])
    nxt = "Game over" if info["over"] else f"Next hand: {dealer} deal{'' if dealer == 'You' else 's'}"
    if not scene.demo:
        return f"{nxt} · Space or click to go on"
    left = info["t"] if info["over"] else min(info["t"], scene.session.view()["hold"])
    ends = scene.demo_ends_at() - scene.clock
    if info["over"] or ends <= left:
        return f"Results in {max(1, math.ceil(min(left, ends) - 1e-6))}…"
    return f"Next hand in {max(1, math.ceil(left - 1e-6))}… · {dealer} deal{'' if dealer == 'You' else 's'}"


def draw_interlude(surface: pygame.Surface, layout: Any, board: pygame.Rect, info: dict[str, Any],
                   name, colors, footer: str) -> None:
    """The box between hands (``interlude_box``): who won the hand, the cards left in the others' hands, the
    totals, and ``footer``."""
    box, u = interlude_box(layout, board, len(info["left"]))
    theme.panel(surface, box.inflate(layout.unit * SHADOW, layout.unit * SHADOW), round(u * 1.2), (0, 0, 0, 90),
                (0, 0, 0, 0))
    pygame.draw.rect(surface, (22, 36, 60), box, border_radius=round(u))
    pygame.draw.rect(surface, colors[int(info["player"][1:]) - 1], box, width=3, border_radius=round(u))
    width = box.w - u * 2
    x = box.centerx
    top = box.top + (box.h - (BOX_UNITS + 1.6 * len(info["left"])) * u) / 2  # the text in the middle
    y = top + u * 2.2
    fitted(surface, f"HAND {info['hand']}", u * 0.9, (x, y - u * 1.0), theme.MUTED, width)
    fitted(surface, f"{name(info['player'])} {'win' if name(info['player']) == 'You' else 'wins'} the hand!",
           u * 2.0, (x, y + u * 0.8), theme.ACCENT, width)
    fitted(surface, f"+{plural(info['gain'], 'point')}", u * 2.6, (x, y + u * 3.4), theme.GOOD, width)
    y += u * 5.6
    for p, n in info["left"]:
        fitted(surface, f"{name(p)}: {plural(n, 'card')} left", u * 1.1, (x, y), theme.INK, width)
        y += u * 1.6
    totals = "   ".join(f"{name(p)} {s}" for p, s in info["scores"].items())
    fitted(surface, f"{totals}   (to {info['target']})", u * 1.1, (x, y + u * 0.4), theme.MUTED, width)
    fitted(surface, footer, u * 0.95, (x, y + u * 3.3), theme.DIM, width)


class TwentyView:
    """The showing part of a ``TwentyScene``: card sizes, sprite places and keys, the drawing.

    Held by the scene (``scene.view``); ``draw`` reads the scene's state and never changes it.
    """

    def __init__(self, scene: Any) -> None:
        self.scene = scene

    def footer(self) -> str | None:
        """The last line of the box between hands (None without one)."""
        return interlude_footer(self.scene) if self.scene.interlude is not None else None

    def art(self, n: int | None = None):
        s = self.scene.app.settings
        return art_for(self.scene.layout.big_w, str(s.get("palette", "standard")), bool(s.get("colour_cue", False)))

    def small_art(self):
        s = self.scene.app.settings
        return art_for(self.scene.layout.small_w, str(s.get("palette", "standard")), bool(s.get("colour_cue", False)))

    def art_of(self, s: CardSprite):
        return self.small_art() if s in self.scene.small else self.art()

    def slots(self) -> dict[int, tuple[float, float]]:
        lay = self.scene.layout
        out = {c: lay.table_pos(i) for i, c in enumerate(self.scene.disp_table) if c is not None}
        for p, hand in self.scene.disp_hands.items():
            pos = lay.hand_slots(len(hand)) if p == "P1" else lay.seat_slots(p, len(hand))
            out.update(zip(hand, pos))
        return out

    def key_owner(self) -> str:
        return self.scene.caller or (self.scene.humans[0] if self.scene.humans else "P1")

    def place(self, animate: bool = True) -> None:
        """Slide every sprite to its place and show the keys: table keys, and the picker's hand keys."""
        slots = self.slots()
        keys = hand_keys(self.scene.card_keys)
        sc = self.scene
        shown = {c: sc.card_keys[i] for i, c in enumerate(sc.disp_table) if c is not None and i < TABLE_KEYS}
        shown.update(zip(self.scene.disp_hands.get(self.key_owner(), []), keys))
        for c, s in self.scene.sprites.items():
            s.key = shown.get(c, "") if not (self.scene.demo or self.scene.replaying) else ""
            if c not in slots:
                continue
            if animate:
                s.slide_to(slots[c])
            else:
                s.pos = s.prev = slots[c]
                s.move = None

    def deal_in(self, delay: float = 0.0, origin=None, step: float = 0.07) -> list[CardSprite]:
        """Sprites for shown cards without one, dealt from the deck: the hands from the dealer round, then the table."""
        slots = self.slots()
        players = self.scene.game.players
        start = players.index(self.scene.v["dealer"]) if self.scene.v.get("dealer") in players else 0
        hands = self.scene.disp_hands
        order = [c for i in range(len(players)) for c in hands.get(players[(start + i) % len(players)], [])]
        order += [c for c in self.scene.disp_table if c is not None]
        mine = set(self.scene.disp_hands.get("P1", [])) | {c for c in self.scene.disp_table if c is not None}
        new = []
        for c in order:
            if c not in self.scene.sprites:
                start = origin or self.scene.layout.deck_pos
                s = self.scene.board.deal_card(c, slots[c], start, delay + step * len(new))
                if c not in mine:
                    self.scene.small.add(s)
                new.append(s)
        if new:
            self.scene.app.sound("deal")
        self.place(animate=True)
        return new

    def sync(self, taker: tuple[float, float] | None = None, delay: float = 0.15) -> None:
        """Bring the sprites to the shown cards: gone cards fly to ``taker`` (the discard pile), new ones are dealt."""
        shown = set(self.slots())
        for c in [c for c in self.scene.sprites if c not in shown]:
            s = self.scene.sprites.pop(c)
            s.fly_to(taker or self.scene.layout.discard_pos)
            self.scene.leaving.append(s)
        self.scene.selected = [c for c in self.scene.selected if c in shown]
        for s in self.scene.sprites.values():
            s.selected = s.card in self.scene.selected
        self.deal_in(delay)

    # ----- results ---------------------------------------------------------------------
    def seat_pos(self, p: str) -> tuple[float, float]:
        lay = self.scene.layout
        if p == "P1":
            return lay.hand_label.right - lay.unit * 8, lay.hand_label.centery
        box = lay.boxes[p]
        return box.centerx, box.top + lay.unit * 1.1

    def seat_area(self, p: str) -> pygame.Rect:
        """Where ``p``'s floating texts rise, never out of it: their seat box; P1's label and cards."""
        lay = self.scene.layout
        if p == "P1":
            return lay.hand_label.union(lay.hand_area)
        return lay.boxes[p]

    def seat_state(self, p: str) -> str:
        if self.scene.interlude is not None:
            return "wins the hand!" if p == self.scene.interlude["player"] else ""
        if p in self.scene.said:
            return self.scene.said[p][0]
        if self.scene.caller == p:
            return "picking…"
        if p in self.scene.bots:
            return "" if self.scene.game.over else "thinking…"
        if len(self.scene.humans) > 1:
            return f"call: {CALL_KEY_NAMES[self.scene.humans.index(p)]}"
        return ""

    def draw(self, surface: pygame.Surface) -> None:
        theme.paint_background(surface)
        self.scene.draw_top(surface)
        for p in self.scene.game.players[1:]:
            self.draw_seat(surface, p)
        self.draw_own_label(surface)
        for s in sorted(self.scene.sprites.values(), key=lambda s: s.busy):
            s.draw(surface, self.art_of(s), self.scene.alpha)
        for s in self.scene.leaving:
            s.draw(surface, self.art_of(s), self.scene.alpha)
        self.draw_side(surface, self.scene.frame.side)
        for b in self.scene.side_buttons + self.scene.top_buttons:
            b.draw(surface)
        self.scene.effects.draw(surface)
        if self.scene.interlude is not None:
            sc = self.scene
            draw_interlude(surface, sc.layout, sc.frame.board, sc.interlude, sc.seat_name, PLAYER_COLORS,
                           interlude_footer(sc))
        self.scene.hud.draw_toast(surface, self.scene.frame, 1.1)

    def draw_deck(self, surface: pygame.Surface, n: int) -> None:
        """The deck left of the table, the discard pile right of it, with their counts."""
        lay, u, art = self.scene.layout, self.scene.frame.unit, self.art()
        for pos, count, label in ((lay.deck_pos, n, "deck"), (lay.discard_pos, self.scene.v["discard"], "discard")):
            x, y = pos
            r = pygame.Rect((0, 0), art.size)
            r.center = (round(x), round(y))
            pygame.draw.rect(surface, (52, 70, 100), r, width=2, border_radius=art.radius)
            for k in range(min(4, (count + 9) // 10)):
                if label == "discard" and self.scene.discard_top is not None and k == min(4, (count + 9) // 10) - 1:
                    img = art.face(self.scene.discard_top)
                else:
                    img = art.back()
                surface.blit(img, img.get_rect(center=(round(x - k * 2), round(y - k * 2))))
            theme.blit_text(surface, f"{label} {count}", round(u * 0.95), (x, r.bottom + u * 0.5), theme.MUTED, True,
                            "midtop")

    def draw_seat(self, surface: pygame.Surface, p: str) -> None:
        box, u = self.scene.layout.boxes[p], self.scene.frame.unit
        i = int(p[1:]) - 1
        active = self.scene.caller == p or (self.scene.bot_move or "").startswith(p + " ")
        theme.panel(surface, box, round(u * 0.6), (255, 255, 255, 30 if active else 14),
                    PLAYER_COLORS[i] if active else (255, 255, 255, 30))
        y = box.top + u * 1.1
        pygame.draw.circle(surface, PLAYER_COLORS[i], (box.left + u * 1.0, y), round(u * 0.4))
        score = theme.blit_text(surface, plural(self.scene.v["scores"][p], "pt"), round(u * 1.05),
                                (box.right - u * 0.8, y), theme.INK, True, "midright")
        state = self.seat_state(p)
        color = theme.ACCENT if p in self.scene.said or self.scene.caller == p else theme.MUTED
        said = theme.blit_text(surface, state, round(u * 0.85), (score.left - u * 0.8, y), color, True, "midright")
        left = box.left + u * 1.7  # the name in the room the state and the score leave (cut short in a narrow box)
        room = (said.left if state else score.left) - u * 0.6 - left
        words = self.scene.seat_name(p)
        if theme.text_size(words, round(u * 1.05), True)[0] > room:
            words = shorten(words, round(u * 1.05), round(room))
        name = theme.blit_text(surface, words, round(u * 1.05), (left, y), theme.INK, True, "midleft")
        fits = name.right + u * 0.5 + theme.text_size("dealer", round(u * 0.75), True)[0] <= left + room
        if self.scene.v["dealer"] == p and self.scene.interlude is None and fits:
            theme.blit_text(surface, "dealer", round(u * 0.75), (name.right + u * 0.5, y), theme.DIM, True, "midleft")
        if self.scene.caller == p:
            ring(surface, (round(box.right - u * 1.3), round(box.bottom - u * 1.3)), round(u * 0.9),
                 self.scene.call_left / self.scene.call_time, theme.ACCENT, max(3, round(u * 0.25)))

    def draw_own_label(self, surface: pygame.Surface) -> None:
        r, u = self.scene.layout.hand_label, self.scene.frame.unit
        n = len(self.scene.disp_hands.get("P1", []))
        name = self.scene.seat_name("P1")
        y = r.centery
        pygame.draw.circle(surface, PLAYER_COLORS[0], (r.left + u * 1.0, y), round(u * 0.4))
        head = "YOUR CARDS" if name == "You" else f"{name.upper()}'S CARDS"
        t = theme.blit_text(surface, f"{head} · {n} of {MAX_HAND}", round(u * 0.95), (r.left + u * 1.7, y),
                            theme.INK, True, "midleft")
        state = self.seat_state("P1")
        if state:
            theme.blit_text(surface, state, round(u * 0.95), (t.right + u * 0.8, y),
                            theme.ACCENT if "P1" in self.scene.said or self.scene.caller == "P1" else theme.MUTED, True,
                            "midleft")
        theme.blit_text(surface, plural(self.scene.v["scores"]["P1"], "pt"), round(u * 1.05), (r.right - u * 0.8, y),
                        theme.INK,
                        True, "midright")
        if self.scene.caller == "P1":
            ring(surface, (round(r.right - u * 5.5), round(y)), round(u * 0.8),
                 self.scene.call_left / self.scene.call_time,
                 theme.ACCENT, max(3, round(u * 0.25)))

    def draw_side(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        theme.panel(surface, rect)
        u, v = self.scene.frame.unit, self.scene.v
        x = rect.left + u
        hand = self.scene.interlude["hand"] if self.scene.interlude else v["hand"]
        theme.blit_text(surface, f"HAND {hand} · FIRST TO {v['target']}", round(u * 0.9), (x, rect.top + u),
                        theme.MUTED, True)
        top = rect.top + u * 3.0
        for i, p in enumerate(v["players"]):
            cy = top + i * u * 2.6
            row = pygame.Rect(rect.left + u * 0.6, cy - u * 1.1, rect.w - u * 1.2, u * 2.2)
            active = self.scene.caller == p
            theme.panel(surface, row, round(u * 0.5), (255, 255, 255, 34 if active else 12),
                        PLAYER_COLORS[i] if active else (0, 0, 0, 0))
            pygame.draw.circle(surface, PLAYER_COLORS[i], (row.left + u * 0.9, cy), round(u * 0.35))
            theme.blit_text(surface, self.scene.seat_name(p), round(u * 1.0), (row.left + u * 1.7, cy), theme.INK, True,
                            "midleft")
            held = len(self.scene.disp_hands.get(p, []))
            theme.blit_text(surface, plural(held, "card"), round(u * 0.85),
                            (row.right - u * 3.6, cy), theme.MUTED, True, "midright")
            theme.blit_text(surface, str(v["scores"][p]), round(u * 1.5), (row.right - u * 0.7, cy), theme.INK, True,
                            "midright")
        y = top + len(v["players"]) * u * 2.6
        theme.blit_text(surface, f"dealer {self.scene.seat_name(v['dealer'])} · reshuffles {v['reshuffles']}",
                        round(u * 0.85), (x, y), theme.DIM, True)
        if self.scene.caller is not None:
            theme.blit_text(surface, f"{self.scene.seat_name(self.scene.caller)}: pick three cards!", round(u * 1.05),
                            (rect.centerx, y + u * 2.0), theme.ACCENT, True, "center")
            theme.blit_text(surface, f"{max(0.0, self.scene.call_left):.0f} s", round(u * 1.6),
                            (rect.centerx, y + u * 3.7), theme.ACCENT, True, "center")
        elif self.scene.demo:
            theme.blit_text(surface, DEMO_HINT, round(u * 0.85), (rect.centerx, y + u * 2.0), theme.MUTED, True,
                            "center")
        elif self.scene.humans and not self.scene.locked:
            hint = "Click a card or press Space to call" if len(self.scene.humans) == 1 else "Call with your key first"
            theme.blit_text(surface, hint, round(u * 0.85), (rect.centerx, y + u * 2.0), theme.MUTED, True, "center")
        self.draw_history(surface, rect, y + u * 5.2)

    def draw_history(self, surface: pygame.Surface, rect: pygame.Rect, y: float) -> None:
        """The hands played so far, newest first, as far as the panel has room above the buttons."""
        u = self.scene.frame.unit
        results = self.scene.v["results"]
        bottom = min(b.rect.top for b in self.scene.side_buttons) - u * 0.8
        if not results or y + u * 1.4 > bottom:
            return
        theme.blit_text(surface, "HANDS WON", round(u * 0.85), (rect.left + u, y), theme.MUTED, True)
        y += u * 1.6
        for r in reversed(results):
            if y + u * 1.2 > bottom:
                break
            hand, p, pts = r[0], r[1], r[2]
            theme.blit_text(surface, f"{hand}. {self.scene.seat_name(p)}", round(u * 0.9), (rect.left + u, y),
                            PLAYER_COLORS[int(p[1:]) - 1], True)
            theme.blit_text(surface, f"+{pts}", round(u * 0.9), (rect.right - u, y), theme.INK, True, "topright")
            y += u * 1.3
