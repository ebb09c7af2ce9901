"""The registry of modes: ``MODES`` names every mode, once; ``new``, ``load`` and ``from_json`` find one.

Each mode is one module here defining ``GAME``, its Game subclass, which
declares everything the program knows of it (``game.variants.base.Game``:
title, setup rows, kinds of result, seats, real time, online, bots, daily,
results).  Every list of modes in the program — the command line, the menu,
the daily screen, stats, the online lobby, smoke runs, the bench — is read
from ``MODES``, in this order (the menu's).  A mode kept elsewhere (a test's
toy mode) joins with ``register(name, module)``.

>>> g = new("findall", seed=3)
>>> g.name, len(g.view()["table"])
('findall', 12)
"""

from __future__ import annotations

import importlib
import json
from typing import Any

from .base import VERSION, Game

__all__ = ["MODES", "Game", "new", "load", "from_json", "game_class", "games", "register", "unregister"]

#: the registry: every mode, in the menu's order (a list, so a registered mode is seen by every reader)
MODES: list[str] = ["classic", "points", "findall", "pillars", "mags", "twenty",
                    "junior", "chain", "ultra", "memory", "shuffle"]
_ELSEWHERE: dict[str, str] = {}  # a mode whose module is not in this package -> its module


def game_class(mode: str) -> type[Game]:
    """The Game class of a mode.


    :raises ValueError: on an unknown mode, listing the known ones.
    """
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r}: one of {', '.join(MODES)}")
    cls: type[Game] = importlib.import_module(_ELSEWHERE.get(mode, f"{__name__}.{mode}")).GAME
    return cls


def games(where: str | None = None) -> list[type[Game]]:
    """Every mode's class in the registry's order; with ``where`` (``"ONLINE"``, ``"BOTS"``,
    ``"DAILY"``, ``"REALTIME"``), those whose fact of that name is true.

    >>> [g.NAME for g in games("DAILY")][:3]
    ['classic', 'points', 'findall']
    """
    out = [game_class(m) for m in MODES]
    return out if where is None else [g for g in out if _fact(g, where)]


def _fact(cls: type[Game], name: str) -> bool:
    facts = {"ONLINE": cls.ONLINE, "BOTS": cls.BOTS, "DAILY": cls.DAILY, "REALTIME": cls.REALTIME}
    if name not in facts:
        raise ValueError(f"no fact {name!r}: one of {', '.join(facts)}")
    return facts[name]


def register(mode: str, module: str) -> None:
    """Add a mode whose ``GAME`` lives in ``module`` (last in the menu).

    :raises ValueError: when the name is taken.
    """
    if mode in MODES:
        raise ValueError(f"mode {mode!r} is registered already")
    _ELSEWHERE[mode] = module
    MODES.append(mode)


def unregister(mode: str) -> None:
    """Take back a mode added by ``register``."""
    if mode in _ELSEWHERE:
        del _ELSEWHERE[mode]
        MODES.remove(mode)


def new(mode: str, seed: int = 0, **options: Any) -> Game:
    """A new game of ``mode`` dealt from ``seed``.


    :raises ValueError: on an unknown mode, a bad seed or option.
    """
    return game_class(mode)(seed=seed, **options)


def load(level: dict[str, Any], **options: Any) -> Game:
    """A new game from a level dict (see DESIGN.md); the mode checks every field.


    :raises ValueError: naming the field that is wrong.
    """
    if not isinstance(level, dict):
        raise ValueError("a level is a JSON object")
    mode = level.get("variant")
    if not isinstance(mode, str):
        raise ValueError("level field 'variant': missing or not text")
    return game_class(mode)(seed=_seed_of(level.get("seed", 0), "level field 'seed'"),
                            level=level, **options)


def from_json(text: str) -> Game:
    """A game rebuilt from ``to_json`` text by replaying its moves.


    :raises ValueError: saying which field is damaged or which move fails.
    """
    data = saved_object(text)
    version = data.get("version")
    if not isinstance(version, int) or version > VERSION or version < 1:
        raise ValueError(f"saved game version {version!r} is not one this game reads")
    mode = data.get("variant")
    if not isinstance(mode, str):
        raise ValueError("saved game field 'variant': missing or not text")
    options = data.get("options", {})
    moves = data.get("moves", [])
    if not isinstance(options, dict):
        raise ValueError("saved game field 'options': not an object")
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise ValueError("saved game field 'moves': not a list of moves")
    seed = _seed_of(data.get("seed", 0), "saved game field 'seed'")
    level = data.get("level")
    cls = game_class(mode)
    try:
        g = cls(seed=seed, level=level, **options) if level is not None else cls(seed=seed, **options)
    except TypeError as e:
        raise ValueError(f"saved game field 'options': {e}") from None
    for i, m in enumerate(moves):
        try:
            g.play(m)
        except ValueError as e:
            raise ValueError(f"saved game move {i + 1} ({m!r}) fails: {e}") from None
    g.load_undo_record(data)
    return g


def saved_object(text: str) -> dict[str, Any]:
    """The JSON object of a saved game's text.

    :raises ValueError: when it is not JSON, or not an object.
    """
    try:
        data = json.loads(text)
    except (ValueError, TypeError) as e:
        raise ValueError(f"not a saved game (bad JSON: {e})") from None
    if not isinstance(data, dict):
        raise ValueError("not a saved game (not a JSON object)")
    return data


def _seed_of(value: Any, field: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 2**64:
        raise ValueError(f"{field}: a seed is a whole number from 0 to {2**64 - 1}, not {value!r:.40}")
    return value
