"""The solvers: Pillars wins and proofs, Mag's par, Solitaire-Set par, find-all tables, the command line."""

from __future__ import annotations

import importlib.util

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.cards import card, code, find_sets, is_cap, is_set, parse_cards
from game.rng import deal
from game.solver import findall, mags, pillars, points
from game.solver.__main__ import main
from game.solver.mags_bound import Packer, least_left
from game.solver.tables import dead_mask, is_cap_mask, mask_of
from game.solver.verify import replay_pillars

ENGINES = importlib.util.find_spec("game.variants.pillars") is not None
needs_engines = pytest.mark.skipif(not ENGINES, reason="the Pillars and Mag's engines are not here yet")


def position(*columns: str, oracles: str = "3GOE 3GOH 3GOF") -> dict:
    """A Pillars position as a level: columns bottom first, as codes."""
    return {"id": "test", "columns": [c.split() for c in columns] + [[]] * (6 - len(columns)),
            "oracles": oracles.split()}


# ----- Pillars, hand-made positions ---------------------------------------
def test_pillars_bases_only_win_by_one_set():
    r = pillars.solve(level=position("1RDE", "1RDH", "1RDF", "2RDE", "3GDE", "2PSF"))
    assert (r.status, r.moves) == ("win", ["set 1RDE 1RDH 1RDF"])


def test_pillars_move_that_turns_the_last_foundation_up_wins():
    # 2GOH is face down under 1ROH; 1ROH shares exactly number and color with 1RDE.
    r = pillars.solve(level=position("3PSE 2GOH 1ROH", "1RDE"))
    assert (r.status, r.moves) == ("win", ["move 1ROH > 2"])


def test_pillars_no_move_at_all_is_proved_lost():
    r = pillars.solve(level=position("1RDE 2GOH 3PSF"))
    assert r.status == "none" and r.moves == []


def test_pillars_foundation_up_but_set_left_buried_is_lost():
    # After the only move, 1RDE 2GOH 3PSF is a Set among all cards, but 2GOH lies under 3PSF.
    r = pillars.solve(level=position("2GOH 3PSF 1ROH", "1RDE"))
    assert r.status == "none"


def test_pillars_base_stays_while_a_foundation_is_down():
    # The only Set uses base 1RDF while 2GOH is still face down under 1RDH.
    r = pillars.solve(level=position("3PSE 2GOH 1RDH", "1RDE", "1RDF"))
    assert r.status == "none"


def test_pillars_oracles_win_where_samson_cannot():
    pos = position("3PSE 2GOH 1ROH", oracles="1RDH 1RSH 3GOE")
    assert pillars.solve(level=pos).status == "none"
    r = pillars.solve(level=pos, oracles=True)
    assert (r.status, r.moves) == ("win", ["oracle side", "oracle side", "set 1RDH 1ROH 1RSH"])


def test_pillars_deal_line_replays_to_a_win_in_the_model():
    r = pillars.solve(seed=4, limit=30)
    assert r.status == "win"
    cols, oracles = pillars.layout(seed=4)
    replay_pillars(cols, oracles, r.moves)  # raises if any move is illegal or the win is not exact


def test_pillars_replay_refuses_a_losing_line():
    cols, oracles = pillars.layout(level=position("3PSE 2GOH 1ROH", "1RDE", "1RDF"))
    with pytest.raises(ValueError, match="not won"):
        replay_pillars(cols, oracles, ["move 1ROH > 3"])


def test_pillars_replay_refuses_a_move_without_its_column():
    cols, oracles = pillars.layout(level=position("3PSE 2GOH 1ROH", "1RDE", "1RDF"))
    for line in (["move 1ROH"], ["move 1ROH side"], ["move 1ROH > 9"], ["oracle > 9"]):
        with pytest.raises(ValueError, match="name a column 1 to 6"):
            replay_pillars(cols, oracles, line)


def test_pillars_undecided_when_the_work_runs_out():
    r = pillars.solve(seed=3, limit=30, max_nodes=2)
    assert r.status == "undecided" and r.moves == []


def test_pillars_layout_needs_a_seed_or_a_level():
    with pytest.raises(ValueError, match="seed or a level"):
        pillars.layout()


def test_dead_cards_are_those_no_live_pair_can_complete():
    present = mask_of(parse_cards("1RDE 1RDH 1RDF 2GOH"))
    assert dead_mask(present, present) == mask_of([card("2GOH")])


@settings(max_examples=60, deadline=None)
@given(st.sets(st.integers(0, 80), max_size=20))
def test_cap_mask_agrees_with_is_cap(cards):
    assert is_cap_mask(mask_of(cards)) == is_cap(cards)


@settings(max_examples=60, deadline=None)
@given(st.sets(st.integers(0, 80), max_size=30))
def test_dead_cards_never_make_a_set_with_two_live_cards(cards):
    present = mask_of(cards)
    dead = dead_mask(present, present)
    live = [c for c in cards if not dead >> c & 1]
    for d in cards:
        if dead >> d & 1:
            assert not any(is_set(d, a, b) for a in live for b in live if a < b)


@needs_engines
@pytest.mark.parametrize("seed", [4, 6, 9])
def test_pillars_line_wins_as_samson_in_the_engine(seed):
    from game import variants

    r = pillars.solve(seed=seed, limit=30)
    g = variants.new("pillars", seed=seed)
    for m in r.moves:
        g.play(m)
    assert g.won and g.title == "Samson"


@needs_engines
def test_pillars_oracle_line_wins_in_the_engine_without_the_title():
    from game import variants

    r = pillars.solve(seed=40, oracles=True, limit=30)
    assert r.moves[0] == "oracle side"
    g = variants.new("pillars", seed=40)
    for m in r.moves:
        g.play(m)
    assert g.won and g.title is None


def test_pillars_with_oracles_prefers_a_samson_line():
    r = pillars.solve(seed=4, oracles=True, limit=30)
    assert r.status == "win" and not any(m.startswith("oracle") for m in r.moves)


# ----- Mag's ---------------------------------------------------------------
def greedy_mags(cards: list[int], piles: int = 9) -> int:
    """Take any Set among the tops (first found) until none, then deal; no moves."""
    stacks: list[list[int]] = [[] for _ in range(piles)]
    made = 0
    for r in range(len(cards) // piles):
        for p, c in zip(stacks, cards[piles * r:piles * (r + 1)]):
            p.append(c)
        while sets := find_sets(p[-1] for p in stacks if p):
            for c in sets[0]:
                next(p for p in stacks if p and p[-1] == c).pop()
            made += 1
    return made


def replay_mags(cards: list[int], moves: list[str], piles: int = 9) -> int:
    """The Sets a Mag's line makes, every move checked against the rules (first round already dealt)."""
    from game.move import Move

    stacks = [[c] for c in cards[:piles]]
    dealt, made = 1, 0
    for text in moves:
        m = Move.parse(text)
        tops = [p[-1] if p else None for p in stacks]
        if m.verb == "set":
            assert is_set(*m.cards) and all(c in tops for c in m.cards), text
            for c in m.cards:
                stacks[tops.index(c)].pop()
            made += 1
        elif m.verb == "move":
            assert not stacks[m.target - 1] and m.cards[0] in tops, text
            stacks[m.target - 1].append(stacks[tops.index(m.cards[0])].pop())
        else:
            assert m.verb == "deal" and dealt * piles < len(cards), text
            for p, c in zip(stacks, cards[piles * dealt:piles * (dealt + 1)]):
                p.append(c)
            dealt += 1
    return made


def brute_mags(cards: list[int], piles: int) -> int:
    """The most Sets by exhaustive search over every legal move, straight from the rules."""
    memo: dict[tuple, int] = {}

    def best(st: tuple, dealt: int) -> int:
        key = (st, dealt)
        if key in memo:
            return memo[key]
        memo[key] = 0  # a cycle of moves makes nothing
        out = 0
        tops = [(p[-1], i) for i, p in enumerate(st) if p]
        for s in find_sets(c for c, _ in tops):
            nxt = [list(p) for p in st]
            for c, i in tops:
                if c in s:
                    nxt[i].pop()
            out = max(out, 1 + best(tuple(map(tuple, nxt)), dealt))
        for j, p in enumerate(st):
            if not p:
                for _, i in tops:
                    nxt = [list(q) for q in st]
                    nxt[j].append(nxt[i].pop())
                    out = max(out, best(tuple(map(tuple, nxt)), dealt))
        if dealt * piles < len(cards):
            new = cards[piles * dealt:piles * (dealt + 1)]
            out = max(out, best(tuple(p + (c,) for p, c in zip(st, new)), dealt + 1))
        memo[key] = out
        return out

    return best(tuple((c,) for c in cards[:piles]), 1)


def fewest_left(cards: frozenset, stay: frozenset) -> int:
    """The fewest of ``cards`` left after taking disjoint Sets that avoid ``stay``, by exhaustive search."""
    free = sorted(cards - stay)
    best = len(cards)
    for s in find_sets(free):
        best = min(best, fewest_left(cards - set(s), stay))
    return best


@settings(max_examples=80, deadline=None)
@given(st.sets(st.integers(0, 80), max_size=10), st.data())
def test_mags_least_left_is_a_floor_on_the_cards_that_stay(cards, data):
    stay = data.draw(st.sets(st.sampled_from(sorted(cards)), max_size=3) if cards else st.just(set()))
    assert least_left(mask_of(cards), mask_of(stay)) <= fewest_left(frozenset(cards), frozenset(stay))


def test_mags_one_dead_card_keeps_two_more_back():
    # Six cards summing to zero, no Set through 1RDE: whatever else stays must make up
    # a Set with 1RDE, so nothing can go (counting dead cards alone would allow one Set).
    cards = mask_of(parse_cards("1RDE 1RDH 1ROE 1ROH 1GDE 1POH"))
    assert least_left(cards, mask_of(parse_cards("1RDE"))) == 6


@pytest.mark.parametrize("seed", [1, 2, 7])
def test_mags_par_beats_greedy_and_its_line_makes_that_many_sets(seed):
    sets, exact, moves = mags.par(seed=seed, limit=2)
    assert sets >= greedy_mags(deal(seed))
    assert replay_mags(deal(seed), moves) == sets


@pytest.mark.parametrize("seed", range(1, 13))
def test_mags_exact_par_agrees_with_brute_force_on_small_games(seed):
    cards = deal(seed)[:12]
    sets, exact, moves = mags.par(deck=cards, piles=4, limit=30)
    assert exact
    assert sets == brute_mags(cards, 4)
    assert replay_mags(cards, moves, 4) == sets


def set_rich_deck(seed: int, n: int) -> list[int]:
    """``n`` cards of the 27 sharing the last feature: Sets come often, so piles empty and lone cards lie
    about, and every rule of play (moves, lay-outs, the last empty pile filled) comes into the search."""
    from game.cards import features
    from game.rng import Rng

    sub = [c for c in range(81) if features(c)[3] == 0]
    Rng(seed).shuffle(sub)
    return sub[:n]


@pytest.mark.parametrize("seed", [23, 44, *range(1, 16)])
def test_mags_exact_par_agrees_with_brute_force_on_set_rich_games(seed):
    # 23: the best line fills the last empty pile with the lone cards in another order than first
    # reached; 44: 25 cards summing to zero, where one Set short of all does end a game
    cards = set_rich_deck(seed, 25)
    sets, exact, moves = mags.par(deck=cards, piles=5, nodes=10**7)
    assert exact and sets == brute_mags(cards, 5)
    assert replay_mags(cards, moves, 5) == sets


def test_mags_a_jammed_deal_gets_a_proved_par():
    # seed 99 jams in its third round: no bound on the cards alone proves its par of 9, but the rounds
    # to come are the same whatever lies under them
    assert mags.par(seed=99) == (9, True, mags.par(seed=99).moves)
    solver = mags._Par(deal(99), None, nodes=10**6)
    after = solver._after_deal(5)
    assert after is not None
    row = deal(99)[36:45]
    for under in ([(c,) for c in deal(99)[:9]], [(c, d) for c, d in zip(deal(99)[9:18], deal(99)[18:27])]):
        piles = tuple(u + (c,) for u, c in zip(under, row))
        assert solver._ahead(piles, 5, 10**6) == after


def most_disjoint_sets(cards: list[int]) -> int:
    """The most disjoint Sets among ``cards``, by trying every way."""
    if len(cards) < 3:
        return 0
    first, rest = cards[0], cards[1:]
    best = most_disjoint_sets(rest)
    for i, a in enumerate(rest):
        for b in rest[i + 1:]:
            if is_set(first, a, b):
                best = max(best, 1 + most_disjoint_sets([c for c in rest if c not in (a, b)]))
    return best


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(0, 80), min_size=3, max_size=13, unique=True), st.integers(1, 4))
def test_mags_packer_answers_as_trying_every_way_does(cards, t):
    packer = Packer(10**6)
    assert packer.fits(mask_of(cards), t) == (most_disjoint_sets(cards) >= t)
    # what it learnt is kept and agrees on asking again, and when it gives up it answers yes
    assert packer.fits(mask_of(cards), t) == (most_disjoint_sets(cards) >= t)
    assert Packer(0).fits(mask_of(cards), t) or 3 * t > len(cards)


def test_mags_packing_cuts_what_the_count_of_dead_cards_cannot():
    # nine cards, none dead, summing to zero: the count allows three Sets, but 1RDE is in every Set
    cards = parse_cards("1RDE 2RDE 3RDE 1GDE 1PDE 1RDH 1RDF 2GDH 3PDF")
    assert all(is_set(*parse_cards(s)) for s in ["1RDE 2RDE 3RDE", "1RDE 1GDE 1PDE"])
    mask = mask_of(cards)
    assert (len(cards) - least_left(mask, dead_mask(mask, mask))) // 3 > most_disjoint_sets(cards)
    assert Packer(1_000).fits(mask, most_disjoint_sets(cards))
    assert not Packer(1_000).fits(mask, most_disjoint_sets(cards) + 1)


@pytest.mark.parametrize(("seed", "at", "after"), [(56, 5, 3), (7, 9, 0)])
def test_mags_a_deal_that_jams_splits_into_the_rounds_before_it_and_a_known_rest(seed, at, after):
    # 56: rounds 5, 6 and 7 hold no Set, so deal 5 buries all before it for good; 7: the last round
    # holds no Set.  The par is the par of the game cut short before that deal, plus what follows.
    solver = mags._Par(deal(seed), None, nodes=10**6)
    assert [solver._after_deal(r) for r in range(2, at + 1)] == [None] * (at - 2) + [after]
    sets, exact, moves = mags.par(seed=seed)
    head = mags.par(deck=deal(seed)[:9 * (at - 1)], nodes=10**6)
    assert exact and head.exact and sets == head.sets + after
    assert moves[:len(head.moves)] == head.moves and moves[len(head.moves)] == "deal"
    assert replay_mags(deal(seed), moves) == sets


def test_mags_par_refuses_a_deck_with_a_repeated_card():
    with pytest.raises(ValueError, match="different cards"):
        mags.par(deck=[0] * 81)


@needs_engines
@pytest.mark.parametrize("seed", [3, 7])
def test_mags_line_replays_in_the_engine(seed):
    from game import variants

    sets, _, moves = mags.par(seed=seed, limit=2)
    g = variants.new("mags", seed=seed)
    for m in moves:
        g.play(m)
    assert g.score == sets


# ----- Solitaire-Set with points -----------------------------------------------
def test_points_par_replays_to_its_score_and_plays_out():
    from game import variants

    score, moves = points.par(seed=2, limit=1)
    g = variants.new("points", seed=2)
    for m in moves:
        g.play(m)
    assert (g.score, g.over) == (score, True)


def test_points_par_is_at_least_the_greedy_line():
    greedy = points._beam(points._State(deal(5)[:12], deal(5)[12:], 0, 0, []), 1, points._Budget(None, None))
    score, _ = points.par(seed=5, limit=1)
    assert score >= greedy.score


# ----- find-all -------------------------------------------------------------
@pytest.mark.parametrize(("level", "size", "sets"), [("basic", 9, 4), ("advanced", 12, 6)])
def test_findall_puzzle_holds_exactly_its_sets(level, size, sets):
    cards, n = findall.puzzle(11, level)
    assert (len(set(cards)), n, len(find_sets(cards))) == (size, sets, sets)


def test_findall_unknown_level_is_named():
    with pytest.raises(ValueError, match="'expert'"):
        findall.puzzle(1, "expert")


# ----- command line ------------------------------------------------------------
def test_cli_pillars_win_prints_a_line_and_exits_0(capsys):
    assert main(["pillars", "--seed", "4"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Pillars seed 4: a win as Samson") and out[1].split()[0] in ("set", "move")


def test_cli_pillars_without_a_win_exits_1(capsys):
    assert main(["pillars", "--seed", "40"]) == 1
    assert "no win exists" in capsys.readouterr().out


def test_cli_mags_prints_par(capsys):
    assert main(["mags", "--seed", "5", "--limit", "2"]) == 0
    assert capsys.readouterr().out.startswith("Mag's seed 5: par ")


def test_cli_findall_prints_table_and_sets(capsys):
    assert main(["findall", "--seed", "3", "--level", "basic"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines[1].split()) == 9 and len(lines) == 2 + 4
    assert all(code(card(w)) == w for w in lines[1].split())


@pytest.mark.parametrize("argv", [["pillars"], ["pillars", "--seed", "x"], ["chess", "--seed", "1"],
                                  ["pillars", "--seed", "1", "--limit", "0"]])
def test_cli_bad_arguments_exit_2(argv, capsys):
    with pytest.raises(SystemExit) as e:
        main(argv)
    assert e.value.code == 2 and "error" in capsys.readouterr().err


def test_cli_oracles_only_for_pillars(capsys):
    assert main(["mags", "--seed", "1", "--oracles"]) == 2
    assert "Pillars option" in capsys.readouterr().err


# ----- Mag's par: work, playouts, the ceiling -----------------------------------------
@needs_engines
@pytest.mark.parametrize("seed", [10, 42])
def test_mags_playout_lines_replay_in_the_engine_to_their_sets(seed):
    from game import variants
    from game.solver.mags_playout import best_playout

    sets, line = best_playout(deal(seed), 16)
    g = variants.new("mags", seed=seed)
    for m in line:
        g.play(m)
    assert g.score == sets and sets >= greedy_mags(deal(seed))


def test_mags_par_starts_from_the_playouts_and_never_ends_one_set_short():
    from game.solver.mags_playout import best_playout

    sets, exact, _ = mags.par(seed=42, nodes=5_000)
    assert sets >= best_playout(deal(42), mags.PLAYOUTS)[0] and sets != 26
    full = mags._Par(deal(1), None, nodes=1)
    assert (full._ceiling(26), full._ceiling(25), full._ceiling(27)) == (25, 25, 27)
    from game.solver.mags_bound import ZERO, total

    for seed in range(1, 6):  # twelve cards sum to zero only now and then: then alone the rule holds
        small = mags._Par(deal(seed)[:12], None, piles=4, nodes=1)
        zero = total(mask_of(deal(seed)[:12])) == ZERO
        assert small._ceiling(small.most - 1) == small.most - 1 - zero


def test_mags_par_is_the_same_for_the_same_work_whatever_the_clock(monkeypatch):
    import time

    first = mags.par(seed=14, nodes=4_000)
    ticks = iter(range(0, 10**9, 1000))
    monkeypatch.setattr(time, "perf_counter", lambda: float(next(ticks)))
    assert mags.par(seed=14, nodes=4_000) == first


@pytest.mark.parametrize("bad", [{"nodes": 0}, {"limit": -1.0}])
def test_mags_par_refuses_a_budget_of_nothing(bad):
    with pytest.raises(ValueError, match="budget"):
        mags.par(seed=1, **bad)


def test_points_par_is_the_same_for_the_same_work_and_a_bigger_budget_is_no_worse():
    small, big = points.par(seed=3, nodes=1_500), points.par(seed=3, nodes=8_000)
    assert points.par(seed=3, nodes=1_500) == small and big.score >= small.score


def test_pillars_work_budget_decides_alone_without_a_time_limit():
    r = pillars.solve(seed=4, limit=None, work=50)
    again = pillars.solve(seed=4, limit=None, work=50)
    assert (r.status, r.work) == (again.status, again.work) and r.work <= 50 + 128
    assert pillars.solve(seed=4, limit=None, work=200_000).status == "win"
