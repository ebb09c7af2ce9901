"""Daily deals: the same deal for everyone on a date, share text and streaks.

Every mode's daily seed is ``rng.daily_seed(date, mode)``.  What a mode's
daily adds is declared on its class (``game.variants``): the daily
Pillars deal is the first seed of the sequence ``daily_seed, r.next_u64(),
r.next_u64(), ...`` (``r = Rng(daily_seed)``) that the solver proves
winnable as Samson (``PROVED_DAILY``); Mag's and Solitaire-Set dailies show
the solver's par (``PAR``).  The class's ``daily_entry`` works a day out.

Every choice a player sees is made by a fixed amount of solver work
(``PILLARS_WORK``, the solvers' ``PAR_NODES``), never by seconds, so a
day is the same on every machine, fast or slow (``work_out``).  The shipped
tables ``levels/daily/<mode>.json`` hold days worked out ahead of time
through ``TABLES_END``; a day past a table is worked out when asked, by the
same function.  A released day never changes: a par not proved within its
work stays "≥ N".

Day 1 is 2026-11-21.

>>> day_number("2026-11-21"), day_number("2026-12-01")
(1, 11)
>>> daily("2026-11-21", "classic").code, daily("2026-11-21", "classic").short_code
('classic-47889931570289978', 'Q7PTW-HHNN')
"""

from __future__ import annotations

import datetime as _dt
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from .cards import plural
from .loader import load_daily_table
from .resources import resource_path
from .rng import daily_seed
from .variants import MODES, Game, game_class, games

EPOCH = _dt.date(2026, 11, 21)
TABLES_END = _dt.date(2031, 12, 31)  # the shipped tables cover the days up to this one
PILLARS_TRIES = 200  # seeds tried before a day is given up as unsolvable (never seen)
PILLARS_WORK = 60_000  # solver work (arrangements expanded) on one Pillars candidate: about 2 s here

WORTH_MARKS = ("🟦", "🟩", "🟨", "🟥")  # a Set of worth 1..4 (🟥 = megaset)
MISS_MARK, HINT_MARK = "⬛", "💡"


@dataclass
class Daily:
    """One mode's deal on one date."""

    mode: str
    date: _dt.date
    seed: int
    par: int | None = None
    par_exact: bool = True
    line: list[str] = field(default_factory=list)  # a winning line, where the solver gave one

    @property
    def number(self) -> int:
        return day_number(self.date)

    @property
    def code(self) -> str:
        """The long deal code, ``mode-seed`` (still read; the screens show ``short_code``)."""
        return f"{self.mode}-{self.seed}"

    @property
    def short_code(self) -> str:
        """The code the screens show and a player can read out (``game.codes``: it names the day, so
        every daily has one), typed to play this deal again; the long code where there is none."""
        from .codes import deal_code  # game.codes reads the epoch from here

        return deal_code(self.mode, self.seed, self.date)

    @property
    def par_text(self) -> str:
        if self.par is None:
            return "—"
        return f"{self.par}" if self.par_exact else f"≥{self.par}"


def as_date(value: _dt.date | str) -> _dt.date:
    """A date from a date or ``YYYY-MM-DD``.

    :raises ValueError: on anything else.
    """
    if isinstance(value, _dt.date):
        return value
    try:
        return _dt.date.fromisoformat(value)
    except (TypeError, ValueError):
        raise ValueError(f"not a date: {value!r} (use YYYY-MM-DD)") from None


def day_number(date: _dt.date | str) -> int:
    """The daily's number: 1 on 2026-11-21."""
    return (as_date(date) - EPOCH).days + 1


def pillars_candidates(date: _dt.date | str) -> Iterable[int]:
    """The fixed sequence of seeds tried for a day's Pillars deal (``Pillars.daily_candidates``)."""
    from .variants.pillars import Pillars

    return Pillars.daily_candidates(as_date(date))


_TABLE_NOTICES: dict[str, list[str]] = {}  # mode -> what was skipped when its table was read


def _table_path(mode: str) -> Path:
    return resource_path("levels", "daily", f"{mode}.json")


@lru_cache(maxsize=1)
def _table(mode: str) -> dict[str, Any]:
    """The shipped table of precomputed dailies for a mode, every day checked (``game.loader``):
    {} when absent or unreadable; a bad day is left out and named in ``table_notices``."""
    days, notices = load_daily_table(_table_path(mode), mode)
    _TABLE_NOTICES[mode] = notices
    return days


def table_notices(mode: str) -> list[str]:
    """What was skipped, and why, when ``mode``'s daily table was read (read it first)."""
    _table(mode)
    return list(_TABLE_NOTICES.get(mode, []))


def work_out(date: _dt.date | str, mode: str) -> dict[str, Any]:
    """A day's table entry worked out by the solver, by a fixed amount of work (never seconds):
    the mode's ``daily_entry``.

    Pillars: ``{"seed", "try", "line"}``; Mag's and Solitaire-Set:
    ``{"seed", "par", "exact", "line"}``.  The same on every machine; the
    shipped tables hold exactly this for their unreleased days.

    :raises ValueError: for a mode without a solver choice, or a bad date.
    :raises RuntimeError: if no Pillars candidate is proved winnable (never seen).
    """
    d = as_date(date)
    entry = game_class(mode).daily_entry(d)
    if entry is None:
        chosen = [g.NAME for g in games() if g.PAR or g.PROVED_DAILY]
        raise ValueError(f"{mode!r} has no solver choice: {', '.join(chosen)}")
    return entry


def daily(date: _dt.date | str, mode: str, solve: bool = True) -> Daily:
    """The deal of ``mode`` on ``date``, with par where the mode has one.

    With ``solve=False`` nothing slow runs: days missing from the shipped
    table come back without par (and Pillars without its proof).

    :raises ValueError: on an unknown mode or a bad date.
    """
    d = as_date(date)
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r}: one of {', '.join(MODES)}")
    cls = game_class(mode)
    seed = daily_seed(d, mode)
    entry = _table(mode).get(d.isoformat())
    if not entry and solve:
        entry = cls.daily_entry(d)
    if entry and cls.PROVED_DAILY:
        return Daily(mode, d, entry["seed"], line=list(entry.get("line", [])))
    if entry and cls.PAR:
        return Daily(mode, d, seed, par=entry["par"], par_exact=entry.get("exact", True))
    return Daily(mode, d, seed)


# ----- share text and streaks ----------------------------------------------
def share_text(result: dict[str, Any]) -> str:
    """A spoiler-free summary of a daily result, in the style of Wordle.

    ``result`` keys: mode, date, won, score, time (seconds), and optional
    par, title, hints, misses, ``worths`` (the worth of each Set, in order),
    ``unit`` (what the score counts: "Sets", "UltraSets") and ``code`` (the
    deal's code, its last line: a friend types it to play the same deal).

    >>> print(share_text({"mode": "points", "date": "2026-11-22", "won": True, "score": 31,
    ...                   "par": 40, "time": 332, "hints": 1, "worths": [1, 4, 2], "misses": 1}))
    Set Arcade · Solitaire-Set #2
    31 points (par ≥40) · 5:32 · 1 hint
    🟦🟥🟩⬛💡
    """
    mode = result["mode"]
    cls = game_class(mode) if mode in MODES else Game
    lines = [f"Set Arcade · {cls.TITLE or mode} #{day_number(result['date'])}"]
    parts = [cls.share_line(result)]
    if result.get("time") is not None:
        t = int(result["time"])
        parts.append(f"{t // 60}:{t % 60:02d}")
    hints = result.get("hints", 0)
    if hints:
        parts.append(plural(hints, "hint"))
    lines.append(" · ".join(parts))
    marks = "".join(WORTH_MARKS[w - 1] for w in result.get("worths", []) if 1 <= w <= 4)
    marks += MISS_MARK * result.get("misses", 0) + HINT_MARK * hints
    if marks:
        lines.append(marks)
    if result.get("code"):
        lines.append(f"deal {result['code']}")
    return "\n".join(lines)


def streaks(days: Iterable[_dt.date | str], today: _dt.date | str) -> tuple[int, int]:
    """(current, longest) run of consecutive days played; the current run may end yesterday.

    >>> streaks(["2026-11-19", "2026-11-20", "2026-11-21", "2026-11-10"], "2026-11-21")
    (3, 3)
    >>> streaks(["2026-11-19", "2026-11-20"], "2026-11-22")
    (0, 2)
    """
    played = sorted({as_date(d) for d in days})
    longest = run = 0
    prev = None
    for d in played:
        run = run + 1 if prev is not None and (d - prev).days == 1 else 1
        longest = max(longest, run)
        prev = d
    t = as_date(today)
    current = run if prev is not None and (t - prev).days <= 1 else 0
    return current, longest


def main(argv: list[str]) -> int:
    """``python -m game.daily [YYYY-MM-DD]``: each mode's daily seed, deal code and par."""
    try:
        date = as_date(argv[0]) if argv else _dt.date.today()
    except ValueError as e:
        print(e, file=sys.stderr)
        return 2
    print(f"Set Arcade daily #{day_number(date)} — {date.isoformat()}")
    for cls in games():
        d = daily(date, cls.NAME)
        print(f"  {cls.TITLE:<16} seed {d.seed:<20} code {d.code} ({d.short_code})"
              f"{cls.daily_note(d.par_text, d.line)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
