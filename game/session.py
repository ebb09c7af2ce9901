"""Sessions: a game in time, with its seats, clock, calls, bots and result (pygame-free).

A variant (``game.variants``) knows the rules of positions; a session knows
everything else that is not pixels: who sits where, the game clock, call
windows and their time-outs, bots thinking and acting, Blitz's end, and the
result.  The window, the online server, ``--demo``, the tests and
``python -m game.match`` all drive the same session.

Time is passed in, never read: ``tick(now)`` and ``act(seat, action, now)``
take ``now`` in seconds on any steadily rising clock (``time.monotonic()``
in the window).  The session keeps ``clock``, the seconds of play, and
catches up exactly over any gap: what falls due inside it (a call that
times out, a bot that has seen a Set, Blitz's 3:00) happens at its own
moment, in time order.  ``pause(now)`` stops the clock (a pause screen, a
window left); ``resume(now)`` starts it again.

Everything that happens is an *event*, a line of text with its time:
``"P2 call @3.20"``, ``"P2 set 1RDE 2GOH 3PSF @3.75"``, ``"undo @9.00"``.
``events`` is the whole list, so a save, a replay and an online room are a
seed plus events, and a window animates what was appended since it last
looked.

>>> s = new_session("classic", seed=5, seats=["human", "bot:expert"], now=100.0)
>>> s.tick(160.0); s.view(0)["clock"]
60.0
>>> s.view(0)["scores"]["P2"] > 0      # the bot took Sets while the player looked on
True
>>> t = from_json(s.to_json()); t.view(0)["clock"], t.events == s.events
(60.0, True)
"""

from __future__ import annotations

import json
from typing import Any

from . import variants
from .bots import LEVELS, Bot
from .cards import is_set, plural
from .errors import IllegalMove
from .move import Move
from .practice import GAME_SET, PARTNER
from .variants.deck import new_game

VERSION = 1
CALL_TIME = 5.0  # seconds a caller has to pick three cards (a setting: 3 to 15)
BOT_SHOW = 0.55  # seconds a bot's call is shown, its three cards lit, before its pick is played
MAX_STEPS = 100_000  # events one tick may fire at most (a guard; a real game has a few hundred)
SESSION_WORDS = frozenset({"call", "undo", "redo", "lapse", "go"})  # events that are not variant moves


def seat_kind(seat: Any) -> str:
    """Check one seat: ``"human"``, ``"remote"`` (a player elsewhere) or ``"bot:<level>"``.

    >>> seat_kind("bot:expert"), seat_kind("human")
    ('bot', 'human')

    :raises ValueError: naming the bad seat and the kinds there are.
    """
    if isinstance(seat, str) and seat in ("human", "remote"):
        return seat
    if isinstance(seat, str) and seat.startswith("bot:") and (seat[4:] in LEVELS or seat[4:] == PARTNER):
        return "bot"
    raise ValueError(f"a seat is 'human', 'remote' or 'bot:<level>' (levels: {', '.join(LEVELS)}, {PARTNER}), "
                     f"not {seat!r}")


def _stamp(t: float) -> str:
    return f"@{t:.2f}"


class Session:
    """One game in time.  Build it with ``new_session`` or ``from_json``."""

    def __init__(self, mode: str, seed: int = 0, seats: list[str] | None = None,
                 options: dict[str, Any] | None = None, now: float = 0.0, level: dict[str, Any] | None = None,
                 call_time: float = CALL_TIME, tag: dict[str, Any] | None = None, follow: bool = False,
                 practice: dict[str, Any] | None = None, pace: list[float] | None = None, source: Any = None) -> None:
        options = dict(options or {})
        cls = variants.game_class(mode)
        self.realtime = cls.REALTIME
        self.timed = self.realtime or cls.TIMED  # its moves carry their time
        # moves that take (or try to take) cards: they need the call
        self.picks = frozenset({"set", "miss", cls.PICK})
        if seats is None:
            seats = list(cls.DEFAULT_SEATS)
            if "players" in cls.OPTIONS:
                n = int(options.get("players", len(seats)))
                seats = (seats + ["bot:casual"] * n)[:n]
        if not isinstance(seats, list) or not seats:
            raise ValueError(f"seats is a list of one to four seats, not {seats!r}")
        # a bare bot level ("fast") is how saves from before the "bot:" prefix name a bot
        seats = [f"bot:{s}" if isinstance(s, str) and s in LEVELS and s != "human" else s for s in seats]
        kinds = [seat_kind(s) for s in seats]
        if "players" in cls.OPTIONS:
            if options.get("players", len(seats)) != len(seats):
                raise ValueError(f"{plural(len(seats), 'seat')} for {plural(options['players'], 'player')}")
            if len(seats) > 1 or "players" in options:
                options["players"] = len(seats)
        elif len(seats) != 1:
            raise ValueError(f"{mode} is played alone: one seat, not {len(seats)}")
        if "bot" in kinds and not (self.realtime and cls.BOTS):
            raise ValueError(f"bots do not play {cls.TITLE}")
        if not isinstance(call_time, (int, float)) or not 1.0 <= call_time <= 60.0:
            raise ValueError(f"call time is 1 to 60 seconds, not {call_time!r}")
        self.mode = mode
        self.seed = seed
        self.seats = list(seats)
        self.options = options
        self.level = level
        self.tag = dict(tag or {})  # what the window keeps with a game (a daily's date, a level's id)
        self.call_time = float(call_time)
        if source is not None:  # the cards come from a deck source (game.variants.deck: online rooms)
            self.game = new_game(cls, seed, source, **options)
        else:
            self.game = variants.load(level, **options) if level is not None else variants.new(mode, seed, **options)
        self.source = source
        #: the facts of the deal and of each move (game.variants.deck), with a source
        self.facts: list[dict[str, Any]] = [] if source is None else [source.played(self.game)]
        self.players = [f"P{i + 1}" for i in range(len(seats))]
        practice = practice if isinstance(practice, dict) else {}
        self.bots = {p: Bot(p, s[4:], seed + 7, practice=practice.get(s[4:], 0) if s[4:] != PARTNER else 0,
                            pace=(pace or [GAME_SET["human"]]) if s[4:] == PARTNER else None)
                     for p, s, k in zip(self.players, seats, kinds) if k == "bot"}
        self.clock = 0.0  # seconds of play
        self.last = float(now)  # the `now` of the last tick
        self.paused = False
        self.events: list[str] = []
        self.caller: str | None = None  # who holds the call
        self.call_ends = 0.0
        self.pending: str | None = None  # a bot's pick, played when its call ends
        self.hold_until = 0.0  # 20/20: the won hand stays on the table until then
        self.changed = 0.0  # when the position last changed (bots plan from then)
        self.follow = follow  # a replica of a game decided elsewhere (online): its events come by apply_event

    # ----- who is who ------------------------------------------------------------
    def player(self, seat: int | str | None) -> str:
        """The player name (``"P1"``…) of a seat given as its index from 0 or as ``"P1"``.

        :raises IllegalMove: on a seat that is not in this game.
        """
        if isinstance(seat, str) and seat in self.players:
            return seat
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(self.seats):
            return self.players[seat]
        raise IllegalMove(f"no seat {seat!r} in this game (seats 0 to {len(self.seats) - 1})")

    def kind(self, player: str) -> str:
        return seat_kind(self.seats[int(player[1:]) - 1])

    @property
    def over(self) -> bool:
        return self.game.over

    @property
    def left(self) -> float | None:
        """Seconds left in a mode with a time limit (Blitz), else None."""
        limit = self.game.time_limit
        return None if limit is None else max(0.0, limit - self.clock)

    # ----- time ---------------------------------------------------------------------
    def tick(self, now: float) -> None:
        """Catch up to ``now``: the clock runs (unless paused or over) and what fell due happens in order."""
        now = float(now)
        gap = max(0.0, now - self.last)
        self.last = max(self.last, now)
        if not self.paused and not self.over:
            self._run_to(self.clock + gap)

    def pause(self, now: float) -> None:
        """Stop the clock at ``now`` (a pause screen, the window left)."""
        self.tick(now)
        self.paused = True

    def resume(self, now: float) -> None:
        """Start the clock again from ``now``."""
        self.last = max(self.last, float(now))
        self.paused = False

    def due(self) -> float | None:
        """Seconds of play until something falls due by itself (a call's end, a bot's move, Blitz's
        end); None for nothing.  A window may sleep that long."""
        if self.follow or self.paused or self.over:
            return None
        nxt = self._next_due()
        return None if nxt is None else max(0.0, nxt[0] - self.clock)

    def _run_to(self, target: float) -> None:
        if self.follow:  # nothing falls due here: the deciding side sends what happened
            self.clock = max(self.clock, target)
            return
        for _ in range(MAX_STEPS):
            due = self._next_due()
            if due is None or due[0] > target or self.over:
                break
            self.clock = max(self.clock, due[0])
            due[1]()
        if not self.over:
            self.clock = max(self.clock, target)

    def _next_due(self) -> tuple[float, Any] | None:
        """The earliest thing that falls due: (time, what to do)."""
        if self.caller is not None:
            bot = self.bots.get(self.caller) if self.pending is None else None
            if bot is not None:  # a bot between cards (Memory): its next card, within its call
                plan = bot.plan(self.game, max(self.changed, self.hold_until))
                if plan is not None and max(plan[0], self.clock) < self.call_ends:
                    p = self.caller
                    return max(plan[0], self.clock), lambda: self._bot_acts(p, plan[1])
            return self.call_ends, self._end_call
        limit = self.game.time_limit
        best = (limit, self._time_up) if limit is not None else None
        if self.bots and self.clock < self.hold_until:
            return self.hold_until, lambda: None  # the won hand is shown; bots look again after it
        if self.bots:
            for p, bot in self.bots.items():
                plan = bot.plan(self.game, max(self.changed, self.hold_until))
                if plan is not None and (best is None or max(plan[0], self.clock) < best[0]):
                    best = (max(plan[0], self.clock), lambda p=p, plan=plan: self._bot_acts(p, plan[1]))
        return best

    def _time_up(self) -> None:
        self.caller = self.pending = None
        self._record("end", self.game.time_limit)

    def _end_call(self) -> None:
        """A call's time is over: a bot's pick is played; a person's call lapses and costs."""
        who, pick = self.caller, self.pending
        assert who is not None  # due only while a call is under way
        self.caller = self.pending = None
        if pick is not None:
            self._record(pick)
            self._turned(who)
            return
        penalty = self.game.timeout_move(who)
        self._record(penalty if penalty is not None else f"{who} lapse")

    def _bot_acts(self, player: str, move: str) -> None:
        self.bots[player].reset()
        m = Move.parse(move)
        if m.verb not in self.picks:
            self._record(move)
            return
        if self.caller != player:  # a pick: the call first (unless between cards)
            self._record(f"{player} call")
            self._open_call(player, self.clock)
        if self.game.ONE_BY_ONE:  # a card turned up (Memory): played at once, as a person's click is
            self._record(move)
            self._turned(player)
        else:  # three cards: shown lit for the call's moment, then played
            self.pending = move

    # ----- acting -----------------------------------------------------------------
    def act(self, seat: int | str, action: str, now: float) -> str:
        """Act for ``seat`` at ``now``: ``"call"``, ``"undo"``, ``"redo"`` or a move in the notation
        (without player or time: the session adds them).  A pick that is no Set is played as a
        ``miss``.  Returns the event recorded.

        :raises IllegalMove: saying why the action is refused; nothing changes.
        """
        self.tick(now)
        player = self.player(seat)
        if self.kind(player) == "bot":
            raise IllegalMove(f"{player} is a bot's seat")
        if not isinstance(action, str) or not action.strip():
            raise IllegalMove("an action is a word or a move, as text")
        word = action.split()[0].lower()
        if self.paused:
            self.resume(now)
        if word in ("undo", "redo"):
            return self._undo_redo(word)
        if self.over:
            raise IllegalMove("the game is over")
        if word == "call":
            return self._call(player)
        if word == "go":  # 20/20: on to the next hand now, without waiting for the won hand's pause
            if self.clock >= self.hold_until:
                raise IllegalMove("no hand is waiting to be dealt")
            self.hold_until = self.clock
            return self._record(f"{player} go")
        m = Move.parse(action)
        if m.time is not None:
            raise IllegalMove("a move carries no time: the session stamps it")
        if m.player not in (None, player):
            raise IllegalMove(f"you play as {player}, not {m.player}")
        if not self.realtime:
            return self._record(str(m))
        return self._realtime_move(player, m)

    def stop(self, now: float) -> str:
        """End the game at ``now`` as it stands (a demo's time is up, a host closes the room).

        :raises IllegalMove: when it is over already.
        """
        self.tick(now)
        if self.over:
            raise IllegalMove("the game is over")
        self.caller = self.pending = None
        return self._record("end")

    def _call(self, player: str) -> str:
        if not self.realtime:
            raise IllegalMove(f"there are no calls in {self.mode}")
        self._check_free(player)
        if self.caller == player:
            raise IllegalMove(f"{player} has called already: pick three cards")
        event = self._record(f"{player} call")
        self._open_call(player, self.clock)
        return event

    def withdraw(self, seat: int | str, now: float) -> str:
        """``seat`` takes back its call at no cost (an online pick that came after the table changed);
        recorded as a ``lapse``.  Returns the event.

        :raises IllegalMove: when ``seat`` does not hold the call.
        """
        self.tick(now)
        player = self.player(seat)
        if self.caller != player or self.over:
            raise IllegalMove(f"{player} holds no call to take back")
        self.caller = self.pending = None
        return self._record(f"{player} lapse")

    def forfeit(self, seat: int | str, now: float) -> str:
        """``seat`` made a wrong pick that cannot be played as cards (an online pick of cards that left
        the table well before it came): it costs what a call that runs out costs (a pick made without
        a call calls first).  Returns the last event.

        :raises IllegalMove: when the game is over or another player holds the call.
        """
        self.tick(now)
        player = self.player(seat)
        if self.over:
            raise IllegalMove("the game is over")
        if not self.realtime:
            raise IllegalMove("too late: the table changed before your pick arrived")
        if self.caller != player:
            self._check_free(player)
            self._record(f"{player} call")
        self.caller = self.pending = None
        penalty = self.game.timeout_move(player)
        return self._record(penalty if penalty is not None else f"{player} lapse")

    def _check_free(self, player: str) -> None:
        if self.clock < self.hold_until:
            raise IllegalMove("wait: the next hand is being dealt")
        if self.caller is not None and self.caller != player:
            raise IllegalMove(f"{self.caller} has called SET: wait for their pick")

    def _realtime_move(self, player: str, m: Move) -> str:
        self._check_free(player)
        if self.game.whole_pick(m.verb):
            move = self.game.pick_move(player, m.cards)  # the mode decides what a right pick is
            played = Move.parse(move)  # read once: played as it is, not read again
        else:
            played = Move(m.verb, m.cards, player, m.target)
            if m.verb == "set" and len(m.cards) == 3 and not is_set(*m.cards):
                played = Move("miss", m.cards, player)  # a wrong pick (the engine still checks the cards lie out)
            move = str(played)
        verb = played.verb
        picks = verb in self.picks
        implicit = self.caller is None and picks
        event = self._record(move, played=played)  # raises, changing nothing, if refused
        if implicit:  # a pick made without a call first: the call is part of it
            self.events.insert(len(self.events) - 1, f"{player} call {_stamp(self.clock)}")
            self._open_call(player, self.clock)
        if picks:
            self._turned(player)
        else:
            self.caller = self.pending = None
        return event

    def _open_call(self, player: str, t: float) -> None:
        """``player`` calls at ``t``: the one place a call's time is decided, live, resumed and online.

        A call covers the whole pick: in Memory (``ONE_BY_ONE``) the whole turn of three cards, one call
        time from the call, for people and bots alike, never renewed per card.  Elsewhere a person has the
        call time to pick three; a bot has picked already, and its call shows its three cards ``BOT_SHOW``.
        """
        self.caller = player
        quick = player in self.bots and not self.game.ONE_BY_ONE
        self.call_ends = round(t, 2) + (BOT_SHOW if quick else self.call_time)  # from the call as written

    def _turned(self, player: str) -> None:
        """After a pick recorded for ``player``: with cards still to turn (Memory) they keep the call,
        within the time it was opened with; else the call is over."""
        if self.game.picking(player):
            self.caller = player
        else:
            self.caller = self.pending = None

    def _undo_redo(self, word: str) -> str:
        if self.realtime:
            raise IllegalMove(f"there is no {word} in {self.mode}")
        if word == "undo":
            self.game.undo()  # the game counts it (its result says undo was used)
        else:
            self.game.redo()
        self.changed = self.clock
        self.events.append(f"{word} {_stamp(self.clock)}")
        return self.events[-1]

    def _record(self, move: str, at: float | None = None, played: Move | None = None) -> str:
        """Play ``move`` (variant moves go to the engine) and log it with its time.  ``played``: the move
        as a ``Move`` (without its time) when the caller has it, so that its text is not read again."""
        t = self.clock if at is None else at
        stamp = _stamp(t)
        event = f"{move} {stamp}"
        if played is not None:
            verb = played.verb
        else:
            words = move.split()
            verb = words[1] if words[0][:1] == "P" and len(words) > 1 and words[0][1:].isdigit() else words[0]
        if verb not in SESSION_WORDS:
            before = self.game.hand
            if played is not None:  # as ``Move.parse(event)`` reads it: the time rounded as written
                self.game.play(Move(played.verb, played.cards, played.player, played.target, round(float(stamp[1:]), 2))
                               if self.timed else played)
            else:
                self.game.play(event if self.timed else move)
            if self.source is not None:
                self.facts.append(self.source.played(self.game))
            self.changed = t
            if self.realtime and self.game.hand != before and not self.game.over:
                self.hold_until = t + self.game.HAND_PAUSE
        self.events.append(event)
        return event

    # ----- replaying -------------------------------------------------------------------
    def replay(self, events: list[str]) -> None:
        """Apply recorded events in order (a resumed save, an online room's log).

        :raises ValueError: naming the event that fails.
        """
        for i, event in enumerate(events):
            try:
                self.apply_event(event)
            except (ValueError, IndexError) as e:
                raise ValueError(f"event {i + 1} ({event!r}) fails: {e}") from None

    def apply_event(self, event: str) -> None:
        """Apply one event as it was recorded elsewhere (its time included).

        :raises IllegalMove: when the event does not fit this game.
        """
        if not isinstance(event, str) or not event.strip():
            raise IllegalMove("an event is text")
        words = event.split()
        if not words[-1].startswith("@"):
            raise IllegalMove("an event carries its time (@seconds)")
        t = Move.parse(f"end {words[-1]}").time
        assert t is not None  # the word is a time
        if t < self.clock - 1e-6:
            raise IllegalMove(f"time goes backwards: {words[-1]} after @{self.clock:.2f}")
        self.clock = t
        body = words[:-1]
        if body and body[0] in ("undo", "redo"):
            self._undo_redo(body[0])
            return
        player = body[0] if len(body) > 1 and body[0][:1] == "P" and body[0][1:].isdigit() else None
        verb = body[1] if player else body[0]
        if verb == "call":
            caller = self.player(player)  # a call without a player is refused
            self.events.append(event)
            self._open_call(caller, t)
            return
        if verb == "go":
            self.hold_until = t
        if verb == "lapse" or self.caller is not None:
            self.caller = self.pending = None
        if verb in ("lapse", "go"):
            self.events.append(event)
            return
        self._record(" ".join(body), t)
        if player is not None and verb in self.picks:
            self._turned(player)

    # ----- what a player sees ----------------------------------------------------------
    def view(self, seat: int | str | None = None) -> dict[str, Any]:
        """The variant's view plus ``clock``, ``left``, ``seats``, ``scores`` and the call in progress.

        ``seat`` is who looks (None: an onlooker); every mode so far shows everyone the same.
        """
        if seat is not None:
            self.player(seat)
        v = self.game.view()
        score = v.get("scores", v.get("score"))
        v.update({
            "clock": round(self.clock, 3), "left": self.left, "seats": list(self.seats),
            "scores": dict(score) if isinstance(score, dict) else {"P1": score},
            "caller": self.caller, "call_left": max(0.0, self.call_ends - self.clock) if self.caller else None,
            "call_time": self.call_time, "picking": list(Move.parse(self.pending).cards) if self.pending else None,
            "hold": max(0.0, self.hold_until - self.clock), "paused": self.paused, "undos": self.game.undos,
            "events": len(self.events),
        })
        return v

    def result(self) -> dict[str, Any]:
        """How the game ended, as plain data: ``won``, ``score``, ``time``, ``standings`` and more."""
        g = self.game
        scores = self.view()["scores"]
        ranked = sorted(self.players, key=lambda p: (-_num(scores.get(p)), p))  # scores: more is better
        standings = [{"player": p, "seat": int(p[1:]) - 1, "kind": self.seats[int(p[1:]) - 1],
                      "score": scores.get(p)} for p in ranked]
        return {"mode": self.mode, "over": g.over, "won": bool(g.won), "score": g.score,
                "time": round(self.clock, 2), "standings": standings, "title": g.title,
                "lower_is_better": g.lower_is_better, "ended": bool(g.ended), "undos": g.undos, "moves": len(g.history)}

    # ----- saving -------------------------------------------------------------------------
    def to_json(self) -> str:
        """The session as a replay plus its clock and call: ``from_json`` resumes it exactly."""
        data = {"session": VERSION, "mode": self.mode, "seed": self.seed, "seats": self.seats,
                "options": self.options, "call_time": self.call_time, "clock": round(self.clock, 6),
                "events": list(self.events), "tag": self.tag,
                "call": {"caller": self.caller, "ends": self.call_ends, "pending": self.pending,
                         "at": len(self.events)},
                "bots": {p: b.state() for p, b in self.bots.items()}}
        if self.level is not None:
            data["level"] = self.level
        return json.dumps(data)


def _num(x: Any) -> float:
    return float(x) if isinstance(x, (int, float)) and not isinstance(x, bool) else 0.0


def new_session(mode: str, seed: int = 0, seats: list[str] | None = None, options: dict[str, Any] | None = None,
                now: float = 0.0, **kw: Any) -> Session:
    """A new game of ``mode`` in time, its clock at 0 at ``now``.

    Keywords: ``level`` (a level dict instead of a seed), ``call_time``, ``tag``, ``practice`` (Sets each
    bot level has seen taken before, ``{level: n}``), ``pace`` (the person's recent seconds a Set, for a
    ``bot:partner``), ``follow`` (a replica
    whose events are decided elsewhere and given to ``apply_event``: its clock runs, nothing falls due),
    ``source`` (where the cards come from, ``game.variants.deck``: a room's ``Seeded`` deck, whose
    ``facts`` of the deal and of each move say what the table showed; a replica's ``Revealed`` one).

    :raises ValueError: on an unknown mode, a bad seed, seat or option.
    """
    return Session(mode, seed, seats, options, now, **kw)


def from_json(text: str, now: float = 0.0, source: Any = None) -> Session:
    """A session rebuilt from ``to_json`` text: its events replayed, its clock and call as they were,
    the clock running again from ``now``.

    :raises ValueError: naming the damaged field or the event that fails.
    """
    data = variants.saved_object(text)
    if "session" not in data:  # a plain variant save (moves only): replayed as a session at its last time
        return _from_variant(data, now)
    if data.get("session") != VERSION:
        raise ValueError(f"saved game version {data.get('session')!r} is not one this game reads")
    fields = {"mode": str, "seats": list, "options": dict, "events": list, "tag": dict, "bots": dict}
    for name, kind in fields.items():
        if not isinstance(data.get(name, kind()), kind):
            raise ValueError(f"saved game field {name!r}: not {kind.__name__}")
    seed = data.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**64:
        raise ValueError(f"saved game field 'seed': a whole number from 0 to 2**64-1, not {seed!r}")
    clock = data.get("clock", 0.0)
    if not isinstance(clock, (int, float)) or isinstance(clock, bool) or not 0 <= clock < 1e7:
        raise ValueError(f"saved game field 'clock': not a time, {clock!r}")
    level = data.get("level")
    if level is not None and not isinstance(level, dict):
        raise ValueError("saved game field 'level': not an object")
    call_time = data.get("call_time", CALL_TIME)
    try:
        s = Session(data["mode"], seed, data.get("seats"), data.get("options", {}), now, level=level,
                    call_time=call_time, tag=data.get("tag", {}), source=source)
    except TypeError as e:
        raise ValueError(f"saved game: {e}") from None
    s.replay(data.get("events", []))
    s.clock = max(s.clock, float(clock))
    call = data.get("call")
    # the call as saved holds only if no event came after it (a journal appends events to an older header)
    if isinstance(call, dict) and call.get("caller") in s.players and not s.over \
            and call.get("at", len(s.events)) == len(s.events):
        ends, pending = call.get("ends"), call.get("pending")
        if isinstance(ends, (int, float)) and not isinstance(ends, bool):
            s.caller, s.call_ends = call["caller"], float(ends)
            s.pending = pending if isinstance(pending, str) and call["caller"] in s.bots else None
    for p, state in data.get("bots", {}).items():
        if p in s.bots:
            s.bots[p].set_state(state, s.game)
    return s


def _from_variant(data: dict[str, Any], now: float) -> Session:
    g = variants.from_json(json.dumps(data))
    seats = data.get("seats")
    s = Session(g.name, g.seed, list(seats) if isinstance(seats, list) else None, dict(g.options), now,
                level=g.level)
    for m in g.history:
        s.game.play(m)
        s.events.append(m if "@" in m else f"{m} {_stamp(s.game.clock)}")
    s.clock = s.changed = float(s.game.clock)
    return s
