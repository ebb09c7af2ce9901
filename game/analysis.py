"""The analysis of a kept game (``game.history``): what stood on the table and what the solver knows.

A game is its seed plus its events, so the analysis is the engine run again
(``new_session(..., follow=True)`` and ``apply_event``), never a recording.

**Table modes** (every mode whose view shows a table of face-up cards):

* ``moments``: ``{"t": seconds, "table": [codes], "sets": [[a, b, c], ...]}``,
  one each time the table changed.  ``sets`` are the right picks lying on that
  table in index order (``Game.picks_among``): three-card Sets, and for
  UltraSet its four-card UltraSets (four codes each; a pick's worth there is
  the features not all the same).
* ``stands``: every Set that stood on the table: ``{"set", "from", "to",
  "stood", "how", "by", "event"}``, ``how`` being "taken" (by the player
  ``by``), "broken" (some of its cards left in another pick or a reshuffle
  before anyone took it: a Set missed too) or "end" (still there when the
  game ended); ``event`` is the index of the event that ended it.
* ``missed``: each deal of more cards (``deal3``, ``add``, ``draw``) while
  Sets stood: ``{"t", "event", "sets"}`` — the Sets nobody took before it.
* ``finds``: every right pick in order: ``{"t", "player", "name", "set",
  "worth", "took"}``; ``took`` is the seconds from the later of the moment the
  Set came onto the table and the previous right pick, to the player's call
  (when they called first) or pick: Find-all's order and the time each took.
* ``find_times``: each player's mean ``took`` by worth (1..4) in this game,
  and ``history``: the same player name's mean over the archive's earlier
  games of the mode (the last ``HISTORY_GAMES`` of them), with how many.

**Solitaires with a par** (``Game.deal_par``: Mag's, Pillars, Solitaire-Set):
``par`` and ``your_score`` (in the mode's ``par_score``: Sets, points, 1 for a
win), ``your_line`` (the moves that stand at the end, undone ones left out)
and ``solver_line``; ``lost_at``: the index in ``your_line`` of the move after
which par could no longer be reached (null when it never was lost), with
``par_line``: a line reaching par from the position before that move.  The
search asks the mode's ``reach`` of a few positions (bisecting: once par is
out of reach it stays so), each within its fixed work budget; ``proved`` is
false when a budget ran out or the par itself is not proved exact, and
``par_exact`` says which.  The positions on the solver's own line are known
to reach par without a search.  ``lost_event`` is the index in the game's
events of the event that played the losing move; ``lost_from`` the position
(moves played) ``par_line`` starts from — ``lost_at`` itself when proved.

>>> from game.history import Played
>>> g = Played(1, "findall", "normal", {"cards": 9}, 3, None, "2026-11-26T10:00:00", ["human"], ["You"],
...            {"won": False}, [])
>>> a = analyse(g)
>>> len(a["moments"]), len(a["moments"][0]["sets"]), a["finds"], a["par"]
(1, 4, [], None)
"""

from __future__ import annotations

from typing import Any

from .cards import card, code
from .errors import IllegalMove
from .history import Archive, Played
from .move import Move
from .session import Session, new_session
from .variants import game_class

WORTHS = (1, 2, 3, 4)
DEALS = frozenset({"deal3", "add", "draw"})  # events that deal more cards onto the table
HISTORY_GAMES = 20  # earlier games of a player a mean over their history looks at
HISTORY_SCAN = 200  # earlier games of the mode looked through for them


def fresh(game: Played) -> Session:
    """The game's session before its first event, replaying (``follow``).

    :raises ValueError: when the game cannot be built (an unknown option, a bad level).
    """
    kw: dict[str, Any] = {"level": game.level, "follow": True}
    if game.call_time is not None:
        kw["call_time"] = game.call_time
    return new_session(game.mode, game.seed, list(game.seats), dict(game.options), 0.0, **kw)


def analyse(game: Played, archive: Archive | None = None, work: int | None = None,
            earlier: list[Played] | None = None) -> dict[str, Any]:
    """The whole analysis of ``game`` as plain data (see the module docstring for the fields).

    ``archive``: where the players' earlier games are (for ``find_times``' history), or ``earlier``: those
    games already read (``earlier_games``); ``work``: each solver question's budget in the solver's own
    units (None: each mode's default).

    :raises ValueError: when the game's events do not replay (a damaged game).
    """
    out = table_analysis(game)
    if earlier is None and archive is not None:
        earlier = earlier_games(game, archive)
    if earlier:
        add_history(out, earlier)
    out.update(solitaire_analysis(game, work))
    return out


# ----- table modes -----------------------------------------------------------------------------
def _table(s: Session) -> list[str] | None:
    """The face-up table as codes, or None (no table, or cards face down)."""
    table = s.game.view().get("table")
    if not isinstance(table, list) or not all(isinstance(c, str) for c in table):
        return None
    try:
        [card(c) for c in table]
    except ValueError:
        return None
    return list(table)


def _key(cards: Any) -> frozenset[str]:
    return frozenset(cards)


def table_analysis(game: Played) -> dict[str, Any]:
    """``moments``, ``stands``, ``missed``, ``finds`` and ``find_times`` of a game (empty for a mode without
    an open table).

    :raises ValueError: when the game's events do not replay.
    """
    cls = game_class(game.mode)
    s = fresh(game)
    moments: list[dict[str, Any]] = []
    stands: list[dict[str, Any]] = []
    missed: list[dict[str, Any]] = []
    finds: list[dict[str, Any]] = []
    standing: dict[frozenset[str], dict[str, Any]] = {}  # Sets on the table now -> their stand
    taken: set[frozenset[str]] = set()  # Sets already taken (a Find-all table keeps them)
    calls: dict[str, float] = {}  # player -> the time of their last call
    last_find = 0.0

    def picks_of(table: list[str] | None) -> list[list[str]]:
        if table is None:
            return []
        return [[code(c) for c in p] for p in cls.picks_among([card(c) for c in table])]

    def look(t: float, table: list[str] | None, picks: list[list[str]]) -> None:
        if table is None or (moments and moments[-1]["table"] == table):
            return
        moments.append({"t": round(t, 2), "table": table, "sets": picks})

    def close(key: frozenset[str], t: float, how: str, by: str | None, event: int | None) -> None:
        st = standing.pop(key)
        st.update({"to": round(t, 2), "stood": round(t - st["from"], 2), "how": how, "by": by, "event": event})
        stands.append(st)

    def open_new(picks: list[list[str]], t: float) -> None:
        for p in picks:
            k = _key(p)
            if k not in standing and k not in taken:
                standing[k] = {"set": p, "from": round(t, 2)}

    table = _table(s)
    picks = picks_of(table)
    look(0.0, table, picks)
    open_new(picks, 0.0)
    for i, event in enumerate(game.events):
        before = picks
        try:
            s.apply_event(event)
        except (IllegalMove, ValueError, IndexError, KeyError) as e:
            raise ValueError(f"event {i + 1} ({event!r}) does not replay: {e}") from None
        t = s.clock
        try:
            m: Move | None = Move.parse(event)
        except ValueError:
            m = None
        table = _table(s)
        picks = picks_of(table)
        look(t, table, picks)
        if m is None:
            continue
        player = m.player or "P1"
        if m.verb == "call":
            calls[player] = t
            continue
        if m.verb in DEALS and before:
            missed.append({"t": round(t, 2), "event": i, "sets": before})
        now = {_key(p) for p in picks}
        pick = _key(code(c) for c in m.cards) if cls.whole_pick(m.verb) else None
        if pick is not None and pick in standing:
            st = standing[pick]
            since = max(st["from"], last_find)
            seen = calls.get(player, t)
            at = seen if since <= seen <= t else t
            finds.append({"t": round(t, 2), "player": player, "name": _name(game, player), "set": st["set"],
                          "worth": s.game.pick_worth(m.cards), "took": round(max(0.0, at - since), 2)})
            last_find = t
            taken.add(pick)
            close(pick, t, "taken", player, i)
        for k in [k for k in standing if k not in now]:
            close(k, t, "broken", None, i)
        open_new(picks, t)
    for k in list(standing):
        close(k, s.clock, "end", None, None)
    stands.sort(key=lambda st: (st["from"], st["to"]))
    return {"moments": moments, "stands": stands, "missed": missed, "finds": finds,
            "find_times": find_times(finds, game)}


def _name(game: Played, player: str) -> str:
    n = int(player[1:]) - 1 if player[1:].isdigit() else 0
    return game.names[n] if 0 <= n < len(game.names) else player


def _means(finds: list[dict[str, Any]]) -> tuple[dict[str, float | None], dict[str, int]]:
    """The mean ``took`` by worth ("1".."4"; None for none) and the count of each."""
    means: dict[str, float | None] = {}
    counts: dict[str, int] = {}
    for w in WORTHS:
        times = [f["took"] for f in finds if f["worth"] == w]
        means[str(w)] = round(sum(times) / len(times), 2) if times else None
        counts[str(w)] = len(times)
    return means, counts


def find_times(finds: list[dict[str, Any]], game: Played) -> dict[str, dict[str, Any]]:
    """Each player's mean seconds to find a Set by its worth in this game (players in seat order)."""
    out: dict[str, dict[str, Any]] = {}
    players = sorted({f["player"] for f in finds}, key=lambda p: (len(p), p))
    for p in players:
        means, counts = _means([f for f in finds if f["player"] == p])
        out[p] = {"name": _name(game, p), "by_worth": means, "count": counts, "history": None, "history_games": 0}
    return out


def earlier_games(game: Played, archive: Archive) -> list[Played]:
    """The archive's earlier games of ``game``'s mode played under one of its names, whole, newest
    first: the last ``HISTORY_GAMES`` of each name (read here, so the replaying may happen elsewhere)."""
    names = set(game.names)
    count = dict.fromkeys(names, 0)
    out: list[Played] = []
    for g in archive.games(game.mode, None, HISTORY_SCAN):
        if (g.date, g.id) >= (game.date, game.id):
            continue
        mine = [n for n in names & set(g.names) if count[n] < HISTORY_GAMES]
        if not mine:
            continue
        whole = archive.get(g.id)
        if whole is not None:
            out.append(whole)
            for n in mine:
                count[n] += 1
    return out


def add_history(out: dict[str, Any], earlier: list[Played]) -> None:
    """Fill each player's ``history`` in ``out["find_times"]``: the mean by worth over ``earlier`` games
    (``earlier_games``) played under the same name; a game that does not replay is left out."""
    wanted = {v["name"]: p for p, v in out["find_times"].items()}
    pooled: dict[str, list[dict[str, Any]]] = {name: [] for name in wanted}
    games: dict[str, int] = dict.fromkeys(wanted, 0)
    for g in earlier:
        names = [n for n in wanted if n in g.names and games[n] < HISTORY_GAMES]
        if not names:
            continue
        try:
            finds = table_analysis(g)["finds"]
        except ValueError:
            continue
        for n in names:
            pooled[n] += [f for f in finds if f["name"] == n]
            games[n] += 1
    for name, p in wanted.items():
        if games[name]:
            out["find_times"][p]["history"] = _means(pooled[name])[0]
            out["find_times"][p]["history_games"] = games[name]


# ----- solitaires: par, your line and where par was lost -------------------------------------------
def solitaire_analysis(game: Played, work: int | None = None) -> dict[str, Any]:
    """``par``, ``your_score``, ``lost_at`` and the rest (see the module docstring); all None or empty for a
    mode without a par.

    :raises ValueError: when the game's events do not replay.
    """
    start = fresh(game).game  # the game before its first move
    none: dict[str, Any] = {"par": None, "your_score": None, "lost_at": None, "proved": False,
                            "par_exact": False, "your_line": [], "solver_line": [], "par_line": [],
                            "par_text": "", "score_text": "", "questions": 0, "lost_from": None,
                            "lost_event": None}
    got = start.deal_par(work)
    if got is None:
        return none
    end = fresh(game)
    for i, event in enumerate(game.events):
        try:
            end.apply_event(event)
        except (IllegalMove, ValueError, IndexError, KeyError) as e:
            raise ValueError(f"event {i + 1} ({event!r}) does not replay: {e}") from None
    line = [_bare(m) for m in end.game.history]
    lengths = []  # the moves that stood after each event (an undo takes one back)
    again = fresh(game)
    for event in game.events:
        again.apply_event(event)
        lengths.append(len(again.game.history))
    par, yours = got.score, end.game.par_score()
    out = {**none, "par": par, "your_score": yours, "par_exact": got.exact, "your_line": line,
           "solver_line": list(got.line), "par_text": start.par_words(par), "score_text": start.par_words(yours)}
    if yours >= par:
        out["proved"] = True
        return out
    out.update(_lost(start, line, par, list(got.line), work))
    out["proved"] = out["proved"] and got.exact
    if out["lost_at"] is not None:  # the event that made the move for good (never undone after it)
        k = len(lengths)
        while k > 0 and lengths[k - 1] > out["lost_at"]:
            k -= 1
        out["lost_event"] = k
    return out


def _same(a: str, b: str) -> bool:
    """Are two moves the same move (its cards in any order)?"""
    try:
        x, y = Move.parse(a), Move.parse(b)
    except ValueError:
        return a == b
    return (x.verb, sorted(x.cards), x.target) == (y.verb, sorted(y.cards), y.target)


def _bare(move: str) -> str:
    """A move without its time (the solver's lines carry none)."""
    words = move.split()
    return " ".join(words[:-1] if words and words[-1].startswith("@") else words)


def _lost(start: Any, line: list[str], par: int, solver: list[str], work: int | None) -> dict[str, Any]:
    """Bisect the positions of ``line`` for the first from which ``par`` cannot be reached.

    Position k is the game after the first k moves.  Position 0 reaches par (the solver's line does) and
    the last does not (the game ended short of it); once out of reach par stays so, so the first
    position out of reach is found by halving.  A question whose budget ran out counts as "still
    reachable" (the bisection goes on later, where questions are cheaper), and leaves it unproved.
    """
    def position(k: int) -> Any:
        g = type(start)(start.seed, start.level, **start.options)
        for m in line[:k]:
            g.play(m)
        return g

    known: dict[int, tuple[str, list[str]]] = {}
    common = 0
    while common < min(len(line), len(solver)) and _same(line[common], solver[common]):
        common += 1
    for k in range(common + 1):
        known[k] = ("yes", solver[k:])
    questions = 0
    lo, hi = common, len(line)  # lo: reachable (or not known otherwise), hi: not reachable
    answer = position(hi).reach(par, work)  # over short of par: "no" at once
    questions += 1
    known[hi] = (answer.status, answer.line)
    if answer.status != "no":  # the game stopped before its end with par perhaps still in reach
        return {"lost_at": None, "par_line": [], "proved": answer.status == "yes", "questions": questions,
                "lost_from": None}
    while hi - lo > 1:
        mid = (lo + hi) // 2
        answer = position(mid).reach(par, work)
        questions += 1
        known[mid] = (answer.status, answer.line)
        if answer.status == "no":
            hi = mid
        else:
            lo = mid
    proved = known.get(lo, ("unknown", []))[0] == "yes" and known[hi][0] == "no"
    best = max((k for k, (st, _) in known.items() if st == "yes" and k <= lo), default=None)
    return {"lost_at": hi - 1, "par_line": known[best][1] if best is not None else [],
            "lost_from": best, "proved": proved, "questions": questions}


def summary_lines(a: dict[str, Any]) -> list[str]:
    """The analysis in a few lines of text (``python -m game.history show ID``)."""
    out: list[str] = []
    if a.get("moments"):
        taken = sum(1 for st in a["stands"] if st["how"] == "taken")
        out.append(f"{len(a['stands'])} Sets stood on the table, {taken} taken; "
                   f"{sum(len(m['sets']) for m in a['missed'])} missed before a deal")
        for p, ft in a["find_times"].items():
            worths = ", ".join(f"worth {w}: {t:.1f} s" for w, t in ft["by_worth"].items() if t is not None)
            out.append(f"{ft['name']} ({p}) to find a Set — {worths or 'none found'}")
    if a.get("par") is not None:
        out.append(par_text(a))
    return out


def par_text(a: dict[str, Any]) -> str:
    """"Par 23 Sets · you 13 Sets · par lost at move 15" (moves counted from 1), with "not proved" when a
    budget ran out."""
    text = f"Par {a['par_text']} · you {a['score_text']}"
    if a.get("lost_at") is not None:
        text += f" · par lost at move {a['lost_at'] + 1}"
    elif a["your_score"] is not None and a["your_score"] >= a["par"]:
        text += " · par reached"
    if not a.get("proved"):
        text += " (not proved)"
    return text
