"""20/20 SET (RULES.md §3): one test per rule, then random play with Hypothesis.

Positions are set up either from a seed's deal or, where a rule needs a
particular layout, by assigning the state directly (``position`` below):
hands, table, deck and discard given as code strings.  Such positions need
not hold all 81 cards; the random-play tests check the 81 on real deals.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import variants
from game.cards import DECK, is_set, parse_cards
from game.errors import IllegalMove
from game.rng import Rng, deal
from game.variants.table import codes
from game.variants.twenty import Twenty


def position(hands: dict[str, str], table: str, deck: str = "", discard: str = "", players: int = 2,
             points: dict[str, int] | None = None) -> Twenty:
    """A game whose state is assigned directly: cards as space-separated codes."""
    g = variants.new("twenty", seed=0, players=players)
    g.hands = {p: parse_cards(hands.get(p, "")) for p in g.players}
    g.table = parse_cards(table)
    g.deck = parse_cards(deck)
    g.discard = parse_cards(discard)
    if points:
        g.points.update(points)
    return g


def frozen(g: Twenty) -> tuple:
    """Everything a refused move must leave alone."""
    return (g.view(), list(g.history), g.rng.state, g.clock)


# ----- options and the deal ----------------------------------------------
def test_two_players_by_default():
    assert variants.new("twenty", seed=1).view()["players"] == ["P1", "P2"]


@pytest.mark.parametrize("n", [1, 5, "2", True, 2.0])
def test_players_outside_two_to_four_are_refused(n):
    with pytest.raises(ValueError, match="players must be 2 to 4"):
        variants.new("twenty", seed=1, players=n)


def test_deal_gives_six_each_then_six_on_the_table():
    d = codes(deal(9))
    v = variants.new("twenty", seed=9, players=3).view()
    assert (v["hands"], v["table"], v["deck"]) == (
        {"P1": d[0:6], "P2": d[6:12], "P3": d[12:18]}, d[18:24], 81 - 24)


def test_a_level_fixes_the_deal_order():
    order = codes(DECK)[::-1]
    v = variants.load({"variant": "twenty", "deck": order}).view()
    assert (v["hands"]["P1"], v["hands"]["P2"], v["table"]) == (order[0:6], order[6:12], order[12:18])


def test_a_level_deck_must_hold_81_cards():
    with pytest.raises(ValueError, match="must hold 81 cards"):
        variants.load({"variant": "twenty", "deck": ["1RDE"]})


def test_first_hand_is_dealt_by_p1():
    v = variants.new("twenty", seed=9, players=4).view()
    assert (v["hand"], v["dealer"], v["target"], v["discard"]) == (1, "P1", 40, 0)


def test_view_has_every_key_a_scene_needs():
    v = variants.new("twenty", seed=2).view()
    assert {"variant", "scores", "over", "won", "title", "table", "deck", "hands", "discard", "hand",
            "dealer", "target", "last"} <= set(v)
    assert v["scores"] == {"P1": 0, "P2": 0} and v["last"] is None


# ----- taking a Set --------------------------------------------------------
def test_set_from_hand_and_table_refills_table_in_place_but_not_hand():
    g = position({"P1": "1RDE 2RDE 1GOH", "P2": "3PSF"}, "2GSE 3RDE 1PSF 3GSH 2POF 1GDE",
                 deck="2PDH 3GOF")
    g.play("P1 set 1RDE 2RDE 3RDE @4.00")
    v = g.view()
    assert (v["hands"]["P1"], v["table"], v["deck"], v["discard"]) == (
        ["1GOH"], ["2GSE", "2PDH", "1PSF", "3GSH", "2POF", "1GDE"], 1, 3)
    assert v["last"]["from_hand"] == ["1RDE", "2RDE"] and v["last"]["refill"] == [[1, "2PDH"]]


def test_set_of_table_cards_only_is_allowed():
    g = position({"P1": "1GOH", "P2": "3PSF"}, "1RDE 2RDE 3RDE 3GSH 2POF 1GDE", deck="2PDH 3GOF 1PDH")
    g.play("P2 set 1RDE 2RDE 3RDE @1.00")
    assert g.view()["table"] == ["2PDH", "3GOF", "1PDH", "3GSH", "2POF", "1GDE"]
    assert g.view()["hands"] == {"P1": ["1GOH"], "P2": ["3PSF"]}


def test_set_with_another_players_card_is_refused_and_changes_nothing():
    g = position({"P1": "1RDE 1GOH", "P2": "2RDE"}, "3RDE 1PSF 2GSE 3GSH 2POF 1GDE", deck="2PDH")
    before = frozen(g)
    with pytest.raises(IllegalMove, match="2RDE is not on the table or in P1's hand .*P2's"):
        g.play("P1 set 1RDE 2RDE 3RDE @1.00")
    assert frozen(g) == before


def test_three_cards_that_are_no_set_are_refused_as_a_set():
    g = position({"P1": "1RDE 1RDH", "P2": "2RDE"}, "1GDF 1PSF 2GSE 3GSH 2POF 1GDE")
    with pytest.raises(IllegalMove, match="not a Set — colour"):
        g.play("P1 set 1RDE 1RDH 1GDF")


def test_a_player_not_in_the_game_is_refused():
    g = variants.new("twenty", seed=1)
    with pytest.raises(IllegalMove, match="P3 is not playing"):
        g.play("P3 draw")


def test_time_may_not_go_backwards():
    g = variants.new("twenty", seed=1)
    g.play("P1 draw @5.00")
    with pytest.raises(IllegalMove, match="time goes backwards"):
        g.play("P2 draw @4.00")


# ----- wrong calls and drawing -------------------------------------------------
def test_wrong_call_returns_cards_and_gives_a_penalty_card():
    g = position({"P1": "1RDE 1RDH", "P2": "2RDE"}, "1GDF 1PSF 2GSE 3GSH 2POF 1GDE", deck="3POH 2PDH")
    g.play("P1 miss 1RDE 1RDH 1GDF @2.00")
    v = g.view()
    assert (v["hands"]["P1"], v["table"], v["deck"]) == (
        ["1RDE", "1RDH", "3POH"], ["1GDF", "1PSF", "2GSE", "3GSH", "2POF", "1GDE"], 1)
    assert v["last"]["penalty"] == "3POH"


def test_wrong_call_at_nine_cards_gives_no_penalty_card():
    nine = "1RDE 1RDH 2GOH 2GOE 3PSH 3PSE 1GSF 2PDF 3RDF"
    g = position({"P1": nine, "P2": "2RDE"}, "1GDF 1PSF 2GSE 3GSH 2POF 1GDE", deck="3POH")
    g.play("P1 miss 1RDE 1RDH 1GDF @2.00")
    assert (len(g.view()["hands"]["P1"]), g.view()["deck"], g.view()["last"]["penalty"]) == (9, 1, None)


def test_a_miss_that_is_a_set_is_refused():
    g = position({"P1": "1RDE 2RDE", "P2": "2GOH"}, "3RDE 1PSF 2GSE 3GSH 2POF 1GDE", deck="3POH")
    with pytest.raises(IllegalMove, match="those three are a Set"):
        g.play("P1 miss 1RDE 2RDE 3RDE")


def test_draw_gives_the_front_card_of_the_deck():
    g = position({"P1": "1RDE", "P2": "2GOH"}, "3RDE 1PSF 2GSE 3GSH 2POF 1GDE", deck="3POH 2PDH")
    g.play("P2 draw @1.00")
    assert (g.view()["hands"]["P2"], g.view()["deck"], g.view()["last"]["drawn"]) == (["2GOH", "3POH"], 1, "3POH")


def test_draw_is_refused_at_nine_cards():
    nine = "1RDE 1RDH 2GOH 2GOE 3PSH 3PSE 1GSF 2PDF 3RDF"
    g = position({"P1": nine, "P2": "2RDE"}, "1GDF 1PSF 2GSE 3GSH 2POF 1GDE", deck="3POH")
    before = frozen(g)
    with pytest.raises(IllegalMove, match="already holds 9 personal cards"):
        g.play("P1 draw @1.00")
    assert frozen(g) == before


# ----- the discard pile ------------------------------------------------------
def test_set_goes_to_the_discard_pile():
    g = position({"P1": "1RDE 2RDE 1GOH", "P2": "3PSF"}, "3RDE 1PSF 2GSE 3GSH 2POF 1GDE", deck="2PDH",
                 discard="3GOF 1PDH 2POE")
    g.play("P1 set 1RDE 2RDE 3RDE")
    assert codes(g.discard) == ["3GOF", "1PDH", "2POE", "1RDE", "2RDE", "3RDE"]


def test_discard_pile_is_shuffled_into_the_deck_when_it_runs_out():
    g = position({"P1": "1RDE 1GOH", "P2": "3PSF"}, "2RDE 3RDE 2GSE 3GSH 2POF 1GDE", deck="2PDH",
                 discard="3GOF 1PDH 2POE")
    pile = parse_cards("3GOF 1PDH 2POE")
    Rng(0).fork(1).shuffle(pile)  # the game's own stream, untouched so far
    g.play("P1 set 1RDE 2RDE 3RDE")
    v = g.view()
    assert v["table"] == ["2PDH", codes(pile)[0], "2GSE", "3GSH", "2POF", "1GDE"]
    assert (codes(g.deck), codes(g.discard)) == (codes(pile)[1:], ["1RDE", "2RDE", "3RDE"])
    assert (v["reshuffles"], v["last"]["reshuffled"]) == (1, True)


def test_draw_from_an_empty_deck_reshuffles_the_discard_pile():
    g = position({"P1": "1RDE", "P2": "3PSF"}, "2RDE 3RDE 2GSE 3GSH 2POF 1GDE", discard="3GOF")
    g.play("P1 draw")
    assert (g.view()["hands"]["P1"], g.view()["deck"], g.view()["discard"]) == (["1RDE", "3GOF"], 0, 0)


# ----- winning a hand and the game ---------------------------------------------
def test_first_player_out_of_cards_scores_the_others_cards():
    g = position({"P1": "1RDE 2RDE", "P2": "3PSF 1GOH 2PDH 3GOF"}, "3RDE 1PSF 2GSE 3GSH 2POF 1GDE",
                 deck="1PDH 2POE")
    g.play("P1 set 1RDE 2RDE 3RDE @30.00")
    v = g.view()
    assert (v["scores"], v["results"], v["over"]) == ({"P1": 4, "P2": 0}, [[1, "P1", 4, 30.0, "P1"]], False)
    assert v["last"]["hand_won"]["points"] == 4


def test_next_hand_is_dealt_and_the_deal_rotates():
    g = position({"P1": "1RDE 2RDE", "P2": "3PSF", "P3": "1GOH"}, "3RDE 1PSF 2GSE 3GSH 2POF 1GDE",
                 deck="1PDH 2POE", players=3)
    cards = list(DECK)
    Rng(0).fork(1).shuffle(cards)  # the next hand is a fresh shuffle from the game's stream
    g.play("P1 set 1RDE 2RDE 3RDE")
    v, d = g.view(), codes(cards)
    assert (v["hand"], v["dealer"]) == (2, "P2")
    assert v["hands"] == {"P2": d[0:6], "P3": d[6:12], "P1": d[12:18]}
    assert (v["table"], v["deck"], v["discard"]) == (d[18:24], 81 - 24, 0)


def test_third_hand_is_dealt_by_p3():
    g = position({"P1": "1RDE 2RDE", "P2": "3PSF", "P3": "1GOH"}, "3RDE 1PSF 2GSE 3GSH 2POF 1GDE", players=3)
    g.hand = 1  # hand 2 is being played
    g.play("P1 set 1RDE 2RDE 3RDE")
    assert (g.view()["hand"], g.view()["dealer"], g.results[0][4]) == (3, "P3", "P2")


def test_game_ends_when_a_total_reaches_ten_times_players():
    g = position({"P1": "1RDE 2RDE", "P2": "3PSF 1GOH", "P3": "2PDH"}, "3RDE 1PSF 2GSE 3GSH 2POF 1GDE",
                 players=3, points={"P1": 27, "P2": 29})
    g.play("P1 set 1RDE 2RDE 3RDE")
    v = g.view()
    assert (v["scores"], v["target"], v["over"], v["won"], v["hand"]) == (
        {"P1": 30, "P2": 29, "P3": 0}, 30, True, True, 1)
    assert g.legal_moves() == []


def test_twenty_nine_of_thirty_is_not_yet_the_end():
    g = position({"P1": "1RDE 2RDE", "P2": "3PSF 1GOH", "P3": "2PDH"}, "3RDE 1PSF 2GSE 3GSH 2POF 1GDE",
                 players=3, points={"P1": 26})
    g.play("P1 set 1RDE 2RDE 3RDE")
    assert (g.score["P1"], g.over) == (29, False)


def test_end_stops_the_game_and_highest_total_wins():
    g = position({"P1": "1RDE", "P2": "3PSF"}, "3RDE 1PSF 2GSE 3GSH 2POF 1GDE", points={"P1": 3, "P2": 5})
    g.play("end")
    assert (g.over, g.won, g.view()["scores"]) == (True, False, {"P1": 3, "P2": 5})


def test_ending_is_never_a_win_even_when_p1_leads():
    g = position({"P1": "1RDE", "P2": "3PSF"}, "3RDE 1PSF 2GSE 3GSH 2POF 1GDE", points={"P1": 5, "P2": 3})
    assert not g.view()["ended"]
    g.play("end")
    assert (g.over, g.won, g.view()["ended"]) == (True, False, True)
    fresh = variants.new("twenty", seed=1)
    fresh.play("end")
    assert (fresh.won, fresh.score) == (False, {"P1": 0, "P2": 0})


# ----- legal moves and the stuck table ---------------------------------------------
def test_legal_moves_are_each_players_sets_then_draw():
    g = position({"P1": "1RDE 2RDE 1GOH", "P2": "3PSF 2PDH"}, "3RDE 1PSF 2GSE 3GSH 2POF 1GDE", deck="3POH")
    assert g.legal_moves() == ["P1 set 1RDE 1GOH 1PSF", "P1 set 1RDE 2RDE 3RDE", "P1 set 1RDE 2POF 3GSH",
                               "P1 draw", "P2 draw", "end"]


def test_legal_moves_have_no_draw_at_nine():
    nine = "1GDE 1GDH 2GOH 2GOE 3PSH 3PSE 1GSF 2PDF 3RDF"
    g = position({"P1": "1RDE 2RDE", "P2": nine}, "3RDE 1PSF 2GSE 3GSH 2POF 2PSF", deck="3POH")
    assert g.legal_moves() == [
        "P1 set 1RDE 2RDE 3RDE", "P1 set 1RDE 2POF 3GSH", "P1 draw",
        "P2 set 1GDH 2GOH 3GSH", "P2 set 1GDH 2PDF 3RDE", "P2 set 1GSF 2GSE 3GSH", "P2 set 1GSF 2POF 3RDF",
        "P2 set 1PSF 2GOH 3RDE", "P2 set 2PDF 2POF 2PSF", "end"]


def test_table_is_renewed_when_nobody_can_move():
    # Both hold 9 (no draw) and neither has a Set with this table: nobody could ever move.
    g = position({"P1": "3GSE 2GDE 3RDF 1RSF 2RDH 1RSE 3GOE 2GOF 3RSH",
                  "P2": "3GOH 2PDF 3GOF 1RDE 1GOH 2GDF 1RSH 1POF 1GDH"},
                 "2GSF 3GSH 1POE 3PDE 2RSH 2POH", deck="3POF 1GSH 3RDH 2ROH 1GOF 2GSH 3GDF")
    g.play("P1 miss 3GSE 2GDE 3RDF @9.00")
    v = g.view()
    assert (v["table"], v["deck"], v["discard"]) == (["3POF", "1GSH", "3RDH", "2ROH", "1GOF", "2GSH"], 1, 6)
    assert v["last"]["table_renewed"] and g.legal_moves()[0].startswith("P1 set")


# ----- random play -------------------------------------------------------------
def all_cards(g: Twenty) -> list[int]:
    return sorted([c for h in g.hands.values() for c in h] + g.table + g.deck + g.discard)


def wrong_pick(g: Twenty, player: str) -> str:
    """The first three of a player's visible cards that are no Set, as a miss."""
    seen = g.hands[player] + g.table
    for i, a in enumerate(seen):
        for j, b in enumerate(seen[i + 1:], i + 1):
            for c in seen[j + 1:]:
                if not is_set(a, b, c):
                    return f"{player} miss {' '.join(codes([a, b, c]))}"
    raise AssertionError("every triple is a Set")


def illegal_moves(g: Twenty) -> list[str]:
    """Moves the rules must refuse in this position."""
    out = ["P1 draw @0.00"] if g.clock > 0 else []  # time may not go backwards
    for p in g.players:
        other = next(q for q in g.players if q != p)
        if g.hands[other]:
            out.append(f"{p} set {' '.join(codes(g.table[:2] + g.hands[other][:1]))}")
        if len(g.hands[p]) >= 9:
            out.append(f"{p} draw")
        out.append(wrong_pick(g, p).replace(" miss ", " set "))
        out.append(f"{p} miss {' '.join(codes(g.table[:2]))}")
    return out


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**40), players=st.integers(2, 4), data=st.data())
def test_random_play_keeps_every_rule(seed, players, data):
    g = variants.new("twenty", seed=seed, players=players)
    steps = data.draw(st.integers(1, 250), label="steps")
    t = 0.0
    for i in range(steps):
        if g.over:
            break
        moves = g.legal_moves()[:-1] + [wrong_pick(g, p) for p in g.players]
        if i % 10 == 0:
            assert all(g.is_legal(f"{m} @{t:.2f}") for m in moves)
            for bad in illegal_moves(g) if i else []:
                before = frozen(g)
                with pytest.raises(IllegalMove):
                    g.play(bad)
                assert frozen(g) == before, bad
        move = moves[data.draw(st.integers(0, len(moves) - 1), label="move")]
        t += data.draw(st.integers(0, 500), label="centiseconds") / 100
        g.play(f"{move} @{t:.2f}")
        assert all_cards(g) == list(range(81))
        assert all(len(h) <= 9 for h in g.hands.values()) and len(g.table) == 6
        if i == steps // 2:
            again = variants.from_json(g.to_json())
            assert (again.view(), again.rng.state, again.history) == (g.view(), g.rng.state, g.history)
    replay = variants.new("twenty", seed=seed, players=players)
    for m in g.history:
        replay.play(m)
    assert (replay.view(), replay.rng.state) == (g.view(), g.rng.state)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**40), players=st.integers(2, 4))
def test_greedy_play_reaches_the_target(seed, players):
    # Each player takes the Set using most of their own cards, else draws: hands, reshuffles, a winner.
    g = variants.new("twenty", seed=seed, players=players)
    t = 0
    while not g.over:
        best = max(g.legal_moves()[:-1], key=lambda m: sum(c in g.hands[m[:2]] for c in parse_cards(
            m.split()[2:])) if " set " in m else -1)
        t += 1
        g.play(f"{best} @{t}")
        assert all_cards(g) == list(range(81))
    assert max(g.score.values()) >= 10 * players and g.view()["hand"] == len(g.results)
    assert g.won == (g.score["P1"] == max(g.score.values()))
