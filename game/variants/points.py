"""Solitaire-Set with points (RULES.md §2): worth-k Sets, add a card, −2 reshuffle, hints.

``hint`` (Locate Set) always counts, also on a table without a Set: the
player must judge that, so the answer costs a hint like any other and the
view says so (``hint_none``).  Hints used are never taken back by an undo.
In a fair game (option ``fair``) no move that showed a card from the deck
(``add``, a reshuffle, a Set dealt back up to 12) or paid a cost (a hint, a
reshuffle's −2) can be undone.  ``end`` before the deck is played out is
never a win (view ``ended``).

>>> g = GAME(seed=1)
>>> g.play("add").verb, len(g.view()["table"]), g.view()["worth_one"]
('add', 13, True)
"""

from __future__ import annotations

import datetime as _dt
from typing import Any

from ..cards import Card, find_sets, has_set, plural, worth
from ..errors import IllegalMove
from ..loader import is_line, is_seed
from ..move import Move
from ..records import is_count
from ..rng import daily_seed, deal
from .base import Game
from .facts import TABLE_KEYS, WINDOW_KEYS, DealPar, Reach, plain
from .table import check_on_table, check_set, codes, deck_of, fill_places, take_and_refill

TABLE = 12
RESHUFFLE_COST = 2


class Points(Game):
    NAME = "points"
    CODE_NUMBER = 1  # in its short deal codes (game.codes): never changes
    TITLE = "Solitaire-Set"
    TAGLINE = "Score Sets by worth; megasets pay 4"
    HELP = plain("""\
Solitaire-Set: take Sets for points. A Set scores its worth: the number of features that are all
different (1 to 4). A worth-4 Set is a megaset.

After a Set, cards are dealt back up to 12; on a table of more than 12, the extra cards fill the
holes. No clock: you judge whether a Set is there.

Add a card (+): one more card from the deck — but while more than 12 cards lie out, every Set is
worth only 1 point.

Reshuffle (0): all table cards go back, the deck is shuffled and 12 are dealt. Costs 2 points (the
score may go below zero).

Locate Set (L) shows one Set. It is free, but the hints you use are counted.

The game ends when the deck is empty and no Set is left, or when you end it (End). Undo: Ctrl+Z.""")
    KEYS = f"{TABLE_KEYS} · L locate · + add · 0 reshuffle · Ctrl+Z undo · End ends · {WINDOW_KEYS}"
    SHARE_UNIT = "points"
    VERBS = frozenset({"set", "add", "reshuffle", "hint", "end"})
    STATE = ("table", "places", "deck", "points", "last", "hints", "hint", "hint_none", "taken", "by_worth", "ended")
    OPTIONS = {"fair": False}
    UNDO = True
    KEEP_ON_UNDO = ("hints",)
    PAR = True  # a beam search's best score, a lower bound ("par ≥N")
    DAY_FIELDS = {"seed": is_seed, "par": lambda v: is_count(v, 10_000), "exact": lambda v: isinstance(v, bool),
                  "line": is_line}
    REQUIRED_DAY_FIELDS = ("seed", "par")
    SOLVER = "game.solver.points"

    @classmethod
    def daily_entry(cls, date: _dt.date) -> dict[str, Any] | None:
        """The day's par: the beam search's best within its work budget (``game.solver.points.PAR_NODES``;
        never exact)."""
        from ..solver.points import PAR_NODES, par

        seed = daily_seed(date, cls.NAME)
        p = par(seed=seed, nodes=PAR_NODES)
        return {"seed": seed, "par": p.score, "exact": False, "line": p.moves}

    @classmethod
    def share_line(cls, result: dict[str, Any]) -> str:
        """The points, and the par as a lower bound."""
        par = result.get("par")
        return plural(result["score"], "point") + (f" (par ≥{par})" if par is not None else "")

    def table_cards(self) -> list[Card]:
        """The cards laid out for everyone to pick from."""
        return list(self.table)

    def table_places(self) -> list[Card]:
        """The cards in their places on the screen: a Set taken from more than 12 leaves holes that the
        cards beyond the twelfth place fill, so no other card moves.  The table's own order (what the
        rules, the reshuffle, the solver and the shipped par lines use) stays as it always was."""
        return list(self.places)

    def check_options(self) -> None:
        if not isinstance(self.options["fair"], bool):
            raise ValueError(f"points: fair must be true or false, not {self.options['fair']!r}")

    def setup(self) -> None:
        cards = deck_of(self.level) if self.level is not None else deal(self.seed)
        self.table, self.deck = cards[:TABLE], cards[TABLE:]
        self.places = list(self.table)  # the table in its places on the screen (``table_places``)
        self.points = 0
        self.last: int | None = None  # points of the last scoring action (+k or −2)
        self.hints = 0
        self.hint: list[int] | None = None  # the Set shown by the last hint
        self.hint_none = False  # the last hint found no Set on the table
        self.taken: list[list[Any]] = []  # [[codes], points]
        self.by_worth = [0, 0, 0, 0]
        self.ended = False

    def apply(self, m: Move) -> None:
        verb = m.verb
        if verb == "end":
            self.ended = True
        elif verb == "add":
            if not self.deck:
                raise IllegalMove("the deck is empty: no card to add")
            self.table.append(self.deck.pop(0))
            self.places.append(self.table[-1])
        elif verb == "reshuffle":
            if not self.deck and len(self.table) <= TABLE:
                raise IllegalMove("the deck is empty: a reshuffle would deal the same cards")
            cards = self.table + self.deck
            self.rng.shuffle(cards)
            self.table, self.deck = cards[:TABLE], cards[TABLE:]
            self.places = list(self.table)  # a new deal: the places in the table's order
            self.points -= RESHUFFLE_COST
            self.last = -RESHUFFLE_COST
        elif verb == "hint":
            if m.cards or m.target is not None:
                raise IllegalMove("hint takes no cards: just 'hint'")
            sets = find_sets(self.table)
            self.hint = list(self.rng.choice(sets)) if sets else None
            self.hint_none = not sets
            self.hints += 1
            return
        else:
            check_on_table(m.cards, self.table)
            check_set(m.cards)
            k = worth(*m.cards)
            pts = 1 if len(self.table) > TABLE else k
            self.points += pts
            self.last = pts
            self.by_worth[pts - 1] += 1  # by the points it scored (RULES.md §2): the chart sums to the score
            self.taken.append([codes(sorted(m.cards)), pts])
            before = set(self.table)
            take_and_refill(self.table, self.deck, m.cards, TABLE)
            self.places = fill_places(self.places, m.cards, [c for c in self.table if c not in before])
        self.hint = None
        self.hint_none = False

    def seal(self, m: Move, before: dict[str, Any]) -> str | None:
        if m.verb == "hint":
            return "a hint, once used, stays counted"
        if m.verb == "reshuffle":
            return "the reshuffle's −2 is paid and its cards were seen"
        if len(self.deck) < len(before["deck"]):
            return "it showed a card from the deck"
        return None

    def legal_moves(self) -> list[str]:
        if self.over:
            return []
        moves = [f"set {' '.join(codes(s))}" for s in find_sets(self.table)]
        if self.deck:
            moves.append("add")
        if self.deck or len(self.table) > TABLE:
            moves.append("reshuffle")
        return moves + ["hint", "end"]

    @property
    def played_out(self) -> bool:
        return not self.deck and not has_set(self.table)

    @property
    def over(self) -> bool:
        return self.ended or self.played_out

    @property
    def won(self) -> bool:
        return self.played_out

    @property
    def score(self) -> int:
        return self.points

    def view_extra(self) -> dict[str, Any]:
        return {
            "table": codes(self.table),
            "deck": len(self.deck),
            "hints": self.hints,
            "hint": codes(self.hint) if self.hint else None,
            "hint_none": self.hint_none,
            "ended": self.ended,
            "worth_one": len(self.table) > TABLE,
            "last": self.last,
            "taken": [[list(c), p] for c, p in self.taken],
            "by_worth": list(self.by_worth),
        }

    def summary(self, names: dict[str, str]) -> dict[str, Any]:
        """The score, Sets taken, hints, reshuffles; the chart counts Sets by the points they scored, so
        it sums to the score before reshuffles."""
        v = self.view()
        hints, sets, shuffles = v["hints"], len(v["taken"]), reshuffles(self.history)
        lines = [f"{plural(sets, 'Set')} taken", f"{plural(hints, 'hint')} used"]
        if shuffles:
            lines.append(f"{plural(shuffles, 'reshuffle')}: −{plural(RESHUFFLE_COST * shuffles, 'point')}")
        if v["deck"]:
            lines.append(f"ended with {plural(v['deck'], 'card')} still in the deck")
        return self.solo_summary("Deck played out!" if self.won else "Game ended", plural(v["score"], "point"),
                                 lines, v["score"], v["by_worth"])

    def par_line(self, par: Any) -> str | None:
        reached = "par reached!" if self.score >= par else f"{par - self.score} short of par"
        return f"par ≥{plural(par, 'point')} — {reached}"

    def share_score(self, sets: int) -> Any:
        return self.score

    # ----- analysis ------------------------------------------------------
    def deal_par(self, work: int | None = None) -> DealPar | None:
        """The beam search's par of this deal (``game.solver.points``): a lower bound, never proved."""
        from ..solver.points import PAR_NODES, par_from

        found = par_from(self.table, self.deck, self.rng.state, nodes=work or PAR_NODES)
        return DealPar(found.score, False, list(found.moves))

    def reach(self, target: int, work: int | None = None) -> Reach:
        """The exact search asked from this position (``game.solver.points.reach``)."""
        from ..solver.points import REACH_NODES, reach

        if self.over:
            return super().reach(target, work)
        got = reach(self.table, self.deck, self.rng.state, self.points, target, work or REACH_NODES)
        return Reach(got.status, got.moves)


def reshuffles(moves: list[str]) -> int:
    """How many reshuffles (−2 each) a game's moves hold.

    >>> reshuffles(["add", "reshuffle", "set 1RDE 1RDH 1RDF", "reshuffle"])
    2
    """
    return sum(m.split()[0] == "reshuffle" for m in moves)


GAME = Points
