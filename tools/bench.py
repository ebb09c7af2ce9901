"""Performance figures as JSON: ``python tools/bench.py [SECTION ...]``.

Each ``tools/bench_<section>.py`` defines ``run() -> dict`` of figures; this
script runs every section (or the ones named) and prints one JSON object.
Benchmarks report; tests never assert on wall-clock time.
"""

from __future__ import annotations

import importlib
import json
import os
import pathlib
import sys
import time

TOOLS = pathlib.Path(__file__).resolve().parent
sys.path[:0] = [str(TOOLS.parent), str(TOOLS)]
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout is JSON only


def sections() -> list[str]:
    return sorted(p.stem[len("bench_"):] for p in TOOLS.glob("bench_*.py"))


def main(argv: list[str]) -> int:
    names = argv or sections()
    unknown = set(names) - set(sections())
    if unknown:
        print(f"unknown section(s) {sorted(unknown)}; known: {sections()}", file=sys.stderr)
        return 2
    out = {}
    for name in names:
        t0 = time.perf_counter()
        out[name] = importlib.import_module(f"bench_{name}").run()
        out[name]["_seconds"] = round(time.perf_counter() - t0, 2)
    print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
