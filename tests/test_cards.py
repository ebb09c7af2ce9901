"""External truths about the deck, and the card helpers."""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.cards import (
    DECK,
    card,
    code,
    describe,
    find_sets,
    has_set,
    is_cap,
    is_set,
    parse_cards,
    third,
    why_not_set,
    worth,
)

# A 20-card cap: the largest possible, no Set among them (Pellegrino, 1970).
CAP20 = "1RDE 2RDE 1GDE 1ROE 1RDH 1ROH 1GDH 1GOE 1GOH 2RDH 2ROF 2RSF 2GDF 2PDF 3ROF 3GDF 3GOE 3GOH 3GSF 3POF"


def test_codes_round_trip_and_index_order():
    assert [card(code(c)) for c in DECK] == list(DECK)
    assert code(0) == "1RDE" and code(80) == "3PSF" and code(card("2GOH")) == "2GOH"


def test_unknown_code_says_what_a_code_is():
    with pytest.raises(ValueError, match="unknown card code 'XX'.*like 2GOH"):
        card("XX")


def test_card_index_out_of_range_is_refused():
    with pytest.raises(ValueError, match="not a card: 81"):
        code(81)


def test_the_deck_holds_1080_sets():
    assert len(find_sets(DECK)) == 1080


def test_sets_by_worth_are_108_324_432_216():
    counts = [0, 0, 0, 0]
    for s in find_sets(DECK):
        counts[worth(*s) - 1] += 1
    assert counts == [108, 324, 432, 216]


def test_every_pair_has_exactly_one_third_card():
    for a, b in itertools.combinations(DECK, 2):
        thirds = [c for c in DECK if c not in (a, b) and is_set(a, b, c)]
        assert thirds == [third(a, b)]


def test_a_20_card_cap_exists_and_is_complete():
    cap = parse_cards(CAP20)
    assert len(set(cap)) == 20 and is_cap(cap)
    assert all(has_set(cap + [c]) for c in DECK if c not in cap)


@settings(max_examples=300, deadline=None)
@given(st.permutations(DECK))
def test_any_21_cards_hold_a_set(cards):
    assert has_set(cards[:21])


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=0, max_size=21, unique=True))
def test_find_sets_agrees_with_brute_force(cards):
    brute = sorted(tuple(sorted(t)) for t in itertools.combinations(cards, 3) if is_set(*t))
    assert find_sets(cards) == brute
    assert is_cap(cards) == (not brute)


def test_worth_of_a_non_set_is_refused():
    with pytest.raises(ValueError, match="is not a Set"):
        worth(card("1RDE"), card("1RDH"), card("1GDF"))


def test_why_not_set_names_every_failing_feature():
    a, b, c = parse_cards("1RDE 2RDE 2GDE")
    assert why_not_set(a, b, c) == "number: two 2s, one 1; colour: two red, one green"
    assert why_not_set(*parse_cards("1RDE 1ROE 1RSH")) == "shading: two empty, one striped"
    both = "shape: two ovals, one diamond; shading: two empty, one striped"
    assert why_not_set(*parse_cards("1RDE 1ROE 1ROH")) == both
    assert why_not_set(*parse_cards("1RDE 2GOH 3PSF")) == ""


def test_describe_uses_plural_shapes():
    assert describe(card("3PSF")) == "three purple solid squiggles"
