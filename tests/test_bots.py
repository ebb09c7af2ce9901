"""Bots for Classic and 20/20: reproducible, human-like timing, wrong picks, draws, whole games."""

from __future__ import annotations

import statistics

import pytest

from game import variants
from game.bots import LEVELS, Bot, simulate
from game.cards import is_set, parse_cards
from game.rng import deal
from game.variants.twenty import Twenty


def bots(n: int, level: str = "human", seed: int = 0) -> list[Bot]:
    return [Bot(f"P{i + 1}", level, seed) for i in range(n)]


def twenty_position(hands: dict[str, str], table: str, deck: str = "") -> Twenty:
    """A 20/20 game whose state is assigned directly (cards as code strings)."""
    g = variants.new("twenty", seed=0)
    g.hands = {p: parse_cards(hands.get(p, "")) for p in g.players}
    g.table, g.deck = parse_cards(table), parse_cards(deck)
    return g


def per_set_times(level: str, cards: int, tables: int = 150) -> dict[int, list[float]]:
    """Every Set's time to see, by worth, over many Classic tables of ``cards`` cards."""
    bot = Bot("P1", level, seed=11)
    out: dict[int, list[float]] = {1: [], 2: [], 3: [], 4: []}
    for seed in range(tables):
        g = variants.new("classic", seed=seed)
        g.table = deal(seed)[:cards]
        for s in bot.sightings(g, 100.0):
            out[s.worth].append(s.time - 100.0)
    return out


# ----- construction ------------------------------------------------------------
def test_unknown_level_is_refused():
    with pytest.raises(ValueError, match="unknown bot level 'pro'"):
        Bot("P2", "pro")


def test_bad_player_is_refused():
    with pytest.raises(ValueError, match="P1 to P4"):
        Bot("P5")


def test_bot_for_a_player_not_in_the_game_is_refused():
    with pytest.raises(ValueError, match="P3 is not playing"):
        Bot("P3").tick(variants.new("classic", seed=1, players=2), 0.0)


def test_bots_only_play_classic_and_twenty():
    with pytest.raises(ValueError, match="not points"):
        Bot("P1").tick(variants.new("points", seed=1), 0.0)


def test_levels_run_from_slow_to_fast():
    order = ["beginner", "casual", "human", "fast", "expert"]
    assert list(LEVELS) == order
    assert [LEVELS[k].scan for k in order] == sorted((LEVELS[k].scan for k in order), reverse=True)


# ----- timing ------------------------------------------------------------------------
def test_tick_waits_for_the_planned_time_then_plays_with_the_time():
    g = variants.new("classic", seed=4, players=2)
    bot = Bot("P2", "human", seed=1)
    due, move = bot.plan(g, 0.0)
    assert bot.tick(g, due - 0.01) is None
    assert bot.tick(g, round(due + 0.005, 2)) == f"{move} @{round(due + 0.005, 2):.2f}"


def test_human_sees_a_set_on_twelve_cards_in_ten_to_thirty_seconds_typically():
    bot = Bot("P1", "human", seed=5)
    firsts = []
    for seed in range(200):
        bot.reset()  # a fresh look at each deal
        firsts.append(bot.plan(variants.new("classic", seed=seed), 0.0)[0])
    assert 10 <= statistics.median(firsts) <= 30


def test_megasets_take_a_human_longer_to_see_than_one_feature_sets():
    times = per_set_times("human", 12)
    assert statistics.fmean(times[4]) > statistics.fmean(times[1])


def test_a_set_takes_a_human_longer_to_see_on_fifteen_cards_than_on_twelve():
    on12 = [t for ts in per_set_times("human", 12).values() for t in ts]
    on15 = [t for ts in per_set_times("human", 15).values() for t in ts]
    assert statistics.fmean(on15) > statistics.fmean(on12)


def test_expert_is_faster_than_beginner():
    slow = [t for ts in per_set_times("beginner", 12, 60).values() for t in ts]
    quick = [t for ts in per_set_times("expert", 12, 60).values() for t in ts]
    assert statistics.fmean(quick) < statistics.fmean(slow)


# ----- wrong picks -----------------------------------------------------------------------
def planned_moves(level: str, tables: int = 200) -> list[str]:
    bot = Bot("P1", level, seed=2)
    out = []
    for seed in range(tables):
        bot.reset()
        out.append(bot.plan(variants.new("classic", seed=seed), 0.0)[1])
    return out


def test_beginner_sometimes_picks_wrong_with_a_legal_miss():
    misses = [m for m in planned_moves("beginner") if " miss " in m]
    assert misses
    for m in misses:
        assert not is_set(*parse_cards(m.split()[2:]))


def test_expert_never_picks_wrong():
    assert not [m for m in planned_moves("expert") if " miss " in m]


def test_a_wrong_pick_is_played_as_a_legal_miss():
    g = variants.new("classic", seed=0, players=2)
    bot = Bot("P2", "beginner", seed=2)
    for seed in range(200):
        g = variants.new("classic", seed=seed, players=2)
        bot.reset()
        due, move = bot.plan(g, 0.0)
        if " miss " in move:
            break
    g.play(bot.tick(g, due))
    assert g.score == {"P1": 0, "P2": -1}


def test_bot_stops_calling_when_blitz_time_is_up():
    g = variants.new("classic", seed=4, timed="blitz")
    bot = Bot("P1", "expert")
    assert bot.plan(g, 179.0) is not None and bot.tick(g, 180.5) is None and bot.due is None


def test_simulated_blitz_stops_at_three_minutes():
    g = simulate(variants.new("classic", seed=4, timed="blitz"), [Bot("P1", "fast")])
    assert not g.over and g.clock <= 180 and g.score > 5


# ----- 20/20 ---------------------------------------------------------------------------------
def test_twenty_bot_draws_when_it_sees_no_set():
    g = twenty_position({"P1": "1RDE", "P2": "3PSF 1GOH"}, "2GSE 3GSH 2POF 1GDE 1RDH 1ROE", deck="2PDH 3GOF")
    bot = Bot("P2", "human", seed=0)
    due, move = bot.plan(g, 10.0)
    assert move == "P2 draw" and due > 10.0
    g.play(bot.tick(g, due + 0.01))
    assert g.view()["hands"]["P2"] == ["3PSF", "1GOH", "2PDH"]


def test_twenty_bot_with_nine_cards_and_no_set_waits():
    nine = "3GSE 2GDE 3RDF 1RSF 2RDH 1RSE 3GOE 2GOF 3RSH"  # no Set with this table
    g = twenty_position({"P1": "2GOH", "P2": nine}, "2GSF 3GSH 1POE 3PDE 2RSH 2POH")
    assert Bot("P2").plan(g, 0.0) is None


def test_twenty_bot_looks_for_sets_with_its_own_cards():
    # 1RDH 2RDH 3RDH on the table is a Set too, but it would not help P2.
    g = twenty_position({"P1": "1GOH", "P2": "1RDE 2GOH"}, "1RDH 2RDH 3RDH 3PSF 1GSE 2PDF", deck="2PDH")
    seen = Bot("P2", "expert").sightings(g, 0.0)
    assert [s.cards for s in seen] == [tuple(parse_cards("1RDE 2GOH 3PSF"))]


def test_bot_plans_again_when_someone_else_changes_the_table():
    g = variants.new("classic", seed=8, players=2)
    bot = Bot("P2", "human", seed=1)
    first = bot.plan(g, 0.0)
    g.play(g.legal_moves()[0] + " @3.00")  # P1, a person at the same keyboard, takes a Set
    again = bot.plan(g, 3.0)
    assert again != first and again[0] > 3.0


def test_bot_keeps_its_plan_while_nothing_it_sees_changes():
    g = variants.new("twenty", seed=8)
    bot = Bot("P2", "human", seed=1)
    first = bot.plan(g, 0.0)
    g.play("P1 draw @1.00")  # only P1's own cards change
    assert bot.plan(g, 1.0) == first


# ----- whole games ---------------------------------------------------------------------------
def test_bot_game_is_the_same_every_time():
    one = simulate(variants.new("classic", seed=3, players=3), bots(3, "casual", 7)).history
    two = simulate(variants.new("classic", seed=3, players=3), bots(3, "casual", 7)).history
    assert one == two and len(one) > 20


def test_bot_seed_changes_the_game():
    one = simulate(variants.new("classic", seed=3, players=2), bots(2, "human", 1)).history
    two = simulate(variants.new("classic", seed=3, players=2), bots(2, "human", 2)).history
    assert one != two


def test_classic_hand_of_four_bots_finishes():
    g = simulate(variants.new("classic", seed=5, players=4), bots(4), until=lambda g: g.hand > 0)
    assert g.hand == 1 and sum(g.score.values()) > 0
    assert {m.split()[0] for m in g.history} <= {"P1", "P2", "P3", "P4"}


def test_classic_game_of_bots_finishes():
    g = simulate(variants.new("classic", seed=6, players=2), bots(2, "fast"))
    assert g.over and g.view()["deck"] == 0


def test_twenty_game_of_bots_finishes_at_the_target():
    g = simulate(variants.new("twenty", seed=5, players=3), bots(3, "human", 4))
    assert g.over and max(g.score.values()) >= 30
    verbs = {m.split()[1] for m in g.history}
    assert {"set", "draw"} <= verbs


def test_twenty_bot_game_replays_from_its_history():
    g = simulate(variants.new("twenty", seed=9), bots(2, "casual", 3))
    assert variants.from_json(g.to_json()).view() == g.view()


def test_bots_and_a_person_mix():
    g = variants.new("classic", seed=12, players=2)
    bot = Bot("P2", "beginner", seed=0)
    g.play(g.legal_moves()[0] + " @1.00")  # the person (P1) is quick
    simulate(g, [bot], until=lambda g: len(g.history) >= 4)
    assert [m.split()[0] for m in g.history] == ["P1", "P2", "P2", "P2"]
