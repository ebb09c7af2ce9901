"""Classic SET (RULES.md §1): real time, 1–4 players, strict solo, Sprint and Blitz.

Moves: ``P1 set A B C @t`` (a right Set, +1), ``P1 miss A B C @t`` (a wrong
pick, −1; ``P1 miss @t`` with no cards is a call that timed out), ``end``
(stop the game; in Blitz, when the clock runs out).  Dealing three more when
the table holds no Set is automatic, part of the move that left it so.

``end`` before the real end (the deck played out; in Blitz, 3:00 on the
game clock) is never a win and never a record time: ``won`` is False and
the view says ``ended``.  The Blitz limit is the engine's: a move after
3:00 is refused, and ``end`` at 3:00 or later (``time_limit``; the session
plays it when the clock runs out) ends a Blitz exactly at 3:00.

>>> g = GAME(seed=1)
>>> s = g.legal_moves()[0]; g.play(s + " @3.10").player
'P1'
>>> g.score
1
"""

from __future__ import annotations

from typing import Any

from ..cards import DECK, Card, find_sets, has_set, is_set, plural, worth
from ..errors import IllegalMove
from ..move import Move
from ..rng import deal
from .base import Game, clock_text, misses_text
from .facts import CALL_KEYS, TABLE_KEYS, WINDOW_KEYS, Kind, Option, plain, seat_rows, seats_of
from .table import check_on_table, check_set, codes, deck_of, follow_places, take_and_refill

TABLE = 12
MAX_TABLE = 21
MISS_SECONDS = 5.0  # Sprint: each wrong pick adds this much to the time
BLITZ_SECONDS = 180.0

HELP_TEXT = """\
Find a Set: three cards where each feature — number, colour, shape, shading — is all the same or all
different on the three cards.

Call SET first: press your call key (hot seat), or click a card — the first click is your call. Then
pick three cards before your call time runs out (5 s by default). While you call, nobody else may
take cards.

A right Set scores +1 and new cards are dealt back up to 12. A wrong pick or a timeout costs 1
point.

When the table holds no Set, three more cards are added by themselves (15, 18, 21). The hand ends
when the deck is empty and no Set is left; with several players there is one hand each and the
highest total wins.

Strict solo: if 12 cards hold no Set, you lose. Sprint: clear the deck as fast as you can (+5 s per
wrong pick). Blitz: as many Sets as you can in 3:00."""


class Classic(Game):
    NAME = "classic"
    CODE_NUMBER = 0  # in its short deal codes (game.codes): never changes
    TITLE = "Classic"
    TAGLINE = "Race for Sets: bots, hot seat, Sprint and Blitz"
    HELP = plain(HELP_TEXT)
    KEYS = f"{TABLE_KEYS} · Space call SET · {WINDOW_KEYS}"
    SETUP = (
        Option("type", "Game", (("normal", "Normal"), ("sprint", "Sprint (clear the deck)"),
                                ("blitz", "Blitz (3:00)"), ("strict", "Strict solo")), "normal"),
        Option("players", "Players", tuple((n, str(n)) for n in (1, 2, 3, 4)), 2,
               lambda v: v.get("type") == "normal"),
    ) + seat_rows(2, lambda v, i: v.get("type") == "normal" and v.get("players", 1) >= i)
    KINDS = (Kind("normal", "Normal"), Kind("sprint", "Sprint", lower_is_better=True, unit="seconds"),
             Kind("blitz", "Blitz", unit="Sets", winnable=False), Kind("strict", "Strict solo", unit="Sets"))
    SEATS = (1, 4)
    ONLINE = True
    BOTS = True
    VERBS = frozenset({"set", "miss", "deal3", "end"})
    places: list[Card]  # the table in its places on the screen (``table_places``)
    REFUSES_FIRST = True  # every check comes before the first change
    STATE = ("table", "places", "deck", "hand", "points", "misses", "taken", "lost", "ended", "time_up", "by_worth")
    OPTIONS = {"players": 1, "strict": False, "timed": None}
    REALTIME = True  # moves carry the player and the time; calls and bots (game.session)
    DEFAULT_SEATS = ("human",)
    DAILY_NOTE = "solo: clear the deck, one hand"
    ONLINE_SETUP = (Option("timed", "Game type", ((None, "Normal"), ("sprint", "Sprint"), ("blitz", "Blitz")), None),)

    @classmethod
    def daily_values(cls) -> dict[str, Any]:
        """A daily is a normal game, played alone."""
        return {**super().daily_values(), "type": "normal", "players": 1}

    def table_cards(self) -> list[Card]:
        """The cards laid out for everyone to pick from."""
        return list(self.table)

    def table_places(self) -> list[Card]:
        """The cards in their places on the screen: a Set taken from more than 12 cards leaves holes that
        the cards beyond the twelfth place fill, so no other card moves, as at a real table.  The table's
        own order (the rules, the bots, the online views, the shipped deals) is unchanged."""
        return list(self.places)

    @classmethod
    def setup_values(cls, values: dict[str, Any]) -> dict[str, Any]:
        """Engine options and the seats (``"human"`` or ``"bot:<level>"``) from the setup values.

        >>> Classic.setup_values({"type": "normal", "players": 3, "p2": "bot:human", "p3": "human"})
        {'options': {'players': 3}, 'seats': ['human', 'bot:human', 'human']}
        >>> Classic.setup_values({"type": "sprint", "players": 3})
        {'options': {'players': 1, 'timed': 'sprint'}, 'seats': ['human']}
        """
        kind = values.get("type", "normal")
        if kind == "normal":
            n = int(values.get("players", 1))
            return {"options": {"players": n}, "seats": seats_of(values, n)}
        if kind == "strict":
            return {"options": {"players": 1, "strict": True}, "seats": ["human"]}
        return {"options": {"players": 1, "timed": kind}, "seats": ["human"]}

    @classmethod
    def setup_note(cls, values: dict[str, Any]) -> str:
        n = int(values.get("players", 1))
        return CALL_KEYS if values.get("type") == "normal" and n > 1 and \
            any(values.get(f"p{i}") == "human" for i in range(2, n + 1)) else ""

    @property
    def kind(self) -> str:
        """normal, sprint, blitz or strict."""
        return self.options["timed"] or ("strict" if self.options["strict"] else "normal")

    @property
    def time_limit(self) -> float | None:
        """Seconds of play the game lasts (Blitz), else None."""
        return BLITZ_SECONDS if self.options["timed"] == "blitz" else None

    def timeout_move(self, player: str) -> str | None:
        """What a call that runs out costs: a miss without cards (−1)."""
        return f"{player} miss"

    def check_options(self) -> None:
        o = self.options
        if o["players"] not in (1, 2, 3, 4):
            raise ValueError(f"classic: players must be 1 to 4, not {o['players']!r}")
        if o["timed"] not in (None, "sprint", "blitz"):
            raise ValueError(f"classic: timed must be 'sprint' or 'blitz', not {o['timed']!r}")
        if (o["strict"] or o["timed"]) and o["players"] != 1:
            raise ValueError("classic: strict and timed games are for one player")
        o["strict"] = bool(o["strict"])

    @property
    def players(self) -> list[str]:
        return [f"P{i + 1}" for i in range(self.options["players"])]

    def setup(self) -> None:
        self.hand = 0
        self.points = {p: 0 for p in self.players}
        self.misses = {p: 0 for p in self.players}
        self.taken: list[list[Any]] = []  # [player, [codes], worth, time, hand]
        self.by_worth = [0, 0, 0, 0]
        self.lost = False
        self.ended = False  # stopped by ``end`` before the real end
        self.time_up = False  # a Blitz's 3:00 ran out: its real end
        self._deal_hand(deck_of(self.level) if self.level is not None else self.dealt(deal(self.seed)))
        self.places = follow_places(self.places, self.table)

    def _deal_hand(self, cards: list[int]) -> None:
        self.table = cards[:TABLE]
        self.places = []  # a new deal: its places in the table's order (``table_places``)
        self.deck = cards[TABLE:]
        self._settle()

    def _settle(self) -> None:
        """After every change: add threes while no Set; strict loss; hand and game end."""
        while not has_set(self.table) and self.deck and len(self.table) < MAX_TABLE:
            if self.options["strict"]:
                self.lost = True
                return
            self.table += self.deck[:3]
            del self.deck[:3]
        if not self.deck and not has_set(self.table) and self.hand + 1 < len(self.players):
            self.hand += 1  # the deal rotates: the next hand is a fresh shuffle
            cards = list(DECK)
            self.shuffled(cards)
            self._deal_hand(cards)

    # ----- moves ---------------------------------------------------------
    def apply(self, m: Move) -> None:
        if m.verb == "end":
            if self.blitz and self.clock >= BLITZ_SECONDS:
                self.clock = BLITZ_SECONDS  # the real end of a Blitz: exactly at 3:00
                self.time_up = True
            else:
                self.ended = True
            return
        if m.verb == "deal3":
            raise IllegalMove("three more cards are dealt by themselves when the table holds no Set")
        player = m.player or "P1"
        if player not in self.points:
            raise IllegalMove(f"{player} is not playing (players: {', '.join(self.players)})")
        if self.blitz and self.clock > BLITZ_SECONDS:
            raise IllegalMove("time is up: Blitz lasts 3:00")
        if m.verb == "miss":
            if m.cards:
                check_on_table(m.cards, self.table)
                if is_set(*m.cards):
                    raise IllegalMove("those three are a Set: play it as a set")
            self.points[player] -= 1
            self.misses[player] += 1
            return
        check_on_table(m.cards, self.table)
        check_set(m.cards)
        k = worth(*m.cards)
        self.points[player] += 1
        self.by_worth[k - 1] += 1
        self.taken.append([player, codes(sorted(m.cards)), k, m.time, self.hand])
        take_and_refill(self.table, self.deck, m.cards, TABLE)
        self._settle()
        self.places = follow_places(self.places, self.table)

    def legal_moves(self) -> list[str]:
        if self.over:
            return []
        sets = [" ".join(codes(s)) for s in find_sets(self.table)]
        return [f"{p} set {s}" for p in self.players for s in sets] + ["end"]

    @property
    def blitz(self) -> bool:
        return bool(self.options["timed"] == "blitz")

    # ----- results -------------------------------------------------------
    @property
    def hand_over(self) -> bool:
        return not self.deck and not has_set(self.table)

    @property
    def over(self) -> bool:
        return self.lost or self.ended or self.time_up or self.hand_over

    @property
    def won(self) -> bool:
        if not self.over or self.lost or self.ended:
            return False
        if len(self.players) == 1:
            return self.options["timed"] is not None or self.hand_over
        best = max(self.points.values())
        return self.points["P1"] == best

    @property
    def score(self) -> int | float | dict[str, int]:
        if len(self.players) > 1:
            return dict(self.points)
        if self.options["timed"] == "sprint":
            return round(self.clock + MISS_SECONDS * self.misses["P1"], 2)
        return self.points["P1"]

    def view_extra(self) -> dict[str, Any]:
        return {
            "table": codes(self.table),
            "deck": len(self.deck),
            "players": self.players,
            "hand": self.hand + 1,
            "hands": len(self.players),
            "dealer": self.players[self.hand % len(self.players)],
            "misses": dict(self.misses),
            "taken": [list(t) for t in self.taken],
            "by_worth": list(self.by_worth),
            "timed": self.options["timed"],
            "strict": self.options["strict"],
            "clock": self.clock,
            "lost": self.lost,
            "ended": self.ended,
            "time_up": self.time_up,
        }

    def label(self) -> str | None:
        timed = self.options["timed"]
        return "Sprint" if timed == "sprint" else "Blitz" if timed == "blitz" else \
            "Strict solo" if self.options["strict"] else "Classic"

    def summary(self, names: dict[str, str]) -> dict[str, Any]:
        """Standings with several players; else the solo result of the game's kind (Sprint: the time;
        Blitz and strict solo: the Sets taken, with the score, Sets minus misses, beside them)."""
        v = self.view()
        misses = v["misses"]
        if len(v["players"]) > 1:
            return {**self.standings_summary(v["scores"], names,
                                             lambda p: f"{plural(v['scores'][p], 'point')} · {misses[p]} wrong"),
                    "by_worth": v["by_worth"]}
        timed, sets = v["timed"], sum(1 for t in self.taken if t[0] == "P1")
        lines, stat_score = [], v["score"]
        if timed == "sprint":
            title, score = ("Deck cleared!" if self.won else "Sprint over"), clock_text(v["score"])
            lines.append(f"{plural(misses['P1'], 'wrong pick')} (+5 s each)")
        elif timed == "blitz" or v["strict"]:
            title = "Time's up!" if timed == "blitz" else "No Set in twelve — you lose" if v["lost"] else \
                "Deck cleared!" if self.won else "Game over"
            score, stat_score = f"{plural(sets, 'Set')} · score {v['score']}", sets
        else:
            title, score = ("Deck cleared!" if self.won else "Game over"), plural(v["score"], "point")
        lines.append(misses_text(misses["P1"]))
        return self.solo_summary(title, score, lines, stat_score, v["by_worth"])


GAME = Classic
