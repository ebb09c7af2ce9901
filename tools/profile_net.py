"""Where the server's CPU goes at load: ``python tools/profile_net.py [--rooms N] [--seconds S] [--cprofile|--split]``.

Runs ``tools/bench_net.py``'s load (rooms of 4 clients in this process, the server in its own
process held to its own core) with the server under a profiler that is on only while the bench
measures: by default a sampler (the server's stack every few ms of its CPU time: little
overhead, the shares as they are), with ``--cprofile`` Python's deterministic profiler (call
counts, but every Python call is slowed, so the shares lean towards Python code), or with
``--split`` the server's CPU cut into its parts (``SPLIT``: each timed with the thread's CPU clock
around its calls, the kernel's work in their system calls included, nothing else slowed): what a
read and all it handles costs, a message, the room's move, a turn's commit and its writes, and the
rest (the loop, its ``select``, timers).  Prints the bench's figures (JSON) and the top functions by
own and by cumulative share, or the parts.
"""

from __future__ import annotations

import argparse
import collections
import cProfile
import functools
import io
import json
import os
import pathlib
import pstats
import signal
import subprocess
import sys
import tempfile
from types import FrameType

TOOLS = pathlib.Path(__file__).resolve().parent
sys.path[:0] = [str(TOOLS.parent), str(TOOLS)]


#: the parts ``--split`` times: (a name, the class's module, the class, the method, a top part?); a part
#: below a top one runs within it (a read holds the messages it brings, a message the room's move, a turn's
#: flush its commit and writes); the top ones never run within each other, and the rest is what they leave
SPLIT = (("read (all it brings, handled)", "game.net.server", "Direct", "data_received", True),
         ("a message, handled", "game.net.server", "Server", "received", False),
         ("the room's move", "game.net.room", "Room", "act", False),
         ("a turn's flush (commit and writes)", "game.net.server", "Server", "flush", True),
         ("the commit", "game.net.roomlog", "RoomLog", "commit", False),
         ("the writes", "game.net.server", "Server", "send", False))


def split(out: str, argv: list[str]) -> int:
    """``python -m game.server ARGV`` with the CPU of each of ``SPLIT``'s parts counted between SIGUSR1 and
    SIGUSR2 (which writes ``out``)."""
    import importlib
    import time

    from game import server

    spent: dict[str, list[float]] = {name: [0.0, 0] for name, *_ in SPLIT}  # name -> [CPU seconds, calls]
    on = [False, 0.0]  # counting; the process's CPU when it began
    clock = time.thread_time

    def timed(name: str, f):  # type: ignore[no-untyped-def]
        @functools.wraps(f)
        def part(*args, **kw):  # type: ignore[no-untyped-def]
            if not on[0]:
                return f(*args, **kw)
            t = clock()
            try:
                return f(*args, **kw)
            finally:
                s = spent[name]
                s[0] += clock() - t
                s[1] += 1
        return part

    for name, module, cls, method, _top in SPLIT:
        owner = getattr(importlib.import_module(module), cls)
        setattr(owner, method, timed(name, getattr(owner, method)))

    def start(_sig: int, _frame: FrameType | None) -> None:
        on[:] = [True, time.process_time()]

    def stop(_sig: int, _frame: FrameType | None) -> None:
        total = time.process_time() - on[1]
        on[0] = False
        lines = [f"the server's CPU while measured: {total * 1000:.1f} ms"]
        for name, (cpu, calls) in spent.items():
            each = f"{cpu / calls * 1e6:8.1f} µs each" if calls else ""
            lines.append(f"{cpu / total * 100:6.1f}% {cpu * 1000:9.1f} ms {calls:7d} calls {each}  {name}")
        rest = total - sum(spent[name][0] for name, *_, top in SPLIT if top)
        lines.append(f"{rest / total * 100:6.1f}% {rest * 1000:9.1f} ms  the rest: the loop, its select, timers, "
                     f"keepalive, other threads")
        pathlib.Path(out).write_text("\n".join(lines) + "\n")

    signal.signal(signal.SIGUSR1, start)
    signal.signal(signal.SIGUSR2, stop)
    return server.main(argv)


def serve(out: str, deterministic: bool, argv: list[str]) -> int:
    """``python -m game.server ARGV`` profiled between SIGUSR1 and SIGUSR2 (which writes ``out``)."""
    from game import server

    prof = cProfile.Profile()
    own: collections.Counter[str] = collections.Counter()
    cum: collections.Counter[str] = collections.Counter()
    total = [0]

    def sample(_sig: int, frame: FrameType | None) -> None:
        total[0] += 1
        seen, first = set(), True
        while frame is not None:
            code = frame.f_code
            key = f"{os.path.basename(code.co_filename)}:{code.co_firstlineno}({code.co_name})"
            if first:
                own[key] += 1
                first = False
            if key not in seen:
                cum[key] += 1
                seen.add(key)
            frame = frame.f_back

    def start(_sig: int, _frame: FrameType | None) -> None:
        if deterministic:
            prof.enable()
        else:
            signal.signal(signal.SIGPROF, sample)
            signal.setitimer(signal.ITIMER_PROF, 0.001, 0.001)

    def stop(_sig: int, _frame: FrameType | None) -> None:
        lines = []
        if deterministic:
            prof.disable()
            for key in ("tottime", "cumulative"):
                text = io.StringIO()
                pstats.Stats(prof, stream=text).sort_stats(key).print_stats(30)
                lines.append(text.getvalue())
        else:
            signal.setitimer(signal.ITIMER_PROF, 0, 0)
            n = max(1, total[0])
            lines.append(f"samples {total[0]}\n-- own --")
            lines += [f"{v / n * 100:6.1f}% {k}" for k, v in own.most_common(30)]
            lines.append("-- cumulative --")
            lines += [f"{v / n * 100:6.1f}% {k}" for k, v in cum.most_common(50)]
        pathlib.Path(out).write_text("\n".join(lines) + "\n")

    signal.signal(signal.SIGUSR1, start)
    signal.signal(signal.SIGUSR2, stop)
    return server.main(argv)


def main(argv: list[str]) -> int:
    if argv[:1] == ["--serve"]:
        if argv[2] == "split":
            return split(argv[1], argv[3:])
        return serve(argv[1], argv[2] == "cprofile", argv[3:])
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rooms", type=int, default=500)
    p.add_argument("--seconds", type=float, default=24.0)
    how = p.add_mutually_exclusive_group()
    how.add_argument("--cprofile", action="store_true", help="Python's deterministic profiler instead of sampling")
    how.add_argument("--split", action="store_true", help="the server's CPU in its parts (SPLIT), nothing sampled")
    a = p.parse_args(argv)
    kind = "cprofile" if a.cprofile else "split" if a.split else "sample"
    import bench_net

    with tempfile.NamedTemporaryFile(suffix=".txt", delete=False) as f:
        out = f.name
    popen = subprocess.Popen

    def profiled(args: list[str], **kw: object) -> subprocess.Popen:  # the bench's server, profiled
        if args[1:3] == ["-m", "game.server"]:
            args = [args[0], __file__, "--serve", out, kind, *args[3:]]
        return popen(args, **kw)  # type: ignore[call-overload]

    measuring = [False]
    cpu_seconds = bench_net.cpu_seconds

    def switched(pid: int) -> float | None:  # read at the start and at the end of the measured time
        measuring[0] = not measuring[0]
        os.kill(pid, signal.SIGUSR1 if measuring[0] else signal.SIGUSR2)
        return cpu_seconds(pid)

    bench_net.subprocess.Popen = profiled  # type: ignore[misc]
    bench_net.cpu_seconds = switched
    try:
        figures = bench_net.run((a.rooms,), a.seconds, cluster=False, baseline=False)[str(a.rooms)]
    finally:
        bench_net.subprocess.Popen = popen  # type: ignore[misc]
        bench_net.cpu_seconds = cpu_seconds
    print(json.dumps(figures))
    print(pathlib.Path(out).read_text())
    os.unlink(out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
