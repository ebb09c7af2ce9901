"""The net bench's kept-awake second measure and the profile's split of the server's CPU, on a few rooms
(no timing is asserted: only that real events were measured, each part was counted, and nothing is left
running)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

TOOLS = Path(__file__).resolve().parent.parent / "tools"
sys.path.insert(0, str(TOOLS))

import bench_net  # noqa: E402
import profile_net  # noqa: E402


def spinners() -> list[str]:
    found = subprocess.run(["ps", "-eo", "pid,args"], capture_output=True, text=True).stdout.splitlines()
    return [line for line in found if "while True: pass" in line]


@pytest.mark.skipif(not hasattr(os, "sched_setaffinity") or len(os.sched_getaffinity(0)) < 2,
                    reason="a core of its own for the server: this system cannot hold a process to a core")
def test_the_net_bench_measures_again_with_the_servers_core_kept_awake_and_stops_its_spinner():
    before = spinners()
    out = bench_net.run((3,), 1.0, cluster=False, awake=True)
    for key in ("3", "3_awake"):
        assert out[key]["rooms_started"] == 3 and out[key]["deliveries"] > 0 and out[key]["refused"] == 0
    assert spinners() == before  # the spinner ended with its measure


def test_the_profile_splits_the_servers_cpu_into_parts_each_counted(capsys):
    assert profile_net.main(["--rooms", "3", "--seconds", "1", "--split"]) == 0
    text = capsys.readouterr().out
    lines = text.splitlines()
    assert '"deliveries"' in lines[0]
    for name, *_ in profile_net.SPLIT:
        row = next(line for line in lines if line.endswith(name))
        assert int(row.split(" calls")[0].split()[-1]) > 0, row  # each part was run while measured
    assert any("the rest" in line for line in lines)
