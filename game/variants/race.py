"""What the real-time table modes of RULES.md §7 share (Junior, Set-Chain, UltraSet, Memory, Shuffle).

Like Classic: 1–4 players race for the same table, no turns, the clock is in
the moves.  ``P1 set A B C @t`` takes a right pick (+1), ``P1 miss A B C @t``
is a wrong pick (−1, the cards stay), ``P1 miss @t`` a call that timed out
(−1), ``end`` stops the game.  A game is one deal (as in the online game):
the table starts at ``TABLE`` cards, grows by 3 while it holds nothing to
take, and the game is over when the deck is empty and nothing can be taken.

A mode overrides the hooks it needs: which cards its deal holds (``CARDS``,
``deck_cards``), what a right pick is (``picks``, ``check_pick``,
``pick_worth``, ``taken_entry``), what a wrong one may be (``can_miss``) and
how the table is dealt back after a right one (``take``).  ``REALTIME``,
``timeout_move`` and ``demo_choice`` are what ``game.session`` asks of it.

``bot_options(player)`` lists what a bot could do now, in the mode's own
terms: ``BotOption(move, cards, difficulty)`` — the move text without its
time, the cards a player has to see to find it, and a difficulty (about the
worth of a Set, 1..4; higher for harder patterns) a bot can scale its time by.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ..cards import DECK, Card, counted, find_sets, is_set, plural, worth
from ..errors import IllegalMove
from ..move import Move
from ..rng import deal
from .base import BotOption, Game, misses_text
from .facts import TABLE_KEYS, WINDOW_KEYS, Kind, Option, seat_rows, seats_of
from .table import check_on_table, check_set, codes, deck_of, follow_places, take_and_refill


class Race(Game):
    """The shared rules; a mode sets ``name``, ``TABLE``, ``MAX_TABLE`` and the hooks."""

    VERBS = frozenset({"set", "miss", "end"})
    places: list[Card]  # the table in its places on the screen (``table_places``)
    STATE: ClassVar[tuple[str, ...]] = ("table", "places", "deck", "points", "misses", "taken", "ended")
    REFUSES_FIRST = True  # every check comes before the first change (a mode built on these says so itself)
    OPTIONS = {"players": 1}
    TABLE = 12
    MAX_TABLE: int | None = 21  # None: the table may grow while the deck lasts
    PICK = "set"  # the verb of a right pick
    SIZE = 3  # cards in a pick
    REALTIME = True  # moves carry the player and the time; calls and bots (game.session)
    DEFAULT_SEATS = ("human",)
    SEATS = (1, 4)
    MENU_COLUMN = 1
    LISTS_OPTIONS = True
    KINDS = (Kind("normal", "Normal", unit="Sets"),)
    ONLINE = True
    BOTS = True
    KEYS = f"{TABLE_KEYS} · Space call SET · {WINDOW_KEYS}"
    TUTORIAL = "solo_tutorial"
    DAILY_NOTE = "you against one casual bot"
    SETUP = (Option("players", "Players", tuple((n, str(n)) for n in (1, 2, 3, 4)), 2),) + \
        seat_rows(2, lambda v, i: v.get("players", 1) >= i)

    def table_cards(self) -> list[Card]:
        """The cards laid out for everyone to pick from."""
        return list(self.table)

    def table_places(self) -> list[Card]:
        """The cards in their places on the screen: a pick taken from a table larger than ``TABLE`` leaves
        holes the cards beyond the last place fill, and no other card moves (as Solitaire-Set).  The
        table's own order (what the rules, the bots and the online room's views use) is unchanged."""
        return list(self.places)

    def follow(self) -> None:
        """After the rules changed the table: its places on the screen follow (``table_places``)."""
        self.places = follow_places(self.places, self.table)

    @classmethod
    def setup_values(cls, values: dict[str, Any]) -> dict[str, Any]:
        """A race mode's engine options and seats from the setup values (as Classic's normal game).

        >>> Race.setup_values({"players": 2, "p2": "bot:fast"})
        {'options': {'players': 2}, 'seats': ['human', 'bot:fast']}
        """
        n = min(4, max(1, int(values.get("players", 1))))
        return {"options": {"players": n}, "seats": seats_of(values, n)}

    SHARE_UNIT = "Sets"  # what a daily's share text counts ("UltraSets")
    LAPSE_COSTS = True  # a call that runs out costs 1 (Memory: its cards just turn back)
    WORTHS: tuple[int, ...] = (1, 2, 3, 4)  # the worths a right pick may have (the results count each)

    def share_facts(self) -> dict[str, Any]:
        """P1's right picks (their worths, in order), misses (wrong picks and lapsed calls; Memory's three
        turned back) and ``unit``, what the score counts; no hints in these modes.

        >>> from game.variants.shuffle import Shuffle
        >>> g = Shuffle(seed=1, players=2)
        >>> _ = g.play("P1 set " + " ".join(codes(g.picks()[0])))
        >>> _ = g.play("P2 miss")
        >>> g.share_facts()["score"], g.share_facts()["misses"], g.share_facts()["unit"]
        (1, 0, 'Sets')
        """
        mine = [e for e in self.taken if e[0] == "P1"]
        return {"score": len(mine), "worths": [e[2] for e in mine], "misses": self.misses.get("P1", 0),
                "hints": 0, "unit": self.SHARE_UNIT}

    def check_options(self) -> None:
        n = self.options["players"]
        if n not in (1, 2, 3, 4) or isinstance(n, bool):
            raise ValueError(f"{self.name}: players must be 1 to 4, not {n!r}")

    @property
    def players(self) -> list[str]:
        return [f"P{i + 1}" for i in range(self.options["players"])]

    # ----- hooks ---------------------------------------------------------
    CARDS: frozenset[Card] = frozenset(DECK)  # the cards this mode plays with

    def deck_cards(self) -> list[Card]:
        """The cards of this deal in deal order (the level's ``deck``, or ``deal(seed)``)."""
        if self.level is not None:
            cards = deck_of(self.level)
            for c in cards:
                if c not in self.CARDS:
                    raise ValueError(f"{self.level.get('id', 'level')}: {codes([c])[0]} is not a {self.name} card")
            return cards
        return self.dealt([c for c in deal(self.seed) if c in self.CARDS])

    def picks(self) -> list[tuple[Card, ...]]:
        """Every pick that may be taken now, in the order ``legal_moves`` lists them."""
        return list(find_sets(self.table))

    def check_pick(self, cards: tuple[Card, ...]) -> None:
        """Refuse a pick that is not right, saying why (IllegalMove)."""
        check_on_table(cards, self.table, self.SIZE)
        check_set(cards)

    def pick_worth(self, cards: tuple[Card, ...]) -> int:
        return worth(*cards)

    def taken_entry(self, player: str, cards: tuple[Card, ...], time: float | None) -> list[Any]:
        """The record of a right pick in ``taken``: [player, [codes], worth, time]."""
        return [player, codes(cards), self.pick_worth(cards), time]

    def take(self, cards: tuple[Card, ...]) -> None:
        """Take a right pick off the table and deal back (default: refill to ``TABLE`` in place)."""
        take_and_refill(self.table, self.deck, cards, self.TABLE)

    def can_miss(self, cards: tuple[Card, ...]) -> bool:
        """May these cards be shown as a wrong pick? (on the table, distinct, not right)."""
        check_on_table(cards, self.table, self.SIZE)
        return not is_set(*cards)

    # ----- the shared rules ---------------------------------------------
    def setup(self) -> None:
        self.points = {p: 0 for p in self.players}
        self.misses = {p: 0 for p in self.players}
        self.taken: list[list[Any]] = []  # [player, [codes], worth, time]
        self.ended = False
        cards = self.deck_cards()
        self.table = cards[: self.TABLE]
        self.deck = cards[self.TABLE :]
        self.places = []
        self.settle()
        self.follow()

    def settle(self) -> None:
        """Deal three more while nothing can be taken (up to ``MAX_TABLE``)."""
        while self.deck and not self.picks() and (self.MAX_TABLE is None or len(self.table) < self.MAX_TABLE):
            self.table += self.deck[:3]
            del self.deck[:3]

    def player_of(self, m: Move) -> str:
        player = m.player or "P1"
        if player not in self.points:
            raise IllegalMove(f"{player} is not playing (players: {', '.join(self.players)})")
        return player

    def apply(self, m: Move) -> None:
        if m.verb == "end":
            self.ended = True
            return
        player = self.player_of(m)
        if m.verb == "miss":
            self.miss(player, m.cards)
            return
        if m.verb != self.PICK:
            raise IllegalMove(f"a right pick in {self.name} is '{self.PICK}', not '{m.verb}'")
        self.check_pick(m.cards)
        entry = self.taken_entry(player, m.cards, m.time)  # its worth read before anything changes
        self.points[player] += 1
        self.taken.append(entry)
        self.take(m.cards)
        self.settle()
        self.follow()

    def miss(self, player: str, cards: tuple[Card, ...]) -> None:
        """A wrong pick (or, with no cards, a call that timed out): −1, nothing moves."""
        if cards and not self.can_miss(cards):
            raise IllegalMove(f"those cards are a right pick: play it as '{self.PICK}'")
        self.points[player] -= 1
        self.misses[player] += 1

    def legal_moves(self) -> list[str]:
        if self.over:
            return []
        picks = [" ".join(codes(p)) for p in self.picks()]
        return [f"{p} {self.PICK} {s}" for p in self.players for s in picks] + ["end"]

    def bot_options(self, player: str) -> list[BotOption]:
        """What ``player`` could take now: every right pick, with its difficulty (its worth).

        :raises ValueError: when ``player`` is not playing.
        """
        if player not in self.points:
            raise ValueError(f"{player} is not playing (players: {', '.join(self.players)})")
        if self.over:
            return []
        return [BotOption(f"{player} {self.PICK} {' '.join(codes(p))}", p, float(self.pick_worth(p)))
                for p in self.picks()]

    def pick_move(self, player: str, cards: tuple[Card, ...]) -> str:
        """The move a player's pick of ``cards`` makes: the right pick when it is one, else a miss.

        (For a session or screen: in Set-Chain a Set of three table cards, and in
        UltraSet four cards of no UltraSet, are wrong picks although ``is_set``
        may say otherwise.)  The miss may still be refused, e.g. for a card not
        on the table.
        """
        cards_text = " ".join(codes(self.written(tuple(cards))))
        right = f"{player} {self.PICK} {cards_text}"
        return right if self.is_legal(right) else f"{player} miss {cards_text}"

    def written(self, cards: tuple[Card, ...]) -> tuple[Card, ...]:
        """The cards of a pick in the order a move writes them (as given; Set-Chain: carried card first)."""
        return cards

    def timeout_move(self, player: str) -> str | None:
        """What a call that runs out costs: a miss without cards."""
        return f"{player} miss"

    def demo_choice(self, memory: dict[str, Any], player: str | None = None) -> str | None:
        """A plain player's next move: the first of ``bot_options`` (without the player when one is given)."""
        options = self.bot_options(player or "P1")
        if not options:
            return None
        move = options[0].move
        return move.split(" ", 1)[1] if player is not None else move

    # ----- results -------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.ended or (not self.deck and not self.picks())

    @property
    def won(self) -> bool:
        if not self.over:
            return False
        if len(self.players) == 1:
            return not self.ended
        return self.points["P1"] == max(self.points.values())

    @property
    def score(self) -> int | dict[str, int]:
        return dict(self.points) if len(self.players) > 1 else self.points["P1"]

    def sets_of(self, player: str) -> int:
        """The right picks ``player`` took."""
        return sum(1 for t in self.taken if t[0] == player)

    def misses_line(self, n: int, short: bool = False) -> str:
        """A player's misses in the results: a solo game's line, or (``short``) a standings line's part."""
        return f"{n} wrong" if short else misses_text(n)

    def summary(self, names: dict[str, str]) -> dict[str, Any]:
        """Standings with several players (points, right picks, misses; ties share a place); a solo
        game: the right picks taken, in the mode's unit, with the score (picks minus misses) beside.
        The stats keep P1's right picks (the kind's unit)."""
        v = self.view()
        unit = self.KINDS[0].unit
        if len(self.players) > 1:
            scores = v["scores"]

            def detail(p: str) -> str:
                return (f"{plural(scores[p], 'point')} · {counted(self.sets_of(p), unit)} · "
                        f"{self.misses_line(self.misses[p], short=True)}")

            return {**self.standings_summary(scores, names, detail), "stat_score": self.sets_of("P1"),
                    "by_worth": v["by_worth"]}
        sets = self.sets_of("P1")
        return self.solo_summary("Deck cleared!" if self.won else "Game ended",
                                 f"{counted(sets, unit)} · score {v['score']}", [self.misses_line(self.misses["P1"])],
                                 sets, v["by_worth"])

    def table_view(self) -> list[str]:
        """The table as the view shows it: each card's code (Memory: "??" for a face-down card)."""
        return codes(self.table)

    def view_extra(self) -> dict[str, Any]:
        return {
            "table": self.table_view(),
            "deck": len(self.deck),
            "players": self.players,
            "misses": dict(self.misses),
            "taken": [list(t) for t in self.taken],
            "by_worth": [sum(1 for t in self.taken if t[2] == w) for w in self.WORTHS] or None,
            "hand": 1,  # as Classic: one deal, so hand 1 of 1
            "hands": 1,
            "clock": self.clock,
        }
