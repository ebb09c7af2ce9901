"""Run a room server: ``python -m game.server --host 0.0.0.0 --port 8765 [--data DIR]``.

Friends connect with the window's "Play online" → "Join" (``host:port/CODE``).
With ``--data`` every room is logged there (SQLite) and a restarted server offers
the rooms again.  Prints one line when it listens; stops on Ctrl+C or SIGTERM.
While it runs, ``server.json`` in the player's folder says where it listens, so that a
window on this machine joins its rooms by their code alone.  What one address may
hold (rooms, connections, tries at unknown codes) is set by the options (``--help``).

With ``--redis redis://HOST:PORT/0`` the process joins a cluster (``game.net.cluster``,
``docs/cluster.md``): Redis says which process owns each room, a process sends players to
the owner, and the rooms of a process that died are taken over by the others (its room
log read from the shared ``--data`` folder; with ``--room-log redis``, from the room's Redis
stream: processes on several machines share no folder).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import gc
import logging
import signal
import sys
from typing import Any

from .net import ticking
from .net.cluster import LEASE, RENEW, Cluster, Directory, log_name, public_url
from .net.hosting import announce, bound_port, withdraw
from .net.protocol import DEFAULT_PORT
from .net.server import LIMIT_HELP, Limits, Server
from .net.ticking import TICK

THAW = 600.0  # seconds between two full looks of the garbage collector at everything (see steady_collector)
#: new objects between two passes of the collector over the young ones (Python's default is 700): at 500
#: busy rooms a pass came every few events; fewer, longer passes (a fraction of a millisecond each)
#: took about 5 % off the CPU of handling a move (docs/net-performance.md)
YOUNG = 10_000


def steady_collector(loop: asyncio.AbstractEventLoop, thaw: float = THAW) -> asyncio.Task[None]:
    """Keep the collector's passes short: what outlives one of its passes is set aside.

    A full pass looks at every object, and with 1,000 rooms one stopped the
    loop for 100-270 ms every few seconds (the rooms' games and
    connections).  Objects that outlive a pass are mostly the long-lived ones
    (a game's moves and what they showed, for as long as the game lasts), so
    after each pass, a pass over the young ones included, everything is frozen
    (``gc.freeze``, which costs nothing whatever its size) and the next pass
    looks only at what is newer.  Freezing after the older generations' passes
    alone left the middle generation a pass every ten young ones over all that
    had outlived those: 85,000 objects at 1,000 rooms; 43-85 ms of CPU every
    10 s, 160-340 ms of wall time, at 750 rooms a process held to a quarter of
    a core, where freezing after every pass took the collector's longest pause
    to 20-60 ms (docs/cluster.md); the memory and frozen objects of a server at
    1,000 rooms over 100 s stayed the same.
    Every ``thaw`` seconds it is all handed back and the collector makes a
    full pass, so that cycles left by closed rooms are freed after all: one
    long pass every ten minutes.  (Handed back alone, it went to the oldest
    generation, whose pass the collector kept putting off, and the next
    pass's freeze set it aside again, cycles and all.)  The
    young generation is looked at every ``YOUNG`` new objects.  Returns the
    task that hands them back (cancel it to stop: the collector's thresholds
    are as they were).
    """
    def after(phase: str, info: dict[str, Any]) -> None:
        if phase == "stop":
            loop.call_soon_threadsafe(gc.freeze)

    async def thawing() -> None:
        try:
            while True:
                await asyncio.sleep(thaw)
                gc.unfreeze()
                gc.collect()  # handed back to the oldest generation, whose own passes might not come for long
        finally:
            gc.callbacks.remove(after)
            gc.unfreeze()
            gc.set_threshold(*thresholds)

    thresholds = gc.get_threshold()
    gc.set_threshold(YOUNG, *thresholds[1:])
    gc.callbacks.append(after)
    return asyncio.ensure_future(thawing())


@dataclasses.dataclass(frozen=True)
class Joining:
    """A cluster to join: Redis's URL, this process's public URL, the lease and its renewal (seconds)."""

    redis: str
    url: str
    lease: float = LEASE
    renew: float = RENEW
    room_log: str = "sqlite"  # "redis": each room's log is a Redis stream (game.net.streamlog)


async def run(host: str, port: int, data: str | None, limits: Limits | None = None, proxy: bool = False,
              cluster: Joining | None = None) -> None:
    steady = steady_collector(asyncio.get_running_loop())
    if cluster is None:
        server = Server(data, limits=limits, proxy=proxy)
    else:
        directory = Directory(cluster.redis, cluster.url, cluster.lease)
        stream = None
        if cluster.room_log == "redis":
            from .net.streamlog import StreamLog

            stream = StreamLog(directory.db, cluster.url)
        server = Server(data, limits=limits, proxy=proxy, log_name=log_name(cluster.url), room_log=stream)
        server.cluster = Cluster(server, directory, cluster.renew)  # which fences the log (``lost``: let go)
        if data is None and stream is None:
            logging.warning("no --data: rooms of this process are not taken over if it dies")
    ws = await server.serve(host, port)
    told = announce(host, bound_port(ws))  # before the line below: whoever reads that finds the file too
    print(f"serving on ws://{host}:{bound_port(ws)} ({len(server.rooms)} rooms kept"
          f"{', data in ' + data if data else ''}"
          f"{', in the cluster as ' + cluster.url if cluster else ''})", flush=True)
    stop: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def end() -> None:
        if not stop.done():
            stop.set_result(None)

    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):  # no signal handlers on Windows loops
            asyncio.get_running_loop().add_signal_handler(sig, end)
    try:
        await stop
    finally:
        if told is not None:
            withdraw(told)
        ws.close()
        await ws.wait_closed()
        if server.cluster is not None:
            await server.cluster.stop()
        server.stop()
        steady.cancel()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m game.server", description=__doc__.splitlines()[0],
                                formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (0.0.0.0: every network)")
    p.add_argument("--port", type=int, default=DEFAULT_PORT, help="port (0: any free one)")
    p.add_argument("--data", default=None, help="folder for the room log (rooms survive a restart)")
    p.add_argument("--proxy", action="store_true",
                   help="behind a reverse proxy: a player's address is the last of X-Forwarded-For "
                        "(only if nothing but the proxy can reach the port)")
    p.add_argument("--redis", default=None, metavar="URL",
                   help="join a cluster whose directory is this Redis (redis://HOST:PORT/0); see docs/cluster.md")
    p.add_argument("--public-url", default=None, metavar="URL",
                   help="in a cluster: how players reach this process (default ws://HOST:PORT)")
    p.add_argument("--lease", type=float, default=LEASE, metavar="S",
                   help="in a cluster: seconds a room's lease lasts (another process takes the room over after)")
    p.add_argument("--renew", type=float, default=RENEW, metavar="S",
                   help="in a cluster: seconds between two renewals of the leases")
    p.add_argument("--room-log", choices=("sqlite", "redis"), default="sqlite",
                   help="in a cluster: keep each room's log in a SQLite file under --data (a folder every "
                        "process shares, for failover) or in a Redis stream (processes on several machines)")
    p.add_argument("--tick", type=float, default=argparse.SUPPRESS, metavar="MS",
                   help=f"while busy, the loop looks at its connections at most once in this many milliseconds, "
                        f"and handles what came meanwhile together (less CPU a move; a move waits at most this "
                        f"much more; 0: every message as it comes; not on Windows; see game/net/ticking.py) "
                        f"(default: {TICK * 1000:g} alone, 0 in a cluster, where each round trip to Redis "
                        f"would wait a tick)")
    for f in dataclasses.fields(Limits):
        p.add_argument("--" + f.name.replace("_", "-"), type=type(f.default), default=f.default,
                       metavar="S" if isinstance(f.default, float) else "N", help=LIMIT_HELP[f.name])
    a = p.parse_args(argv)
    limits = Limits(**{f.name: getattr(a, f.name) for f in dataclasses.fields(Limits)})
    if any(v < 0 for v in dataclasses.astuple(limits)):
        print("error: the limits are numbers from 0 up", file=sys.stderr)
        return 2
    tick = vars(a).get("tick", 0.0 if a.redis is not None else TICK * 1000)
    if not 0 <= tick <= 100:
        print("error: --tick is 0 to 100 milliseconds", file=sys.stderr)
        return 2
    if not 0 <= a.port < 65536:
        print("error: --port must be 0 to 65535", file=sys.stderr)
        return 2
    joining = None
    if a.redis is not None:
        if not a.redis.startswith(("redis://", "rediss://", "unix://")):
            print("error: --redis is redis://HOST:PORT/DB (or rediss://, unix://)", file=sys.stderr)
            return 2
        if not 0 < a.renew < a.lease <= 600:
            print("error: --renew must be above 0 and below --lease (at most 600 s)", file=sys.stderr)
            return 2
        try:
            joining = Joining(a.redis, public_url(a.host, a.port, a.public_url), a.lease, a.renew, a.room_log)
        except ValueError as e:
            print(f"error: {e}", file=sys.stderr)
            return 2
    elif a.public_url is not None:
        print("error: --public-url is for a process of a cluster (--redis)", file=sys.stderr)
        return 2
    elif a.room_log != "sqlite":
        print("error: --room-log redis is for a process of a cluster (--redis)", file=sys.stderr)
        return 2
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(levelname)s %(message)s")
    try:
        ticking.run(run(a.host, a.port, a.data, limits, a.proxy, joining), tick / 1000)
    except OSError as e:
        print(f"error: cannot serve on {a.host}:{a.port}: {e}", file=sys.stderr)

        return 1
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
