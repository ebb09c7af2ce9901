"""Moves as text and back: ``P2 set 1RDE 2GOH 3PSF @12.40``, ``move 2GOH > 3``.

Grammar: ``[Pn] verb [cards...] [> target] [@seconds]``.  A target is a
column or pile number (from 1) or the word ``side``.

>>> m = Move.parse("p2 SET 1rde 2goh 3psf @12.4")
>>> str(m)
'P2 set 1RDE 2GOH 3PSF @12.40'
>>> Move.parse("oracle > 4").target, Move.parse("oracle side").target
(4, 'side')
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .cards import Card, card, cards_of, code
from .errors import BadMove

VERBS = frozenset(
    "set miss deal3 add reshuffle hint end draw move deal oracle resign call lapse undo redo go"
    " ultra flip".split()  # UltraSet's four cards; Memory turns one card up
)


@dataclass(frozen=True)
class Move:
    """One move: who, what, which cards, where to, and when (seconds, or None)."""

    verb: str
    cards: tuple[Card, ...] = ()
    player: str | None = None
    target: int | str | None = None
    time: float | None = None

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read a move from its text.


        :raises BadMove: saying which word could not be read.
        """
        if not isinstance(text, str):
            raise BadMove(f"a move is text, not {type(text).__name__}")
        words = text.split()
        if not words:
            raise BadMove("empty move")
        player = time = target = None
        if words[-1].startswith("@"):
            time = _parse_time(words.pop()[1:])
        if words and words[0].upper()[:1] == "P" and words[0][1:].isdigit():
            n = int(words.pop(0)[1:])
            if not 1 <= n <= 4:
                raise BadMove(f"no player P{n}: players are P1 to P4")
            player = f"P{n}"
        if not words:
            raise BadMove(f"no verb in move {text!r}")
        verb = words.pop(0).lower()
        if verb not in VERBS:
            raise BadMove(f"unknown move {verb!r} in {text!r}")
        if ">" in words:
            i = words.index(">")
            if i != len(words) - 2:
                raise BadMove(f"'>' must be followed by one column number in {text!r}")
            target = _parse_target(words[-1])
            words = words[:i]
        elif words and words[-1].lower() == "side":
            target = "side"
            words.pop()
        cards = cards_of(words)
        if cards is None:
            try:
                cards = tuple(card(w) for w in words)  # an index, or a bad word: card() says which
            except ValueError as e:
                raise BadMove(str(e)) from None
        return cls(verb, cards, player, target, time)

    def __str__(self) -> str:
        parts = [self.player] if self.player else []
        parts.append(self.verb)
        parts += [code(c) for c in self.cards]
        if self.target == "side":
            parts.append("side")
        elif self.target is not None:
            parts += [">", str(self.target)]
        if self.time is not None:
            parts.append(f"@{self.time:.2f}")
        return " ".join(parts)


def _parse_time(word: str) -> float:
    try:
        t = float(word)
    except ValueError:
        raise BadMove(f"bad time @{word}: seconds like @12.40") from None
    if not math.isfinite(t) or t < 0:
        raise BadMove(f"bad time @{word}: seconds ≥ 0")
    return round(t, 2)


def _parse_target(word: str) -> int | str:
    if word.lower() == "side":
        return "side"
    if not word.isdigit() or not 1 <= int(word) <= 9:
        raise BadMove(f"bad column {word!r}: a number from 1")
    return int(word)
