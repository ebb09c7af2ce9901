"""Stats, bests and streaks per (mode, kind) (RULES.md §1): the store, files of older games, the Stats screen.

Classic keeps Normal, Sprint, Blitz and Strict solo apart: a Sprint's best is
its lowest time, a Blitz's its most Sets, and a Blitz is never a win.
"""

from __future__ import annotations

import ast
import json
import sys
from pathlib import Path

import pygame
import pytest
from scene_driver import make_app, settle, step, take_sets, top

from game import variants
from game.records import KIND_STATS, MODE_STATS, defaults, kind_stats, stats_key
from game.store import Store
from scenes.classic import ClassicScene
from scenes.results import ResultsScene
from scenes.stats import MODE_COLOURS, best_text, row_title
from sprites.audio import shut_down

ROOT = Path(__file__).resolve().parent.parent

#: a stats file exactly as the game wrote it before stats were kept per kind (one record per mode):
#: a 95 s Sprint, a 27-point game, a 30-Set Blitz and a lost daily in Classic (its best the highest of
#: them all), two Find All times, two Solitaire-Set games, a Mag's daily, a 20/20 win
OLD_FILE = """\
{
 "modes": {
  "classic": {
   "best": 95.0,
   "best_streak": 3,
   "daily": {
    "2026-11-24": {
     "hints": 0,
     "score": 11,
     "time": 301.5,
     "won": false
    }
   },
   "games": 4,
   "streak": 0,
   "time": 988.87,
   "wins": 3
  },
  "findall": {
   "best": 48.25,
   "best_streak": 2,
   "daily": {
    "2026-11-25": {
     "hints": 1,
     "score": 61.0,
     "time": 61.0,
     "won": true
    }
   },
   "games": 2,
   "streak": 2,
   "time": 109.25,
   "wins": 2
  },
  "mags": {
   "best": 9,
   "best_streak": 0,
   "daily": {
    "2026-11-21": {
     "hints": 1,
     "score": 9,
     "time": 300.0,
     "won": false
    }
   },
   "games": 1,
   "streak": 0,
   "time": 300.0,
   "wins": 0
  },
  "points": {
   "best": 31,
   "best_streak": 1,
   "daily": {},
   "games": 2,
   "streak": 0,
   "time": 760.5,
   "wins": 1
  },
  "twenty": {
   "best": 20,
   "best_streak": 1,
   "daily": {},
   "games": 1,
   "streak": 1,
   "time": 522.0,
   "wins": 1
  }
 },
 "version": 1
}
"""


def write(folder: Path, text: str) -> None:
    (folder / "stats.json").write_text(text)


# ----- files written before stats were kept per kind ------------------------------------------
def test_a_stats_file_of_one_record_per_mode_loads_with_every_number(tmp_path):
    write(tmp_path, OLD_FILE)
    s = Store(tmp_path)
    old = json.loads(OLD_FILE)["modes"]
    assert s.notices == [] and set(s.stats) == set(old)
    for mode, record in old.items():
        first = variants.game_class(mode).KINDS[0].name
        assert kind_stats(s.stats, mode, first) == record  # games, wins, streaks, best, time, dailies
    assert [kind_stats(s.stats, "classic", k)["games"] for k in ("normal", "sprint", "blitz", "strict")] == [4, 0, 0, 0]


def test_an_old_file_keeps_its_numbers_when_new_kinds_are_counted_and_saved(tmp_path):
    write(tmp_path, OLD_FILE)
    Store(tmp_path).record_result("classic", {"won": True, "time": 88.5, "score": 88.5, "kind": "sprint"})
    s = Store(tmp_path)
    saved = json.loads((tmp_path / "stats.json").read_text())
    assert saved["version"] == 1 and s.notices == []
    assert {k: v for k, v in saved["modes"].items() if k in json.loads(OLD_FILE)["modes"]} == \
        json.loads(OLD_FILE)["modes"]
    assert (s.stats["classic/sprint"]["best"], s.stats["classic"]["best"], s.stats["classic"]["games"]) == \
        (88.5, 95.0, 4)


# ----- one record per (mode, kind) ------------------------------------------------------------
def test_classic_keeps_a_best_per_kind(tmp_path):
    """The issue's case: a 95 s Sprint, a 27-point game and a 30-Set Blitz no longer make one best of 95."""
    s = Store(tmp_path)
    s.record_result("classic", {"won": True, "time": 95.0, "score": 95.0, "kind": "sprint"})
    s.record_result("classic", {"won": True, "time": 400.0, "score": 27, "kind": "normal"})
    s.record_result("classic", {"won": True, "time": 180.0, "score": 30, "kind": "blitz"})
    s.record_result("classic", {"won": True, "time": 120.5, "score": 120.5, "kind": "sprint"})
    s.record_result("classic", {"won": True, "time": 80.25, "score": 80.25, "kind": "sprint"})
    stats = Store(tmp_path).stats
    assert {k: (r["games"], r["best"]) for k, r in stats.items()} == {
        "classic/sprint": (3, 80.25), "classic": (1, 27), "classic/blitz": (1, 30)}


def test_a_sprint_best_is_its_lowest_time_because_the_kind_says_so(tmp_path):
    s = Store(tmp_path)
    for t in (95.5, 80.25, 120.0):
        s.record_result("classic", {"won": True, "score": t, "time": t, "kind": "sprint"})
    assert s.stats["classic/sprint"]["best"] == 80.25


def test_a_blitz_is_played_and_counted_but_never_won(tmp_path):
    s = Store(tmp_path)
    for sets in (12, 17):
        s.record_result("classic", {"won": True, "time": 180.0, "score": sets, "kind": "blitz"})
    assert {k: Store(tmp_path).stats["classic/blitz"][k] for k in ("games", "wins", "streak", "best_streak", "best")} \
        == {"games": 2, "wins": 0, "streak": 0, "best_streak": 0, "best": 17}


def test_a_cleared_sprint_is_a_win(tmp_path):
    s = Store(tmp_path)
    s.record_result("classic", {"won": True, "time": 99.0, "score": 99.0, "kind": "sprint"})
    assert (s.stats["classic/sprint"]["wins"], s.stats["classic/sprint"]["streak"]) == (1, 1)


def test_a_kind_the_mode_does_not_declare_is_refused(tmp_path):
    s = Store(tmp_path)
    with pytest.raises(ValueError, match="no kind 'marathon'"):
        s.record_result("classic", {"won": True, "time": 9.0, "kind": "marathon"})
    with pytest.raises(ValueError, match="no kind 'sprint'"):
        s.record_result("points", {"won": True, "time": 9.0, "kind": "sprint"})
    assert s.stats == {}


def test_a_daily_stays_with_its_mode_and_only_the_first_kind_holds_dailies():
    assert stats_key("classic", "normal") == "classic" and set(MODE_STATS) - set(KIND_STATS) == {"daily"}
    assert kind_stats({}, "classic", "blitz") == defaults(KIND_STATS)


def test_a_damaged_kind_record_is_brought_in_line_and_an_unknown_kind_dropped(tmp_path):
    write(tmp_path, json.dumps({"version": 1, "modes": {
        "classic/sprint": {"games": 2, "wins": 5, "best_streak": 1, "streak": 1, "best": 70.5, "time": 150.0},
        "classic/blitz": {"games": "many"}, "classic/marathon": {"games": 3}, "points/sprint": {"games": 1}}}))
    s = Store(tmp_path)
    assert s.stats == {"classic/sprint": {"games": 2, "wins": 2, "streak": 1, "best_streak": 1, "best": 70.5,
                                          "time": 150.0},
                       "classic/blitz": defaults(KIND_STATS)}
    assert "classic/sprint.wins = 5 (more than games)" in s.notices[0] and "classic/blitz.games" in s.notices[0]
    assert list(tmp_path.glob("stats.json.damaged-*"))


# ----- a game in the window counts in its kind -----------------------------------------------
def start_classic(app, **options):
    app.manager.switch("classic", {"seed": 11, "options": {"players": 1, **options}, "seats": ["human"]})
    app.step(0.0)
    step(app, 1.0)
    return top(app)


def test_a_blitz_in_the_window_counts_as_a_blitz_played_not_won(app):
    scene = start_classic(app, timed="blitz")
    scene.clock = 179.0  # skip the first three minutes
    step(app, 3.5)
    assert isinstance(top(app), ResultsScene)
    blitz = app.store.stats["classic/blitz"]
    assert (blitz["games"], blitz["wins"], "classic" in app.store.stats) == (1, 0, False)


def test_a_sprint_in_the_window_keeps_its_time_as_the_sprint_best(app):
    start_classic(app, timed="sprint")
    settle(app)
    take_sets(app, ClassicScene, rounds=60, pause=0.8)
    assert isinstance(top(app), ResultsScene)
    result = top(app).data["result"]
    sprint = app.store.stats["classic/sprint"]
    assert (sprint["games"], sprint["wins"], sprint["best"]) == (1, 1, result["score"])
    assert "classic" not in app.store.stats


# ----- the Stats screen ---------------------------------------------------------------------------
def test_best_texts_use_the_kinds_unit():
    kinds = {k.name: k for k in variants.game_class("classic").KINDS}
    assert [best_text(kinds["sprint"], 95.4), best_text(kinds["blitz"], 30), best_text(kinds["normal"], 27),
            best_text(variants.game_class("findall").KINDS[0], 48.25), best_text(kinds["blitz"], None)] == \
        ["1:35", "30 Sets", "27 points", "0:48", "—"]


def test_the_stats_screen_has_a_row_per_kind_of_classic_and_one_per_other_mode(app):
    r = app.record_result
    r("classic", {"won": True, "time": 95.4, "score": 95.4, "kind": "sprint"})
    r("classic", {"won": True, "time": 400.0, "score": 27})
    r("classic", {"won": True, "time": 180.0, "score": 30, "kind": "blitz"})
    r("points", {"won": True, "time": 640.0, "score": 31})
    app.manager.switch("stats", {"today": "2026-11-26"})
    step(app, 0.2)
    rows = {row[0]: row[1:] for row in top(app).rows()}
    cols = ("games", "wins", "rate", "best")
    assert {t: dict(zip(cols, rows[t])) for t in ("Classic · Normal", "Classic · Sprint", "Classic · Blitz",
                                                  "Classic · Strict solo", "Solitaire-Set")} == {
        "Classic · Normal": {"games": "1", "wins": "1", "rate": "100%", "best": "27 points"},
        "Classic · Sprint": {"games": "1", "wins": "1", "rate": "100%", "best": "1:35"},
        "Classic · Blitz": {"games": "1", "wins": "—", "rate": "—", "best": "30 Sets"},
        "Classic · Strict solo": {"games": "0", "wins": "0", "rate": "—", "best": "—"},
        "Solitaire-Set": {"games": "1", "wins": "1", "rate": "100%", "best": "31 points"}}
    assert len(rows) == sum(len(g.KINDS) for g in variants.games())
    assert row_title("classic", variants.game_class("classic").KINDS[2]) == \
        f"{variants.game_class('classic').TITLE} · Blitz"


@pytest.mark.parametrize("size", [(640, 400), (800, 600), (1280, 720), (1920, 1080)])
def test_every_text_of_the_stats_table_fits_and_nothing_overlaps(tmp_path, size):
    a = make_app(tmp_path, size=size)
    try:
        for mode, kind in (("ultra", None), ("classic", "strict"), ("points", None)):
            a.record_result(mode, {"won": True, "time": 36000.0, "score": 100 if kind else 12, "kind": kind})
        a.manager.switch("stats", {"today": "2026-11-26"})
        step(a, 0.1)
        scene = top(a)
        texts = [rect for text, _, rect in scene.cells() if text]
        assert all(scene.table.contains(r) or r.bottom <= scene.table.top + scene.u for r in texts)
        assert not any(r.inflate(6, 0).colliderect(o) for i, r in enumerate(texts) for o in texts[i + 1:])
        screen = pygame.Rect((0, 0), size)
        assert screen.contains(scene.chart) and not scene.chart.colliderect(scene.table)
        assert not scene.chart.colliderect(scene.back.rect)
    finally:
        shut_down()


def test_a_registered_mode_has_its_rows_and_colour_and_is_counted(tmp_path, monkeypatch):
    (tmp_path / "toy_stats_mode.py").write_text(
        "from game.variants.points import GAME as Points\n"
        "from game.variants.facts import Kind\n"
        "class Toy(Points):\n"
        "    NAME = 'toy'\n"
        "    TITLE = 'Toy'\n"
        "    KINDS = (Kind('normal', 'Normal'), Kind('dash', 'Dash', lower_is_better=True, unit='seconds'))\n"
        "GAME = Toy\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    variants.register("toy", "toy_stats_mode")
    try:
        a = make_app(tmp_path / "home")
        a.record_result("toy", {"won": True, "time": 30.0, "score": 30.0, "kind": "dash"})
        a.record_result("toy", {"won": True, "time": 20.0, "score": 20.0, "kind": "dash"})
        a.manager.switch("stats", {"today": "2026-11-26"})
        step(a, 0.1)
        rows = {row[0]: row[1:5] for row in top(a).rows()}
        assert rows["Toy · Dash"] == ("2", "2", "100%", "0:20") and rows["Toy · Normal"][0] == "0"
        assert MODE_COLOURS["toy"] and "toy/dash" in Store(tmp_path / "home").stats
    finally:
        variants.unregister("toy")
        sys.modules.pop("toy_stats_mode", None)
        shut_down()


# ----- one place: no mode named, no game probed ---------------------------------------------------
@pytest.mark.parametrize("path", ["game/records.py", "game/store.py", "scenes/stats.py"])
def test_the_stats_files_name_no_mode_and_probe_no_game(path):
    tree = ast.parse((ROOT / path).read_text())
    names = [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and n.value in variants.MODES]
    probes = [n.func.id for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
              and n.func.id in ("getattr", "hasattr")]
    assert (names, probes) == ([], [])
