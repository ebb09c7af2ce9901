"""Bot and 20/20 figures: bot hands in simulated time, the bots' timing, 20/20 legal_moves.

- ``bot_classic_hand_ms``: wall time for four "human" bots to finish one
  simulated Classic hand (median over deals 1..5);
  ``bot_classic_hand_sim_seconds``: that hand's length in simulated time.
- ``bot_twenty_game_ms`` / ``..._sim_seconds``: the same for a whole 2-bot 20/20 game.
- ``first_set_s``: per level, the median (and 10th/90th percentile) time to
  the first call on 400 fresh 12-card Classic deals (the table in game/bots.py).
- ``twenty_legal_moves_us``: legal_moves on a fresh 4-player deal, and with
  every player holding 9 cards (``..._9_us``).
"""

from __future__ import annotations

import statistics
import time

from timing import per_call_us

from game import variants
from game.bots import LEVELS, Bot, simulate


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
    }
