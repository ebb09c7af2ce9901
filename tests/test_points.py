"""Solitaire-Set with points (RULES.md §2)."""

import pytest

from game import IllegalMove, variants
from game.cards import DECK, code, find_sets, parse_cards

# 12 cards holding exactly one Set, a megaset (1RDE 2GOH 3PSF), then 3 more.
ONE_SET = "1RDE 2GOH 3PSF 1RDH 1ROE 1ROH 1GDE 1GDH 1GOE 1GOH 2RDF 2ROF 2RSE 2RSH 2GDF"


def game_from(deck: str):
    return variants.load({"variant": "points", "id": "test", "deck": deck.split()})


def test_a_megaset_scores_four():
    g = game_from(ONE_SET)
    g.play("set 1RDE 2GOH 3PSF")
    assert g.score == 4 and g.view()["last"] == 4 and g.view()["by_worth"] == [0, 0, 0, 1]


def test_a_set_differing_in_one_feature_scores_one():
    g = game_from("1RDE 1RDH 1RDF")
    g.play("set 1RDE 1RDH 1RDF")
    assert g.score == 1


def test_while_more_than_12_cards_every_set_is_worth_one():
    g = game_from(ONE_SET)
    g.play("add")
    v = g.view()
    assert len(v["table"]) == 13 and v["worth_one"]
    g.play("set 1RDE 2GOH 3PSF")
    assert g.score == 1 and len(g.view()["table"]) == 12  # not refilled above 12


def test_add_on_an_empty_deck_is_refused():
    g = game_from(ONE_SET[: ONE_SET.index(" 2RSE")])
    with pytest.raises(IllegalMove, match="the deck is empty"):
        g.play("add")


def test_reshuffle_costs_two_and_deals_twelve_from_all_cards():
    g = variants.new("points", seed=9)
    g.play("add")
    before = set(g.view()["table"])
    g.play("reshuffle")
    v = g.view()
    assert g.score == -2 and v["last"] == -2 and len(v["table"]) == 12 and v["deck"] == 69
    assert set(v["table"]) != before


def test_reshuffle_is_seeded():
    a, b = variants.new("points", seed=9), variants.new("points", seed=9)
    a.play("reshuffle")
    b.play("reshuffle")
    assert a.view() == b.view()


def test_reshuffle_with_an_empty_deck_and_twelve_cards_is_refused():
    g = game_from(ONE_SET[: ONE_SET.index(" 2RSE")])
    with pytest.raises(IllegalMove, match="would deal the same cards"):
        g.play("reshuffle")


def test_the_score_may_go_negative():
    g = variants.new("points", seed=9)
    g.play("reshuffle")
    g.play("reshuffle")
    assert g.score == -4


def test_a_hint_shows_a_set_on_the_table_and_is_counted():
    g = variants.new("points", seed=3)
    g.play("hint")
    v = g.view()
    assert v["hints"] == 1
    assert tuple(sorted(parse_cards(v["hint"]))) in find_sets(parse_cards(v["table"]))


def test_a_hint_with_no_set_on_the_table_is_refused():
    g = game_from("1RDE 2RDE 1GDE 1ROE 1RDH 1ROH 1GDH 1GOE 1GOH 2RDH 2ROF 2RSF 3PSF")
    with pytest.raises(IllegalMove, match="no Set on the table"):
        g.play("hint")


def test_the_game_ends_by_itself_when_the_deck_is_empty_and_no_set_is_left():
    g = game_from(ONE_SET[: ONE_SET.index(" 2RSE")])
    g.play("set 1RDE 2GOH 3PSF")
    assert g.over and g.won and g.legal_moves() == []


def test_the_player_may_end_the_game():
    g = variants.new("points", seed=3)
    g.play("end")
    assert g.over and not g.won


def test_undo_restores_score_table_and_random_stream():
    g = variants.new("points", seed=3)
    g.play("reshuffle")
    after = g.view()
    g.undo()
    assert g.score == 0 and g.view()["table"] == variants.new("points", seed=3).view()["table"]
    g.play("reshuffle")
    assert g.view() == after


def test_redo_plays_the_move_taken_back():
    g = variants.new("points", seed=3)
    g.play("add")
    g.undo()
    assert g.can_redo
    g.redo()
    assert g.history == ["add"] and not g.can_redo


def test_a_wrong_pick_is_refused_with_the_reason():
    g = game_from(ONE_SET)
    with pytest.raises(IllegalMove, match="colour: two red, one green"):
        g.play("set 1RDE 1RDH 1GDE")


def test_seeded_games_deal_the_front_of_the_shuffled_deck():
    from game.rng import deal

    g = variants.new("points", seed=11)
    assert g.view()["table"] == [code(c) for c in deal(11)[:12]]
    assert len(DECK) == 81
