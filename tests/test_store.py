"""The Store: round trips, atomic writes, the data folder, notices, typed input."""

import errno
import json
import os

import pytest

from game import variants
from game.loader import deal_code, load_level_file, parse_deal_code
from game.records import SETTINGS, defaults
from game.store import Store

FINDALL_LEVEL = {"variant": "findall", "id": "findall-t1", "name": "Nine",
                 "table": ["2GOH", "3RSF", "3PDE", "1GDH", "2ROF", "2RDE", "3PSE", "1RSF", "2POE"],
                 "sets": 4}


def points_game(*moves):
    g = variants.new("points", seed=3)
    for m in moves:
        g.play(m)
    return g


def disk_full(*args, **kwargs):
    raise OSError(errno.ENOSPC, "No space left on device")


def temps(folder):
    return sorted(p.name for p in folder.rglob("*.tmp"))


# ----- settings --------------------------------------------------------------
def test_a_new_folder_gives_default_settings_and_no_notice(tmp_path):
    s = Store(tmp_path)
    assert s.settings == defaults(SETTINGS)
    assert s.notices == []


def test_settings_round_trip(tmp_path):
    s = Store(tmp_path)
    s.settings.update(volume=0.25, palette="colour-blind", window_size=[1600, 900], tutorial_seen={"mags": True})
    assert s.save_settings()
    t = Store(tmp_path)
    assert (t.settings["volume"], t.settings["palette"], t.settings["window_size"], t.settings["tutorial_seen"]) \
        == (0.25, "colour-blind", [1600, 900], {"mags": True})


def test_unknown_setting_keys_are_ignored_without_a_notice(tmp_path):
    (tmp_path / "settings.json").write_text('{"version": 1, "volume": 0.3, "zoom": 9, "future": {"a": 1}}')
    s = Store(tmp_path)
    assert (s.settings["volume"], "zoom" in s.settings, s.notices) == (0.3, False, [])


def test_a_wrongly_typed_setting_is_reset_and_the_others_kept(tmp_path):
    (tmp_path / "settings.json").write_text('{"version": 1, "volume": "loud", "sound": false}')
    s = Store(tmp_path)
    assert (s.settings["volume"], s.settings["sound"]) == (0.8, False)
    assert len(s.notices) == 1 and "volume" in s.notices[0]


def test_a_wrongly_typed_setting_keeps_the_original_aside_and_writes_the_good_values(tmp_path):
    (tmp_path / "settings.json").write_text('{"version": 1, "volume": "loud", "sound": false}')
    Store(tmp_path)
    aside = [p.name for p in tmp_path.glob("settings.json.damaged-*")]
    assert len(aside) == 1
    assert Store(tmp_path).notices == []
    assert Store(tmp_path).settings["sound"] is False


def test_save_settings_resets_a_bad_value_with_a_notice(tmp_path):
    s = Store(tmp_path)
    s.settings["call_time"] = -4
    assert s.save_settings()
    assert s.settings["call_time"] == 5.0 and "call_time" in s.notices[0]


def test_window_size_given_as_a_tuple_is_stored_as_a_list(tmp_path):
    s = Store(tmp_path)
    s.settings["window_size"] = (1920, 1080)
    s.save_settings()
    assert Store(tmp_path).settings["window_size"] == [1920, 1080]


# ----- unfinished games ------------------------------------------------------
def test_a_saved_game_loads_back_as_the_same_text(tmp_path):
    s = Store(tmp_path)
    g = points_game("add", "hint")
    assert s.save_game("points", g.to_json())
    assert Store(tmp_path).load_game("points") == g.to_json()


def test_a_loaded_game_rebuilds_the_same_view(tmp_path):
    s = Store(tmp_path)
    g = points_game("add", "reshuffle")
    s.save_game("points", g.to_json())
    assert variants.from_json(s.load_game("points")).view() == g.view()


def test_load_game_with_no_save_is_none(tmp_path):
    assert Store(tmp_path).load_game("mags") is None


def test_saved_modes_lists_the_resumable_games_in_menu_order(tmp_path):
    s = Store(tmp_path)
    s.save_game("findall", variants.new("findall", seed=1).to_json())
    s.save_game("points", points_game().to_json())
    assert s.saved_modes() == ["points", "findall"]


def test_clear_game_forgets_the_save(tmp_path):
    s = Store(tmp_path)
    s.save_game("points", points_game().to_json())
    s.clear_game("points")
    assert (s.load_game("points"), s.saved_modes()) == (None, [])


def test_clear_game_without_a_save_is_quiet(tmp_path):
    s = Store(tmp_path)
    s.clear_game("classic")
    assert s.notices == []


def test_save_game_refuses_another_modes_game(tmp_path):
    with pytest.raises(ValueError, match="not classic"):
        Store(tmp_path).save_game("classic", points_game().to_json())


def test_save_game_refuses_an_unknown_mode(tmp_path):
    with pytest.raises(ValueError, match="unknown mode 'chess'"):
        Store(tmp_path).save_game("chess", "{}")


def test_a_save_whose_moves_fail_is_set_aside_with_a_notice(tmp_path):
    s = Store(tmp_path)
    (tmp_path / "saves" / "points.json").write_text(
        '{"variant": "points", "version": 1, "seed": 3, "moves": ["set 1RDE 1RDE 1RDE"]}')
    assert s.load_game("points") is None
    assert "move 1" in s.notices[0] and "points.json.damaged-" in s.notices[0]
    assert [p.name.split(".damaged-")[0] for p in (tmp_path / "saves").iterdir()] == ["points.json"]


def test_a_save_holding_another_mode_is_set_aside(tmp_path):
    s = Store(tmp_path)
    (tmp_path / "saves" / "classic.json").write_text(points_game().to_json())
    assert s.load_game("classic") is None
    assert "holds a points game" in s.notices[0]


def test_a_save_for_an_engine_this_build_lacks_is_kept(tmp_path, monkeypatch):
    s = Store(tmp_path)
    s.save_game("points", points_game().to_json())

    def missing(mode):
        raise ModuleNotFoundError(f"No module named 'game.variants.{mode}'")

    monkeypatch.setattr(variants, "game_class", missing)
    assert s.load_game("points") is None
    assert (tmp_path / "saves" / "points.json").exists() and "kept" in s.notices[0]


# ----- stats and progress ----------------------------------------------------
def test_record_result_counts_games_wins_streaks_and_best(tmp_path):
    s = Store(tmp_path)
    for won, score in [(True, 20), (True, 31), (False, 12), (True, 25)]:
        s.record_result("points", {"won": won, "score": score, "time": 100.0})
    assert Store(tmp_path).stats["points"] == {
        "games": 4, "wins": 3, "streak": 1, "best_streak": 2, "best": 31, "time": 400.0, "daily": {}}


def test_record_result_keeps_the_lowest_when_lower_is_better(tmp_path):
    s = Store(tmp_path)
    for t in (95.5, 80.25, 120.0):
        s.record_result("classic", {"won": True, "score": t, "time": t, "lower_is_better": True})
    assert s.stats["classic"]["best"] == 80.25


def test_only_the_first_play_of_a_daily_is_kept(tmp_path):
    s = Store(tmp_path)
    s.record_result("mags", {"won": False, "score": 7, "time": 300.0, "daily": "2026-11-21", "hints": 2})
    s.record_result("mags", {"won": True, "score": 9, "time": 200.0, "daily": "2026-11-21"})
    assert Store(tmp_path).stats["mags"]["daily"] == {
        "2026-11-21": {"won": False, "score": 7, "time": 300.0, "hints": 2}}


@pytest.mark.parametrize("result", [
    {"score": 3, "time": 1.0},
    {"won": "yes", "time": 1.0},
    {"won": True, "time": -1.0},
    {"won": True, "time": 1.0, "score": "lots"},
    {"won": True, "time": 1.0, "daily": "21/11/2026"},
    {"won": True, "time": 1.0, "hints": -1},
])
def test_record_result_refuses_a_malformed_result(tmp_path, result):
    with pytest.raises(ValueError, match="a result"):
        Store(tmp_path).record_result("points", result)


def test_record_level_counts_tries_and_keeps_the_best_solve(tmp_path):
    s = Store(tmp_path)
    s.record_level("mags-003", False)
    s.record_level("mags-003", True, score=14)
    s.record_level("mags-003", True, score=11)
    assert Store(tmp_path).progress == {"mags-003": {"solved": True, "tries": 3, "best": 14}}


def test_progress_saved_by_hand_round_trips(tmp_path):
    s = Store(tmp_path)
    s.progress["pillars-007"] = {"solved": True, "tries": 2, "best": None}
    assert s.save_progress()
    assert Store(tmp_path).progress == {"pillars-007": {"solved": True, "tries": 2, "best": None}}


def test_files_are_versioned_json_objects(tmp_path):
    s = Store(tmp_path)
    s.save_settings()
    s.record_result("findall", {"won": True, "time": 42.0})
    s.record_level("findall-001", True)
    versions = {n: json.loads((tmp_path / n).read_text())["version"]
                for n in ("settings.json", "stats.json", "progress.json")}
    assert versions == {"settings.json": 1, "stats.json": 1, "progress.json": 1}


# ----- atomic writes ---------------------------------------------------------
def test_a_failed_replace_leaves_the_old_save_and_no_temp_file(tmp_path, monkeypatch):
    s = Store(tmp_path)
    s.save_game("points", points_game("add").to_json())
    before = (tmp_path / "saves" / "points.json").read_bytes()
    monkeypatch.setattr(os, "replace", disk_full)
    assert s.save_game("points", points_game("add", "add").to_json()) is False
    assert (tmp_path / "saves" / "points.json").read_bytes() == before
    assert temps(tmp_path) == []


def test_a_write_failing_midway_leaves_the_old_settings_and_no_temp_file(tmp_path, monkeypatch):
    s = Store(tmp_path)
    s.settings["volume"] = 0.1
    s.save_settings()
    before = (tmp_path / "settings.json").read_bytes()
    monkeypatch.setattr(os, "fsync", disk_full)
    s.settings["volume"] = 0.9
    assert s.save_settings() is False
    assert (tmp_path / "settings.json").read_bytes() == before
    assert temps(tmp_path) == []


def test_a_failed_write_adds_one_notice_however_often_it_fails(tmp_path, monkeypatch):
    s = Store(tmp_path)
    monkeypatch.setattr(os, "replace", disk_full)
    for _ in range(5):
        s.save_stats()
    assert s.notices == ["Could not save stats (No space left on device); the previous copy is unchanged."]


def test_a_failed_stats_write_returns_false_from_record_result(tmp_path, monkeypatch):
    s = Store(tmp_path)
    monkeypatch.setattr(os, "replace", disk_full)
    assert s.record_result("points", {"won": True, "time": 5.0}) is False


def test_a_stale_temp_file_from_a_crash_is_removed_and_a_fresh_one_kept(tmp_path):
    Store(tmp_path)
    old, fresh = tmp_path / "saves" / ".mags.json.99-1.tmp", tmp_path / ".stats.json.98-1.tmp"
    old.write_text("{")
    fresh.write_text("{")
    os.utime(old, (1_000_000, 1_000_000))
    Store(tmp_path)
    assert temps(tmp_path) == [".stats.json.98-1.tmp"]


def test_setting_aside_twice_in_one_second_keeps_both(tmp_path):
    for _ in range(2):
        (tmp_path / "stats.json").write_text("[")
        Store(tmp_path)
    assert len(list(tmp_path.glob("stats.json.damaged-*"))) == 2


# ----- the data folder -------------------------------------------------------
def test_the_data_dir_comes_from_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("SETARCADE_HOME", str(tmp_path / "env"))
    Store().save_settings()
    assert (tmp_path / "env" / "settings.json").exists()


def test_the_argument_wins_over_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("SETARCADE_HOME", str(tmp_path / "env"))
    s = Store(tmp_path / "arg")
    assert (s.dir, (tmp_path / "env").exists()) == (tmp_path / "arg", False)


def test_without_either_the_platform_user_dir_is_used(tmp_path, monkeypatch):
    monkeypatch.delenv("SETARCADE_HOME", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("HOME", str(tmp_path))
    assert Store().dir.name == "SetArcade"


def test_an_unusable_data_dir_gives_a_notice_and_failed_saves_not_exceptions(tmp_path):
    (tmp_path / "file").write_text("not a folder")
    s = Store(tmp_path / "file")
    assert (s.save_settings(), s.save_game("points", points_game().to_json())) == (False, False)
    assert "cannot be used" in s.notices[0]


def test_a_save_after_the_saves_folder_was_removed_makes_it_again(tmp_path):
    s = Store(tmp_path)
    (tmp_path / "saves").rmdir()
    assert s.save_game("points", points_game().to_json()) and s.load_game("points") is not None


def test_take_notices_empties_the_list(tmp_path):
    (tmp_path / "progress.json").write_text("{")
    s = Store(tmp_path)
    assert (len(s.take_notices()), s.notices) == (1, [])


# ----- what a player types ---------------------------------------------------
@pytest.mark.parametrize("text, expected", [
    ("pillars-42", ("pillars", 42)),
    ("classic:42", ("classic", 42)),
    ("  MAGS 7 ", ("mags", 7)),
    ("findall-0", ("findall", 0)),
    ("twenty-18446744073709551615", ("twenty", 2**64 - 1)),
])
def test_parse_deal_code_reads_mode_and_seed(text, expected):
    assert parse_deal_code(text) == expected


@pytest.mark.parametrize("text, message", [
    ("", "a deal code is a mode and a number"),
    ("pillars42", "not a deal code"),
    ("chess-42", "unknown mode 'chess'"),
    ("pillars-", "has no number"),
    ("pillars--3", "must be a whole number"),
    ("pillars-4.2", "must be a whole number"),
    ("pillars-٤٢", "must be a whole number"),
    ("pillars-18446744073709551616", "too big"),
])
def test_parse_deal_code_says_what_is_wrong(text, message):
    with pytest.raises(ValueError, match=message):
        parse_deal_code(text)


def test_deal_code_reads_back():
    assert parse_deal_code(deal_code("points", 20261121)) == ("points", 20261121)


def test_a_good_level_file_gives_its_game(tmp_path):
    path = tmp_path / "findall-t1.json"
    path.write_text(json.dumps(FINDALL_LEVEL))
    g = load_level_file(path)
    assert (g.name, g.view()["table"], g.view()["sets"]) == ("findall", FINDALL_LEVEL["table"], 4)


@pytest.mark.parametrize("content, message", [
    (b'{"variant": "findall", ', "level file bad.json: it is not valid JSON"),
    (b"\xff\xfe{}", "level file bad.json: it is not UTF-8 text"),
    (b"[1, 2]", "level file bad.json: not a JSON object"),
    (b'{"variant": 7}', "level file bad.json: level field 'variant'"),
    (b'{"variant": "findall", "table": ["2GOH"], "sets": 4}', "level file bad.json: .*field 'table'"),
    (b'{"variant": "findall", "table": [], "sets": 4, "x": NaN}', "level file bad.json: it is not valid JSON"),
])
def test_a_bad_level_file_is_refused_naming_the_file_and_field(tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(ValueError, match=message):
        load_level_file(path)


def test_a_huge_level_file_is_refused_before_reading(tmp_path):
    path = tmp_path / "huge.json"
    with open(path, "wb") as f:
        f.truncate(2 * 1024 * 1024)
    with pytest.raises(ValueError, match="level file huge.json: it is over 1 MB"):
        load_level_file(path)


def test_a_missing_level_file_is_named(tmp_path):
    with pytest.raises(ValueError, match="level file gone.json: there is no such file"):
        load_level_file(tmp_path / "gone.json")
