"""Shuffle (RULES.md §7, as Set with Friends plays it): Classic, but the table's cards change places.

After a right Set the three are taken and replaced from the deck as in
Classic (three more while no Set is left, at most 21), and then the cards on
the table change places: a seeded shuffle of their positions, from the
game's own stream (``rng``), so a replay, a resumed game and an online
replica lay the same table.  No card leaves the table but the Set's, but
what you studied no longer lies where you saw it.  Moves as in
:mod:`game.variants.race`.

>>> g = GAME(seed=4)
>>> before = list(g.table)
>>> taken = g.picks()[0]
>>> _ = g.play(g.legal_moves()[0])
>>> kept = [c for c in before if c not in taken]
>>> set(kept) <= set(g.table), [c for c in g.table if c in kept] != kept
(True, True)
"""

from __future__ import annotations

from ..cards import Card
from .facts import plain
from .race import Race
from .table import take_and_refill


class Shuffle(Race):
    NAME = "shuffle"
    REFUSES_FIRST = True  # every check before the first change, in its own hooks as in Race's
    CODE_NUMBER = 10  # in its short deal codes (game.codes): never changes
    TITLE = "Shuffle"
    TAGLINE = "After every Set the cards change places"
    HELP = plain("""\
Shuffle: Classic, except that after every Set the cards on the table change places — the Set is taken and
replaced from the deck as in Classic, then the whole table is shuffled. The cards you studied are still
there, but not where you saw them.

Call SET (Space, or click a card), then pick three cards. A right Set scores 1; a wrong pick or a call that
runs out costs 1.""")

    def take(self, cards: tuple[Card, ...]) -> None:
        """Take the Set and deal its places from the deck as in Classic, then shuffle the table's places."""
        take_and_refill(self.table, self.deck, cards, self.TABLE)
        self.shuffled(self.table)
        self.places = []  # every card changed place on purpose: the places are the table's new order


GAME = Shuffle
