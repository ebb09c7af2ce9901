"""Set-Chain (RULES.md §7): each Set after the first carries one card of the one before."""

from itertools import combinations

from engine_driver import assert_refused, dealt_first

from game import variants
from game.cards import is_set

# 1RDE 2GOH 3PSF is a Set; so is 1RDE 1RDH 1RDF (carrying 1RDE) and 2GOH 2GOE 2GOF (carrying 2GOH)
HEAD = "1RDE 2GOH 3PSF 1RDH 1RDF 2GOE 2GOF 1ROE 1ROH 1GDE 1GDH 1GOE"




def test_the_first_set_is_any_set_and_becomes_the_previous_set():
    g = dealt_first("chain", HEAD)
    g.play("P1 set 1RDE 2GOH 3PSF @2.00")
    v = g.view()
    assert v["previous"] == ["1RDE", "2GOH", "3PSF"] and v["discard"] == 0
    assert len(v["table"]) == 12 and not {"1RDE", "2GOH", "3PSF"} & set(v["table"])


def test_after_that_a_set_of_three_table_cards_is_refused():
    g = dealt_first("chain", "1RDE 2GOH 3PSF 1RDH 1ROE 1RSF 2GOE 2GOF 1GDE 1GDH 1GOE 2PDE")
    g.play("P1 set 1RDE 2GOH 3PSF")
    assert "P1 set 1RDH 1ROE 1RSF" not in g.legal_moves()
    assert_refused(g, "P1 set 1RDH 1ROE 1RSF")


def test_a_set_carrying_one_card_is_written_carried_card_first():
    g = dealt_first("chain", HEAD)
    g.play("P1 set 1RDE 2GOH 3PSF")
    assert "P1 set 1RDE 1RDH 1RDF" in g.legal_moves()
    g.play("P1 set 1RDH 1RDF 1RDE @5.00")
    v = g.view()
    assert g.history[-1] == "P1 set 1RDE 1RDH 1RDF @5.00"
    assert v["previous"] == ["1RDE", "1RDH", "1RDF"] and v["discard"] == 2 and v["score"] == 2
    assert "1RDE" not in v["table"] and len(v["table"]) == 12


def test_only_the_previous_set_may_be_carried():
    g = dealt_first("chain", HEAD)
    g.play("P1 set 1RDE 2GOH 3PSF")
    g.play("P1 set 2GOH 2GOE 2GOF")
    assert_refused(g, "P1 set 1RDE 1RDH 1RDF")  # 1RDE was carried two Sets ago: it is gone


def test_a_wrong_pick_may_use_previous_cards_and_costs_one():
    g = dealt_first("chain", HEAD, players=2)
    g.play("P1 set 1RDE 2GOH 3PSF")
    g.play("P2 miss 1RDE 1ROE 1ROH @3.00")
    assert g.score == {"P1": 1, "P2": -1}
    assert_refused(g, "P2 miss 1RDE 1RDH 1RDF")  # a right chain Set is no miss
    assert_refused(g, "P2 miss 3PSE 1ROE 1ROH")  # 3PSE is neither on the table nor carried


def test_the_table_grows_while_no_chain_set_exists():
    g = variants.new("chain", seed=7)
    g.play(g.legal_moves()[0])
    assert len(g.table) == 15 and g.picks()
    first12 = g.table[:12]
    assert not any(is_set(c, a, b) for c in g.previous for a, b in combinations(first12, 2))
    assert all(len(set(p) & set(g.previous)) == 1 for p in g.picks())
