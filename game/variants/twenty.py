"""20/20 SET (RULES.md §3): personal cards, a six-card table, penalties, hands to 10 × players.

Moves (no turns; each carries its player and time):

- ``P1 set A B C @t`` — three cards among P1's own personal cards and the
  table that form a Set (all three from the table is allowed).  Table cards
  used are replaced in place from the deck; personal cards are not.
- ``P1 miss A B C @t`` — a wrong call: three of those cards that are no Set.
  They stay where they were and P1 gets one penalty card from the deck
  (none when P1 already holds 9).
- ``P1 draw @t`` — one more personal card; refused at 9.
- ``end`` — stop the game early (the result is the totals so far; never a
  win: ``won`` is False and the view says ``ended``).

The deal: ``d = deal(seed)`` (or a level's ``"deck"`` of 81 codes); the
dealer is given ``d[0:6]``, the next player ``d[6:12]`` and so on, then 6
cards go face up on the table and the rest is the deck, front first.  Hand
1 is dealt by P1; the deal rotates (hand h by player (h-1) mod n + 1), each
later hand a fresh shuffle from the game's own stream.

Decisions where the rules are silent (say them in the help too):

- A Set's table cards are replaced before the Set goes on the discard pile,
  so a Set never comes straight back.  A card is needed from an empty deck
  only then is the discard pile shuffled (seeded) and turned into the deck.
- If every player holds 9 cards and nobody can make a Set, nobody can move:
  the 6 table cards are then discarded and 6 new ones dealt, automatically,
  until someone can.
- The first player left with no personal cards scores one point per
  personal card the others still hold; the next hand is dealt at once.  The
  game is over when a total reaches 10 × players; ``won`` is P1 having the
  highest total (ties included).

>>> g = GAME(seed=1)
>>> [len(g.view()["hands"][p]) for p in ("P1", "P2")], len(g.view()["table"]), g.view()["deck"]
([6, 6], 6, 63)
>>> g.play("P2 draw @1.50").player, len(g.view()["hands"]["P2"])
('P2', 7)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..cards import DECK, Card, code, find_sets, has_set, is_set, plural, worth
from ..errors import IllegalMove
from ..move import Move
from ..rng import deal
from .base import Game, _copy
from .facts import CALL_KEYS, WINDOW_KEYS, Option, has_hot_seat, plain, seat_rows, seats_of
from .table import check_set, codes, deck_of, take_and_refill

HAND = 6  # personal cards dealt to each player
TABLE = 6  # face-up table cards
MAX_HAND = 9  # no player ever holds more

HELP_TEXT = """\
Everyone gets 6 personal cards, face up, and 6 cards lie on the table. No turns: make a Set from any
three cards among your own cards and the table. A Set of table cards only is allowed, but only your own
cards bring you closer to winning.

Call SET first: your call key (P1 Space or a click on a card, P2 Enter, P3 Left Shift, P4 Right Shift),
then pick three cards within the call time. Table cards you use are replaced from the deck; your own
cards are not.

A wrong pick, or a call whose time runs out, gives you a penalty card (none when you hold 9). Stuck?
Draw (+) takes one more personal card, up to 9.

Sets go to the discard pile; when the deck runs out, the discard pile is shuffled into a new deck. If
everyone holds 9 and nobody can move, six new table cards are dealt.

The first player to use up all their personal cards wins the hand and scores one point per card the
others still hold. The game goes to 10 × players points; the deal rotates every hand.

Keys: table 1 2 3 / q w e · your cards a s d f g h j k l · draw +"""
POINTS_PER_PLAYER = 10  # the game is played to 10 × players points


class Twenty(Game):
    NAME = "twenty"
    CODE_NUMBER = 5  # in its short deal codes (game.codes): never changes
    TITLE = "20/20 SET"
    TAGLINE = "Personal cards, race to empty your hand"
    HELP = plain(HELP_TEXT)
    KEYS = ("Mouse: click cards · Keys: table 1 2 3 / q w e, your cards a s d f g h j k l · Space call SET · "
            f"+ draw · {WINDOW_KEYS}")
    SETUP = (Option("players", "Players", tuple((n, str(n)) for n in (2, 3, 4)), 2),) + \
        seat_rows(2, lambda v, i: int(v.get("players", 2)) >= i)
    TUTORIAL = "twenty_tutorial"
    SEATS = (2, 4)
    ONLINE = True
    BOTS = True
    VERBS = frozenset({"set", "miss", "draw", "end"})
    STATE = ("hands", "table", "deck", "discard", "points", "hand", "results", "last",
             "reshuffles", "ended")
    OPTIONS = {"players": 2}
    REALTIME = True  # moves carry the player and the time; calls and bots (game.session)
    DEFAULT_SEATS = ("human", "bot:casual")
    HAND_PAUSE = 4.5  # seconds the won hand stays on the table before the next deal
    DAILY_NOTE = "you against one casual bot"

    @staticmethod
    def hand_points(won: dict[str, Any]) -> int:
        """The points a won hand scored (``won``: the view's ``last["hand_won"]``)."""
        return int(won["points"])
    time_limit = None

    def table_cards(self) -> list[Card]:
        """The cards laid out for everyone to pick from."""
        return list(self.table)

    @classmethod
    def setup_values(cls, values: dict[str, Any]) -> dict[str, Any]:
        """Engine options and seats from the setup values: 2 to 4 players; P1 is the mouse player.

        >>> Twenty.setup_values({"players": 3, "p2": "human", "p3": "bot:expert"})
        {'options': {'players': 3}, 'seats': ['human', 'human', 'bot:expert']}
        >>> Twenty.setup_values({"players": 1})
        {'options': {'players': 2}, 'seats': ['human', 'bot:casual']}
        """
        n = min(4, max(2, int(values.get("players", 2))))
        return {"options": {"players": n}, "seats": seats_of(values, n)}

    @classmethod
    def setup_note(cls, values: dict[str, Any]) -> str:
        return CALL_KEYS if has_hot_seat(values, int(values.get("players", 2))) else ""

    @classmethod
    def result_words(cls, won: bool | None, score: Any) -> str:
        return "won" if won else "lost"

    def own_cards(self, player: str) -> list[Card]:
        return list(self.hands[player])

    def face_up(self) -> list[Card]:
        """The table and every player's personal cards (all lie face up)."""
        return list(self.table) + [c for p in self.players for c in self.hands[p]]

    def may_draw(self, player: str) -> bool:
        return len(self.hands[player]) < MAX_HAND

    def timeout_move(self, player: str) -> str | None:
        """What a call that runs out costs: a penalty card, none at 9."""
        return f"{player} draw" if len(self.hands[player]) < MAX_HAND else None

    def check_options(self) -> None:
        n = self.options["players"]
        if not isinstance(n, int) or isinstance(n, bool) or n not in (2, 3, 4):
            raise ValueError(f"twenty: players must be 2 to 4, not {n!r}")

    @property
    def players(self) -> list[str]:
        return [f"P{i + 1}" for i in range(self.options["players"])]

    @property
    def target(self) -> int:
        return POINTS_PER_PLAYER * len(self.players)

    @property
    def dealer(self) -> str:
        return self.players[self.hand % len(self.players)]

    def setup(self) -> None:
        self.hand = 0  # hands dealt before this one
        self.points = {p: 0 for p in self.players}
        self.results: list[list[Any]] = []  # [hand number, winner, points, time, dealer]
        self.last: dict[str, Any] | None = None
        self.reshuffles = 0
        self.ended = False
        self._deal_hand(deck_of(self.level, "deck", 81) if self.level is not None else self.dealt(deal(self.seed)))

    def _deal_hand(self, cards: list[Card]) -> None:
        """Hands from the dealer round the table, then the table, then the deck."""
        n = len(self.players)
        order = [self.players[(self.hand + i) % n] for i in range(n)]
        self.hands: dict[str, list[Card]] = {p: [] for p in self.players}
        for i, p in enumerate(order):
            self.hands[p] = cards[HAND * i:HAND * (i + 1)]
        self.table = cards[HAND * n:HAND * n + TABLE]
        self.deck = cards[HAND * n + TABLE:]
        self.discard: list[Card] = []

    # ----- the deck ------------------------------------------------------
    def _need(self, k: int) -> None:
        """Make sure ``k`` cards can be dealt: an emptied deck is refilled from the discard pile.

        The remaining deck is dealt first; the shuffled pile goes under it, which is
        the same as shuffling it at the moment the deck runs dry.
        """
        if len(self.deck) < k and self.discard:
            pile = self.discard
            self.shuffled(pile)
            self.deck = self.deck + pile
            self.discard = []
            self.reshuffles += 1
            if self.last is not None:
                self.last["reshuffled"] = True

    def _give(self, player: str) -> Card:
        self._need(1)
        c = self.deck.pop(0)
        self.hands[player].append(c)
        return c

    # ----- moves ---------------------------------------------------------
    def apply(self, m: Move) -> None:
        if m.verb == "end":
            self.ended = True
            self.last = {"player": None, "move": "end", "time": m.time}
            return
        player = m.player or "P1"
        if player not in self.points:
            raise IllegalMove(f"{player} is not playing (players: {', '.join(self.players)})")
        hand = self.hands[player]
        self.last = {"player": player, "move": m.verb, "time": m.time, "cards": codes(m.cards),
                     "from_hand": [], "from_table": [], "refill": [], "penalty": None,
                     "drawn": None, "reshuffled": False, "table_renewed": False, "hand_won": None}
        if m.verb == "draw":
            if m.cards:
                raise IllegalMove("draw takes no cards: 'P1 draw'")
            if len(hand) >= MAX_HAND:
                raise IllegalMove(f"{player} already holds {MAX_HAND} personal cards: no more may be drawn")
            self.last["drawn"] = code(self._give(player))
        elif m.verb == "miss":
            self._check_visible(player, m.cards)
            if is_set(*m.cards):
                raise IllegalMove("those three are a Set: play it as a set")
            if len(hand) < MAX_HAND:
                self.last["penalty"] = code(self._give(player))
        else:
            self._check_visible(player, m.cards)
            check_set(m.cards)
            self._take(player, m)
        self._unstick()

    def _check_visible(self, player: str, cards: Sequence[Card]) -> None:
        """Refuse unless the cards are three distinct ones from the player's hand or the table."""
        if len(cards) != 3:
            raise IllegalMove(f"pick 3 cards, not {len(cards)}")
        if len(set(cards)) != 3:
            raise IllegalMove("the same card is picked twice")
        for c in cards:
            if c in self.table or c in self.hands[player]:
                continue
            owner = next((p for p, h in self.hands.items() if c in h), None)
            where = f"it is {owner}'s personal card" if owner else "it is not in play"
            raise IllegalMove(f"{code(c)} is not on the table or in {player}'s hand ({where})")

    def _take(self, player: str, m: Move) -> None:
        hand = self.hands[player]
        own = [c for c in m.cards if c in hand]
        on_table = [c for c in m.cards if c not in hand]
        spots = sorted(self.table.index(c) for c in on_table)
        self._need(len(on_table))
        take_and_refill(self.table, self.deck, on_table, TABLE)
        for c in own:
            hand.remove(c)
        self.discard += sorted(m.cards)
        last = self.last
        assert last is not None  # ``apply`` sets it before taking
        last.update(from_hand=codes(sorted(own)), from_table=codes(sorted(on_table)),
                    worth=worth(*m.cards), refill=[[i, code(self.table[i])] for i in spots])
        if not hand:
            won = sum(len(h) for p, h in self.hands.items() if p != player)
            self.points[player] += won
            self.results.append([self.hand + 1, player, won, m.time, self.dealer])
            last["hand_won"] = {"hand": self.hand + 1, "player": player, "points": won, "dealer": self.dealer,
                                "hands": {p: codes(h) for p, h in self.hands.items()}}
            if max(self.points.values()) < self.target:
                self.hand += 1  # the deal rotates: the next hand is a fresh shuffle
                cards = list(DECK)
                self.shuffled(cards)
                self._deal_hand(cards)

    def _unstick(self) -> None:
        """Deal a new table while nobody can move (everyone at 9, no Set for anyone)."""
        while not self.over and not any(self._can_move(p) for p in self.players):
            self.discard += self.table
            self.table = []
            self._need(TABLE)
            self.table, self.deck = self.deck[:TABLE], self.deck[TABLE:]
            if self.last is not None:
                self.last["table_renewed"] = True

    def _can_move(self, player: str) -> bool:
        hand = self.hands[player]
        return len(hand) < MAX_HAND or has_set(hand + self.table)

    def sets_for(self, player: str) -> list[tuple[Card, Card, Card]]:
        """Every Set ``player`` may take now (own hand plus table), in index order.

        :raises KeyError: for a player not in the game.
        """
        return find_sets(self.hands[player] + self.table)

    def legal_moves(self) -> list[str]:
        """For each player their Sets (index order), then their draw if allowed; then ``end``."""
        if self.over:
            return []
        moves = []
        for p in self.players:
            moves += [f"{p} set {' '.join(codes(s))}" for s in self.sets_for(p)]
            if len(self.hands[p]) < MAX_HAND:
                moves.append(f"{p} draw")
        return moves + ["end"]

    # ----- results -------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.ended or max(self.points.values()) >= self.target

    @property
    def won(self) -> bool:
        return self.over and not self.ended and self.points["P1"] == max(self.points.values())

    @property
    def score(self) -> dict[str, int]:
        return dict(self.points)

    def view_extra(self) -> dict[str, Any]:
        return {
            "table": codes(self.table),
            "deck": len(self.deck),
            "hands": {p: codes(h) for p, h in self.hands.items()},
            "discard": len(self.discard),
            "players": self.players,
            "hand": self.hand + 1,
            "dealer": self.dealer,
            "target": self.target,
            "max_hand": MAX_HAND,
            "results": [list(r) for r in self.results],
            "reshuffles": self.reshuffles,
            "clock": self.clock,
            "last": _copy(self.last),
            "ended": self.ended,
        }

    def summary(self, names: dict[str, str]) -> dict[str, Any]:
        """Points, hands won, Sets and wrong calls of each player, best first."""
        v = self.view()
        moves = [Move.parse(h) for h in self.history]
        wins = {p: sum(1 for r in v["results"] if r[1] == p) for p in v["players"]}

        def detail(p: str) -> str:
            sets = sum(1 for m in moves if m.player == p and m.verb == "set")
            wrong = sum(1 for m in moves if m.player == p and m.verb == "miss")
            return (f"{plural(v['scores'][p], 'point')} · {plural(wins[p], 'hand')} won · {plural(sets, 'Set')} · "
                    f"{wrong} wrong")

        by_worth = [0, 0, 0, 0]
        for m in moves:
            if m.player == "P1" and m.verb == "set":
                by_worth[worth(*m.cards) - 1] += 1
        return {**self.standings_summary(v["scores"], names, detail), "by_worth": by_worth}

    def share_facts(self) -> dict[str, Any]:
        """As every mode's, without a score: 20/20's share says won or not (points are not Sets)."""
        facts = super().share_facts()
        del facts["score"]
        return facts


GAME = Twenty
