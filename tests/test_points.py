"""Solitaire-Set with points (RULES.md §2)."""

import json

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


NO_SET = "1RDE 2RDE 1GDE 1ROE 1RDH 1ROH 1GDH 1GOE 1GOH 2RDH 2ROF 2RSF 3PSF"


def test_a_hint_with_no_set_on_the_table_costs_a_hint_and_says_so():
    g = game_from(NO_SET)
    assert "hint" in g.legal_moves()
    g.play("hint")
    v = g.view()
    assert (v["hints"], v["hint"], v["hint_none"]) == (1, None, True)
    g.play("add")
    assert g.view()["hint_none"] is False and g.view()["hints"] == 1


def test_hints_stay_counted_after_an_undo_and_the_undo_is_counted():
    g = variants.new("points", seed=3)
    g.play("hint")
    g.undo()
    v = g.view()
    assert (v["hints"], v["hint"], v["undos"], v["fair"]) == (1, None, 1, False)
    again = variants.from_json(g.to_json())
    assert again.view() == v


def test_a_damaged_undo_record_is_named():
    g = variants.new("points", seed=3)
    g.play("hint")
    g.undo()
    data = json.loads(g.to_json())
    data["kept"]["hints"] = -1
    with pytest.raises(ValueError, match="'kept'"):
        variants.from_json(json.dumps(data))
    data["undos"] = "many"
    with pytest.raises(ValueError, match="'undos'"):
        variants.from_json(json.dumps(data))


def test_undo_stays_generous_outside_a_fair_game():
    g = variants.new("points", seed=9)
    for m in ("add", "reshuffle"):
        g.play(m)
    g.undo()
    g.undo()
    assert g.score == 0 and g.view()["undos"] == 2


@pytest.mark.parametrize(("moves", "why"), [(["hint"], "stays counted"), (["add"], "card from the deck"),
                                            (["reshuffle"], "−2"), (["first set"], "card from the deck")])
def test_a_fair_game_cannot_take_back_what_showed_a_card_or_cost(moves, why):
    g = variants.new("points", seed=3, fair=True)
    for m in moves:
        g.play(g.legal_moves()[0] if m == "first set" else m)
    before = g.view()
    with pytest.raises(IllegalMove, match=why):
        g.undo()
    assert g.view() == before and g.view()["undos"] == 0


def test_a_fair_game_may_take_back_a_set_that_showed_nothing():
    g = variants.load({"variant": "points", "id": "t", "deck": ONE_SET.split()}, fair=True)
    for _ in range(3):
        g.play("add")  # 15 cards and an empty deck: a Set is not dealt back up
    with pytest.raises(IllegalMove):
        g.undo()
    g.play("set 1RDE 2GOH 3PSF")
    assert g.undo() == "set 1RDE 2GOH 3PSF" and g.view()["undos"] == 1


def test_the_fair_option_round_trips_through_a_saved_game():
    g = variants.new("points", seed=3, fair=True)
    g.play("hint")
    again = variants.from_json(g.to_json())
    assert again.fair and again.view() == g.view()
    with pytest.raises(IllegalMove, match="fair game"):
        again.undo()


def test_fair_must_be_true_or_false():
    with pytest.raises(ValueError, match="fair must be true or false"):
        variants.new("points", seed=1, fair="yes")


def test_the_game_ends_by_itself_when_the_deck_is_empty_and_no_set_is_left():
    g = game_from(ONE_SET[: ONE_SET.index(" 2RSE")])
    g.play("set 1RDE 2GOH 3PSF")
    assert g.over and g.won and g.legal_moves() == []


def test_the_player_may_end_the_game():
    g = variants.new("points", seed=3)
    g.play("end")
    assert g.over and not g.won and g.view()["ended"]


def test_undo_restores_score_table_and_random_stream():
    g = variants.new("points", seed=3)
    g.play("reshuffle")
    after = g.view()
    g.undo()
    assert g.score == 0 and g.view()["table"] == variants.new("points", seed=3).view()["table"]
    g.play("reshuffle")
    assert g.view() == {**after, "undos": 1}  # the same shuffle again, and the undo is on record


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


def test_the_places_on_screen_keep_every_staying_card_where_it_lay_and_the_rules_order_is_untouched():
    """Random games (seeded): the places hold the table's cards; an add takes a new place at the end; a
    Set's holes are filled by the cards beyond the places still needed, then by the cards dealt, and no
    other card changes place; a reshuffle deals new places; an undo gives the places back.  The table's
    own order is the one a game without places would have (closed up: what the par lines replay)."""
    import random

    from game.variants.table import take_and_refill

    filled_by_extras = 0
    for seed in range(1, 25):
        pick = random.Random(seed)
        g = variants.new("points", seed=seed)
        for _ in range(60):
            if g.over:
                break
            before, table, deck = g.table_places(), list(g.table), list(g.deck)
            sets = find_sets(g.table)
            roll = pick.random()
            if roll < 0.3 and g.deck:
                g.play("add")
                assert g.table_places() == before + [g.table[-1]]
            elif roll < 0.33 and g.is_legal("reshuffle"):
                g.play("reshuffle")
                assert g.table_places() == g.table
            elif roll < 0.38 and g.history:
                g.undo()
            elif sets:
                s = pick.choice(sets)
                g.play("set " + " ".join(code(c) for c in s))
                take_and_refill(table, deck, s, 12)
                assert (g.table, g.deck) == (table, deck)  # the rules' order as it always was
                after = g.table_places()
                for i, c in enumerate(before[:len(after)]):
                    if c not in s:
                        assert after[i] == c
                beyond = [c for c in before[len(after):] if c not in s]
                holes = [i for i in range(len(after)) if before[i] in s]
                assert [after[i] for i in holes][:len(beyond)] == beyond
                filled_by_extras += bool(beyond)
            else:
                continue
            assert sorted(g.table_places()) == sorted(g.table)
            if g.history:
                places = g.table_places()
                last = g.undo()
                g.play(last)
                assert g.table_places() == places  # undo and redo give the same places
    assert filled_by_extras >= 10
