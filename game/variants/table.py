"""Helpers shared by the open-table modes (classic, points, twenty, findall)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..cards import Card, card, code, is_set, plural, why_not_set
from ..errors import IllegalMove


def check_on_table(cards: Sequence[Card], table: Sequence[Card], n: int = 3) -> None:
    """Refuse unless ``cards`` are ``n`` distinct cards lying on ``table``.


    :raises IllegalMove: naming the card that is not there.
    """
    if len(cards) != n:
        raise IllegalMove(f"pick {plural(n, 'card')}, not {len(cards)}")
    if len(set(cards)) != n:
        raise IllegalMove("the same card is picked twice")
    for c in cards:
        if c not in table:
            raise IllegalMove(f"{code(c)} is not on the table")


def check_set(cards: Sequence[Card]) -> None:
    """Refuse unless the three cards form a Set, saying which feature fails.


    :raises IllegalMove: e.g. "not a Set — colour: two red, one green".
    """
    a, b, c = cards
    if not is_set(a, b, c):
        raise IllegalMove(f"not a Set — {why_not_set(a, b, c)}")


def take_and_refill(table: list[Card], deck: list[Card], cards: Sequence[Card], size: int = 12) -> None:
    """Take ``cards`` off ``table`` and deal from the front of ``deck`` back up to ``size``.

    New cards go where the taken ones lay (so the table keeps its shape);
    places that cannot be filled close up.
    """
    gaps = sorted(table.index(c) for c in cards)
    wanted = max(0, size - (len(table) - len(cards)))
    for i in gaps:
        table[i] = deck.pop(0) if wanted > 0 and deck else -1
        wanted -= 1
    table[:] = [c for c in table if c != -1]


def fill_places(places: Sequence[Card], taken: Sequence[Card], dealt: Sequence[Card]) -> list[Card]:
    """The table's cards in their places on the screen after ``taken`` left and ``dealt`` came.

    Every card that stays keeps its place; the holes (in place order) take first the cards
    beyond the last place still needed (a table of more than 12 shrinks back), then the cards
    dealt, and the dealt cards no hole takes go in new places at the end (a table that grows);
    so no other card moves, as a player at a real table would do.  The rules' own order
    (``take_and_refill``) is not this one and does not change.

    >>> fill_places([1, 2, 3, 4, 5, 6, 7], [2, 4, 6], [])  # 7 cards, 3 taken: 5 and 7 fill the holes
    [1, 5, 3, 7]
    >>> fill_places([1, 2, 3, 4], [2, 4, 1], [8, 9, 10])
    [8, 9, 3, 10]
    >>> fill_places([1, 2, 3], [2], [7, 8, 9])  # one taken, four dealt: the hole, then new places
    [1, 7, 3, 8, 9]
    """
    out = [-1 if c in taken else c for c in places]
    n = len(out) - len(taken) + len(dealt)
    out += [-1] * (n - len(out))
    holes = [i for i in range(n) if out[i] == -1]
    movers = [c for c in out[n:] if c != -1] + list(dealt)
    for i, c in zip(holes, movers):
        out[i] = c
    return out[:n]


def follow_places(places: Sequence[Card], table: Sequence[Card]) -> list[Card]:
    """The places on the screen (``fill_places``) after the rules changed ``table``: the cards no longer
    on it left their places, the cards new on it (in the table's order) came.  An empty ``places`` (a
    fresh deal) gives the table's own order.

    >>> follow_places([5, 6, 7, 8], [8, 7, 9, 5])  # 6 taken, 9 dealt: 9 in 6's place, whatever the rules' order
    [5, 9, 7, 8]
    >>> follow_places([], [4, 2, 7])
    [4, 2, 7]
    """
    now, before = set(table), set(places)
    dealt = [c for c in table if c not in before]
    if len(places) == len(table):  # as many came as went: each takes a hole, in order (``fill_places``)
        new = iter(dealt)
        return [c if c in now else next(new) for c in places]
    return fill_places(places, [c for c in places if c not in now], dealt)


def codes(cards: Sequence[Card]) -> list[str]:
    return [code(c) for c in cards]


def deck_of(level: dict[str, Any], field: str = "deck", size: int | None = None) -> list[Card]:
    """The card list in a level's ``field``, every code checked and no card twice.

    :raises ValueError: naming the level, the field and the bad entry.
    """
    name = level.get("id", "level")
    cards = level.get(field)
    if not isinstance(cards, list):
        raise ValueError(f"{name}: field '{field}' must be a list of card codes")
    if size is not None and len(cards) != size:
        raise ValueError(f"{name}: field '{field}' must hold {size} cards, not {len(cards)}")
    out = []
    for i, c in enumerate(cards):
        try:
            out.append(card(c) if isinstance(c, str) else card("?"))
        except ValueError:
            raise ValueError(f"{name}: field '{field}' entry {i + 1}: bad card code {c!r}") from None
    seen = set()
    for c in out:
        if c in seen:
            raise ValueError(f"{name}: field '{field}' holds {code(c)} twice")
        seen.add(c)
    return out
