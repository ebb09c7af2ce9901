"""The bot levels and how they learn: the levels' figures, the practice curve, the partner's
shape, and practice as a game's moves record it.

``game/bots.py`` describes the model and its sources.  The functions of
``game.history`` (the moves as text) are for the caller to keep between
games: ``practice_after`` gives the figure to store per bot level
(``Bot(..., practice=N)``), ``pace_after`` the list of a person's recent
seconds per Set that the partner bot follows (``Bot(..., "partner", pace=...)``).
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .move import Move

PACE_KEEP = 20  # the partner follows the median of this many recent seconds per Set


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
#: measured median seconds a Set over 200 whole solo Classic games, not learning (``tools/bench_bots.py``)
GAME_SET = {"beginner": 56.5, "casual": 34.25, "human": 21.1, "fast": 10.0, "expert": 4.5}

ALPHA = 0.4  # exponent of the practice curve
BEGINNER_PRIOR = 30  # Sets of practice the beginner level stands for
_B = LEVELS["beginner"].scan * BEGINNER_PRIOR**ALPHA  # scan = _B × prior^−ALPHA

PARTNER = "partner"
PACE_RANGE = (1.5, 600.0)  # the times a partner can be shaped for (seconds per Set)


def prior(scan: float) -> float:
    """The Sets of practice a search speed of ``scan`` seconds a card stands for, on the one curve.

    >>> round(prior(LEVELS["beginner"].scan)), round(prior(LEVELS["human"].scan))
    (30, 296)
    """
    sets: float = (_B / scan) ** (1 / ALPHA)  # a positive base: a real power
    return sets


def practised(level: Level, sets: int) -> Level:
    """``level`` after ``sets`` Sets of practice: ``scan`` and ``miss`` shrink by the power law.

    >>> practised(LEVELS["human"], 0) == LEVELS["human"]
    True
    >>> round(practised(LEVELS["beginner"], 270).scan, 2)
    1.39
    """
    if sets <= 0:
        return level
    e = prior(level.scan)
    f = ((e + sets) / e) ** -ALPHA
    return replace(level, scan=level.scan * f, miss=level.miss * f)


def partner_level(pace: Sequence[float]) -> Level:
    """The level whose median seconds a Set in a solo game are the median of ``pace[-PACE_KEEP:]``.

    Between two levels' times the figures are blended (by the log of the time)
    and ``scan`` is set so the median lands on the time; beyond the slowest
    level its shape is kept, beyond the fastest its times are scaled down.

    >>> round(partner_level([21.1]).scan, 6) == LEVELS["human"].scan
    True

    :raises ValueError: when ``pace`` is not a non-empty list of positive seconds.
    """
    lo, hi = PACE_RANGE
    t = min(hi, max(lo, statistics.median(check_pace(pace)[-PACE_KEEP:])))
    names = list(LEVELS)  # slowest first
    ks = {n: (GAME_SET[n] - LEVELS[n].reaction) / LEVELS[n].scan for n in names}
    if t <= GAME_SET[names[-1]]:
        fastest = LEVELS[names[-1]]
        s = t / GAME_SET[names[-1]]
        return replace(fastest, reaction=fastest.reaction * s, scan=fastest.scan * s)
    if t >= GAME_SET[names[0]]:
        a = b = names[0]
        u = 0.0
    else:
        i = next(i for i in range(len(names) - 1) if GAME_SET[names[i + 1]] <= t)
        a, b = names[i], names[i + 1]
        u = math.log(GAME_SET[a] / t) / math.log(GAME_SET[a] / GAME_SET[b])
    la, lb = LEVELS[a], LEVELS[b]

    def mix(x: float, y: float) -> float:
        return x + (y - x) * u

    reaction = mix(la.reaction, lb.reaction)
    k = mix(ks[a], ks[b])
    return Level(reaction, (t - reaction) / k, mix(la.slope, lb.slope), mix(la.sigma, lb.sigma),
                 mix(la.miss, lb.miss), mix(la.give_up, lb.give_up))


def check_practice(practice: Any) -> int:
    """``practice`` when it is a count of Sets.

    :raises ValueError: when it is not a whole number ≥ 0.
    """
    if isinstance(practice, int) and not isinstance(practice, bool) and practice >= 0:
        return practice
    raise ValueError(f"practice is a count of Sets (a whole number ≥ 0), not {practice!r}")


def check_pace(pace: Any) -> list[float]:
    """``pace`` as a list of floats when it is a non-empty list of positive seconds.

    :raises ValueError: otherwise, saying what is wrong.
    """
    if isinstance(pace, (str, bytes)) or not isinstance(pace, Sequence) or not pace:
        raise ValueError(f"pace is a non-empty list of seconds per Set, not {pace!r}")
    for t in pace:
        if isinstance(t, bool) or not isinstance(t, (int, float)) or not math.isfinite(t) or t <= 0:
            raise ValueError(f"pace holds seconds per Set (numbers > 0), not {t!r}")
    return [float(t) for t in pace]


def _sets(moves: Iterable[str]) -> Iterable[Move]:
    for text in moves:
        m = Move.parse(text)
        if m.verb == "set":
            yield m


def sets_taken(moves: Iterable[str]) -> int:
    """How many Sets were taken in a game's moves (``game.history``), by anyone.

    :raises game.errors.BadMove: on a move that cannot be read.
    """
    return sum(1 for _ in _sets(moves))


def practice_after(practice: int, moves: Iterable[str]) -> int:
    """The practice figure to keep for a bot level after a game: ``practice`` plus the Sets
    taken in the game's moves (``game.history``), the Sets its bot counted as it played.

    :raises ValueError: when ``practice`` is not a whole number ≥ 0.
    :raises game.errors.BadMove: on a move that cannot be read.
    """
    return check_practice(practice) + sets_taken(moves)


def set_seconds(moves: Iterable[str], player: str = "P1") -> list[float]:
    """Seconds ``player`` took for each of their Sets: from the previous Set taken by anyone
    (or the start of the game) to theirs.  Moves without a time are skipped.

    In a game with others this leans fast: a Set someone else took first leaves no time.

    >>> set_seconds(["P1 set 1RDE 2GOH 3PSF @12.00", "P2 set 1GDE 2POH 3RSF @20.00",
    ...              "P1 set 1PDE 2ROH 3GSF @31.50"])
    [12.0, 11.5]

    :raises game.errors.BadMove: on a move that cannot be read.
    """
    out, last = [], 0.0
    for m in _sets(moves):
        if m.time is None:
            continue
        if (m.player or "P1") == player:
            out.append(round(m.time - last, 3))
        last = m.time
    return out


def pace_after(pace: Sequence[float], moves: Iterable[str], player: str = "P1") -> list[float]:
    """The recent pace to keep for a partner after a game: ``pace`` with ``player``'s seconds
    per Set in this game (``set_seconds``) added, the last ``PACE_KEEP`` of them.

    >>> pace_after([20.0] * 19, ["P1 set 1RDE 2GOH 3PSF @12.00", "P1 set 1GDE 2POH 3RSF @20.00"])[-3:]
    [20.0, 12.0, 8.0]

    :raises ValueError: when ``pace`` is not a list (empty at first) of positive seconds.
    """
    kept = [] if isinstance(pace, (list, tuple)) and not pace else check_pace(pace)
    return (kept + [t for t in set_seconds(moves, player) if t > 0])[-PACE_KEEP:]


def memory(settings: dict[str, Any]) -> dict[str, Any]:
    """What the bots remember of past games, read from the player's settings: ``practice`` (Sets
    each level has seen taken) and ``pace`` (the player's recent seconds a Set), each left out when
    missing or damaged.  The keywords ``game.session.new_session`` takes.

    >>> memory({"bot_practice": {"human": 40, "fast": -1}, "pace": [12.0]})
    {'practice': {'human': 40}, 'pace': [12.0]}
    """
    out: dict[str, Any] = {}
    practice = settings.get("bot_practice")
    if isinstance(practice, dict):
        kept = {}
        for level, n in practice.items():
            try:
                kept[str(level)] = check_practice(n)
            except ValueError:
                pass  # a damaged figure: that level starts afresh
        out["practice"] = kept
    try:
        out["pace"] = check_pace(settings.get("pace"))
    except ValueError:
        pass
    return out


def remember(settings: dict[str, Any], seats: Sequence[str], moves: Sequence[str]) -> None:
    """After a finished game: each bot level seated has seen its Sets taken (``practice_after``), and
    a person at P1 leaves this game's seconds a Set in ``pace`` (``pace_after``).

    >>> s = {}; remember(s, ["human", "bot:human"], ["P1 set 1RDE 2GOH 3PSF @12.00"]); s
    {'bot_practice': {'human': 1}, 'pace': [12.0]}
    """
    mem = memory(settings)
    practice = mem.get("practice", {})
    for level in {s[4:] for s in seats if s.startswith("bot:") and s[4:] != PARTNER}:
        practice[level] = practice_after(practice.get(level, 0), moves)
    settings["bot_practice"] = practice
    if seats and seats[0] == "human":
        settings["pace"] = pace_after(mem.get("pace", []), moves, "P1")
