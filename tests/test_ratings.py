"""Ratings (game/ratings.py): a rated game moves the window's person the right way, ties share a place, bots
keep their fixed ratings, a game alone is not rated; the ratings file and the bots' table are read field by
field; the results and stats screens show the rating."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from scene_driver import make_app, step, texts_of, top

from game import ratings as R
from game.practice import LEVELS
from game.ratings import PROVISIONAL_SIGMA, Rating, RatingBook, book_of, load_bots, places_of, rate_seat
from game.session import new_session
from game.variants import MODES, game_class, games
from scenes.classic import ClassicScene
from scenes.results import ResultsScene
from sprites.audio import shut_down

ROOT = Path(__file__).resolve().parent.parent
TUTORIALS_SEEN = ("junior",)  # the app fixture starts with these modes' tutorials seen
BOTS: R.BotTable = {"classic": {"expert": (40.0, 1.0), "beginner": (10.0, 1.0), "fast": (30.0, 1.0)}}


def standing(seat: int, score: float, kind: str = "human") -> dict:
    return {"player": f"P{seat + 1}", "seat": seat, "kind": kind, "score": score}


def result(*rows: dict, lower: bool = False) -> dict:
    return {"standings": list(rows), "lower_is_better": lower}


def book(tmp_path, bots: R.BotTable | None = None) -> tuple[RatingBook, list[str]]:
    notices: list[str] = []
    return RatingBook(tmp_path, notices.append, list(MODES), (BOTS if bots is None else bots, [])), notices


# ----- the update ---------------------------------------------------------------------------------
def test_the_winner_goes_up_and_the_loser_down_and_sigma_shrinks():
    me, other = Rating(), Rating()
    won = rate_seat([me, other], [1, 2], 0)
    lost = rate_seat([me, other], [2, 1], 0)
    assert won.mu > me.mu > lost.mu and won.sigma < me.sigma and lost.sigma < me.sigma
    assert won.games == lost.games == 1


def test_beating_a_stronger_opponent_gains_more_and_losing_to_a_weaker_one_costs_more():
    me = Rating()
    assert rate_seat([me, Rating(40, 1)], [1, 2], 0).mu > rate_seat([me, Rating(10, 1)], [1, 2], 0).mu > me.mu
    assert rate_seat([me, Rating(10, 1)], [2, 1], 0).mu < rate_seat([me, Rating(40, 1)], [2, 1], 0).mu < me.mu


def test_a_tie_between_equals_keeps_mu_and_a_tie_with_a_stronger_one_moves_up():
    me = Rating()
    tie = rate_seat([me, Rating()], [1, 1], 0)
    assert tie.mu == pytest.approx(me.mu) and tie.sigma < me.sigma
    assert rate_seat([me, Rating(40, 1)], [1, 1], 0).mu > me.mu > rate_seat([me, Rating(10, 1)], [1, 1], 0).mu


def test_places_come_from_scores_ties_sharing_and_lower_is_better_reversing():
    rows = places_of(result(standing(1, 7, "bot:fast"), standing(0, 4), standing(2, 4, "bot:casual")))
    assert rows == [(1, 1, "bot:fast"), (0, 2, "human"), (2, 2, "bot:casual")]
    assert [(s, p) for s, p, _ in places_of(result(standing(0, 30.5), standing(1, 60.0), lower=True))] == \
        [(0, 1), (1, 2)]
    given = result({**standing(0, 1), "place": 2}, {**standing(1, 1), "place": 1})
    assert [(s, p) for s, p, _ in places_of(given)] == [(0, 2), (1, 1)]
    assert places_of({"standings": "x"}) is None and places_of(result(standing(0, "a"), standing(1, 2))) is None
    assert places_of(result(standing(0, 1), standing(0, 2))) is None  # one seat twice


def test_a_session_result_rates_the_person_against_a_bot(tmp_path):
    s = new_session("classic", seed=3, seats=["human", "bot:expert"])
    rows = s.result()["standings"]
    assert {r["seat"] for r in rows} == {0, 1}
    b, _ = book(tmp_path)
    change = b.rate_game("classic", {**s.result(), "standings": [standing(0, 0), standing(1, 5, "bot:expert")]})
    assert change is not None and change.after.mu < change.before.mu and b.get("classic").games == 1


# ----- who is rated -------------------------------------------------------------------------------
def test_bots_keep_their_fixed_ratings_whatever_happens(tmp_path):
    b, _ = book(tmp_path)
    fixed = json.dumps(BOTS)
    for k in range(5):
        b.rate_game("classic", result(standing(0, k % 2), standing(1, 1 - k % 2, "bot:expert"),
                                      standing(2, 0, "bot:beginner")))
    assert json.dumps(b.bots) == fixed and set(b.ratings) == {"classic"} and b.get("classic").games == 5
    assert R.bot_rating(b.bots, "classic", "expert") == Rating(40.0, 1.0)


def test_beating_the_expert_gains_more_than_beating_the_beginner(tmp_path):
    gains = {}
    for level in ("expert", "beginner"):
        b, _ = book(tmp_path / level)
        c = b.rate_game("classic", result(standing(0, 9), standing(1, 2, f"bot:{level}")))
        gains[level] = c.after.points - c.before.points
    assert gains["expert"] > gains["beginner"] > 0


def test_a_game_with_no_opponent_a_bot_seat_or_a_bad_result_is_not_rated(tmp_path):
    b, _ = book(tmp_path)
    assert b.rate_game("classic", result(standing(0, 12))) is None
    assert b.rate_game("classic", result(standing(0, 1, "bot:fast"), standing(1, 2, "bot:expert"))) is None
    assert b.rate_game("classic", result(standing(0, 1), standing(1, 2)), seat=3) is None
    assert b.rate_game("nope", result(standing(0, 1), standing(1, 2))) is None
    assert b.rate_game("classic", {"standings": None}) is None
    assert b.ratings == {} and not (tmp_path / R.FILE).exists()


def test_online_rates_only_the_window_s_own_seat_and_other_people_stand_as_newcomers(tmp_path):
    b, _ = book(tmp_path)
    c = b.rate_game("twenty", result(standing(0, 9, "remote"), standing(1, 3, "human"), standing(2, 1, "remote")),
                    seat=1)
    assert c is not None and c.after.mu == pytest.approx(rate_seat([Rating()] * 3, [1, 2, 3], 1).mu)
    assert set(b.ratings) == {"twenty"}


def test_the_partner_stands_at_the_person_s_own_rating(tmp_path):
    b, _ = book(tmp_path)
    b.ratings["classic"] = Rating(31.0, 2.0, 12)
    c = b.rate_game("classic", result(standing(0, 5), standing(1, 5, "bot:partner")))
    assert c.after.mu == pytest.approx(31.0, abs=0.05) and c.after.games == 13


def test_provisional_until_sigma_is_below_the_threshold_and_the_texts():
    assert Rating(25, PROVISIONAL_SIGMA).provisional and not Rating(25, PROVISIONAL_SIGMA - 0.01).provisional
    assert R.shown(Rating(25.2, 1.5)) == "1512 ± 180" and R.shown(Rating()) == "1500 ± 1000"
    assert R.change_text(Rating(25.0, 3.0), Rating(25.5, 2.5, 9)) == "Rating 1530 ± 300 (+30)"
    assert R.change_text(Rating(), Rating(24.0, 8.0, 1)).endswith("(−60) · provisional")
    r = Rating()
    for k in range(60):  # a steady player against an equal bot: provisional for a while, then not
        r = rate_seat([r, Rating(25, 1)], [1 + k % 2, 2 - k % 2], 0)
        if not r.provisional:
            break
    assert 10 < r.games < 60


# ----- the ratings file ---------------------------------------------------------------------------
def test_the_ratings_file_round_trips(tmp_path):
    b, notices = book(tmp_path)
    b.rate_game("classic", result(standing(0, 3), standing(1, 1, "bot:fast")))
    b.rate_game("junior", result(standing(0, 0), standing(1, 4, "bot:casual")))
    again, _ = book(tmp_path)
    assert {m: (round(r.mu, 6), round(r.sigma, 6), r.games) for m, r in again.ratings.items()} == \
        {m: (round(r.mu, 6), round(r.sigma, 6), r.games) for m, r in b.ratings.items()}
    assert set(again.ratings) == {"classic", "junior"} and notices == []
    data = json.loads((tmp_path / R.FILE).read_text())
    assert data["version"] == 1 and set(data["modes"]["classic"]) == {"mu", "sigma", "games"}


@pytest.mark.parametrize("text", ["{not json", "[1, 2]", '{"version": 9, "modes": {}}', "\xff\xfe"])
def test_a_damaged_ratings_file_is_set_aside_with_a_notice(tmp_path, text):
    (tmp_path / R.FILE).write_bytes(text.encode("utf-8", "surrogateescape") if text != "\xff\xfe" else b"\xff\xfe")
    b, notices = book(tmp_path)
    assert b.ratings == {} and len(notices) == 1 and "set aside" in notices[0]
    assert list(tmp_path.glob(f"{R.FILE}.damaged-*")) and not (tmp_path / R.FILE).exists()


def test_bad_entries_are_skipped_the_rest_kept_and_written_back(tmp_path):
    (tmp_path / R.FILE).write_text(json.dumps({"version": 1, "modes": {
        "classic": {"mu": 27.5, "sigma": 3.0, "games": 8},
        "junior": {"mu": "high", "sigma": 3.0, "games": 8},
        "chain": {"mu": 20.0, "sigma": 0, "games": 2},
        "ultra": {"mu": 20.0, "sigma": 2.0, "games": -1},
        "twenty": [1],
        "gone": {"mu": 20.0, "sigma": 2.0, "games": 1}}}))
    b, notices = book(tmp_path)
    assert b.ratings == {"classic": Rating(27.5, 3.0, 8)}
    assert len(notices) == 1 and "junior.mu" in notices[0] and "set aside" in notices[0]
    assert list(tmp_path.glob(f"{R.FILE}.damaged-*"))
    assert json.loads((tmp_path / R.FILE).read_text())["modes"] == {"classic": {"mu": 27.5, "sigma": 3.0, "games": 8}}


# ----- the bots' table ----------------------------------------------------------------------------
def test_the_shipped_bot_ratings_are_valid_ordered_and_cover_every_bot_mode_and_level():
    table, problems = load_bots()
    assert problems == []
    for cls in games("BOTS"):
        mus = [table[cls.NAME][level][0] for level in LEVELS]
        assert mus == sorted(mus) and len(set(mus)) == len(mus), cls.NAME  # beginner < … < expert


@pytest.mark.parametrize("body, problem", [
    (None, "is missing"),
    ("{oops", "not valid JSON"),
    (json.dumps({"version": 2, "modes": {}}), "version is not 1"),
    (json.dumps({"version": 1, "modes": []}), "modes is not an object"),
])
def test_a_bad_bot_table_is_refused_with_a_message_and_the_ladder_stands_in(tmp_path, body, problem):
    path = tmp_path / "ratings.json"
    if body is not None:
        path.write_text(body)
    table, problems = load_bots(path)
    assert table == {} and len(problems) == 1 and problem in problems[0] and "ladder" in problems[0]
    assert R.bot_rating(table, "classic", "expert") == Rating(*R.DEFAULT_BOTS["expert"])


def test_a_bad_bot_entry_is_skipped_and_the_good_ones_kept(tmp_path):
    path = tmp_path / "ratings.json"
    path.write_text(json.dumps({"version": 1, "modes": {"classic": {
        "fast": {"mu": 31.0, "sigma": 1.2}, "expert": {"mu": 1e9, "sigma": 1.0}, "human": {"mu": 25.0},
        "casual": "x"}, "junior": 3}}))
    table, problems = load_bots(path)
    assert table == {"classic": {"fast": (31.0, 1.2)}}
    assert len(problems) == 1 and all(w in problems[0] for w in ("classic.expert", "classic.human", "skipped"))
    assert R.bot_rating(table, "classic", "expert") == Rating(*R.DEFAULT_BOTS["expert"])


def test_the_bot_table_s_problems_reach_the_player_s_notices(tmp_path):
    notices: list[str] = []
    RatingBook(tmp_path, notices.append, list(MODES), ({}, ["The bots' ratings file x is missing; ..."]))
    assert notices == ["The bots' ratings file x is missing; ..."]


def test_the_calibration_tool_rates_levels_in_order(tmp_path):
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "calibrate_bots.py"), "--games", "1", "--modes",
                          "junior", "--dry-run"], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    problems: list[str] = []
    table = R.clean_bots(data, problems)
    assert problems == [] and list(table) == ["junior"]
    assert table["junior"]["expert"][0] > table["junior"]["beginner"][0]


# ----- the screens --------------------------------------------------------------------------------
def play_against_the_expert(app) -> ResultsScene:
    app.manager.switch("junior", {"seed": 7, "options": {"players": 2}, "seats": ["human", "bot:expert"]})
    app.step(0.0)
    step(app, 1.0)
    assert isinstance(top(app), ClassicScene)
    for _ in range(200):  # the bot plays the deal out alone; the person never moves
        if isinstance(top(app), ResultsScene):
            break
        app.step(5.0)
    res = top(app)
    assert isinstance(res, ResultsScene)
    return res


def test_the_results_screen_shows_the_new_rating_and_its_change_after_a_rated_game(app, monkeypatch):
    res = play_against_the_expert(app)
    rating = res.data["rating"]
    assert rating["after"]["games"] == 1 and rating["after"]["mu"] < rating["before"]["mu"]
    line = res.rating_line()
    assert line.startswith("Rating ") and "(−" in line and line.endswith("· provisional")
    assert line in texts_of(lambda: res.draw(app.screen))
    assert book_of(app.store).get("junior").games == 1 and (app.store.dir / R.FILE).exists()


def test_a_solo_game_shows_no_rating_and_writes_no_file(app):
    app.manager.switch("results", {"mode": "classic", "title": "Well played", "score": "27", "won": True,
                                   "time": 300.0, "lines": []})
    step(app, 0.1)
    assert top(app).rating_line() == "" and app.rate_game("classic", result(standing(0, 27))) is None
    assert not (app.store.dir / R.FILE).exists()


@pytest.mark.parametrize("size", [(640, 400), (800, 600), (1920, 1080)])
def test_the_stats_screen_shows_each_rated_mode_s_rating_and_the_texts_fit(tmp_path, size):
    a = make_app(tmp_path, size=size)
    try:
        book_of(a.store).ratings.update({"junior": Rating(26.2, 5.5, 4), "classic": Rating(33.4, 2.9, 40)})
        a.record_result("classic", {"won": True, "time": 36000.0, "score": 100})
        a.manager.switch("stats", {"today": "2026-11-26"})
        step(a, 0.1)
        scene = top(a)
        rows = {row[0]: row[-1] for row in scene.rows()}
        assert rows["Classic · Normal"] == "2004 ± 348" and rows["Classic · Sprint"] == ""
        assert rows[game_class("junior").TITLE] == "1572? ± 660" and rows["Solitaire-Set"] == "—"
        texts = [rect for text, _, rect in scene.cells() if text]
        assert all(scene.table.contains(r) or r.bottom <= scene.table.top + scene.u for r in texts)
        assert not any(r.inflate(6, 0).colliderect(o) for i, r in enumerate(texts) for o in texts[i + 1:])
    finally:
        shut_down()
