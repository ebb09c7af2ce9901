"""TableScene: the base of every play scene (the open tables of Classic, Solitaire-Set, find-all, 20/20).

Data flows one way: an input event picks cards -> the mode's ``submit``
builds a move -> ``play(move)`` acts in the session -> ``pump()`` shows
each new event (``on_played`` / ``on_session_event``) and ``sync()`` moves
the sprites toward the new ``game.view()``.  Every update ticks the session
with real time (``session.tick(app.now)``): the game clock is the session's.

Built from parts it holds: ``link`` (SessionLink: the session, saving,
replays, the results), ``hud`` (top bar, clock, deck, toast), ``board``
(TableBoard: the open table), ``tracker`` (what to draw again), ``effects``.
A mode's scene overrides ``submit(cards)``, ``buttons()``, ``draw_side``;
optionally ``seats_for``, ``make_driver``, ``on_played`` and ``on_session_event``.
Its ``mode`` (the registry's name; set by the scene manager) finds the mode's
class, where all it knows of the mode is read (``game.variants.game_class``).
"""

from __future__ import annotations

from typing import Any

import pygame

from game import variants
from game.move import Move
from sprites import theme
from sprites.card import CardSprite
from sprites.hud import Button, clock_text
from sprites.layout import Frame

from .base import Scene
from .board import TableBoard
from .effects import Effects
from .hud import Hud, cover_data, key_matches
from .link import DEMO_HINT, SessionLink
from .modes import MODES
from .redraw import ArtWarmer, RedrawTracker
from .tally import play_title
from .watch import audience_tag, follow_room, refuse_input, watching

BASICS = "tutorial"  # the scene of the basic tutorial (what a Set is), shown before the first game of any mode
BUSY_CARDS = 3  # with more cards moving than this (a deal, a Set's reflow) a frame draws much: see warm_art
STILL_STEPS = 2  # steps of drawing ahead a frame while no card moves (such a frame draws little)


class TableScene(Scene):
    mode = ""
    session: Any = None  # the game in time (game.session's, or a room's RemoteSession online)
    online = False  # is the game played on a server (a room), this window holding one seat?
    watching = False  # online: does this window only watch (a spectator, no seat; ``scenes.watch``)?
    presence: tuple | None = None  # online: each seat's presence at the last update
    MIN_COLS = 0  # the table's grid has at least this many columns (a card added in a new one moves no other)
    TIMED = False  # moves carry the scene clock as @t
    SHOW_CLOCK = True
    SHOW_DECK = True  # the deck is drawn even when empty ("deck empty")
    BOARD: Any = TableBoard  # the part that lays out, picks and draws the cards (piles: a PileBoard)

    # ----- life cycle ------------------------------------------------------------
    def enter(self, data: dict[str, Any]) -> None:
        self.data = data
        self.online = bool(data.get("online"))  # a room's session on a server, handed over by the lobby
        self.replaying = "replay" in data
        self.demo = bool(data.get("demo")) and not self.replaying
        self.link = SessionLink(self)
        self.board = self.make_board()
        self.tracker = RedrawTracker()
        self.hud = Hud(self.show_help, self.pause)
        self.session = self.link.start(data)
        self.watching = watching(self)
        self.refresh()
        self.sprites: dict[int, CardSprite] = {}
        self.leaving: list[CardSprite] = []
        self.effects = Effects()
        self.warmer = ArtWarmer()
        self.toast = self.hud.toast
        self.selected: list[int] = []
        self.input = "mouse"  # how the last pick was made: "mouse" or "key"
        self.ending = -1.0  # counts down once the game is over
        self.card_keys = str(self.app.settings.get("card_keys", "123qweasdzxc"))
        self.side_buttons = self.buttons()
        for b in self.side_buttons:  # watching (a demo, a replay, a spectator): the actions shown, dimmed
            b.enabled = not (self.demo or self.replaying or self.watching)
        self.top_buttons = self.hud.top_buttons
        self.frame = self.make_frame(self.size)
        self.resize(self.size)
        self.deal_in(0.05)
        self.driver = self.make_driver() if self.demo else None
        tutorial, seen = variants.game_class(self.mode).TUTORIAL, self.app.settings.get("tutorial_seen") or {}
        if tutorial != BASICS and not (self.demo or self.replaying or self.online or seen.get(self.mode)):
            self.app.manager.push(tutorial, {"overlay": True, "mode": self.mode})  # the mode's first-play pages
        if self.replaying or self.demo:
            self.toast.show("Replay — Esc to stop" if self.replaying else DEMO_HINT, theme.INFO, 4.0)
        elif not self.demo and not self.online and self.v.get("features", 4) == 4 and \
                not seen.get("basics"):  # (Junior's cards have 3)
            self.app.manager.push(BASICS, {"overlay": True})  # first play: what a Set is, over the mode's pages

    def connection(self) -> Any:
        """Online, the room's connection (the lobby's, handed over with the session)."""
        return self.data.get("client")

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
        """The players at this keyboard (not bots; online, this window's own seat)."""
        s = self.session
        if s is None:
            return ["P1"]
        if self.online:
            return [s.players[s.seat]] if s.seat >= 0 else []
        return [p for p in s.players if s.kind(p) != "bot"]

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
        self.board.refresh()

    def make_board(self) -> Any:
        """The part that lays out, picks and draws the cards (``BOARD``; a mode may choose its own)."""
        return self.BOARD(self)

    def make_frame(self, size: tuple[int, int]) -> Frame:
        """The window's regions for this mode (a mode may put its side panel under the board)."""
        return Frame(size)

    def resize(self, size: tuple[int, int]) -> None:
        self.frame = self.make_frame(size)
        self.place(animate=False)
        self.hud.place(self.frame, self.side_buttons)
        self.board.resized()

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
        return self.link.demo_input(e) or self.board.handle_event(e) or refuse_input(self, e)  # spectators: told

    def handle_key(self, e: pygame.event.Event) -> bool:
        return self.board.handle_key(e)

    def base_key(self, e: pygame.event.Event) -> bool:
        """The keys of every play scene: Esc (pause, or leave a replay), F1 (rules), the side buttons' keys."""
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
        return False

    @property
    def locked(self) -> bool:
        """No picking: the game is over, a demo or a replay is playing, this window watches a room's game."""
        return self.game.over or self.demo or self.replaying or self.watching

    def card_at(self, pos: tuple[int, int]) -> int | None:
        return self.board.card_at(pos)

    def pick(self, i: int) -> None:
        """Select or unselect the i-th table card; three selected cards are submitted."""
        self.board.pick(i)

    def submit(self, cards: list[int]) -> None:
        """Three cards were picked: make the mode's move."""

    def pause(self) -> None:
        if not self.game.over:
            # online, the host may end the game for everyone (the pause screen asks first); a guest may not
            end_all = self.session.end_for_everyone if self.online and self.session.hosting else None
            self.app.manager.push("pause", {**cover_data(self), "end_all": end_all})

    def exit(self) -> None:
        """Leaving the game unfinished (the menu, a quit): its save keeps the clock as it is now."""
        self.link.leave()

    def cover(self) -> None:
        """A pause, help or tutorial screen is over the game: its clock stops."""
        self.session.pause(self.app.now)

    def resume(self) -> None:
        self.session.resume(self.app.now)

    def show_help(self) -> None:
        self.app.manager.push("help", cover_data(self))

    # ----- moves -------------------------------------------------------------------------
    def acting_seat(self) -> int:
        """The seat the keyboard and mouse act for (hot seat: the caller)."""
        return 0

    def play(self, move: str, seat: int | None = None) -> str | None:
        """Act in the session for ``seat`` (default: the acting seat); on refusal say why and return None."""
        event = self.link.act(move, seat)
        if event is None:
            self.board.refused()
        return event

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

    def float_text(self, s: str, pos, color, area: pygame.Rect | None = None) -> None:
        self.effects.float_text(s, pos, color, self.frame.unit, area)

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
        if self.online:
            follow_room(self)
        for s in self.sprites.values():
            s.update(dt)
        for s in self.leaving:
            s.update(dt)
        self.leaving = [s for s in self.leaving if not s.dead]
        self.effects.update(dt)
        self.toast.update(dt)
        self.link.advance(dt)
        self.warm_art(dt)
        self.board.update(dt)

    def warm_art(self, dt: float) -> None:
        """Draw ahead the card faces the next move may need (see ``ArtWarmer``): none in a busy frame in
        which a card about to turn draws its own face, more while all the cards lie still."""
        moving = sum(s.move is not None for s in self.sprites.values())
        if moving > BUSY_CARDS and any(s.drawing_ahead(self.art()) for s in self.sprites.values()):
            return  # a busy frame: a card about to turn draws its face in it, and that is enough
        still = not moving and not self.leaving and not any(s.busy for s in self.sprites.values())
        self.warmer.step(dt, self.table, self.art, STILL_STEPS if still else 1)

    def step_replay(self, dt: float) -> None:
        self.link.step_replay(dt)

    def finish(self) -> None:
        """The game is over (or the replay ended): on to the results."""
        self.link.finish()

    def seat_name(self, p: str) -> str:
        """How the window calls player ``p`` everywhere: "You", "Bot (expert)", or "P3"."""
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
        """What, when it changes, makes the whole window be drawn again."""
        return self.board.hud_key()

    def side_key(self) -> tuple:
        """What the side panel shows that may change between moves (a countdown, a bot's state)."""
        return self.board.side_key()

    def regions(self) -> list[tuple[pygame.Rect, Any]]:
        """(area, what it shows) for parts drawn again alone when what they show changes."""
        return self.board.regions()

    def dirty(self, alpha: float) -> list[pygame.Rect] | None:
        return self.board.dirty(alpha)

    def draw(self, surface: pygame.Surface) -> None:
        self.board.draw(surface)

    def title(self) -> str:
        return play_title(self.data, self.game.label() or MODES[self.mode].title, self.frame)

    def clock_label(self) -> str:
        """The clock: time played, or the time left of a timed game."""
        left = self.session.left
        return clock_text(left + 0.999) if left is not None else clock_text(self.clock)

    def clock_urgent(self) -> bool:
        """Show the clock in red (a countdown nearly out)."""
        left = self.session.left
        return left is not None and left < 10

    def draw_top(self, surface: pygame.Surface) -> None:
        tag = "REPLAY" if self.replaying else "DEMO" if self.demo else audience_tag(self)
        self.hud.draw_top(surface, self.frame, self.title(), tag, self.clock_label() if self.SHOW_CLOCK else None,
                          self.clock_urgent())
        deck = self.v.get("deck", 0)
        if deck or self.SHOW_DECK:
            self.draw_deck(surface, deck)

    def draw_deck(self, surface: pygame.Surface, n: int) -> None:
        self.hud.draw_deck(surface, self.frame, n, str(self.app.settings.get("palette", "standard")))

    def draw_side(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        if surface.get_clip().colliderect(rect):
            theme.panel(surface, rect)
