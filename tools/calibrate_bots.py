"""Measure the bot levels' fixed ratings by bot-vs-bot games and write levels/bots/ratings.json.

    python tools/calibrate_bots.py [--games N] [--seed S] [--modes classic,twenty] [--dry-run]

For every mode bots play (``games("BOTS")``) and every pair of bot levels,
``N`` two-seat games are played headless (``game.match.play_out`` on
``game.session.new_session``), the pair's seats swapped every other game,
seeds ``S``, ``S + 1``, … so the same arguments give the same file.  The
games go round by round (each round a game of every pair) through the same
Plackett–Luce model the players are rated with (``game.ratings``), every
level starting as a newcomer; equal scores share a place.  The bots play
with no practice carried from earlier games (they still learn within a
game, as in the window).  Prints the table as JSON and writes it (not with
``--dry-run``); ``game.ratings.load_bots`` reads it, field by field.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.match import play_out  # noqa: E402
from game.practice import LEVELS  # noqa: E402
from game.ratings import FORMAT, MU, SIGMA, places_of  # noqa: E402
from game.session import new_session  # noqa: E402
from game.variants import games  # noqa: E402

OUT = ROOT / "levels" / "bots" / "ratings.json"
GAMES = 12  # games of each pair of levels in each mode (the shipped file's count)
SEED = 2700


def calibrate(mode: str, n: int, seed: int) -> dict[str, dict[str, float]]:
    """Each bot level's rating in ``mode`` after ``n`` games of every pair of levels."""
    from openskill.models import PlackettLuce

    model = PlackettLuce(mu=MU, sigma=SIGMA)
    ratings = {level: model.rating(mu=MU, sigma=SIGMA, name=level) for level in LEVELS}
    played = dict.fromkeys(LEVELS, 0)
    pairs = list(itertools.combinations(LEVELS, 2))
    k = 0
    for g in range(n):
        for a, b in pairs:
            seats = [a, b] if g % 2 == 0 else [b, a]
            s = play_out(new_session(mode, seed + k, [f"bot:{x}" for x in seats]))
            k += 1
            rows = places_of(s.result())
            if rows is None:
                continue
            levels = [seats[seat] for seat, _, _ in rows]
            teams = model.rate([[ratings[x]] for x in levels], ranks=[float(p) for _, p, _ in rows])
            for x, team in zip(levels, teams):
                ratings[x] = team[0]
                played[x] += 1
    return {x: {"mu": round(float(r.mu), 3), "sigma": round(float(r.sigma), 3), "games": played[x]}
            for x, r in ratings.items()}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=GAMES, help="games of each pair of levels in each mode")
    p.add_argument("--seed", type=int, default=SEED)
    p.add_argument("--modes", default=None, help="comma-separated modes (default: every mode bots play)")
    p.add_argument("--dry-run", action="store_true", help="print the table, do not write it")
    a = p.parse_args(argv)
    modes = a.modes.split(",") if a.modes else [cls.NAME for cls in games("BOTS")]
    start = time.perf_counter()
    table = {"version": FORMAT, "model": "openskill PlackettLuce, mu 25, sigma 25/3", "games_per_pair": a.games,
             "seed": a.seed, "modes": {}}
    for i, mode in enumerate(modes):
        table["modes"][mode] = calibrate(mode, a.games, a.seed + i * 100_000)
        print(f"{mode}: {time.perf_counter() - start:.1f} s", file=sys.stderr)
    text = json.dumps(table, indent=1)
    print(text)
    if not a.dry_run:
        OUT.parent.mkdir(parents=True, exist_ok=True)
        OUT.write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
