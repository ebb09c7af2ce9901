"""Performance figures as JSON: ``python tools/bench.py [SECTION ...] [--quick]``.

Each ``tools/bench_<section>.py`` defines ``run() -> dict`` of figures; this
script runs every section (or the ones named) and prints one JSON object.
``--quick`` asks the sections whose ``run`` takes ``quick`` (``net``,
``roomlog``, ``move``) for a shorter run.  Benchmarks report; tests never assert on wall-clock time.
"""

from __future__ import annotations

import importlib
import inspect
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
    options = [a for a in argv if a.startswith("-")]
    if set(options) - {"--quick"}:
        print(f"unknown option(s) {sorted(set(options) - {'--quick'})}; known: --quick", file=sys.stderr)
        return 2
    names = [a for a in argv if not a.startswith("-")] or sections()
    unknown = set(names) - set(sections())
    if unknown:
        print(f"unknown section(s) {sorted(unknown)}; known: {sections()}", file=sys.stderr)
        return 2
    out = {}
    for name in names:
        t0 = time.perf_counter()
        run = importlib.import_module(f"bench_{name}").run
        quick = "--quick" in options and "quick" in inspect.signature(run).parameters
        out[name] = run(quick=True) if quick else run()
        out[name]["_seconds"] = round(time.perf_counter() - t0, 2)
    print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
