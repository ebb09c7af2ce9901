"""The room log's commit: ``python tools/bench.py roomlog`` (or ``python tools/bench_roomlog.py``).

The server commits once a turn of its loop; at 500 rooms a turn mostly holds one move, so each move
costs a commit of one event.  Measured here on a file in a temporary folder: 500 rooms, one event a
commit, as the server writes them (each with the room's state), a checkpoint and its catch-up every
2,500 commits as the server makes them every 5 s.  Three ways, in the same run:

- ``alone_us``: a server on its own (``RoomLog`` unfenced);
- ``fenced_us``: a process of a cluster (``fence``), as it commits: it looks for rooms taken out of
  its file only when another connection committed to it;
- ``fenced_looking_us``: the same, made to look at every commit, as after each commit of another
  connection (at every room of the file); before, it looked at every commit, at the rooms written.
"""

from __future__ import annotations

import json
import pathlib
import statistics
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from game.net.roomlog import RoomLog  # noqa: E402

ROOMS = 500
STATE = {"clock": 12.5, "call": None, "bots": {}, "hold_until": 0.0, "table": list(range(12))}


def commits(way: str, n: int) -> float:
    """Microseconds a commit of one event, over ``n`` commits."""
    with tempfile.TemporaryDirectory() as folder:
        log = RoomLog(folder)
        codes = [f"R{i:07d}" for i in range(ROOMS)]
        for code in codes:
            log.save_room(code, {"mode": "classic", "seats": ["a", "b", "c", "d"], "game": {"number": 1}}, 0.0)
            log.add_events(code, 1, 1, ["deal @0.00"], STATE, commit=False)
        log.commit()
        if way != "alone":
            log.fence(lambda code: None)
        count = dict.fromkeys(codes, 1)
        t = time.perf_counter()
        for k in range(n):
            code = codes[k % ROOMS]
            count[code] += 1
            log.add_events(code, 1, count[code], [f"P1 set 1RDE 2GOF 3PSH @{k / 100:.2f}"], STATE, commit=False,
                           touched=1.0)
            if way == "fenced_looking":
                log.version = None
            log.commit()
            if k % 2500 == 2499:
                log.checkpoint()
                log.catch_up()
        took = time.perf_counter() - t
        log.close()
    return took / n * 1e6


def run(quick: bool = False) -> dict:
    n, rounds = (4000, 1) if quick else (20000, 3)
    figures: dict[str, list[float]] = {"alone": [], "fenced": [], "fenced_looking": []}
    for _ in range(rounds):
        for way in figures:
            figures[way].append(commits(way, n))
    out: dict = {"rooms": ROOMS, "commits": n, "rounds": rounds}
    for way, runs in figures.items():
        out[f"{way}_us"] = round(statistics.median(runs), 1)
    out["fenced_to_alone"] = round(out["fenced_us"] / out["alone_us"], 2)
    return out


if __name__ == "__main__":
    print(json.dumps(run(quick="--quick" in sys.argv), indent=2))
