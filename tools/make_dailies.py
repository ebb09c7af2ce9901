"""Work out the daily deals ahead of time: ``levels/daily/<mode>.json``.

    python tools/make_dailies.py MODE [FIRST [LAST]] [--renew] [--released DAY] [--out FILE]

Each day's entry is ``game.daily.work_out(day, MODE)``: the same fixed
amount of solver work (never seconds) that works out a day past the table,
so a table day and a worked-out day agree on every machine.

- pillars: the first seed of ``game.daily.pillars_candidates`` the solver
  proves winnable as Samson, with its winning line;
- mags: the day's seed with the solver's par (exact or a lower bound) and line;
- points: the day's seed with the best score the solver found (a lower bound).

Days already in the file are kept (released dailies never change); new days
are added.  With ``--renew`` the days from FIRST on are worked out again,
except released ones: a day up to ``--released`` (default: today) is never
touched.  ``--out`` writes another file (starting from it when it exists,
else from the shipped table): parts of a long run may go side by side and
be put together after.  ``tests/test_daily.py`` replays the lines to check
the claims.  Run it under ``nice``: a day takes up to about 2 s of CPU.
"""

from __future__ import annotations

import datetime as dt
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.daily import EPOCH, TABLES_END, work_out  # noqa: E402

OUT = ROOT / "levels" / "daily"
MODES = ("pillars", "mags", "points")


def save(path: Path, days: dict, mode: str) -> None:
    """Write the table, one day a line, sorted by date (through a temporary file)."""
    ordered = dict(sorted(days.items()))
    body = ",\n".join(f"  {json.dumps(k)}: {json.dumps(v)}" for k, v in ordered.items())
    doc = f'{{\n "mode": "{mode}",\n "days": {{\n{body}\n }}\n}}\n'
    tmp = path.with_suffix(".tmp")
    tmp.write_text(doc, encoding="utf-8")
    tmp.replace(path)


def parse(argv: list[str]) -> tuple[str, dt.date, dt.date, bool, dt.date, Path | None]:
    """(mode, first, last, renew, released, out) from the command line.

    :raises ValueError: saying what is wrong.
    """
    args = list(argv)
    renew = "--renew" in args
    if renew:
        args.remove("--renew")
    released = dt.date.today()
    if "--released" in args:
        i = args.index("--released")
        if i + 1 >= len(args):
            raise ValueError("--released needs a date (YYYY-MM-DD)")
        released = dt.date.fromisoformat(args[i + 1])
        del args[i:i + 2]
    out = None
    if "--out" in args:
        i = args.index("--out")
        if i + 1 >= len(args):
            raise ValueError("--out needs a file name")
        out = Path(args[i + 1])
        del args[i:i + 2]
    if not args or args[0] not in MODES or len(args) > 3:
        raise ValueError(f"name a mode ({', '.join(MODES)}) and at most two dates")
    first = dt.date.fromisoformat(args[1]) if len(args) > 1 else EPOCH
    last = dt.date.fromisoformat(args[2]) if len(args) > 2 else TABLES_END
    return args[0], first, last, renew, released, out


def main(argv: list[str]) -> int:
    try:
        mode, first, last, renew, released, out = parse(argv)
    except ValueError as e:
        print(f"{e}\n{__doc__}", file=sys.stderr)
        return 2
    OUT.mkdir(parents=True, exist_ok=True)
    shipped = OUT / f"{mode}.json"
    path = out or shipped
    source = path if path.exists() else shipped
    days = json.loads(source.read_text(encoding="utf-8"))["days"] if source.exists() else {}
    day, t0, done = first, time.process_time(), 0
    while day <= last:
        key = day.isoformat()
        if key not in days or (renew and day > released):
            days[key] = work_out(day, mode)
            done += 1
            if done % 25 == 0:
                save(path, days, mode)
                print(f"{mode}: {key} ({done} worked out, {time.process_time() - t0:.0f} s CPU)", file=sys.stderr)
        day += dt.timedelta(days=1)
    save(path, days, mode)
    print(f"{mode}: {len(days)} days in {path}, {done} worked out in "
          f"{time.process_time() - t0:.0f} s CPU", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
