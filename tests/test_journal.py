"""Unfinished games as journals: begin, append, load, compact, crash leftovers, the Continue list."""

import json
import os

import pytest

from game import variants
from game.store import Store


def header(mode="points", seed=3, **extra):
    return {"variant": mode, "version": 1, "seed": seed, "options": {}, "events": [], **extra}


def journal_of(folder, mode="points"):
    return folder / "saves" / f"{mode}.journal"


def test_appended_events_come_back_in_order_in_one_json_text(tmp_path):
    s = Store(tmp_path)
    assert s.begin_game("points", header(events=["add"]))
    for e in ("hint", "add", "reshuffle"):
        assert s.append_event("points", e)
    data = json.loads(Store(tmp_path).load_game("points"))
    assert data["events"] == ["add", "hint", "add", "reshuffle"] and data["seed"] == 3


def test_each_event_is_one_line_after_the_header(tmp_path):
    s = Store(tmp_path)
    s.begin_game("points", header())
    s.append_event("points", "add")
    s.append_event("points", "set 1RDE 2GOH 3PSF @12.350")
    lines = journal_of(tmp_path).read_text().splitlines()
    assert [json.loads(x) for x in lines[1:]] == ["add", "set 1RDE 2GOH 3PSF @12.350"]
    assert json.loads(lines[0])["variant"] == "points"


def test_a_torn_last_line_is_ignored_and_cut_off_before_the_next_append(tmp_path):
    s = Store(tmp_path)
    s.begin_game("points", header())
    s.append_event("points", "add")
    s.close()
    with open(journal_of(tmp_path), "ab") as f:
        f.write(b'"hi')  # a crash in the middle of writing "hint"
    t = Store(tmp_path)
    assert json.loads(t.load_game("points"))["events"] == ["add"] and t.notices == []
    assert t.append_event("points", "hint")
    assert json.loads(Store(tmp_path).load_game("points"))["events"] == ["add", "hint"]


def test_a_damaged_line_before_the_last_sets_the_journal_aside(tmp_path):
    s = Store(tmp_path)
    s.begin_game("points", header())
    s.close()
    with open(journal_of(tmp_path), "ab") as f:
        f.write(b'"add\n"hint"\n')
    t = Store(tmp_path)
    assert t.load_game("points") is None
    assert "line 2 is damaged" in t.notices[0] and "points.journal.damaged-" in t.notices[0]


def test_save_game_compacts_the_journal_into_one_file(tmp_path):
    s = Store(tmp_path)
    s.begin_game("points", header())
    s.append_event("points", "add")
    whole = json.dumps(header(events=["add", "hint"]))
    assert s.save_game("points", whole)
    assert not journal_of(tmp_path).exists() and Store(tmp_path).load_game("points") == whole


def test_appending_after_a_compaction_starts_a_journal_from_the_whole_save(tmp_path):
    s = Store(tmp_path)
    s.save_game("points", json.dumps(header(events=["add"])))
    assert s.append_event("points", "hint")
    assert not (tmp_path / "saves" / "points.json").exists()
    assert json.loads(Store(tmp_path).load_game("points"))["events"] == ["add", "hint"]


def test_when_a_crash_leaves_both_files_the_whole_save_wins_and_the_journal_goes(tmp_path):
    s = Store(tmp_path)
    s.begin_game("points", header())
    s.append_event("points", "add")
    s.close()
    stale = journal_of(tmp_path).read_bytes()
    s.save_game("points", json.dumps(header(events=["add", "hint"])))
    journal_of(tmp_path).write_bytes(stale)  # as if the crash came between the write and the removal
    t = Store(tmp_path)
    assert json.loads(t.load_game("points"))["events"] == ["add", "hint"]
    assert not journal_of(tmp_path).exists() and t.notices == []


def test_begin_game_replaces_the_old_save(tmp_path):
    s = Store(tmp_path)
    s.save_game("points", json.dumps(header(seed=1)))
    s.begin_game("points", header(seed=2))
    assert json.loads(Store(tmp_path).load_game("points"))["seed"] == 2
    assert not (tmp_path / "saves" / "points.json").exists()


def test_clear_game_removes_the_journal(tmp_path):
    s = Store(tmp_path)
    s.begin_game("points", header())
    s.append_event("points", "add")
    s.clear_game("points")
    assert s.load_game("points") is None and list((tmp_path / "saves").iterdir()) == []


def test_appending_without_a_game_is_refused_with_a_notice(tmp_path):
    s = Store(tmp_path)
    assert s.append_event("mags", "deal") is False
    assert "no mags game" in s.notices[0]


@pytest.mark.parametrize("bad", [{"variant": "mags"}, ["points"], {"variant": "points", "events": "add"},
                                 {"variant": "points", "x": float("nan")}])
def test_begin_game_refuses_a_header_that_is_not_this_modes_game(tmp_path, bad):
    with pytest.raises(ValueError):
        Store(tmp_path).begin_game("points", bad)


def test_append_event_refuses_what_is_not_json_or_too_long(tmp_path):
    s = Store(tmp_path)
    s.begin_game("points", header())
    with pytest.raises(ValueError):
        s.append_event("points", "x" * 70_000)
    with pytest.raises(ValueError):
        s.append_event("points", {1, 2})


def test_a_failing_disk_returns_false_with_a_notice_and_the_next_append_recovers(tmp_path, monkeypatch):
    s = Store(tmp_path)
    s.begin_game("points", header())
    real = os.write

    def full(fd, data):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "write", full)
    assert s.append_event("points", "add") is False and "No space left" in s.notices[-1]
    monkeypatch.setattr(os, "write", real)
    assert s.append_event("points", "hint")
    assert json.loads(Store(tmp_path).load_game("points"))["events"] == ["hint"]


def test_a_journal_of_moves_is_rebuilt_by_the_engine_and_a_bad_move_sets_it_aside(tmp_path):
    g = variants.new("points", seed=3)
    head = json.loads(g.to_json())
    s = Store(tmp_path)
    s.begin_game("points", {k: v for k, v in head.items() if k != "moves"} | {"moves": ["add"]})
    assert s.load_game("points") is not None
    (tmp_path / "saves" / "points.journal").write_text(json.dumps({**head, "moves": ["fly away"]}) + "\n")
    t = Store(tmp_path)
    assert t.load_game("points") is None and "move 1" in t.notices[0]


# ----- the Continue list ---------------------------------------------------------
def test_saved_games_lists_every_unfinished_game_with_date_and_progress(tmp_path):
    s = Store(tmp_path)
    s.save_game("findall", variants.new("findall", seed=1).to_json())
    s.begin_game("points", header())
    for e in ("add", "hint"):
        s.append_event("points", e)
    games = Store(tmp_path).saved_games()
    assert [(g["mode"], g["moves"], g["seed"]) for g in games] == [("points", 2, 3), ("findall", 0, 1)]
    assert all(len(g["date"]) == 16 and g["saved"] > 0 for g in games)
    assert Store(tmp_path).saved_modes() == ["points", "findall"]


def test_a_finished_game_is_not_offered(tmp_path):
    g = variants.new("points", seed=3)
    g.play("end")
    s = Store(tmp_path)
    s.save_game("points", g.to_json())
    assert s.saved_modes() == [] and s.load_game("points") is not None


def test_an_unreadable_saves_folder_gives_a_notice_not_a_crash(tmp_path, monkeypatch):
    s = Store(tmp_path)
    s.save_game("points", variants.new("points", seed=1).to_json())
    real = os.listdir

    def refused(path="."):
        if str(path).endswith("saves"):
            raise PermissionError(13, "Permission denied")
        return real(path)

    monkeypatch.setattr(os, "listdir", refused)
    t = Store(tmp_path)
    assert t.saved_games() == [] and "saves folder cannot be read" in t.notices[0]


def test_a_file_where_the_saves_folder_goes_is_set_aside(tmp_path):
    (tmp_path / "saves").write_text("not a folder")
    s = Store(tmp_path)
    assert s.save_game("points", variants.new("points", seed=1).to_json())
    assert len(list(tmp_path.glob("saves.damaged-*"))) == 1 and "saves" in s.notices[0]


@pytest.mark.parametrize("seats", [["human", "bot:godlike"], 5, "hh", [1, 2], {}, None, []])
def test_a_classic_save_with_bad_seats_is_set_aside(tmp_path, seats):
    text = json.dumps({**json.loads(variants.new("classic", seed=1).to_json()), "seats": seats})
    (tmp_path / "saves").mkdir()
    (tmp_path / "saves" / "classic.json").write_text(text)
    s = Store(tmp_path)
    assert s.load_game("classic") is None and "seat" in s.notices[0]


@pytest.mark.parametrize("seed", [2**64, -1, 10**400, 1.5, "7"])
def test_a_save_with_a_seed_out_of_range_is_set_aside_with_a_clear_message(tmp_path, seed):
    (tmp_path / "saves").mkdir()
    (tmp_path / "saves" / "points.json").write_text(json.dumps(header(seed=seed)))
    s = Store(tmp_path)
    assert s.load_game("points") is None and "from 0 to 18446744073709551615" in s.notices[0]


def test_a_session_journaled_event_by_event_resumes_with_every_event(tmp_path):
    from game.session import from_json, new_session

    s = new_session("classic", seed=5, seats=["human", "bot:expert"], now=0.0)
    store = Store(tmp_path)
    store.begin_game("classic", json.loads(s.to_json()))
    done = 0
    for now in (10.0, 20.0, 30.0):
        s.tick(now)
        for e in s.events[done:]:
            assert store.append_event("classic", e)
        done = len(s.events)
    t = Store(tmp_path)
    back = from_json(t.load_game("classic"))
    assert back.events == s.events and t.saved_modes() == ["classic"]


def test_a_session_save_with_a_bad_seat_or_event_is_set_aside(tmp_path):
    from game.session import new_session

    data = json.loads(new_session("classic", seed=5, seats=["human", "bot:expert"], now=0.0).to_json())
    (tmp_path / "saves").mkdir()
    for bad, why in (({"seats": ["human", "bot:godlike"]}, "seat"), ({"events": ["P1 fly @1.00"]}, "fly")):
        (tmp_path / "saves" / "classic.json").write_text(json.dumps({**data, **bad}))
        s = Store(tmp_path)
        assert s.load_game("classic") is None and why in s.notices[0]
