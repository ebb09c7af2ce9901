"""Online rooms under load: ``python tools/bench.py net [--quick]`` (or ``python tools/bench_net.py --rooms 100,500``).

The ``cluster`` part (``tools/cluster_bench.py``, left out with ``--no-cluster``) measures 1, 2 and 4
server processes with Redis as their directory, the clients in processes of their own; ``cluster_held``
1 and 2 processes each held to a quarter of a core (where a CPU quota can be set; else it says why).

A server (``python -m game.server`` with a room log on disk, its own process,
held to one core where the system allows: ``server_core``) and, in this process
on the other cores, rooms of 4 scripted clients on loopback, opened over one
keepalive interval (``game.net.server.PING``) so that the server's pings fall
due spread out, as with members who come at their own moments; like the game's
client, they send no pings of their own (the server's keepalive is the only one).  In every room
one member at a time sends a Set (``act``) every ``period`` seconds, on a
schedule of its own (each at its own random moment of the period; a room
waiting on an answer skips its turn), so that rooms never fall into step, as
players don't; every member notes when the matching ``event`` reaches it.  Reported for each
room count: p50/p99/max milliseconds from the ``act`` leaving to its event
arriving, at every member; events a second; and the server's CPU (user +
system, read from /proc) per event.  The clients' own pauses are kept out of
the figures as far as they can be: their garbage collector is off while
measuring.  What is left of their queueing counts: an upper bound.

The server runs as it is run, with its loop's tick (``--tick``, ``game/net/ticking.py``: while busy, it
looks at its connections at most once a tick); each room count is measured a second time with the tick
off (``N_no_tick``), their ratio in ``tick_cpu_ratio``; ``--no-baseline`` leaves that out.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import pathlib
import resource
import selectors
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from websockets.asyncio.client import connect  # noqa: E402

from game.net.client import RemoteSession  # noqa: E402
from game.net.server import PING  # noqa: E402
from game.net.ticking import TICK  # noqa: E402
from game.rng import Rng  # noqa: E402
from game.session import new_session  # noqa: E402
from game.variants.deck import Revealed  # noqa: E402

ROOMS = (100, 500, 1000)
SECONDS = 12.0  # measured seconds at each room count
QUICK_ROOMS, QUICK_SECONDS = (100, 500), 6.0  # --quick
PERIOD = 2.0  # seconds between two Sets in one room
SETTLE = 1.0  # seconds between the clients' last collector pass and the measure
MEMBERS = 4


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU seconds of a process (Linux /proc), None elsewhere."""
    try:
        fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def cores() -> tuple[int | None, set[int] | None]:
    """(the server's core, the clients' cores) when this system can hold processes to cores, else
    (None, None)."""
    try:
        mine = sorted(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return None, None
    if len(mine) < 2:
        return None, None
    return mine[0], set(mine[1:])


def start_server(data: str, core: int | None = None, tick: float | None = None) -> tuple[subprocess.Popen, int]:
    """``python -m game.server`` on a free loopback port (held to ``core``; ``tick``: its ``--tick`` in
    milliseconds, None: its default): (the process, its port)."""
    def hold() -> None:
        if core is not None:
            os.sched_setaffinity(0, {core})

    # every room and member comes from 127.0.0.1 here: the limits per address are lifted
    proc = subprocess.Popen([sys.executable, "-m", "game.server", "--host", "127.0.0.1", "--port", "0",
                             "--data", data, "--rooms-per-address", "1000000",
                             "--connections-per-address", "1000000",
                             *([] if tick is None else ["--tick", str(tick)])], cwd=ROOT, stdout=subprocess.PIPE,
                            env={**os.environ, "PYTHONUNBUFFERED": "1", "SETARCADE_HOME": data}, preexec_fn=hold)
    sel = selectors.DefaultSelector()
    sel.register(proc.stdout, selectors.EVENT_READ)
    line = b""
    end = time.monotonic() + 30
    while not line.endswith(b"\n") and time.monotonic() < end:
        if sel.select(1.0):
            line += os.read(proc.stdout.fileno(), 1) or b"\n"
    sel.close()
    return proc, int(line.split(b":")[-1].split()[0])


class Bench:
    def __init__(self, port: int) -> None:
        self.uri = f"ws://127.0.0.1:{port}"
        self.sent: dict[tuple[str, int], float] = {}
        self.lat: list[float] = []
        self.events = 0
        self.measuring = False
        self.refused = 0

    async def member(self, ws, room: dict, seat: int, ready: asyncio.Event) -> None:
        async for text in ws:
            now = time.perf_counter()
            m = json.loads(text)
            kind = m.get("type")
            if kind == "event":
                if seat == 0:
                    RemoteSession.step(room["s"], room["src"], m["move"], m)
                    self.events += self.measuring
                    room["events"] = room.get("events", 0) + self.measuring  # the room's own (its server's share)
                    if m.get("id") == room["id"] and (" set " in m["move"] or " miss " in m["move"]):
                        room["answered"].set()
                t0 = self.sent.get((room["code"], m.get("id", -1)))
                if t0 is not None and self.measuring and (" set " in m["move"] or " miss " in m["move"]):
                    self.lat.append(now - t0)
            elif kind == "state" and seat == 0:
                shown = dict(m["shown"])  # the replica is fed the cards as they are shown, as a window's is
                room["src"] = src = Revealed()
                src.tell(shown.get(0, {}))
                room["s"] = new_session(m["mode"], 0, m["seats"], m["options"], follow=True, source=src)
                for n, event in enumerate(m["events"], 1):
                    RemoteSession.step(room["s"], src, event, shown.get(n, {}))
                ready.set()
            elif kind == "refused":
                self.refused += 1
                room["answered"].set()
            elif kind == "over" and seat == 0:
                await room["ws"][0].send(json.dumps({"type": "start"}))

    async def room(self, k: int, stop: asyncio.Event, started: list) -> None:
        room: dict = {"id": 0, "answered": asyncio.Event(), "ws": []}
        ready = asyncio.Event()
        async with connect(self.uri, compression=None, max_size=1 << 22, ping_interval=None) as host:
            await host.send(json.dumps({"type": "create", "mode": "classic", "name": "Host", "seed": k}))
            room["code"] = json.loads(await host.recv())["room"]
            room["ws"].append(host)
            others = [await connect(self.uri, compression=None, max_size=1 << 22, ping_interval=None)
                      for _ in range(MEMBERS - 1)]
            for i, ws in enumerate(others):
                await ws.send(json.dumps({"type": "join", "room": room["code"], "name": f"P{i + 2}"}))
                json.loads(await ws.recv())
                room["ws"].append(ws)
            readers = [asyncio.ensure_future(self.member(ws, room, i, ready)) for i, ws in enumerate(room["ws"])]
            await host.send(json.dumps({"type": "start"}))
            await ready.wait()
            started.append(k)
            await self.play(k, room, stop)
            for r in readers:
                r.cancel()
            for ws in others:
                await ws.close()

    async def play(self, k: int, room: dict, stop: asyncio.Event) -> None:
        """Room ``k``'s members take turns sending a Set every ``PERIOD`` s, until ``stop``."""
        loop = asyncio.get_running_loop()
        # each room's own moment in the period, at random (seeded): no two rooms in step by design,
        # and as many together now and then as chance puts there
        turn = loop.time() + PERIOD * Rng(k).below(1 << 20) / (1 << 20)
        while not stop.is_set():
            await asyncio.sleep(max(0.0, turn - loop.time()))
            turn += PERIOD
            while turn < loop.time():  # a turn missed while waiting on an answer is skipped
                turn += PERIOD
            s = room["s"]
            seat = len(s.game.history) % MEMBERS
            moves = [m.split(" ", 1)[1] for m in s.game.legal_moves() if m.startswith(f"P{seat + 1} set")]
            if moves and not s.over and s.caller is None:
                room["id"] += 1
                room["answered"].clear()
                self.sent[(room["code"], room["id"])] = time.perf_counter()
                await room["ws"][seat].send(json.dumps({"type": "act", "action": moves[0], "id": room["id"]}))
                try:
                    await asyncio.wait_for(room["answered"].wait(), 10)
                except TimeoutError:
                    pass


async def level(port: int, pid: int, rooms: int, seconds: float) -> dict:
    b = Bench(port)
    stop = asyncio.Event()
    started: list = []
    tasks = []
    waves = -(-rooms // 50)
    for k in range(rooms):
        tasks.append(asyncio.ensure_future(b.room(k, stop, started)))
        if k % 50 == 49:
            # open the rooms in waves spread over one keepalive interval, as members come to a real server
            # at their own moments (all at once, every connection's ping would fall due in the same instant)
            await asyncio.sleep(PING / waves)
    t_end = time.monotonic() + 120
    while len(started) < rooms and time.monotonic() < t_end:
        await asyncio.sleep(0.1)
    await asyncio.sleep(PERIOD)  # every room is acting
    gc.collect()
    gc.disable()  # the clients' collector pauses would be counted as the server's latency
    await asyncio.sleep(SETTLE)  # what came in during that pass is answered before measuring
    cpu0, t0, own0 = cpu_seconds(pid), time.perf_counter(), time.process_time()
    b.measuring = True
    await asyncio.sleep(seconds)
    b.measuring = False
    cpu1, t1, own1 = cpu_seconds(pid), time.perf_counter(), time.process_time()
    gc.enable()
    stop.set()
    await asyncio.wait(tasks, timeout=PERIOD + 15)
    lat = sorted(b.lat)

    def pct(p: float) -> float | None:
        return round(lat[min(len(lat) - 1, int(p * len(lat)))] * 1000, 2) if lat else None

    cpu = None if cpu0 is None or cpu1 is None else cpu1 - cpu0
    return {"rooms": rooms, "rooms_started": len(started), "clients": len(started) * MEMBERS,
            "events_per_s": round(b.events / (t1 - t0), 1), "deliveries": len(lat),
            "p50_ms": pct(0.50), "p99_ms": pct(0.99), "max_ms": pct(1.0), "refused": b.refused,
            "server_cpu_share": None if cpu is None else round(cpu / (t1 - t0), 3),
            "clients_cpu_share": round((own1 - own0) / (t1 - t0), 3),  # this process: all the clients
            "server_cpu_us_per_event": None if cpu is None or not b.events else round(cpu / b.events * 1e6, 1)}


#: the spinner's program: spin, and end with the bench (its parent) however that ends
SPINNER = "import os\nparent = os.getppid()\nwhile os.getppid() == parent:\n    for _ in range(1_000_000): pass"


def spin(core: int) -> subprocess.Popen:
    """A process of the lowest nice priority (19) that only spins, on ``core``: it takes the time the server
    leaves idle, so that the core never sleeps; while the server has work it gets about 1.5 % of the core
    (the scheduler's weights, 15 against 1,024)."""
    def hold() -> None:
        os.sched_setaffinity(0, {core})
        os.nice(19)

    return subprocess.Popen([sys.executable, "-c", SPINNER], preexec_fn=hold)


def measured(rooms: int, seconds: float, core: int | None, awake: bool = False, tick: float | None = None) -> dict:
    """One room count's figures, with a fresh server (on ``core``; ``awake``: the core kept from sleeping,
    and ``spinner_cpu_share``, the share of the core the spinner had: the time the server left it; ``tick``:
    the server's ``--tick`` in ms, None: its default, ``TICK``)."""
    spinner = spin(core) if awake and core is not None else None
    start = time.perf_counter()
    try:
        with tempfile.TemporaryDirectory() as data:
            proc, port = start_server(data, core, tick)
            try:
                figures = asyncio.run(level(port, proc.pid, rooms, seconds))
                figures["server_tick_ms"] = TICK * 1000 if tick is None else tick
            finally:
                proc.terminate()
                proc.wait(10)
        if spinner is not None:
            cpu = cpu_seconds(spinner.pid)
            figures["spinner_cpu_share"] = None if cpu is None else round(cpu / (time.perf_counter() - start), 3)
        return figures
    finally:
        if spinner is not None:
            spinner.kill()
            spinner.wait(10)


def run(rooms: tuple[int, ...] = ROOMS, seconds: float = SECONDS, cluster: bool = True, quick: bool = False,
        awake: bool = False, baseline: bool = True) -> dict:
    """Figures for each room count (a fresh server for each), then the cluster's (``tools/cluster_bench.py``:
    1, 2 and 4 processes, its clients in processes of their own) unless ``cluster`` is False.  ``quick``:
    ``QUICK_ROOMS`` for ``QUICK_SECONDS``, and the cluster's quick ladder.  ``awake``: each room count
    measured a second time (``N_awake``) with the server's core kept from sleeping (``spin``): at a tenth
    of a core, the server sleeps between most moves; the two figures side by side say how much of an
    event's CPU keeping the core busy takes away (on a virtual machine, a core that sleeps is given back
    to the host).  ``baseline``: each room count measured a second time with the server's tick off
    (``N_no_tick``, ``--tick 0``: every message handled as it comes, as before the tick), the ratio of the
    two in ``N["tick_cpu_ratio"]``."""
    if quick:
        rooms, seconds = QUICK_ROOMS, QUICK_SECONDS
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    need = max(rooms) * MEMBERS * 2 + 256
    if soft < need:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, need), hard))
    server_core, client_cores = cores()
    out = {"period_s": PERIOD, "members": MEMBERS, "seconds": seconds, "cores": os.cpu_count(),
           "server_core": server_core, "client_cores": sorted(client_cores or []),
           "load_before": round(os.getloadavg()[0], 2)}
    before = os.sched_getaffinity(0) if client_cores else None
    if client_cores:
        os.sched_setaffinity(0, client_cores)
    try:
        for n in rooms:
            for keep_awake in (False, True) if awake else (False,):
                if keep_awake and server_core is None:
                    out[f"{n}_awake"] = "not measured: this system cannot hold a process to the server's core"
                    continue
                out[f"{n}_awake" if keep_awake else str(n)] = measured(n, seconds, server_core, keep_awake)
            if baseline:
                bare = out[f"{n}_no_tick"] = measured(n, seconds, server_core, tick=0)
                ticked, untimed = out[str(n)]["server_cpu_us_per_event"], bare["server_cpu_us_per_event"]
                out[str(n)]["tick_cpu_ratio"] = round(ticked / untimed, 3) if ticked and untimed else None
    finally:
        if before is not None:  # tools/bench.py runs other sections in this process after this one
            os.sched_setaffinity(0, before)
    if cluster:
        import cluster_bench

        out["cluster"] = cluster_bench.run(quick=quick)
        out["cluster_held"] = cluster_bench.held(quick)
    return out


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rooms", default=",".join(map(str, ROOMS)))
    p.add_argument("--seconds", type=float, default=SECONDS)
    p.add_argument("--no-cluster", action="store_true", help="leave out the cluster's figures (tools/cluster_bench.py)")
    p.add_argument("--quick", action="store_true",
                   help=f"{QUICK_ROOMS} rooms for {QUICK_SECONDS:g} s, and the cluster's quick ladder")
    p.add_argument("--no-baseline", action="store_true",
                   help="leave out each room count's second measure with the server's tick off (N_no_tick)")
    p.add_argument("--awake", action="store_true",
                   help="each room count again with the server's core kept from sleeping (N_awake; see run)")
    a = p.parse_args(argv)
    print(json.dumps(run(tuple(int(x) for x in a.rooms.split(",")), a.seconds, not a.no_cluster, a.quick,
                         a.awake, not a.no_baseline), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
