"""Ratings: one a mode for the person at this window, with OpenSkill's Plackett–Luce model (pygame-free).

**What is rated.**  Every finished game with opponents (bots, hot seat,
online; never a demo) moves the rating of *one* person: the window's own
seat (P1 at this keyboard, hot seat included, as nothing tells the people
at one keyboard apart; online, the seat this window plays; the server
keeps no accounts, so each player's ratings live in their own files).
There is **one rating per mode**, every kind of a mode together (Classic's
Normal, Sprint, Blitz and Strict games move one Classic rating), as
per-variant ratings go on chess sites.  Places come from the result's
``standings``: its ``place`` when given, else its scores (``lower_is_better``
says which way); equal scores share a place.

**The opponents.**  A bot level has a fixed rating a mode, measured once by
bot-vs-bot games (``tools/calibrate_bots.py``) and shipped in
``levels/bots/ratings.json``; a bot is never updated.  The partner bot is
shaped to the person's own pace, so it stands at the person's own μ (with a
bot's σ, ``BOT_SIGMA``).  Another person (hot seat, online) is unknown
here and stands as a newcomer (μ 25, σ 25/3).

**The scale** is OpenSkill's own (a newcomer μ = 25, σ = 25/3, β = 25/6),
shown times ``SCALE`` = 60 as μ ± 2σ in whole points: a newcomer is
"1500 ± 1000".  A rating is **provisional** while σ ≥ ``PROVISIONAL_SIGMA``
= 3.5 (shown: "± 420" or more): some 25 games, as OpenSkill's σ shrinks
slowly (its τ adds a little back every game).

The ratings file (``ratings.json`` in the user data folder) holds
``{"version": 1, "modes": {mode: {"mu": μ, "sigma": σ, "games": n}}}``;
every field is checked (a bad entry is dropped and the file set aside with
a notice, the rest kept); an unknown mode is dropped.

>>> me = Rating()
>>> shown(me), me.provisional
('1500 ± 1000', True)
>>> after = rate_seat([me, Rating(30.0, 1.0)], [1, 2], 0)
>>> after.mu > me.mu, after.games
(True, 1)
"""

from __future__ import annotations

import json
import math
import weakref
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .resources import resource_path
from .safefile import Damaged, parse_json, read_text, set_aside, why, write_atomic

FORMAT = 1  # version of ratings.json and of levels/bots/ratings.json
FILE = "ratings.json"
BOT_FILE = ("levels", "bots", "ratings.json")
MU, SIGMA = 25.0, 25.0 / 3  # a newcomer (openskill's defaults)
SCALE = 60  # shown points per unit of μ: a newcomer shows 1500
PROVISIONAL_SIGMA = 3.5  # a rating is provisional while σ is at least this (± 420 shown)
BOT_SIGMA = 1.0  # the σ of a bot with no calibrated entry, and of the partner
MU_RANGE = (-200.0, 250.0)  # a μ outside is a damaged file (shown -12000..15000)
SIGMA_RANGE = (1e-6, 50.0)
MAX_GAMES = 10**9
PARTNER = "partner"
#: a bot level's rating when levels/bots/ratings.json has none for it (missing, damaged or a bad entry):
#: a rough ladder, kept below the measured figures so that an unmeasured bot never rates a person up much
DEFAULT_BOTS: dict[str, tuple[float, float]] = {
    "beginner": (15.0, BOT_SIGMA), "casual": (20.0, BOT_SIGMA), "human": (25.0, BOT_SIGMA),
    "fast": (30.0, BOT_SIGMA), "expert": (35.0, BOT_SIGMA),
}


@dataclass(frozen=True)
class Rating:
    """One person's rating in one mode: μ, σ (openskill's scale) and the games it counts."""

    mu: float = MU
    sigma: float = SIGMA
    games: int = 0

    @property
    def provisional(self) -> bool:
        return self.sigma >= PROVISIONAL_SIGMA

    @property
    def points(self) -> int:
        """μ on the shown scale."""
        return round(self.mu * SCALE)

    def to_json(self) -> dict[str, Any]:
        return {"mu": round(self.mu, 6), "sigma": round(self.sigma, 6), "games": self.games}


def shown(r: Rating) -> str:
    """A rating as a player reads it: μ ± 2σ on the shown scale, "1512 ± 180".

    >>> shown(Rating(25.2, 1.5))
    '1512 ± 180'
    """
    return f"{r.points} ± {round(2 * r.sigma * SCALE)}"


def change_text(before: Rating, after: Rating) -> str:
    """The results screen's line: "Rating 1530 ± 150 (+18) · provisional".

    >>> change_text(Rating(25.2, 3.0), Rating(25.5, 1.25, 30))
    'Rating 1530 ± 150 (+18)'
    >>> change_text(Rating(), Rating(24.0, 8.0, 1))
    'Rating 1440 ± 960 (−60) · provisional'
    """
    diff = after.points - before.points
    sign = "+" if diff >= 0 else "−"
    return f"Rating {shown(after)} ({sign}{abs(diff)})" + (" · provisional" if after.provisional else "")


def _model() -> Any:
    from openskill.models import PlackettLuce

    return PlackettLuce(mu=MU, sigma=SIGMA)


def rate_seat(field: Sequence[Rating], places: Sequence[int], seat: int) -> Rating:
    """``field[seat]``'s new rating after a game whose seats finished at ``places`` (1 is first, a tie
    shares a place).  Every other seat is an opponent whose rating is used as it is and never changed.

    :raises ValueError: with fewer than two seats, places of another length or a seat out of range.
    """
    if len(field) < 2 or len(places) != len(field) or not 0 <= seat < len(field):
        raise ValueError(f"a rated game needs two seats or more, a place each and the rated seat, not "
                         f"{len(field)} seats, {len(places)} places and seat {seat}")
    model = _model()
    teams = [[model.rating(mu=r.mu, sigma=r.sigma)] for r in field]
    new = model.rate(teams, ranks=[float(p) for p in places])
    me = new[seat][0]
    return Rating(float(me.mu), float(me.sigma), field[seat].games + 1)


def places_of(result: Mapping[str, Any]) -> list[tuple[int, int, str]] | None:
    """(seat, place, seat kind) of each player of a finished game's ``result()`` (``standings``), or None
    when the standings cannot be read.  A standing's ``place`` is used when given; else places come
    from the scores (more is better unless ``lower_is_better``), equal scores sharing a place.

    >>> places_of({"standings": [{"seat": 1, "score": 5, "kind": "bot:fast"},
    ...                          {"seat": 0, "score": 5, "kind": "human"},
    ...                          {"seat": 2, "score": 1, "kind": "remote"}]})
    [(1, 1, 'bot:fast'), (0, 1, 'human'), (2, 3, 'remote')]
    """
    rows = result.get("standings")
    if not isinstance(rows, list) or not rows or not all(isinstance(r, dict) for r in rows):
        return None
    seats = [r.get("seat") for r in rows]
    if not all(isinstance(s, int) and not isinstance(s, bool) and 0 <= s < 16 for s in seats) or \
            len(set(seats)) != len(seats):
        return None
    kinds = [r.get("kind") if isinstance(r.get("kind"), str) else "human" for r in rows]
    given = [r.get("place") for r in rows]
    if all(isinstance(p, int) and not isinstance(p, bool) and 1 <= p <= len(rows) for p in given):
        return [(s, p, k) for s, p, k in zip(seats, given, kinds)]
    scores = [r.get("score") for r in rows]
    if not all(isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x) for x in scores):
        return None
    sign = 1 if result.get("lower_is_better") else -1
    order = sorted(range(len(rows)), key=lambda i: sign * scores[i])  # stable: ties keep their order
    place = [0] * len(rows)
    for n, i in enumerate(order):
        place[i] = place[order[n - 1]] if n and scores[i] == scores[order[n - 1]] else n + 1
    return [(seats[i], place[i], kinds[i]) for i in order]


# ----- the bots' fixed ratings ------------------------------------------------
BotTable = dict[str, dict[str, tuple[float, float]]]  # mode -> level -> (μ, σ)


def _is_mu(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and MU_RANGE[0] <= v <= MU_RANGE[1]


def _is_sigma(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and SIGMA_RANGE[0] <= v <= SIGMA_RANGE[1]


def clean_bots(data: Any, problems: list[str]) -> BotTable:
    """The bot table of a ``levels/bots/ratings.json`` object: ``{"version": 1, "modes": {mode: {level: {"mu": μ,
    "sigma": σ}}}}``, checked field by field; each bad part is named in ``problems`` and skipped.

    >>> p = []
    >>> clean_bots({"version": 1, "modes": {"classic": {"fast": {"mu": 31, "sigma": 0.9},
    ...                                                 "expert": {"mu": "high", "sigma": 1}}}}, p), p
    ({'classic': {'fast': (31.0, 0.9)}}, ['classic.expert: mu is not a number from -200.0 to 250.0'])
    """
    if not isinstance(data, dict):
        problems.append("it is not a JSON object")
        return {}
    if data.get("version") != FORMAT:
        problems.append(f"its version is not {FORMAT}")
        return {}
    modes = data.get("modes")
    if not isinstance(modes, dict):
        problems.append("modes is not an object")
        return {}
    out: BotTable = {}
    for mode, levels in modes.items():
        if not isinstance(mode, str) or not isinstance(levels, dict):
            problems.append(f"{str(mode)[:20]}: not an object of levels")
            continue
        for level, entry in levels.items():
            where = f"{mode[:20]}.{str(level)[:20]}"
            if not isinstance(entry, dict):
                problems.append(f"{where}: not an object")
            elif not _is_mu(entry.get("mu")):
                problems.append(f"{where}: mu is not a number from {MU_RANGE[0]} to {MU_RANGE[1]}")
            elif not _is_sigma(entry.get("sigma")):
                problems.append(f"{where}: sigma is not a number from {SIGMA_RANGE[0]} to {SIGMA_RANGE[1]}")
            else:
                out.setdefault(mode, {})[level] = (float(entry["mu"]), float(entry["sigma"]))
    return out


def load_bots(path: Path | None = None) -> tuple[BotTable, list[str]]:
    """The bots' fixed ratings from ``levels/bots/ratings.json`` (or ``path``) and the sentences saying
    what was wrong with it (a missing or damaged file, bad entries: each skipped, ``DEFAULT_BOTS`` stand
    in for what is missing).  Never raises."""
    path = path or resource_path(*BOT_FILE)
    name = f"The bots' ratings file {path}"
    try:
        text = read_text(path)
        if text is None:
            return {}, [f"{name} is missing; a fixed ladder of bot ratings stands in."]
        data = parse_json(text)
    except Damaged as e:
        return {}, [f"{name} cannot be used ({e}); a fixed ladder of bot ratings stands in."]
    problems: list[str] = []
    table = clean_bots(data, problems)
    if problems:
        shown_ = ", ".join(problems[:3]) + (" ..." if len(problems) > 3 else "")
        return table, [f"{name} has bad entries, skipped ({shown_}); a fixed ladder stands in for them."]
    return table, []


def bot_rating(bots: BotTable, mode: str, level: str) -> Rating:
    """A bot level's fixed rating in ``mode``: the table's, else ``DEFAULT_BOTS``'s, else a newcomer's."""
    mu, sigma = bots.get(mode, {}).get(level) or DEFAULT_BOTS.get(level, (MU, SIGMA))
    return Rating(mu, sigma)


# ----- the person's ratings file ----------------------------------------------
def clean_ratings(data: Any, modes: Sequence[str], problems: list[str]) -> dict[str, Rating]:
    """mode -> Rating from a ratings file's object (unknown modes dropped, bad entries named and skipped).

    >>> p = []
    >>> clean_ratings({"version": 1, "modes": {"classic": {"mu": 26, "sigma": 3, "games": 4},
    ...                                        "twenty": {"mu": 26, "sigma": -3, "games": 4}}},
    ...               ["classic", "twenty"], p)
    {'classic': Rating(mu=26.0, sigma=3.0, games=4)}
    >>> p
    ['twenty.sigma = -3']
    """
    if not isinstance(data, dict):
        problems.append("it is not a JSON object")
        return {}
    entries = data.get("modes", {})
    if not isinstance(entries, dict):
        problems.append("modes is not an object")
        return {}
    out: dict[str, Rating] = {}
    for mode, e in entries.items():
        if mode not in modes:
            continue
        if not isinstance(e, dict):
            problems.append(f"{mode} is not an object")
            continue
        bad = [f"{mode}.{k} = {str(e.get(k))[:20]}" for k, ok in
               (("mu", _is_mu), ("sigma", _is_sigma),
                ("games", lambda v: isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= MAX_GAMES))
               if not ok(e.get(k))]
        if bad:
            problems.extend(bad)
            continue
        out[mode] = Rating(float(e["mu"]), float(e["sigma"]), int(e["games"]))
    return out


@dataclass(frozen=True)
class Change:
    """What a rated game did to the person's rating in its mode."""

    mode: str
    before: Rating
    after: Rating

    @property
    def text(self) -> str:
        return change_text(self.before, self.after)

    def to_json(self) -> dict[str, Any]:
        return {"mode": self.mode, "before": self.before.to_json(), "after": self.after.to_json(),
                "text": self.text, "provisional": self.after.provisional}


class RatingBook:
    """The person's ratings (``ratings.json`` in ``folder``): read when made, written after each rated game.

    Reading never raises: a damaged file is set aside and ``notice`` told; a file with bad entries is set
    aside too and its good entries written back.  The bots' table is read once (its problems go to
    ``notice`` as well).
    """

    def __init__(self, folder: Path, notice: Callable[[str], None], modes: Sequence[str],
                 bots: tuple[BotTable, list[str]] | None = None) -> None:
        self.path = Path(folder) / FILE
        self.notice = notice
        self.modes = list(modes)
        self.bots, problems = bots if bots is not None else load_bots()
        for p in problems:
            notice(p)
        self.ratings: dict[str, Rating] = self._load()

    def get(self, mode: str) -> Rating:
        """The person's rating in ``mode`` (a newcomer's when none was played)."""
        return self.ratings.get(mode, Rating())

    def rate_game(self, mode: str, result: Mapping[str, Any], seat: int = 0) -> Change | None:
        """Rate ``seat`` after a finished game of ``mode`` (``result``: a session's ``result()``), save the
        file and return the change; None when nothing is rated (one player only, an unknown mode or
        seat, unreadable standings)."""
        rows = places_of(result)
        if mode not in self.modes or rows is None or len(rows) < 2 or seat not in [s for s, _, _ in rows]:
            return None
        if next(k for s, _, k in rows if s == seat).startswith("bot:"):
            return None  # a bot's seat is never rated
        before = self.get(mode)
        field, places = [], []
        for s, place, kind in rows:
            if s == seat:
                field.append(before)
            elif kind.startswith("bot:"):
                level = kind[4:]
                field.append(Rating(before.mu, BOT_SIGMA) if level == PARTNER else bot_rating(self.bots, mode, level))
            else:
                field.append(Rating())  # another person: unknown here, a newcomer
            places.append(place)
        after = rate_seat(field, places, [s for s, _, _ in rows].index(seat))
        self.ratings[mode] = after
        self.save()
        return Change(mode, before, after)

    def save(self) -> bool:
        """Write the file atomically; False (and a notice) when the disk refuses."""
        text = json.dumps({"version": FORMAT, "modes": {m: r.to_json() for m, r in sorted(self.ratings.items())}},
                          indent=1, sort_keys=True)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(self.path, text)
        except OSError as e:
            self.notice(f"Could not save ratings ({why(e)}); the previous copy is unchanged.")
            return False
        return True

    def _load(self) -> dict[str, Rating]:
        try:
            text = read_text(self.path)
            data = {} if text is None else parse_json(text)
            if text is not None and (not isinstance(data, dict) or data.get("version") != FORMAT):
                raise Damaged("it is not a ratings file of this version")
        except Damaged as e:
            self._set_aside(f"Your ratings file was damaged ({e})", "ratings start afresh")
            return {}
        problems: list[str] = []
        out = clean_ratings(data, self.modes, problems)
        if problems:
            shown_ = ", ".join(problems[:4]) + (" ..." if len(problems) > 4 else "")
            if self._set_aside(f"Your ratings file had bad values ({shown_})",
                               "those modes start afresh and the rest were kept"):
                self.ratings = out
                self.save()
        return out

    def _set_aside(self, problem: str, outcome: str) -> bool:
        try:
            aside = set_aside(self.path)
        except OSError as e:
            self.notice(f"{problem} and could not be set aside ({why(e)}); {outcome}.")
            return False
        self.notice(f"{problem} and has been set aside as {aside.name}; {outcome}.")
        return True


# ----- the window's hooks (scenes/app.py, scenes/stats.py) --------------------
_books: weakref.WeakKeyDictionary[Any, RatingBook] = weakref.WeakKeyDictionary()


def book_of(store: Any) -> RatingBook:
    """The ratings kept beside ``store`` (a ``game.store.Store``: its folder, its notices), read on first
    use: a damaged file is set aside and the bots' table checked, each with a notice."""
    book = _books.get(store)
    if book is None:
        from .variants import MODES

        book = _books[store] = RatingBook(store.dir, store.notices.append, list(MODES))
    return book


def rate_game(store: Any, mode: str, result: Mapping[str, Any], seat: int = 0) -> dict[str, Any] | None:
    """Rate the person at ``seat`` after a finished game (``RatingBook.rate_game``) and return the change as
    plain data for the results screen (``Change.to_json``); None when the game is not rated."""
    try:
        change = book_of(store).rate_game(mode, result, seat)
    except ValueError:
        return None
    return None if change is None else change.to_json()
