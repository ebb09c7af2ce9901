"""The mode registry: what the menu, setup screen, help overlay and results know of each mode.

Pure data (no pygame): one ``ModeInfo`` per mode, in ``MODES``, shown in
``ORDER``.  A mode is its own files plus one entry here:

* ``game/variants/<mode>.py`` — the rules (a ``Game`` subclass) and its hooks
  for what a finished game says: ``summary`` (results title, score, lines),
  ``LOWER_IS_BETTER``, ``stars`` (a level), ``share_facts`` and ``par_line``
  (a daily), ``label`` (the top bar's name for its options);
* ``scenes/<mode>.py`` — its play scene, registered in ``scenes.SCENES``
  under the name given as ``scene`` below;
* the entry: ``ModeInfo(name, title, tagline, scene, help, options, build, note, keys, tutorial)``.

A mode whose ``scene`` is None shows in the menu as "coming soon".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

BOT_LEVELS = ("beginner", "casual", "human", "fast", "expert")
TABLE_KEYS = "Mouse: click cards · Keys: 1 2 3 / q w e / a s d / z x c pick cards"
WINDOW_KEYS = "F1 rules · Esc pause · F11 full screen"


def _plain(text: str) -> str:
    """Paragraphs separated by blank lines, each joined into one line (the screen wraps them)."""
    return "\n\n".join(" ".join(p.split()) for p in text.split("\n\n"))


@dataclass(frozen=True)
class Option:
    """One row of a setup screen: a setting with a few choices (value, label)."""

    key: str
    label: str
    choices: tuple[tuple[Any, str], ...]
    default: Any
    shown: Callable[[dict], bool] = lambda values: True


@dataclass(frozen=True)
class ModeInfo:
    name: str
    title: str
    tagline: str
    scene: str | None  # the play scene's registered name; None: coming soon
    help: str
    options: tuple[Option, ...] = field(default_factory=tuple)
    #: setup values -> the scene's start data ({"options": engine options, ...})
    build: Callable[[dict], dict] = lambda values: {"options": dict(values)}
    #: setup values -> a line of advice under the options ("" for none)
    note: Callable[[dict], str] = lambda values: ""
    #: the help overlay's line on the mouse and the keys
    keys: str = f"{TABLE_KEYS} · {WINDOW_KEYS}"
    #: the scene the help overlay's Tutorial opens (started with {"overlay": True, "mode": name})
    tutorial: str = "tutorial"

    @property
    def ready(self) -> bool:
        return self.scene is not None


def _seat(i: int) -> Option:
    # bots are "bot:<level>": the level "human" must not be taken for a person at the keyboard
    kinds = (("human", "Human (hot seat)"),) + tuple((f"bot:{lv}", f"Bot: {lv}") for lv in BOT_LEVELS)
    return Option(f"p{i}", f"Player {i}", kinds, "bot:casual",
                  lambda v, i=i: v.get("type") == "normal" and v.get("players", 1) >= i)


CLASSIC_HELP = _plain("""\
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
wrong pick). Blitz: as many Sets as you can in 3:00.""")

POINTS_HELP = _plain("""\
Solitaire-Set: take Sets for points. A Set scores its worth: the number of features that are all
different (1 to 4). A worth-4 Set is a megaset.

After a Set, cards are dealt back up to 12. No clock: you judge whether a Set is there.

Add a card (+): one more card from the deck — but while more than 12 cards lie out, every Set is
worth only 1 point.

Reshuffle (0): all table cards go back, the deck is shuffled and 12 are dealt. Costs 2 points (the
score may go below zero).

Locate Set (L) shows one Set. It is free, but the hints you use are counted.

The game ends when the deck is empty and no Set is left, or when you end it (End). Undo: Ctrl+Z.""")

FINDALL_HELP = _plain("""\
The cards on the table hold a known number of Sets (6 among 12 cards, 4 among 9). Find every one.

Pick three cards. A new Set is added to your list; a Set already found counts as a repeat, and three
cards that are no Set count as a miss. Cards never leave the table, and a card may be in several
Sets.

The clock runs until the last Set is found.""")

PILLARS_HELP = _plain("""\
Six columns of 13: a base, three face-down foundations, nine cards face up. Three oracles lie face down
aside. Only a column's top, and an oracle turned up at the side, can be used.

Take any three of them that form a Set. Move one onto another column's top when the two share exactly
two features (click it, then the lit column, or drag it). A card never goes into an empty column. A
foundation turns up by itself when the card above it leaves. A base never moves, and may be in a Set
only once all 18 foundations are face up.

Oracles (O), in order: into an empty column as its new base (you name the column first, then it is
turned up), or to the side, where it can be used but never fills an empty column. A consult cannot
be undone.

Win: all 18 foundations face up and no Set left among all the cards still out, buried ones too. Win
without an oracle for the title Samson. No legal move left: the game is lost.

Keys: 1-6 a column's top, 7-9 a side oracle, Shift+number moves it there, S Set, U undo, Y redo.""")

MAGS_HELP = _plain("""\
Nine piles, nine rounds: each round deals one card face up onto every pile, empty ones included. Deal
the next round (D) when you choose.

Only pile tops count: take any three tops that form a Set. Into an empty pile you may move any top, as
often as you like; it can bring a buried card up.

Hover a pile to peek beneath its top (P fans the cursor's pile). With no peeking only the tops show.

After the ninth round, play until no Set can be made, or End (E). Each Set scores 1 (27 at most); you
win with 9 or fewer cards left. A known deal shows its par: the most Sets perfect play makes.

Keys: 1-9 a pile's top, Shift+number moves it there, S Set, D deal, E end, U undo, Y redo.""")

TWENTY_HELP = _plain("""\
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

Keys: table 1 2 3 / q w e · your cards a s d f g h j k l · draw +""")


def _twenty_seat(i: int) -> Option:
    # bots are "bot:<level>": the level "human" must not be taken for a person at the keyboard
    kinds = (("human", "Human (hot seat)"),) + tuple((f"bot:{lv}", f"Bot: {lv}") for lv in BOT_LEVELS)
    return Option(f"p{i}", f"Player {i}", kinds, "bot:casual", lambda v, i=i: int(v.get("players", 2)) >= i)


def twenty_setup(values: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """20/20 engine options and seats (``"human"`` or ``"bot:<level>"``) from the setup values.

    2 to 4 players; P1 is the mouse player.

    >>> twenty_setup({"players": 3, "p2": "human", "p3": "bot:expert"})
    ({'players': 3}, ['human', 'human', 'bot:expert'])
    >>> twenty_setup({"players": 1})
    ({'players': 2}, ['human', 'bot:casual'])
    """
    n = min(4, max(2, int(values.get("players", 2))))
    return {"players": n}, ["human"] + [values.get(f"p{i}", "bot:casual") for i in range(2, n + 1)]


RACE_HELP = {
    "junior": _plain("""\
Junior SET: only the 27 solid cards, so only three features count — number, colour and shape. Nine cards
lie out; three more come while no Set is there (any ten such cards hold one).

Call SET (Space, or click a card), then pick three cards whose number, colour and shape are each all the
same or all different. A right Set scores 1; a wrong pick or a call that runs out costs 1."""),
    "chain": _plain("""\
Set-Chain: the first Set is any Set. After it, every Set must use exactly one card of the previous Set
(shown in the panel) and two cards of the table. Three more cards come while no such Set exists.

Call SET (Space, or click a card) and pick three cards — the carried card among them. A right Set scores
1; a wrong pick (a Set that does not carry one card) or a call that runs out costs 1."""),
    "ultra": _plain("""\
UltraSet: pick four cards that split into two pairs completing to the same third card. That card need not
be on the table. Three more cards come while no UltraSet is there.

Call SET (Space, or click a card), then pick four cards. A right UltraSet scores 1 and shows the card both
pairs complete to; a wrong pick or a call that runs out costs 1."""),
    "memory": _plain("""\
Memory: the twelve cards lie face down. Turn up three, one at a time: a Set is yours (+1) and three new
cards come face down; anything else turns back after a moment and costs nothing. Remember what you saw —
so do the bots. Three more cards come while the table holds no Set.

Click a face-down card (or press its key) to turn it up: the first card is your call, and you have the
call time to turn the other two. While someone is turning cards, the others wait."""),
    "shuffle": _plain("""\
Shuffle: Classic, except that after every Set the table goes back into the deck, the deck is shuffled and
a fresh table is dealt — no card you studied stays.

Call SET (Space, or click a card), then pick three cards. A right Set scores 1; a wrong pick or a call that
runs out costs 1."""),
}


def race_setup(values: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """A race mode's engine options and seats from the setup values (as Classic's normal game).

    >>> race_setup({"players": 2, "p2": "bot:fast"})
    ({'players': 2}, ['human', 'bot:fast'])
    """
    n = min(4, max(1, int(values.get("players", 1))))
    return {"players": n}, ["human"] + [values.get(f"p{i}", "bot:casual") for i in range(2, n + 1)]


def _race(name: str, title: str, tagline: str, keys: str = f"{TABLE_KEYS} · Space call SET") -> ModeInfo:
    seats = tuple(Option(f"p{i}", f"Player {i}", (("human", "Human (hot seat)"),) + tuple(
        (f"bot:{lv}", f"Bot: {lv}") for lv in BOT_LEVELS), "bot:casual", lambda v, i=i: v.get("players", 1) >= i)
        for i in (2, 3, 4))
    return ModeInfo(name, title, tagline, name, RACE_HELP[name],
                    (Option("players", "Players", tuple((n, str(n)) for n in (1, 2, 3, 4)), 2),) + seats,
                    lambda values: dict(zip(("options", "seats"), race_setup(values))),
                    keys=f"{keys} · {WINDOW_KEYS}", tutorial="solo_tutorial")


MODES: dict[str, ModeInfo] = {
    "classic": ModeInfo(
        "classic", "Classic", "Race for Sets: bots, hot seat, Sprint and Blitz", "classic", CLASSIC_HELP,
        (
            Option("type", "Game", (("normal", "Normal"), ("sprint", "Sprint (clear the deck)"),
                                    ("blitz", "Blitz (3:00)"), ("strict", "Strict solo")), "normal"),
            Option("players", "Players", tuple((n, str(n)) for n in (1, 2, 3, 4)), 2,
                   lambda v: v.get("type") == "normal"),
            _seat(2), _seat(3), _seat(4),
        ),
        lambda values: dict(zip(("options", "seats"), classic_setup(values))),
        lambda v: "Hot seat call keys: P1 Space (or click a card), P2 Enter, P3 Left Shift, P4 Right Shift"
        if v.get("type") == "normal" and v.get("players", 1) > 1 and
        any(v.get(f"p{i}") == "human" for i in range(2, v["players"] + 1)) else "",
        keys=f"{TABLE_KEYS} · Space call SET · {WINDOW_KEYS}",
    ),
    "points": ModeInfo("points", "Solitaire-Set", "Score Sets by worth; megasets pay 4", "points",
                       POINTS_HELP, keys=f"{TABLE_KEYS} · L locate · + add · 0 reshuffle · Ctrl+Z undo · "
                       f"End ends · {WINDOW_KEYS}"),
    "findall": ModeInfo("findall", "Find All", "A puzzle: every Set on a fixed table", "findall", FINDALL_HELP,
                        (Option("cards", "Table", ((12, "12 cards, 6 Sets"), (9, "9 cards, 4 Sets")), 12),),
                        keys=f"{TABLE_KEYS} · {WINDOW_KEYS}"),
    "pillars": ModeInfo("pillars", "Pillars", "Dave Eggleston's solitaire of 13", "pillars", PILLARS_HELP,
                        keys="Mouse: click or drag a card · Keys: 1-6 a column's top, 7-9 a side oracle, "
                        f"Shift+number moves it · S Set · O oracle · U undo · Y redo · {WINDOW_KEYS}",
                        tutorial="solo_tutorial"),
    "mags": ModeInfo("mags", "Mag's Solitaire", "Nine piles, nine rounds", "mags", MAGS_HELP,
                     (Option("peek", "Peeking", ((True, "Allowed (hover a pile)"), (False, "No peek: tops only")),
                             True),),
                     keys="Mouse: click or drag a top · Keys: 1-9 a pile's top, Shift+number moves it · S Set · "
                     f"D deal · E end · P peek · U undo · Y redo · {WINDOW_KEYS}",
                     tutorial="solo_tutorial"),
    "twenty": ModeInfo(
        "twenty", "20/20 SET", "Personal cards, race to empty your hand", "twenty", TWENTY_HELP,
        (Option("players", "Players", tuple((n, str(n)) for n in (2, 3, 4)), 2),
         _twenty_seat(2), _twenty_seat(3), _twenty_seat(4)),
        lambda values: dict(zip(("options", "seats"), twenty_setup(values))),
        lambda v: "Hot seat call keys: P1 Space (or click a card), P2 Enter, P3 Left Shift, P4 Right Shift"
        if any(v.get(f"p{i}") == "human" for i in range(2, int(v.get("players", 2)) + 1)) else "",
        keys="Mouse: click cards · Keys: table 1 2 3 / q w e, your cards a s d f g h j k l · Space call SET · "
        f"+ draw · {WINDOW_KEYS}",
        tutorial="twenty_tutorial",
    ),
}

MODES.update({
    "junior": _race("junior", "Junior SET", "Three features, 27 solid cards"),
    "chain": _race("chain", "Set-Chain", "Every Set carries a card of the last"),
    "ultra": _race("ultra", "UltraSet", "Two pairs that complete alike"),
    "memory": _race("memory", "Memory", "Face down: turn up three, remember the rest",
                    "Mouse: click a card to turn it up · Keys: 1 2 3 / q w e / a s d / z x c turn a card up"),
    "shuffle": _race("shuffle", "Shuffle", "A fresh table after every Set"),
})

#: menu order
ORDER = ("classic", "points", "findall", "pillars", "mags", "twenty", "junior", "chain", "ultra", "memory", "shuffle")


def defaults(info: ModeInfo) -> dict[str, Any]:
    return {o.key: o.default for o in info.options}


def classic_setup(values: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """Engine options and the seats (``"human"`` or ``"bot:<level>"``) from the setup values.

    >>> classic_setup({"type": "normal", "players": 3, "p2": "bot:human", "p3": "human"})
    ({'players': 3}, ['human', 'bot:human', 'human'])
    >>> classic_setup({"type": "sprint", "players": 3})
    ({'players': 1, 'timed': 'sprint'}, ['human'])
    """
    kind = values.get("type", "normal")
    if kind == "normal":
        n = int(values.get("players", 1))
        seats = ["human"] + [values.get(f"p{i}", "bot:casual") for i in range(2, n + 1)]
        return {"players": n}, seats
    if kind == "strict":
        return {"players": 1, "strict": True}, ["human"]
    return {"players": 1, "timed": kind}, ["human"]
