"""What a mode declares besides its rules: setup rows, kinds of result, key hints (pure data).

Every mode's class (``game/variants/<mode>.py``) sets these as class
attributes, next to its rules, so the menu, setup screen, help, stats,
results, dailies and the online lobby all read one place.

>>> Option("players", "Players", ((1, "1"), (2, "2")), 2).labels()
['1', '2']
>>> Kind("sprint", "Sprint", lower_is_better=True, unit="seconds").lower_is_better
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

#: the bot levels, weakest first: one list for the window, the server and the command line
BOT_LEVELS: tuple[str, ...] = ("beginner", "casual", "human", "fast", "expert")
TABLE_KEYS = "Mouse: click cards · Keys: 1 2 3 / q w e / a s d / z x c pick cards"
WINDOW_KEYS = "F1 rules · Esc pause · F11 full screen"
CALL_KEYS = "Hot seat call keys: P1 Space (or click a card), P2 Enter, P3 Left Shift, P4 Right Shift"


def _always(values: dict[str, Any]) -> bool:
    return True


@dataclass(frozen=True)
class Option:
    """One row of a setup screen: a setting with a few choices (value, label)."""

    key: str
    label: str
    choices: tuple[tuple[Any, str], ...]
    default: Any
    shown: Callable[[dict[str, Any]], bool] = _always

    def labels(self) -> list[str]:
        return [label for _, label in self.choices]


@dataclass(frozen=True)
class Kind:
    """A kind of result of a mode (Classic: normal, sprint, blitz, strict): stats, bests and streaks
    are kept per (mode, kind).  ``unit`` is what the kept score counts; ``lower_is_better`` for a time;
    ``winnable`` False for a kind that has no win, only a score (Blitz: a count of Sets in 3:00)."""

    name: str
    title: str
    lower_is_better: bool = False
    unit: str = "points"
    winnable: bool = True


NORMAL = Kind("normal", "Normal")


class DealPar(NamedTuple):
    """A solitaire deal's par as its solver found it within a fixed work budget (``Game.deal_par``): the
    score of the best line found, whether no line can do better (``exact``), and the line."""

    score: int
    exact: bool
    line: list[str]


class Reach(NamedTuple):
    """Whether a position can still come to a score (``Game.reach``): ``status`` "yes" (``line`` from the
    position gets there), "no" (proved: no line can) or "unknown" (the work budget ran out)."""

    status: str
    line: list[str]


def plain(text: str) -> str:
    """Paragraphs separated by blank lines, each joined into one line (the screen wraps them).

    >>> plain("a\\nb\\n\\nc")
    'a b\\n\\nc'
    """
    return "\n\n".join(" ".join(p.split()) for p in text.split("\n\n"))


def seat_choices() -> tuple[tuple[str, str], ...]:
    """What a hot-seat setup row offers: a person, or a bot of a level (``"bot:<level>"``)."""
    # bots are "bot:<level>": the level "human" must not be taken for a person at the keyboard
    return (("human", "Human (hot seat)"),) + tuple((f"bot:{lv}", f"Bot: {lv}") for lv in BOT_LEVELS)


def seat_rows(first: int, shown: Callable[[dict[str, Any], int], bool]) -> tuple[Option, ...]:
    """Setup rows for seats ``first``..4 (``p2``…), each shown when ``shown(values, i)``."""
    return tuple(Option(f"p{i}", f"Player {i}", seat_choices(), "bot:casual", _shown_for(shown, i))
                 for i in range(first, 5))


def _shown_for(shown: Callable[[dict[str, Any], int], bool], i: int) -> Callable[[dict[str, Any]], bool]:
    """``shown`` with the seat ``i`` bound."""
    return lambda v: shown(v, i)


def seats_of(values: dict[str, Any], n: int) -> list[str]:
    """P1 (the person at the mouse) and the setup's seats 2..n.

    >>> seats_of({"p2": "bot:fast", "p3": "human"}, 3)
    ['human', 'bot:fast', 'human']
    """
    return ["human"] + [str(values.get(f"p{i}", "bot:casual")) for i in range(2, n + 1)]


def has_hot_seat(values: dict[str, Any], n: int) -> bool:
    """Does a setup with ``n`` players seat a second person at the keyboard?"""
    return any(values.get(f"p{i}") == "human" for i in range(2, n + 1))
