"""Junior (RULES.md §7): Classic with only the 27 solid cards, 9 on the table.

The cards keep their four-letter codes (all end in ``F``); a Set is three
cards whose number, color and shape are each all the same or all different.
The deal is ``deal(seed)`` with every card that is not solid left out (the
solid cards in their shuffled order).  Nine cards are dealt, three more
while they hold no Set — any 10 Junior cards hold a Set (the largest
Set-free group has 9), so the table never passes 12.  A right Set is dealt
back up to 9.  Moves as in :mod:`game.variants.race`.

>>> g = GAME(seed=1)
>>> len(g.view()["table"]) in (9, 12), all(c.endswith("F") for c in g.view()["table"])
(True, True)
>>> g.play(g.legal_moves()[0] + " @2.50").verb, g.score
('set', 1)
"""

from __future__ import annotations

from typing import Any

from ..cards import DECK
from .facts import plain
from .race import Race


class Junior(Race):
    NAME = "junior"
    REFUSES_FIRST = True  # every check before the first change, in its own hooks as in Race's
    CODE_NUMBER = 6  # in its short deal codes (game.codes): never changes
    TITLE = "Junior SET"
    TAGLINE = "Three features, 27 solid cards"
    HELP = plain("""\
Junior SET: only the 27 solid cards, so only three features count — number, colour and shape. Nine cards
lie out; three more come while no Set is there (any ten such cards hold one).

Call SET (Space, or click a card), then pick three cards whose number, colour and shape are each all the
same or all different. A right Set scores 1; a wrong pick or a call that runs out costs 1.""")
    TABLE = 9
    MAX_TABLE = 12
    CARDS = frozenset(c for c in DECK if c % 3 == 2)  # shading: solid
    WORTHS = (1, 2, 3)  # three features: 3 is all different

    def view_extra(self) -> dict[str, Any]:
        return {**super().view_extra(), "features": 3}


GAME = Junior
