"""The move bench's figures are made of real moves (no timing is asserted: only what was played)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

import bench_move  # noqa: E402


def test_the_move_bench_plays_real_moves_logs_them_and_reports_each_figure(monkeypatch, tmp_path):
    monkeypatch.setattr(bench_move, "ROOMS", 3)
    monkeypatch.setattr(bench_move, "MOVES", 4)
    log, box, rooms = bench_move.rooms(str(tmp_path))
    assert len(rooms) == 3 and not box
    out = bench_move.run(quick=True)
    assert {"move_us", "act_us", "commit_us", "probe_us", "move_to_probe"} <= set(out)
    assert 0 < out["act_us"] < out["move_us"] and 0 < out["commit_us"] < out["move_us"]
    log.close()
