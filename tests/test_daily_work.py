"""Daily deals are chosen by solver work, never seconds: the same on a slow machine, in and past the tables."""

from __future__ import annotations

import datetime as dt
import json
import time
from pathlib import Path

import pytest

from game import daily as daily_module
from game.daily import TABLES_END, daily, main, work_out

TABLES = Path(__file__).resolve().parent.parent / "levels" / "daily"
INSIDE, BEYOND = TABLES_END.isoformat(), (TABLES_END + dt.timedelta(days=1)).isoformat()

# Released days never change (RULES.md, Daily deals): their deal and par as first shipped.
RELEASED = {
    ("mags", "2026-11-21"): (5378941954914478455, 21, False),
    ("mags", "2026-11-22"): (18330100820323331907, 25, False),
    ("mags", "2026-11-23"): (7111572607043266348, 12, False),
    ("mags", "2026-11-24"): (2516415916072091941, 27, True),
    ("mags", "2026-11-25"): (17187490138976529824, 27, True),  # shipped before the later days were renewed
    ("points", "2026-11-21"): (3152627186502516456, 81, False),
    ("points", "2026-11-22"): (12758634251723822635, 84, False),
    ("points", "2026-11-23"): (8539723389611438335, 83, False),
    ("points", "2026-11-24"): (14164640952760319982, 89, False),
    ("points", "2026-11-25"): (5667323119203621911, 85, False),
    ("pillars", "2026-11-21"): (3918548017229772901, None, True),
    ("pillars", "2026-11-22"): (299634886522664786, None, True),
    ("pillars", "2026-11-23"): (12410752088487290471, None, True),
    ("pillars", "2026-11-24"): (5946124986875880236, None, True),
    ("pillars", "2026-11-25"): (14990160747852364625, None, True),
}


def table(mode: str) -> dict:
    return json.loads((TABLES / f"{mode}.json").read_text(encoding="utf-8"))["days"]


@pytest.fixture
def slow_clock(monkeypatch):
    """Every clock jumps 1000 s each time it is read: a machine as slow as can be."""
    now = [0.0]

    def jump() -> float:
        now[0] += 1000.0
        return now[0]

    for name in ("monotonic", "perf_counter", "process_time", "time"):
        monkeypatch.setattr(time, name, jump)
    return now


def _without_line(entry: dict) -> dict:
    return {k: v for k, v in entry.items() if k != "line"}


@pytest.mark.parametrize("mode", ["mags", "points", "pillars"])
def test_every_table_runs_without_gaps_through_its_end(mode):
    days = sorted(table(mode))
    assert days[0] == "2026-11-21" and days[-1] == INSIDE
    assert len(days) == (TABLES_END - dt.date(2026, 11, 21)).days + 1


@pytest.mark.parametrize(("mode", "day"), sorted(RELEASED))
def test_a_released_day_keeps_its_deal_and_par(mode, day):
    seed, par, exact_or_line = RELEASED[(mode, day)]
    d = daily(day, mode, solve=False)
    assert d.seed == seed
    if mode == "pillars":
        assert bool(d.line) is exact_or_line
    else:
        assert (d.par, d.par_exact) == (par, exact_or_line)


@pytest.mark.parametrize("mode", ["mags", "points"])
@pytest.mark.parametrize("day", ["2026-11-26", "2027-06-15", "2029-10-31", "2029-11-01", INSIDE])
def test_an_unreleased_table_day_is_what_the_work_gives(mode, day):
    assert work_out(day, mode) == table(mode)[day]


def test_the_last_pillars_table_day_is_the_deal_the_work_chooses():
    e = table("pillars")[INSIDE]
    assert _without_line(work_out(INSIDE, "pillars")) == {"seed": e["seed"], "try": e["try"]}


@pytest.mark.parametrize("mode", ["mags", "points", "pillars"])
def test_past_the_table_a_slow_clock_gives_the_same_deal_and_par(mode, request):
    fast = work_out(BEYOND, mode)
    request.getfixturevalue("slow_clock")
    assert work_out(BEYOND, mode) == fast


def test_the_slow_clock_really_is_slow(slow_clock):
    assert time.perf_counter() - time.perf_counter() == -1000.0


@pytest.mark.parametrize("day", [INSIDE, BEYOND])
def test_the_command_line_prints_the_same_on_a_slow_machine(day, capsys, request):
    assert main([day]) == 0
    fast = capsys.readouterr().out
    request.getfixturevalue("slow_clock")
    assert main([day]) == 0
    assert capsys.readouterr().out == fast and "par" in fast and "Samson-winnable" in fast


def test_a_pillars_day_past_the_table_comes_from_its_candidates_by_work():
    d = daily(BEYOND, "pillars")
    first = next(daily_module.pillars_candidates(BEYOND))
    assert d.seed == first and d.line  # candidate 0 is proved winnable within the work
