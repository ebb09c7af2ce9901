"""Shuffle (RULES.md §7): Classic, with a fresh table dealt from the deck after every Set."""

from engine_driver import dealt_first

from game import variants
from game.cards import DECK, code

HEAD = "1RDE 2GOH 3PSF 1RDH 1ROE 1ROH 1GDE 1GDH 1GOE 1GOH 2RDF 2ROF"  # one Set: the first three




def test_after_a_set_every_table_card_goes_back_and_twelve_are_dealt_afresh():
    g = dealt_first("shuffle", HEAD)
    g.play("P1 set 1RDE 2GOH 3PSF @4.00")
    table = [code(c) for c in g.table]
    assert g.score == 1 and len(table) >= 12 and len(table) + len(g.deck) == 78
    assert table[3:12] != HEAD.split()[3:12]  # the nine left were not kept in place
    assert not {"1RDE", "2GOH", "3PSF"} & set(table + [code(c) for c in g.deck])


def test_the_fresh_deal_comes_from_the_games_own_seeded_stream():
    a, b = dealt_first("shuffle", HEAD), dealt_first("shuffle", HEAD)
    a.play("P1 set 1RDE 2GOH 3PSF")
    b.play("P1 set 1RDE 2GOH 3PSF")
    assert a.table == b.table and a.deck == b.deck
    head = HEAD.split()
    c = variants.load({"variant": "shuffle", "seed": 1, "deck": head + [code(x) for x in DECK if code(x) not in head]})
    c.play("P1 set 1RDE 2GOH 3PSF")
    assert c.table != a.table  # another seed, another fresh deal


def test_the_game_ends_when_no_set_is_left_among_the_cards():
    g = variants.load({"variant": "shuffle", "deck": HEAD.split()})
    g.play("P1 set 1RDE 2GOH 3PSF")
    assert g.over and g.won and len(g.table) == 9 and g.deck == []
