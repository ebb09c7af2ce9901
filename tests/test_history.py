"""The archive of finished games (game/history.py): every field kept, order and filters over 10,000 games,
a damaged file set aside, a kill -9 during writes, bad rows skipped."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from game import session as sessions
from game.history import NAME, Archive, _row

ROOT = Path(__file__).resolve().parent.parent


def played(mode="classic", seed=5, n=0, **kw):
    """A finished game as the window keeps it: a session played headless, then its fields."""
    s = sessions.new_session(mode, seed, kw.pop("seats", None), kw.pop("options", {}), 0.0)
    t = 0.0
    while not s.over and t < 2000:
        t += 5.0
        s.tick(t)
        if not s.bots:
            moves = [m for m in s.game.legal_moves() if m.split()[0] not in ("end", "resign", "hint")]
            if not moves:
                break
            s.act(0, moves[0], t)
    game = {"mode": mode, "kind": s.game.kind, "seed": seed, "options": s.options, "level": s.level,
            "seats": s.seats, "names": [f"P{i + 1}" for i in range(len(s.seats))],
            "result": {**s.result(), "summary": {"title": "Well played", "score": "12 – 9"}},
            "events": list(s.events), "call_time": s.call_time, "tag": {}, "date": f"2026-11-{1 + n % 28:02d}T10:00:00"}
    game.update(kw)
    return game


def rows(n: int, mode_kinds=(("classic", "normal"), ("classic", "sprint"), ("points", "normal"))):
    for i in range(n):
        mode, kind = mode_kinds[i % len(mode_kinds)]
        yield _row({"mode": mode, "kind": kind, "seed": i, "events": [f"deal3 @{i}.00"], "result": {"won": i % 2 == 0},
                    "seats": ["human"], "names": ["You"],
                    "date": f"2026-{1 + (i // 2800) % 12:02d}-{1 + (i // 100) % 28:02d}T{(i // 4) % 24:02d}:"
                            f"{i % 60:02d}:00"})


def fill(archive: Archive, n: int) -> None:
    with archive.db:
        archive.db.execute("BEGIN")  # one transaction for them all (the archive commits each statement alone)
        archive.db.executemany(
            "INSERT INTO games (mode, kind, options, seed, level, date, seats, names, result, events, call_time, tag)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows(n))


def test_every_field_comes_back_as_it_went_in(tmp_path):
    a = Archive(tmp_path)
    game = played("classic", 5, seats=["human", "bot:expert"])
    gid = a.add(game)
    a.close()
    b = Archive(tmp_path)
    g = b.get(gid)
    assert g is not None and not b.take_notices()
    assert (g.mode, g.kind, g.options, g.seed, g.level, g.date, g.seats, g.names, g.result, g.events, g.call_time,
            g.tag) == (game["mode"], game["kind"], game["options"], 5, None, game["date"], ["human", "bot:expert"],
                       ["P1", "P2"], json.loads(json.dumps(game["result"])), game["events"], game["call_time"], {})
    assert len(g.events) > 10 and g.headline() == "Well played · 12 – 9" and g.opponents() == ["P1", "P2"]
    listed = b.games()
    assert [x.id for x in listed] == [gid] and listed[0].events == []  # a listing leaves the events out


def test_a_level_a_big_seed_and_a_kind_come_back(tmp_path):
    a = Archive(tmp_path)
    level = {"id": "mags-001", "variant": "mags", "deck": ["1RDE"]}
    gid = a.add({"mode": "mags", "seed": 2**64 - 1, "level": level, "events": [], "result": {"won": False}})
    g = a.get(gid)
    assert (g.seed, g.level, g.kind) == (2**64 - 1, level, "normal")


@pytest.mark.parametrize("bad", [{"mode": "nosuch"}, {"kind": "nosuch"}, {"seed": -1}, {"seed": True},
                                 {"events": "set"}, {"events": [1]}, {"result": None}, {"date": "yesterday"},
                                 {"options": {"x": float("nan")}}, {"level": [1]}])
def test_a_game_that_does_not_hold_together_is_refused(tmp_path, bad):
    a = Archive(tmp_path)
    with pytest.raises(ValueError):
        a.add({"mode": "classic", "seed": 1, "events": [], "result": {"won": True}, **bad})
    assert a.count() == 0


def test_ten_thousand_games_list_newest_first_and_filter_by_mode_and_kind(tmp_path):
    a = Archive(tmp_path)
    fill(a, 10_000)
    every = a.games(limit=10_000)
    assert len(every) == 10_000
    keys = [(g.date, g.id) for g in every]
    assert keys == sorted(keys, reverse=True)
    last = a.games()
    assert len(last) == 100 and [g.id for g in last] == [g.id for g in every[:100]]
    sprint = a.games("classic", "sprint")
    assert len(sprint) == 100 and {(g.mode, g.kind) for g in sprint} == {("classic", "sprint")}
    assert [g.id for g in sprint] == [g.id for g in every if g.kind == "sprint"][:100]
    classic = a.games("classic")
    assert {g.mode for g in classic} == {"classic"} and {g.kind for g in classic} == {"normal", "sprint"}
    assert a.kinds() == [("classic", "normal"), ("classic", "sprint"), ("points", "normal")]
    plan = " ".join(str(r) for r in a.db.execute("EXPLAIN QUERY PLAN SELECT id FROM games WHERE mode = 'classic' "
                                                 "AND kind = 'sprint' ORDER BY date DESC, id DESC LIMIT 100"))
    assert "games_mode_kind_date" in plan


def test_a_file_that_is_not_a_database_is_set_aside_with_a_notice_once(tmp_path):
    (tmp_path / NAME).write_bytes(b"this is not sqlite at all, just some words " * 50)
    a = Archive(tmp_path)
    notices = a.take_notices()
    assert len(notices) == 1 and "set aside" in notices[0] and a.take_notices() == []
    assert [p.name for p in tmp_path.glob(f"{NAME}.damaged-*")]
    assert a.add(played("points", 3)) is not None and a.count() == 1
    a.close()
    b = Archive(tmp_path)
    assert b.take_notices() == [] and b.count() == 1


def test_a_file_failing_its_check_is_set_aside(tmp_path):
    a = Archive(tmp_path)
    fill(a, 2000)
    a.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    a.close()
    raw = bytearray((tmp_path / NAME).read_bytes())
    page = 4096
    for k in range(3 * page, len(raw) - page, 7 * page):  # scribble over pages in the middle
        raw[k + 100:k + 600] = os.urandom(500)
    (tmp_path / NAME).write_bytes(bytes(raw))
    b = Archive(tmp_path)
    notices = b.take_notices()
    assert len(notices) == 1 and "damaged" in notices[0] and b.count() == 0
    assert b.add(played("points", 3)) is not None


def test_a_file_from_a_newer_game_is_set_aside(tmp_path):
    db = sqlite3.connect(tmp_path / NAME)
    db.execute("PRAGMA user_version=99")
    db.close()
    a = Archive(tmp_path)
    assert "newer" in a.take_notices()[0] and a.count() == 0


def test_bad_rows_are_skipped_not_a_crash(tmp_path):
    a = Archive(tmp_path)
    good = a.add(played("points", 3))
    fill(a, 3)
    bad = [("mode", "'nosuch'"), ("kind", "'nosuch'"), ("seed", "'-4'"), ("date", "'soon'"), ("seats", "'[1]'"),
           ("names", "'{'"), ("result", "'[]'"), ("options", "'NaN'"), ("level", "'3'"), ("events", "'[1, 2]'"),
           ("tag", "'x'"), ("call_time", "-3")]
    for column, value in bad:
        with a.db:
            a.db.execute("INSERT INTO games (mode, kind, options, seed, level, date, seats, names, result, events, "
                         "call_time, tag) SELECT mode, kind, options, seed, level, date, seats, names, result, events,"
                         " call_time, tag FROM games WHERE id = ?", (good,))
            a.db.execute(f"UPDATE games SET {column} = {value} WHERE id = last_insert_rowid()")
    ids = sorted(g.id for g in a.games(limit=1000))
    events_row = 5 + [c for c, _ in bad].index("events")  # a listing does not read the events: its row is listed
    assert ids == [good, 2, 3, 4, events_row]  # the good game and the three filled; every other bad row skipped
    assert [k for k in range(5, 5 + len(bad)) if a.get(k) is not None] == []  # read whole, every bad row is skipped
    assert a.get(good) is not None


CHILD = textwrap.dedent("""
    import os, signal, sys, threading
    sys.path.insert(0, {root!r})
    from game.history import Archive
    a = Archive({folder!r})
    kill_after = int(sys.argv[1])
    done = threading.Event()
    def killer():
        done.wait()
        os.kill(os.getpid(), signal.SIGKILL)
    threading.Thread(target=killer, daemon=True).start()
    game = {{"mode": "classic", "seed": 1, "events": ["P1 set 1RDE 2GOH 3PSF @1.00"] * 200,
             "result": {{"won": True}}, "seats": ["human"], "names": ["You"]}}
    n = 0
    while True:
        a.add({{**game, "seed": n}})
        n += 1
        print(n, flush=True)
        if n == kill_after:
            done.set()  # the killer strikes while the next writes run
""")


@pytest.mark.parametrize("kill_after", [5, 23])
def test_kill_nine_during_writes_loses_at_most_the_game_being_written(tmp_path, kill_after):
    script = tmp_path / "child.py"
    folder = tmp_path / "data"
    script.write_text(CHILD.format(root=str(ROOT), folder=str(folder)))
    proc = subprocess.run([sys.executable, str(script), str(kill_after)], capture_output=True, text=True, timeout=120)
    assert proc.returncode == -9, proc.stderr
    acknowledged = int(proc.stdout.split()[-1])  # the last game the child knew was kept
    assert acknowledged >= kill_after
    a = Archive(folder)
    assert a.take_notices() == []
    kept = sorted(g.seed for g in a.games(limit=10**6))
    assert kept[:acknowledged] == list(range(acknowledged))  # every game written before is whole
    assert len(kept) in (acknowledged, acknowledged + 1)  # at most the one being written is lost
    assert all(len(a.get(g.id).events) == 200 for g in a.games(limit=10**6))


def run_cli(folder, *args):
    proc = subprocess.run([sys.executable, "-m", "game.history", "--data-dir", str(folder), *args],
                          capture_output=True, text=True, timeout=120, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    return proc.returncode, proc.stdout, proc.stderr


def test_the_command_line_lists_the_games_as_json(tmp_path):
    a = Archive(tmp_path)
    ids = [a.add(played("points", 3, n=1)), a.add(played("classic", 5, n=2, seats=["human", "bot:expert"]))]
    a.close()
    code, out, _ = run_cli(tmp_path, "list", "--json")
    assert code == 0 and [g["id"] for g in json.loads(out)] == ids[::-1]
    code, out, _ = run_cli(tmp_path, "list", "--mode", "points", "--json")
    assert [(g["id"], g["mode"]) for g in json.loads(out)] == [(ids[0], "points")]
    code, out, _ = run_cli(tmp_path, "list")
    assert code == 0 and len(out.splitlines()) == 2


def test_show_json_moments_match_the_engine_replayed_independently(tmp_path):
    from itertools import combinations

    from game.cards import card, is_set

    game = played("classic", 5, seats=["human", "bot:expert"])
    a = Archive(tmp_path)
    gid = a.add(game)
    a.close()
    code, out, _ = run_cli(tmp_path, "show", str(gid), "--json")
    data = json.loads(out)
    assert code == 0 and data["events"] == game["events"]
    s = sessions.new_session("classic", 5, game["seats"], {}, 0.0, follow=True, call_time=game["call_time"])
    tables = [s.game.view()["table"]]
    for e in game["events"]:
        s.apply_event(e)
        if s.game.view()["table"] != tables[-1]:
            tables.append(s.game.view()["table"])
    assert [m["table"] for m in data["moments"]] == tables and len(tables) > 10
    for m in data["moments"]:
        brute = {frozenset(t) for t in combinations(m["table"], 3) if is_set(*(card(c) for c in t))}
        assert {frozenset(st) for st in m["sets"]} == brute and len(m["sets"]) == len(brute)
    assert [m["t"] for m in data["moments"]] == sorted(m["t"] for m in data["moments"])
    assert run_cli(tmp_path, "show", "999", "--json")[0] == 1
