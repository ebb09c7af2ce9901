"""UltraSet (RULES.md §7): four cards that split into two pairs completing to the same card.

``P1 ultra 1RDE 2GOH 1RDH 2GOE @t`` takes an UltraSet (+1): here 1RDE+2GOH
and 1RDH+2GOE both complete to 3PSF, the *completing card*, which need not
be on the table.  ``P1 miss A B C D @t`` is a wrong pick (−1).  The four are
dealt back up to 12 in place; while the table holds no UltraSet three more
are dealt for as long as the deck lasts.  The game is over when the deck is
empty and no UltraSet is left.  ``legal_moves`` lists the four cards in index
order; ``taken`` and ``last`` write them pair by pair (each pair in index
order, the pair holding the lowest card first), with the completing card.

The worth of an UltraSet (share text, stats) is the number of features not
all the same across the four cards (1..4).

>>> g = GAME(seed=3)
>>> m = g.legal_moves()[0]; _ = g.play(m + " @4.00")
>>> g.score, len(g.view()["last"]["cards"]), g.view()["last"]["completes"] not in m
(1, 4, True)
"""

from __future__ import annotations

from typing import Any

from ..cards import Card, code, features, find_ultras, ultra_pairs
from ..errors import IllegalMove
from .base import BotOption
from .facts import Kind, plain
from .race import Race
from .table import check_on_table, codes, take_and_refill


class Ultra(Race):
    NAME = "ultra"
    REFUSES_FIRST = True  # every check before the first change, in its own hooks as in Race's
    CODE_NUMBER = 8  # in its short deal codes (game.codes): never changes
    TITLE = "UltraSet"
    TAGLINE = "Two pairs that complete alike"
    HELP = plain("""\
UltraSet: pick four cards that split into two pairs completing to the same third card. That card need not
be on the table. Three more cards come while no UltraSet is there.

Call SET (Space, or click a card), then pick four cards. A right UltraSet scores 1 and shows the card both
pairs complete to; a wrong pick or a call that runs out costs 1.""")
    VERBS = frozenset({"ultra", "miss", "end"})
    STATE = Race.STATE + ("last",)
    MAX_TABLE = None
    PICK = "ultra"
    SHARE_UNIT = "UltraSets"
    KINDS = (Kind("normal", "Normal", unit="UltraSets"),)
    SIZE = 4
    ASK = "pick four"
    WORTHS = ()  # four cards: no Sets by worth in the results

    def setup(self) -> None:
        self.last: dict[str, Any] | None = None
        super().setup()

    def picks(self) -> list[tuple[Card, ...]]:
        return list(find_ultras(self.table))

    @classmethod
    def picks_among(cls, cards: list[Card]) -> list[tuple[Card, ...]]:
        """The UltraSets among ``cards`` (four cards each, in index order): a table's right picks."""
        return list(find_ultras(cards))

    def check_pick(self, cards: tuple[Card, ...]) -> None:
        check_on_table(cards, self.table, 4)
        if ultra_pairs(*cards) is None:
            raise IllegalMove("not an UltraSet — no split into two pairs completes both to the same card")

    def can_miss(self, cards: tuple[Card, ...]) -> bool:
        check_on_table(cards, self.table, 4)
        return ultra_pairs(*cards) is None

    def pick_worth(self, cards: tuple[Card, ...]) -> int:
        return sum(1 for values in zip(*map(features, cards)) if len(set(values)) > 1)

    def taken_entry(self, player: str, cards: tuple[Card, ...], time: float | None) -> list[Any]:
        """[player, [codes pair by pair], worth, time, completing card]."""
        p, q, x = split(cards)
        return [player, codes(p + q), self.pick_worth(cards), time, code(x)]

    def take(self, cards: tuple[Card, ...]) -> None:
        p, q, x = split(cards)
        self.last = {"cards": codes(p + q), "completes": code(x)}
        take_and_refill(self.table, self.deck, cards, self.TABLE)

    def bot_options(self, player: str) -> list[BotOption]:
        """Every UltraSet, its difficulty the worths of its two Sets through the completing card, halved.

        :raises ValueError: when ``player`` is not playing.
        """
        out = []
        for opt in super().bot_options(player):
            p, q, x = split(opt.cards)
            hard = sum(1 for values in zip(*map(features, (*p, x))) if len(set(values)) > 1)
            hard += sum(1 for values in zip(*map(features, (*q, x))) if len(set(values)) > 1)
            out.append(opt._replace(difficulty=hard / 2 + 1))
        return out

    def view_extra(self) -> dict[str, Any]:
        return {**super().view_extra(), "last": {**self.last, "cards": list(self.last["cards"])} if self.last else None}


def split(cards: tuple[Card, ...]) -> tuple[tuple[Card, ...], tuple[Card, ...], Card]:
    """An UltraSet's two pairs (each in index order, the pair of the lower card first) and its completing card."""
    pairs = ultra_pairs(*cards)
    if pairs is None:
        raise IllegalMove("not an UltraSet")
    a, b, x = pairs
    p, q = sorted((tuple(sorted(a)), tuple(sorted(b))))
    return p, q, x


GAME = Ultra
