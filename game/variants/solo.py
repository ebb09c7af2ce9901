"""Helpers shared by the solitaire modes with hidden cards (pillars, mags): level fields, refusals."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..cards import Card, code, plural
from ..errors import IllegalMove
from .base import Game


def par_of(level: dict[str, Any], top: int | None = None) -> int | None:
    """A level's ``par``: null or a whole number from 0 (to ``top``).

    >>> par_of({"id": "m-1", "par": 12}, 27), par_of({"id": "m-1", "par": None})
    (12, None)

    :raises ValueError: naming the level and the field.
    """
    name = level.get("id", "level")
    par = level.get("par")
    if par is None:
        return None
    if not isinstance(par, int) or isinstance(par, bool) or par < 0 or (top is not None and par > top):
        most = f" to {top}" if top is not None else ""
        raise ValueError(f"{name}: field 'par' must be null or a whole number from 0{most}, not {par!r}")
    return par


def check_picked(cards: Sequence[Card], n: int, example: str) -> None:
    """Refuse unless the move names ``n`` distinct cards.

    :raises IllegalMove: e.g. "pick 3 cards, not 2 (like: set 1RDE 2GOH 3PSF)".
    """
    if len(cards) != n:
        raise IllegalMove(f"pick {plural(n, 'card')}, not {len(cards)} (like: {example})")
    for c in cards:
        if list(cards).count(c) > 1:
            raise IllegalMove(f"{code(c)} is picked twice")


def check_target(target: int | str | None, places: int, what: str, example: str) -> int:
    """The 0-based index of a numbered target (column or pile 1..``places``).

    :raises IllegalMove: when the target is missing, ``side`` or out of range.
    """
    if not isinstance(target, int):
        raise IllegalMove(f"name the {what} to move to, like: {example}")
    if not 1 <= target <= places:
        raise IllegalMove(f"no {what} {target}: {what}s are 1 to {places}")
    return target - 1


def copy_state(value: Any) -> Any:
    """A copy of state made of ints, strs, None, bools and (nested) lists of them.

    The base class copies element by element; the solitaire states are mostly flat lists of
    card ints, which a slice copies at C speed — it matters to solvers and random play that
    snapshot on every move.

    >>> s = [[1, 2], [3]]; t = copy_state(s); t[0].append(9); s
    [[1, 2], [3]]
    """
    if isinstance(value, list):
        if value and isinstance(value[0], list):
            return [v[:] for v in value]
        return value[:]
    return value


class SoloGame(Game):
    """A Game whose STATE fields are ints, strs, None, flat lists, or lists of flat lists:
    snapshots (taken before every move) copy them by slices."""

    def snapshot(self) -> dict[str, Any]:
        snap = {f: copy_state(getattr(self, f)) for f in self.STATE}
        snap["_rng"] = self.rng.state
        snap["_clock"] = self.clock
        return snap

    def restore(self, snap: dict[str, Any]) -> None:
        for f in self.STATE:
            setattr(self, f, copy_state(snap[f]))
        self.rng.state = snap["_rng"]
        self.clock = snap["_clock"]
