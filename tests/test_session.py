"""Sessions: the game clock, calls, bots and results, with time passed in."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.errors import IllegalMove
from game.rng import Rng
from game.session import BOT_SHOW, from_json, new_session

ROOT = Path(__file__).resolve().parent.parent
MODES = ("classic", "points", "twenty", "mags", "pillars", "findall")


@pytest.mark.parametrize("mode", MODES)
def test_a_session_ticked_at_0_and_60_shows_60_seconds(mode):
    s = new_session(mode, seed=3, seats=["human"] if mode != "twenty" else ["human", "human"], now=1000.0)
    s.tick(1000.0)
    s.tick(1060.0)
    assert s.view(0)["clock"] == 60.0


def test_the_clock_stands_still_while_paused_and_runs_again_after():
    s = new_session("findall", seed=1, now=0.0)
    s.tick(10.0)
    s.pause(10.0)
    s.tick(500.0)
    assert s.clock == 10.0
    s.resume(500.0)
    s.tick(505.5)
    assert s.clock == pytest.approx(15.5)


def test_blitz_ends_exactly_at_180_across_irregular_ticks():
    rng = Rng(11)
    for trial in range(20):
        s = new_session("classic", seed=trial, options={"timed": "blitz"}, now=5.0)
        now = 5.0
        for _ in range(10_000):
            if s.over:
                break
            now += 0.01 + rng.below(3000) / 100  # 0.01 s to 30 s
            s.tick(now)
        assert s.over and s.clock == 180.0
        assert s.view(0)["left"] == 0.0
        assert s.events[-1] == "end @180.00"


def test_a_blitz_pick_after_three_minutes_is_refused_by_time():
    s = new_session("classic", seed=2, options={"timed": "blitz"}, now=0.0)
    move = s.game.legal_moves()[0].split(" ", 1)[1]
    with pytest.raises(IllegalMove):
        s.act(0, move, 181.0)  # the tick inside act ends the game first
    assert s.over and s.result()["time"] == 180.0


def test_bots_act_in_time_order_during_a_long_gap():
    s = new_session("classic", seed=5, seats=["human", "bot:expert", "bot:fast"], now=0.0)
    s.tick(120.0)
    times = [float(e.split("@")[1]) for e in s.events]
    assert len(times) > 10 and times == sorted(times)
    assert max(times) <= 120.0
    # the same bots ticked every frame reach the same events: catching up is exact
    t = new_session("classic", seed=5, seats=["human", "bot:expert", "bot:fast"], now=0.0)
    for k in range(1, 120 * 60 + 1):
        t.tick(k / 60)
    assert t.events == s.events


def test_a_bots_call_shows_its_pick_then_plays_it():
    s = new_session("classic", seed=5, seats=["human", "bot:expert"], now=0.0)
    for k in range(1, 2000):
        s.tick(k / 20)
        if s.caller == "P2":
            break
    v = s.view(0)
    assert v["caller"] == "P2" and len(v["picking"]) == 3 and v["call_left"] <= BOT_SHOW
    with pytest.raises(IllegalMove, match="P2 has called"):
        s.act(0, "call", s.last)
    s.tick(s.last + BOT_SHOW)
    assert s.caller is None and s.view(0)["scores"]["P2"] == 1


def test_a_call_that_runs_out_costs_a_point():
    s = new_session("classic", seed=4, seats=["human", "human"], now=0.0, call_time=5.0)
    s.act(1, "call", 2.0)
    s.tick(6.99)
    assert s.caller == "P2"
    s.tick(7.01)
    assert s.caller is None and s.view(0)["scores"]["P2"] == -1
    assert s.events[-1] == "P2 miss @7.00"


def test_a_wrong_pick_is_a_miss_and_a_pick_of_absent_cards_is_refused():
    s = new_session("classic", seed=4, now=0.0)
    table = s.view(0)["table"]
    a, b = table[0], table[1]
    wrong = next(c for c in table[2:] if not s.game.is_legal(f"P1 set {a} {b} {c} @1"))
    assert s.act(0, f"set {a} {b} {wrong}", 1.0).startswith("P1 miss")
    before = list(s.events)
    with pytest.raises(IllegalMove):
        s.act(0, "set 1RDE 1RDH 1RDF" if "1RDE" not in table else "set 3PSF 3PSH 3PSE", 2.0)
    assert s.events == before


def test_a_session_saved_mid_call_resumes_with_the_same_call_time_left():
    s = new_session("classic", seed=4, seats=["human", "bot:beginner"], now=50.0, call_time=7.0)
    s.act(0, "call", 52.5)
    s.tick(54.0)
    text = s.to_json()
    t = from_json(text, now=9000.0)
    assert t.caller == "P1" and t.view(0)["call_left"] == pytest.approx(5.5)
    assert t.view(0)["clock"] == pytest.approx(4.0)
    t.tick(9005.49)
    assert t.caller == "P1"
    t.tick(9005.51)
    assert t.caller is None and t.view(0)["scores"]["P1"] == -1


@pytest.mark.parametrize(("mode", "seats"), [("twenty", ["bot:casual", "bot:fast"]),
                                              ("classic", ["human", "bot:partner"])])  # a partner: a typical pace
def test_a_resumed_session_goes_on_as_the_uninterrupted_one(mode, seats):
    s = new_session(mode, seed=8, seats=seats, now=0.0)
    s.tick(200.0)
    t = from_json(s.to_json(), now=200.0)
    s.tick(700.0)
    t.tick(700.0)
    assert t.events == s.events and len(s.events) > 4


def test_solitaire_undo_redo_are_events_and_replay():
    s = new_session("pillars", seed=20261121, now=0.0)
    move = next(m for m in s.game.legal_moves() if m.startswith("move"))
    s.act(0, move, 3.0)
    s.act(0, "undo", 4.0)
    s.act(0, "redo", 5.0)
    assert [e.split(" @")[0] for e in s.events] == [move, "undo", "redo"]
    t = from_json(s.to_json())
    assert t.game.history == s.game.history and t.result()["undos"] == 1


def test_seats_are_checked():
    for bad in (["human", "bot:godlike"], 5, "hh", [1, 2], {}, []):
        with pytest.raises(ValueError):
            new_session("classic", seats=bad)
    s = new_session("classic", seats=["human", "bot:expert"])
    with pytest.raises(IllegalMove, match="bot"):
        s.act(1, "call", 1.0)
    with pytest.raises(IllegalMove, match="no seat"):
        s.act(2, "call", 1.0)
    with pytest.raises(IllegalMove, match="no time"):
        s.act(0, "set 1RDE 2GOH 3PSF @4.00", 1.0)


DAMAGED = [[], {"session": 1, "mode": 5}, {"session": 1, "mode": "classic", "seats": ["human", "bot:godlike"]},
           {"session": 1, "mode": "classic", "events": ["P1 set 1RDE 1RDH 1RDF @1"]},
           {"session": 1, "mode": "classic", "seed": 2**64}, {"session": 1, "mode": "classic", "clock": -1}]


@pytest.mark.parametrize("bad", [json.dumps(d) for d in DAMAGED] + ["{not json"])
def test_a_damaged_save_is_refused_with_a_reason(bad):
    with pytest.raises(ValueError):
        from_json(bad)


def test_a_plain_variant_save_resumes_as_a_session():
    from game import variants

    g = variants.new("points", seed=9)
    g.play(g.legal_moves()[0])
    s = from_json(g.to_json())
    assert s.game.history == g.history and s.mode == "points"


def test_result_says_who_won_and_the_standings():
    s = new_session("classic", seed=5, seats=["bot:expert", "bot:beginner"], now=0.0)
    s.tick(5000.0)
    r = s.result()
    assert r["over"] and r["standings"][0]["player"] == "P1" and r["won"]
    assert r["standings"][0]["score"] >= r["standings"][1]["score"]
    json.dumps(r)


@pytest.mark.parametrize("mode", MODES)
def test_game_match_plays_every_mode_to_its_end_without_pygame(mode):
    code = ("import sys, runpy; sys.modules['pygame'] = None; "
            f"sys.argv = ['game.match', '--mode', '{mode}', '--seed', '5']; "
            "runpy.run_module('game.match', run_name='__main__')")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300,
                         env=env)
    assert run.returncode == 0, run.stderr
    result = json.loads(run.stdout)
    assert result["over"] is True and result["mode"] == mode and result["time"] > 0


def test_a_partner_bot_and_practised_bots_take_their_seats():
    s = new_session("classic", seed=6, seats=["bot:partner", "bot:human"], now=0.0, pace=[8.0],
                    practice={"human": 5000})
    assert s.bots["P1"].level == "partner" and s.bots["P2"].practice == 5000
    s.tick(600.0)
    assert s.over or sum(s.view()["scores"].values()) > 10


@pytest.mark.parametrize("mode", ["junior", "chain", "ultra", "memory", "shuffle"])
def test_bots_play_the_five_online_modes(mode):
    s = new_session(mode, seed=3, seats=["bot:expert", "bot:fast"], now=0.0)
    s.tick(600.0)
    moves = [e for e in s.events if " call " not in e]
    assert len(moves) >= 3 and all(e.startswith(("P1 ", "P2 ")) for e in moves)
    assert max(s.view()["scores"].values()) >= 1
