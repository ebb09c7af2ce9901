"""Work out the daily deals ahead of time: ``levels/daily/<mode>.json``.

    python tools/make_dailies.py MODE [FIRST [LAST]]     # dates YYYY-MM-DD

- pillars: for each day, the first seed of ``game.daily.pillars_candidates``
  the solver proves winnable as Samson, with its winning line;
- mags: the day's seed with the solver's par (exact or a lower bound) and line;
- points: the day's seed with the best score the solver found (a lower bound).

Days already in the file are kept (released dailies never change); new days
are added.  ``tests/test_daily.py`` replays the lines to check the claims.
"""

from __future__ import annotations

import datetime as dt
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.daily import EPOCH, pillars_candidates  # noqa: E402
from game.rng import daily_seed  # noqa: E402

OUT = ROOT / "levels" / "daily"
LAST = dt.date(2031, 12, 31)
LIMITS = {"pillars": 10.0, "mags": 2.0, "points": 1.0}


def entry(mode: str, day: dt.date) -> dict:
    if mode == "pillars":
        from game.solver.pillars import solve

        for i, seed in enumerate(pillars_candidates(day)):
            r = solve(seed=seed, limit=LIMITS[mode])
            if r.status == "win":
                return {"seed": seed, "try": i, "line": r.moves}
        raise RuntimeError(f"no winnable Pillars deal for {day}")
    seed = daily_seed(day, mode)
    if mode == "mags":
        from game.solver.mags import par

        r = par(seed=seed, limit=LIMITS[mode])
        return {"seed": seed, "par": r.sets, "exact": r.exact, "line": r.moves}
    from game.solver.points import par as points_par

    r = points_par(seed=seed, limit=LIMITS[mode])
    return {"seed": seed, "par": r.score, "exact": False, "line": r.moves}


def save(path: Path, days: dict, mode: str) -> None:
    ordered = dict(sorted(days.items()))
    body = ",\n".join(f"  {json.dumps(k)}: {json.dumps(v)}" for k, v in ordered.items())
    doc = f'{{\n "mode": "{mode}",\n "days": {{\n{body}\n }}\n}}\n'
    tmp = path.with_suffix(".tmp")
    tmp.write_text(doc, encoding="utf-8")
    tmp.replace(path)


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in LIMITS:
        print(__doc__, file=sys.stderr)
        return 2
    mode = argv[0]
    first = dt.date.fromisoformat(argv[1]) if len(argv) > 1 else EPOCH
    last = dt.date.fromisoformat(argv[2]) if len(argv) > 2 else LAST
    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / f"{mode}.json"
    days = json.loads(path.read_text(encoding="utf-8"))["days"] if path.exists() else {}
    day, t0, done = first, time.perf_counter(), 0
    while day <= last:
        key = day.isoformat()
        if key not in days:
            days[key] = entry(mode, day)
            done += 1
            if done % 25 == 0:
                save(path, days, mode)
                print(f"{mode}: {key} ({done} new, {time.perf_counter() - t0:.0f} s)", file=sys.stderr)
        day += dt.timedelta(days=1)
    save(path, days, mode)
    print(f"{mode}: {len(days)} days in {path.relative_to(ROOT)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
