"""Opponents for Classic and 20/20: seeded, with human-like timing that improves with practice.

The model (a "horse race", after Jacob & Hochstein 2008, *Set recognition as
a window to perceptual and cognitive processes*, Perception & Psychophysics
70(7): each Set on the table is searched for independently and the first one
seen wins, so a table holding more Sets is solved faster, and Sets whose
cards are alike are seen sooner than Sets whose cards differ in every
feature).

When the position a bot looks at changes (the table, and in 20/20 its own
personal cards), it plans again from that moment ``t0``.  For every Set it
could take it draws a *time to see*::

    t = t0 + reaction + scan × n × (1 + slope × (worth − 1)) × noise

``n`` is the number of cards it scans (the table; in 20/20 its own cards
plus the table), ``worth`` the number of features all different (1..4), and
``noise = exp(sigma × z)`` with ``z`` a standardised sum of four uniform
draws (log-normal-ish, median 1).  It takes the Set with the earliest time.
With probability ``miss`` that call is wrong instead: it picks two of the
cards and a look-alike third that is no Set (a ``miss`` move).

In 20/20 it only looks for Sets holding at least one of its own cards (a
table-only Set does not help it), unless it holds 9 cards and cannot draw.
It also gives up looking at ``t0 + give_up × (reaction + scan × n) × noise``
and draws a card, if that comes before the first Set it would see (or if it
sees none at all).

The levels (seconds; ``n`` = 12 on a fresh Classic table):

========  ========  ====  =====  =====  ====  =======  =============  =============  =====
level     reaction  scan  slope  sigma  miss  give_up  first Set, 12  a Set, solo    prior
========  ========  ====  =====  =====  ====  =======  =============  =============  =====
beginner  3.0       3.5   0.45   0.55   0.12  2.5      49 s (28-96)   56 s (30-125)  30
casual    2.5       2.2   0.40   0.50   0.06  2.5      31 s (19-56)   34 s (20-68)   96
human     2.0       1.4   0.35   0.50   0.03  2.5      19 s (12-38)   21 s (12-40)   296
fast      1.2       0.7   0.25   0.45   0.01  2.0      9 s (6-16)     10 s (6-17)    1677
expert    0.8       0.3   0.15   0.35   0.00  2.0      4 s (3-6)      4.5 s (3-6)    13947
========  ========  ====  =====  =====  ====  =======  =============  =============  =====

"first Set, 12" is the measured median (10th-90th percentile) time to the
first call on 400 fresh 12-card Classic deals; "a Set, solo" the same for
every Set of 200 whole solo Classic games (``GAME_SET``); both with no
practice.  "human" is pitched at a typical adult who knows the game: 10-30 s
for the first Set on a fresh 12-card table (a keen solo player clears a whole
deck, 25 Sets, in about 8-10 minutes: some 20 s a Set); "expert" at strong
online players (a few seconds).  ``tools/bench_bots.py`` measures the figures.

Practice (the power law of practice, Newell & Rosenbloom 1981, *Mechanisms
of skill acquisition and the law of practice*, in its general form
``T = A + B × (N + E)^−α``: a fixed part ``A`` that practice does not
shorten, and a part that shrinks as a power of the trials ``N`` plus the
practice ``E`` brought to the task).  Here the fixed part is ``reaction`` and
the shrinking part is the search, so ``scan`` (and the chance of a wrong
pick, ``miss``) are multiplied by::

    ((E + N) / E) ^ −ALPHA

All five levels sit on one curve, ``scan = B × E^−ALPHA``: a level's
``scan`` says how much practice ``E`` it stands for (the "prior" column,
in Sets; ``B`` puts the beginner at 30 Sets).  So a beginner that has seen
some 270 Sets scans as fast as "human" did at the start, while an expert
barely moves.  The shape is Newell & Rosenbloom's; ``ALPHA`` = 0.4 and the
beginner's 30 Sets are our choices, not fitted to Set players (no such data
was at hand).  Measured (``learning`` in ``tools/bench.py bots``: 30 runs of
10 solo Classic games, practice carried on), the median seconds a Set from
Sets 1-5 to Sets 21-27 of the first game, and from game 1 to game 10:
beginner 61.2 → 46.3 s (not learning: 62.6 → 58.7 s) and 50.2 → 24.0 s;
casual 36.5 → 32.7 s (36.6 → 35.2 s) and 33.2 → 21.6 s; human 22.2 → 19.9 s
(22.3 → 20.4 s) and 20.2 → 16.9 s; fast and expert move by under 0.5 s.

``N`` counts Sets the bot has seen taken, its own and others' (checking a
Set someone else took is practice too): ``practice`` Sets from earlier games
(given by the caller, who stores it per level: ``practice_after`` works out
the new figure after a game) plus the Sets taken so far in this game, which
the bot counts itself from the game's moves.  A bot made again mid-game (a
resumed game) counts the same, so a replay is the same game.

The "partner" level (``Bot(..., level=PARTNER, pace=[...])``) is a close
match for one person: ``pace`` is that person's recent seconds per Set
(``pace_after`` keeps the list), and the partner is shaped so that its median
seconds a Set over a solo game are the median of the last ``PACE_KEEP`` of
them: between two levels' ``GAME_SET`` times its figures are blended, by the
log of the time.  It takes no ``practice`` and does not learn in the game:
the person's pace already holds their learning, and it follows them from
game to game.  ``learns=False`` gives any level that fixed strength too.

Everything random comes from ``game.rng.Rng`` seeded by (seed, player), so a
bot game is the same every time.

>>> from game import variants
>>> g = variants.new("classic", seed=1, players=2)
>>> b = Bot("P2", "expert", seed=3)
>>> t, move = b.plan(g, 0.0)
>>> move.startswith("P2 set"), 0 < t < 30
(True, True)
>>> practice_after(40, ["P1 set 1RDE 2GOH 3PSF @9.00", "P2 miss @12.00"])
41
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .cards import Card, code, find_sets, shared, worth
from .practice import (
    ALPHA,
    GAME_SET,
    LEVELS,
    PACE_KEEP,
    PARTNER,
    Level,
    check_pace,
    check_practice,
    pace_after,
    partner_level,
    practice_after,
    practised,
    prior,
    set_seconds,
    sets_taken,
)
from .rng import Rng

__all__ = ["ALPHA", "GAME_SET", "LEVELS", "PACE_KEEP", "PARTNER", "Bot", "Level", "Sighting", "pace_after",
           "partner_level", "practice_after", "practised", "prior", "set_seconds", "sets_taken", "simulate"]



@dataclass(frozen=True)
class Sighting:
    """One Set a bot could take and when it would see it."""

    time: float
    cards: tuple[Card, ...]
    worth: float
    move: str | None = None  # the move as the mode lists it (modes with bot_options), else made from the cards


class Bot:
    """An opponent playing for one player of a Classic or 20/20 game.

    ``practice``: Sets this level has seen taken in earlier games (see
    ``practice_after``); ``pace``: for the ``PARTNER`` level only, the
    person's recent seconds per Set (see ``pace_after``); ``learns=False``:
    a bot of fixed strength, as the level's table says (the partner never learns).

    :raises ValueError: on an unknown level, a bad player name, a bad
        ``practice``, or a ``pace`` missing for the partner or given to another level.
    """

    def __init__(self, player: str = "P2", level: str = "human", seed: int = 0, practice: int = 0,
                 pace: Sequence[float] | None = None, learns: bool = True) -> None:
        if level not in LEVELS and level != PARTNER:
            raise ValueError(f"unknown bot level {level!r}: one of {', '.join(LEVELS)}, {PARTNER}")
        if player not in ("P1", "P2", "P3", "P4"):
            raise ValueError(f"a bot plays for P1 to P4, not {player!r}")
        self.player = player
        self.level = level
        self.practice = check_practice(practice)
        self.learns = bool(learns) and level != PARTNER
        self.pace = None if pace is None else check_pace(pace)  # the partner's only
        if level == PARTNER:
            if self.pace is None:
                raise ValueError("the partner needs the person's pace: recent seconds per Set")
            self.base = partner_level(self.pace)
        elif pace is not None:
            raise ValueError(f"pace is for the {PARTNER} level, not {level!r}")
        else:
            self.base = LEVELS[level]
        self.seen = 0  # Sets taken in this game, when the bot last looked
        self._counted, self._last = 0, None  # how many of the game's moves are counted, and the last
        self.params = self._learned()
        self.rng = Rng(seed).fork(int(player[1:]))
        self._key: Any = None
        self._plan: tuple[float, str] | None = None

    def __repr__(self) -> str:
        return f"Bot({self.player!r}, {self.level!r})"

    @property
    def experience(self) -> int:
        """Sets of practice the bot's timing stands on now: earlier games plus this one so far
        (0 for a bot that does not learn)."""
        return self.practice + self.seen if self.learns else 0

    def _learned(self) -> Level:
        return practised(self.base, self.experience)

    # ----- what the bot looks at -----------------------------------------
    def _check(self, game: Any) -> None:
        if not game.BOTS:
            raise ValueError(f"bots play the modes that say so (game.variants.games('BOTS')), not {game.name}")
        if self.player not in game.players:
            raise ValueError(f"{self.player} is not playing (players: {', '.join(game.players)})")

    def _own(self, game: Any) -> list[Card]:
        own: list[Card] = game.own_cards(self.player)
        return own

    def _key_of(self, game: Any) -> tuple[Any, ...]:
        if game.LISTS_OPTIONS:  # a mode that lists its own options: any move may change them
            return (game.name, len(game.history), tuple(game.table))
        return (game.name, game.hand, tuple(game.table), tuple(self._own(game)))

    def _look(self, game: Any) -> None:
        """Count the Sets taken so far in the game (its practice in this game): the new moves only."""
        moves, n, seen = game.history, self._counted, self.seen
        if n > len(moves) or (n and moves[n - 1] != self._last):  # moves were taken back: count again
            n, seen = 0, 0
        seen += sets_taken(moves[n:])
        self._counted, self._last = len(moves), moves[-1] if moves else None
        if seen != self.seen:
            self.seen = seen
            self.params = self._learned()

    # ----- random draws --------------------------------------------------
    def _uniform(self) -> float:
        return (self.rng.next_u64() >> 11) * 2.0**-53

    def _noise(self) -> float:
        # Irwin–Hall: the sum of 4 uniforms has mean 2 and variance 1/3.
        z = (sum(self._uniform() for _ in range(4)) - 2.0) * math.sqrt(3.0)
        return math.exp(self.params.sigma * z)

    def see_time(self, n: int, w: int) -> float:
        """Seconds to see one Set of worth ``w`` among ``n`` cards (one seeded draw).

        >>> Bot(level="human").see_time(12, 1) > 0
        True
        """
        p = self.params
        return p.reaction + p.scan * n * (1.0 + p.slope * (w - 1)) * self._noise()

    # ----- planning ------------------------------------------------------
    def sightings(self, game: Any, now: float) -> list[Sighting]:
        """Fresh times to see every Set this bot would look for, in Set order.

        :raises ValueError: when the game is not one bots play, or the player is not in it.
        """
        self._check(game)
        if game.LISTS_OPTIONS:  # the mode lists what could be taken, each with its difficulty
            return self._option_sightings(game, now)
        own = self._own(game)
        cards = own + list(game.table)
        sets = find_sets(cards)
        if game.may_draw(self.player):
            mine = set(own)
            sets = [s for s in sets if mine.intersection(s)]
        return [Sighting(now + self.see_time(len(cards), worth(*s)), s, worth(*s)) for s in sets]

    def _option_sightings(self, game: Any, now: float) -> list[Sighting]:
        """Sightings of the moves a mode lists with their difficulty (``bot_options``).

        Difficulty 0 is a guess (Memory: a card never seen).  A bot that knows a
        Set turns toward it and guesses only when it knows none.  Each Set it
        knows is searched for as in Classic (the earliest seen wins).  Otherwise
        the next card is one decision, the card among the choices drawn at
        random: the next card of a turn begun takes ``TURN_SHARE`` of a reaction
        time (in Classic the reaction covers a call and a pick of three); a guess
        that starts a turn takes a reaction time and ``GUESS`` seconds more (a
        look at the cards just shown first, so a person has the same moment to
        start a turn).  No card is ever turned quicker than ``TURN_FLOOR``, a
        person's quickest card.
        """
        options = game.bot_options(self.player)
        known = [o for o in options if o.difficulty >= 1]
        midway = game.picking(self.player)
        if known and not midway:
            n = len(game.table)
            return [Sighting(now + max(TURN_FLOOR, self.see_time(n, round(o.difficulty))), tuple(o.cards),
                             o.difficulty, o.move) for o in known]
        choices = known or options
        if not choices:
            return []
        o = choices[self.rng.below(len(choices))]
        if midway:  # the next card of a turn begun
            t = max(TURN_FLOOR, TURN_SHARE * self.params.reaction * self._noise())
        else:  # a turn begun toward nothing known: a look at what was shown, then a guess
            t = max(TURN_FLOOR, self.params.reaction * self._noise()) + GUESS
        return [Sighting(now + t, tuple(o.cards), o.difficulty, o.move)]

    def plan(self, game: Any, now: float) -> tuple[float, str] | None:
        """The bot's next move and when it will make it, as ``(time, move)`` without ``@time``.

        Planned afresh when the position the bot looks at has changed since the
        last plan, else the same plan.  None: the bot has nothing to do.

        :raises ValueError: when the game is not one bots play, or the player is not in it.
        """
        self._check(game)
        if game.over or _time_is_up(game, now):
            self.reset()
            return None
        key = self._key_of(game)
        if key != self._key:
            self._key = key
            self._plan = self._make_plan(game, now)
        return self._plan

    def _make_plan(self, game: Any, now: float) -> tuple[float, str] | None:
        self._look(game)
        now = round(now, 2)  # moves are written to the 1/100 s: a game resumed from them plans the same
        seen = self.sightings(game, now)
        best = min(seen, key=lambda s: s.time, default=None)
        plan = None
        if best is not None and best.move is not None:
            plan = (best.time, best.move)  # a mode's own option: played as listed
        elif best is not None:
            miss = self._uniform() < self.params.miss
            cards = self._wrong_pick(game, best.cards) if miss else best.cards
            plan = (best.time, f"{self.player} {'miss' if miss else 'set'} {' '.join(map(code, cards))}")
        own = self._own(game)
        if game.may_draw(self.player):
            p = self.params
            n = len(own) + len(game.table)
            give_up = now + p.give_up * (p.reaction + p.scan * n) * self._noise()
            if plan is None or give_up < plan[0]:
                plan = (give_up, f"{self.player} draw")
        return plan

    def _wrong_pick(self, game: Any, cards: tuple[Card, ...]) -> tuple[Card, ...]:
        """Two cards of the Set and a look-alike of the third: the usual slip."""
        i = self.rng.below(3)
        right = cards[i]
        keep = [c for c in cards if c != right]
        others = [c for c in self._own(game) + list(game.table) if c not in cards]
        wrong = max(others, key=lambda c: (shared(c, right), -c))
        return tuple(sorted(keep + [wrong]))

    def state(self) -> dict[str, Any]:
        """What a save keeps of the bot: its random stream, its current plan, its practice
        (and a partner's pace)."""
        out = {"rng": self.rng.state, "plan": list(self._plan) if self._plan else None, "practice": self.practice,
               "seen": _plain(self._key)}  # the position the plan was made for
        if self.pace is not None:
            out["pace"] = list(self.pace)
        return out

    def set_state(self, state: Any, game: Any) -> None:
        """Take back a ``state()`` for ``game`` as it stands; a damaged one is ignored (the bot plans afresh),
        and so is a plan made for an earlier position (the bot plans again, as it would have)."""
        if not isinstance(state, dict):
            return
        rng, plan = state.get("rng"), state.get("plan")
        if isinstance(rng, int) and not isinstance(rng, bool) and 0 <= rng < 2**64:
            self.rng.state = rng
        current = "seen" not in state or state["seen"] == _plain(self._key_of(game))  # else a stale plan
        if (current and isinstance(plan, list) and len(plan) == 2 and isinstance(plan[0], (int, float))
                and isinstance(plan[1], str)):
            self._plan = (float(plan[0]), plan[1])
            self._key = self._key_of(game)
        try:
            self.practice = check_practice(state.get("practice", self.practice))
            if self.pace is not None and "pace" in state:
                self.base, self.pace = partner_level(state["pace"]), check_pace(state["pace"])
        except ValueError:
            pass  # a damaged figure: keep the one the bot was made with
        self.params = self._learned()

    def reset(self) -> None:
        """Forget the current plan: the next ``plan`` or ``tick`` looks afresh."""
        self._key = self._plan = None

    @property
    def due(self) -> float | None:
        """When the current plan falls due (None: no plan)."""
        return self._plan[0] if self._plan else None

    def tick(self, game: Any, now: float) -> str | None:
        """The move to play at ``now`` (text with ``@now``), or None for nothing yet.

        A move returned is forgotten: the next tick plans again from there.

        :raises ValueError: when the game is not one bots play, or the player is not in it.
        """
        plan = self.plan(game, now)
        if plan is None or now < plan[0]:
            return None
        self.reset()
        return f"{plan[1]} @{max(now, game.clock):.2f}"


GUESS = 1.5  # seconds a bot takes, beyond its reaction, to turn up a card it knows nothing of (Memory)
#: the least time a bot takes to turn a card (Memory), as a person does: watch the card turn (0.28 s),
#: find the next one and click it
TURN_FLOOR = 1.0
TURN_SHARE = 0.5  # the share of a reaction time the next card of a turn begun takes (Memory)


def _plain(key: Any) -> Any:
    """A position key as JSON keeps it (lists for tuples)."""
    return [_plain(k) for k in key] if isinstance(key, (tuple, list)) else key


def _time_is_up(game: Any, now: float) -> bool:
    """Classic Blitz refuses moves after its 3:00; the bot stops calling then."""
    limit = game.time_limit
    return limit is not None and now > limit


def simulate(game: Any, bots: list[Bot], dt: float = 0.1, limit: float = 36000.0,
             until: Callable[[Any], bool] | None = None) -> Any:
    """Let ``bots`` play ``game`` in simulated time steps of ``dt`` seconds; return the game.

    Time jumps straight to the next step at which a bot's plan falls due.
    Stops when the game is over, when ``until(game)`` is true (e.g. the first
    hand is done: ``until=lambda g: g.hand > 0``), after ``limit`` simulated
    seconds, or when no bot has anything left to do.

    :raises ValueError: when ``dt`` is not positive.
    :raises IllegalMove: if a bot's move is refused (a bug: bots only play legal moves).

    >>> from game import variants
    >>> g = simulate(variants.new("classic", seed=2, players=2), [Bot("P1", "expert"), Bot("P2", "expert")])
    >>> g.over
    True
    """
    if dt <= 0:
        raise ValueError(f"dt must be > 0, not {dt!r}")
    step = math.ceil(game.clock / dt - 1e-9)
    end = game.clock + limit
    while not game.over and not (until and until(game)):
        now = round(step * dt, 6)
        if now > end:
            break
        moved = False
        for bot in bots:
            move = bot.tick(game, now)
            if move is not None:
                game.play(move)
                moved = True
                if game.over or (until and until(game)):
                    break
        if moved:
            step += 1  # others look again at the new position next step
            continue
        dues = [b.due for b in bots if b.due is not None]
        if not dues:
            break
        step = max(step + 1, math.ceil(min(dues) / dt - 1e-9))
    return game
