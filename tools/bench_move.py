"""A move's own work on the server, without sockets: ``python tools/bench.py move`` (or ``python tools/bench_move.py``).

Most of what the server's Python does for one move of ``tools/bench_net.py``, in one process: the
message read (``parse``), the room's move (``Room.act``: the rules, the session, the events and their
messages, the log's rows), the log's commit, and each message framed once for the room's four members
(left out: the message allowance and dispatch and the room's timer, about 2 µs, and the loop's own work).
500 rooms of four play Classic, fresh, each member in turn taking the first Set it sees, 20 moves a
room (as many as a room of the net bench plays while it is measured); the best of ``rounds`` runs.
``probe_us``, a fixed piece of plain Python timed in the same run (a message written and read back
as JSON, 100 times), scales the figure to the machine: ``move_to_probe`` compares runs of different
machines or hours where microseconds alone would not.  The sockets, the loop and the kernel are what
``tools/bench_net.py`` adds to this.
"""

from __future__ import annotations

import gc
import json
import pathlib
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from game.net.protocol import parse  # noqa: E402
from game.net.room import Room  # noqa: E402
from game.net.roomlog import RoomLog  # noqa: E402
from game.net.server import text_frame  # noqa: E402

ROOMS, MOVES, MEMBERS = 500, 20, 4


def rooms(folder: str) -> tuple[RoomLog, list, list[Room]]:
    """``ROOMS`` rooms of four people, dealt, logged as the server logs them; their messages go to a list."""
    log = RoomLog(folder)
    box: list = []
    made = []
    for k in range(ROOMS):
        room = Room(f"R{k:07d}", lambda conns, text: box.append((conns, text)), "classic", {}, seed=k)
        for i in range(MEMBERS):
            room.add_person(f"P{i + 1}")
            room.seats[i].conn = f"member {i}"

        def logged(s, before: int, new: list[str], room: Room = room) -> None:  # as ``Server.logged``
            log.add_events(room.code, room.number, before + 1, new, room.logged_state(), commit=False, touched=1.0)
            room.logged = before + len(new)

        room.on_events = logged
        room.start(0, 0.0)
        made.append(room)
    log.commit()
    box.clear()
    return log, box, made


def once() -> dict[str, float]:
    """Microseconds a move, and of it the room's move and the commit, over one fresh set of rooms."""
    with tempfile.TemporaryDirectory() as folder:
        log, box, made = rooms(folder)
        wire: list[bytes] = []
        now, moves, total, acting, committing = 1.0, 0, 0.0, 0.0, 0.0
        for _ in range(MOVES):
            for room in made:
                s = room.session
                seat = len(s.game.history) % MEMBERS
                sets = [m.split(" ", 1)[1] for m in s.game.legal_moves() if m.startswith(f"P{seat + 1} set")]
                if s.over or not sets:
                    continue
                now += 0.004
                text = json.dumps({"type": "act", "action": sets[0], "id": moves})
                t0 = time.perf_counter()
                msg = parse(text)
                room.act(seat, msg["action"], now, msg.get("id"), msg.get("seen"), 0.05)
                t1 = time.perf_counter()
                log.commit()
                t2 = time.perf_counter()
                for conns, out in box:
                    frame = text_frame(out)
                    wire.extend(frame for _ in conns)
                box.clear()
                wire.clear()
                t3 = time.perf_counter()
                total, acting, committing, moves = total + t3 - t0, acting + t1 - t0, committing + t2 - t1, moves + 1
        log.close()
    return {"move_us": total / moves * 1e6, "act_us": acting / moves * 1e6, "commit_us": committing / moves * 1e6}


def probe() -> float:
    """Microseconds of a fixed piece of plain Python: a message written and read back as JSON, 100 times."""
    msg = {"type": "event", "n": 12, "seat": 1, "move": "P2 set 1RDE 2GOH 3PSF @12.34", "id": 7}
    best = float("inf")
    for _ in range(20):
        t = time.perf_counter()
        for _ in range(100):
            json.loads(json.dumps(msg))
        best = min(best, time.perf_counter() - t)
    return best * 1e6


def run(quick: bool = False) -> dict:
    rounds = 2 if quick else 5
    gc.collect()
    gc.freeze()  # as the server does at its start: the rooms' objects are not looked at again and again
    try:
        runs, bare = [], float("inf")
        for _ in range(rounds):  # the probe beside each run: the best of both in the same minutes
            bare = min(bare, probe())
            runs.append(once())
        bare = min(bare, probe())
    finally:
        gc.unfreeze()
    best = min(runs, key=lambda r: r["move_us"])
    out: dict = {"rooms": ROOMS, "moves_a_room": MOVES, "rounds": rounds}
    out.update({k: round(v, 1) for k, v in best.items()})
    out["probe_us"] = round(bare, 1)
    out["move_to_probe"] = round(best["move_us"] / bare, 2)
    return out


if __name__ == "__main__":
    print(json.dumps(run(quick="--quick" in sys.argv), indent=2))
