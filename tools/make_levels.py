"""Write the puzzle levels in levels/ from fixed seeds, with the solvers' proofs.

    python tools/make_levels.py [findall] [pillars] [mags]

- findall: 15 basic (9 cards, 4 Sets) and 15 advanced (12 cards, 6 Sets) tables;
- pillars: 30 deals proved winnable as Samson, graded easy → expert by the
  solver's effort (nodes searched), each with the winning line;
- mags: 30 deal orders whose par the solver proved exact.

Deterministic: the same seeds give the same files.  ``tests/test_levels.py``
re-checks every claim the files make.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.cards import code  # noqa: E402
from game.rng import Rng, deal  # noqa: E402
from game.variants.findall import make_table  # noqa: E402

LEVELS = ROOT / "levels"
COUNT = 30
GRADES = ("easy", "medium", "hard", "expert")
NAMES = ("Dawn", "Pebble", "Lantern", "Harbor", "Meadow", "Quarry", "Orchard", "Summit", "Tide", "Cinder",
         "Willow", "Falcon", "Marble", "Thistle", "Canyon", "Ember", "Glacier", "Juniper", "Kestrel", "Lagoon",
         "Monsoon", "Nimbus", "Obsidian", "Prairie", "Quartz", "Raven", "Sierra", "Tundra", "Umber", "Zenith")


def write(level: dict) -> None:
    path = LEVELS / f"{level['id']}.json"
    body = ",\n".join(f" {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in level.items())
    path.write_text("{\n" + body + "\n}\n", encoding="utf-8")


def findall_levels() -> None:
    for i in range(COUNT):
        basic = i < COUNT // 2
        size, sets = (9, 4) if basic else (12, 6)
        seed = 7000 + i
        write({"variant": "findall", "id": f"findall-{i + 1:03d}", "name": f"{NAMES[i]}",
               "grade": "basic" if basic else "advanced", "seed": seed,
               "table": [code(c) for c in make_table(seed, size, sets)], "sets": sets})


PILLARS_WORK = 300_000  # solver work a level deal may take to be proved winnable
MAGS_NODES = 500_000  # solver work a level deal's par may take to be proved exact


def pillars_levels(tries: int = 90) -> None:
    from game.solver.pillars import solve

    found = []
    r = Rng(0x9111A25)
    while len(found) < tries:
        seed = r.next_u64() % 10**9
        res = solve(seed=seed, limit=None, work=PILLARS_WORK)  # work, never seconds: the same on every machine
        if res.status == "win":
            found.append((res.nodes, seed, res.moves))
            print(f"pillars seed {seed}: {res.nodes} nodes", file=sys.stderr)
    found.sort()
    step = len(found) / COUNT
    chosen = [found[int(i * step)] for i in range(COUNT)]
    for i, (nodes, seed, line) in enumerate(chosen):
        d = deal(seed)
        write({"variant": "pillars", "id": f"pillars-{i + 1:03d}", "name": NAMES[i],
               "grade": GRADES[min(3, i * 4 // COUNT)], "seed": seed, "effort": nodes,
               "columns": [[code(c) for c in d[13 * k:13 * k + 13]] for k in range(6)],
               "oracles": [code(c) for c in d[78:]], "par": None, "line": line})


def mags_levels() -> None:
    """30 deals whose par the solver proves exact, in the order of their seeds."""
    from game.solver.mags import par

    seed, made = 5000, 0
    while made < COUNT:
        r = par(seed=seed, nodes=MAGS_NODES)  # work, never seconds: the same on every machine
        if r.exact:
            write({"variant": "mags", "id": f"mags-{made + 1:03d}", "name": NAMES[made], "seed": seed,
                   "deck": [code(c) for c in deal(seed)], "par": r.sets, "exact": True, "line": r.moves})
            made += 1
        seed += 1


def main(argv: list[str]) -> int:
    LEVELS.mkdir(exist_ok=True)
    makers = {"findall": findall_levels, "pillars": pillars_levels, "mags": mags_levels}
    for name in argv or list(makers):
        makers[name]()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
