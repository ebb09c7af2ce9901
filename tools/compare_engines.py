"""Replay the repository's lines through this checkout's engine and another's, and compare what they show.

    python tools/compare_engines.py OTHER_CHECKOUT [--days N] [--ignore KEY,KEY]

Every daily table line (Pillars, Mag's, Solitaire-Set: ``levels/daily/*.json``),
every level file played out by the plain player (``Game.demo_choice``), and a
headless match of every mode shared by both checkouts (seeds 1..5, two bots
where the mode has bots) are run in a child process of each checkout; each
item's digest is the SHA-256 of every view after every move (or the session's
events and result).  Prints one JSON line: the items compared, how many agree,
and the first differences (with the view keys that differ).  A change meant to
keep behaviour should show no difference; one that changes a view on purpose
shows exactly the keys it meant to change.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]

CHILD = r'''
import hashlib, json, sys
from pathlib import Path
from game import variants
from game.match import play_out
from game.session import new_session

root = Path(sys.argv[1]); days = int(sys.argv[2]); only = json.loads(sys.argv[3]); ignore = json.loads(sys.argv[4])
out = {}

def digest(views):
    return hashlib.sha256(json.dumps(views, sort_keys=True, default=str).encode()).hexdigest()

def run(key, g, moves):
    def seen():
        return {k: v for k, v in g.view().items() if k not in ignore}

    views = [seen()]
    for m in moves:
        g.play(m)
        views.append(seen())
    out[key] = {"digest": digest(views), "last": views[-1]}

for table in sorted((root / "levels" / "daily").glob("*.json")):
    data = json.loads(table.read_text())
    mode = data["mode"]
    for day in sorted(data["days"])[:days]:
        entry = data["days"][day]
        if "line" in entry:
            run(f"daily {mode} {day}", variants.new(mode, entry["seed"]), entry["line"])

for level in sorted((root / "levels").glob("*.json")):
    g = variants.load(json.loads(level.read_text()))
    memory, moves = {}, []
    probe = variants.load(json.loads(level.read_text()))
    for _ in range(400):
        m = probe.demo_choice(memory)
        if m is None or probe.over:
            break
        probe.play(m)
        moves.append(m)
    run(f"level {level.stem}", g, moves)

for mode in only:
    cls = variants.game_class(mode)
    for seed in range(1, 6):
        realtime = bool(getattr(cls, "REALTIME", False))
        seats = ["bot:expert", "bot:casual"] if realtime else None
        s = play_out(new_session(mode, seed, seats, {}))
        r = s.result()
        out[f"match {mode} {seed}"] = {"digest": digest([s.events, r["score"], r["won"]]),
                                       "last": {"events": len(s.events), "score": r["score"], "won": r["won"]}}
print(json.dumps(out))
'''


def collect(tree: Path, days: int, modes: list[str], ignore: list[str]) -> dict:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run([sys.executable, "-c", CHILD, str(tree), str(days), json.dumps(modes), json.dumps(ignore)],
                          cwd=tree,
                          env=env, capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def modes_of(tree: Path) -> list[str]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    code = "import json; from game import variants; print(json.dumps(list(variants.MODES)))"
    return json.loads(subprocess.run([sys.executable, "-c", code], cwd=tree, env=env, capture_output=True,
                                     text=True, check=True).stdout)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("other", type=Path, help="another checkout of the game (e.g. a git worktree of an older commit)")
    p.add_argument("--days", type=int, default=100_000, help="daily table days per mode (default: all)")
    p.add_argument("--ignore", default="", help="view keys left out, comma-separated (a change made on purpose)")
    a = p.parse_args(argv)
    modes = [m for m in modes_of(HERE) if m in set(modes_of(a.other))]
    ignore = [k for k in a.ignore.split(",") if k]
    ours, theirs = collect(HERE, a.days, modes, ignore), collect(a.other, a.days, modes, ignore)
    shared = sorted(set(ours) & set(theirs))
    differ = []
    for key in shared:
        if ours[key]["digest"] != theirs[key]["digest"]:
            x, y = ours[key]["last"], theirs[key]["last"]
            keys = sorted(k for k in set(x) | set(y) if x.get(k) != y.get(k))
            differ.append({"item": key, "keys": keys})
    by_key: dict[str, int] = {}
    for d in differ:
        for k in d["keys"] or ["(a view before the last)"]:
            by_key[k] = by_key.get(k, 0) + 1
    print(json.dumps({"compared": len(shared), "agree": len(shared) - len(differ), "differ": len(differ),
                      "differing_keys": by_key,
                      "only_here": sorted(set(ours) - set(theirs))[:10],
                      "only_there": sorted(set(theirs) - set(ours))[:10], "first": differ[:12]}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
