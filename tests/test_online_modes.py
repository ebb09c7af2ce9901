"""The five modes from the online game: golden deals and random play checked against brute force.

Random play: cards conserved, the history replayed from the seed (and the
JSON round trip) gives the same state, and after every move the engine's
picks are exactly the ones a brute-force search over the table finds, each
of them playable.  The brute force here reads card codes letter by letter
and shares nothing with ``game.cards``.
"""

from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import IllegalMove, variants
from game.cards import code

SETTINGS = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
NEW = ("junior", "chain", "ultra", "memory", "shuffle")


# ----- brute force, from the codes alone --------------------------------------
def bf_set(*codes: str) -> bool:
    """Three codes are a Set: every letter position all the same or all different."""
    return all(len({c[i] for c in codes}) != 2 for i in range(4))


def bf_third(a: str, b: str) -> str:
    letters = ("123", "RGP", "DOS", "EHF")
    return "".join(x if x == y else next(v for v in letters[i] if v not in (x, y))
                   for i, (x, y) in enumerate(zip(a, b)))


def bf_ultra(*codes: str) -> bool:
    a, b, c, d = codes
    return any(bf_third(p, q) == bf_third(r, s) for (p, q), (r, s) in
               (((a, b), (c, d)), ((a, c), (b, d)), ((a, d), (b, c))))


def table_codes(g) -> list[str]:
    return [code(c) for c in g.table]


def bf_picks(g) -> set[frozenset]:
    """Every pick a player could take now, found by trying every group of table cards."""
    table = table_codes(g)
    if g.name == "ultra":
        thirds = {frozenset(p): bf_third(*p) for p in combinations(table, 2)}
        return {frozenset(q) for q in combinations(table, 4)
                if any(thirds[frozenset(q[i] for i in p)] == thirds[frozenset(q[i] for i in r)]
                       for p, r in (((0, 1), (2, 3)), ((0, 2), (1, 3)), ((0, 3), (1, 2))))}
    if g.name == "chain" and g.view()["previous"]:
        return {frozenset((c, a, b)) for c in g.view()["previous"] for a, b in combinations(table, 2)
                if bf_set(c, a, b)}
    return {frozenset(t) for t in combinations(table, 3) if bf_set(*t)}


def engine_picks(g) -> set[frozenset]:
    return {frozenset(code(c) for c in p) for p in g.picks()}


# ----- cards conserved --------------------------------------------------------
def all_cards(g) -> list[str]:
    """Every card of the deal, wherever it is now."""
    out = table_codes(g) + [code(c) for c in g.deck]
    if g.name == "chain":
        return out + g.view()["previous"] + [code(c) for c in g.discard]
    if g.name == "memory":
        return out + [c for t in g.taken for c in t[1]]
    return out + [c for t in g.view()["taken"] for c in t[1]]


def check_position(g) -> None:
    cards = all_cards(g)
    size = 27 if g.name == "junior" else 81
    assert len(cards) == size and len(set(cards)) == size
    if g.name == "junior":
        assert all(c.endswith("F") for c in cards) and len(g.table) <= 12
    assert engine_picks(g) == bf_picks(g)
    if not g.ended:  # over exactly when the deck is out and nothing is left to take
        assert g.over == (not g.deck and not bf_picks(g))
    if g.deck and not g.over and not bf_picks(g):
        assert g.MAX_TABLE is not None and len(g.table) >= g.MAX_TABLE
    if g.name == "memory" and not g.over:  # a flip of every face-down card, by whoever may turn now
        v, table = g.view(), table_codes(g)
        down = [c for c, shown in zip(table, v["table"]) if shown == "??"]
        assert [c for c, shown in zip(table, v["table"]) if shown != "??"] == sorted(v["up"], key=table.index)
        who = [v["turner"]] if v["up"] else v["players"]
        assert set(g.legal_moves()) == {f"{p} flip {c}" for p in who for c in down} | {"end"}


# ----- random play -------------------------------------------------------------
def wrong_pick(g, draw) -> str | None:
    """A group of table cards that is no pick, as a miss (None when the draw finds none)."""
    n = 4 if g.name == "ultra" else 3
    table = table_codes(g)
    if len(table) < n:
        return None
    cards = draw(st.permutations(table))[:n]
    if frozenset(cards) in bf_picks(g) or (g.name == "chain" and g.view()["previous"]):
        return None
    return "miss " + " ".join(cards)


def random_game(mode: str, players: int, draw, steps: int):
    g = variants.new(mode, seed=draw(st.integers(0, 2**64 - 1)), players=players)
    clock = 0.0
    for _ in range(steps):
        if g.over:
            break
        kind = draw(st.sampled_from(["move", "move", "move", "move", "wrong", "json"]))
        clock += draw(st.floats(0.1, 9.0))
        who = f"P{draw(st.integers(1, players))}"
        if kind == "json":
            copy = variants.from_json(g.to_json())
            assert copy.view() == g.view() and copy.history == g.history
            continue
        if kind == "wrong" and mode != "memory" and (miss := wrong_pick(g, draw)):
            before = g.view()["misses"][who], g.score
            g.play(f"{who} {miss} @{clock:.2f}")
            assert g.view()["misses"][who] == before[0] + 1
            assert (g.score[who] - before[1][who] if players > 1 else g.score - before[1]) == -1
        else:
            moves = [m for m in g.legal_moves() if m != "end"]
            if not moves:
                break
            previous = g.view().get("previous", [])
            m = draw(st.sampled_from(moves))
            g.play(f"{m} @{clock:.2f}")
            if mode == "chain" and previous and g.view()["previous"] != previous:
                # Set-Chain's truth: an accepted Set holds exactly one card of the previous Set
                assert len(set(m.split()[2:]) & set(previous)) == 1
        check_position(g)
    return g


@pytest.mark.parametrize("mode", NEW)
@pytest.mark.parametrize("players", [1, 3])
@SETTINGS
@given(data=st.data())
def test_random_play_conserves_cards_and_finds_exactly_the_brute_force_picks(mode, players, data):
    g = random_game(mode, players, data.draw, data.draw(st.integers(0, 80)))
    again = variants.new(mode, seed=g.seed, players=players)
    for m in g.history:
        again.play(m)
    assert again.view() == g.view() and again.history == g.history
    assert variants.from_json(g.to_json()).view() == g.view()


@pytest.mark.parametrize("mode", NEW)
@SETTINGS
@given(data=st.data())
def test_every_listed_move_plays_and_every_unlisted_pick_is_refused(mode, data):
    g = random_game(mode, 2, data.draw, data.draw(st.integers(0, 40)))
    listed = g.legal_moves()
    for m in listed:
        assert g.is_legal(m), m
    if g.over or mode == "memory":
        return
    verb, n = ("ultra", 4) if mode == "ultra" else ("set", 3)
    pool = table_codes(g) + (g.view()["previous"] if mode == "chain" else [])
    right = bf_picks(g)
    groups = list(combinations(pool, n))
    for group in groups[::7] + [tuple(p) for p in right]:  # a seventh of the wrong ones, every right one
        move = f"P2 {verb} {' '.join(group)}"
        assert g.is_legal(move) == (frozenset(group) in right), move
    before = g.view()
    with pytest.raises(IllegalMove):
        g.play(f"P3 {verb} {' '.join(pool[:n])}")
    assert g.view() == before


@pytest.mark.parametrize("mode", ["junior", "chain", "ultra", "shuffle"])
def test_a_bot_can_see_every_pick_and_each_of_its_moves_plays(mode):
    g = variants.new(mode, seed=11, players=2)
    while not g.over:
        options = g.bot_options("P2")
        assert {frozenset(map(code, o.cards)) for o in options} == bf_picks(g)
        assert all(1 <= o.difficulty <= 5 for o in options)
        g.play(options[-1].move)
    assert g.bot_options("P2") == []


def test_a_memory_bot_turns_toward_sets_it_has_seen_and_finishes_the_game():
    g = variants.new("memory", seed=12, players=2)
    turns = 0
    while not g.over and turns < 5000:
        options = g.bot_options("P1")
        aimed = [o for o in options if o.difficulty > 0]
        for o in aimed:
            assert bf_set(*map(code, o.cards)) and code(o.cards[-1]) in table_codes(g) + g.view()["up"]
        g.play((aimed or options)[0].move)
        turns += 1
    assert g.over and g.score["P1"] >= 20 and turns < 5000


# ----- golden deals: pinned forever -------------------------------------------
GOLDEN_12 = "3ROH 3PDE 3ROE 2GDE 2GOF 2RSF 3RDH 1ROE 3ROF 3GSE 1RDF 1GDF"  # deal(1)[:12]


@pytest.mark.parametrize("mode", ["chain", "ultra", "memory", "shuffle"])
def test_golden_deal_twelve_from_the_front(mode):
    g = variants.new(mode, seed=1)
    assert " ".join(table_codes(g)) == GOLDEN_12 and len(g.deck) == 69


def test_golden_deal_junior_takes_the_solid_cards_in_deal_order():
    g = variants.new("junior", seed=1)
    assert " ".join(table_codes(g)) == "2GOF 2RSF 3ROF 1RDF 1GDF 3PDF 3POF 1GOF 1POF" and len(g.deck) == 18


def test_golden_shuffle_moves_the_table_to_new_places_from_the_seeded_stream():
    g = variants.new("shuffle", seed=1)
    g.play("P1 set 1RDF 2RSF 3ROF")
    assert " ".join(table_codes(g)) == GOLDEN_SHUFFLE_AFTER and len(g.deck) == 66


# the golden twelve with 1RDF 2RSF 3ROF taken and replaced from the deck (3GDH 3RSE 1RSE), in new places
GOLDEN_SHUFFLE_AFTER = "3RSE 3PDE 3ROH 3ROE 1ROE 2GOF 3RDH 3GSE 2GDE 1RSE 3GDH 1GDF"


# ----- independent truths ------------------------------------------------------
@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 80), min_size=0, max_size=16, unique=True))
def test_the_ultraset_finder_agrees_with_brute_force(cards):
    from game.cards import find_ultras, has_ultra, ultra_pairs

    codes = [code(c) for c in cards]
    brute = {frozenset(q) for q in combinations(codes, 4) if bf_ultra(*q)}
    found = [frozenset(map(code, u)) for u in find_ultras(cards)]
    assert len(found) == len(set(found)) and set(found) == brute
    assert has_ultra(cards) == bool(brute)
    for q in combinations(cards, 4):
        split = ultra_pairs(*q)
        assert (split is not None) == (frozenset(map(code, q)) in brute)
        if split:
            p, r, x = split
            assert bf_third(code(p[0]), code(p[1])) == bf_third(code(r[0]), code(r[1])) == code(x)


JUNIOR = [f"{n}{c}{s}F" for n in "123" for c in "RGP" for s in "DOS"]


def largest_junior_cap() -> int:
    """The most Junior cards holding no Set, by exhaustive search.

    Any two cards can be mapped to 1RDF and 1ROF by a symmetry of the 27 (an
    affine map of the three features), so a largest group may be taken to
    hold those two; the rest is tried card by card.
    """
    best = 0

    def grow(cap: list[str], start: int) -> None:
        nonlocal best
        best = max(best, len(cap))
        for i in range(start, len(JUNIOR)):
            c = JUNIOR[i]
            if len(cap) + len(JUNIOR) - i <= best:
                return
            if not any(bf_set(a, b, c) for a, b in combinations(cap, 2)):
                grow(cap + [c], i + 1)

    grow(JUNIOR[:2], 2)
    return best


def test_the_largest_set_free_group_of_junior_cards_has_nine():
    assert largest_junior_cap() == 9


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(JUNIOR), min_size=10, max_size=10, unique=True))
def test_any_ten_junior_cards_hold_a_set(cards):
    assert any(bf_set(*t) for t in combinations(cards, 3))


# ----- through a session (game.session, game.match) -----------------------------
@pytest.mark.parametrize("mode", NEW)
def test_a_session_of_plain_players_plays_the_mode_to_its_end(mode):
    from game.match import play_out
    from game.session import from_json, new_session

    s = play_out(new_session(mode, seed=5, seats=["human", "human"], now=0.0))
    result = s.result()
    assert s.over and result["mode"] == mode and sum(result["score"].values()) >= 7
    again = from_json(s.to_json())
    assert again.game.view() == s.game.view() and again.events == s.events


def test_a_call_that_runs_out_costs_one_except_in_memory():
    from game.session import CALL_TIME, new_session

    for mode in NEW:
        s = new_session(mode, seed=5, seats=["human"], now=0.0)
        if mode == "memory":
            s.act(0, "flip " + code(s.game.table[0]), 1.0)  # the first flip is the call
        else:
            s.act(0, "call", 1.0)
        s.tick(1.0 + CALL_TIME + 0.5)
        assert s.game.score == (0 if mode == "memory" else -1), mode
        assert s.game.view().get("up", []) == []



def test_a_pick_is_the_right_move_or_a_miss_in_the_modes_own_terms():
    from engine_driver import dealt_first

    from game.cards import parse_cards

    chain = dealt_first("chain", "1RDE 2GOH 3PSF 1RDH 1RDF 1ROE 1ROH 1ROF 1GDE 1GDH 1GOE 2PDE")
    chain.play("P1 set 1RDE 2GOH 3PSF")
    assert chain.pick_move("P1", parse_cards("1RDH 1RDE 1RDF")) == "P1 set 1RDE 1RDH 1RDF"
    assert chain.pick_move("P1", parse_cards("1ROE 1ROH 1ROF")) == "P1 miss 1ROE 1ROH 1ROF"  # a Set, not chained
    ultra = dealt_first("ultra", "1RDE 2GOH 1RDH 2GOE 1ROE 1GSE 1GSF 1PSH 2RDF 2RSE 3RDF 3GDF")
    assert ultra.pick_move("P1", parse_cards("1RDE 2GOH 1RDH 2GOE")) == "P1 ultra 1RDE 2GOH 1RDH 2GOE"
    assert ultra.pick_move("P1", parse_cards("1RDE 2GOH 1RDH 1ROE")) == "P1 miss 1RDE 2GOH 1RDH 1ROE"
    with pytest.raises(IllegalMove):
        variants.new("memory", seed=2).pick_move("P1", parse_cards("1RDE 2GOH 3PSF"))


def test_a_memory_bot_keeps_its_turn_until_three_are_up_and_others_wait():
    from game.session import new_session

    s = new_session("memory", 3, ["human", "bot:casual"], {"players": 2}, 0.0)
    t = 0.0
    while not s.game.up and t < 60:
        t += 0.25
        s.tick(t)
    assert s.game.turner == "P2" and s.caller == "P2"
    with pytest.raises(IllegalMove, match="P2 has called SET"):
        s.act(0, "call", t)
    while s.game.up and t < 120:
        t += 0.25
        s.tick(t)
    turn = [e.split(" @")[0] for e in s.events]
    assert turn[0] == "P2 call" and [e.split()[1] for e in turn[1:4]] == ["flip"] * 3  # one call, three cards
    s.act(0, "call", t)  # the three are done: anyone may call again
    assert s.caller == "P1"


def test_the_results_count_sets_by_the_worths_a_mode_has():
    assert len(variants.new("junior", seed=1).view()["by_worth"]) == 3  # three features: no megaset
    assert variants.new("ultra", seed=1).view()["by_worth"] is None  # four cards: no worth chart
    assert len(variants.new("memory", seed=1).view()["by_worth"]) == 4
