"""Classic SET in the window: calls, the call-time ring, bots, hot seat, Sprint and Blitz.

A player calls SET (their call key; for P1 a click on a card or a card key
is the call and the first pick), then has the call time to pick three
cards.  While a call is open nobody else may take cards and bots wait.
"""

from __future__ import annotations

from typing import Any

import pygame

from game import variants
from game.cards import card, code, describe, worth
from game.move import Move
from game.variants.classic import Classic
from sprites import theme
from sprites.cardart import ASPECT, art_for
from sprites.hud import Button, clock_text, ring

from .board import TableBoard
from .costs import float_cost, miss_cost, penalty
from .memory import MemoryBoard
from .table import TableScene

CALL_KEYS = (pygame.K_SPACE, pygame.K_RETURN, pygame.K_LSHIFT, pygame.K_RSHIFT)
CALL_KEY_NAMES = ("Space", "Enter", "L-Shift", "R-Shift")
PREVIOUS_HINT = "click one, or just pick the two table cards"  # under Set-Chain's last Set
PLAYER_COLORS = ((255, 196, 70), (110, 178, 255), (88, 214, 141), (240, 120, 200))


class ClassicScene(TableScene):
    """Classic, and the race modes played the same way (Junior, Set-Chain, UltraSet, Shuffle): the
    registry's name for the scene is the mode it plays."""

    mode = Classic.NAME
    TIMED = True
    _clock_at: pygame.Rect | None = None  # where the clock's words were last frame

    def enter(self, data: dict[str, Any]) -> None:
        self.said: dict[str, float] = {}  # player -> seconds left showing "SET!"
        game = variants.game_class(self.mode)
        self.verb = game.PICK  # UltraSet's pick is "ultra", of four cards; Memory's "flip", a card at a time
        self.pick_size = game.SIZE
        super().enter(data)
        self.hand = self.v["hand"]

    def make_board(self) -> TableBoard:
        return MemoryBoard(self) if variants.game_class(self.mode).FACE_DOWN else TableBoard(self)

    def seats_for(self, data: dict[str, Any]) -> list[str] | None:
        """P1 is the person at the mouse (a bot in a demo); the others as set up."""
        n = int(data.get("options", {}).get("players", 1))
        seats = [s if s == "human" or s.startswith("bot:") else f"bot:{s}" for s in data.get("seats") or []]
        seats = (seats + ["bot:casual"] * n)[:n]
        seats[0] = "bot:expert" if self.demo else "human"
        return seats

    def acting_seat(self) -> int:
        return int((self.caller if self.caller in self.humans else self.humans[0])[1:]) - 1 if self.humans else 0

    def buttons(self) -> list[Button]:
        return [Button("Call SET", lambda: self.call("P1"), "Space", accent=True)] + super().buttons()

    # ----- calls --------------------------------------------------------------------
    def handle_key(self, e: pygame.event.Event) -> bool:
        if e.key in CALL_KEYS and not self.locked:
            player = f"P{CALL_KEYS.index(e.key) + 1}"  # each seat has its own key
            if self.online and e.key == CALL_KEYS[0]:
                player = self.humans[0]  # online, this window's one player calls with Space
            if player in self.humans:
                self.call(player)
                return True
        return super().handle_key(e)

    def call(self, player: str) -> None:
        """``player`` calls SET: they alone may pick for the call time."""
        if self.locked or self.caller is not None or player not in self.humans:
            return
        if self.play("call", int(player[1:]) - 1) is not None:
            self.selected = []

    def pick(self, i: int) -> None:
        if self.ready_to_pick():
            super().pick(i)
            self.complete_chain()

    def ready_to_pick(self) -> bool:
        """May this window pick now?  A pick with nobody calling is the call (one player at the keys)."""
        if self.session.pending is not None:
            return False
        if self.caller is None:
            if len(self.humans) > 1 and self.input != "mouse":
                self.toast.show("Call SET first: " + ", ".join(
                    f"{self.seat_name(p)} {CALL_KEY_NAMES[int(p[1:]) - 1]}" for p in self.humans), theme.INFO)
                return False
            self.call(self.humans[0] if self.humans else "P1")
        return self.caller is not None

    # ----- Set-Chain: the previous Set's cards, in the panel, are picked too ----------------
    def previous_cards(self) -> list[tuple[int, pygame.Rect]]:
        """Set-Chain's previous Set as (card, where it lies in the panel); [] in other modes."""
        previous = self.v.get("previous") or []
        if not previous:
            return []
        rect, u = self.frame.side, self.frame.unit
        y = self.row_y(len(self.v["players"])) + u * 1.6
        w = round(min((rect.w - 2 * u) / 3.4, u * 6))
        out = []
        for i, c in enumerate(previous):
            r = pygame.Rect(0, 0, w, round(w / ASPECT))
            r.midtop = (round(rect.left + u + (rect.w - 2 * u) * (i + 0.5) / 3), round(y))
            out.append((card(c), r))
        return out

    def pick_previous(self, c: int) -> None:
        """Pick (or unpick) a card of the previous Set: the card a chain Set carries."""
        if self.ready_to_pick():
            self.board.pick_card(c)

    def complete_chain(self) -> None:
        """Two table cards picked that make one of the game's picks with a card of the previous Set: that
        card is meant (so keys and a game pad, which reach only the table, play Set-Chain too)."""
        previous = [c for c, _r in self.previous_cards()]
        if not previous or len(self.selected) != 2 or any(c in previous for c in self.selected):
            return
        two = set(self.selected)
        pick = next((p for p in self.game.picks() if two < set(p)), None)
        carried = next((c for c in pick or () if c not in two), None)
        if carried in previous:
            self.board.pick_card(carried)

    def pad_extras(self) -> list[pygame.Rect]:
        """Where a game pad's ring goes besides the cards and buttons: the previous Set's cards."""
        return [r for _c, r in self.previous_cards()]

    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1 and not self.locked:
            for c, r in self.previous_cards():
                if r.collidepoint(e.pos):
                    self.input = "mouse"
                    self.pick_previous(c)
                    return True
        return super().handle_event(e)

    def submit(self, cards: list[int]) -> None:
        self.play(f"{self.verb} {' '.join(code(c) for c in cards)}")

    # ----- what happened -------------------------------------------------------------
    def on_session_event(self, m: Move) -> None:
        if m.verb == "call":
            self.said[m.player] = 1.0 if m.player in self.humans else 1.2
            self.app.sound("select")
            for c in Move.parse(self.session.pending).cards if self.session.pending else ():
                if c in self.sprites:
                    self.sprites[c].hinted = True  # a bot's pick, lit before it is played
        super().on_session_event(m)

    def on_played(self, m: Move) -> None:
        for s in self.sprites.values():
            s.hinted = False
        self.selected = []
        for s in self.sprites.values():
            s.selected = False
        who = m.player or "P1"
        at = self.player_pos(who)
        if self.game.whole_pick(m.verb):  # a right pick (UltraSet's: four cards; not Memory's flip of one)
            k = worth(*m.cards) if len(m.cards) == 3 else 0
            self.float_text("+1", at, theme.GOOD)
            self.app.sound("megaset" if k == 4 else "set")
            if k == 4:
                self.burst(self.set_center(m.cards))
            completes = (self.v.get("last") or {}).get("completes")
            if completes:  # UltraSet: the card both pairs complete to, shown where the four were
                self.toast.show(f"UltraSet: both pairs complete to {describe(card(completes))}", theme.INFO)
                self.board.show_card(card(completes), self.set_center(m.cards))
            self.sync(taker=at)
        elif m.verb == "flip":  # Memory: a card turned up (the board shows the three)
            self.board.flipped(m, at)
        elif m.verb == "miss":
            if m.cards:
                float_cost(self, at)
                self.shake(list(m.cards))
            else:
                self.app.sound("wrong")
                if not self.game.LAPSE_COSTS:  # Memory: the cards just turn back
                    self.toast.show(f"{self.seat_name(who)}: time is up — the cards turn back", theme.BAD)
                else:
                    float_cost(self, at)
                    self.toast.show(f"{self.seat_name(who)}: time is up — the call costs {miss_cost(self.v)}",
                                    theme.BAD)
            self.sync()
        else:
            if m.verb == "end" and self.session.left == 0:
                self.toast.show("Time's up!", theme.ACCENT)
            self.sync()
        if self.v["hand"] != self.hand:
            self.hand = self.v["hand"]
            self.toast.show(f"Hand {self.hand} of {self.v['hands']}: a fresh deal", theme.INFO)
        if self.game.over:
            self.app.sound("lose" if self.v.get("lost") or not self.game.won else "win")

    # ----- time -------------------------------------------------------------------------
    def clock_label(self) -> str:
        """The clock; in Sprint the time with its penalties, the moment one is paid."""
        return clock_text(self.clock + penalty(self.v)) if penalty(self.v) else super().clock_label()

    def update(self, dt: float) -> None:
        before = self.call_left
        super().update(dt)
        if self.caller in self.humans and int(before) != int(self.call_left) and self.call_left < 3:
            self.app.sound("tick")
        for p in list(self.said):
            self.said[p] -= dt
            if self.said[p] <= 0:
                del self.said[p]

    @property
    def locked(self) -> bool:
        return super().locked or self.session.pending is not None

    @property
    def animating(self) -> bool:
        return super().animating or self.caller is not None or bool(self.said)

    def side_key(self) -> tuple:
        return (self.caller, (round(self.call_left * 20), self.call_digit()) if self.caller else 0,
                tuple(sorted(self.said)),
                self.session.pending, self.game.over, tuple(self.selected) if self.v.get("previous") else ())

    # ----- what to redraw -----------------------------------------------------------------
    def regions(self) -> list[tuple[pygame.Rect, Any]]:
        """The HUD's regions, keyed by what they show: the top bar by its words, its clock alone, the side
        panel by who plays, each player's box and Set-Chain's last Set alone (a Set redraws its taker's
        box only, a second's tick the clock only)."""
        out = super().regions()
        f = self.frame
        caller = self.seat_name(self.caller) if self.caller is not None else None
        out[0] = (f.top, (self.title(), caller, self.pick_size))
        out[2] = (f.side, tuple((p, self.seat_name(p)) for p in self.v["players"]))  # (who drops: all of it)
        out += [(self.player_box(i).inflate(4, 4), self.box_key(p)) for i, p in enumerate(self.v["players"])]
        shown = tuple(c for c, _r in self.previous_cards())
        out.append((self.previous_area(), (shown, tuple(c for c in self.selected if c in shown))))
        return out + [self.clock_region()]

    def clock_region(self) -> tuple[pygame.Rect, Any]:
        """The clock's box in the top bar (where its words are and where they were last frame) and what
        it shows."""
        f = self.frame
        label = self.clock_label()
        where = theme.text(label, round(f.unit * 2.0), theme.INK, True).get_rect(
            center=(int(f.board.centerx), int(f.top.centery))).inflate(4, 4)
        was, self._clock_at = self._clock_at or where, where
        return where.union(was), (label, self.clock_urgent())

    def box_key(self, p: str) -> tuple:
        """What player ``p``'s box shows."""
        active = self.caller == p
        return (self.seat_name(p), self.seat_status(p), p in self.said, self.score_of(p), active,
                (round(self.call_left * 20), self.call_digit()) if active else 0, round(self.call_time, 3))

    def call_digit(self) -> str:
        """The seconds left of a call, as its ring shows them (rounded: it changes apart from the ring's
        twentieths)."""
        return f"{max(0.0, self.call_left):.0f}"

    def row_y(self, i: int) -> float:
        """Where the i-th row of the side panel is: a player's box (its middle), or after the last player
        Set-Chain's last Set (its top)."""
        return self.frame.side.top + self.frame.unit * (4.6 + i * 4.2)

    def player_box(self, i: int) -> pygame.Rect:
        """The box of the i-th player in the side panel."""
        rect, u = self.frame.side, self.frame.unit
        cy = self.row_y(i)
        return pygame.Rect(rect.left + u * 0.6, cy - u * 1.8, rect.w - u * 1.2, u * 3.6)

    def previous_area(self) -> pygame.Rect:
        """Where Set-Chain's last Set is shown, under the players' boxes (to the panel's foot, and its hint
        however wide it is)."""
        rect, u = self.frame.side, self.frame.unit
        y = int(self.row_y(len(self.v["players"]))) - 2
        half = theme.text_size(PREVIOUS_HINT, round(u * 0.75), True)[0] // 2 + 2
        left, right = min(rect.left, rect.centerx - half), max(rect.right, rect.centerx + half)
        return pygame.Rect(left, y, right - left, max(0, rect.bottom - y))

    def score_of(self, p: str) -> int:
        """The score shown for player ``p``."""
        v = self.v
        return v["scores"][p] if "scores" in v else len(v["taken"]) if v.get("timed") == "sprint" else v["score"]

    def float_text(self, s: str, pos, color, area: pygame.Rect | None = None) -> None:
        """A "+1" at a player's place rises inside that player's row of the panel (never into the next one's)."""
        rows = [self.player_box(i) for i in range(len(self.v["players"]))]
        super().float_text(s, pos, color, area or next((b for b in rows if b.collidepoint(pos)), None))

    # ----- drawing ----------------------------------------------------------------------
    def player_pos(self, p: str) -> tuple[float, float]:
        r = self.frame.side
        return r.left + r.w * 0.7, self.row_y(int(p[1:]) - 1)

    def draw_side(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The players' panel, then the caller's banner in the top bar; each only where the clip meets it."""
        clip = surface.get_clip()
        if clip.colliderect(rect):
            self.draw_players(surface, rect)
        if self.caller is not None and clip.colliderect(self.frame.top):
            self.draw_banner(surface)

    def draw_players(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The side panel: each player's box (name, state, score, the caller's ring), Set-Chain's last Set."""
        super().draw_side(surface, rect)
        u = self.frame.unit
        v = self.v
        x = rect.left + u
        theme.blit_text(surface, "PLAYERS", round(u * 0.9), (x, rect.top + u), theme.MUTED, True)
        clip = surface.get_clip()
        for i, p in enumerate(v["players"]):
            cy = self.row_y(i)
            box = self.player_box(i)
            if not clip.colliderect((0, box.top - u, surface.get_width(), box.h + 2 * u)):
                continue  # all of this player's row (a long name may run out of the box) is clipped away
            active = self.caller == p
            theme.panel(surface, box, round(u * 0.6), (255, 255, 255, 34 if active else 14),
                        PLAYER_COLORS[i] if active else (255, 255, 255, 30))
            color = PLAYER_COLORS[i]
            pygame.draw.circle(surface, color, (box.left + u * 1.2, cy), round(u * 0.45))
            theme.blit_text(surface, self.seat_name(p), round(u * 1.15), (box.left + u * 2.1, cy - u * 0.55),
                            theme.INK, True, "midleft")
            theme.blit_text(surface, self.seat_status(p), round(u * 0.85), (box.left + u * 2.1, cy + u * 0.8),
                            theme.ACCENT if p in self.said else theme.MUTED, True, "midleft")
            theme.blit_text(surface, str(self.score_of(p)), round(u * 2.0), (box.right - u * 1.0, cy), theme.INK, True,
                            "midright")
            if active:
                ring(surface, (round(box.right - u * 4.2), round(cy)), round(u * 1.25),
                     round(self.call_left * 20) / 20 / self.call_time, theme.ACCENT, max(3, round(u * 0.3)))
                theme.blit_text(surface, self.call_digit(), round(u * 1.1),
                                (box.right - u * 4.2, cy), theme.ACCENT, True, "center")
        if v.get("previous"):  # Set-Chain: the next Set carries one of these
            self.draw_previous(surface, rect, v["previous"], self.row_y(len(v["players"])))

    def draw_banner(self, surface: pygame.Surface) -> None:
        """The caller's banner in the top bar: who picks, and how many cards."""
        u = self.frame.unit
        theme.blit_text(surface, f"{self.seat_name(self.caller)}: {self.game.ASK} cards!", round(u * 1.2),
                        (self.frame.board.centerx + u * 3.6, self.frame.top.centery), theme.ACCENT, True, "midleft")

    def draw_previous(self, surface: pygame.Surface, rect: pygame.Rect, previous: list[str], y: float) -> None:
        """Set-Chain's previous Set, small in the panel: the next Set uses exactly one of them (click it,
        or pick the two table cards it makes a Set with)."""
        u = self.frame.unit
        theme.blit_text(surface, "CHAIN ON ONE OF", round(u * 0.9), (rect.left + u, y), theme.MUTED, True)
        shown = self.previous_cards()
        if not shown:
            return
        art = art_for(shown[0][1].w, str(self.app.settings.get("palette", "standard")),
                      bool(self.app.settings.get("colour_cue", False)))
        for c, r in shown:
            surface.blit(art.face(c), r)
            if c in self.selected:
                pygame.draw.rect(surface, theme.SELECT, r.inflate(6, 6), width=3, border_radius=art.radius + 3)
        theme.blit_text(surface, PREVIOUS_HINT, round(u * 0.75),
                        (rect.centerx, shown[0][1].bottom + u * 0.8), theme.DIM, True, "midtop")

    def seat_status(self, p: str) -> str:
        if p in self.said:
            return "SET!"
        if self.caller == p:
            return "picking…"
        bot = self.bots.get(p)
        if bot is not None:
            return "thinking…" if not self.game.over else "done"
        if p in self.humans:
            k = 0 if self.online else int(p[1:]) - 1
            return f"call: {CALL_KEY_NAMES[k]}" + (" or click" if k == 0 else "")
        return ""
