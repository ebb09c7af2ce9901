"""Bot and 20/20 figures: bot hands in simulated time, the bots' timing, 20/20 legal_moves.

- ``bot_classic_hand_ms``: wall time for four "human" bots to finish one
  simulated Classic hand (median over deals 1..5);
  ``bot_classic_hand_sim_seconds``: that hand's length in simulated time.
- ``bot_twenty_game_ms`` / ``..._sim_seconds``: the same for a whole 2-bot 20/20 game.
- ``first_set_s``: per level, the median (and 10th/90th percentile) time to
  the first call on 400 fresh 12-card Classic deals (the table in game/bots.py).
- ``twenty_legal_moves_us``: legal_moves on a fresh 4-player deal, and with
  every player holding 9 cards (``..._9_us``).
- ``game_set_s``: per level, the median (10th/90th percentile) seconds a Set
  over 200 whole solo Classic games with learning off (``GAME_SET`` in game/bots.py).
- ``learning``: per level, one bot playing solo Classic games one after another
  (``RUNS`` runs of ``GAMES`` games, its practice carried on by ``practice_after``):
  the median seconds a Set by Set number within the first game (``by_set``; the
  same deals with learning off: ``by_set_not_learning``) and by game number
  (``by_game``), and the practice after the last game.
- ``partner_s``: per pace (seconds a Set), the median seconds a Set of a partner
  given that pace over 20 solo games.
"""

from __future__ import annotations

import statistics
import time

from timing import per_call_us

from game import variants
from game.bots import LEVELS, PARTNER, Bot, practice_after, set_seconds, simulate

RUNS, GAMES = 30, 10
BINS = ((1, 5), (6, 10), (11, 15), (16, 20), (21, 27))  # Set numbers within a game
PACES = (3.0, 5.0, 8.0, 12.0, 20.0, 30.0, 45.0, 60.0, 90.0)


def _hand(seed: int) -> tuple[float, float]:
    g = variants.new("classic", seed=seed, players=4)
    bots = [Bot(f"P{i}", "human", seed) for i in range(1, 5)]
    t0 = time.perf_counter()
    simulate(g, bots, until=lambda g: g.hand > 0)
    return (time.perf_counter() - t0) * 1000, g.clock


def _twenty(seed: int) -> tuple[float, float]:
    g = variants.new("twenty", seed=seed, players=2)
    bots = [Bot(f"P{i}", "human", seed) for i in range(1, 3)]
    t0 = time.perf_counter()
    simulate(g, bots)
    return (time.perf_counter() - t0) * 1000, g.clock


def _first_sets(level: str, deals: int = 400) -> list[float]:
    bot = Bot("P1", level, seed=7)
    out = []
    for seed in range(deals):
        bot.reset()  # a fresh look at each deal
        out.append(bot.plan(variants.new("classic", seed=seed), 0.0)[0])
    return sorted(out)


def _spread(t: list[float]) -> dict:
    t = sorted(t)
    return {"median": round(statistics.median(t), 1), "p10": round(t[len(t) // 10], 1),
            "p90": round(t[len(t) * 9 // 10], 1), "sets": len(t)}


def _solo(level: str, seed: int, practice: int = 0, **kw) -> list[str]:
    game = variants.new("classic", seed=seed)
    return simulate(game, [Bot("P1", level, seed, practice=practice, **kw)]).history


def _by_set(histories: list[list[str]]) -> dict:
    bins: list[list[float]] = [[] for _ in BINS]
    for moves in histories:
        for i, t in enumerate(set_seconds(moves), 1):
            bins[next(j for j, (_, b) in enumerate(BINS) if i <= b or j == len(BINS) - 1)].append(t)
    return {f"{a}-{b}": round(statistics.median(t), 1) for (a, b), t in zip(BINS, bins)}


def _learning(level: str) -> dict:
    by_game: list[list[float]] = [[] for _ in range(GAMES)]
    firsts = []
    for r in range(RUNS):
        practice = 0
        for k in range(GAMES):
            moves = _solo(level, 1000 * r + k, practice)
            by_game[k] += set_seconds(moves)
            if k == 0:
                firsts.append(moves)
            practice = practice_after(practice, moves)
    return {"by_set": _by_set(firsts),
            "by_set_not_learning": _by_set([_solo(level, 1000 * r, learns=False) for r in range(RUNS)]),
            "by_game": {str(k + 1): round(statistics.median(t), 1) for k, t in enumerate(by_game)},
            "practice_after": practice}


def learning() -> dict:
    """The practice figures: seconds a Set by level, Set number, game number; the partner."""
    return {
        "game_set_s": {lv: _spread([t for s in range(200) for t in set_seconds(_solo(lv, s, learns=False))])
                       for lv in LEVELS},
        "learning": {lv: _learning(lv) for lv in LEVELS},
        "partner_s": {str(p): round(statistics.median(t for s in range(20)
                                                      for t in set_seconds(_solo(PARTNER, s, pace=[p]))), 1)
                      for p in PACES},
    }


def run() -> dict:
    hands = [_hand(s) for s in range(1, 6)]
    games = [_twenty(s) for s in range(1, 4)]
    firsts = {}
    for level in LEVELS:
        t = _first_sets(level)
        firsts[level] = {"median": round(statistics.median(t), 1), "p10": round(t[len(t) // 10], 1),
                         "p90": round(t[len(t) * 9 // 10], 1)}
    fresh = variants.new("twenty", seed=1, players=4)
    full = variants.new("twenty", seed=1, players=4)
    for p in full.players:
        for _ in range(3):
            full.play(f"{p} draw")
    bot = Bot("P2", "human")
    classic = variants.new("classic", seed=1, players=2)

    def replan() -> None:
        bot.reset()
        bot.plan(classic, 0.0)

    return {
        "bot_classic_hand_ms": round(statistics.median(h[0] for h in hands), 2),
        "bot_classic_hand_sim_seconds": round(statistics.median(h[1] for h in hands), 1),
        "bot_twenty_game_ms": round(statistics.median(g[0] for g in games), 2),
        "bot_twenty_game_sim_seconds": round(statistics.median(g[1] for g in games), 1),
        "bot_plan_12_us": per_call_us(replan),
        "first_set_s": firsts,
        "twenty_legal_moves_us": per_call_us(fresh.legal_moves),
        "twenty_legal_moves_9_us": per_call_us(full.legal_moves),
        **learning(),
    }
