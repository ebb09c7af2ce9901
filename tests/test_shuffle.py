"""Shuffle (RULES.md §7, as Set with Friends plays it): Classic, but after every Set the table's cards
change places (a seeded shuffle of their positions); the deck is used as in Classic."""

from engine_driver import dealt_first

from game import variants
from game.cards import DECK, code
from game.variants.table import take_and_refill

HEAD = "1RDE 2GOH 3PSF 1RDH 1ROE 1ROH 1GDE 1GDH 1GOE 1GOH 2RDF 2ROF"  # one Set: the first three
NEXT = "1RDF 1ROF 1RSE"  # the deck's next three cards (index order after the head)


def codes(cards) -> list[str]:
    return [code(c) for c in cards]


def test_after_a_set_the_table_keeps_its_cards_takes_the_next_deck_cards_and_they_change_places():
    g = dealt_first("shuffle", HEAD)
    deck = codes(g.deck)
    g.play("P1 set 1RDE 2GOH 3PSF @4.00")
    table = codes(g.table)
    assert g.score == 1 and len(table) == 12
    assert sorted(table) == sorted(HEAD.split()[3:] + NEXT.split())  # the same cards, the Set's replaced
    assert deck[:3] == NEXT.split() and codes(g.deck) == deck[3:]  # from the front of the deck, as in Classic
    in_place = HEAD.split()
    in_place[:3] = NEXT.split()  # Classic: the new cards where the Set lay, the rest unmoved
    assert table != in_place
    assert sum(a == b for a, b in zip(table, in_place)) <= 6  # most cards are somewhere new


def test_the_places_come_from_the_games_own_seeded_stream():
    a, b = dealt_first("shuffle", HEAD), dealt_first("shuffle", HEAD)
    for g in (a, b):
        g.play("P1 set 1RDE 2GOH 3PSF @2.00")
    assert a.table == b.table and a.deck == b.deck  # same seed, same moves: the same table
    head = HEAD.split()
    c = variants.load({"variant": "shuffle", "seed": 1, "deck": head + [code(x) for x in DECK if code(x) not in head]})
    c.play("P1 set 1RDE 2GOH 3PSF @2.00")
    assert sorted(c.table) == sorted(a.table) and c.table != a.table  # another seed: the same cards, other places


def test_a_whole_game_replayed_lays_every_table_alike_and_only_moves_the_cards_classic_keeps():
    g = variants.new("shuffle", seed=9, players=2)
    tables = []
    while not g.over:
        before, deck = list(g.table), list(g.deck)
        pick = g.picks()[0]
        g.play(f"P{len(tables) % 2 + 1} set {' '.join(codes(pick))}")
        take_and_refill(before, deck, pick, g.TABLE)  # what Classic would lay, before its +3s
        assert sorted(g.table[:len(before)]) == sorted(before) and g.deck == deck[len(g.table) - len(before):]
        tables.append(list(g.table))
    again = variants.new("shuffle", seed=9, players=2)
    for m, table in zip(g.history, tables):
        again.play(m)
        assert again.table == table
    assert len(tables) >= 20 and sum(g.score.values()) == len(tables)


def test_the_game_ends_when_no_set_is_left_among_the_cards():
    g = variants.load({"variant": "shuffle", "deck": HEAD.split()})
    g.play("P1 set 1RDE 2GOH 3PSF")
    assert g.over and g.won and len(g.table) == 9 and g.deck == []
