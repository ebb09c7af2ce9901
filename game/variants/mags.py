"""Mag's Set Solitaire (RULES.md §4): nine piles, nine rounds, Sets of pile tops.

Deal (seed ``s``, ``d = deal(s)``, or a level's ``deck``): round r (1..9)
puts ``d[9(r-1):9r]`` face up, one card on each pile 1..9 in order, empty
piles included.  Round 1 is dealt at the start; ``deal`` deals the next.

Moves: ``set A B C`` (three pile tops forming a Set), ``move A > n`` (a top
into pile n, which must be empty), ``deal`` (refused after round 9), ``end``.

After round 9 one more move is refused: moving a pile's only card into an
empty pile.  With no deal to come it would only renumber the piles, and
refusing it makes every game finite.

Over: when the player ends it, or — after round 9 — when no Set can be made
any more.  With ``peek`` that is decided exactly: a Set can still be made when three cards
forming a Set can all be brought to the tops at once by moves into the empty
piles.  Bringing up the card at depth d of a pile (0 = its top) takes d such
moves, each filling one empty pile, and a moved card stays a top; so with e
empty piles, three cards qualify when the sum over their piles of the deepest
of them in each pile is at most e.  Until then ``end`` is always a move, so
the player is never stuck with only pointless moves.  Without ``peek`` the
end is decided only on what the player sees, never on buried cards: the
game is over once the tops hold no Set and no move can uncover a card (no
empty pile, or no pile of two or more), so staying open tells nothing.

Score: Sets made (27 at most).  Won: played out with 9 or fewer cards left;
``end`` always comes before the real end (which comes by itself), so it is
never a win (view ``ended``; cards not yet dealt count as left).  A level may
give the deal's ``par`` (the most Sets perfect play makes), shown in the view.

Option ``peek`` (default True): when False, the view shows only the tops and
every card beneath as ``"??"``.  Option ``fair`` (a counted daily, a level):
a ``deal`` (it showed the next round) and, without ``peek``, a Set or move
that uncovered a buried card can never be undone.

>>> g = GAME(seed=1)
>>> g.view()["round"], g.view()["left"], g.view()["deck"]
(1, 9, 72)
>>> g.play("deal").verb, [len(p) for p in g.view()["piles"]]
('deal', [2, 2, 2, 2, 2, 2, 2, 2, 2])
"""

from __future__ import annotations

import datetime as _dt
from typing import Any

from ..cards import Card, code, find_sets, plural, third
from ..errors import IllegalMove
from ..loader import is_line, is_seed
from ..move import Move
from ..records import is_count
from ..rng import daily_seed, deal
from .facts import WINDOW_KEYS, DealPar, Kind, Option, Reach, plain
from .solo import SoloGame, check_picked, check_target, par_of
from .table import check_set, codes, deck_of

PILES = 9
ROUNDS = 9
MOST_SETS = 27
WIN_LEFT = 9
HIDDEN = "??"


class Mags(SoloGame):
    NAME = "mags"
    CODE_NUMBER = 4  # in its short deal codes (game.codes): never changes
    TITLE = "Mag's Solitaire"
    TAGLINE = "Nine piles, nine rounds"
    HELP = plain("""\
Nine piles, nine rounds: each round deals one card face up onto every pile, empty ones included. Deal
the next round (D) when you choose.

Only pile tops count: take any three tops that form a Set. Into an empty pile you may move any top, as
often as you like; it can bring a buried card up.

Hover a pile to peek beneath its top (P fans the cursor's pile). With no peeking only the tops show.

After the ninth round, play until no Set can be made, or End (E). Each Set scores 1 (27 at most); you
win with 9 or fewer cards left. A known deal shows its par: the most Sets perfect play makes.

Keys: 1-9 a pile's top, Shift+number moves it there, S Set, D deal, E end, U undo, Y redo.""")
    KEYS = ("Mouse: click or drag a top · Keys: 1-9 a pile's top, Shift+number moves it · S Set · "
            f"D deal · E end · P peek · U undo · Y redo · {WINDOW_KEYS}")
    SETUP = (Option("peek", "Peeking", ((True, "Allowed (hover a pile)"), (False, "No peek: tops only")), True),)
    TUTORIAL = "solo_tutorial"
    KINDS = (Kind("normal", "Normal", unit="Sets"),)
    DAILY_LEVEL = True
    LEVELS = True

    @classmethod
    def level_facts(cls, level: dict[str, Any]) -> str:
        return f"par {plural(level['par'], 'Set')}" if level.get("par") is not None else "par not known"
    VERBS = frozenset({"set", "move", "deal", "end"})
    STATE = ("piles", "round", "taken", "ended", "played_out")
    OPTIONS = {"peek": True, "fair": False}
    UNDO = True
    PAR = True  # the solver's par, exact when proved
    DAY_FIELDS = {"seed": is_seed, "par": lambda v: is_count(v, 27), "exact": lambda v: isinstance(v, bool),
                  "line": is_line}
    REQUIRED_DAY_FIELDS = ("seed", "par")
    SOLVER = "game.solver.mags"

    @classmethod
    def daily_entry(cls, date: _dt.date) -> dict[str, Any] | None:
        """The day's par: the solver's within its work budget (``game.solver.mags.PAR_NODES``)."""
        from ..solver.mags import PAR_NODES, par

        seed = daily_seed(date, cls.NAME)
        r = par(seed=seed, nodes=PAR_NODES)
        return {"seed": seed, "par": r.sets, "exact": r.exact, "line": r.moves}

    @classmethod
    def share_line(cls, result: dict[str, Any]) -> str:
        """The Sets taken, and the par."""
        return plural(result["score"], "Set") + (f" (par {result['par']})" if result.get("par") is not None else "")

    def check_options(self) -> None:
        for name in ("peek", "fair"):
            if not isinstance(self.options[name], bool):
                raise ValueError(f"mags: {name} must be true or false, not {self.options[name]!r}")

    def setup(self) -> None:
        if self.level is not None:
            self.cards = deck_of(self.level, "deck", PILES * ROUNDS)
            self.par = par_of(self.level, MOST_SETS)
        else:
            self.cards = deal(self.seed)
            self.par = None
        self.piles: list[list[Card]] = [[] for _ in range(PILES)]  # bottom first
        self.round = 0
        self.taken: list[list[Card]] = []  # the Sets made, each in index order
        self.ended = False
        self.played_out = False  # after round 9, no Set can be made any more
        self._deal_round()
        self._settle()

    def _deal_round(self) -> None:
        start = PILES * self.round
        for pile, c in zip(self.piles, self.cards[start : start + PILES]):
            pile.append(c)
        self.round += 1

    @property
    def undealt(self) -> list[Card]:
        """The cards still to be dealt, in deal order."""
        return self.cards[PILES * self.round :]

    def _pile_of(self, c: Card) -> int:
        """The index of the pile whose top is ``c``.

        :raises IllegalMove: saying why the card cannot be used.
        """
        for i, pile in enumerate(self.piles):
            if pile and pile[-1] == c:
                return i
        if any(c in s for s in self.taken):
            raise IllegalMove(f"{code(c)} was already removed")
        if not self.options["peek"]:  # saying more would tell where a hidden card is
            raise IllegalMove(f"{code(c)} is not a pile top: only pile tops can be used")
        for i, pile in enumerate(self.piles):
            if c in pile:
                under = len(pile) - 1 - pile.index(c)
                raise IllegalMove(f"{code(c)} is under {plural(under, 'card')} on pile {i + 1}: "
                                  "only pile tops can be used")
        raise IllegalMove(f"{code(c)} is not dealt yet")

    # ----- moves ---------------------------------------------------------
    def apply(self, m: Move) -> None:
        if m.verb in ("deal", "end") and (m.cards or m.target is not None):
            raise IllegalMove(f"{m.verb} takes no cards and no pile: just '{m.verb}'")
        if m.verb == "end":
            self.ended = True
        elif m.verb == "deal":
            if self.round == ROUNDS:
                raise IllegalMove("all 9 rounds are dealt: no card left to deal")
            self._deal_round()
        elif m.verb == "set":
            if m.target is not None:
                raise IllegalMove("a Set goes nowhere: set A B C")
            check_picked(m.cards, 3, "set 1RDE 2GOH 3PSF")
            where = [self._pile_of(c) for c in m.cards]
            check_set(m.cards)
            for i in where:
                self.piles[i].pop()
            self.taken.append(sorted(m.cards))
        else:
            self._move(m)
        self._settle()

    def _move(self, m: Move) -> None:
        check_picked(m.cards, 1, "move 2GOH > 4")
        a = m.cards[0]
        n = check_target(m.target, PILES, "pile", f"move {code(a)} > 4")
        i = self._pile_of(a)
        if self.piles[n]:
            raise IllegalMove(f"pile {n + 1} is not empty: a card moves only into an empty pile")
        if len(self.piles[i]) == 1 and self.round == ROUNDS:
            raise IllegalMove(f"{code(a)} is alone on pile {i + 1}: after the last round, moving it "
                              "to another empty pile changes nothing")
        self.piles[n].append(self.piles[i].pop())

    def _settle(self) -> None:
        if self.round < ROUNDS:
            self.played_out = False
        elif self.options["peek"]:
            self.played_out = not self.set_reachable()
        else:  # only what the player sees: no Set on the tops and no card can be uncovered
            self.played_out = not find_sets(self.tops()) and not (
                self.slides() and any(len(p) > 1 for p in self.piles))

    def seal(self, m: Move, before: dict[str, Any]) -> str | None:
        if m.verb == "deal":
            return "it showed the next round"
        if not self.options["peek"] and any(
                0 < len(p) < len(b) for p, b in zip(self.piles, before["piles"])):
            return "it uncovered a buried card"
        return None

    # ----- what can be done ---------------------------------------------
    def tops(self) -> list[Card]:
        """The top card of every non-empty pile, pile order."""
        return [p[-1] for p in self.piles if p]

    def slides(self) -> list[tuple[int, int]]:
        """Every (source, target) pile-index pair of a legal move: by source, targets ascending."""
        empty = [n for n, p in enumerate(self.piles) if not p]
        if not empty:
            return []
        last = self.round == ROUNDS
        return [(i, n) for i, p in enumerate(self.piles) if p and not (last and len(p) == 1) for n in empty]

    def set_reachable(self) -> bool:
        """True when some Set can still be brought to the tops by moves into the empty piles
        (see the module docstring; without an empty pile, when the tops hold a Set)."""
        empty = sum(1 for p in self.piles if not p)
        where: dict[Card, tuple[int, int]] = {}  # card -> (pile, depth from the top)
        for i, pile in enumerate(self.piles):
            for d, c in enumerate(reversed(pile[-1 - empty :])):
                where[c] = (i, d)
        cards = sorted(where)
        for k, a in enumerate(cards):
            for b in cards[k + 1 :]:
                c = third(a, b)
                if c > b and c in where:
                    deepest: dict[int, int] = {}
                    for i, d in (where[a], where[b], where[c]):
                        deepest[i] = max(d, deepest.get(i, 0))
                    if sum(deepest.values()) <= empty:
                        return True
        return False

    def demo_choice(self, memory: dict[str, Any], player: str | None = None) -> str | None:
        """A plain player: a Set, else a move that brings a Set to the tops, else deal, else end."""
        moves = self.legal_moves()
        if not moves:
            return None
        sets = [m for m in moves if m.startswith("set")]
        if sets:
            return sets[0]
        for m in moves:
            if m.startswith("move"):
                saved = (self.snapshot(), list(self.history), list(self._undo), list(self._redo))
                self.play(m)
                good = any(n.startswith("set") for n in self.legal_moves())
                snap, self.history, self._undo, self._redo = saved
                self.restore(snap)
                if good:
                    return m
        return "deal" if "deal" in moves else "end"

    def legal_moves(self) -> list[str]:
        """Sets (index order), moves (by source pile, targets ascending), deal, end."""
        if self.over:
            return []
        out = [f"set {' '.join(codes(s))}" for s in find_sets(self.tops())]
        out += [f"move {code(self.piles[i][-1])} > {n + 1}" for i, n in self.slides()]
        if self.round < ROUNDS:
            out.append("deal")
        return out + ["end"]

    # ----- results -------------------------------------------------------
    @property
    def left(self) -> int:
        """Cards on the piles."""
        return sum(len(p) for p in self.piles)

    @property
    def over(self) -> bool:
        return self.ended or self.played_out

    @property
    def won(self) -> bool:
        return self.played_out and not self.ended and self.left + len(self.undealt) <= WIN_LEFT

    @property
    def score(self) -> int:
        return len(self.taken)

    def view_extra(self) -> dict[str, Any]:
        peek = self.options["peek"]
        piles = [[code(c) if peek or k == len(p) - 1 else HIDDEN for k, c in enumerate(p)] for p in self.piles]
        return {
            "piles": piles,
            "round": self.round,
            "rounds": ROUNDS,
            "deck": len(self.undealt),
            "left": self.left,
            "par": self.par,
            "peek": peek,
            "taken": [codes(s) for s in self.taken],
            "ended": self.ended,
        }

    def summary(self, names: dict[str, str]) -> dict[str, Any]:
        v = self.view()
        left = v["left"] + v["deck"]
        lines = [f"{plural(left, 'card')} left (a win needs 9 or fewer)", f"round {v['round']} of 9"]
        if v["par"] is not None:
            lines.insert(0, f"par {plural(v['par'], 'Set')} — " + ("par reached!" if v["score"] >= v["par"] else
                                                        f"{v['par'] - v['score']} short of par"))
        if not v["peek"]:
            lines.append("played without peeking")
        return self.solo_summary("Won!" if self.won else "Game over", plural(v["score"], "Set"), lines, v["score"],
                                 None)

    def stars(self) -> tuple[int, bool]:
        """3: par reached, 2: within 2 of par (or a win), 1: played to the end; solved with 2."""
        par, score = self.view().get("par"), self.score
        stars = 3 if par is not None and score >= par else \
            2 if self.won or (par is not None and score >= par - 2) else 1
        return stars, stars >= 2

    def share_score(self, sets: int) -> Any:
        return self.score

    # ----- analysis ------------------------------------------------------
    def deal_par(self, work: int | None = None) -> DealPar | None:
        """The solver's par of this deal (``game.solver.mags.par``), or a level's own par when it knows
        more; the line is the solver's, kept only when it makes that par."""
        from ..solver.mags import PAR_NODES, par

        found = par(deck=self.cards, nodes=work or PAR_NODES)
        if self.par is not None and self.par > found.sets:
            return DealPar(self.par, True, [])
        return DealPar(found.sets, found.exact, list(found.moves))

    def reach(self, target: int, work: int | None = None) -> Reach:
        """The par search asked from this position (``game.solver.mags.reach``)."""
        from ..solver.mags import REACH_NODES, reach

        if self.over:
            return super().reach(target, work)
        got = reach(self.cards, self.piles, self.round, len(self.taken), target, work or REACH_NODES)
        return Reach(got.status, got.moves)


GAME = Mags
