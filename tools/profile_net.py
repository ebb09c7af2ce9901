"""Where the server's CPU goes at load: ``python tools/profile_net.py [--rooms 500] [--seconds 24] [--cprofile]``.

Runs ``tools/bench_net.py``'s load (rooms of 4 clients in this process, the server in its own
process held to its own core) with the server under a profiler that is on only while the bench
measures: by default a sampler (the server's stack every few ms of its CPU time: little
overhead, the shares as they are), with ``--cprofile`` Python's deterministic profiler (call
counts, but every Python call is slowed, so the shares lean towards Python code).  Prints the
bench's figures (JSON) and the top functions by own and by cumulative share.
"""

from __future__ import annotations

import argparse
import collections
import cProfile
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
        return serve(argv[1], argv[2] == "cprofile", argv[3:])
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rooms", type=int, default=500)
    p.add_argument("--seconds", type=float, default=24.0)
    p.add_argument("--cprofile", action="store_true", help="Python's deterministic profiler instead of sampling")
    a = p.parse_args(argv)
    import bench_net

    with tempfile.NamedTemporaryFile(suffix=".txt", delete=False) as f:
        out = f.name
    popen = subprocess.Popen

    def profiled(args: list[str], **kw: object) -> subprocess.Popen:  # the bench's server, profiled
        if args[1:3] == ["-m", "game.server"]:
            args = [args[0], __file__, "--serve", out, "cprofile" if a.cprofile else "sample", *args[3:]]
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
        figures = bench_net.run((a.rooms,), a.seconds, cluster=False)[str(a.rooms)]
    finally:
        bench_net.subprocess.Popen = popen  # type: ignore[misc]
        bench_net.cpu_seconds = cpu_seconds
    print(json.dumps(figures))
    print(pathlib.Path(out).read_text())
    os.unlink(out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
