"""Where a game's cards come from: the seed's deal, or (an online replica) the cards as they are shown.

A game takes its hidden order from two places only: ``Game.dealt(cards)`` (a deal's cards in deal
order) and ``Game.shuffled(cards)`` (a reshuffle from the game's own stream).  With no source (a local
game) they are ``cards`` as given and ``self.rng.shuffle``.  Each list they make is *list* ``j`` (0: the
first deal, then every reshuffle in the order they happen) and each place in it a *slot* ``(j, i)``.

``Seeded`` is the deciding side's source (an online room): the seed's lists, kept, so that each card the
table shows is named by its slot.  After the deal and after each move (``played``) it gives the *facts*
of that step: the slots of the cards now face up (``Game.face_up``) that were not told before, as
``[[j, i, "1RDE"], ...]`` under ``"cards"``; for a face-down table (Memory) also ``"size"``, how many
cards lie on the table, and ``"ends": True`` on the move that ends the game (what the hidden faces
decide).

``Revealed`` is the replica's source: a list holds placeholders (``hidden(j, i)``, ints from ``HIDDEN``
on, never a card) except at the slots it was told (``tell``); a told slot whose placeholder already lies
in the game (the deck, a face-down table) is replaced by its card there.  The replica is told a step's
facts before it plays the step, so every card it deals face up is the real one, and it decides exactly
as the deciding side did.

>>> from game import variants
>>> room = Seeded(); g = new_game(variants.game_class("classic"), 7, room)
>>> facts = room.played(g); len(facts["cards"])
12
>>> mirror = Revealed(); mirror.tell(facts)
>>> r = new_game(variants.game_class("classic"), 0, mirror)
>>> r.table == g.table, len(r.deck) == len(g.deck), r.deck[0] >= HIDDEN
(True, True, True)
"""

from __future__ import annotations

from typing import Any

from ..cards import Card, card, code
from .base import Game

HIDDEN = 1000  # placeholders are HIDDEN + SPAN * j + i: never a card (0..80), never take_and_refill's -1
SPAN = 128  # places a list may have (a deal has 81)
MAX_LISTS = 100_000  # lists a game may make (a guard against a damaged message)


def hidden(j: int, i: int) -> int:
    """The placeholder of slot ``(j, i)``."""
    return HIDDEN + SPAN * j + i


def is_hidden(c: Any) -> bool:
    """Is ``c`` a placeholder (a card not shown yet)?"""
    return isinstance(c, int) and c >= HIDDEN


def new_game(cls: type[Game], seed: int, source: Any, **options: Any) -> Game:
    """A game of class ``cls`` whose cards come from ``source`` (set before its deal)."""
    g: Game = object.__new__(cls)
    g.source = source
    Game.__init__(g, seed=seed, **options)  # no mode has an __init__ of its own: ``setup`` builds it
    return g


class Seeded:
    """The deciding side's source: the seed's deal and the game's own stream, every list kept."""

    def __init__(self) -> None:
        self.lists: list[dict[Card, int]] = []  # list j: card -> its place
        self.told: set[tuple[int, int]] = set()
        self.known: set[Card] = set()  # cards whose slot (in the lists as they are) was told: nothing to look up
        self.telling: list[list[Any]] = []  # slots of this step told so far
        self.keys: dict[tuple[int, int], int] = {}  # (moves played, the stream's state) -> the list it shuffled

    def dealt(self, game: Game, cards: list[Card]) -> list[Card]:
        self.lists.append({c: i for i, c in enumerate(cards)})
        self.known.clear()  # a card's slot is its place in the latest list that holds it
        return cards

    def shuffle(self, game: Game, cards: list[Card]) -> None:
        self.note(game)  # a card laid face up earlier in this move (20/20: a refill before a new hand's deal)
        key = (len(game.history), game.rng.state)  # a move tried and taken back (``is_legal``), then played,
        game.rng.shuffle(cards)                     # shuffles alike: one list, not two
        place = {c: i for i, c in enumerate(cards)}
        self.known.clear()
        if key in self.keys:
            self.lists[self.keys[key]] = place
        else:
            self.keys[key] = len(self.lists)
            self.lists.append(place)

    def slot(self, c: Card) -> tuple[int, int] | None:
        """Where ``c`` was dealt from: its place in the latest list that holds it."""
        for j in range(len(self.lists) - 1, -1, -1):
            i = self.lists[j].get(c)
            if i is not None:
                return j, i
        return None

    def note(self, game: Game) -> None:
        """Keep the slots of the cards face up now that were not told yet (told with the step)."""
        for c in game.face_up():
            if c in self.known:
                continue
            s = self.slot(c)
            if s is not None:
                if s not in self.told:
                    self.told.add(s)
                    self.telling.append([s[0], s[1], code(c)])
                self.known.add(c)

    def played(self, game: Game) -> dict[str, Any]:
        """The facts of the step just played (the deal, or a move): see the module's text."""
        self.note(game)
        told, self.telling = self.telling, []
        facts: dict[str, Any] = {"cards": told} if told else {}
        if game.FACE_DOWN:
            facts["size"] = len(game.table_cards())
            if game.over:
                facts["ends"] = True
        return facts

    def table_size(self) -> int | None:
        return None  # the engine sees its own faces

    def finished(self) -> bool | None:
        return None


class Revealed:
    """The replica's source: placeholders, and the cards as they are told."""

    def __init__(self) -> None:
        self.known: dict[tuple[int, int], Card] = {}
        self.count = 0  # lists made so far
        self.game: Game | None = None
        self.size: int | None = None
        self.ends = False

    def _list(self, n: int) -> list[Card]:
        j, self.count = self.count, self.count + 1
        return [self.known.get((j, i), hidden(j, i)) for i in range(n)]

    def dealt(self, game: Game, cards: list[Card]) -> list[Card]:
        self.game = game
        return self._list(len(cards))

    def shuffle(self, game: Game, cards: list[Card]) -> None:
        cards[:] = self._list(len(cards))  # a replica only follows: it never tries a move and takes it back

    def played(self, game: Game) -> dict[str, Any]:
        return {}

    def tell(self, facts: dict[str, Any]) -> None:
        """Learn a step's facts before playing it (``ends`` only after: ``after``).

        :raises ValueError: on a slot or card that makes no sense.
        """
        cards = facts.get("cards") or []
        if not isinstance(cards, list):
            raise ValueError("cards: a list of [list, place, card]")
        for x in cards:
            if not (isinstance(x, list) and len(x) == 3 and all(isinstance(v, int) and not isinstance(v, bool)
                                                                  for v in x[:2])
                    and 0 <= x[0] < MAX_LISTS and 0 <= x[1] < SPAN and isinstance(x[2], str)):
                raise ValueError(f"not a slot and a card: {str(x)[:40]}")
            self.learn(x[0], x[1], card(x[2]))
        size = facts.get("size")
        if size is not None:
            if not isinstance(size, int) or isinstance(size, bool) or not 0 <= size <= 81:
                raise ValueError(f"not a table size: {size!r}")
            self.size = size

    def after(self, facts: dict[str, Any]) -> None:
        """What is known once the step is played: whether it ended the game."""
        self.ends = bool(facts.get("ends"))

    def learn(self, j: int, i: int, c: Card) -> None:
        """Slot ``(j, i)`` holds ``c``: kept, and put in place of its placeholder wherever it lies."""
        self.known[(j, i)] = c
        g, h = self.game, hidden(j, i)
        if g is None or j >= self.count:
            return  # its list is not made yet: made with the card in place
        for name in g.STATE:
            value = getattr(g, name)
            for part in value.values() if isinstance(value, dict) else [value]:
                if isinstance(part, list) and h in part:
                    part[part.index(h)] = c

    def table_size(self) -> int | None:
        return self.size

    def finished(self) -> bool | None:
        return self.ends
