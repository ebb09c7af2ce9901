"""How often the 20/20 demo shows a hand won: ``main.py --demo --mode twenty --seed N`` for seeds 1..10,
each run headless in the window's own loop (frames of one second of play) to its results.

    python tools/demo_hands.py [--seeds 1-10] [--size 640x400]

Prints one JSON line: for each seed the seats, the hands won (hand, winner, points, time), where the
demo stopped (seconds of play) and the final score; then how many demos showed a hand won.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scenes.app import App, Options  # noqa: E402
from scenes.results import ResultsScene  # noqa: E402
from sprites.audio import shut_down  # noqa: E402

MODE = "twenty"
FRAMES = 400  # seconds of play at most before giving up on a demo (it stops by 4:00 itself)


def run(seed: int, size: tuple[int, int]) -> dict:
    """One demo, as the command line starts it, to its results."""
    with tempfile.TemporaryDirectory() as home:
        app = App(Options(data_dir=home, mode=MODE, demo=True, seed=seed, size=size))
        try:
            app.start()
            app.step(0.0)
            scene = app.manager.top
            frames = 0
            while frames < FRAMES and not isinstance(app.manager.top, ResultsScene):
                app.step(1.0)
                frames += 1
            results = app.manager.top
            return {"seed": seed, "seats": list(scene.session.seats),
                    "hands_won": [list(r) for r in scene.game.results],
                    "stopped_at": round(scene.clock, 1), "score": scene.game.score,
                    "results_shown": isinstance(results, ResultsScene)}
        finally:
            shut_down()  # the sounds stopped first (see its docstring)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", default="1-10", help="first-last")
    ap.add_argument("--size", default="640x400")
    a = ap.parse_args(argv)
    lo, hi = (int(x) for x in a.seeds.split("-"))
    size = tuple(int(x) for x in a.size.split("x"))
    runs = [run(s, size) for s in range(lo, hi + 1)]
    print(json.dumps({"demos": runs, "with_a_hand_won": sum(1 for r in runs if r["hands_won"]),
                      "of": len(runs)}))


if __name__ == "__main__":
    main()
