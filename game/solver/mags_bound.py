"""The fewest cards a Mag's game must leave, given cards known never to be cleared.

Cards are vectors of four features mod 3 and three cards form a Set exactly
when they sum to zero.  So whatever Sets are taken from the cards left (on
the piles and still to come, ``left``), the cards that stay behind (``L``)
sum to the same as ``left`` and number the same mod 3.  ``L`` holds every
card known never to be cleared (``stay``) plus ``k`` others: the smallest
``k`` with the right count mod 3 whose cards can sum to what is missing is
a floor on what stays, so (cards left − floor) / 3 is a ceiling on the Sets.

Only ``k`` = 0, 1 and 2 are checked (is the sum already right; is the
missing card there; is there a pair making it up); a larger ``k`` is taken
as possible, which can only make the floor lower: still sound.  For the
full deck the cards left always sum to zero, so one dead card (one that no
pair of live cards completes) always costs two more: the pair that would
make up its sum would be a Set with it.

>>> from .tables import mask_of
>>> least_left(mask_of([0, 1, 2, 3, 4, 5]), 0)  # 0 1 2 and 3 4 5 are Sets: all may go
0
>>> least_left(mask_of([0, 1, 2, 3, 4, 5]), mask_of([3]))  # 0 1 2 may go
3
>>> least_left(mask_of([0, 1, 2, 3, 4, 5]), mask_of([0, 3]))  # the third card, 6, is not there
6
"""

from __future__ import annotations

from ..cards import DECK
from .tables import THIRD, cards_of

ZERO = 0  # the card whose features are all the first value: the zero vector
NEG: list[int] = [THIRD[c][ZERO] for c in DECK]  # a + (-a) + 0 = 0 is a Set (or a = 0)
# SUM[a][b]: the card a + b; a, b and -(a + b) sum to zero
SUM: list[list[int]] = [[NEG[THIRD[a][b]] for b in DECK] for a in DECK]


def total(mask: int) -> int:
    """The card that is the feature-wise sum (mod 3) of the cards of ``mask``.

    >>> total(0), total(0b111)  # nothing sums to the zero card; cards 0, 1, 2 form a Set
    (0, 0)
    """
    s = ZERO
    for c in cards_of(mask):
        s = SUM[s][c]
    return s


def least_left(left: int, stay: int) -> int:
    """A floor on the cards of ``left`` never cleared when the cards of ``stay`` (within ``left``) never are.

    See the module docstring for why it is sound.
    """
    n, d = left.bit_count(), stay.bit_count()
    live = left & ~stay
    k = (n - d) % 3
    want = SUM[total(left)][NEG[total(stay)]]  # what the other cards left behind must add up to
    if k == 0:
        ok = want == ZERO
    elif k == 1:
        ok = bool(live >> want & 1)
    else:
        ok = any(live >> SUM[want][NEG[a]] & 1 and SUM[want][NEG[a]] != a for a in cards_of(live))
    return min(n, d + (k if ok else k + 3))



class Packer:
    """Whether ``t`` disjoint Sets can be taken from a set of cards at once (``fits``).

    Whatever the order of play, the Sets still to be made are disjoint Sets
    of the cards left, so when ``t`` of them cannot be packed, no line makes
    ``t`` more.  The search tries the card in the fewest Sets first: in each
    of its Sets, or (while cards may be spared) in none.  What it learns
    about a set of cards is kept (the most it surely packs, the least it
    surely cannot), and it gives up after ``limit`` steps in one question
    (answering yes: never wrong for a bound).  ``steps`` counts all its
    work.

    >>> from .tables import mask_of
    >>> p = Packer(1_000)
    >>> p.fits(mask_of([0, 1, 2, 3, 4, 5]), 2), p.fits(mask_of([0, 1, 2, 3, 4, 6]), 2)  # 3 4 5 lacks 5
    (True, False)
    """

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.steps = 0
        self.known: dict[int, tuple[int, int]] = {}  # cards -> (surely packs, surely cannot pack)
        self._left = 0

    def fits(self, cards: int, t: int) -> bool:
        self._left = self.limit
        try:
            return self._fits(cards, t)
        except _GaveUp:
            return True

    def _fits(self, cards: int, t: int) -> bool:
        if t <= 0:
            return True
        n = cards.bit_count()
        if n < 3 * t:
            return False
        lo, no = self.known.get(cards, (0, n // 3 + 1))
        if t <= lo:
            return True
        if t >= no:
            return False
        self._left -= 1
        self.steps += 1
        if self._left < 0:
            raise _GaveUp
        # the card in the fewest Sets among these cards
        members = cards_of(cards)
        self.steps += n // 12
        fewest: list[tuple[int, int]] | None = None
        pick = -1
        for c in members:
            row = THIRD[c]
            sets = [(a, row[a]) for a in members if a < row[a] and a != c and row[a] != c and cards >> row[a] & 1]
            if fewest is None or len(sets) < len(fewest):
                fewest, pick = sets, c
                if len(sets) <= 1:
                    break
        assert fewest is not None
        rest = cards & ~(1 << pick)
        ok = any(self._fits(rest & ~(1 << a) & ~(1 << b), t - 1) for a, b in fewest)
        if not ok and n - 1 >= 3 * t:  # or the card stays, when one may
            ok = self._fits(rest, t)
        lo, no = self.known.get(cards, (0, n // 3 + 1))
        self.known[cards] = (max(lo, t), no) if ok else (lo, min(no, t))
        return ok


class _GaveUp(Exception):
    pass
