"""The analysis of a kept game (game/analysis.py, ``python -m game.history show ID --json``): the tables and
their Sets against the engine replayed here, how long Sets stood, the Sets missed at a deal, the time to
find by worth (and against the player's history), Find-all's order, and for the solitaires the first move
after which par could no longer be reached — on games built by playing the par line and leaving it at a
known move."""

from __future__ import annotations

import json
from itertools import combinations

import pytest
from test_history import run_cli

from game import session as sessions
from game.analysis import analyse, par_text, solitaire_analysis, table_analysis
from game.cards import card, code, find_sets, is_set, ultra_pairs
from game.history import Archive
from game.match import names_of, play_out
from game.variants.mags import Mags
from game.variants.pillars import Pillars
from game.variants.points import Points

WORK = 30_000  # each solver question's budget here (the modes' defaults are of the same size)


def keep(folder, s, n=0, names=None):
    """A finished session kept in the archive in ``folder`` and read back whole, as the window keeps one."""
    a = Archive(folder)
    gid = a.add({"mode": s.mode, "kind": s.game.kind, "seed": s.seed, "options": dict(s.options), "level": s.level,
                 "seats": list(s.seats), "names": names or names_of(list(s.seats)),
                 "result": {**s.result(), "summary": {"title": "", "score": ""}}, "events": list(s.events),
                 "call_time": s.call_time, "date": f"2026-11-{1 + n:02d}T10:00:00"})
    g = a.get(gid)
    a.close()
    assert g is not None
    return g


def solo(mode, seed, moves, pace=3.0):
    """A solitaire session played move by move, one every ``pace`` seconds."""
    s = sessions.new_session(mode, seed, None, {}, 0.0)
    for i, m in enumerate(moves):
        s.act(0, m, pace * (i + 1))
    return s


def play_on(s, pace=3.0):
    """Play ``s`` to its end with the mode's plain player."""
    t = s.clock
    memory: dict = {}
    for _ in range(2000):
        if s.over:
            return s
        m = s.game.demo_choice(memory)
        if m is None:
            break
        t += pace
        s.act(0, m, t)
    assert s.over
    return s


# ----- table modes ---------------------------------------------------------------------------------
def engine_tables(g):
    """(time, table) each time the table changed, from the engine replayed here, and the Sets on each found
    by trying every three cards."""
    s = sessions.new_session(g.mode, g.seed, list(g.seats), dict(g.options), 0.0, follow=True,
                             call_time=g.call_time)
    out = [(0.0, list(s.game.view()["table"]))]
    for e in g.events:
        s.apply_event(e)
        if s.game.view()["table"] != out[-1][1]:
            out.append((round(s.clock, 2), list(s.game.view()["table"])))
    return [(t, table, {frozenset(x) for x in combinations(table, 3) if is_set(*map(card, x))}) for t, table in out]


def test_show_json_moments_and_stands_match_the_engine_replayed_independently(tmp_path):
    s = play_out(sessions.new_session("classic", 12, ["human", "bot:expert"], {"players": 2}, 0.0), pace=8.0)
    g = keep(tmp_path, s)
    code_, out, err = run_cli(tmp_path, "show", str(g.id), "--json")
    assert code_ == 0, err
    data = json.loads(out)
    tables = engine_tables(g)
    assert [(m["t"], m["table"]) for m in data["moments"]] == [(t, table) for t, table, _ in tables]
    assert [{frozenset(x) for x in m["sets"]} for m in data["moments"]] == [sets for _, _, sets in tables]
    assert all(len(m["sets"]) == len(sets) for m, (_, _, sets) in zip(data["moments"], tables))
    # every stand: its Set on every table from its start until its end, and gone (or taken) at its end
    for st in data["stands"]:
        key = frozenset(st["set"])
        during = [sets for t, _, sets in tables if st["from"] <= t < st["to"]]
        assert during and all(key in sets for sets in during)
        assert st["stood"] == pytest.approx(st["to"] - st["from"], abs=0.011)
        if st["how"] == "taken":
            assert f"{st['by']} set {' '.join(st['set'])}" in " ".join(g.events) or any(
                e.startswith(f"{st['by']} set") and set(e.split()[2:5]) == key for e in g.events)
    taken = [e for e in g.events if " set " in e]
    assert len([st for st in data["stands"] if st["how"] == "taken"]) == len(taken) == len(data["finds"])
    assert {f["player"] for f in data["finds"]} == {"P1", "P2"}  # the bot found some too
    assert data["par"] is None and data["lost_at"] is None and "your_score" in data


def test_how_long_each_set_took_to_find_by_worth_and_against_the_players_history(tmp_path):
    """Solo Classic with Sets taken at chosen times: each find's seconds are from the later of the Set coming
    onto the table and the previous find; the means by worth; the second game's history is the first's."""
    games = []
    for n, gaps in enumerate(((4.0, 7.0, 2.5, 9.0), (3.0, 5.0, 6.0, 1.5))):
        s = sessions.new_session("classic", 21 + n, None, {}, 0.0)
        t, expect = 0.0, []
        for gap in gaps:
            table = s.game.view()["table"]
            sets = find_sets(card(c) for c in table)
            first = sets[0]
            t += gap
            s.act(0, "set " + " ".join(code(c) for c in first), t)
            expect.append((sorted(code(c) for c in first), sum(len(set(f)) == 3 for f in zip(
                *[(c // 27, c // 9 % 3, c // 3 % 3, c % 3) for c in first]))))
        s.act(0, "end", t + 1.0)
        games.append((keep(tmp_path, s, n, ["You"]), expect, gaps))
    (g1, expect1, gaps1), (g2, expect2, gaps2) = games
    a1 = table_analysis(g1)
    assert [(sorted(f["set"]), f["worth"]) for f in a1["finds"]] == expect1
    # a Set taken stood since 0 or came with the refill; either way not before the last find
    for f, gap in zip(a1["finds"], gaps1):
        assert f["took"] <= gap + 1e-6
    firsts = [f for f in a1["finds"] if f["t"] == gaps1[0]]
    assert firsts[0]["took"] == gaps1[0]
    means = a1["find_times"]["P1"]["by_worth"]
    for w in ("1", "2", "3", "4"):
        took = [f["took"] for f in a1["finds"] if str(f["worth"]) == w]
        assert means[w] == (round(sum(took) / len(took), 2) if took else None)
    a = Archive(tmp_path)
    a2 = analyse(g2, a)
    a.close()
    assert a2["find_times"]["P1"]["history_games"] == 1
    assert a2["find_times"]["P1"]["history"] == means  # the earlier game's means, for the same name
    assert analyse(g1, Archive(tmp_path))["find_times"]["P1"]["history_games"] == 0  # nothing before the first


def test_sets_left_standing_when_a_card_is_added_are_missed(tmp_path):
    s = sessions.new_session("points", 4, None, {}, 0.0)
    assert find_sets(card(c) for c in s.game.view()["table"])
    before = {frozenset(code(c) for c in x) for x in find_sets(card(c) for c in s.game.view()["table"])}
    s.act(0, "add", 5.0)
    s.act(0, "end", 6.0)
    a = table_analysis(keep(tmp_path, s))
    assert len(a["missed"]) == 1 and a["missed"][0]["t"] == 5.0 and a["missed"][0]["event"] == 0
    assert {frozenset(x) for x in a["missed"][0]["sets"]} == before


def test_an_ultraset_table_lists_its_four_card_ultrasets(tmp_path):
    s = play_out(sessions.new_session("ultra", 3, ["human"], {}, 0.0), pace=4.0)
    a = table_analysis(keep(tmp_path, s))
    assert len(a["moments"]) > 5
    for m in a["moments"]:
        brute = {frozenset(x) for x in combinations(m["table"], 4) if ultra_pairs(*map(card, x)) is not None}
        assert {frozenset(x) for x in m["sets"]} == brute and all(len(x) == 4 for x in m["sets"])
    assert a["finds"] and all(1 <= f["worth"] <= 4 for f in a["finds"])


def test_find_all_gives_the_order_the_sets_were_found_and_the_time_each_took(tmp_path):
    s = sessions.new_session("findall", 5, None, {"cards": 9}, 0.0)
    sets = [" ".join(code(c) for c in x) for x in find_sets(card(c) for c in s.game.view()["table"])]
    order = sets[::-1]  # not the order the engine lists them in
    times = [3.0, 4.5, 10.0, 11.0]
    for t, x in zip(times, order):
        s.act(0, "set " + x, t)
    assert s.over
    a = table_analysis(keep(tmp_path, s))
    assert [" ".join(f["set"]) for f in a["finds"]] == order
    assert [f["took"] for f in a["finds"]] == [3.0, 1.5, 5.5, 1.0]
    assert [f["t"] for f in a["finds"]] == times


# ----- solitaires ---------------------------------------------------------------------------------
def best_mags(g: Mags, memo: dict, stack: set) -> int:
    """The most Sets still to make from a Mag's position, by trying every move (no solver): a check."""
    key = (tuple(tuple(p) for p in g.piles), g.round)
    if key in memo:
        return memo[key]
    if key in stack or g.over:
        return 0
    stack.add(key)
    best = 0
    for m in g.legal_moves():
        if m == "end":
            continue
        g.play(m)
        best = max(best, (1 if m.startswith("set") else 0) + best_mags(g, memo, stack))
        g.undo()
    stack.discard(key)
    memo[key] = best
    return best


def leave_par(seed, line, par, bad_from):
    """The first move at or after ``bad_from`` on the par line where some other move loses par (checked by
    trying every line after it): (step, that move)."""
    g = Mags(seed=seed)
    for k, m in enumerate(line):
        if k >= bad_from and g.round >= 8:  # late enough for trying every line to be quick
            for other in g.legal_moves():
                if other in (m, "end"):
                    continue
                g.play(other)
                most = g.score + best_mags(g, {}, set())
                g.undo()
                if most < par:
                    return k, other
        g.play(m)
    raise AssertionError("no losing move found")


@pytest.mark.parametrize("seed", [7, 10, 29])
def test_mags_finds_the_first_move_after_which_par_was_lost(tmp_path, seed):
    par = Mags(seed=seed).deal_par()
    assert par is not None and par.exact and par.score < 27
    k, bad = leave_par(seed, par.line, par.score, 0)
    s = play_on(solo("mags", seed, par.line[:k] + [bad]))
    a = solitaire_analysis(keep(tmp_path, s), WORK)
    assert (a["par"], a["lost_at"], a["proved"]) == (par.score, k, True)
    assert a["your_line"][k] == bad and a["your_score"] == s.game.score < par.score
    assert a["lost_event"] == k  # one event a move here
    # the par line from there makes par, by the rules
    g = Mags(seed=seed)
    for m in par.line[:k] + a["par_line"]:
        g.play(m)
    assert g.score >= par.score
    assert "par lost at move" in par_text(a) and str(k + 1) in par_text(a)


def test_mags_ending_early_loses_par_at_that_move_and_a_par_line_loses_nothing(tmp_path):
    par = Mags(seed=14).deal_par()
    assert par is not None
    s = solo("mags", 14, par.line[:6] + ["end"])
    a = solitaire_analysis(keep(tmp_path, s), WORK)
    assert (a["lost_at"], a["proved"], a["par_line"]) == (6, True, par.line[6:])
    s = play_on(solo("mags", 14, par.line))
    a = solitaire_analysis(keep(tmp_path, s, 1), WORK)
    assert (a["lost_at"], a["your_score"], a["proved"]) == (None, par.score, True) and "par reached" in par_text(a)


def best_points(g: Points, memo: dict) -> int:
    """The most points still to score from a Solitaire-Set position whose deck is empty, by trying every Set."""
    key = tuple(g.table)
    if key not in memo:
        best = 0
        for m in g.legal_moves():
            if m.startswith("set"):
                before = g.score
                g.play(m)
                best = max(best, g.score - before + best_points(g, memo))
                g.undo()
        memo[key] = best
    return memo[key]


@pytest.mark.parametrize("seed", [2, 6])
def test_solitaire_set_finds_where_par_was_lost_late_and_says_not_proved_early(tmp_path, seed):
    par = Points(seed=seed).deal_par()
    assert par is not None and not par.exact
    g = Points(seed=seed)
    step = bad = None
    for k, m in enumerate(par.line):
        if not g.deck and step is None:
            for other in g.legal_moves():
                if other.startswith("set") and other != m:
                    before = g.score
                    g.play(other)
                    lost = before + (g.score - before) + best_points(g, {}) < par.score
                    g.undo()
                    if lost:
                        step, bad = k, other
                        break
        g.play(m)
    assert step is not None  # a Set that scores less than par's, once the deck is empty
    s = play_on(solo("points", seed, par.line[:step] + [bad]))
    a = solitaire_analysis(keep(tmp_path, s), WORK)
    assert a["lost_at"] == step and a["your_line"][step] == bad
    assert a["proved"] is False and a["par_exact"] is False  # a beam's par is a lower bound, never proved
    assert "(not proved)" in par_text(a)


def test_pillars_resigning_loses_the_win_at_that_move_and_the_line_from_there_wins(tmp_path):
    par = Pillars(seed=2).deal_par()
    assert par is not None and par.score == 1
    s = solo("pillars", 2, par.line[:10] + ["resign"])
    a = solitaire_analysis(keep(tmp_path, s), WORK)
    assert (a["par"], a["your_score"], a["lost_at"], a["proved"]) == (1, 0, 10, True)
    g = Pillars(seed=2)
    for m in par.line[:10] + a["par_line"]:
        g.play(m)
    assert g.won and par_text(a).startswith("Par a win · you no win")


def test_show_json_has_par_your_score_and_lost_at_for_a_solitaire(tmp_path):
    par = Mags(seed=7).deal_par()
    assert par is not None
    s = solo("mags", 7, par.line[:4] + ["end"])
    g = keep(tmp_path, s)
    code_, out, err = run_cli(tmp_path, "show", str(g.id), "--json")
    data = json.loads(out)
    assert code_ == 0, err
    assert (data["par"], data["your_score"], data["lost_at"], data["moments"]) == (par.score, s.game.score, 4, [])
    assert data["events"] == g.events  # what show printed before is all still there
    code_, out, _ = run_cli(tmp_path, "show", str(g.id))
    assert code_ == 0 and "par lost at move 5" in out
