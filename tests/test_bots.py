"""Bots for Classic and 20/20: reproducible, human-like timing, wrong picks, draws, whole games."""

from __future__ import annotations

import statistics

import pytest

from game import variants
from game.bots import (
    LEVELS,
    PACE_KEEP,
    PARTNER,
    Bot,
    pace_after,
    partner_level,
    practice_after,
    practised,
    prior,
    set_seconds,
    sets_taken,
    simulate,
)
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


# ----- practice ------------------------------------------------------------------------------
def solo_seconds(level: str, games: int, runs: int, **kw) -> list[list[float]]:
    """Seconds a Set, game by game, for one bot playing solo Classic with its practice carried on."""
    out: list[list[float]] = [[] for _ in range(games)]
    for r in range(runs):
        practice = 0
        for k in range(games):
            g = simulate(variants.new("classic", seed=100 * r + k), [Bot("P1", level, r, practice=practice, **kw)])
            out[k] += set_seconds(g.history)
            practice = practice_after(practice, g.history)
    return out


def test_practice_shortens_the_search_not_the_reaction():
    p = practised(LEVELS["human"], 500)
    assert p.scan < LEVELS["human"].scan and p.miss < LEVELS["human"].miss
    assert p.reaction == LEVELS["human"].reaction and p.slope == LEVELS["human"].slope


def test_the_levels_sit_on_one_practice_curve():
    # A beginner with as much practice as "human" stands for scans as fast as "human".
    gap = prior(LEVELS["human"].scan) - prior(LEVELS["beginner"].scan)
    assert practised(LEVELS["beginner"], round(gap)).scan == pytest.approx(LEVELS["human"].scan, rel=0.01)
    assert [round(prior(v.scan)) for v in LEVELS.values()] == sorted(round(prior(v.scan)) for v in LEVELS.values())


def test_a_practised_bot_finds_the_first_set_sooner():
    def median_first(practice: int) -> float:
        bot = Bot("P1", "casual", seed=5, practice=practice)
        firsts = []
        for seed in range(150):
            bot.reset()
            firsts.append(bot.plan(variants.new("classic", seed=seed), 0.0)[0])
        return statistics.median(firsts)

    assert median_first(500) < 0.8 * median_first(0)


def test_bot_counts_the_sets_taken_in_the_game_and_speeds_up():
    g = variants.new("classic", seed=6, players=2)
    me, other = Bot("P1", "beginner", 1), Bot("P2", "fast", 2)
    simulate(g, [me, other], until=lambda g: sets_taken(g.history) >= 10)
    me.plan(g, g.clock)
    assert me.seen == 10 and me.experience == 10 and me.params.scan < LEVELS["beginner"].scan


def test_a_bot_made_again_mid_game_counts_the_same():
    g = simulate(variants.new("classic", seed=6, players=2), bots(2, "casual", 3), until=lambda g: len(g.history) >= 8)
    fresh = Bot("P1", "casual", 3, practice=12)
    fresh.plan(g, g.clock)
    assert fresh.seen == sets_taken(g.history) > 0 and fresh.experience == 12 + fresh.seen


def test_a_bot_shown_an_earlier_position_counts_again():
    g = simulate(variants.new("classic", seed=2), [Bot("P1", "fast", 1)], until=lambda g: len(g.history) >= 3)
    bot = Bot("P1", "fast", 1)
    bot.plan(g, g.clock)
    earlier = variants.new("classic", seed=2)
    earlier.play(g.history[0])
    bot.plan(earlier, earlier.clock)
    assert bot.seen == sets_taken(earlier.history) == 1 and sets_taken(g.history) == 3


def test_a_bot_that_does_not_learn_keeps_its_level():
    g = simulate(variants.new("classic", seed=6), [Bot("P1", "fast", 1)], until=lambda g: len(g.history) >= 6)
    bot = Bot("P1", "fast", 1, practice=300, learns=False)
    bot.plan(g, g.clock)
    assert bot.experience == 0 and bot.params == LEVELS["fast"]


def test_a_beginner_speeds_up_from_game_to_game():
    games = solo_seconds("beginner", 4, 12)
    assert statistics.median(games[3]) < 0.85 * statistics.median(games[0])


def test_an_expert_barely_changes_from_game_to_game():
    games = solo_seconds("expert", 3, 6)
    assert statistics.median(games[2]) > 0.95 * statistics.median(games[0])


def test_practice_game_is_the_same_every_time():
    one = simulate(variants.new("classic", seed=3, players=2), [Bot("P1", "casual", 7, 40), Bot("P2", "human", 7, 90)])
    two = simulate(variants.new("classic", seed=3, players=2), [Bot("P1", "casual", 7, 40), Bot("P2", "human", 7, 90)])
    assert one.history == two.history


@pytest.mark.parametrize("bad", [-1, 2.5, "10", True, None])
def test_bad_practice_is_refused(bad):
    with pytest.raises(ValueError, match="practice is a count of Sets"):
        Bot("P2", "human", practice=bad)
    with pytest.raises(ValueError, match="practice is a count of Sets"):
        practice_after(bad, [])


def test_practice_after_adds_the_sets_taken_by_anyone():
    moves = ["P1 set 1RDE 2GOH 3PSF @5.00", "P2 miss 1RDE 2GOH 3GSF @8.00", "P2 set 1GDE 2POH 3RSF @9.50"]
    assert practice_after(7, moves) == 9 and practice_after(0, []) == 0


# ----- the partner and a person's pace ----------------------------------------------------------
def test_set_seconds_runs_from_the_previous_set_by_anyone():
    moves = ["P2 set 1RDE 2GOH 3PSF @4.00", "P1 miss 1RDE 2GOH 3GSF @6.00", "P1 set 1GDE 2POH 3RSF @10.50",
             "P1 set 1PDE 2ROH 3GSF @30.00"]
    assert set_seconds(moves) == [6.5, 19.5] and set_seconds(moves, "P2") == [4.0]


def test_pace_after_keeps_the_most_recent_times():
    moves = [f"P1 set 1RDE 2GOH 3PSF @{t:.2f}" for t in (10, 25)]
    assert pace_after([], moves) == [10.0, 15.0]
    assert pace_after([30.0] * PACE_KEEP, moves) == [30.0] * (PACE_KEEP - 2) + [10.0, 15.0]


@pytest.mark.parametrize("bad", [[], [0.0], [-3.0], [float("nan")], ["12"], "12", 12.0])
def test_bad_pace_is_refused(bad):
    with pytest.raises(ValueError, match="pace"):
        Bot("P2", PARTNER, pace=bad)


def test_the_partner_needs_a_pace_and_only_the_partner_takes_one():
    with pytest.raises(ValueError, match="needs the person's pace"):
        Bot("P2", PARTNER)
    with pytest.raises(ValueError, match="pace is for the partner"):
        Bot("P2", "human", pace=[12.0])


def test_the_partner_follows_only_the_recent_pace():
    assert partner_level([90.0] * 40 + [12.0] * PACE_KEEP) == partner_level([12.0])
    assert partner_level([12.0]).scan < partner_level([30.0]).scan


@pytest.mark.parametrize("pace", [3.0, 8.0, 30.0, 90.0])
def test_the_partner_takes_about_the_person_s_time_a_set(pace):
    times = [t for ts in solo_seconds(PARTNER, 1, 15, pace=[pace]) for t in ts]
    assert statistics.median(times) == pytest.approx(pace, rel=0.15)


def test_the_partner_does_not_learn_in_the_game():
    g = simulate(variants.new("classic", seed=6), [Bot("P1", "fast", 1)], until=lambda g: len(g.history) >= 6)
    partner = Bot("P1", PARTNER, 1, practice=500, pace=[15.0])
    partner.plan(g, g.clock)
    assert partner.seen == 6 and partner.params == partner_level([15.0])


@pytest.mark.parametrize("bad", [None, "20", [20.0, -1.0]])
def test_pace_after_refuses_a_bad_pace(bad):
    with pytest.raises(ValueError, match="pace"):
        pace_after(bad, [])


def test_a_saved_bot_keeps_its_practice_and_a_partner_its_pace():
    g = variants.new("classic", seed=4, players=2)
    saved = Bot("P2", "casual", 1, practice=50)
    again = Bot("P2", "casual", 1)
    again.set_state(saved.state(), g)
    assert again.practice == 50 and again.params == saved.params
    partner = Bot("P2", PARTNER, 1, pace=[9.0])
    partner.set_state(Bot("P2", PARTNER, 1, pace=[25.0, 30.0]).state(), g)
    assert partner.pace == [25.0, 30.0] and partner.params == partner_level([27.5])


def test_a_damaged_saved_practice_is_ignored():
    g = variants.new("classic", seed=4, players=2)
    bot = Bot("P2", "casual", 1, practice=50)
    bot.set_state({"practice": -3, "plan": None}, g)
    assert bot.practice == 50


def test_a_saved_plan_for_an_earlier_position_is_made_again():
    g = variants.new("classic", seed=8, players=2)
    bot = Bot("P2", "human", seed=1)
    bot.plan(g, 0.0)
    saved = bot.state()
    g.play(g.legal_moves()[0] + " @3.00")  # the bot has not looked since
    again = Bot("P2", "human", seed=1)
    again.set_state(saved, g)
    assert again.due is None and again.plan(g, 3.0) == bot.plan(g, 3.0)


def test_a_bot_plans_from_the_time_as_moves_write_it():
    g = variants.new("classic", seed=8, players=2)
    assert Bot("P2", "human", 1).plan(g, 3.0012) == Bot("P2", "human", 1).plan(g, 3.0)


def test_a_memory_bot_turns_toward_a_set_it_knows_quickly_and_guesses_only_when_it_knows_none():
    from game.session import new_session

    # A whole game at each level, in game time: a guess or a card turned toward a Set begun takes a
    # reaction time, not a search of the table (a guess-heavy bot once took 83 game-minutes).
    minutes, checked = {}, 0
    for level in ("expert", "casual"):
        s = new_session("memory", 3, [f"bot:{level}"], {}, 0.0)
        t = 0.0
        while not s.over and t < 4000:
            t += 0.5
            s.tick(t)
            g = s.game
            if not g.up and not g.over:
                known = [o for o in g.bot_options("P1") if o.difficulty >= 1]
                plan = s.bots["P1"].plan(g, t)
                if known and plan is not None:
                    assert any(plan[1] == o.move for o in known)  # it turns toward what it knows
                    checked += 1
        minutes[level] = t / 60
        assert s.over and s.result()["score"] >= 20
    assert minutes["expert"] < 8 and minutes["casual"] < 40 and minutes["expert"] < minutes["casual"]
    assert checked > 10
