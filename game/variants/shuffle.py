"""Shuffle (RULES.md §7): Classic, but the table is dealt afresh after every Set.

After a right Set, every card left on the table goes back into the deck, the
deck is shuffled (the game's own seeded stream) and 12 cards are dealt, then
three more while they hold no Set (at most 21).  So no card stays in place
and nothing seen before a Set helps after it.  The online game's Shuffle only
moves the table's cards to new places; RULES.md deals afresh from the deck.
Moves as in :mod:`game.variants.race`.

>>> g = GAME(seed=4)
>>> before = set(g.table)
>>> _ = g.play(g.legal_moves()[0])
>>> len(g.table) >= 12, set(g.table) <= before
(True, False)
"""

from __future__ import annotations

from ..cards import Card
from .facts import plain
from .race import Race


class Shuffle(Race):
    NAME = "shuffle"
    TITLE = "Shuffle"
    TAGLINE = "A fresh table after every Set"
    HELP = plain("""\
Shuffle: Classic, except that after every Set the table goes back into the deck, the deck is shuffled and
a fresh table is dealt — no card you studied stays.

Call SET (Space, or click a card), then pick three cards. A right Set scores 1; a wrong pick or a call that
runs out costs 1.""")

    def take(self, cards: tuple[Card, ...]) -> None:
        rest = [c for c in self.table if c not in cards]
        self.deck += rest
        self.rng.shuffle(self.deck)
        self.table = self.deck[: self.TABLE]
        del self.deck[: self.TABLE]


GAME = Shuffle
