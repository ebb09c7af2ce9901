"""Memory's fairness: how much of the first minute a bot holds the table against one person.

Run: ``PYTHONPATH=$PWD python tools/bench_memory.py [seeds] [seconds]`` (default 20 seeds, 60 s).
Prints JSON.

Each game is a 2-seat Memory session: P1 is a person's seat (``"human"``),
played through ``Session.act`` by a script that turns cards as the ``human``
bot level would (a ``Bot("P1", "human")`` asked for its plan, the move then
made as a person's click at the planned moment); P2 is a bot of the level
measured.  Time goes from one thing due to the next (the session's ``due``,
the person's plan), so who holds the table is known exactly.  Per level,
over the seeds:

- ``bot_share``: the share of the first ``seconds`` in which the bot holds
  the table (``caller`` is the bot), the mean and the highest over seeds;
- ``person_share``: the same for the person;
- ``bot_call_s``: the median (and longest) length of the bot's calls;
- ``bot_wait_s``: the median seconds from the end of the bot's call to its
  next call, when nobody called in between;
- ``calls``: the bot's and the person's calls, summed over the seeds.
"""

from __future__ import annotations

import json
import math
import statistics
import sys

from game.bots import LEVELS, Bot
from game.errors import IllegalMove
from game.session import new_session


def one_game(level: str, seed: int, seconds: float) -> dict:
    s = new_session("memory", seed, ["human", f"bot:{level}"], {"players": 2}, 0.0)
    person = Bot("P1", "human", seed + 101)
    held = {"P1": 0.0, "P2": 0.0}
    calls = {"P1": 0, "P2": 0}
    bot_calls: list[float] = []
    waits: list[float] = []
    holder, since, bot_ended, t = None, 0.0, None, 0.0
    while t < seconds and not s.over:
        plan = person.plan(s.game, s.changed) if s.caller in (None, "P1") else None
        due = s.due()
        bot_at = math.inf if due is None else s.clock + due
        person_at = math.inf if plan is None else max(plan[0], s.clock)
        at = min(bot_at, person_at, seconds)
        if holder is not None:
            held[holder] += at - t
        t = at
        if person_at < bot_at and person_at < seconds:  # the person's click, at its own moment
            try:
                s.act(0, plan[1].split(" ", 1)[1], t)
            except IllegalMove:
                person.reset()
        else:
            s.tick(t)
        if s.caller != holder:
            if holder == "P2":
                bot_calls.append(t - since)
                bot_ended = t
            if s.caller is not None:
                calls[s.caller] += 1
                if s.caller == "P2" and bot_ended is not None and holder is None:
                    waits.append(t - bot_ended)
                if s.caller == "P1":
                    bot_ended = None
            holder, since = s.caller, t
    if holder is not None:
        held[holder] += seconds - t
    return {"share": {p: x / seconds for p, x in held.items()}, "calls": calls, "bot_calls": bot_calls,
            "waits": waits}


def bench(seeds: int = 20, seconds: float = 60.0) -> dict:
    out = {}
    for level in LEVELS:
        games = [one_game(level, seed, seconds) for seed in range(1, seeds + 1)]
        bot = [g["share"]["P2"] for g in games]
        person = [g["share"]["P1"] for g in games]
        lengths = [x for g in games for x in g["bot_calls"]]
        waits = [x for g in games for x in g["waits"]]
        out[level] = {
            "bot_share": {"mean": round(statistics.mean(bot), 3), "max": round(max(bot), 3)},
            "person_share": {"mean": round(statistics.mean(person), 3), "max": round(max(person), 3)},
            "bot_call_s": {"median": round(statistics.median(lengths), 2) if lengths else None,
                           "max": round(max(lengths), 2) if lengths else None},
            "bot_wait_s": {"median": round(statistics.median(waits), 2) if waits else None},
            "calls": {"bot": sum(g["calls"]["P2"] for g in games), "person": sum(g["calls"]["P1"] for g in games)},
        }
    return {"seeds": seeds, "seconds": seconds, "levels": out}


def main(argv: list[str]) -> int:
    seeds = int(argv[0]) if argv else 20
    seconds = float(argv[1]) if len(argv) > 1 else 60.0
    print(json.dumps(bench(seeds, seconds), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
