"""The find-all puzzle (RULES.md §6)."""

import pytest

from game import IllegalMove, variants
from game.cards import code, find_sets, parse_cards
from game.variants.findall import make_table

# 9 cards of one number and color: an affine plane, holding 12 Sets.
NINE = "1RDE 1RDH 1RDF 1ROE 1ROH 1ROF 1RSE 1RSH 1RSF"


def test_a_generated_table_holds_exactly_six_sets():
    g = variants.new("findall", seed=12)
    assert len(find_sets(parse_cards(g.view()["table"]))) == 6 == g.view()["sets"]


def test_the_basic_size_is_nine_cards_and_four_sets():
    assert len(find_sets(make_table(5, 9, 4))) == 4
    assert len(variants.new("findall", seed=5, cards=9).view()["table"]) == 9


def test_finding_every_set_wins():
    g = variants.new("findall", seed=12)
    for m in g.legal_moves():
        g.play(m)
    assert g.over and g.won and len(g.view()["found"]) == 6


def test_a_repeat_is_counted_and_not_found_twice():
    g = variants.new("findall", seed=12)
    m = g.legal_moves()[0]
    g.play(m)
    g.play(m)
    assert g.view()["repeats"] == 1 and len(g.view()["found"]) == 1


def test_a_wrong_pick_is_counted_and_cards_stay():
    g = variants.new("findall", seed=12)
    table = parse_cards(g.view()["table"])
    sets = set(find_sets(table))
    wrong = next((a, b, c) for a in table for b in table for c in table
                 if a < b < c and (a, b, c) not in sets)
    g.play("set " + " ".join(code(x) for x in wrong))
    assert g.view()["misses"] == 1 and g.view()["table"] == [code(c) for c in table]


def test_a_level_with_a_wrong_set_count_names_the_field():
    level = {"variant": "findall", "id": "fa-1", "table": NINE.split(), "sets": 5}
    with pytest.raises(ValueError, match="fa-1: field 'sets' says 5 but the table holds 12"):
        variants.load(level)


def test_a_level_loads_and_plays():
    g = variants.load({"variant": "findall", "id": "fa-2", "table": NINE.split(), "sets": 12})
    assert len(g.legal_moves()) == 12


def test_a_card_off_the_table_is_refused():
    g = variants.load({"variant": "findall", "id": "fa-2", "table": NINE.split(), "sets": 12})
    with pytest.raises(IllegalMove, match="3PSF is not on the table"):
        g.play("set 1RDE 1RDH 3PSF")
