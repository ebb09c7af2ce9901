"""Junior (RULES.md §7): the 27 solid cards, nine on the table."""

import pytest
from engine_driver import assert_refused, dealt_first

from game import variants
from game.cards import DECK, code

SOLID = [code(c) for c in DECK if c % 3 == 2]
CAP9 = "1RDF 1ROF 1GDF 1GOF 2RDF 2ROF 2GSF 2PSF 3GSF"  # nine solid cards holding no Set




def test_the_deal_is_the_solid_cards_nine_on_the_table():
    g = variants.new("junior", seed=9)
    v = g.view()
    assert len(v["table"]) in (9, 12) and v["deck"] == 27 - len(v["table"]) and v["features"] == 3
    assert all(c.endswith("F") for c in v["table"])


def test_nine_cards_without_a_set_get_three_more_and_then_hold_one():
    g = dealt_first("junior", CAP9, SOLID)
    assert len(g.table) == 12 and g.legal_moves()[0].startswith("P1 set")


def test_a_right_set_is_dealt_back_to_nine_in_place():
    g = dealt_first("junior", "1RDF 2RDF 3RDF 1GOF 1GSF 1PDF 2GOF 2PSF 3GDF", SOLID)
    g.play("P1 set 3RDF 1RDF 2RDF @3.00")
    v = g.view()
    assert v["score"] == 1 and len(v["table"]) == 9 and v["table"][3:] == "1GOF 1GSF 1PDF 2GOF 2PSF 3GDF".split()
    assert v["taken"] == [["P1", ["3RDF", "1RDF", "2RDF"], 1, 3.0]]


def test_a_striped_card_is_not_in_the_game():
    g = variants.new("junior", seed=9)
    assert_refused(g, "P1 set 1RDH 2GOH 3PSH")
    with pytest.raises(ValueError, match="1RDE is not a junior card"):
        variants.load({"variant": "junior", "deck": ["1RDE"] + SOLID[1:]})


def test_a_wrong_pick_and_a_call_that_ran_out_each_cost_one():
    g = dealt_first("junior", CAP9, SOLID, players=2)
    g.play("P2 miss 1RDF 1ROF 1GDF @1.00")
    g.play("P1 miss @6.00")
    assert g.score == {"P1": -1, "P2": -1} and g.view()["misses"] == {"P1": 1, "P2": 1}
    assert_refused(g, "P1 miss " + " ".join(g.legal_moves()[0].split()[2:]))


def test_the_game_ends_when_the_deck_is_out_and_no_set_is_left():
    g = variants.load({"variant": "junior", "deck": "1RDF 2RDF 3RDF 1ROF 1GDF 1GOF 2ROF 2GSF 2PSF".split()})
    g.play("P1 set 1RDF 2RDF 3RDF")
    assert g.over and g.won and g.legal_moves() == [] and len(g.table) == 6
