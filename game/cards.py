"""The 81 cards of SET: codes, Sets, third cards, worth and caps.

A card is an int 0..80: index = 27*number + 9*color + 3*shape + shading,
each feature a value 0..2.  Its code is four letters, e.g. ``2GOH``.

>>> code(card("2GOH"))
'2GOH'
>>> is_set(card("1RDE"), card("2GOH"), card("3PSF"))
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

Card = int

FEATURES = ("number", "colour", "shape", "shading")  # as the game writes them to players
LETTERS = ("123", "RGP", "DOS", "EHF")
VALUE_NAMES = (
    ("one", "two", "three"),
    ("red", "green", "purple"),
    ("diamond", "oval", "squiggle"),
    ("empty", "striped", "solid"),
)
_WEIGHTS = (27, 9, 3, 1)

DECK: tuple[Card, ...] = tuple(range(81))


def features(c: Card) -> tuple[int, int, int, int]:
    """The four feature values (0..2) of a card.

    >>> features(card("2GOH"))
    (1, 1, 1, 1)
    """
    return (c // 27, c // 9 % 3, c // 3 % 3, c % 3)


def _from_features(f: Sequence[int]) -> Card:
    return 27 * f[0] + 9 * f[1] + 3 * f[2] + f[3]


_CODES = tuple("".join(LETTERS[i][v] for i, v in enumerate(features(c))) for c in DECK)
_BY_CODE = {s: c for c, s in enumerate(_CODES)}


def code(c: Card) -> str:
    """The four-letter code of a card.

    >>> code(0), code(80)
    ('1RDE', '3PSF')

    :raises ValueError: if ``c`` is not a card index 0..80.
    """
    if not isinstance(c, int) or not 0 <= c < 81:
        raise ValueError(f"not a card: {c!r} (a card is 0..80)")
    return _CODES[c]


def card(c: str | int) -> Card:
    """A card from its code (any case) or index.

    >>> card("3psf"), card(5)
    (80, 5)

    :raises ValueError: naming the bad code.
    """
    if isinstance(c, int) and not isinstance(c, bool):
        code(c)  # validates
        return c
    if isinstance(c, str):
        found = _BY_CODE.get(c.strip().upper())
        if found is not None:
            return found
    raise ValueError(
        f"unknown card code {c!r}: a code is number (1 2 3), color (R G P), "
        "shape (D O S) and shading (E H F), like 2GOH"
    )


def cards_of(words: list[str]) -> tuple[Card, ...] | None:
    """The cards of words that are all card codes (any case), or None when one is not.

    >>> cards_of(["3psf", "1RDE"]), cards_of(["1RDE", "5"])
    ((80, 0), None)
    """
    found = tuple(_BY_CODE.get(w.upper(), -1) for w in words)
    return None if -1 in found else found


def _third(a: Card, b: Card) -> Card:
    fa, fb = features(a), features(b)
    return _from_features([(-(x + y)) % 3 for x, y in zip(fa, fb)])


_THIRD = tuple(tuple(_third(a, b) for b in DECK) for a in DECK)


def third(a: Card, b: Card) -> Card:
    """The one card that completes a Set with ``a`` and ``b`` (computed per feature).

    >>> code(third(card("1RDE"), card("2GOH")))
    '3PSF'
    >>> third(7, 7)
    7
    """
    return _THIRD[a][b]


def is_set(a: Card, b: Card, c: Card) -> bool:
    """True when three distinct cards form a Set.

    >>> is_set(card("1RDE"), card("1RDH"), card("1RDF"))
    True
    >>> is_set(card("1RDE"), card("1RDH"), card("1RDH"))
    False
    """
    return a != b and _THIRD[a][b] == c


def worth(a: Card, b: Card, c: Card) -> int:
    """How many features are all different in a Set (1..4; 4 is a megaset).

    >>> worth(card("1RDE"), card("2GOH"), card("3PSF"))
    4
    >>> worth(card("1RDE"), card("1RDH"), card("1RDF"))
    1

    :raises ValueError: if the cards are not a Set.
    """
    if not is_set(a, b, c):
        raise ValueError(f"{code(a)} {code(b)} {code(c)} is not a Set")
    return 4 - _SHARED[a][b]


def shared(a: Card, b: Card) -> int:
    """How many features two cards share.

    >>> shared(card("2GOH"), card("2GOF")), shared(card("2GOH"), card("1RDE"))
    (3, 0)
    """
    return _SHARED[a][b]


_SHARED = tuple(tuple(sum(1 for x, y in zip(features(a), features(b)) if x == y) for b in DECK) for a in DECK)


def find_sets(cards: Iterable[Card]) -> list[tuple[Card, Card, Card]]:
    """Every Set among the cards, each in index order, sorted.

    O(n²): for each pair, the third card is looked up, not searched.

    >>> [tuple(map(code, s)) for s in find_sets(map(card, ["1RDE", "2GOH", "3PSF", "3PSE"]))]
    [('1RDE', '2GOH', '3PSF')]
    """
    cs = sorted(cards)
    present = set(cs)
    out = []
    for i, a in enumerate(cs):
        row = _THIRD[a]
        for b in cs[i + 1 :]:
            c = row[b]
            if c > b and c in present:
                out.append((a, b, c))
    return out


def has_set(cards: Iterable[Card]) -> bool:
    """True when the cards hold at least one Set (stops at the first).

    >>> has_set([0, 1, 2]), has_set([0, 1, 3])
    (True, False)
    """
    cs = sorted(cards)
    present = set(cs)
    for i, a in enumerate(cs):
        row = _THIRD[a]
        for b in cs[i + 1 :]:
            c = row[b]
            if c > b and c in present:
                return True
    return False


def ultra_pairs(a: Card, b: Card, c: Card, d: Card) -> tuple[tuple[Card, Card], tuple[Card, Card], Card] | None:
    """How four distinct cards split into two pairs completing to one card (an UltraSet).

    Returns ``(pair, pair, completing card)``, the first pair holding ``a``;
    None when no split works (at most one can: two would make two cards equal).

    >>> p, q, x = ultra_pairs(*map(card, ["1RDE", "2GOH", "1RDH", "2GOE"]))
    >>> [code(c) for c in p], [code(c) for c in q], code(x)
    (['1RDE', '2GOH'], ['1RDH', '2GOE'], '3PSF')
    >>> ultra_pairs(0, 1, 2, 4) is None
    True
    """
    if len({a, b, c, d}) != 4:
        return None
    for p, q in (((a, b), (c, d)), ((a, c), (b, d)), ((a, d), (b, c))):
        if _THIRD[p[0]][p[1]] == _THIRD[q[0]][q[1]]:
            return p, q, _THIRD[p[0]][p[1]]
    return None


def find_ultras(cards: Iterable[Card]) -> list[tuple[Card, Card, Card, Card]]:
    """Every UltraSet among the cards, each in index order, sorted.

    Pairs are grouped by the card completing them; two pairs with the same
    completing card never share a card, so every two of a group make one.
    O(n²) pairs.

    >>> [tuple(map(code, u)) for u in find_ultras(map(card, ["1RDE", "2GOH", "1RDH", "2GOE", "3PSF"]))]
    [('1RDE', '1RDH', '2GOE', '2GOH')]
    """
    cs = sorted(set(cards))
    groups: dict[Card, list[tuple[Card, Card]]] = {}
    for i, a in enumerate(cs):
        row = _THIRD[a]
        for b in cs[i + 1 :]:
            groups.setdefault(row[b], []).append((a, b))
    out: list[tuple[Card, Card, Card, Card]] = []
    for pairs in groups.values():
        for i, p in enumerate(pairs):
            for q in pairs[i + 1 :]:
                w, x, y, z = sorted(p + q)
                out.append((w, x, y, z))
    return sorted(out)


def has_ultra(cards: Iterable[Card]) -> bool:
    """True when the cards hold an UltraSet (stops at the first repeated completing card).

    >>> has_ultra(map(card, ["1RDE", "2GOH", "1RDH", "2GOE"])), has_ultra([0, 1, 3])
    (True, False)
    """
    cs = sorted(set(cards))
    completing: set[Card] = set()
    for i, a in enumerate(cs):
        row = _THIRD[a]
        for b in cs[i + 1 :]:
            if row[b] in completing:
                return True
            completing.add(row[b])
    return False


def is_cap(cards: Iterable[Card]) -> bool:
    """True when no Set can be made from the cards (a "cap").

    >>> is_cap(map(card, ["1RDE", "1RDH", "1ROE"]))
    True
    >>> is_cap(map(card, ["1RDE", "1RDH", "1RDF"]))
    False
    """
    return not has_set(cards)


def word_for(n: float, noun: str, many: str | None = None) -> str:
    """The noun as it goes with a count of ``n``: itself for one (or minus one), else its plural,
    ``many`` when given (``"tries"``, ``"misses"``), else the noun and an "s".  For a count written
    apart from its noun; with the count, see ``plural``.

    >>> word_for(1, "day"), word_for(2, "day"), word_for(0, "try", "tries")
    ('day', 'days', 'tries')
    """
    if n == 1 or n == -1:
        return noun
    return many if many is not None else noun + "s"


def plural(n: float, noun: str, many: str | None = None) -> str:
    """``n`` and the noun (singular), in the plural unless n is one: the one way the game says a
    count.  ``many`` is an irregular plural; a whole number is written as it is, a fraction short.

    >>> plural(1, "wrong pick"), plural(3, "repeat"), plural(0, "Set"), plural(-1, "point")
    ('1 wrong pick', '3 repeats', '0 Sets', '-1 point')
    >>> plural(1, "try", "tries"), plural(2, "try", "tries"), plural(2, "miss", "misses")
    ('1 try', '2 tries', '2 misses')
    >>> plural(1.0, "second"), plural(95.25, "second")
    ('1 second', '95.25 seconds')
    """
    number = f"{n:g}" if isinstance(n, float) else str(n)
    return f"{number} {word_for(n, noun, many)}"


def counted(n: float, unit: str) -> str:
    """``n`` of a plural ``unit`` (a kind's unit: "Sets", "UltraSets", "points", "seconds"), one
    agreeing: ``plural`` with the unit as its plural and, as its singular, the unit without its "s".

    >>> counted(1, "UltraSets"), counted(5, "Sets"), counted(-1, "points"), counted(1, "cards")
    ('1 UltraSet', '5 Sets', '-1 point', '1 card')
    """
    return plural(n, unit[:-1] if unit.endswith("s") else unit, unit)


def describe(c: Card) -> str:
    """A card in words.

    >>> describe(card("2GOH"))
    'two green striped ovals'
    >>> describe(card("1RDE"))
    'one red empty diamond'
    """
    n, col, sh, sd = features(c)
    shape = word_for(n + 1, VALUE_NAMES[2][sh])  # the number value 0..2 is one to three shapes
    return f"{VALUE_NAMES[0][n]} {VALUE_NAMES[1][col]} {VALUE_NAMES[3][sd]} {shape}"


def why_not_set(a: Card, b: Card, c: Card) -> str:
    """Which features break a Set, in words; '' when the cards are a Set.

    >>> why_not_set(card("1RDE"), card("1RDH"), card("1GDF"))
    'colour: two red, one green'
    """
    parts = []
    for i, name in enumerate(FEATURES):
        vals = [features(x)[i] for x in (a, b, c)]
        if len(set(vals)) == 2:
            two = max(set(vals), key=vals.count)
            one = min(set(vals), key=vals.count)
            if i == 0:
                parts.append(f"{name}: two {two + 1}s, one {one + 1}")
            elif i == 2:
                parts.append(f"{name}: two {VALUE_NAMES[i][two]}s, one {VALUE_NAMES[i][one]}")
            else:
                parts.append(f"{name}: two {VALUE_NAMES[i][two]}, one {VALUE_NAMES[i][one]}")
    return "; ".join(parts)


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Cards from space-separated codes.

    >>> parse_cards("1RDE 3psf")
    [0, 80]

    :raises ValueError: naming the first bad code.
    """
    words = text.split() if isinstance(text, str) else list(text)
    return [card(w) for w in words]
