"""The one engine interface every mode shares.

A game is a seed (or a level) plus a list of moves.  ``play`` snapshots the
small mutable state before a move and restores it if the move is refused,
so an illegal move never changes anything; ``undo`` pops a snapshot, as
python-chess does — no inverse is ever computed.

Fair play (RULES.md, Daily deals): a mode with undo takes the option
``fair`` (a counted daily, a level).  In a fair game a move that showed a
hidden card or paid a cost (the mode's ``seal`` says which, and why) can
never be taken back: ``undo`` refuses it with that reason.  Outside a fair
game undo stays generous, but every undo is counted (``undos``, in the view
and the saved game).  State named in ``KEEP_ON_UNDO`` (hints used) is never
taken back by an undo, fair or not.

A variant subclass names its mutable state in ``STATE`` and overrides the
hooks: ``setup``, ``apply``, ``legal_moves``, ``view_extra`` and the
``over``/``won``/``score`` properties.
"""

from __future__ import annotations

import datetime as _dt
import json
import marshal
from collections.abc import Callable, Iterator
from typing import Any, ClassVar, NamedTuple

from ..cards import Card, code, counted, find_sets, is_set, plural, word_for, worth
from ..errors import IllegalMove
from ..move import Move
from ..rng import Rng, daily_seed
from .facts import NORMAL, TABLE_KEYS, WINDOW_KEYS, DealPar, Kind, Option, Reach

VERSION = 1


def clock_text(seconds: float) -> str:
    """'m:ss' for a time.

    >>> clock_text(75.4), clock_text(0)
    ('1:15', '0:00')
    """
    s = max(0, int(seconds))
    return f"{s // 60}:{s % 60:02d}"


def misses_text(n: int) -> str:
    """Misses of a table game, a wrong pick or a call that ran out.

    >>> misses_text(1), misses_text(2)
    ('1 wrong pick or time-out', '2 wrong picks or time-outs')
    """
    return f"{plural(n, 'wrong pick')} or {word_for(n, 'time-out')}"


def _copy(value: Any) -> Any:
    """A deep copy of the plain data (lists, dicts, ints, strs, floats, tuples) a state is made of.

    Every move copies its mode's state (``Game.play``), so the copy is made by ``marshal`` (in C,
    format 2: a tree, no shared parts); data it does not take (an object of a mode's own, a subclass
    of dict) is copied by walking it, its leaves taken as they are.

    >>> state = {"table": [3, 7, None], "taken": {"P1": [[1, 2, 3]]}, "t": 1.5, "up": (1, 2)}
    >>> copied = _copy(state)
    >>> copied == state, copied["taken"]["P1"][0] is state["taken"]["P1"][0]
    (True, False)
    >>> from collections import Counter
    >>> _copy({"n": Counter(a=1)}) == {"n": {"a": 1}}
    True
    """
    try:
        return marshal.loads(marshal.dumps(value, 2))
    except ValueError:  # "unmarshallable object"
        return _walk(value)


def _walk(value: Any) -> Any:
    """A deep copy of the lists and dicts in ``value`` (anything else is taken as it is)."""
    if isinstance(value, list):
        return [_walk(v) if isinstance(v, (list, dict)) else v for v in value]
    if isinstance(value, dict):
        return {k: _walk(v) if isinstance(v, (list, dict)) else v for k, v in value.items()}
    return value


class BotOption(NamedTuple):
    """One thing a bot could do: the move (no time), the cards it must see, how hard it is."""

    move: str
    cards: tuple[Card, ...]
    difficulty: float


class Game:
    """Shared behaviour of every mode.  Subclasses set ``NAME``, ``VERBS`` and ``STATE``, and declare
    their facts (below): everything the program knows of a mode is read from its class."""

    # ----- what the mode is (read by the menu, setup, help, stats, dailies, the lobby) -----
    NAME: ClassVar[str] = ""  # the registry's name (game.variants.MODES); also ``name``
    name: ClassVar[str] = ""
    TITLE: ClassVar[str] = ""  # one spelling everywhere
    TAGLINE: ClassVar[str] = ""  # the menu's line under the title
    HELP: ClassVar[str] = ""  # the rules in plain words (paragraphs)
    KEYS: ClassVar[str] = f"{TABLE_KEYS} · {WINDOW_KEYS}"  # the help overlay's line on mouse and keys
    SETUP: ClassVar[tuple[Option, ...]] = ()  # the setup screen's rows
    TUTORIAL: ClassVar[str] = "tutorial"  # the scene the help overlay's Tutorial opens
    KINDS: ClassVar[tuple[Kind, ...]] = (NORMAL,)  # kinds of result; stats are kept per (mode, kind)
    SEATS: ClassVar[tuple[int, int]] = (1, 1)  # fewest and most players
    DEFAULT_SEATS: ClassVar[tuple[str, ...]] = ("human",)
    REALTIME: ClassVar[bool] = False  # moves carry the player and the time; calls and bots (game.session)
    TIMED: ClassVar[bool] = False  # moves carry their time (a clock runs) though nobody calls
    ONLINE: ClassVar[bool] = False  # may a room on the server play it?
    BOTS: ClassVar[bool] = False  # do bots play it?
    DAILY: ClassVar[bool] = True  # has it a daily deal?
    SHARE_UNIT: ClassVar[str] = "Sets"  # what a share text's score counts
    PICK: ClassVar[str] = "set"  # the verb of a right pick
    SIZE: ClassVar[int] = 3  # cards in a pick
    LAPSE_COSTS: ClassVar[bool] = True  # does a call that runs out cost (Memory: its cards just turn back)?
    HAND_PAUSE: ClassVar[float] = 0.0  # seconds a won hand stays on the table before the next is dealt
    MENU_COLUMN: ClassVar[int] = 0  # the menu's column: 0 the card games, 1 the online game's modes
    ONE_BY_ONE: ClassVar[bool] = False  # is a pick made a card a move (Memory's ``PICK`` turns up one card)?
    # the daily deal (game.daily): a shipped table levels/daily/<mode>.json holds days worked out ahead
    PAR: ClassVar[bool] = False  # does its daily show the solver's par (a table day's "par", "exact")?
    PROVED_DAILY: ClassVar[bool] = False  # is its daily the first candidate deal the solver proves winnable?
    #: a table day's fields, each with its check (game.loader); none: the mode has no daily table
    DAY_FIELDS: ClassVar[dict[str, Callable[[Any], bool]]] = {}
    REQUIRED_DAY_FIELDS: ClassVar[tuple[str, ...]] = ()  # the fields a table day must have
    SOLVER: ClassVar[str] = ""  # the module ``python -m game.solver <mode>`` runs ("": none)
    #: its number in a short deal code (``game.codes``, 0..31, one per mode), fixed forever once given; None: its
    #: deals are shown by their long code (``mode-seed``)
    CODE_NUMBER: ClassVar[int | None] = None
    # ----- what the screens read of it (the play scene, the daily screen, the levels, the lobby) -----
    FACE_DOWN: ClassVar[bool] = False  # does the table lie face down, its cards turned up one by one (Memory)?
    ASK: ClassVar[str] = "pick three"  # what the caller's banner asks for ("pick four", "turn up three")
    DAILY_NOTE: ClassVar[str] = ""  # what the daily screen says of the day's deal ("6 Sets hidden among 12 cards")
    DAILY_LEVEL: ClassVar[bool] = False  # is a daily with par played as a level, so the table shows par (Mag's)?
    LEVELS: ClassVar[bool] = False  # has it puzzle levels (a tab of the levels screen, even with none shipped)?
    TRIED_STAR: ClassVar[bool] = False  # does a level tried and not solved earn one star (Pillars)?
    #: what a room's host may choose besides the seats and the call time (Classic: the game type)
    ONLINE_SETUP: ClassVar[tuple[Option, ...]] = ()

    @classmethod
    def daily_values(cls) -> dict[str, Any]:
        """The setup values a daily deal is played with (the setup rows' defaults)."""
        return {o.key: o.default for o in cls.SETUP}

    @classmethod
    def level_facts(cls, level: dict[str, Any]) -> str:
        """A line on a puzzle level of this mode for the levels screen ("" for none)."""
        return ""

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        if cls.NAME:
            cls.name = cls.NAME
        if "REFUSES_FIRST" not in vars(cls):
            cls.REFUSES_FIRST = False  # said by each class of its own rules, never inherited

    @classmethod
    def setup_values(cls, values: dict[str, Any]) -> dict[str, Any]:
        """The scene's start data from the setup screen's values: ``{"options": …}`` and, for a mode
        with seats, ``"seats"``."""
        return {"options": dict(values)}

    @classmethod
    def setup_note(cls, values: dict[str, Any]) -> str:
        """A line of advice under the setup rows ("" for none)."""
        return ""

    @classmethod
    def result_words(cls, won: bool | None, score: Any) -> str:
        """A stored result in a few words ("12 Sets"; a score that is no number: "played")."""
        if isinstance(score, (int, float)) and not isinstance(score, bool):
            return counted(score, cls.KINDS[0].unit)
        return "played"

    @classmethod
    def kind_named(cls, name: str) -> Kind:
        """The declared kind called ``name`` (the first kind for an unknown name)."""
        return next((k for k in cls.KINDS if k.name == name), cls.KINDS[0])

    @classmethod
    def whole_pick(cls, verb: str) -> bool:
        """Is ``verb`` a pick of all its cards in one move, which the mode judges (``pick_move``)?
        "set" always, and the mode's own ``PICK`` unless its cards are turned one by one."""
        return verb == "set" or (verb == cls.PICK and not cls.ONE_BY_ONE)

    @classmethod
    def daily_candidates(cls, date: _dt.date) -> Iterator[int]:
        """The seeds the day's deal may be, in the order they are tried: the day's seed alone
        (``rng.daily_seed``) unless the mode's daily is chosen among several (Pillars)."""
        yield daily_seed(date, cls.NAME)

    @classmethod
    def daily_entry(cls, date: _dt.date) -> dict[str, Any] | None:
        """The day's table entry worked out by the solver, by a fixed amount of work (never seconds):
        the same on every machine.  None for a mode whose daily is its seed alone."""
        return None

    @classmethod
    def daily_note(cls, par_text: str, line: list[str]) -> str:
        """What ``python -m game.daily`` adds after a day's deal code (its par, its proof)."""
        return f"  par {par_text}" if cls.PAR else ""

    @classmethod
    def share_line(cls, result: dict[str, Any]) -> str:
        """A daily share text's first words on the game (``game.daily.share_text``): its score in
        ``result["unit"]`` (Sets unless given), else won or done."""
        if "score" in result:
            return counted(result["score"], result.get("unit", "Sets"))
        return "Won" if result.get("won") else "Done"
    VERBS: ClassVar[frozenset[str]] = frozenset()
    STATE: ClassVar[tuple[str, ...]] = ()
    OPTIONS: ClassVar[dict[str, Any]] = {}  # option -> default
    UNDO: ClassVar[bool] = False  # may the player take moves back?
    KEEP_ON_UNDO: ClassVar[tuple[str, ...]] = ()  # STATE fields an undo leaves as they are
    #: ``apply`` refuses a move (``IllegalMove``) before it changes anything, and nothing after its first
    #: change can fail: a mode without undo then plays without a ``mark`` to go back to (the clock alone
    #: is put back), a mark that grows with the game.  Each class says so of itself (a subclass that
    #: does not is taken not to: its hooks may check later); ``tests/test_engine_props.py`` tries refused
    #: moves on every mode that says so
    REFUSES_FIRST: ClassVar[bool] = False

    def __init__(self, seed: int = 0, level: dict[str, Any] | None = None, **options: Any) -> None:
        unknown = set(options) - set(self.OPTIONS)
        if unknown:
            raise ValueError(
                f"{self.name} has no option {', '.join(sorted(unknown))}; "
                f"options: {', '.join(self.OPTIONS) or 'none'}"
            )
        self.seed = seed
        self.level = level
        self.options = {**self.OPTIONS, **options}
        self.check_options()
        self.rng = Rng(seed).fork(1)  # the game's own stream: reshuffles, hints
        self.clock = 0.0
        self.history: list[str] = []
        self._undo: list[dict[str, Any]] = []
        self._redo: list[str] = []
        self.undos = 0  # moves taken back: the result says undo was used
        self.setup()

    # ----- hooks a variant overrides -------------------------------------
    def check_options(self) -> None:
        """Validate ``self.options``; raise ValueError naming a bad one."""

    @property
    def kind(self) -> str:
        """The kind of this game's result (one of ``KINDS`` by name)."""
        return self.KINDS[0].name

    @property
    def time_limit(self) -> float | None:
        """Seconds of play the game lasts (Blitz), else None."""
        return None

    hand: int = 0  # the hand being played, from 0 (a mode of one deal: always 0)
    ended: bool = False  # stopped by ``end`` (or resigned) before its real end?

    @property
    def lower_is_better(self) -> bool:
        """Is the smaller score the better one (a time)?  The kind says."""
        return self.kind_named(self.kind).lower_is_better

    def picking(self, player: str) -> bool:
        """Is ``player`` between the cards of one pick (Memory: turned one or two)?"""
        return False

    def timeout_move(self, player: str) -> str | None:
        """The move a call that runs out makes (None: it lapses at no cost)."""
        return None

    def pick_move(self, player: str, cards: tuple[Card, ...]) -> str:
        """The move a player's pick of ``cards`` makes: the right pick when it is one, else a miss."""
        cards_text = " ".join(code(c) for c in cards)
        right = f"{player} {self.PICK} {cards_text}"
        if len(cards) == 3 and not is_set(*cards):
            return f"{player} miss {cards_text}"
        return right

    #: does ``bot_options`` list what a bot may do (the race modes)?  Else bots look for Sets among
    #: ``own_cards`` and the table (Classic, 20/20).
    LISTS_OPTIONS: ClassVar[bool] = False

    def bot_options(self, player: str) -> list[BotOption]:
        """What a bot playing ``player`` could do now ([] for a mode bots do not play this way)."""
        return []

    def own_cards(self, player: str) -> list[Card]:
        """The cards only ``player`` may use besides the table (20/20's personal cards)."""
        return []

    def may_draw(self, player: str) -> bool:
        """May ``player`` draw a card, and must a Set then use one of their own (20/20)?"""
        return False

    def table_cards(self) -> list[Card]:
        """The cards laid out for everyone to pick from (an online room judges a late pick by them);
        none for a mode without such a table."""
        return []

    def table_places(self) -> list[Card] | None:
        """The table's cards in the order of their places on the screen (place i: the i-th card), where
        a mode keeps them apart from its rules' order (Solitaire-Set); None: the view's ``table`` is in
        place order.  The screens draw from it; the rules, solvers and replays never read it."""
        return None

    @classmethod
    def picks_among(cls, cards: list[Card]) -> list[tuple[Card, ...]]:
        """Every right pick lying among ``cards`` as a table shows them (turn rules aside), in index
        order: its Sets (UltraSet: its four-card UltraSets).  What the analysis lists a table's Sets by."""
        return list(find_sets(cards))

    def pick_worth(self, cards: tuple[Card, ...]) -> int:
        """A right pick's worth, 1..4: the features not all the same (a Set: all different)."""
        return worth(*cards)

    # ----- a solitaire's analysis (game.analysis): the par and whether a position still reaches it -----
    def deal_par(self, work: int | None = None) -> DealPar | None:
        """The par of this deal, ``self`` being the game before any move: the best score its solver
        finds within ``work`` (the solver's own units; None: the budget a player's par is found with),
        proved or not, and its line.  None for a mode without a par."""
        return None

    def reach(self, target: int, work: int | None = None) -> Reach:
        """Can the score (``par_score``) still come to ``target`` from this position, within ``work``?
        A mode with a par answers; the default cannot tell."""
        if self.over:
            return Reach("yes" if self.par_score() >= target else "no", [])
        return Reach("unknown", [])

    def par_score(self) -> int:
        """The score a par is measured in (the game's score; Pillars: 1 for a win)."""
        return int(self.score) if isinstance(self.score, (int, float)) else 0

    def par_words(self, value: int) -> str:
        """A score measured against par, in words ("23 Sets", "41 points", "a win")."""
        return counted(value, self.KINDS[0].unit)

    def setup(self) -> None:
        """Build the starting state from ``self.seed`` / ``self.level``."""
        raise NotImplementedError

    def apply(self, m: Move) -> None:
        """Carry out a move or raise IllegalMove (the state is restored by ``play``)."""
        raise NotImplementedError

    def legal_moves(self) -> list[str]:
        """Every legal move, in a deterministic order."""
        raise NotImplementedError

    def view_extra(self) -> dict[str, Any]:
        """The mode's own keys of ``view()``."""
        return {}

    def check_undo(self) -> None:
        """Raise IllegalMove when the last move may not be taken back."""

    def demo_choice(self, memory: dict[str, Any], player: str | None = None) -> str | None:
        """A plain player's next move (demos, headless matches): a Set if there is one, else the first
        of add / deal / draw / reshuffle / end / resign that is legal; None for nothing.  ``memory`` is
        the caller's dict, kept between calls; ``player`` plays for that player (notation without it).
        """
        moves = self.legal_moves()
        if player is not None:
            mine = [m.split(" ", 1)[1] for m in moves if m.startswith(player + " ")]
            moves = mine + [m for m in moves if m[:1] != "P"]
        for m in moves:
            if m.startswith("set"):
                return m
        for verb in ("add", "deal", "draw", "reshuffle", "end", "resign"):
            if verb in moves:
                return verb
        return None

    def seal(self, m: Move, before: dict[str, Any]) -> str | None:
        """Why move ``m`` (``before`` is the snapshot taken ahead of it) may not be taken back in a
        fair game: it showed a hidden card or paid a cost.  None when it may."""
        return None

    @property
    def fair(self) -> bool:
        """True in a fair game (option ``fair``): no undo of a move that showed or paid anything."""
        return bool(self.options.get("fair"))

    @property
    def over(self) -> bool:
        raise NotImplementedError

    @property
    def won(self) -> bool:
        raise NotImplementedError

    @property
    def score(self) -> Any:
        raise NotImplementedError

    @property
    def title(self) -> str | None:
        return None

    # ----- what the results, stats, levels and share texts say (each mode may override) -----
    LOWER_IS_BETTER: ClassVar[bool] = False  # is the smaller score the better one (a time)?

    def summary(self, names: dict[str, str]) -> dict[str, Any]:
        """The results of a finished game: ``title``, ``score`` (text), ``lines``, ``stat_score``
        (the number the stats keep, None for none), ``by_worth`` (Sets taken by worth, or None),
        ``kind`` (which of ``KINDS``) and ``winners`` (the players in first place; a solo game: P1
        when won).  With several players also ``standings`` (``standings_summary``).
        ``names`` is how to call each player ({"P1": "You", "P2": "P2 (bot)"})."""
        v = self.view()
        return self.solo_summary("Well played" if self.won else "Game over", str(v.get("score", "")), [],
                                 None, v.get("by_worth"))

    def solo_summary(self, title: str, score: str, lines: list[str], stat_score: Any,
                     by_worth: list[int] | None) -> dict[str, Any]:
        """A one-player game's summary: the parts given, its kind, and P1 the winner when won."""
        return {"title": title, "score": score, "lines": lines, "stat_score": stat_score, "by_worth": by_worth,
                "kind": self.kind, "winners": ["P1"] if self.won else []}

    def standings(self, scores: dict[str, Any]) -> list[tuple[int, str]]:
        """(place, player), best first (``lower_is_better`` says which way); ties share a place and
        keep the seat order, and the next place skips as many as shared (1, 1, 3).

        >>> Game.standings(Game.__new__(Game), {"P1": 4, "P2": 7, "P3": 4, "P4": 2})
        [(1, 'P2'), (2, 'P1'), (2, 'P3'), (4, 'P4')]
        """
        sign = 1 if self.lower_is_better else -1
        order = sorted(scores, key=lambda p: sign * scores[p])  # a stable sort: ties in seat order
        places: list[tuple[int, str]] = []
        for i, p in enumerate(order):
            shared = i > 0 and scores[p] == scores[order[i - 1]]
            places.append((places[-1][0] if shared else i + 1, p))
        return places

    @staticmethod
    def winners_title(winners: list[str], names: dict[str, str]) -> str:
        """The results' title from the winners: "You win!", "P2 (bot) wins!", "Draw!" (you share first
        place, or nobody at the keyboard is "You"), "P2 and P3 win!" (they share it, you do not).

        >>> Game.winners_title(["P2"], {"P1": "You", "P2": "P2 (bot)"})
        'P2 (bot) wins!'
        >>> Game.winners_title(["P2", "P3"], {"P1": "You"}), Game.winners_title(["P1", "P3"], {"P1": "You"})
        ('P2 and P3 win!', 'Draw!')
        """
        called = [names.get(p, p) for p in winners]
        if len(called) == 1:
            return "You win!" if called[0] == "You" else f"{called[0]} wins!"
        if "You" in called or "You" not in names.values():
            return "Draw!"
        return f"{', '.join(called[:-1])} and {called[-1]} win!"

    def standings_summary(self, scores: dict[str, Any], names: dict[str, str],
                          detail: Callable[[str], str]) -> dict[str, Any]:
        """A game of several players' summary: the title from the winners, every score in seat order,
        one line a player best first (place, name and ``detail(player)``), ``standings`` (place, player,
        name, score; ties share a place), ``winners`` and P1's score for the stats.  A mode adds
        ``by_worth``."""
        places = self.standings(scores)
        winners = [p for place, p in places if place == 1]
        return {"title": self.winners_title(winners, names), "score": " · ".join(str(s) for s in scores.values()),
                "lines": [f"{place}. {names.get(p, p)}: {detail(p)}" for place, p in places],
                "standings": [{"place": place, "player": p, "name": names.get(p, p), "score": scores[p]}
                              for place, p in places],
                "winners": winners, "stat_score": scores.get("P1"), "by_worth": None, "kind": self.kind}

    def label(self) -> str | None:
        """The name the top bar shows for this game's options (None: the mode's own title)."""
        return None

    def par_line(self, par: Any) -> str | None:
        """A results line on a daily's ``par`` (None: the mode's summary says it already, or nothing)."""
        return None

    def stars(self) -> tuple[int, bool]:
        """(stars 0..3, solved) of a finished puzzle level: solved when won, with 3 stars for no
        miss and no repeat, 2 for two errors at most, else 1."""
        if not self.won:
            return 0, False
        v = self.view()
        errors = v.get("misses", 0) + v.get("repeats", 0)
        return (3 if errors == 0 else 2 if errors <= 2 else 1), True

    def share_facts(self) -> dict[str, Any]:
        """What a daily's share text tells of the game: P1's Sets (their worths, in order), misses,
        hints and ``score`` (Sets taken; a mode scored otherwise gives its score)."""
        moves = [Move.parse(h) for h in self.history]
        mine = [m for m in moves if m.player in (None, "P1")]
        worths = [worth(*m.cards) for m in mine if m.verb == "set"]
        misses = sum(1 for m in mine if m.verb == "miss")
        return {"score": self.share_score(len(worths)), "worths": worths, "misses": misses,
                "hints": int(self.view().get("hints", 0) or 0)}

    def share_score(self, sets: int) -> Any:
        """The score a share text gives: the Sets taken (a mode with points gives its score)."""
        return sets

    # ----- the shared interface ------------------------------------------
    def play(self, move: str | Move) -> Move:
        """Play a move given as text (or a Move).


        :raises BadMove: when the text cannot be read.
        :raises IllegalMove: naming the rule it breaks; nothing changes.
        """
        m = Move.parse(move) if isinstance(move, str) else move
        if m.verb not in self.VERBS:
            allowed = ", ".join(sorted(self.VERBS))
            raise IllegalMove(f"{m.verb!r} is not a move in {self.name} (moves: {allowed})")
        if self.over:
            raise IllegalMove("the game is over")
        clock = self.clock
        snap = self.snapshot() if self.UNDO else {}
        back = snap if self.UNDO else None if self.REFUSES_FIRST else self.mark()
        try:
            if m.time is not None:
                if m.time < clock:
                    raise IllegalMove(f"time goes backwards: @{m.time:.2f} after @{clock:.2f}")
                self.clock = m.time
            self.apply(m)
        except BaseException:
            if back is None:
                self.clock = clock  # refused before anything changed (``REFUSES_FIRST``)
            else:
                self.rewind(back)
            raise
        if self.UNDO:  # a mode without undo keeps no snapshots (a room plays on for hours)
            if self.fair:
                reason = self.seal(m, snap)
                if reason:
                    snap["_sealed"] = reason
            self._undo.append(snap)
        text = str(m)
        self.history.append(text)
        if self._redo and self._redo[-1] == text:
            self._redo.pop()
        else:
            self._redo.clear()
        return m

    def is_legal(self, move: str | Move) -> bool:
        """True when ``play(move)`` would succeed (nothing changes)."""
        saved = (self.mark(), list(self.history), list(self._undo), list(self._redo))
        try:
            self.play(move)
        except IllegalMove:
            return False
        back, self.history, self._undo, self._redo = saved
        self.rewind(back)
        return True

    def undo(self) -> str:
        """Take back the last move and return its text.


        :raises IllegalMove: when this mode has no undo, nothing to undo, or (in a fair game)
            the last move showed a hidden card or paid a cost, saying which.
        """
        if not self.UNDO:
            raise IllegalMove(f"{self.name} has no undo")
        if not self._undo:
            raise IllegalMove("nothing to undo")
        self.check_undo()
        sealed = self._undo[-1].get("_sealed")
        if sealed:
            raise IllegalMove(f"a fair game cannot take back {self.history[-1]!r}: {sealed}")
        kept = {f: getattr(self, f) for f in self.KEEP_ON_UNDO}
        self.restore(self._undo.pop())
        for f, value in kept.items():
            setattr(self, f, value)
        self.undos += 1
        text = self.history.pop()
        self._redo.append(text)
        return text

    def redo(self) -> str:
        """Play again the last move taken back.


        :raises IllegalMove: when there is nothing to redo.
        """
        if not self._redo:
            raise IllegalMove("nothing to redo")
        return str(self.play(self._redo[-1]))

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def snapshot(self) -> dict[str, Any]:
        """A copy of the mutable state (restored by ``restore``)."""
        snap: dict[str, Any] = _copy({f: getattr(self, f) for f in self.STATE})
        snap["_rng"] = self.rng.state
        snap["_clock"] = self.clock
        return snap

    def mark(self) -> Any:
        """The state a move that fails goes back to (``rewind``), in a mode that keeps no snapshots:
        ``STATE``, the stream and the clock as ``marshal`` bytes, read back only when the move fails
        (a move that succeeds costs half a snapshot); a snapshot where the state holds data that
        ``marshal`` does not take.

        >>> from game import variants
        >>> g = variants.new("classic", 3); before = g.mark(); table = list(g.table)
        >>> g.table.reverse(); g.rewind(before); g.table == table
        True
        """
        try:
            return marshal.dumps(([getattr(self, f) for f in self.STATE], self.rng.state, self.clock), 2)
        except ValueError:
            return self.snapshot()

    def rewind(self, mark: Any) -> None:
        """Go back to the state ``mark()`` gave (or a snapshot)."""
        if not isinstance(mark, bytes):
            self.restore(mark)
            return
        state, self.rng.state, self.clock = marshal.loads(mark)
        for f, value in zip(self.STATE, state, strict=True):
            setattr(self, f, value)

    def restore(self, snap: dict[str, Any]) -> None:
        state = _copy({f: snap[f] for f in self.STATE})
        for f in self.STATE:
            setattr(self, f, state[f])
        self.rng.state = snap["_rng"]
        self.clock = snap["_clock"]

    def view(self) -> dict[str, Any]:
        """What a player can see, as plain JSON-able data."""
        v: dict[str, Any] = {"variant": self.name, "over": self.over, "won": self.won}
        score = self.score
        v["scores" if isinstance(score, dict) else "score"] = score
        v["title"] = self.title
        if self.UNDO:
            v["fair"] = self.fair
            v["undos"] = self.undos
        v.update(self.view_extra())
        return v

    def to_json(self) -> str:
        """The game as a replay: variant, version, seed, options, moves (and level)."""
        data: dict[str, Any] = {
            "variant": self.name,
            "version": VERSION,
            "seed": self.seed,
            "options": self.options,
            "moves": list(self.history),
        }
        if self.undos:
            data["undos"] = self.undos
            data["kept"] = {f: _copy(getattr(self, f)) for f in self.KEEP_ON_UNDO}
        if self.level is not None:
            data["level"] = self.level
        return json.dumps(data)

    def load_undo_record(self, data: dict[str, Any]) -> None:
        """Take back from a saved game what its moves alone do not tell: the undos and kept state.

        :raises ValueError: naming a damaged field.
        """
        undos = data.get("undos", 0)
        if not isinstance(undos, int) or isinstance(undos, bool) or undos < 0:
            raise ValueError(f"saved game field 'undos': a whole number ≥ 0, not {undos!r}")
        kept = data.get("kept", {})
        if not isinstance(kept, dict):
            raise ValueError("saved game field 'kept': not an object")
        for f in self.KEEP_ON_UNDO:
            if f in kept:
                now = getattr(self, f)
                if not isinstance(kept[f], int) or isinstance(kept[f], bool) or kept[f] < now:
                    raise ValueError(f"saved game field 'kept': {f} must be a whole number ≥ {now}, "
                                     f"not {kept[f]!r}")
                setattr(self, f, kept[f])
        self.undos = undos

    def __repr__(self) -> str:
        return f"<{type(self).__name__} seed={self.seed} moves={len(self.history)}>"

    # ----- where the cards come from (``game.variants.deck``: an online replica is shown them) -----
    source: Any = None  # None: the seed's deal and the game's own stream; else a deck source

    def dealt(self, cards: list[Card]) -> list[Card]:
        """The cards of a deal in deal order: ``cards`` (a replica: the cards as they are shown)."""
        return cards if self.source is None else self.source.dealt(self, cards)

    def shuffled(self, cards: list[Card]) -> None:
        """Shuffle ``cards`` in place with the game's own stream (a replica: as they are shown)."""
        if self.source is None:
            self.rng.shuffle(cards)
        else:
            self.source.shuffle(self, cards)

    def face_up(self) -> list[Card]:
        """Every card a player can see now (an online room shows each one as it comes): the table."""
        return self.table_cards()
