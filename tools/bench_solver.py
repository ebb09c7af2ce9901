"""Solver figures on seeds 1..N (N from SOLVER_BENCH_SEEDS, default 100).

Pillars as Samson, 10 s a deal: decided % (win or proved none), wall and
CPU time.  Mag's par within the fixed work budget every par a player sees
uses (``game.solver.mags.PAR_NODES``, never seconds): % proved exact, the
budget, wall and CPU time.  CPU time is given too because the machine may
be shared.

    SOLVER_BENCH_SEEDS=1000 SOLVER_BENCH_ONLY=mags nice -n 10 python tools/bench.py solver
    SOLVER_BENCH_ONLY=pillars python tools/bench.py solver    # or mags: one half alone
"""

from __future__ import annotations

import os
import time

from timing import summary_ms

from game.solver import mags, pillars

PILLARS_LIMIT = 10.0


def _seeds() -> range:
    n = int(os.environ.get("SOLVER_BENCH_SEEDS", "100"))
    return range(1, n + 1)


def pillars_figures(seeds: range) -> dict:
    wall, cpu, status = [], [], {"win": 0, "none": 0, "undecided": 0}
    undecided = []
    for s in seeds:
        c0 = time.process_time()
        r = pillars.solve(seed=s, limit=PILLARS_LIMIT)
        cpu.append(time.process_time() - c0)
        wall.append(r.seconds)
        status[r.status] += 1
        if r.status == "undecided":
            undecided.append(s)
    n = len(seeds)
    return {"sample": f"seeds {seeds.start}..{seeds.stop - 1}", "limit_s": PILLARS_LIMIT, **status,
            "decided_pct": round(100 * (n - status["undecided"]) / n, 1), "undecided_seeds": undecided,
            "wall": summary_ms(wall), "cpu": summary_ms(cpu),
            "goal": "100 % decided within 10 s, median <= 50 ms"}


def mags_figures(seeds: range) -> dict:
    wall, cpu, exact, pars, unproved = [], [], 0, [], []
    for s in seeds:
        c0, t0 = time.process_time(), time.perf_counter()
        sets, proved, _ = mags.par(seed=s, nodes=mags.PAR_NODES)
        cpu.append(time.process_time() - c0)
        wall.append(time.perf_counter() - t0)
        exact += proved
        pars.append(sets)
        if not proved:
            unproved.append(s)
    n = len(seeds)
    return {"sample": f"seeds {seeds.start}..{seeds.stop - 1}", "node_budget": mags.PAR_NODES, "exact": exact,
            "exact_pct": round(100 * exact / n, 1), "unproved_seeds": unproved, "par_27": pars.count(27),
            "mean_par": round(sum(pars) / n, 2), "wall": summary_ms(wall), "cpu": summary_ms(cpu),
            "goal": ">= 99 % proved exact within a node budget taking <= 2 s"}


def run() -> dict:
    seeds = _seeds()
    only = os.environ.get("SOLVER_BENCH_ONLY", "")  # "pillars" or "mags": one half alone
    out = {}
    if only in ("", "pillars"):
        out["pillars_samson"] = pillars_figures(seeds)
    if only in ("", "mags"):
        out["mags_par"] = mags_figures(seeds)
    return out


if __name__ == "__main__":
    import json

    print(json.dumps(run(), indent=2))
