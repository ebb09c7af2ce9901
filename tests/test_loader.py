"""Every field of every file checked: the cases a hostile player tried, one by one."""

import json
import os
import signal

import pytest

from game import records
from game.daily import table_notices
from game.loader import check_seed, load_daily_table, load_level_file, seed_problem
from game.records import card_keys_problem, is_count, is_num
from game.store import Store

FINDALL = {"variant": "findall", "id": "findall-t1", "name": "Nine", "grade": "basic", "seed": 5,
           "table": ["2GOH", "3RSF", "3PDE", "1GDH", "2ROF", "2RDE", "3PSE", "1RSF", "2POE"], "sets": 4}


def write(folder, name, data):
    (folder / name).write_text(json.dumps(data) if not isinstance(data, str) else data)


def settings_with(tmp_path, **values):
    write(tmp_path, "settings.json", {"version": 1, **values})
    return Store(tmp_path)


# ----- settings --------------------------------------------------------------------
def test_the_palette_names_are_the_ones_the_window_draws():
    from sprites.theme import PALETTE_NAMES

    assert records.PALETTE_NAMES == PALETTE_NAMES


def test_an_unknown_palette_is_reset_and_the_file_set_aside(tmp_path):
    s = settings_with(tmp_path, palette="nonexistent", volume=0.3)
    assert (s.settings["palette"], s.settings["volume"]) == ("standard", 0.3)
    assert "palette" in s.notices[0] and len(list(tmp_path.glob("settings.json.damaged-*"))) == 1


@pytest.mark.parametrize("size, expected", [([16384, 16384], [7680, 4320]), ([100, 100], [640, 400]),
                                            ([800, 99999], [800, 4320]), ([10**400, 5], [1280, 720]),
                                            ([1e308, 720], [1280, 720]), ("big", [1280, 720])])
def test_a_window_size_out_of_bounds_is_clamped(tmp_path, size, expected):
    assert settings_with(tmp_path, window_size=size).settings["window_size"] == expected


@pytest.mark.parametrize("keys, why", [("123qweasdzxl", "'l' gives a command"), ("123qweasdzx+", "'+' gives"),
                                       ("123qweasdzx0", "'0' gives"), ("123qweasdzx ", "' ' gives"),
                                       ("123QWEasdzxc", "capital"), ("123qweasdzxx", "used twice"),
                                       ("123", "twelve"), ("123qweasdzx\t", "cannot be typed")])
def test_card_keys_that_clash_with_commands_are_refused(tmp_path, keys, why):
    assert why in card_keys_problem(keys)
    assert settings_with(tmp_path, card_keys=keys).settings["card_keys"] == "123qweasdzxc"


def test_every_keyboard_layout_offered_is_allowed():
    from sprites.layout import KEY_LAYOUTS

    assert [card_keys_problem(k) for k in KEY_LAYOUTS.values()] == [None] * len(KEY_LAYOUTS)


def test_a_pipe_in_place_of_the_settings_is_set_aside_without_waiting(tmp_path):
    os.mkfifo(tmp_path / "settings.json")
    signal.alarm(20)  # a hang fails the test instead of stopping the run
    try:
        s = Store(tmp_path)
    finally:
        signal.alarm(0)
    assert "pipe" in s.notices[0] and (tmp_path / "settings.json").exists() is False


# ----- stats -------------------------------------------------------------------------
@pytest.mark.parametrize("record, field", [({"games": 3, "wins": 10**400}, "wins"), ({"best": 1e308}, "best"),
                                           ({"best": -1e308}, "best"), ({"time": 1e308}, "time"),
                                           ({"games": 2**64}, "games"), ({"streak": -1}, "streak")])
def test_stats_out_of_range_are_reset(tmp_path, record, field):
    write(tmp_path, "stats.json", {"version": 1, "modes": {"points": record}})
    s = Store(tmp_path)
    assert s.stats["points"][field] == records.defaults(records.MODE_STATS)[field] and field in s.notices[0]


def test_wins_and_streaks_are_brought_in_line_with_the_games(tmp_path):
    write(tmp_path, "stats.json", {"version": 1, "modes": {"mags": {"games": 3, "wins": 5, "best_streak": 4,
                                                                    "streak": 9}}})
    s = Store(tmp_path)
    assert [s.stats["mags"][k] for k in ("games", "wins", "best_streak", "streak")] == [3, 3, 3, 3]
    assert "wins = 5 (more than games)" in s.notices[0]


def test_a_daily_record_with_a_bad_score_keeps_the_rest(tmp_path):
    daily = {"2026-11-21": {"won": True, "score": [1], "time": 30.0}, "2026-11-22": {"won": "yes"}}
    write(tmp_path, "stats.json", {"version": 1, "modes": {"mags": {"games": 2, "daily": daily}}})
    s = Store(tmp_path)
    assert s.stats["mags"]["daily"] == {"2026-11-21": {"won": True, "time": 30.0}} and s.notices


def test_numbers_are_checked_without_ever_overflowing():
    assert [is_num(v) for v in (10**400, -10**400, float("nan"), 1e308, 12.5, True)] == \
        [False, False, False, False, True, False]
    assert [is_count(v) for v in (10**400, 10**9, -1, 3.0)] == [False, True, False, False]


# ----- seeds --------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [2**64, -1, 10**400, 1.5, "7", True, None])
def test_seeds_outside_0_to_2_64_are_refused_with_a_clear_message(seed):
    assert "a seed is a whole number from 0 to 18446744073709551615" in seed_problem(seed)
    with pytest.raises(ValueError, match="from 0 to 18446744073709551615"):
        check_seed(seed)


def test_a_level_with_a_seed_of_2_64_is_refused(tmp_path):
    write(tmp_path, "x.json", {**FINDALL, "seed": 2**64})
    with pytest.raises(ValueError, match="x.json: level field 'seed'"):
        load_level_file(tmp_path / "x.json")


# ----- shipped levels and tables -------------------------------------------------------
@pytest.mark.parametrize("field, value", [("grade", ["easy"]), ("name", 7), ("name", ["a"]), ("name", "a\u0000b"),
                                          ("name", "x" * 41), ("id", "../etc"), ("id", 5), ("variant", "chess"),
                                          ("par", -1), ("line", "set"), ("seed", -3)])
def test_a_level_with_a_bad_shared_field_is_refused_naming_the_field(tmp_path, field, value):
    write(tmp_path, "bad.json", {**FINDALL, field: value})
    with pytest.raises(ValueError, match="level file bad.json: .*" + ("variant" if field == "variant" else field)):
        load_level_file(tmp_path / "bad.json")


def test_a_good_level_loads(tmp_path):
    write(tmp_path, "good.json", FINDALL)
    assert load_level_file(tmp_path / "good.json").level["name"] == "Nine"


@pytest.mark.parametrize("day", [[1], {"seed": "x", "par": 3}, {"seed": 1, "par": "3"}, {"seed": 1},
                                 {"seed": 1, "par": 3, "line": "deal"}, {"seed": 2**64, "par": 3},
                                 {"seed": 1, "par": 3, "exact": "no"}, None])
def test_a_tampered_day_of_a_daily_table_is_skipped_and_the_others_kept(tmp_path, day):
    good = {"seed": 7, "par": 20, "exact": True, "line": ["deal"]}
    write(tmp_path, "mags.json", {"mode": "mags", "days": {"2026-11-21": good, "2026-11-22": day}})
    days, notices = load_daily_table(tmp_path / "mags.json", "mags")
    assert days == {"2026-11-21": good} and "1 day(s)" in notices[0]


def test_a_table_of_another_mode_or_a_bad_date_is_refused(tmp_path):
    write(tmp_path, "mags.json", {"mode": "points", "days": {}})
    assert load_daily_table(tmp_path / "mags.json", "mags")[0] == {}
    write(tmp_path, "mags.json", {"mode": "mags", "days": {"2026-02-30": {"seed": 1, "par": 2}}})
    assert "not a date" in load_daily_table(tmp_path / "mags.json", "mags")[1][0]


def test_the_shipped_tables_have_no_bad_day():
    assert [table_notices(m) for m in ("mags", "points", "pillars")] == [[], [], []]


def test_what_the_bots_remember_is_kept_and_checked(tmp_path):
    s = settings_with(tmp_path, bot_practice={"casual": 12}, pace=[20.5, 8.0])
    assert (s.settings["bot_practice"], s.settings["pace"], s.notices) == ({"casual": 12}, [20.5, 8.0], [])
    s.save_settings()
    assert Store(tmp_path).settings["pace"] == [20.5, 8.0]
    bad = settings_with(tmp_path, bot_practice={"casual": -1}, pace=[0, 1e308])
    assert (bad.settings["bot_practice"], bad.settings["pace"]) == ({}, []) and "pace" in bad.notices[0]
