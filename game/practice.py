"""Practice as a game's moves record it: Sets taken, a bot level's practice, a person's pace.

Pure functions of ``game.history`` (the moves as text) for the caller to keep
between games: ``practice_after`` gives the figure to store per bot level
(``Bot(..., practice=N)``), ``pace_after`` the list of a person's recent
seconds per Set that the partner bot follows (``Bot(..., "partner", pace=...)``).
``game/bots.py`` describes the model that uses them.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

from .move import Move

PACE_KEEP = 20  # the partner follows the median of this many recent seconds per Set


def check_practice(practice: Any) -> int:
    """``practice`` when it is a count of Sets.

    :raises ValueError: when it is not a whole number ≥ 0.
    """
    if isinstance(practice, bool) or not isinstance(practice, int) or practice < 0:
        raise ValueError(f"practice is a count of Sets (a whole number ≥ 0), not {practice!r}")
    return practice


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
