"""Mag's Set Solitaire (RULES.md §4): one behaviour per test, each position written out as a literal."""

from __future__ import annotations

import pytest
from engine_driver import assert_refused
from hypothesis import given, settings
from hypothesis import strategies as st

from game import variants
from game.cards import DECK, code, parse_cards
from game.errors import IllegalMove
from game.rng import Rng, deal

# tops holding no Set; with 3PSF buried under 1RDE the only Set is 3PSE 3PSH 3PSF
NO_SET = ["1RDH", "1ROE", "1ROH", "1GDE", "1GDH"]


def level(first: str, id: str = "mags-1", par: int | None = None) -> dict:
    """A Mag's level whose deal starts with the codes in ``first`` (pile 1 first, 9 a round);
    the rest of the 81 follow in index order."""
    given_cards = parse_cards(first)
    deck = given_cards + [c for c in DECK if c not in given_cards]
    return {"variant": "mags", "id": id, "deck": [code(c) for c in deck], "par": par}


def position(piles: list[str], round: int = 9, peek: bool = True):
    """A game set to a mid-play position: nine piles written bottom first, after round ``round``."""
    g = variants.new("mags", seed=0, peek=peek)
    g.piles = [parse_cards(p) for p in piles]
    g.round = round
    g._settle()
    return g


# ----- the deal and the rounds -------------------------------------------------
def test_round_one_is_dealt_at_the_start_one_card_on_each_pile_in_order():
    g = variants.new("mags", seed=42)
    assert g.view()["piles"] == [[code(c)] for c in deal(42)[:9]] and g.view()["round"] == 1


def test_seed_42_first_round_is_pinned():
    assert [p[0] for p in variants.new("mags", seed=42).view()["piles"]] == (
        "1GDE 2GOH 1GSH 2ROE 2PDF 1PDF 1RDE 1GOF 3POE".split()
    )


def test_deal_puts_one_card_on_every_pile_including_empty_ones():
    g = variants.load(level("3PSF 3PSE 3PSH 1RDE 1RDH 1ROE 1ROH 1GDE 1GDH 2GOH"))
    g.play("set 3PSE 3PSH 3PSF")
    g.play("deal")
    assert [len(p) for p in g.view()["piles"]] == [1, 1, 1, 2, 2, 2, 2, 2, 2]
    assert g.view()["piles"][0] == ["2GOH"]


def test_deal_counts_the_rounds_and_the_cards_still_to_come():
    g = variants.new("mags", seed=3)
    g.play("deal")
    assert (g.view()["round"], g.view()["deck"], g.view()["left"]) == (2, 63, 18)


def test_deal_after_the_ninth_round_is_refused():
    g = position(["3PSF", "3PSE", "3PSH", *NO_SET, "1GOE"])
    with pytest.raises(IllegalMove, match="all 9 rounds are dealt"):
        g.play("deal")


# ----- Sets of tops ------------------------------------------------------------
def test_set_of_three_tops_is_removed_and_scores_one():
    g = variants.load(level("3PSF 3PSE 3PSH 1RDE 1RDH 1ROE 1ROH 1GDE 1GDH"))
    g.play("set 3PSF 3PSE 3PSH")
    assert (g.score, g.view()["left"], g.view()["taken"]) == (1, 6, [["3PSE", "3PSH", "3PSF"]])


def test_a_card_beneath_a_top_cannot_be_used():
    g = position(["3PSF 1RDE", "3PSE", "3PSH", "", *NO_SET], round=2)
    with pytest.raises(IllegalMove, match="3PSF is under 1 card on pile 1: only pile tops can be used"):
        g.play("set 3PSF 3PSE 3PSH")


def test_without_peek_a_refusal_does_not_say_where_a_hidden_card_lies():
    g = position(["3PSF 1RDE", "3PSE", "3PSH", "", *NO_SET], round=2, peek=False)
    with pytest.raises(IllegalMove, match="3PSF is not a pile top"):
        g.play("set 3PSF 3PSE 3PSH")


def test_without_peek_a_card_not_yet_dealt_is_refused_like_a_hidden_one():
    g = variants.load(level("3PSF 3PSE 1RDE 1RDH 1ROE 1ROH 1GDE 1GDH 1GOE 3PSH"), peek=False)
    with pytest.raises(IllegalMove, match="3PSH is not a pile top"):
        g.play("set 3PSF 3PSE 3PSH")


def test_a_removed_card_cannot_be_used_again():
    g = variants.load(level("3PSF 3PSE 3PSH 1RDE 1RDH 1ROE 1ROH 1GDE 1GDH"))
    g.play("set 3PSF 3PSE 3PSH")
    with pytest.raises(IllegalMove, match="3PSF was already removed"):
        g.play("move 3PSF > 1")


def test_a_card_not_yet_dealt_cannot_be_used():
    g = variants.load(level("3PSF 3PSE 1RDE 1RDH 1ROE 1ROH 1GDE 1GDH 1GOE 3PSH"))
    with pytest.raises(IllegalMove, match="3PSH is not dealt yet"):
        g.play("set 3PSF 3PSE 3PSH")


def test_three_tops_that_are_no_set_are_refused_with_the_reason():
    g = variants.load(level("3PSF 3PSE 3PDH 1RDE 1RDH 1ROE 1ROH 1GDE 1GDH"))
    with pytest.raises(IllegalMove, match="not a Set — shape: two squiggles, one diamond"):
        g.play("set 3PSF 3PSE 3PDH")


# ----- moves into empty piles -----------------------------------------------------
def test_a_top_moves_into_an_empty_pile_uncovering_the_card_beneath():
    g = position(["3PSF 1RDE", "3PSE", "3PSH", "", *NO_SET], round=2)
    g.play("move 1RDE > 4")
    assert g.view()["piles"][0] == ["3PSF"] and g.view()["piles"][3] == ["1RDE"]


def test_a_move_into_a_pile_that_is_not_empty_is_refused():
    g = variants.new("mags", seed=4)
    top = g.view()["piles"][0][0]
    with pytest.raises(IllegalMove, match="pile 2 is not empty: a card moves only into an empty pile"):
        g.play(f"move {top} > 2")


def test_a_lone_card_may_change_piles_before_the_last_round():
    g = position(["1RDE", "3PSE", "3PSH", "", *NO_SET], round=2)
    g.play("move 1RDE > 4")
    assert g.view()["piles"][0] == [] and g.view()["piles"][3] == ["1RDE"]


def test_a_lone_card_may_not_change_piles_after_the_last_round():
    g = position(["3PSF", "3PSE 1RDE", "3PSH", "", *NO_SET])
    with pytest.raises(IllegalMove, match="3PSF is alone on pile 1: after the last round"):
        g.play("move 3PSF > 4")


# ----- the end -----------------------------------------------------------------
def test_after_the_last_round_no_set_and_no_empty_pile_ends_the_game():
    g = position(["3PSF 1RDE", "3PSE", "3PSH", "1GOE", *NO_SET])
    assert g.over and g.legal_moves() == []


def test_a_set_one_card_deep_with_one_empty_pile_keeps_the_game_on():
    g = position(["3PSF 1RDE", "3PSE", "3PSH", "", *NO_SET])
    assert not g.over and g.legal_moves()[-1] == "end"


def test_a_set_two_cards_deep_with_one_empty_pile_is_out_of_reach():
    g = position(["3PSF 1GOE 1RDE", "3PSE", "3PSH", "", *NO_SET])
    assert g.over


def test_a_set_two_cards_deep_with_two_empty_piles_is_in_reach():
    g = position(["3PSF 1GOE 1RDE", "3PSE", "3PSH", "", *NO_SET[:4], ""])
    assert not g.over


def test_reaching_cards_in_two_piles_takes_one_empty_pile_each():
    g = position(["3PSF 1RDE", "3PSE 1GOE", "3PSH", "", *NO_SET])
    assert g.over


def test_uncovering_the_last_set_and_taking_it_ends_the_game():
    g = position(["3PSF 1RDE", "3PSE", "3PSH", "", *NO_SET])
    g.play("move 1RDE > 4")
    g.play("set 3PSE 3PSH 3PSF")
    assert g.over and g.score == 1


def test_end_finishes_the_game_at_any_time():
    g = variants.new("mags", seed=8)
    g.play("end")
    assert g.over and g.legal_moves() == []


def test_won_with_nine_cards_left():
    g = position(["1RDE", "1RDH", "1ROE", "1ROH", "1GDE", "1GDH", "1GOE", "1GOH", "2RDE"])
    assert (g.over, g.won, g.view()["left"]) == (True, True, 9)


def test_not_won_with_ten_cards_left():
    g = position(["2RDH 1RDE", "1RDH", "1ROE", "1ROH", "1GDE", "1GDH", "1GOE", "1GOH", "2RDE"])
    assert (g.over, g.won, g.view()["left"]) == (True, False, 10)


def test_ending_early_leaves_the_undealt_cards_in_the_count():
    g = variants.load(level("3PSF 3PSE 3PSH 1RDE 1RDH 1ROE 1ROH 1GDE 1GDH"))
    g.play("set 3PSF 3PSE 3PSH")
    g.play("end")
    assert (g.over, g.won, g.view()["left"], g.view()["deck"]) == (True, False, 6, 72)


# ----- view, options, level --------------------------------------------------
def test_no_peek_shows_only_the_tops():
    g = position(["3PSF 1GOE 1RDE", "3PSE", "3PSH", "", *NO_SET], round=3, peek=False)
    assert g.view()["piles"][:4] == [["??", "??", "1RDE"], ["3PSE"], ["3PSH"], []]


def test_peek_shows_the_cards_beneath():
    g = position(["3PSF 1GOE 1RDE", "3PSE", "3PSH", "", *NO_SET], round=3)
    assert g.view()["piles"][0] == ["3PSF", "1GOE", "1RDE"]


def test_peek_must_be_true_or_false():
    with pytest.raises(ValueError, match="peek must be true or false"):
        variants.new("mags", seed=1, peek="no")


def test_level_par_is_shown():
    assert variants.load(level("", par=19)).view()["par"] == 19


def test_seeded_deal_has_no_par():
    assert variants.new("mags", seed=1).view()["par"] is None


@pytest.mark.parametrize(
    "change, field",
    [
        (lambda lv: lv["deck"].pop(), "'deck' must hold 81 cards"),
        (lambda lv: lv["deck"].__setitem__(5, "9ZZZ"), "'deck' entry 6: bad card code '9ZZZ'"),
        (lambda lv: lv["deck"].__setitem__(5, lv["deck"][0]), "'deck' holds 1RDE twice"),
        (lambda lv: lv.__setitem__("par", 28), "'par' must be null or a whole number from 0 to 27"),
        (lambda lv: lv.__setitem__("par", "9"), "'par'"),
    ],
)
def test_bad_level_names_the_level_and_the_field(change, field):
    lv = level("", id="mags-003")
    change(lv)
    with pytest.raises(ValueError, match=f"mags-003: field {field}"):
        variants.load(lv)


def test_legal_moves_list_sets_then_moves_then_deal_then_end():
    g = position(["3PSF", "3PSE 1GOH", "3PSH", "", *NO_SET[:4], "1GOE"], round=4)
    assert g.legal_moves() == [
        "move 3PSF > 4",
        "move 1GOH > 4",
        "move 3PSH > 4",
        *[f"move {c} > 4" for c in NO_SET[:4]],
        "move 1GOE > 4",
        "deal",
        "end",
    ]


def test_legal_moves_list_sets_in_index_order_first():
    g = position(["3PSF", "3PSE", "3PSH", *NO_SET, "1GOE"], round=4)
    assert g.legal_moves() == ["set 3PSE 3PSH 3PSF", "deal", "end"]


def test_undo_takes_back_a_deal():
    g = variants.new("mags", seed=9)
    before = g.view()
    g.play("deal")
    g.undo()
    assert g.view() == {**before, "undos": 1}


# ----- random play -------------------------------------------------------------
def _accounted(g) -> bool:
    every = [c for p in g.piles for c in p] + g.undealt + [c for s in g.taken for c in s]
    return sorted(every) == list(DECK)


def _illegal_candidate(rng: Rng) -> str:
    """A move that may well be illegal: random cards, a random pile, or another mode's verb."""
    a, b, c = sorted(rng.below(81) for _ in range(3))
    n = rng.below(9) + 1
    return rng.choice([f"set {code(a)} {code(b)} {code(c)}", f"move {code(a)} > {n}", "oracle side", "deal 3"])


def _pick(rng: Rng, moves: list[str]) -> str:
    """A random move, a Set two times in three when there is one, never end."""
    sets = [m for m in moves if m.startswith("set")]
    if sets and rng.below(3):
        return rng.choice(sets)
    return rng.choice([m for m in moves if m != "end"] or moves)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**40), player=st.integers(0, 2**40), peek=st.booleans())
def test_random_play_keeps_every_invariant(seed, player, peek):
    """Random legal moves and undos; the player's choices come from its own seeded stream."""
    rng = Rng(player)
    g = variants.new("mags", seed=seed, peek=peek)
    for step in range(80):
        if g.over:
            break
        moves = g.legal_moves()
        assert all(g.is_legal(m) for m in moves)
        cand = _illegal_candidate(rng)
        if cand not in moves and cand != "deal":
            assert_refused(g, cand)
        if rng.below(8) == 0 and g.history:
            g.undo()
        else:
            g.play(_pick(rng, moves))
        assert _accounted(g)
        if step == 40:
            assert variants.from_json(g.to_json()).view() == g.view()
    replay = variants.new("mags", seed=seed, peek=peek)
    for m in g.history:
        replay.play(m)
    assert replay.view() == {**g.view(), "undos": 0}  # the moves alone do not tell of undos
    assert variants.from_json(g.to_json()).view() == g.view()


def test_random_games_always_end_without_the_player_ending_them():
    """Random players that never say 'end' (and deal only one time in four) still finish."""
    for seed in range(12):
        rng, g = Rng(seed), variants.new("mags", seed=seed)
        for _ in range(2000):
            if g.over:
                break
            moves = [m for m in g.legal_moves() if m != "end"]
            if "deal" in moves and len(moves) > 1 and rng.below(4):
                moves.remove("deal")
            g.play(_pick(rng, moves))
        assert g.over and g.round == 9 and not g.ended


# ----- fair play (RULES.md, Daily deals) -------------------------------------------
def test_a_fair_game_cannot_take_back_a_deal_but_may_take_back_a_set():
    g = variants.load(level("3PSF 3PSE 3PSH 1RDE 1RDH 1ROE 1ROH 1GDE 1GDH"), fair=True)
    g.play("set 3PSE 3PSH 3PSF")
    assert g.undo() == "set 3PSE 3PSH 3PSF"
    g.play("deal")
    before = g.view()
    with pytest.raises(IllegalMove, match="fair game cannot take back 'deal': it showed the next round"):
        g.undo()
    assert g.view() == before and (before["fair"], before["undos"]) == (True, 1)


def test_outside_a_fair_game_a_deal_may_be_undone_and_the_undo_is_counted():
    g = variants.new("mags", seed=3)
    g.play("deal")
    g.undo()
    again = variants.from_json(g.to_json())
    assert (g.view()["undos"], again.view()["undos"], again.fair) == (1, 1, False)


def test_a_fair_no_peek_game_cannot_take_back_a_move_that_uncovered_a_card():
    g = position(["3PSF 1RDE", "3PSE", "3PSH", "", *NO_SET], round=5, peek=False)
    g.options["fair"] = True
    g.play("move 1RDE > 4")
    assert g.view()["piles"][0] == ["3PSF"]
    with pytest.raises(IllegalMove, match="uncovered a buried card"):
        g.undo()
    g.play("set 3PSE 3PSH 3PSF")
    assert g.undo() == "set 3PSE 3PSH 3PSF"  # it emptied piles: nothing was uncovered


def test_with_peek_a_fair_game_may_take_back_a_move():
    g = position(["3PSF 1RDE", "3PSE", "3PSH", "", *NO_SET], round=5)
    g.options["fair"] = True
    g.play("move 1RDE > 4")
    assert g.undo() == "move 1RDE > 4"


def test_no_peek_stays_open_on_what_the_player_sees_not_on_buried_cards():
    # No Set can ever be made (the buried 1RDE completes nothing reachable), but with an empty
    # pile and a pile of two the player could still uncover a card: without peek the game goes on.
    piles = ["3PSF 1RDE", "3GOH", "3PSH", "", *NO_SET]
    assert position(piles).over
    g = position(piles, peek=False)
    assert not g.over and "move 1RDE > 4" in g.legal_moves()
    g.play("move 1RDE > 4")
    assert g.over and g.view()["ended"] is False


def test_ending_is_never_a_win_even_with_nine_cards_left():
    g = position(["1RDE", "1RDH", "1RDF", "1ROH", "1GDE", "1GDH", "1GOE", "1GOH", "2RDE"])
    assert not g.over and g.view()["left"] == 9
    g.play("end")
    assert (g.over, g.won, g.view()["ended"]) == (True, False, True)


def test_fair_must_be_true_or_false():
    with pytest.raises(ValueError, match="mags: fair must be true or false"):
        variants.new("mags", seed=1, fair=1)
