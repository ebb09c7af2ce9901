"""Classic SET in the window: calls, the call-time ring, bots, hot seat, Sprint and Blitz.

A player calls SET (their call key; for P1 a click on a card or a card key
is the call and the first pick), then has the call time to pick three
cards.  While a call is open nobody else may take cards and bots wait.
"""

from __future__ import annotations

import json
from typing import Any

import pygame

from game.cards import code, is_set, worth
from game.move import Move
from game.variants.classic import BLITZ_SECONDS
from sprites import theme
from sprites.hud import Button, clock_text, ring

from .players import make_bot
from .table import TableScene

CALL_KEYS = (pygame.K_SPACE, pygame.K_RETURN, pygame.K_LSHIFT, pygame.K_RSHIFT)
CALL_KEY_NAMES = ("Space", "Enter", "L-Shift", "R-Shift")
PLAYER_COLORS = ((255, 196, 70), (110, 178, 255), (88, 214, 141), (240, 120, 200))


class ClassicScene(TableScene):
    mode = "classic"
    TIMED = True

    def enter(self, data: dict[str, Any]) -> None:
        self.seats: list[str] = list(data.get("seats") or [])
        if "resume" in data:
            self.seats = json.loads(data["resume"]).get("seats", self.seats)
        self.caller: str | None = None
        self.call_left = 0.0
        self.bot_move: str | None = None
        self.bot_wait = 0.0
        self.said: dict[str, float] = {}  # player -> seconds left showing "SET!"
        super().enter(data)
        n = self.game.options["players"]
        self.seats = (self.seats + ["bot:casual"] * n)[:n]
        if not self.seats or self.seats[0] != "human" and not self.demo:
            self.seats[0] = "human"
        if self.demo:
            self.seats[0] = "expert"
        # a seat is "human" or "bot:<level>" (a bare level: a save from before the prefix)
        self.bots = {f"P{i + 1}": make_bot(f"P{i + 1}", lv.removeprefix("bot:"), self.game.seed + 7)
                     for i, lv in enumerate(self.seats) if lv != "human"}
        self.humans = [f"P{i + 1}" for i, lv in enumerate(self.seats) if lv == "human"]
        self.hand = self.v["hand"]

    def save_text(self) -> str:
        return json.dumps({**json.loads(self.game.to_json()), "seats": self.seats})

    @property
    def call_time(self) -> float:
        return float(self.app.settings.get("call_time", 5.0))

    def title(self) -> str:
        timed, strict = self.v["timed"], self.v["strict"]
        return "Sprint" if timed == "sprint" else "Blitz" if timed == "blitz" else \
            "Strict solo" if strict else "Classic"

    def clock_label(self) -> str:
        if self.v["timed"] == "blitz":
            return clock_text(max(0.0, BLITZ_SECONDS - self.clock) + 0.999)
        return clock_text(self.clock)

    def clock_urgent(self) -> bool:
        return self.v["timed"] == "blitz" and BLITZ_SECONDS - self.clock < 10

    def buttons(self) -> list[Button]:
        return [Button("Call SET", lambda: self.call("P1"), "Space", accent=True)] + super().buttons()

    # ----- calls --------------------------------------------------------------------
    def handle_key(self, e: pygame.event.Event) -> bool:
        if e.key in CALL_KEYS and not self.locked:
            player = f"P{CALL_KEYS.index(e.key) + 1}"  # each seat has its own key
            if player in self.humans:
                self.call(player)
                return True
        return super().handle_key(e)

    def call(self, player: str) -> None:
        """``player`` calls SET: they alone may pick for the call time."""
        if self.locked or self.caller is not None or player not in self.humans:
            return
        self.caller = player
        self.call_left = self.call_time
        self.said[player] = 1.0
        self.selected = []
        self.app.sound("select")

    def pick(self, i: int) -> None:
        if self.bot_move is not None:
            return
        if self.caller is None:
            if len(self.humans) > 1 and self.input != "mouse":
                self.toast.show("Call SET first: " + ", ".join(
                    f"{p} {CALL_KEY_NAMES[int(p[1:]) - 1]}" for p in self.humans), theme.INFO)
                return
            self.call(self.humans[0] if self.humans else "P1")
            if self.caller is None:
                return
        super().pick(i)

    def submit(self, cards: list[int]) -> None:
        who, self.caller = self.caller or "P1", None
        verb = "set" if is_set(*cards) else "miss"
        self.play(f"{who} {verb} {' '.join(code(c) for c in cards)}")

    # ----- moves ----------------------------------------------------------------------
    def on_played(self, m: Move) -> None:
        who = m.player or "P1"
        at = self.player_pos(who)
        if m.verb == "set":
            k = worth(*m.cards)
            self.float_text("+1", at, theme.GOOD)
            self.app.sound("megaset" if k == 4 else "set")
            if k == 4:
                self.burst(self.set_center(m.cards))
            self.sync(taker=at)
        elif m.verb == "miss":
            self.float_text("−1", at, theme.BAD)
            if m.cards:
                self.shake(list(m.cards))
            else:
                self.app.sound("wrong")
                self.toast.show(f"{who}: time is up — the call costs 1", theme.BAD)
            self.sync()
        else:
            self.sync()
        if self.v["hand"] != self.hand:
            self.hand = self.v["hand"]
            self.toast.show(f"Hand {self.hand} of {self.v['hands']}: a fresh deal", theme.INFO)
        if self.game.over:
            self.app.sound("lose" if self.v["lost"] or not self.game.won else "win")

    # ----- time -------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        for p in list(self.said):
            self.said[p] -= dt
            if self.said[p] <= 0:
                del self.said[p]
        if self.game.over or self.replaying:
            return
        if self.v["timed"] == "blitz" and self.clock >= BLITZ_SECONDS:
            self.clock = BLITZ_SECONDS
            self.caller = None
            self.play("end")
            self.toast.show("Time's up!", theme.ACCENT)
            return
        if self.caller is not None:
            before = self.call_left
            self.call_left -= dt
            if int(before) != int(max(0.0, self.call_left)) and self.call_left < 3:
                self.app.sound("tick")
            if self.call_left <= 0:
                who, self.caller = self.caller, None
                self.selected = []
                for s in self.sprites.values():
                    s.selected = False
                self.play(f"{who} miss")
            return
        if self.play_shown_bot_move(dt):
            return
        for p, bot in self.bots.items():
            move = bot.tick(self.game, max(self.clock, self.game.clock))
            if move:
                self.show_bot_move(move, Move.parse(move).cards)
                self.said[p] = 1.2
                break

    @property
    def locked(self) -> bool:
        return super().locked or self.bot_move is not None

    @property
    def animating(self) -> bool:
        return super().animating or self.caller is not None or self.bot_move is not None or bool(self.said)

    def wake_in(self) -> float | None:
        """Also wake when a bot's plan falls due (bots are ticked, not animated)."""
        waits = [w for w in (super().wake_in(),) if w is not None]
        if self.bots and not self.game.over:
            dues = [b.due for b in self.bots.values()]
            waits += [0.05 if d is None else max(0.01, d - self.clock) for d in dues]
        return min(waits) if waits else None

    def side_key(self) -> tuple:
        return (self.caller, round(self.call_left * 20) if self.caller else 0, tuple(sorted(self.said)),
                self.bot_move, self.game.over)

    # ----- results ----------------------------------------------------------------------
    def results(self) -> dict[str, Any]:
        v = self.v
        timed = v["timed"]
        lines = []
        if len(v["players"]) > 1:
            ranking = sorted(v["scores"].items(), key=lambda kv: -kv[1])
            for p, pts in ranking:
                lines.append(f"{self.seat_name(p)}: {pts} point{'s' if pts != 1 else ''}"
                             f"  ({v['misses'][p]} wrong)")
            best = ranking[0][1]
            winners = [p for p, pts in ranking if pts == best]
            title = "Draw!" if len(winners) > 1 else f"{self.seat_name(winners[0])} wins!"
            score = " · ".join(str(v["scores"][p]) for p in v["players"])
            stat = v["scores"]["P1"]
        else:
            stat = v["score"]
            if v["lost"]:
                title, score = "No Set in twelve — you lose", f"{v['score']} Sets"
            elif timed == "sprint":
                title, score = ("Deck cleared!" if self.game.won else "Sprint over"), clock_text(v["score"])
                lines.append(f"{v['misses']['P1']} wrong picks (+5 s each)")
            elif timed == "blitz":
                title, score = "Time's up!", f"{v['score']} Sets"
            else:
                title, score = ("Deck cleared!" if self.game.won else "Game over"), f"{v['score']} points"
            lines.append(f"{v['misses']['P1']} wrong picks or timeouts")
        return {"title": title, "won": bool(self.game.won), "score": score, "time": self.clock,
                "by_worth": v["by_worth"], "lines": lines, "stat_score": stat, "lower_is_better": timed == "sprint"}

    def seat_name(self, p: str) -> str:
        i = int(p[1:]) - 1
        if i < len(self.seats) and self.seats[i] != "human":
            return f"{p} (bot)"
        return "You" if len(self.humans) == 1 and p == self.humans[0] else p

    # ----- drawing ----------------------------------------------------------------------
    def player_pos(self, p: str) -> tuple[float, float]:
        r = self.frame.side
        u = self.frame.unit
        i = int(p[1:]) - 1
        return r.left + r.w * 0.7, r.top + u * (4.6 + i * 4.2)

    def draw_side(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        if not surface.get_clip().colliderect(rect.union(self.frame.top)):
            return  # a partial redraw on the board: the panel and the caller's banner would be clipped away
        super().draw_side(surface, rect)
        u = self.frame.unit
        v = self.v
        x = rect.left + u
        theme.blit_text(surface, "PLAYERS", round(u * 0.9), (x, rect.top + u), theme.MUTED, True)
        for i, p in enumerate(v["players"]):
            cy = rect.top + u * (4.6 + i * 4.2)
            box = pygame.Rect(rect.left + u * 0.6, cy - u * 1.8, rect.w - u * 1.2, u * 3.6)
            active = self.caller == p
            theme.panel(surface, box, round(u * 0.6), (255, 255, 255, 34 if active else 14),
                        PLAYER_COLORS[i] if active else (255, 255, 255, 30))
            color = PLAYER_COLORS[i]
            pygame.draw.circle(surface, color, (box.left + u * 1.2, cy), round(u * 0.45))
            theme.blit_text(surface, self.seat_name(p), round(u * 1.15), (box.left + u * 2.1, cy - u * 0.55),
                            theme.INK, True, "midleft")
            theme.blit_text(surface, self.seat_status(p), round(u * 0.85), (box.left + u * 2.1, cy + u * 0.8),
                            theme.ACCENT if p in self.said else theme.MUTED, True, "midleft")
            score = v["scores"][p] if "scores" in v else len(v["taken"]) if v["timed"] == "sprint" else \
                v["score"]
            theme.blit_text(surface, str(score), round(u * 2.0), (box.right - u * 1.0, cy), theme.INK, True,
                            "midright")
            if active:
                ring(surface, (round(box.right - u * 4.2), round(cy)), round(u * 1.25),
                     round(self.call_left * 20) / 20 / self.call_time, theme.ACCENT, max(3, round(u * 0.3)))
                theme.blit_text(surface, f"{max(0.0, self.call_left):.0f}", round(u * 1.1),
                                (box.right - u * 4.2, cy), theme.ACCENT, True, "center")
        if self.caller is not None:
            theme.blit_text(surface, f"{self.seat_name(self.caller)}: pick three cards!", round(u * 1.2),
                            (self.frame.board.centerx + u * 3.6, self.frame.top.centery), theme.ACCENT, True,
                            "midleft")

    def seat_status(self, p: str) -> str:
        if p in self.said:
            return "SET!"
        if self.caller == p:
            return "picking…"
        bot = self.bots.get(p)
        if bot is not None:
            return "thinking…" if not self.game.over else "done"
        if p in self.humans:
            k = int(p[1:]) - 1
            return f"call: {CALL_KEY_NAMES[k]}" + (" or click" if k == 0 else "")
        return ""
