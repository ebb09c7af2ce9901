"""Set-Chain (RULES.md §7): every Set after the first carries one card of the one before.

The first Set is any Set of three table cards.  From then on a Set is one
card of the previous Set (shown beside the table) and two table cards: the
move names the carried card first, ``P1 set 1RDE 2GOH 3PSF @t`` (the cards
may be given in any order; the move is written carried card first).  The
two table cards are dealt back up to 12 in place, the Set just made becomes
the previous Set, and the two cards of the old previous Set that were not
carried leave the game (``discard``).  While no such Set exists the table
grows by three for as long as the deck lasts (as online, there is no 21-card
cap: a table may hold no chain Set however large).  The game is over when
the deck is empty and no chain Set is left.  A wrong pick, ``P1 miss A B C``,
may use table cards and cards of the previous Set; it costs 1.

>>> g = GAME(seed=2)
>>> first = g.legal_moves()[0]; _ = g.play(first)
>>> g.view()["previous"] == first.split()[2:]
True
>>> nxt = g.legal_moves()[0].split()[2:]
>>> nxt[0] in g.view()["previous"] and nxt[1] in g.view()["table"]
True
"""

from __future__ import annotations

import dataclasses
from typing import Any

from ..cards import Card, code, find_sets, third
from ..errors import IllegalMove
from ..move import Move
from .facts import plain
from .race import Race
from .table import check_on_table, check_set, codes, take_and_refill


class Chain(Race):
    NAME = "chain"
    REFUSES_FIRST = True  # every check before the first change, in its own hooks as in Race's
    CODE_NUMBER = 7  # in its short deal codes (game.codes): never changes
    TITLE = "Set-Chain"
    TAGLINE = "Every Set carries a card of the last"
    HELP = plain("""\
Set-Chain: the first Set is any Set. After it, every Set must use exactly one card of the previous Set
(shown in the panel) and two cards of the table. Three more cards come while no such Set exists.

Call SET (Space, or click a card) and pick three cards — the carried card among them. A right Set scores
1; a wrong pick (a Set that does not carry one card) or a call that runs out costs 1.""")
    STATE = Race.STATE + ("previous", "discard")
    MAX_TABLE = None

    def setup(self) -> None:
        self.previous: list[Card] = []  # the last Set taken, carried card first
        self.discard: list[Card] = []
        super().setup()

    def play(self, move: str | Move) -> Move:
        """As ``Game.play``; a Set or miss holding one card of the previous Set is written with it first."""
        m = Move.parse(move) if isinstance(move, str) else move
        return super().play(dataclasses.replace(m, cards=self.written(m.cards)))

    def written(self, cards: tuple[Card, ...]) -> tuple[Card, ...]:
        """The carried card first, when exactly one card of the previous Set is among ``cards``."""
        carried = [c for c in cards if c in self.previous]
        if len(carried) != 1:
            return tuple(cards)
        return (carried[0], *[c for c in cards if c != carried[0]])

    def picks(self) -> list[tuple[Card, ...]]:
        if not self.previous:
            return list(find_sets(self.table))
        on_table = set(self.table)
        out: list[tuple[Card, ...]] = []
        for c in sorted(self.previous):
            for a in sorted(on_table):
                b = third(c, a)
                if b > a and b in on_table:
                    out.append((c, a, b))
        return out

    def check_pick(self, cards: tuple[Card, ...]) -> None:
        if not self.previous:
            super().check_pick(cards)
            return
        if len(cards) != 3:
            raise IllegalMove(f"pick 3 cards, not {len(cards)}")
        carried = [c for c in cards if c in self.previous]
        if len(carried) != 1:
            raise IllegalMove("a Set here uses exactly one card of the previous Set "
                              f"({' '.join(codes(self.previous))}) and two table cards")
        check_on_table([c for c in cards if c != carried[0]], self.table, 2)
        check_set(cards)

    def can_miss(self, cards: tuple[Card, ...]) -> bool:
        if len(cards) != 3 or len(set(cards)) != 3:
            raise IllegalMove("a wrong pick is 3 different cards")
        for c in cards:
            if c not in self.table and c not in self.previous:
                raise IllegalMove(f"{code(c)} is neither on the table nor in the previous Set")
        try:
            self.check_pick(cards)
        except IllegalMove:
            return True
        return False

    def take(self, cards: tuple[Card, ...]) -> None:
        if not self.previous:
            take_and_refill(self.table, self.deck, cards, self.TABLE)
            self.previous = list(cards)
            return
        carried = next(c for c in cards if c in self.previous)
        fresh = [c for c in cards if c != carried]
        self.discard += [c for c in self.previous if c != carried]
        take_and_refill(self.table, self.deck, fresh, self.TABLE)
        self.previous = [carried, *fresh]

    def view_extra(self) -> dict[str, Any]:
        return {**super().view_extra(), "previous": codes(self.previous), "discard": len(self.discard)}


GAME = Chain
