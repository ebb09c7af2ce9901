"""The find-all puzzle (RULES.md §6): a fixed table holding exactly N Sets; find them all.

Every well-formed pick of three table cards is a move: a new Set is found,
a Set already found counts as a repeat, three cards that are no Set count
as a miss.  Cards never leave the table.

With ``players`` above 1 (an online race) several players search the same
table: ``P2 set A B C`` names the finder, each Set scores for its first
finder, a wrong pick costs its player a point, and a Set someone found
already is a repeat (no score).  ``score`` is then ``{"P1": n, ...}``.

>>> g = GAME(seed=7)
>>> len(g.legal_moves()), g.over
(6, False)
"""

from __future__ import annotations

from typing import Any

from ..cards import DECK, Card, card, find_sets, is_set, plural, worth
from ..errors import IllegalMove
from ..move import Move
from ..rng import Rng
from .base import Game
from .facts import Kind, Option, plain
from .table import check_on_table, codes, deck_of

SIZES = {12: 6, 9: 4}  # table size -> Sets in the generated puzzles
MAX_TRIES = 1_000_000


def make_table(seed: int, size: int = 12, sets: int = 6) -> list[int]:
    """A table of ``size`` cards holding exactly ``sets`` Sets, found from ``seed``.

    Deterministic: shuffles from the seed's stream until one fits.

    >>> len(find_sets(make_table(1, 9, 4)))
    4
    """
    rng = Rng(seed).fork(2)
    cards = list(DECK)
    for _ in range(MAX_TRIES):
        rng.shuffle(cards)
        table = cards[:size]
        if len(find_sets(table)) == sets:
            return table
    raise ValueError(f"no {size}-card table with {sets} Sets found from seed {seed}")


class FindAll(Game):
    NAME = "findall"
    CODE_NUMBER = 2  # in its short deal codes (game.codes): never changes
    TITLE = "Find All"
    TAGLINE = "A puzzle: every Set on a fixed table"
    HELP = plain("""\
The cards on the table hold a known number of Sets (6 among 12 cards, 4 among 9). Find every one.

Pick three cards. A new Set is added to your list; a Set already found counts as a repeat, and three
cards that are no Set count as a miss. Cards never leave the table, and a card may be in several
Sets.

The clock runs until the last Set is found.""")
    SETUP = (Option("cards", "Table", ((12, "12 cards, 6 Sets"), (9, "9 cards, 4 Sets")), 12),)
    KINDS = (Kind("normal", "Normal", lower_is_better=True, unit="seconds"),)
    SEATS = (1, 4)
    ONLINE = True  # several people search one table (no bots)
    TIMED = True  # the clock is the score: moves carry their time
    SOLVER = "game.solver.findall"  # the table and its Sets

    def table_cards(self) -> list[Card]:
        """The cards laid out for everyone to pick from."""
        return list(self.table)

    DAILY_NOTE = "6 Sets hidden among 12 cards"
    LEVELS = True

    @classmethod
    def level_facts(cls, level: dict[str, Any]) -> str:
        sets = level.get("sets")
        among = plural(len(level.get("table", [])), "card")
        return f"{plural(sets, 'Set') if isinstance(sets, int) else '? Sets'} among {among}"

    @classmethod
    def result_words(cls, won: bool | None, score: Any) -> str:
        return "solved" if won else "unsolved"
    VERBS = frozenset({"set"})
    STATE = ("found", "misses", "repeats", "finders", "points", "missed")
    OPTIONS = {"cards": 12, "players": 1}

    def check_options(self) -> None:
        if self.options["cards"] not in SIZES:
            raise ValueError(f"findall: cards must be 12 or 9, not {self.options['cards']!r}")
        n = self.options["players"]
        if not isinstance(n, int) or isinstance(n, bool) or n not in (1, 2, 3, 4):
            raise ValueError(f"findall: players must be 1 to 4, not {n!r}")

    @property
    def players(self) -> list[str]:
        return [f"P{i + 1}" for i in range(self.options["players"])]

    def setup(self) -> None:
        if self.level is not None:
            self.table, self.total = _table_of(self.level)
        else:
            size = self.options["cards"]
            self.table = self.dealt(make_table(self.seed, size, SIZES[size]))
            self.total = SIZES[size]
        self.found: list[list[int]] = []
        self.misses = 0
        self.repeats = 0
        self.finders: list[str] = []  # who found each Set of ``found``
        self.points = {p: 0 for p in self.players}
        self.missed = {p: 0 for p in self.players}

    def apply(self, m: Move) -> None:
        player = m.player or "P1"
        if player not in self.points:
            raise IllegalMove(f"{player} is not playing (players: {', '.join(self.players)})")
        check_on_table(m.cards, self.table)
        s = sorted(m.cards)
        if not is_set(*s):
            self.misses += 1
            self.missed[player] += 1
            if len(self.players) > 1:
                self.points[player] -= 1
        elif s in self.found:
            self.repeats += 1
        else:
            self.found.append(s)
            self.finders.append(player)
            self.points[player] += 1

    def legal_moves(self) -> list[str]:
        return [f"set {' '.join(codes(s))}" for s in find_sets(self.table) if list(s) not in self.found]

    @property
    def over(self) -> bool:
        return len(self.found) == self.total

    @property
    def won(self) -> bool:
        if len(self.players) > 1:
            return self.over and self.points["P1"] == max(self.points.values())
        return self.over

    @property
    def score(self) -> int | dict[str, int]:
        return dict(self.points) if len(self.players) > 1 else len(self.found)

    def view_extra(self) -> dict[str, Any]:
        return {
            "table": codes(self.table),
            "deck": 0,
            "sets": self.total,
            "found": [codes(s) for s in self.found],
            "misses": self.misses,
            "repeats": self.repeats,
            "clock": self.clock,
            "players": self.players,
            "finders": list(self.finders),
            "missed": dict(self.missed),
        }

    LOWER_IS_BETTER = True  # the score kept is the time

    def summary(self, names: dict[str, str]) -> dict[str, Any]:
        v = self.view()
        return self.solo_summary("All Sets found!" if self.won else "Puzzle left", f"{len(v['found'])} of {v['sets']}",
                                 [plural(v['misses'], "wrong pick"), plural(v['repeats'], "repeat")],
                                 round(self.clock, 2), None)

    def share_facts(self) -> dict[str, Any]:
        """Each Set found once; a repeat counts as a miss."""
        v = self.view()
        worths = [worth(*(card(c) for c in s)) for s in v["found"]]
        return {"score": len(v["found"]), "worths": worths, "misses": v["misses"] + v["repeats"], "hints": 0}


def _table_of(level: dict[str, Any]) -> tuple[list[int], int]:
    """The table and Set count of a find-all level, every field checked."""
    name = level.get("id", "level")
    table = level.get("table")
    if not isinstance(table, list) or len(table) not in SIZES:
        raise ValueError(f"{name}: field 'table' must list 9 or 12 card codes")
    cards = deck_of(level, "table")
    sets = level.get("sets")
    real = len(find_sets(cards))
    if not isinstance(sets, int) or isinstance(sets, bool) or sets != real:
        raise ValueError(f"{name}: field 'sets' says {sets!r} but the table holds {real}")
    return cards, sets


GAME = FindAll
