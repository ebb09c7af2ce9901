"""Opponents for Classic and 20/20: seeded, with human-like timing.

The model (a "horse race", after Jacob & Hochstein 2008, *Set recognition as
a window to perceptual and cognitive processes*: each Set on the table is
searched for independently and the first one seen wins, so a table holding
more Sets is solved faster, and Sets whose cards are alike are seen sooner
than Sets whose cards differ in every feature).

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

=========  ========  =====  =====  =====  =====  =======  ===============
level      reaction  scan   slope  sigma  miss   give_up  first Set, 12
=========  ========  =====  =====  =====  =====  =======  ===============
beginner   3.0       3.5    0.45   0.55   0.12   2.5      49 s (28-96)
casual     2.5       2.2    0.40   0.50   0.06   2.5      31 s (19-56)
human      2.0       1.4    0.35   0.50   0.03   2.5      19 s (12-38)
fast       1.2       0.7    0.25   0.45   0.01   2.0      9 s (6-16)
expert     0.8       0.3    0.15   0.35   0.00   2.0      4 s (3-6)
=========  ========  =====  =====  =====  =====  =======  ===============

The last column is the measured median (10th-90th percentile) time to the
first call on 400 fresh 12-card Classic deals.  "human" is pitched at a
typical adult who knows the game: 10-30 s for the first Set on a fresh
12-card table (a keen solo player clears a whole deck, 25 Sets, in about
8-10 minutes: some 20 s a Set); "expert" at strong online players (a few
seconds).  ``tools/bench_bots.py`` measures the figures.

Everything random comes from ``game.rng.Rng`` seeded by (seed, player), so a
bot game is the same every time.

>>> from game import variants
>>> g = variants.new("classic", seed=1, players=2)
>>> b = Bot("P2", "expert", seed=3)
>>> t, move = b.plan(g, 0.0)
>>> move.startswith("P2 set"), 0 < t < 30
(True, True)
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .cards import Card, code, find_sets, shared, worth
from .rng import Rng

GAMES = ("classic", "twenty")
MAX_HAND = 9  # 20/20: no drawing past this


@dataclass(frozen=True)
class Level:
    """How fast and how carefully a bot plays (the numbers are in seconds)."""

    reaction: float  # fixed time to react and call, per Set
    scan: float  # search time per card looked at
    slope: float  # extra search time per extra all-different feature
    sigma: float  # spread of the log-normal-ish noise
    miss: float  # probability that a call is a wrong pick
    give_up: float  # 20/20: draw after this many "looks" at the cards without a Set


LEVELS: dict[str, Level] = {
    "beginner": Level(3.0, 3.5, 0.45, 0.55, 0.12, 2.5),
    "casual": Level(2.5, 2.2, 0.40, 0.50, 0.06, 2.5),
    "human": Level(2.0, 1.4, 0.35, 0.50, 0.03, 2.5),
    "fast": Level(1.2, 0.7, 0.25, 0.45, 0.01, 2.0),
    "expert": Level(0.8, 0.3, 0.15, 0.35, 0.0, 2.0),
}


@dataclass(frozen=True)
class Sighting:
    """One Set a bot could take and when it would see it."""

    time: float
    cards: tuple[Card, Card, Card]
    worth: int


class Bot:
    """An opponent playing for one player of a Classic or 20/20 game.

    :raises ValueError: on an unknown level or a bad player name.
    """

    def __init__(self, player: str = "P2", level: str = "human", seed: int = 0) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown bot level {level!r}: one of {', '.join(LEVELS)}")
        if player not in ("P1", "P2", "P3", "P4"):
            raise ValueError(f"a bot plays for P1 to P4, not {player!r}")
        self.player = player
        self.level = level
        self.params = LEVELS[level]
        self.rng = Rng(seed).fork(int(player[1:]))
        self._key: Any = None
        self._plan: tuple[float, str] | None = None

    def __repr__(self) -> str:
        return f"Bot({self.player!r}, {self.level!r})"

    # ----- what the bot looks at -----------------------------------------
    def _check(self, game: Any) -> None:
        if game.name not in GAMES:
            raise ValueError(f"bots play {' and '.join(GAMES)}, not {game.name}")
        if self.player not in game.players:
            raise ValueError(f"{self.player} is not playing (players: {', '.join(game.players)})")

    def _own(self, game: Any) -> list[Card]:
        return list(game.hands[self.player]) if game.name == "twenty" else []

    def _key_of(self, game: Any) -> tuple:
        return (game.name, game.hand, tuple(game.table), tuple(self._own(game)))

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
        own = self._own(game)
        cards = own + list(game.table)
        sets = find_sets(cards)
        if game.name == "twenty" and len(own) < MAX_HAND:
            mine = set(own)
            sets = [s for s in sets if mine.intersection(s)]
        return [Sighting(now + self.see_time(len(cards), worth(*s)), s, worth(*s)) for s in sets]

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
        seen = self.sightings(game, now)
        best = min(seen, key=lambda s: s.time, default=None)
        plan = None
        if best is not None:
            miss = self._uniform() < self.params.miss
            cards = self._wrong_pick(game, best.cards) if miss else best.cards
            plan = (best.time, f"{self.player} {'miss' if miss else 'set'} {' '.join(map(code, cards))}")
        own = self._own(game)
        if game.name == "twenty" and len(own) < MAX_HAND:
            p = self.params
            n = len(own) + len(game.table)
            give_up = now + p.give_up * (p.reaction + p.scan * n) * self._noise()
            if plan is None or give_up < plan[0]:
                plan = (give_up, f"{self.player} draw")
        return plan

    def _wrong_pick(self, game: Any, cards: tuple[Card, Card, Card]) -> tuple[Card, ...]:
        """Two cards of the Set and a look-alike of the third: the usual slip."""
        i = self.rng.below(3)
        right = cards[i]
        keep = [c for c in cards if c != right]
        others = [c for c in self._own(game) + list(game.table) if c not in cards]
        wrong = max(others, key=lambda c: (shared(c, right), -c))
        return tuple(sorted(keep + [wrong]))

    def state(self) -> dict:
        """What a save keeps of the bot: its random stream and its current plan."""
        return {"rng": self.rng.state, "plan": list(self._plan) if self._plan else None}

    def set_state(self, state: Any, game: Any) -> None:
        """Take back a ``state()`` for ``game`` as it stands; a damaged one is ignored (the bot plans afresh)."""
        if not isinstance(state, dict):
            return
        rng, plan = state.get("rng"), state.get("plan")
        if isinstance(rng, int) and not isinstance(rng, bool) and 0 <= rng < 2**64:
            self.rng.state = rng
        if (isinstance(plan, list) and len(plan) == 2 and isinstance(plan[0], (int, float))
                and isinstance(plan[1], str)):
            self._plan = (float(plan[0]), plan[1])
            self._key = self._key_of(game)

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


def _time_is_up(game: Any, now: float) -> bool:
    """Classic Blitz refuses moves after its 3:00; the bot stops calling then."""
    from .variants.classic import BLITZ_SECONDS

    return game.name == "classic" and game.options.get("timed") == "blitz" and now > BLITZ_SECONDS


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
