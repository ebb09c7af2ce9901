"""One room: its seats (people holding a secret token, bots), the lobby, and the session it plays.

The room decides everything: it stamps each action with its own clock (seconds
since the game began, from the ``now`` the server passes in), plays it through
the session, numbers the events that follow and hands each member the same
messages in the same order.  It knows nothing of sockets: ``out(conns, text)``
sends one text to some connections (the server gives it).

Errors: ``ProtocolError`` for a message that makes no sense here (sent back as
``error``), ``IllegalMove`` for an action the game refuses (sent as ``refused``).
"""

from __future__ import annotations

import hmac
import json
import secrets
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .. import variants
from ..cards import Card, code
from ..errors import BadMove, IllegalMove
from ..move import Move
from ..session import SESSION_WORDS, Session, from_json, new_session, seat_kind
from ..variants.deck import Seeded
from ..variants.facts import BOT_LEVELS
from .protocol import ProtocolError, commitment, dump, new_salt, new_token

MAX_SEATS = 4
MAX_WATCHERS = 50  # spectators a room takes at most
KEEP_CHANGES = 256  # the table changes a room remembers to tell a stale pick (older ones: not judged)
SEEDS = 2**63  # a game's seed is in 0 .. SEEDS - 1 (the protocol's range)
#: a stale pick is excused (refused, its call lapses free) only when the change it missed reached the
#: member at most one round trip plus LAG_SLACK seconds before the pick arrived; the round trip counted
#: is at most LAG_CAP seconds (a client that holds back its pongs gains no more than that)
LAG_SLACK, LAG_CAP = 0.5, 2.0
#: how a bot level is named to players: as in the window (``game.variants.facts.BOT_LEVELS``)
LEVEL_NAMES = {level: level for level in BOT_LEVELS}
#: Modes a room plays at start-up: every mode whose class says ``ONLINE`` (Classic, 20/20, the Find-all
#: race, the online game's modes); ``online_modes()`` reads the registry again (a mode added later).
ONLINE = tuple(g.NAME for g in variants.games("ONLINE"))


def online_modes() -> list[str]:
    """Every mode a room may play now, in the registry's order."""
    return [g.NAME for g in variants.games("ONLINE")]


@dataclass
class Seat:
    kind: str  # "remote" or "bot:<level>"
    name: str
    token: str | None = None  # a person's secret; None for a bot
    conn: Any = None  # the connection holding the seat now, None while away
    gone: bool = False  # the person left during a game (the seat stays until it ends)
    first: int = 1  # the first game this seat plays in (a seat taken after game 3 is over: 4)
    since: float = 0.0  # when its connection last got the whole game (a ``state``): what it knew from then
    away: float | None = None  # since when a person's seat has had no connection (None: connected, a bot)
    extra: dict = field(default_factory=dict)

    def public(self) -> dict:
        return {"name": self.name, "kind": self.kind, "connected": self.conn is not None or self.token is None,
                "gone": self.gone}


def table_of(s: Session) -> frozenset[Card]:
    """The cards on the table (none for a mode without one)."""
    return frozenset(s.game.table_cards())


def ends(action: str) -> bool:
    """Does ``action`` end the game for everyone (``end``, ``P2 end``)?"""
    if "end" not in action.lower():
        return False
    try:
        return Move.parse(action).verb == "end"
    except BadMove:
        return False


def due_clock(s: Session) -> float | None:
    """When, on the session's clock, something next falls due (a call's end, Blitz's end, a bot's
    move, a dealt hand shown), or None for nothing until someone acts."""
    if s.over:
        return None
    if s.caller is not None:
        return s.call_ends
    dues = [] if s.left is None else [s.clock + s.left]
    if s.bots:
        if s.clock < s.hold_until:
            dues.append(s.hold_until)
        dues += [b.due for b in s.bots.values() if b.due is not None]
    return min(dues) if dues else None


class Room:
    """A room with code ``code``; ``out(conns, text)`` delivers messages."""

    def __init__(self, code: str, out: Callable[[list, str], None], mode: str | None = None,
                 options: dict | None = None, call_time: float = 5.0, seed: int | None = None) -> None:
        self.code = code
        self.out = out
        self.seats: list[Seat] = []
        self.host = 0
        self.mode, self.call_time = variants.MODES[0], 5.0  # the menu's first mode
        self.options: dict[str, Any] = {}
        self.configure(self.mode if mode is None else mode, options or {}, call_time)
        self.seed = seed  # the first game's deal (tests, a shared deal); else a fresh random one each game
        self.number = 0  # games dealt so far
        self.session: Session | None = None
        #: the server logs new events here before they are sent: (session, events before, the new events)
        self.on_events: Callable[[Session, int, list[str]], None] = lambda s, before, new: None
        self.last_result: dict | None = None
        self.last_names: list[str] = []  # each seat's name as the last game was played (a seat may change)
        self.logged = 0  # events of the current game written to the log
        self.table: frozenset[Card] = frozenset()  # the cards on the table as the last events left it
        #: (last event number, when it went out, cards that came or went)
        self.changes: deque[tuple[int, float, frozenset[Card]]] = deque(maxlen=KEEP_CHANGES)
        self.now = 0.0  # the ``now`` of the last action or tick (when events go out)
        self.salt = ""  # the current game's salt: its commitment is sha256 of seed and salt (protocol.py)
        self.told: dict[int, dict[str, Any]] = {}  # event number (0: the deal) -> what it showed (variants.deck)
        self.mapped = 0  # events of the current game whose facts are in ``told``
        self.used = 1  # the session's facts put there (its first: the deal's)
        self.public = False  # listed among the public games (``listing``); the host says so
        #: the spectators' connections, each with the first game it may see the result of (one it watched)
        self.watchers: dict[Any, int] = {}

    # ----- the lobby ------------------------------------------------------------------------
    def configure(self, mode: str, options: dict, call_time: float) -> None:
        """Set the mode and its options (checked by building a game of them).

        :raises ProtocolError: on a mode not played online or options the mode refuses.
        """
        modes = online_modes()
        if mode not in modes:
            raise ProtocolError(f"mode {mode!r} is not played online: one of {', '.join(modes)}")
        if "players" in options:
            raise ProtocolError("options: the seats make the players (add bots or friends)")
        opts = dict(options)
        try:
            variants.new(mode, 0, **opts)
        except (ValueError, TypeError) as e:
            raise ProtocolError(f"options: {e}") from None
        self.mode, self.options, self.call_time = mode, opts, float(call_time)

    @property
    def playing(self) -> bool:
        return self.session is not None and not self.session.over

    def current(self) -> Session:
        """The session of the game dealt last.

        :raises ProtocolError: when no game has been dealt yet.
        """
        if self.session is None:
            raise ProtocolError("no game has been dealt in this room yet")
        return self.session

    def add_person(self, name: str) -> tuple[int, str]:
        """A new person takes the next seat: (seat, token).

        :raises ProtocolError: when the room is full or a game is being played.
        """
        if self.playing:
            raise ProtocolError("a game is being played in this room: join when it is over")
        if len(self.seats) >= MAX_SEATS:
            raise ProtocolError(f"the room is full ({MAX_SEATS} seats)")
        token = new_token()
        self.seats.append(Seat("remote", name, token, first=self.number + 1))
        return len(self.seats) - 1, token

    def seat_of_token(self, token: str) -> int:
        """The seat a token holds (compared in constant time).

        :raises ProtocolError: when no seat has it.
        """
        found = -1
        for i, seat in enumerate(self.seats):
            if seat.token is not None and hmac.compare_digest(seat.token.encode(), token.encode()):
                found = i
        if found < 0:
            raise ProtocolError("no seat in this room has that token")
        return found

    def check_host(self, seat: int, what: str) -> None:
        if seat != self.host:
            raise ProtocolError(f"only the host may {what}")
        if self.playing:
            raise ProtocolError(f"a game is being played: {what} when it is over")

    def next_host(self) -> int:
        """Who hosts after the host: the longest-present person still connected (seats are in the order
        people came), else the longest-present person still in the room, else seat 0."""
        people = self.people()
        here = [i for i in people if self.seats[i].conn is not None]
        return (here or people or [0])[0]

    def hand_over(self, now: float, grace: float) -> bool:
        """Pass the host role on when the host left, or has had no connection for ``grace`` seconds
        while someone else is here (during a game too).  True when it changed hands."""
        host = self.seats[self.host] if 0 <= self.host < len(self.seats) else None
        staying = host is not None and host.token is not None and not host.gone
        if host is not None and staying and (host.conn is not None or host.away is None or now - host.away < grace):
            return False  # the host is here, or only just went away (a reconnection takes a moment)
        new = self.next_host()
        if new == self.host or staying and self.seats[new].conn is None:
            return False  # nobody else is here to take it: the host keeps it until someone comes
        self.host = new
        return True

    def present(self) -> bool:
        """Is any person connected?  (Bots do not count: with nobody here the room waits.)"""
        return any(x.token is not None and x.conn is not None for x in self.seats)

    def hold(self, now: float) -> None:
        """Nobody is here: the game's clock stops and its bots wait (``go_on`` starts it again)."""
        s = self.session
        if s is not None and not s.over and not s.paused and not self.present():
            self.tick(now)
            s.pause(now)

    def go_on(self, now: float) -> None:
        """Someone is here again: the clock runs from ``now``."""
        s = self.session
        if s is not None and s.paused and self.present():
            s.resume(now)

    @property
    def paused(self) -> bool:
        return self.session is not None and self.session.paused

    def add_bot(self, seat: int, level: str) -> None:
        """The host puts a bot of ``level`` in the next seat.

        :raises ProtocolError: not the host, a game on, a full room, an unknown level.
        """
        self.check_host(seat, "add bots")
        game = variants.game_class(self.mode)
        if not (game.BOTS and game.REALTIME):
            raise ProtocolError(f"bots do not play {game.TITLE}: invite friends instead")
        try:
            seat_kind(f"bot:{level}")
        except ValueError as e:
            raise ProtocolError(str(e)) from None
        if len(self.seats) >= MAX_SEATS:
            raise ProtocolError(f"the room is full ({MAX_SEATS} seats)")
        self.seats.append(Seat(f"bot:{level}", f"Bot ({LEVEL_NAMES.get(level, level)})"))

    def unseat(self, seat: int, which: int) -> None:
        """The host takes away a bot, or the seat of someone who is away.

        :raises ProtocolError: not the host, a game on, no such seat, a person who is here.
        """
        self.check_host(seat, "change seats")
        if not 0 <= which < len(self.seats) or which == self.host:
            raise ProtocolError(f"no seat {which} to take away")
        if self.seats[which].conn is not None:
            raise ProtocolError("a person who is here keeps their seat (they may leave)")
        self.remove(which)

    def remove(self, which: int) -> None:
        del self.seats[which]
        if self.host > which:
            self.host -= 1
        elif self.host == which:
            self.host = self.next_host()

    def people(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.token is not None and not s.gone]

    def make_public(self, seat: int, on: bool) -> None:
        """The host lists the room among the public games, or takes it off the list.

        :raises ProtocolError: when ``seat`` is not the host's.
        """
        if seat != self.host or not 0 <= seat < len(self.seats):
            raise ProtocolError("only the host may make the room public or private")
        self.public = on

    def listing(self) -> dict[str, Any] | None:
        """The room as the list of public games shows it, or None when it is not listed: private, nobody
        here, or full with no game under way (nothing to join, nothing to watch)."""
        free = MAX_SEATS - len(self.seats)
        if not self.public or not self.present() or not (self.playing or free > 0):
            return None
        return {"code": self.code, "mode": self.mode, "players": len(self.seats), "free_seats": free,
                "started": self.playing, "spectators": self.spectators()}

    # ----- spectators ----------------------------------------------------------------------
    def watch(self, conn: Any) -> None:
        """``conn`` watches the room: it is told what players are told, and can do nothing.

        :raises ProtocolError: when the room has ``MAX_WATCHERS`` spectators already.
        """
        if len(self.watchers) >= MAX_WATCHERS:
            raise ProtocolError(f"this room has {MAX_WATCHERS} spectators, the most it takes: try again later")
        self.watchers[conn] = self.number if self.playing else self.number + 1

    def unwatch(self, conn: Any) -> bool:
        """``conn`` stops watching; True when it was watching."""
        return self.watchers.pop(conn, None) is not None

    def spectators(self) -> int:
        """How many watch the room (the one count every message and the list show)."""
        return len(self.watchers)

    # ----- playing -------------------------------------------------------------------------
    def start(self, seat: int, now: float) -> None:
        """The host deals a game (a first one, or again after one is over) with the seats as they are.

        :raises ProtocolError: not the host, a game on, or seats the mode cannot take.
        """
        self.check_host(seat, "start")
        for i in reversed([i for i, s in enumerate(self.seats) if s.gone]):
            self.remove(i)
        seed = (self.seed + self.number) % SEEDS if self.seed is not None else secrets.randbelow(SEEDS)
        try:
            s = new_session(self.mode, seed, [x.kind for x in self.seats], dict(self.options), now,
                            call_time=self.call_time, source=Seeded())
        except (ValueError, TypeError) as e:
            raise ProtocolError(f"cannot start: {e}") from None
        self.session, self.number, self.logged, self.now = s, self.number + 1, 0, now
        self.salt, self.mapped = new_salt(), 0
        self.map_facts()
        self.table, self.changes = table_of(s), deque(maxlen=KEEP_CHANGES)
        for i, x in enumerate(self.seats):
            if x.conn is not None:
                self.out([x.conn], dump(self.state(i)))
        if self.watchers:
            self.out(list(self.watchers), dump(self.state(-1)))

    def act(self, seat: int, action: str, now: float, msg_id: int | None, seen: int | None = None,
            lag: float = 0.0) -> list[str]:
        """Play ``action`` for ``seat`` at ``now``; every new event goes to every member.  ``seen`` is how
        many events of this game the member had when it acted, ``lag`` its connection's round trip in
        seconds: a pick naming a card that later events took away (or brought) is stale.  When those
        events reached the member at most one round trip plus ``LAG_SLACK`` s before the pick arrived,
        it is refused without cost, and a call the member made without having seen them is taken back
        (a ``lapse``, no penalty); a staler pick is a wrong pick (it costs what a call that runs out
        costs).  Ending the game (``end``) is the host's alone.

        :raises ProtocolError: when no game is being played, or ``seen`` counts events never sent.
        :raises IllegalMove: when the game refuses it, the pick is stale and excused (nothing else
            changes), or a guest tries to end the game.
        """
        s = self.session
        if s is None or s.over:
            raise ProtocolError("no game is being played: wait for the host to start")
        if seen is not None and seen > len(s.events):
            raise ProtocolError(f"act: field 'seen': {seen} events, but this game has {len(s.events)} so far")
        if ends(action):
            if seat != self.host:
                raise IllegalMove("only the host may end the game for everyone (Leave gives up your own seat)")
            self.end(seat, now, msg_id)
            return s.events[-1:]
        self.tick(now)
        if s.over:
            raise IllegalMove("the game is over")
        player = s.players[seat]
        action = self.by_place(action)
        if seen is not None and self.stale(seat, player, action, seen, now, lag):
            return self.wrong(seat, now, msg_id)
        words = action.split()
        if not s.realtime and len(s.players) > 1 and words and words[0].lower() not in ("call", "undo", "redo") \
                and not (words[0][:1] in "Pp" and words[0][1:].isdigit()):
            action = f"{player} {action}"  # a race (Find-all): the finder is named in the move
        before = len(s.events)
        try:
            s.act(seat, action, now)
        except IllegalMove:
            raise
        except ValueError as e:  # any other refusal in words is a refusal too, never a crash
            raise IllegalMove(str(e)) from None
        self.emit(before, msg_id, seat)
        return s.events[before:]

    def by_place(self, action: str) -> str:
        """A face-down card named by its place (``flip #4``: a client does not know its face) as its code.

        :raises IllegalMove: when no card lies at that place.
        """
        words = action.split()
        g = self.current().game
        if not (g.FACE_DOWN and len(words) == 2 and words[1][:1] == "#" and words[1][1:].isdigit()):
            return action
        table, k = g.table_cards(), int(words[1][1:])
        if k >= len(table):
            raise IllegalMove(f"no card at place {k} (the table holds {len(table)})")
        return f"{words[0]} {code(table[k])}"

    def end(self, seat: int, now: float, msg_id: int | None = None) -> None:
        """The host ends the game for everyone, as it stands.

        :raises ProtocolError: not the host, or no game being played.
        :raises IllegalMove: when the mode has no end but its own (Find-all ends when all are found).
        """
        s = self.session
        if seat != self.host:
            raise ProtocolError("only the host may end the game for everyone (leave gives up your own seat)")
        if s is None or s.over:
            raise ProtocolError("no game is being played: nothing to end")
        self.tick(now)
        if s.over:
            return
        before = len(s.events)
        try:
            s.stop(now)
        except ValueError as e:  # a mode that cannot be ended early says so
            raise IllegalMove(str(e)) from None
        self.emit(before, msg_id, seat)

    def stale(self, seat: int, player: str, action: str, seen: int, now: float, lag: float) -> bool:
        """Is this a pick of cards that changed after event ``seen`` (the member had not seen it)?
        False when it is not; True when it is and too stale to excuse (a wrong pick).

        :raises IllegalMove: saying which cards, when it is stale but excused: the change reached the
            member within a round trip plus ``LAG_SLACK`` s (its own call, made as blindly, lapses).
        """
        s = self.current()
        try:
            m = Move.parse(action)
        except BadMove:
            return False  # the session says what is wrong with it
        if not (s.game.whole_pick(m.verb) or m.verb == "miss") or not m.cards:
            return False
        picked = set(m.cards)
        first: dict[Card, float] = {}  # each picked card: when the first change to it after ``seen`` went out
        for n, at, cards in self.changes:
            if n > seen:
                for c in picked & cards:
                    first.setdefault(c, at)
        hit = sorted(code(c) for c in first)
        if not hit:
            return False
        window = min(max(0.0, lag), LAG_CAP) + LAG_SLACK
        reached = max(self.seats[seat].since, min(first.values()))
        if now - reached > window:
            return True  # it had time to see it: a wrong pick like any other
        before = len(s.events)
        called = next((i + 1 for i in range(before - 1, -1, -1) if s.events[i].startswith(f"{player} call ")), 0)
        if s.caller == player and called > seen:
            s.withdraw(seat, now)
            self.emit(before, None, None)
        raise IllegalMove(f"too late: {' '.join(hit)} changed on the table before your pick arrived "
                          "(not counted)")

    def wrong(self, seat: int, now: float, msg_id: int | None) -> list[str]:
        """A stale pick the member had time to see: charged as a wrong pick (what a call that runs
        out costs; a pick made without a call calls first)."""
        s = self.current()
        before = len(s.events)
        try:
            s.forfeit(seat, now)
        except ValueError as e:
            raise IllegalMove(str(e)) from None
        self.emit(before, msg_id, seat)
        return s.events[before:]

    def tick(self, now: float) -> None:
        """Catch the game up to ``now`` (bots, time-outs, Blitz's end); new events go out."""
        s = self.session
        self.now = max(self.now, now)
        if s is None or s.over:
            return
        before = len(s.events)
        s.tick(now)
        if len(s.events) > before:
            self.emit(before, None, None)

    def due(self) -> float | None:
        """The ``now`` at which ``tick`` next has something to do (None: nothing until someone acts)."""
        s = self.session
        if s is None or s.paused:
            return None
        at = due_clock(s)
        return None if at is None else s.last + max(0.0, at - s.clock)

    def emit(self, before: int, msg_id: int | None, seat: int | None) -> None:
        s = self.current()
        new = s.events[before:]
        table = table_of(s)
        if table != self.table:
            self.changes.append((len(s.events), self.now, table ^ self.table))  # the oldest goes
            self.table = table
        self.map_facts()
        self.on_events(s, before, new)
        conns = self.members()
        for k, e in enumerate(new):
            who = e.split()[0]
            msg: dict[str, Any] = {"type": "event", "n": before + k + 1,
                                   "seat": int(who[1:]) - 1 if who[:1] == "P" and who[1:].isdigit() else None,
                                   "move": e, **self.told.get(before + k + 1, {})}
            if msg_id is not None and seat is not None:
                msg["id"] = msg_id
            self.out(conns, dump(msg))
        if s.over:
            self.last_result = s.result()
            self.last_names = [x.name for x in self.seats]
            self.out(conns, dump({"type": "over", "result": self.last_result, "seed": s.seed, "salt": self.salt}))
            self.out_lobby()

    def map_facts(self) -> None:
        """Put the facts of the session's new steps (its deal, each move) under their event numbers:
        what each event shows (``game.variants.deck``), sent with it and, to a rejoin, in ``state``."""
        s = self.current()
        if self.mapped == 0:
            self.told = {0: s.facts[0]} if s.facts[0] else {}
            self.used = 1
        for n in range(self.mapped + 1, len(s.events) + 1):
            words = s.events[n - 1].split()
            verb = words[1] if words[0][:1] == "P" and words[0][1:].isdigit() and len(words) > 1 else words[0]
            if verb not in SESSION_WORDS and self.used < len(s.facts):
                if s.facts[self.used]:
                    self.told[n] = s.facts[self.used]
                self.used += 1
        self.mapped = len(s.events)

    # ----- what members are told ---------------------------------------------------------------
    def conns(self) -> list:
        """The connections of the seats (people here; spectators are not among them)."""
        return [x.conn for x in self.seats if x.conn is not None]

    def members(self) -> list:
        """Everyone told the room's events: the seats' connections, then the spectators'."""
        return self.conns() + list(self.watchers)

    def state(self, seat: int) -> dict:
        """Everything so far of the current game, for one member (seat -1: a spectator)."""
        s = self.current()
        out = {"type": "state", "room": self.code, "mode": s.mode, "commit": commitment(s.seed, self.salt),
               "seats": list(s.seats), "events": list(s.events), "shown": [[n, f] for n, f in self.told.items()],
               "options": dict(s.options), "call_time": s.call_time, "clock": round(s.clock, 3),
               "names": [x.name for x in self.seats], "seat": seat, "game": self.number, "over": s.over,
               "spectators": self.spectators()}
        if s.over:  # the deal may be checked now
            out.update(seed=s.seed, salt=self.salt)
        return out

    def played(self, seat: int) -> bool:
        """Did ``seat`` sit in the current (or last) game?  A stranger who came after it did not: they
        see the lobby, never that game's events, result or the names of those who left it."""
        return 0 <= seat < len(self.seats) and self.session is not None and self.seats[seat].first <= self.number

    def lobby(self, seat: int, watched: bool = False) -> dict:
        """The lobby as ``seat`` sees it (-1: a spectator, who ``watched`` the last game or not)."""
        played = self.played(seat) or seat < 0 and watched and self.session is not None
        seats = [x.public() for x in self.seats]
        if not played:
            for x in seats:
                if x["gone"]:
                    x["name"] = "(left)"
        return {"type": "lobby", "room": self.code, "seat": seat, "host": self.host, "mode": self.mode,
                "options": dict(self.options), "call_time": self.call_time,
                "seats": seats, "playing": self.playing, "game": self.number, "public": self.public,
                "spectators": self.spectators(),
                "result": self.last_result if played else None,
                "result_names": list(self.last_names) if played else []}

    def out_lobby(self) -> None:
        for i, x in enumerate(self.seats):
            if x.conn is not None:
                self.out([x.conn], dump(self.lobby(i)))
        for watched in (True, False):  # one text for the spectators who saw the last game, one for the rest
            conns = [c for c, first in self.watchers.items() if (first <= self.number) == watched]
            if conns:
                self.out(conns, dump(self.lobby(-1, watched)))

    # ----- kept in the room log -----------------------------------------------------------------
    def record(self) -> dict:
        s = self.session
        game = None if s is None else {"number": self.number, "mode": s.mode, "seed": s.seed, "seats": s.seats,
                                       "options": s.options, "call_time": s.call_time, "salt": self.salt}
        return {"mode": self.mode, "options": self.options, "call_time": self.call_time, "seed": self.seed,
                "host": self.host, "number": self.number, "result": self.last_result, "game": game,
                "public": self.public,
                "seats": [{"kind": x.kind, "name": x.name, "token": x.token, "gone": x.gone, "first": x.first}
                          for x in self.seats]}

    def logged_state(self) -> dict[str, Any]:
        """The game's small state the log keeps with its latest events (its clock, the call under way, the
        bots'), which ``restore`` reads back."""
        s = self.current()
        return {"clock": round(s.clock, 6), "call": {"caller": s.caller, "ends": s.call_ends, "pending": s.pending},
                "bots": {p: b.state() for p, b in s.bots.items()}}

    @classmethod
    def restore(cls, code: str, out: Callable[[list, str], None], rec: dict, events: list[str],
                state: dict | None, now: float) -> Room:
        """A room rebuilt from its log: seats, setup, and its game replayed event by event.

        :raises ValueError: when the record is damaged.
        """
        room = cls(code, out, rec["mode"], rec.get("options") or {}, rec.get("call_time", 5.0), rec.get("seed"))
        room.host, room.number, room.last_result = int(rec.get("host", 0)), int(rec.get("number", 0)), \
            rec.get("result")
        room.public = rec.get("public") is True
        room.seats = [Seat(x["kind"], x["name"], x.get("token"), gone=bool(x.get("gone")),
                           first=int(x.get("first", 1)), away=now if x.get("token") else None)
                      for x in rec["seats"]]
        game = rec.get("game")
        if game:
            st = state or {}
            text = json.dumps({"session": 1, "mode": game["mode"], "seed": game["seed"], "seats": game["seats"],
                               "options": game["options"], "call_time": game["call_time"], "events": events,
                               "clock": st.get("clock", 0.0), "call": st.get("call"), "bots": st.get("bots", {}),
                               "tag": {}})
            room.session = from_json(text, now, source=Seeded())
            room.salt = str(game.get("salt") or new_salt())  # a log from before salts: a new one
            room.map_facts()
            room.logged = len(events)
            room.table = table_of(room.session)  # changes before a restart are not known: not judged
            room.now = now
            room.hold(now)  # nobody is connected yet: the game waits for someone to come back
        return room
