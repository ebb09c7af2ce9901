"""UltraSet (RULES.md §7): four cards, two pairs completing to the same card."""

from engine_driver import assert_refused, dealt_first

from game import variants
from game.cards import code

# 1RDE+2GOH and 1RDH+2GOE both complete to 3PSF (not on the table)
HEAD = "1RDE 2GOH 1RDH 2GOE 1ROE 1GSE 1GSF 1PSH 2RDF 2RSE 3RDF 3GDF"
ULTRA_FREE = "1ROE 1GDE 1GSE 1GSF 1PSH 2RDF 2RSE 3RDF 3GDF"  # nine cards without an UltraSet




def test_an_ultraset_scores_and_shows_its_completing_card():
    g = dealt_first("ultra", HEAD)
    g.play("P1 ultra 2GOE 1RDE 1RDH 2GOH @6.00")
    v = g.view()
    assert v["score"] == 1 and v["last"] == {"cards": ["1RDE", "2GOH", "1RDH", "2GOE"], "completes": "3PSF"}
    assert v["taken"] == [["P1", ["1RDE", "2GOH", "1RDH", "2GOE"], 4, 6.0, "3PSF"]]
    assert len(v["table"]) == 12 and v["table"][4:] == HEAD.split()[4:]


def test_four_cards_that_pair_up_no_way_are_refused_with_the_reason():
    g = dealt_first("ultra", HEAD)
    assert_refused(g, "P1 ultra 1RDE 2GOH 1RDH 1ROE")
    assert_refused(g, "P1 set 1RDE 2GOH 1RDH")  # three cards are no UltraSet
    assert_refused(g, "P1 ultra 1RDE 2GOH 1RDH 3PSF")  # the completing card is not on the table


def test_a_wrong_pick_of_four_costs_one_and_a_right_one_is_no_miss():
    g = dealt_first("ultra", HEAD, players=2)
    g.play("P2 miss 1RDE 2GOH 1RDH 1ROE @2.00")
    assert g.score == {"P1": 0, "P2": -1}
    assert_refused(g, "P2 miss 1RDE 2GOH 1RDH 2GOE")


def test_legal_moves_list_the_four_in_index_order():
    g = dealt_first("ultra", HEAD)
    assert "P1 ultra 1RDE 1RDH 2GOE 2GOH" in g.legal_moves()


def test_the_game_ends_when_no_ultraset_is_left():
    g = variants.load({"variant": "ultra", "deck": ULTRA_FREE.split()})
    assert g.over and g.won and g.score == 0 and g.legal_moves() == []


def test_bots_rate_an_ultraset_harder_than_a_set_of_the_same_cards():
    g = dealt_first("ultra", HEAD)
    option = next(o for o in g.bot_options("P1") if o.move == "P1 ultra 1RDE 1RDH 2GOE 2GOH")
    assert option.difficulty > 4 - 1 and sorted(map(code, option.cards)) == ["1RDE", "1RDH", "2GOE", "2GOH"]
