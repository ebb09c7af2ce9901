"""TableScene: the base of every play scene (the open tables of Classic, Solitaire-Set, find-all, 20/20).

Data flows one way: an input event picks cards -> the mode's ``submit``
builds a move -> ``play(move)`` acts in the session -> ``pump()`` shows
each new event (``on_played`` / ``on_session_event``) and ``sync()`` moves
the sprites toward the new ``game.view()``.  Every update ticks the session
with real time (``session.tick(app.now)``): the game clock is the session's.

Built from parts it holds: ``link`` (SessionLink: the session, saving,
replays, the results), ``hud`` (top bar, clock, deck, toast), ``board``
(TableBoard: the open table), ``tracker`` (what to draw again), ``effects``.
A mode sets ``mode`` and overrides ``submit(cards)``, ``buttons()``,
``draw_side``; optionally ``seats_for``, ``make_driver`` (demo play),
``on_played(move)`` and ``on_session_event(move)``.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.cards import card
from game.move import Move
from sprites import theme
from sprites.card import CardSprite
from sprites.hud import Button, clock_text
from sprites.layout import Frame, key_index

from .base import Scene
from .board import TableBoard
from .effects import Effects
from .hud import Hud, key_matches, window_left
from .link import SessionLink
from .modes import MODES
from .redraw import ArtWarmer, RedrawTracker, merge, one_box


class TableScene(Scene):
    mode = ""
    TIMED = False  # moves carry the scene clock as @t
    SHOW_CLOCK = True

    # ----- life cycle ------------------------------------------------------------
    def enter(self, data: dict[str, Any]) -> None:
        self.data = data
        self.replaying = "replay" in data
        self.demo = bool(data.get("demo")) and not self.replaying
        self.link = SessionLink(self)
        self.tracker = RedrawTracker()
        self.hud = Hud(self.show_help, self.pause)
        self.session = self.link.start(data)
        self.refresh()
        self.sprites: dict[int, CardSprite] = {}
        self.leaving: list[CardSprite] = []
        self.effects = Effects()
        self.board = TableBoard(self)
        self.warmer = ArtWarmer()
        self.toast = self.hud.toast
        self.selected: list[int] = []
        self.input = "mouse"  # how the last pick was made: "mouse" or "key"
        self.ending = -1.0  # counts down once the game is over
        self.card_keys = str(self.app.settings.get("card_keys", "123qweasdzxc"))
        self.side_buttons = self.buttons()
        for b in self.side_buttons:
            b.enabled = not (self.demo or self.replaying)  # watching: the actions are shown, dimmed
        self.top_buttons = self.hud.top_buttons
        self.frame = Frame(self.size)
        self.resize(self.size)
        self.deal_in(0.05)
        self.driver = self.make_driver() if self.demo else None
        if self.replaying:
            self.toast.show("Replay — Esc to stop", theme.INFO, 4.0)
        elif not self.demo and not (self.app.settings.get("tutorial_seen") or {}).get("basics"):
            self.app.manager.push("tutorial", {"overlay": True})  # first play: what a Set is

    def seats_for(self, data: dict[str, Any]) -> list[str] | None:
        """Who sits where (None: the mode's own default)."""
        return None

    @property
    def game(self):
        """The rules state of the game being played (the session's)."""
        return self.session.game

    @property
    def clock(self) -> float:
        """Seconds of play so far (the session's clock)."""
        return self.session.clock

    @clock.setter
    def clock(self, value: float) -> None:
        self.session.clock = float(value)

    # ----- who sits where, and whose call it is (the session's) ------------------------
    @property
    def seats(self) -> list[str]:
        return self.session.seats

    @property
    def humans(self) -> list[str]:
        """The players at this keyboard (not bots)."""
        s = getattr(self, "session", None)
        return ["P1"] if s is None else [p for p in s.players if s.kind(p) != "bot"]

    @property
    def bots(self) -> dict:
        return self.session.bots

    @property
    def caller(self) -> str | None:
        """The player whose call of SET is open, or None."""
        return self.session.caller

    @property
    def call_left(self) -> float:
        return max(0.0, self.session.call_ends - self.clock) if self.caller else 0.0

    @property
    def call_time(self) -> float:
        return self.session.call_time

    def buttons(self) -> list[Button]:
        """The side panel's actions (each with its key shown)."""
        return []

    def make_driver(self):
        """Who plays in a demo: an object with ``tick(scene, dt)``."""
        return None

    # ----- layout ----------------------------------------------------------------
    def refresh(self) -> None:
        """Read the game's view again (after every move or undo); draw reads only this copy."""
        self.v = self.game.view()
        self.table = [card(c) for c in self.v["table"]]

    def resize(self, size: tuple[int, int]) -> None:
        self.frame = Frame(size)
        self.place(animate=False)
        self.hud.place(self.frame, self.side_buttons)

    def art(self, n: int | None = None):
        return self.board.art(n)

    def slots(self) -> dict[int, tuple[float, float]]:
        return self.board.slots()

    def place(self, animate: bool = True) -> None:
        """Move every table sprite to its slot (snap when not animating) and set its key."""
        self.board.place(animate)

    def deal_in(self, delay: float = 0.0, origin=None) -> list[CardSprite]:
        """Give a sprite to every table card without one, dealt from the deck; slide the rest."""
        return self.board.deal_in(delay, origin)

    def sync(self, taker: tuple[float, float] | None = None) -> None:
        """Bring the sprites to the game's table: gone cards fly to ``taker``, new ones are dealt."""
        self.board.sync(taker)

    # ----- input -------------------------------------------------------------------
    def handle_event(self, e: pygame.event.Event) -> bool:
        if window_left(e) and self.clock_running:
            self.pause()
            return True
        if e.type == pygame.KEYDOWN:
            return self.handle_key(e)
        if e.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            for b in self.side_buttons + self.top_buttons:
                if b.handle_event(e):
                    return True
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1 and not self.locked:
            i = self.card_at(e.pos)
            if i is not None:
                self.input = "mouse"
                self.pick(i)
                return True
        return False

    def handle_key(self, e: pygame.event.Event) -> bool:
        if e.key == pygame.K_ESCAPE:
            if self.replaying:
                self.link.leave_replay()
            else:
                self.pause()
            return True
        if e.key == pygame.K_F1:
            self.show_help()
            return True
        for b in self.side_buttons:
            if b.enabled and key_matches(e, b.key):
                b.action()
                return True
        if self.locked:
            return False
        i = key_index(e.unicode.lower(), len(self.table), self.card_keys) if e.unicode else None
        if i is not None:
            self.input = "key"
            self.pick(i)
            return True
        return False

    @property
    def locked(self) -> bool:
        """No picking: the game is over, a demo or a replay is playing."""
        return self.game.over or self.demo or self.replaying

    def card_at(self, pos: tuple[int, int]) -> int | None:
        return self.board.card_at(pos)

    def pick(self, i: int) -> None:
        """Select or unselect the i-th table card; three selected cards are submitted."""
        self.board.pick(i)

    def submit(self, cards: list[int]) -> None:
        """Three cards were picked: make the mode's move."""

    def pause(self) -> None:
        if not self.game.over:
            self.app.manager.push("pause", {"mode": self.mode})

    def exit(self) -> None:
        """Leaving the game unfinished (the menu, a quit): its save keeps the clock as it is now."""
        if not (self.demo or self.replaying or self.game.over):
            self.session.tick(self.app.now)
            self.app.save_game(self.mode, self.save_text())

    def cover(self) -> None:
        """A pause, help or tutorial screen is over the game: its clock stops."""
        self.session.pause(self.app.now)

    def resume(self) -> None:
        self.session.resume(self.app.now)

    def show_help(self) -> None:
        self.app.manager.push("help", {"mode": self.mode})

    # ----- moves -------------------------------------------------------------------------
    def acting_seat(self) -> int:
        """The seat the keyboard and mouse act for (hot seat: the caller)."""
        return 0

    def play(self, move: str, seat: int | None = None) -> str | None:
        """Act in the session for ``seat`` (default: the acting seat); on refusal say why and return None."""
        return self.link.act(move, seat)

    def pump(self) -> None:
        """Show the events the session recorded since the last look (see ``SessionLink.pump``)."""
        self.link.pump()

    def on_session_event(self, m: Move) -> None:
        """A call, a lapsed call, an undo or a redo (not a move of the rules)."""
        if m.verb in ("undo", "redo"):
            self.sync()

    def on_played(self, m: Move) -> None:
        """React to a played move (sounds, floating text, sprites)."""
        self.sync()

    def shake(self, cards: list[int], why: str | None = None) -> None:
        """Shake refused cards and say why (None: why they are not a Set; "": say nothing)."""
        self.board.shake(cards, why)

    def float_text(self, s: str, pos, color) -> None:
        self.effects.float_text(s, pos, color, self.frame.unit)

    def burst(self, pos) -> None:
        self.effects.burst(pos, str(self.app.settings.get("palette", "standard")), self.frame.unit)

    def set_center(self, cards) -> tuple[float, float]:
        return self.board.set_center(cards)

    # ----- time ----------------------------------------------------------------------------
    @property
    def clock_running(self) -> bool:
        return self.SHOW_CLOCK and not self.game.over

    def update(self, dt: float) -> None:
        self.link.tick()
        for s in self.sprites.values():
            s.update(dt)
        for s in self.leaving:
            s.update(dt)
        self.leaving = [s for s in self.leaving if not s.dead]
        self.effects.update(dt)
        self.toast.update(dt)
        self.link.advance(dt)
        self.warm_art(dt)

    def warm_art(self, dt: float) -> None:
        """Draw ahead the card faces the next move may need (see ``ArtWarmer``)."""
        self.warmer.step(dt, self.table, self.art)

    def step_replay(self, dt: float) -> None:
        self.link.step_replay(dt)

    def finish(self) -> None:
        """The game is over (or the replay ended): on to the results."""
        self.link.finish()

    def seat_name(self, p: str) -> str:
        """How the results and the side panel call player ``p``: "You", "P2 (bot)", or "P3"."""
        return self.link.seat_name(p)

    @property
    def animating(self) -> bool:
        return bool(
            self.leaving or self.effects.busy or self.ending >= 0 or self.driver or self.replaying
            or any(s.busy for s in self.sprites.values())
            or (self.toast.visible and self.toast.life - self.toast.t < 0.5)
        )

    def wake_in(self) -> float | None:
        waits = []
        if self.clock_running:
            waits.append(max(0.02, 1.0 - self.clock % 1.0))
        if self.toast.visible:
            waits.append(max(0.02, self.toast.life - self.toast.t - 0.45))
        due = None if self.replaying else self.session.due()
        if due is not None:
            waits.append(max(0.01, due))
        return min(waits) if waits else None

    # ----- what to redraw -------------------------------------------------------------------------
    def hud_key(self) -> tuple:
        """What, when it changes, makes the whole window be drawn again (the size, the card colours; not
        the card size: every card then has new bounds and is drawn again alone)."""
        return (self.size, self.app.settings.get("palette"), self.app.settings.get("colour_cue"))

    def side_key(self) -> tuple:
        """What the side panel shows that may change between moves (a countdown, a bot's state)."""
        return ()

    def regions(self) -> list[tuple[pygame.Rect, Any]]:
        """(area, what it shows) for parts drawn again alone when what they show changes (a move gives a
        new ``self.v``: the bars and the side panel are drawn again after it)."""
        f = self.frame
        return self.hud.regions(f, f.unit * 9, (self.clock_label(), id(self.v), self.side_key()),
                                (self.side_key(), id(self.v)), self.v.get("deck"),
                                self.side_buttons + self.top_buttons)

    def dirty(self, alpha: float) -> list[pygame.Rect] | None:
        """The card areas that change (a card that moves, animates, changes its look, comes or goes:
        where it was and where it is) and the regions whose key changed; None for everything."""
        art = self.art()
        looks, busy = {}, set()
        for s in list(self.sprites.values()) + self.leaving:
            k = id(s)
            looks[k] = (s.bounds(art, alpha), s.selected, s.hinted, s.found, s.key)
            if s.busy:
                busy.add(k)
        t = self.tracker
        rects = t.sprites(looks, busy, self.app.frames)  # this frame's draw skips the cards outside the clip by these
        rects += t.extras(self.effects.bounds())
        changed = t.regions(self.hud_key(), self.regions())
        if changed is None:
            return None
        return one_box(merge([r for _n, r, _k, _old in changed] + rects))

    # ----- drawing ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        # Drawn once per dirty rectangle (clipped): parts outside the clip are skipped, not just clipped.
        clip = surface.get_clip()
        theme.paint_background(surface)
        self.draw_top(surface)
        art = self.art()
        known = self.tracker.looks if self.tracker.frame == self.app.frames else {}
        for s in sorted(self.sprites.values(), key=lambda s: s.busy) + self.leaving:
            b = known.get(id(s))
            if b is None:
                s.draw(surface, art, self.alpha)
            elif clip.colliderect(b[0]):
                s.paint(surface, art, self.alpha)
        self.draw_side(surface, self.frame.side)  # may write in the top bar too (a call's banner)
        for b in self.side_buttons + self.top_buttons:
            if clip.colliderect(b.rect.inflate(6, 6)):
                b.draw(surface)
        self.hud.draw_toast(surface, self.frame, 1.1)
        self.effects.draw(surface, clipped=True)

    def title(self) -> str:
        return MODES[self.mode].title

    def clock_label(self) -> str:
        """The clock: time played, or the time left of a timed game."""
        left = self.session.left
        return clock_text(left + 0.999) if left is not None else clock_text(self.clock)

    def clock_urgent(self) -> bool:
        """Show the clock in red (a countdown nearly out)."""
        left = self.session.left
        return left is not None and left < 10

    def draw_top(self, surface: pygame.Surface) -> None:
        tag = "REPLAY" if self.replaying else "DEMO" if self.demo else ""
        self.hud.draw_top(surface, self.frame, self.title(), tag, self.clock_label() if self.SHOW_CLOCK else None,
                          self.clock_urgent())
        deck = self.v.get("deck", 0)
        if deck or self.mode != "findall":
            self.draw_deck(surface, deck)

    def draw_deck(self, surface: pygame.Surface, n: int) -> None:
        self.hud.draw_deck(surface, self.frame, n, str(self.app.settings.get("palette", "standard")))

    def draw_side(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        if surface.get_clip().colliderect(rect):
            theme.panel(surface, rect)
