"""Daily deals: the shipped tables' claims, the date -> deal function, share text and streaks."""

import datetime as dt
import json
import subprocess
import sys
from pathlib import Path

import pytest

from game import variants
from game.daily import EPOCH, daily, day_number, pillars_candidates, share_text, streaks
from game.rng import Rng, daily_seed

ROOT = Path(__file__).resolve().parent.parent
TABLES = ROOT / "levels" / "daily"


def table(mode: str) -> dict:
    return json.loads((TABLES / f"{mode}.json").read_text(encoding="utf-8"))["days"]


def sample(days: dict, n: int = 60) -> list[str]:
    """The first and last days and a seeded sample of the rest (the whole table when small)."""
    keys = sorted(days)
    if len(keys) <= n:
        return keys
    r = Rng(2026)
    picked = {keys[0], keys[-1]} | {keys[r.below(len(keys))] for _ in range(n)}
    return sorted(picked)


def test_the_pillars_table_runs_through_2031_without_gaps():
    days = sorted(table("pillars"))
    assert days[0] == EPOCH.isoformat() and days[-1] >= "2031-12-31"
    assert len(days) == (dt.date.fromisoformat(days[-1]) - EPOCH).days + 1


@pytest.mark.parametrize("day", sample(table("pillars")))
def test_a_pillars_daily_is_a_candidate_of_its_day_and_its_line_wins_as_samson(day):
    e = table("pillars")[day]
    candidates = pillars_candidates(day)
    assert [next(candidates) for _ in range(e["try"] + 1)][-1] == e["seed"]
    g = variants.new("pillars", seed=e["seed"])
    for m in e["line"]:
        g.play(m)
    assert g.won and g.title == "Samson"


@pytest.mark.parametrize("mode", ["mags", "points"])
def test_par_tables_replay_to_their_par(mode):
    days = table(mode)
    for day in sample(days, 15):
        e = days[day]
        assert e["seed"] == daily_seed(day, mode)
        g = variants.new(mode, seed=e["seed"])
        for m in e["line"]:
            g.play(m)
        assert g.score == e["par"], day


def test_todays_pillars_daily_comes_from_the_table_instantly():
    d = daily("2026-11-21", "pillars", solve=False)
    assert d.line and d.seed == table("pillars")["2026-11-21"]["seed"]


def test_every_mode_has_a_daily_and_the_day_number_counts_from_the_epoch():
    for mode in variants.MODES:
        d = daily("2026-12-01", mode, solve=False)
        assert d.number == 11 and d.code.startswith(mode + "-")
    assert day_number(EPOCH) == 1


def test_the_daily_seed_is_the_same_for_everyone_on_a_date():
    assert daily("2027-01-05", "classic", solve=False).seed == daily_seed("2027-01-05", "classic")


def test_share_text_has_no_cards_and_shows_the_title():
    text = share_text({"mode": "pillars", "date": "2026-11-23", "won": True, "title": "Samson",
                       "score": 60, "time": 754.2})
    assert text == f"Set Arcade · {variants.game_class('pillars').TITLE} #3\nWon as Samson · 12:34"


def test_share_text_marks_each_set_by_worth_then_misses_and_hints():
    text = share_text({"mode": "findall", "date": "2026-11-21", "score": 6, "time": 61,
                       "worths": [1, 2, 3, 4, 4, 2], "misses": 2, "hints": 0})
    assert text.splitlines()[-1] == "🟦🟩🟨🟥🟥🟩⬛⬛"


def test_a_missed_day_breaks_the_current_streak_but_not_the_longest():
    assert streaks(["2026-11-21", "2026-11-22", "2026-11-24"], "2026-11-24") == (1, 2)
    assert streaks([], "2026-11-24") == (0, 0)


def test_the_command_line_prints_every_mode_and_par():
    out = subprocess.run([sys.executable, "-m", "game.daily", "2026-11-21"], cwd=ROOT, capture_output=True,
                         text=True, timeout=120, check=True).stdout
    assert "#1" in out and variants.game_class("pillars").TITLE in out and "Samson-winnable" in out
    assert sum(1 for line in out.splitlines() if "code " in line) == len(variants.MODES)


def test_the_command_line_refuses_a_bad_date():
    out = subprocess.run([sys.executable, "-m", "game.daily", "21.11.2026"], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 2 and "not a date" in out.stderr


def test_share_text_of_a_race_mode_counts_its_own_picks():
    from itertools import combinations

    from game.cards import is_set
    from game.variants.memory import GAME as Memory
    from game.variants.table import codes
    from game.variants.ultra import GAME as Ultra

    ultra = Ultra(seed=4)
    ultra.play("P1 ultra " + " ".join(codes(ultra.picks()[0])))
    memory = Memory(seed=5)
    wrong = next(t for t in combinations(memory.table, 3) if not is_set(*t))
    for c in codes(wrong) + codes(memory.picks()[0]):  # three that turn back, then a Set
        memory.play(f"P1 flip {c}")
    u = share_text({"mode": "ultra", "date": "2026-11-24", "won": True, "time": 65, **ultra.share_facts()})
    m = share_text({"mode": "memory", "date": "2026-11-24", "won": True, "time": 65, **memory.share_facts()})
    assert u.splitlines()[1] == "1 UltraSet · 1:05" and m.splitlines()[1] == "1 Set · 1:05"
    assert len(m.splitlines()[2]) == 2 and m.splitlines()[2].endswith("⬛")  # its Set's mark, then the miss


@pytest.mark.parametrize("mode", ["pillars", "mags", "points"])
def test_every_shipped_line_replays_to_what_its_table_says(mode):
    """Every day of a shipped table, not a sample: a change to the rules that moves one card's place can
    break one line in two thousand (a reshuffle deals from the table in its order)."""
    broken = []
    for day, e in sorted(table(mode).items()):
        if "line" not in e:
            continue
        g = variants.new(mode, seed=e["seed"])
        try:
            for m in e["line"]:
                g.play(m)
        except ValueError as why:
            broken.append(f"{day}: {why}")
            continue
        if (g.won and g.title == "Samson") if mode == "pillars" else g.score == e["par"]:
            continue
        broken.append(f"{day}: ends with {g.score}, not {e.get('par')}")
    assert broken == []
