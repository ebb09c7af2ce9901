"""How the 20/20 SET scene shows itself: card sprites in their places with their keys, the seat
boxes, P1's label, the deck and discard piles, the side panel, the box between hands, the results.

``TwentyView`` is a part a ``TwentyScene`` holds; its ``draw`` reads the scene's state and never
changes it.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.cards import plural
from sprites import theme
from sprites.card import CardSprite
from sprites.cardart import art_for
from sprites.hud import ring

from .classic import CALL_KEY_NAMES, PLAYER_COLORS
from .twenty_layout import MAX_HAND, TABLE_KEYS, hand_keys


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
    pts = info["gain"]
    theme.blit_text(surface, f"+{plural(pts, 'point')}", round(u * 2.6), (x, y + u * 3.4), theme.GOOD,
                    True, "center")
    y += u * 5.6
    for p, n in info["left"]:
        theme.blit_text(surface, f"{name(p)}: {plural(n, 'card')} left", round(u * 1.1), (x, y),
                        theme.INK, True, "center")
        y += u * 1.6
    totals = "   ".join(f"{name(p)} {s}" for p, s in info["scores"].items())
    theme.blit_text(surface, f"{totals}   (to {info['target']})", round(u * 1.1), (x, y + u * 0.4), theme.MUTED,
                    True, "center")
    dealer = name(info["dealer"])
    nxt = "Game over" if info["over"] else f"Next hand: {dealer} deal{'' if dealer == 'You' else 's'}"
    theme.blit_text(surface, f"{nxt} · Space or click to go on", round(u * 0.95), (x, box.bottom - u * 1.4),
                    theme.DIM, True, "center")


class TwentyView:
    """The showing part of a ``TwentyScene``: card sizes, sprite places and keys, the drawing.

    Held by the scene (``scene.view``); ``draw`` reads the scene's state and never changes it.
    """

    def __init__(self, scene: Any) -> None:
        self.scene = scene

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
        u = self.scene.frame.unit
        self.scene.effects.draw(surface)
        if self.scene.interlude is not None:
            sc = self.scene
            draw_interlude(surface, sc.frame.board, u, sc.interlude, sc.seat_name, PLAYER_COLORS)
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
        name = theme.blit_text(surface, self.scene.seat_name(p), round(u * 1.05), (box.left + u * 1.7, y), theme.INK,
                               True, "midleft")
        if self.scene.v["dealer"] == p and self.scene.interlude is None:
            theme.blit_text(surface, "dealer", round(u * 0.75), (name.right + u * 0.5, y), theme.DIM, True, "midleft")
        score = theme.blit_text(surface, plural(self.scene.v["scores"][p], "pt"), round(u * 1.05),
                                (box.right - u * 0.8, y), theme.INK, True, "midright")
        state = self.seat_state(p)
        color = theme.ACCENT if p in self.scene.said or self.scene.caller == p else theme.MUTED
        theme.blit_text(surface, state, round(u * 0.85), (score.left - u * 0.8, y), color, True, "midright")
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
