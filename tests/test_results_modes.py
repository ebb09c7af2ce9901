"""Results that mean one thing (RULES.md §1, §2, §7): every mode's results name each player's score and
the winner(s), the title says whether you won, ties share a place, Blitz's headline is its Sets, and
Solitaire-Set's chart sums to the score before reshuffles."""

from __future__ import annotations

import pygame
import pytest
from scene_driver import click, step, texts_of, top

from game import variants
from game.cards import code
from game.variants.base import Game
from game.variants.points import reshuffles
from scenes import results as results_scene
from scenes.classic import ClassicScene
from scenes.memory import SHOW
from scenes.results import ResultsScene

RACES = ("junior", "chain", "ultra", "memory", "shuffle")
TUTORIALS_SEEN = RACES
NAMES = {"P1": "You", "P2": "P2 (bot)"}


def start(app, mode: str, seats: list[str], seed: int = 7) -> ClassicScene:
    app.manager.switch(mode, {"seed": seed, "options": {"players": len(seats)}, "seats": seats})
    app.step(0.0)
    step(app, 1.0)
    scene = top(app)
    assert isinstance(scene, ClassicScene) and scene.mode == mode
    return scene


def shown_text(app) -> list[str]:
    """Every line of text the results screen draws."""
    return texts_of(lambda: top(app).draw(app.screen))


@pytest.mark.parametrize("mode", RACES)
def test_a_two_player_race_game_names_each_score_and_the_winning_bot(app, mode, monkeypatch):
    scene = start(app, mode, ["human", "bot:expert"])
    for _ in range(200):  # the bot plays the deal out alone; the person never moves
        if isinstance(top(app), ResultsScene):
            break
        app.step(5.0)
    res = top(app)
    assert isinstance(res, ResultsScene) and scene.game.over and not scene.game.won
    bot = scene.game.points["P2"]
    assert bot > 0 and scene.game.points["P1"] == 0
    text = shown_text(app)
    assert "Bot (expert) wins!" in text and "Well played" not in text
    assert any(line.startswith(f"1. Bot (expert): {bot} points") for line in text)
    assert any(line.startswith("2. You: 0 points") for line in text)
    assert res.data["winners"] == ["P2"] and res.data["kind"] == "normal"
    assert [s["score"] for s in res.data["standings"]] == [bot, 0]


def right_pick(scene) -> list[int]:
    picks = scene.game.picks()
    return list(picks[0]) if picks else []


def test_a_race_game_you_win_says_so_with_both_scores(app, monkeypatch):
    scene = start(app, "junior", ["human", "bot:beginner"])
    for _ in range(40):
        pick = right_pick(scene)
        if not isinstance(top(app), ClassicScene) or not pick:
            break
        for c in pick:
            click(app, scene.sprites[c].pos)
            step(app, 0.05)
        step(app, SHOW + 0.6)
    step(app, 3.0)
    assert isinstance(top(app), ResultsScene) and scene.game.won
    mine, theirs = scene.game.points["P1"], scene.game.points["P2"]
    text = shown_text(app)
    assert mine > theirs and "You win!" in text and f"{mine} · {theirs}" in text
    assert any(line.startswith(f"1. You: {mine} points") for line in text)
    assert any(line.startswith(f"2. Bot (beginner): {theirs} point") for line in text)


def test_ties_share_a_place_and_the_next_place_skips():
    g = variants.new("shuffle", seed=3, players=4)
    assert g.standings({"P1": 2, "P2": 5, "P3": 2, "P4": 1}) == [(1, "P2"), (2, "P1"), (2, "P3"), (4, "P4")]
    assert g.standings({"P1": 3, "P2": 3}) == [(1, "P1"), (1, "P2")]


def test_a_shared_first_place_is_a_draw_for_you_and_a_loss_when_you_are_not_in_it():
    g = variants.new("junior", seed=2, players=3)
    pick = g.picks()[0]
    g.play("P2 set " + " ".join(code(c) for c in pick))
    pick = g.picks()[0]
    g.play("P3 set " + " ".join(code(c) for c in pick))
    g.play("end")
    s = g.summary({"P1": "You", "P2": "P2 (bot)", "P3": "P3 (bot)"})
    assert s["winners"] == ["P2", "P3"] and s["title"] == "P2 (bot) and P3 (bot) win!"
    assert [(x["place"], x["player"]) for x in s["standings"]] == [(1, "P2"), (1, "P3"), (3, "P1")]
    assert s["lines"][0].startswith("1. P2 (bot): 1 point · 1 Set") and s["lines"][1].startswith("1. P3 (bot)")
    assert Game.winners_title(["P1", "P2"], {"P1": "You", "P2": "P2 (bot)"}) == "Draw!"
    assert Game.winners_title(["P1", "P2"], {"P1": "P1", "P2": "P2"}) == "Draw!"  # hot seat: nobody is "You"


@pytest.mark.parametrize("mode", variants.MODES)
def test_every_mode_summary_says_its_kind_and_winners(mode):
    g = variants.new(mode, seed=1)
    for _ in range(400):
        move = g.demo_choice({})
        if g.over or move is None:
            break
        g.play(move)
    if not g.over:
        g.play("end" if "end" in g.VERBS else "resign")
    s = g.summary({"P1": "You"})
    first = [x["player"] for x in s.get("standings", []) if x["place"] == 1]  # several players: first place
    assert s["kind"] == g.kind and s["winners"] == (first if "standings" in s else ["P1"] if g.won else [])
    assert not g.won or "P1" in s["winners"]
    assert {"title", "score", "lines", "stat_score", "by_worth"} <= set(s)


def test_a_solo_race_game_counts_its_picks_in_the_mode_unit_with_the_score_beside():
    g = variants.new("ultra", seed=4)
    for _ in range(3):
        g.play(g.demo_choice({}))
    g.play("P1 miss")
    g.play("end")
    s = g.summary({"P1": "You"})
    assert s["score"] == "3 UltraSets · score 2" and s["stat_score"] == 3
    assert s["title"] == "Game ended" and s["winners"] == [] and s["lines"] == ["1 wrong pick or time-out"]


def blitz_with_a_miss():
    g = variants.new("classic", seed=4, timed="blitz")
    t = 1.0
    for _ in range(5):
        g.play(g.legal_moves()[0] + f" @{t:.2f}")
        t += 1.0
    g.play(f"P1 miss @{t:.2f}")
    g.play(f"end @{g.time_limit:.2f}")  # the session plays this when 3:00 runs out
    return g


def test_blitz_headline_is_the_sets_taken_with_the_score_beside():
    g = blitz_with_a_miss()
    s = g.summary({"P1": "You"})
    assert sum(s["by_worth"]) == 5 and g.score == 4
    assert s["score"] == "5 Sets · score 4" and s["stat_score"] == 5 and s["kind"] == "blitz"
    assert s["lines"] == ["1 wrong pick or time-out"]


def test_the_results_screen_says_the_kind_of_a_mode_with_several(app, monkeypatch):
    g = blitz_with_a_miss()
    app.manager.switch("results", {**g.summary({"P1": "You"}), "mode": "classic", "won": True, "time": 180.0})
    step(app, 0.2)
    text = shown_text(app)
    assert "CLASSIC · BLITZ" in text and "5 Sets · score 4" in text
    app.manager.switch("results", {**variants.new("junior", seed=1).summary({"P1": "You"}), "mode": "junior"})
    step(app, 0.2)
    text = shown_text(app)
    assert "JUNIOR SET" in text and not any(" · " in line and "JUNIOR" in line for line in text)


def points_game(seed: int):
    """A Solitaire-Set game with cards added (Sets worth 1 on 13+ cards) and reshuffles, played out."""
    g = variants.new("points", seed=seed)
    for i in range(200):
        if g.over:
            break
        moves = g.legal_moves()
        sets = [m for m in moves if m.startswith("set")]
        if i % 7 == 3 and "add" in moves:
            g.play("add")
        elif i % 11 == 5 and "reshuffle" in moves:
            g.play("reshuffle")
        elif sets:
            g.play(max(sets, key=lambda m: len(set(m.split()[1:]))))
        elif "add" in moves:
            g.play("add")
        else:
            g.play("end")
    return g


@pytest.mark.parametrize("seed", range(6))
def test_the_points_chart_sums_to_the_score_before_reshuffles(seed):
    g = points_game(seed)
    s = g.summary({"P1": "You"})
    by = s["by_worth"]
    assert sum((k + 1) * n for k, n in enumerate(by)) == g.score + 2 * reshuffles(g.history)
    assert sum(by) == len(g.view()["taken"])


def test_a_megaset_taken_on_more_than_twelve_cards_counts_as_one():
    deck = "1RDE 2GOH 3PSF 1RDH 1ROE 1ROH 1GDE 1GDH 1GOE 1GOH 2RDF 2ROF 2RSE 2RSH 2GDF"
    g = variants.load({"variant": "points", "id": "test", "deck": deck.split()})
    g.play("add")
    g.play("set 1RDE 2GOH 3PSF")
    assert g.score == 1 and g.summary({"P1": "You"})["by_worth"] == [1, 0, 0, 0]
    g.undo()
    assert g.view()["by_worth"] == [0, 0, 0, 0]


def test_the_results_page_fits_a_long_headline(app):
    pygame.font.init()
    assert results_scene.fitted("19 UltraSets · score 19", 70, 400) < 70
    assert results_scene.fitted("5 Sets", 70, 400) == 70
