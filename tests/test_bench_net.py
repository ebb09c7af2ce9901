"""The net bench's kept-awake and tickless second measures and the profile's split of the server's CPU, on a few rooms
(no timing is asserted: only that real events were measured, each part was counted and held within the
part it runs in, and the spinner ran and ended)."""

import os
import sys
from pathlib import Path

import pytest

TOOLS = Path(__file__).resolve().parent.parent / "tools"
sys.path.insert(0, str(TOOLS))

import bench_net  # noqa: E402
import profile_net  # noqa: E402


@pytest.mark.skipif(not hasattr(os, "sched_setaffinity") or len(os.sched_getaffinity(0)) < 2,
                    reason="a core of its own for the server: this system cannot hold a process to a core")
def test_the_net_bench_measures_again_with_the_servers_core_kept_awake_and_ends_its_spinner(monkeypatch):
    started = []
    spin = bench_net.spin

    def spinner(core: int):
        started.append(spin(core))
        return started[-1]

    monkeypatch.setattr(bench_net, "spin", spinner)
    out = bench_net.run((3,), bench_net.PERIOD, cluster=False, awake=True)  # a whole period: every room moves
    for key in ("3", "3_awake", "3_no_tick"):
        assert out[key]["rooms_started"] == 3 and out[key]["deliveries"] > 0 and out[key]["refused"] == 0
    assert out["3"]["server_tick_ms"] == 8.0 and out["3_no_tick"]["server_tick_ms"] == 0  # the baseline: no tick
    ticked, bare = out["3"]["server_cpu_us_per_event"], out["3_no_tick"]["server_cpu_us_per_event"]
    # (a few rooms' CPU may be under the clock's 10 ms: then there is no ratio to give)
    assert out["3"]["tick_cpu_ratio"] == (round(ticked / bare, 3) if ticked and bare else None)
    assert "spinner_cpu_share" not in out["3"] and out["3_awake"]["spinner_cpu_share"] > 0  # it ran
    assert len(started) == 1 and started[0].poll() is not None  # one spinner, ended with its measure


def test_the_profile_splits_the_servers_cpu_into_parts_each_counted_within_its_own(capsys):
    assert profile_net.main(["--rooms", "3", "--seconds", str(bench_net.PERIOD), "--split"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert '"deliveries"' in lines[0]
    parts = {}
    for name, *_ in profile_net.SPLIT:
        row = next(line for line in lines if line.endswith(name)).split()
        parts[name] = (float(row[1]), int(row[3]))  # ms, calls
        assert parts[name][1] > 0, name  # each part was run while measured
    ms = [parts[name][0] for name, *_ in profile_net.SPLIT]
    assert ms[0] >= ms[1] >= ms[2] and ms[3] >= ms[4] and ms[3] >= ms[5]  # each within the part it runs in
    rest = next(line for line in lines if "the rest" in line).split()
    assert 0.0 <= float(rest[0].rstrip("%")) <= 100.0
