"""Pillars (RULES.md §5, by Dave Eggleston): six columns, exactly-two moves, three oracles.

Deal (seed ``s``, ``d = deal(s)``): column i (1..6) is ``d[13(i-1):13i]``
bottom first — a face-up **base**, three face-down **foundations**, nine
face-up cards; the **oracles** ``d[78:81]`` lie face down aside, consulted in
that order.  A level gives the same layout as ``columns`` and ``oracles``.

Moves: ``set A B C`` (three accessible cards forming a Set), ``move A > n``
(an accessible card, not a base, onto column n's top when the two share
exactly two features), ``oracle > n`` (the next oracle becomes the base of
empty column n), ``oracle side`` (the next oracle is turned up beside the
tableau), ``resign``.  Accessible: each column's top and the side oracles.
A foundation turns face up as part of the move that uncovers it.

Result, checked after every move: **won** when all 18 foundations are face
up and the remaining cards (every tableau card, buried or not, and the side
oracles) hold no Set; **lost** when no move but ``resign`` is left, or after
``resign``.  Title ``Samson``: won without consulting an oracle.

Score: the number of cards removed in Sets (0..81) — what a player sees
leave the table.  Undo takes back any move except an oracle consult (an
oracle once seen cannot be unseen), so nothing before a consult can be
taken back either.  In a fair game (option ``fair``: a counted daily, a
level) a move that turned a foundation face up cannot be undone either.

>>> g = GAME(seed=1)
>>> v = g.view()
>>> [len(c) for c in v["columns"]], v["columns"][0][1], v["oracles"], v["down"]
([13, 13, 13, 13, 13, 13], '??', 3, 18)
>>> g.play("oracle side").verb, g.view()["oracles"], len(g.view()["side"])
('oracle', 2, 1)
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Iterator
from typing import Any

from ..cards import DECK, Card, card, code, find_sets, has_set, plural, shared
from ..errors import IllegalMove
from ..loader import is_line, is_seed
from ..move import Move
from ..records import is_count
from ..rng import Rng, daily_seed, deal
from .facts import WINDOW_KEYS, DealPar, Kind, Reach, plain
from .solo import SoloGame, check_picked, check_target, par_of
from .table import check_set, codes, deck_of

COLUMNS = 6
HEIGHT = 13
FOUNDATIONS = 3  # face-down cards on each base
WANDER = 40  # plain moves in a row without progress before the demo player gives up
ORACLES = 3
HIDDEN = "??"
SIDE = -1  # the "column" of a side oracle
# how many features two cards share, looked up rather than counted on every move
SHARED: tuple[tuple[int, ...], ...] = tuple(tuple(shared(a, b) for b in DECK) for a in DECK)
SHARED_WORDS = ("no features", "one feature", "two features", "three features")


class Pillars(SoloGame):
    NAME = "pillars"
    CODE_NUMBER = 3  # in its short deal codes (game.codes): never changes
    TITLE = "Pillars"
    TAGLINE = "Dave Eggleston's solitaire of 13"
    HELP = plain("""\
Six columns of 13: a base, three face-down foundations, nine cards face up. Three oracles lie face down
aside. Only a column's top, and an oracle turned up at the side, can be used.

Take any three of them that form a Set. Move one onto another column's top when the two share exactly
two features (click it, then the lit column, or drag it). A card never goes into an empty column. A
foundation turns up by itself when the card above it leaves. A base never moves, and may be in a Set
only once all 18 foundations are face up.

Oracles (O), in order: into an empty column as its new base (you name the column first, then it is
turned up), or to the side, where it can be used but never fills an empty column. A consult cannot
be undone.

Win: all 18 foundations face up and no Set left among all the cards still out, buried ones too. Win
without an oracle for the title Samson. No legal move left: the game is lost.

Keys: 1-6 a column's top, 7-9 a side oracle, Shift+number moves it there, S Set, U undo, Y redo.""")
    KEYS = ("Mouse: click or drag a card · Keys: 1-6 a column's top, 7-9 a side oracle, "
            f"Shift+number moves it · S Set · O oracle · U undo · Y redo · {WINDOW_KEYS}")
    TUTORIAL = "solo_tutorial"
    KINDS = (Kind("normal", "Normal", unit="cards"),)
    PROVED_DAILY = True  # the first candidate deal the solver proves Samson-winnable
    DAY_FIELDS = {"seed": is_seed, "try": lambda v: is_count(v, 10_000), "line": is_line}
    REQUIRED_DAY_FIELDS = ("seed",)
    SOLVER = "game.solver.pillars"

    @classmethod
    def daily_candidates(cls, date: _dt.date) -> Iterator[int]:
        """The fixed sequence of seeds tried for a day's deal: the daily seed, then ``r.next_u64()``…
        of ``r = Rng(daily seed)``."""
        first = daily_seed(date, cls.NAME)
        yield first
        r = Rng(first)
        while True:
            yield r.next_u64()

    @classmethod
    def daily_entry(cls, date: _dt.date) -> dict[str, Any] | None:
        """The day's deal: the first of the first ``game.daily.PILLARS_TRIES`` candidates the solver
        proves Samson-winnable within ``game.daily.PILLARS_WORK``: ``{"seed", "try", "line"}``.

        :raises RuntimeError: if none is (never seen).
        """
        from ..daily import PILLARS_TRIES, PILLARS_WORK
        from ..solver.pillars import solve

        for i, seed in enumerate(cls.daily_candidates(date)):
            if i >= PILLARS_TRIES:
                break
            result = solve(seed=seed, limit=None, work=PILLARS_WORK)
            if result.status == "win":
                return {"seed": seed, "try": i, "line": list(result.moves)}
        raise RuntimeError(f"no Samson-winnable {cls.TITLE} deal found for {date}")

    @classmethod
    def daily_note(cls, par_text: str, line: list[str]) -> str:
        """The proof: the length of the winning line."""
        return f"  Samson-winnable: {len(line)}-move line" if line else "  (not proved)"

    @classmethod
    def share_line(cls, result: dict[str, Any]) -> str:
        """Won as a title, won, or lost."""
        return ("Won as " + result["title"]) if result.get("title") else ("Won" if result.get("won") else "Lost")

    DAILY_NOTE = "proved winnable as Samson"
    LEVELS = True
    TRIED_STAR = True  # a tried level has one star (3: won as Samson, 2: won with oracles)

    @classmethod
    def level_facts(cls, level: dict[str, Any]) -> str:
        return "proved winnable as Samson"

    @classmethod
    def result_words(cls, won: bool | None, score: Any) -> str:
        return "won" if won else "lost"
    VERBS = frozenset({"set", "move", "oracle", "resign"})
    STATE = ("columns", "down", "oracles", "side", "removed", "consulted", "bases_removed", "result")
    OPTIONS = {"fair": False}
    UNDO = True

    def check_options(self) -> None:
        if not isinstance(self.options["fair"], bool):
            raise ValueError(f"pillars: fair must be true or false, not {self.options['fair']!r}")

    def setup(self) -> None:
        if self.level is not None:
            columns, oracles = read_level(self.level)
        else:
            d = deal(self.seed)
            columns = [d[HEIGHT * i : HEIGHT * (i + 1)] for i in range(COLUMNS)]
            oracles = d[COLUMNS * HEIGHT :]
        self.columns: list[list[Card]] = columns  # bottom first; [0] is the base
        self.down = [FOUNDATIONS] * COLUMNS  # face-down foundations: positions 1..down[i]
        self.oracles: list[Card] = oracles  # still face down, next first
        self.oracles_dealt: list[Card] = list(oracles)  # all three, in consult order (never changes)
        self.side: list[Card] = []  # face-up oracles beside the tableau, in the order seen
        self.removed: list[Card] = []  # cards taken in Sets, each Set in index order
        self.consulted = 0
        self.bases_removed = 0
        self.result: str | None = None  # "won", "lost" or "resigned"
        self._settle()

    # ----- where cards are ------------------------------------------------
    def accessible(self) -> list[tuple[Card, int]]:
        """(card, column index or SIDE) for every accessible card: column tops, then side oracles."""
        out = [(col[-1], i) for i, col in enumerate(self.columns) if col]
        return out + [(c, SIDE) for c in self.side]

    def is_base(self, where: int) -> bool:
        """True when the accessible card of column ``where`` is its base (the column's only card)."""
        return where != SIDE and len(self.columns[where]) == 1

    def _place(self, c: Card) -> int:
        """The column index (or SIDE) of an accessible card.

        :raises IllegalMove: saying why the card cannot be used.
        """
        for i, col in enumerate(self.columns):
            if col and col[-1] == c:
                return i
        if c in self.side:
            return SIDE
        if c in self.removed:
            raise IllegalMove(f"{code(c)} was already removed")
        for i, col in enumerate(self.columns):
            if c in col and not 1 <= col.index(c) <= self.down[i]:
                raise IllegalMove(f"{code(c)} is buried in column {i + 1}: only a column's top can be used")
        raise IllegalMove(f"{code(c)} is not accessible: only column tops and face-up oracles can be used")

    def _take(self, c: Card, where: int) -> None:
        """Lift an accessible card off its place, turning up a foundation it uncovers."""
        if where == SIDE:
            self.side.remove(c)
            return
        col = self.columns[where]
        col.pop()
        if not col:
            self.bases_removed += 1
        elif self.down[where] == len(col) - 1 and self.down[where] > 0:
            self.down[where] -= 1  # a column's top is never face down

    # ----- moves ---------------------------------------------------------
    def apply(self, m: Move) -> None:
        if m.verb == "set":
            self._set(m)
        elif m.verb == "move":
            self._move(m)
        elif m.verb == "oracle":
            self._oracle(m)
        else:
            if m.cards or m.target is not None:
                raise IllegalMove("resign takes no cards and no column: just 'resign'")
            self.result = "resigned"
            return
        self._settle()

    def _set(self, m: Move) -> None:
        if m.target is not None:
            raise IllegalMove("a Set goes nowhere: set A B C")
        check_picked(m.cards, 3, "set 1RDE 2GOH 3PSF")
        places = [self._place(c) for c in m.cards]
        check_set(m.cards)
        waiting = sum(self.down)
        for c, where in zip(m.cards, places):
            if waiting and self.is_base(where):
                raise IllegalMove(
                    f"{code(c)} is a base: a base may be in a Set only once all 18 foundations "
                    f"are face up ({waiting} still face down)"
                )
        for c, where in zip(m.cards, places):
            self._take(c, where)
        self.removed += sorted(m.cards)

    def _move(self, m: Move) -> None:
        check_picked(m.cards, 1, "move 2GOH > 3")
        n = check_target(m.target, COLUMNS, "column", f"move {code(m.cards[0])} > 3")
        a = m.cards[0]
        where = self._place(a)
        if self.is_base(where):
            raise IllegalMove(f"{code(a)} is a base: a base never moves")
        if where == n:
            raise IllegalMove(f"{code(a)} is already on column {n + 1}")
        dest = self.columns[n]
        if not dest and where == SIDE:
            raise IllegalMove(f"column {n + 1} is empty: a side oracle never goes into an empty column "
                              f"(only the next oracle, unseen, can: oracle > {n + 1})")
        if not dest:
            raise IllegalMove(f"column {n + 1} is empty: only an oracle can fill an empty column")
        k = SHARED[a][dest[-1]]
        if k != 2:
            raise IllegalMove(
                f"{code(a)} shares {SHARED_WORDS[k]} with {code(dest[-1])}: a move needs exactly two"
            )
        self._take(a, where)
        dest.append(a)

    def _oracle(self, m: Move) -> None:
        if m.cards:
            raise IllegalMove("an oracle is face down: say 'oracle > n' or 'oracle side'")
        if not self.oracles:
            raise IllegalMove("no oracle left: all three were consulted")
        if m.target == "side":
            self.side.append(self.oracles.pop(0))
        else:
            n = check_target(m.target, COLUMNS, "column", "oracle > 3 or oracle side")
            if self.columns[n]:
                raise IllegalMove(
                    f"column {n + 1} is not empty: an oracle takes a base position only where a base "
                    "was removed"
                )
            self.columns[n].append(self.oracles.pop(0))
        self.consulted += 1

    def seal(self, m: Move, before: dict[str, Any]) -> str | None:
        if sum(self.down) < sum(before["down"]):
            return "it turned a foundation face up"
        return None

    def check_undo(self) -> None:
        if self.history[-1].startswith("oracle"):
            raise IllegalMove("an oracle once seen cannot be unseen: the consult cannot be taken back")

    # ----- what can be done ---------------------------------------------
    def sets(self) -> list[tuple[Card, Card, Card]]:
        """Every Set of accessible cards that may be removed now (bases only once all foundations are up)."""
        least = 1 if any(self.down) else 0  # a column of one card shows its base
        return find_sets([col[-1] for col in self.columns if len(col) > least] + self.side)

    def slides(self) -> list[tuple[Card, int]]:
        """Every (card, target column index) move: by source (columns, then side), targets ascending."""
        tops = [col[-1] if col else -1 for col in self.columns]
        movers = [(col[-1], i) for i, col in enumerate(self.columns) if len(col) > 1]
        out = []
        for a, where in movers + [(c, SIDE) for c in self.side]:
            row = SHARED[a]
            out += [(a, n) for n, t in enumerate(tops) if t >= 0 and n != where and row[t] == 2]
        return out

    def demo_choice(self, memory: dict[str, Any], player: str | None = None) -> str | None:
        """A plain player: a Set, else a move that uncovers a foundation, else a move to a position
        not seen (at most WANDER in a row), else an oracle, else resign."""
        moves = self.legal_moves()
        if not moves:
            return None
        seen = memory.setdefault("seen", set())
        seen.add(self._position())
        sets = [m for m in moves if m.startswith("set")]
        if sets:
            memory["idle"] = 0
            return sets[0]
        cols = self.view()["columns"]
        tops = {col[-1]: i for i, col in enumerate(cols) if col}
        slides = [m for m in moves if m.startswith("move")]
        for m in slides:  # uncover a foundation
            i = tops.get(m.split()[1])
            if i is not None and len(cols[i]) >= 2 and cols[i][-2] == "??":
                memory["idle"] = 0
                return m
        if memory.get("idle", 0) < WANDER:
            for m in slides:
                if self._position_after(m) not in seen:
                    memory["idle"] = memory.get("idle", 0) + 1
                    return m
        oracles = [m for m in moves if m.startswith("oracle")]
        if oracles:
            memory["idle"] = 0
            seen.clear()
            return oracles[0]
        return "resign"

    def _position(self) -> tuple[tuple[str, ...], ...]:
        v = self.view()
        return tuple(tuple(c) for c in v["columns"]) + (tuple(v["side"]),)

    def _position_after(self, move: str) -> tuple[tuple[str, ...], ...]:
        saved = (self.snapshot(), list(self.history), list(self._undo), list(self._redo))
        self.play(move)
        pos = self._position()
        snap, self.history, self._undo, self._redo = saved
        self.restore(snap)
        return pos

    def legal_moves(self) -> list[str]:
        """Sets (index order), moves (by source column, side oracles last), oracle moves, resign."""
        if self.over:
            return []
        out = [f"set {' '.join(codes(s))}" for s in self.sets()]
        out += [f"move {code(a)} > {n + 1}" for a, n in self.slides()]
        if self.oracles:
            out += [f"oracle > {n + 1}" for n, col in enumerate(self.columns) if not col]
            out.append("oracle side")
        return out + ["resign"]

    def cards_left(self) -> list[Card]:
        """The cards the win checks for a Set: every tableau card, buried or not, and the side oracles."""
        return [c for col in self.columns for c in col] + self.side

    def _settle(self) -> None:
        """Decide the result after a move: won, lost (no move left but resign), or still on."""
        if not any(self.down) and not has_set(self.cards_left()):
            self.result = "won"
        elif not self.oracles and not self.slides() and not self.sets():
            self.result = "lost"
        else:
            self.result = None

    # ----- results -------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.result is not None

    @property
    def won(self) -> bool:
        return self.result == "won"

    @property
    def score(self) -> int:
        return len(self.removed)

    @property
    def title(self) -> str | None:
        return "Samson" if self.won and self.consulted == 0 else None

    def view_extra(self) -> dict[str, Any]:
        columns = [
            [HIDDEN if 1 <= p <= self.down[i] else code(c) for p, c in enumerate(col)]
            for i, col in enumerate(self.columns)
        ]
        return {
            "columns": columns,
            "oracles": len(self.oracles),
            "side": codes(self.side),
            "down": sum(self.down),
            "down_by_column": list(self.down),
            "accessible": [code(c) for c, _ in self.accessible()],
            "removed": codes(self.removed),
            "bases_removed": self.bases_removed,
            "consulted": self.consulted,
            "result": self.result,
            "ended": self.result == "resigned",
        }

    def summary(self, names: dict[str, str]) -> dict[str, Any]:
        v = self.view()
        title = {"won": "Samson!" if self.title == "Samson" else "Pillars cleared!",
                 "lost": "No moves left", "resigned": "Resigned"}.get(v["result"], "Game over")
        lines = [f"{v['consulted']} of 3 oracles consulted"]
        if not self.won:
            lines.insert(0, f"{plural(v['down'], 'foundation')} still face down")
        if self.title:
            lines.insert(0, f"Title: {self.title} — won without an oracle")
        return self.solo_summary(title, f"{plural(v['score'], 'card')} removed", lines, v["score"], None)

    def stars(self) -> tuple[int, bool]:
        """3: won as Samson, 2: won with oracles, 1: tried."""
        return (3 if self.title == "Samson" else 2 if self.won else 1), bool(self.won)

    def share_score(self, sets: int) -> Any:
        return self.score

    # ----- analysis: the par is a win ----------------------------------------
    def deal_par(self, work: int | None = None) -> DealPar | None:
        """A win (1) when the solver finds one within ``work`` (``game.daily.PILLARS_WORK``: the daily's
        own proof), as Samson first; 0 when it proves there is none; None when it cannot tell."""
        from ..daily import PILLARS_WORK

        got = self._reach(work or PILLARS_WORK)
        if got.status == "undecided":
            return None
        return DealPar(1 if got.status == "win" else 0, True, list(got.moves))

    def reach(self, target: int, work: int | None = None) -> Reach:
        """Can this position still be won (``game.solver.pillars.reach``)?  A target of 0 always is."""
        if self.over or target <= 0:
            return super().reach(target, work)
        got = self._reach(work)
        return Reach({"win": "yes", "none": "no"}.get(got.status, "unknown"), list(got.moves))

    def _reach(self, work: int | None) -> Any:
        from ..solver.pillars import REACH_WORK, reach

        return reach([list(c) for c in self.columns], list(self.down), list(self.side),
                     list(self.oracles_dealt), self.consulted, work or REACH_WORK)

    def par_score(self) -> int:
        return 1 if self.won else 0

    def par_words(self, value: int) -> str:
        return "a win" if value else "no win"


def read_level(level: dict[str, Any]) -> tuple[list[list[Card]], list[Card]]:
    """The columns and oracles of a Pillars level, every field checked.

    :raises ValueError: naming the level id and the field that is wrong.
    """
    name = level.get("id", "level")
    columns = level.get("columns")
    if not isinstance(columns, list) or len(columns) != COLUMNS:
        raise ValueError(f"{name}: field 'columns' must be {COLUMNS} lists of {HEIGHT} card codes")
    out: list[list[Card]] = []
    for i, col in enumerate(columns):
        if not isinstance(col, list) or len(col) != HEIGHT:
            raise ValueError(f"{name}: field 'columns' column {i + 1} must list {HEIGHT} card codes")
        try:
            out.append([card(c) if isinstance(c, str) else card("?") for c in col])
        except ValueError:
            bad = next(c for c in col if not isinstance(c, str) or not _is_code(c))
            raise ValueError(f"{name}: field 'columns' column {i + 1}: bad card code {bad!r}") from None
    oracles = deck_of(level, "oracles", ORACLES)
    seen: set[Card] = set()
    for c in [c for col in out for c in col] + oracles:
        if c in seen:
            raise ValueError(f"{name}: fields 'columns' and 'oracles' hold {code(c)} twice")
        seen.add(c)
    par_of(level)
    return out, oracles


def _is_code(text: str) -> bool:
    try:
        card(text)
    except ValueError:
        return False
    return True


GAME = Pillars
