"""20/20 SET in the window (RULES.md §3): personal cards, a six-card table, calls, penalties, hands.

P1's personal cards lie along the bottom, every other player's (bot or hot
seat) small in a box at the top.  A player calls SET (their call key; for
P1 a click on a card or a card key is the call and the first pick), then
has the call time to pick three cards among their own and the table.  A
wrong pick, or a call whose time runs out, brings a penalty card from the
deck (the timeout is played as a ``draw``, the engine's one-card move).
While a call is open nobody else moves and bots wait.  When a hand is won
the finished hand stays on screen with the points scored until the player
goes on (or a few seconds pass); then the next hand is dealt.
"""

from __future__ import annotations

import weakref
from typing import Any

import pygame

from game.cards import card, code, plural, worth
from game.move import Move
from game.variants.twenty import Twenty
from sprites import theme
from sprites.card import CardSprite
from sprites.hud import Button
from sprites.layout import Frame

from .classic import CALL_KEY_NAMES, CALL_KEYS
from .table import TableScene
from .twenty_layout import MAX_HAND, TABLE_KEYS, TwentyLayout, hand_keys
from .twenty_parts import TwentyView

INTERLUDE = 4.5  # seconds the won hand stays on screen at most (the session holds the next deal as long)
DEAL_STEP = 0.045  # seconds between cards of a fresh deal
DEMO_LEVEL = "bot:expert"  # every seat of a demo: two experts win a hand in 9 of 10 demos (tools/demo_hands.py)
DEMO_END = (60.0, 240.0)  # a demo ends at the first hand won after 1:00, or at 4:00 (a game takes 15-45 min)
DEMO_BREAK = 3.0  # seconds of that won hand's break a demo shows before its results (the deal is held longer)
DRAW_KEYS = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)


class TwentyScene(TableScene):
    mode = Twenty.NAME
    TIMED = True

    # ----- life cycle ------------------------------------------------------------------
    def enter(self, data: dict[str, Any]) -> None:
        self.said: dict[str, list] = {}  # player -> [word, seconds left]
        self.interlude: dict[str, Any] | None = None
        self.discard_top: int | None = None
        self.disp_table: list[int | None] = []
        self.disp_hands: dict[str, list[int]] = {}
        self.small: weakref.WeakSet[CardSprite] = weakref.WeakSet()  # sprites drawn small (others' cards)
        self.old_table: list[int | None] = []
        self.view = TwentyView(self)
        super().enter(data)  # (the mode's first-play pages come under the basics, if those come too)
        for btn in self.side_buttons:
            btn.enabled = bool(self.humans) and not (self.demo or self.replaying)
        self.place(animate=False)
        if any(op == "push" for op, _name, _data in self.app.manager.pending):
            self.sprites.clear()  # a first-play page comes first: deal when it closes

    def seats_for(self, data: dict[str, Any]) -> list[str] | None:
        """P1 is the person at the mouse; in a demo every seat is an expert bot (a casual opponent leaves
        most demos without a hand won in four minutes)."""
        n = int(data.get("options", {}).get("players", 2))
        seats = [s if s == "human" or s.startswith("bot:") else f"bot:{s}" for s in data.get("seats") or []]
        seats = (seats + ["bot:casual"] * n)[:n]
        seats[0] = "human"
        return [DEMO_LEVEL] * n if self.demo else seats

    @property
    def bot_move(self) -> str | None:
        """A bot's pick being shown before it is played."""
        return self.session.pending

    def acting_seat(self) -> int:
        who = self.caller if self.caller in self.humans else self.view.key_owner()
        return int(who[1:]) - 1

    def resume(self) -> None:
        super().resume()
        if not self.sprites:
            self.deal_in(0.2, step=DEAL_STEP)

    def buttons(self) -> list[Button]:
        return [Button("Call SET", lambda: self.call("P1"), "Space", accent=True),
                Button("Draw a card", self.draw_card, "+")]

    # ----- what is shown (by the view) ----------------------------------------------------
    def art(self, n: int | None = None):
        return self.view.art()

    def slots(self) -> dict[int, tuple[float, float]]:
        return self.view.slots()

    def place(self, animate: bool = True) -> None:
        self.view.place(animate)

    def deal_in(self, delay: float = 0.0, origin=None, step: float = 0.07) -> list[CardSprite]:
        return self.view.deal_in(delay, origin, step)

    def sync(self, taker: tuple[float, float] | None = None, delay: float = 0.15) -> None:
        self.view.sync(taker, delay)

    def draw(self, surface: pygame.Surface) -> None:
        self.view.draw(surface)

    def draw_deck(self, surface: pygame.Surface, n: int) -> None:
        self.view.draw_deck(surface, n)

    def draw_side(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        self.view.draw_side(surface, rect)

    def refresh(self) -> None:
        super().refresh()
        if self.interlude is None:
            self.old_table = list(self.disp_table)
            self.show_view()

    def show_view(self) -> None:
        self.disp_table = list(self.table)
        self.disp_hands = {p: [card(c) for c in h] for p, h in self.v["hands"].items()}

    def resize(self, size: tuple[int, int]) -> None:
        self.frame = Frame(size)
        self.layout = TwentyLayout(self.frame, self.game.players)
        super().resize(size)

    # ----- input -----------------------------------------------------------------------
    @property
    def locked(self) -> bool:
        return super().locked or self.bot_move is not None or self.interlude is not None

    def handle_event(self, e: pygame.event.Event) -> bool:
        if self.link.demo_input(e):
            return True
        if self.interlude is not None and e.type == pygame.MOUSEBUTTONDOWN and e.button == 1 \
                and not any(b.rect.collidepoint(e.pos) for b in self.top_buttons):
            self.end_interlude()
            return True
        return super().handle_event(e)

    def handle_key(self, e: pygame.event.Event) -> bool:
        if e.key in (pygame.K_ESCAPE, pygame.K_F1):
            return super().handle_key(e)
        if self.interlude is not None:
            if e.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
                self.end_interlude()
            return True
        if self.locked:
            return False
        if e.key in CALL_KEYS:
            k = CALL_KEYS.index(e.key)
            if k < len(self.humans):
                self.call(self.humans[k])
                return True
        if e.key in DRAW_KEYS or e.unicode == "+":
            self.draw_card()
            return True
        ch = e.unicode.lower() if e.unicode else ""
        if not ch:
            return False
        if ch in self.card_keys[:TABLE_KEYS]:
            i = self.card_keys.index(ch)
            if i < len(self.disp_table) and self.disp_table[i] is not None:
                self.input = "key"
                self.pick(self.disp_table[i])
                return True
        keys = hand_keys(self.card_keys)
        if ch in keys:
            hand = self.disp_hands.get(self.view.key_owner(), [])
            i = keys.index(ch)
            if i < len(hand):
                self.input = "key"
                self.pick(hand[i])
            return True
        return False

    def card_at(self, pos: tuple[int, int]) -> int | None:
        """The card under ``pos`` (a card index, not a place), or None."""
        for c, s in self.sprites.items():
            if s.rect(self.view.art_of(s)).collidepoint(pos):
                return c
        return None

    def call(self, player: str) -> None:
        """``player`` calls SET: they alone may pick for the call time."""
        if self.locked or self.caller is not None or player not in self.humans:
            return
        if self.play("call", int(player[1:]) - 1) is not None:
            self.selected = []
            self.place()

    def end_call(self) -> None:
        self.selected = []
        for s in self.sprites.values():
            s.selected = False
        self.place()

    def pick(self, c: int) -> None:
        """Select or unselect card ``c`` for the caller (a first click or lone player's key is P1's call)."""
        if self.locked or not self.humans:
            return
        if self.caller is None and len(self.humans) > 1 and self.input != "mouse":
            self.toast.show("Call SET first: " + ", ".join(
                f"{p} {CALL_KEY_NAMES[k]}" for k, p in enumerate(self.humans)), theme.INFO)
            return
        who = self.caller or self.humans[0]
        if c not in self.disp_table and c not in self.disp_hands[who]:
            owner = next(p for p, h in self.disp_hands.items() if c in h)
            mine = "your" if self.seat_name(who) == "You" else f"{self.seat_name(who)}'s"
            self.toast.show(f"That is {self.seat_name(owner)}'s card: pick from the table or {mine} own cards",
                            theme.INFO)
            return
        if self.caller is None:
            self.call(who)
        if self.board.toggle(c):
            self.submit(list(self.selected))

    def submit(self, cards: list[int]) -> None:
        seat = self.acting_seat()
        self.end_call()
        self.play(f"set {' '.join(code(c) for c in cards)}", seat)

    def draw_card(self) -> None:
        """The picker (the caller, else P1) asks for one more personal card; the engine refuses at 9."""
        if self.locked or not self.humans:
            return
        who = self.view.key_owner()
        if len(self.v["hands"][who]) >= MAX_HAND:
            name = self.seat_name(who)
            self.toast.show(f"{name} already hold{'' if name == 'You' else 's'} {MAX_HAND} cards, the most allowed: "
                            "no more may be drawn", theme.BAD)
            self.app.sound("wrong")
            return
        if self.caller is not None:
            self.end_call()
        self.play("draw", int(who[1:]) - 1)

    # ----- moves -----------------------------------------------------------------------
    def on_session_event(self, m: Move) -> None:
        who = m.player or "P1"
        if m.verb == "call":
            self.said[who] = ["SET!", 1.0 if who in self.humans else 1.2]
            self.app.sound("select")
            for c in Move.parse(self.session.pending).cards if self.session.pending else ():
                if c in self.sprites:
                    self.sprites[c].hinted = True  # a bot's pick, lit before it is played
            self.place()
        elif m.verb == "lapse":
            self.end_call()
            self.toast.show(f"{self.seat_name(who)}: time is up (no penalty at 9 cards)", theme.BAD)
            self.app.sound("wrong")
        super().on_session_event(m)

    def on_played(self, m: Move) -> None:
        for s in self.sprites.values():
            s.hinted = False
        prev = Move.parse(self.link.prev_event) if self.link.prev_event else None
        if m.verb == "draw" and prev is not None and prev.verb == "call" and prev.player == m.player \
                and m.time - prev.time >= self.call_time - 0.011:
            self.toast.show(f"{self.seat_name(m.player or 'P1')}: time is up — a penalty card", theme.BAD)
        self.end_call()
        last = self.v["last"] or {}
        who = m.player or "P1"
        at = self.view.seat_pos(who)
        if last.get("reshuffled"):
            self.show_reshuffle()
        if m.verb == "set":
            k = worth(*m.cards)
            self.discard_top = max(m.cards)
            self.said[who] = ["SET!", 1.2]
            gone = len(last.get("from_hand", []))
            self.float_text(f"−{plural(gone, 'card')}" if gone else "SET", at, theme.GOOD, self.view.seat_area(who))
            self.app.sound("megaset" if k == 4 else "set")
            if k == 4:
                self.burst(self.set_center(m.cards))
            if last.get("hand_won"):
                self.start_interlude(last["hand_won"], m.cards)
            self.sync(taker=self.layout.discard_pos)
        elif m.verb == "miss":
            self.said[who] = ["wrong!", 1.2]
            self.shake(list(m.cards), None if who in self.humans else "")
            if who not in self.humans:
                self.toast.show(f"{self.seat_name(who)} called a wrong Set", theme.INFO)
            self.float_text("+1 card" if last.get("penalty") else "no penalty at 9", at, theme.BAD,
                            self.view.seat_area(who))
            self.sync(delay=0.45)
        elif m.verb == "draw":
            self.said[who] = ["draws", 1.0]
            self.sync(delay=0.0)
        else:
            self.sync()
        if last.get("table_renewed"):
            self.toast.show("Nobody could move: six new table cards", theme.INFO)
        if self.game.over:
            self.app.sound("win" if self.game.won else "lose")

    def show_reshuffle(self) -> None:
        """The discard pile visibly goes back to the deck."""
        self.discard_top = None
        dx, dy = self.layout.discard_pos
        for k in range(6):
            s = CardSprite(0, (dx - k * 2, dy - k * 2), face_up=False)
            s.fly_to(self.layout.deck_pos, delay=k * 0.06)
            self.leaving.append(s)
        self.toast.show("The deck ran out: the discard pile is shuffled into a new deck", theme.INFO)

    def start_interlude(self, won: dict[str, Any], cards) -> None:
        """Keep the finished hand on screen (the Set gone) while the points are shown."""
        self.disp_table = [None if c in cards else c for c in self.old_table]
        self.disp_hands = {p: [card(c) for c in h] for p, h in won["hands"].items()}
        p = won["player"]
        self.interlude = {"hand": won["hand"], "player": p, "gain": self.game.hand_points(won), "t": INTERLUDE,
                          "left": [(q, len(h)) for q, h in won["hands"].items() if q != p],
                          "scores": dict(self.v["scores"]), "target": self.v["target"],
                          "dealer": self.v["dealer"], "over": self.game.over}
        self.end_call()
        if self.game.over:
            self.ending = 1e9  # the results wait for the interlude
        self.app.sound("win" if p == "P1" else "deal")

    def end_interlude(self) -> None:
        """On to the next hand: every card goes back to the deck and the new hand is dealt."""
        if self.interlude is None:
            return
        self.interlude = None
        if not self.game.over and self.session.view()["hold"] > 0 and self.humans and not self.replaying:
            try:
                self.link.act_quietly(self.humans[0], "go")  # the player goes on before the pause ends
            except ValueError:
                pass
        if self.game.over:
            self.ending = 0.05
            return
        for s in self.sprites.values():
            s.fly_to(self.layout.deck_pos)
            self.leaving.append(s)
        self.sprites.clear()
        self.show_view()
        self.discard_top = None
        self.deal_in(0.45, step=DEAL_STEP)
        self.toast.show(f"Hand {self.v['hand']}: {self.seat_name(self.v['dealer'])} "
                        f"deal{'' if self.seat_name(self.v['dealer']) == 'You' else 's'}", theme.INFO, 2.5)

    # ----- time ------------------------------------------------------------------------
    def step_replay(self, dt: float) -> None:
        if self.interlude is None:
            super().step_replay(dt)

    def update(self, dt: float) -> None:
        before = self.call_left
        super().update(dt)
        if self.caller in self.humans and int(before) != int(self.call_left) and self.call_left < 3:
            self.app.sound("tick")
        for p in list(self.said):
            self.said[p][1] -= dt
            if self.said[p][1] <= 0:
                del self.said[p]
        if self.interlude is not None:
            self.interlude["t"] -= dt
            if self.interlude["t"] <= 0 or (not self.replaying and not self.game.over
                                             and self.session.view()["hold"] <= 0):
                self.end_interlude()
        if self.demo and not self.game.over and self.demo_done():
            self.session.stop(self.app.now)
            self.interlude = None
            self.link.pump()

    def demo_done(self) -> bool:
        return self.clock >= self.demo_ends_at()

    def demo_ends_at(self) -> float:
        """When the demo has shown enough: at 4:00 of play, or ``DEMO_BREAK`` seconds of play after the first
        hand won whose break reaches 1:00 (the game's own times: the session holds the next deal meanwhile)."""
        won = [r[3] for r in self.game.results if r[3] is not None and r[3] + DEMO_BREAK >= DEMO_END[0]]
        return min(DEMO_END[1], won[0] + DEMO_BREAK) if won else DEMO_END[1]

    @property
    def animating(self) -> bool:
        return super().animating or self.caller is not None or bool(self.said) or self.interlude is not None

    def hud_key(self) -> tuple:
        said = tuple((p, w) for p, (w, _t) in sorted(self.said.items()))
        return super().hud_key() + (self.art().w, self.caller, round(self.call_left * 10) if self.caller else 0, said,
                                    self.bot_move, self.view.footer(), self.discard_top)

    def regions(self) -> list[tuple[pygame.Rect, Any]]:
        """As the table's, with the toast strip the window's full width (a long toast may pass the board)."""
        out = super().regions()
        strip = self.frame.bottom
        out[1] = (pygame.Rect(0, strip.top, self.size[0], strip.h), out[1][1])
        return out
