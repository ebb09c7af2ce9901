"""Memory (RULES.md §7): the table lies face down; turn up three; a Set is taken.

12 cards are dealt face down (three more while they hold no Set, at most 21:
the engine knows the faces).  ``P1 flip 2GOH @t`` turns one face-down card
up; the move names the card by its code (the screen knows which card lies
where; ``view()`` shows a face-down card as ``"??"``).  Once a player has a
card up, only they may turn cards until their three are done.  When the
third card is up:

- a Set is taken (+1) and dealt back up to 12, face down;
- anything else turns back face down, costing nothing (``misses`` counts it).

Either way ``view()["shown"]`` keeps those three (and whether they were a
Set) until the next card is turned, so the screen can show them a moment.
``P1 miss @t`` is a call that ran out: that player's cards turn back, no
cost.  ``end`` stops the game; it is over when the deck is empty and no Set
is left.  Every card once face up is public knowledge (``seen``), which
``bot_options`` works from: a bot remembers perfectly; forgetting is the
bot's own business.

>>> g = GAME(seed=5)
>>> g.view()["table"][:3]
['??', '??', '??']
>>> a, b, c = g.picks()[0]
>>> for x in (a, b, c):
...     _ = g.play(f"P1 flip {code(x)}")
>>> g.score, g.view()["shown"]["set"]
(1, True)
"""

from __future__ import annotations

from typing import Any

from ..cards import Card, card, code, find_sets, is_set, plural, third, worth
from ..errors import IllegalMove
from ..move import Move
from .base import BotOption
from .facts import WINDOW_KEYS, plain
from .race import Race
from .table import codes, take_and_refill

HIDDEN = "??"


class Memory(Race):
    NAME = "memory"
    REFUSES_FIRST = True  # every check before the first change, in its own hooks as in Race's
    CODE_NUMBER = 9  # in its short deal codes (game.codes): never changes
    TITLE = "Memory"
    TAGLINE = "Face down: turn up three, remember the rest"
    HELP = plain("""\
Memory: the twelve cards lie face down. Turn up three, one at a time: a Set is yours (+1) and three new
cards come face down; anything else turns back after a moment and costs nothing. Remember what you saw —
so do the bots. Three more cards come while the table holds no Set.

Click a face-down card (or press its key) to turn it up: the first card is your call, and you have the
call time to turn the other two. While someone is turning cards, the others wait.""")
    KEYS = ("Mouse: click a card to turn it up · Keys: 1 2 3 / q w e / a s d / z x c turn a card up · "
            f"{WINDOW_KEYS}")
    VERBS = frozenset({"flip", "miss", "end"})
    STATE = Race.STATE + ("up", "turner", "seen", "shown")
    PICK = "flip"
    LAPSE_COSTS = False
    ONE_BY_ONE = True  # a flip turns up one card
    FACE_DOWN = True
    ASK = "turn up three"

    def setup(self) -> None:
        self.up: list[Card] = []  # face up now, in the order turned
        self.turner: str | None = None  # whose cards are up
        self.seen: list[Card] = []  # table cards that have been face up, in index order
        self.shown: dict[str, Any] | None = None  # the last three turned: {"player", "cards", "set"}
        super().setup()

    def apply(self, m: Move) -> None:
        if m.verb == "end":
            self.ended = True
            return
        player = self.player_of(m)
        if self.up and self.turner != player:
            raise IllegalMove(f"{self.turner} is turning cards up: wait until they are done")
        if m.verb == "miss":
            if m.cards:
                raise IllegalMove("in Memory cards are turned up one at a time: P1 flip 2GOH")
            self.up, self.turner = [], None
            return
        if len(m.cards) != 1:
            raise IllegalMove("turn up one card at a time: P1 flip 2GOH")
        c = m.cards[0]
        if c not in self.table:
            raise IllegalMove(f"{code(c)} is not on the table")
        if c in self.up:
            raise IllegalMove(f"{code(c)} is already face up")
        if not self.up:
            self.shown = None
        self.up.append(c)
        self.turner = player
        if c not in self.seen:
            self.seen = sorted(self.seen + [c])
        if len(self.up) == 3:
            self._three(player, tuple(self.up), m.time)

    def _three(self, player: str, cards: tuple[Card, ...], time: float | None) -> None:
        """The third card is up: take a Set, or turn the three back."""
        self.up, self.turner = [], None
        right = is_set(*cards)
        self.shown = {"player": player, "cards": codes(cards), "set": right}
        if not right:
            self.misses[player] += 1
            return
        self.points[player] += 1
        self.taken.append(self.taken_entry(player, cards, time))
        take_and_refill(self.table, self.deck, cards, self.TABLE)
        self.seen = [s for s in self.seen if s not in cards]
        self.settle()
        self.follow()

    def settle(self) -> None:
        """Three more while the face-down table holds no Set; a replica that cannot see the faces is
        told how many cards the table holds (``game.variants.deck``)."""
        size = None if self.source is None else self.source.table_size()
        if size is None:
            super().settle()
            return
        while self.deck and len(self.table) < size:
            self.table += self.deck[:3]
            del self.deck[:3]

    @property
    def over(self) -> bool:
        """As every race mode; a replica that cannot see the faces is told when the last Set went."""
        ends = None if self.source is None else self.source.finished()
        return super().over if ends is None else self.ended or ends

    def face_up(self) -> list[Card]:
        """The cards turned up now, and the last three shown."""
        return list(self.up) + ([card(x) for x in self.shown["cards"]] if self.shown else [])

    def misses_line(self, n: int, short: bool = False) -> str:
        """Three turned up that were no Set cost nothing; the results count them."""
        return f"{n} turned back" if short else f"{plural(n, 'three')} turned back"

    def picking(self, player: str) -> bool:
        """Is ``player`` between flips (one or two cards up)?  Their call stays open meanwhile."""
        return bool(self.up) and self.turner == player

    def pick_move(self, player: str, cards: tuple[Card, ...]) -> str:
        """Memory has no picks of three: cards are turned one by one.

        :raises IllegalMove: always.
        """
        raise IllegalMove("in Memory cards are turned up one at a time: P1 flip 2GOH")

    def legal_moves(self) -> list[str]:
        if self.over:
            return []
        who = [self.turner] if self.up else self.players
        down = [code(c) for c in sorted(self.table) if c not in self.up]
        return [f"{p} flip {c}" for p in who for c in down] + ["end"]

    def bot_options(self, player: str) -> list[BotOption]:
        """The next card ``player`` could turn: toward a Set it knows (difficulty: its worth), else a guess.

        A guess (difficulty 0, its cards just the one turned) is a card never
        seen, or any face-down card when all have been seen.  Empty while
        another player has cards up.

        :raises ValueError: when ``player`` is not playing.
        """
        if player not in self.points:
            raise ValueError(f"{player} is not playing (players: {', '.join(self.players)})")
        if self.over or (self.up and self.turner != player):
            return []
        down = [c for c in sorted(self.table) if c not in self.up]
        known = [c for c in down if c in self.seen]
        aims: dict[Card, tuple[Card, ...]] = {}
        if len(self.up) == 2:
            x = third(*self.up)
            if x in known:
                aims[x] = (*self.up, x)
        elif len(self.up) == 1:
            for k in known:
                x = third(self.up[0], k)
                if x in known and k not in aims and x not in aims:
                    aims[k] = (self.up[0], k, x)
        else:
            for s in find_sets(known):
                aims.setdefault(s[0], s)
        out = [BotOption(f"{player} flip {code(c)}", s, float(worth(*s))) for c, s in aims.items()]
        guesses = [c for c in down if c not in self.seen] or down
        return out + [BotOption(f"{player} flip {code(c)}", (c,), 0.0) for c in guesses if c not in aims]

    def table_view(self) -> list[str]:
        """Face-down cards as "??"; the cards turned up by their codes."""
        return [code(c) if c in self.up else HIDDEN for c in self.table]

    def view_extra(self) -> dict[str, Any]:
        v = super().view_extra()
        v["up"] = codes(self.up)
        v["turner"] = self.turner
        v["shown"] = {**self.shown, "cards": list(self.shown["cards"])} if self.shown else None
        return v


GAME = Memory
