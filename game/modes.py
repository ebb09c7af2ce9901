"""What the menu, setup screen, help overlay and results read of each mode: a view of its class.

Pure data (no pygame).  Nothing of a mode is written here: every fact comes
from the mode's class in ``game/variants/<mode>.py`` (its ``TITLE``,
``TAGLINE``, ``HELP``, ``KEYS``, ``SETUP`` rows, ``setup_values``,
``setup_note`` and ``TUTORIAL``), and the list of modes from the registry
``game.variants.MODES``.  ``MODES[name]`` is that mode's ``ModeInfo``;
``ORDER`` is the menu's order (the registry's).

>>> MODES["classic"].title, "classic" in ORDER
('Classic', True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from . import variants
from .variants.base import Game
from .variants.facts import BOT_LEVELS, TABLE_KEYS, WINDOW_KEYS, Option

__all__ = ["BOT_LEVELS", "MODES", "ORDER", "TABLE_KEYS", "WINDOW_KEYS", "ModeInfo", "Option", "defaults"]


@dataclass(frozen=True)
class ModeInfo:
    name: str
    title: str
    tagline: str
    scene: str  # the play scene's registered name (the mode's own: scenes find it by its class)
    help: str
    options: tuple[Option, ...] = field(default_factory=tuple)
    #: setup values -> the scene's start data ({"options": engine options, "seats": ...})
    build: Callable[[dict[str, Any]], dict[str, Any]] = lambda values: {"options": dict(values)}
    #: setup values -> a line of advice under the options ("" for none)
    note: Callable[[dict[str, Any]], str] = lambda values: ""
    #: the help overlay's line on the mouse and the keys
    keys: str = f"{TABLE_KEYS} · {WINDOW_KEYS}"
    #: the scene the help overlay's Tutorial opens (started with {"overlay": True, "mode": name})
    tutorial: str = "tutorial"
    #: the mode's class, where everything else it declares is read
    game: type[Game] = Game


def info_of(cls: type[Game]) -> ModeInfo:
    """The ModeInfo a mode's class declares."""
    return ModeInfo(cls.NAME, cls.TITLE, cls.TAGLINE, cls.NAME, cls.HELP, cls.SETUP, cls.setup_values,
                    cls.setup_note, cls.KEYS, cls.TUTORIAL, cls)


class _Infos(Mapping[str, ModeInfo]):
    """The registry's modes as ModeInfo, read from their classes when asked (a registered mode shows)."""

    def __getitem__(self, mode: str) -> ModeInfo:
        if mode not in variants.MODES:
            raise KeyError(mode)
        return info_of(variants.game_class(mode))

    def __iter__(self) -> Iterator[str]:
        return iter(list(variants.MODES))

    def __len__(self) -> int:
        return len(variants.MODES)


MODES: Mapping[str, ModeInfo] = _Infos()
#: menu order: the registry's (a list shared with it, so a registered mode is in it)
ORDER = variants.MODES


def defaults(info: ModeInfo) -> dict[str, Any]:
    return {o.key: o.default for o in info.options}
