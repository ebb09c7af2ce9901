"""The table's places on the screen (``Game.table_places``) in the open-table race modes: a pick taken
from a table larger than its usual size leaves holes that the cards beyond the last place fill, and no
other card moves; the rules' own order (``table``) is the one it always was."""

from __future__ import annotations

import pytest

from game import variants
from game.cards import card, code
from game.variants.table import take_and_refill

PLACED = {"classic": 12, "junior": 9, "chain": 12, "ultra": 12, "memory": 12}  # the usual table; Shuffle
# moves its cards on purpose
SEEDS = {"junior": 300}  # nine Junior cards rarely hold no Set (nine is the most a cap of three features has)
SHRANK = {"junior": 1, "ultra": 0}  # twelve cards nearly always hold an UltraSet: its table stays at 12


def moves_of(g, turn: int) -> str | None:
    """A right pick (the ``turn``-th one there is, so that the seeds play differently); Memory: the next
    card of the first Set on the table."""
    if g.over:
        return None
    if g.FACE_DOWN:
        aim = next((p for p in g.picks() if set(g.up) <= set(p)), None)
        return None if aim is None else f"P1 flip {code(next(c for c in aim if c not in g.up))}"
    picks = [m for m in g.legal_moves() if m != "end"]
    return picks[turn % len(picks)] if picks else None


@pytest.mark.parametrize("mode", PLACED)
def test_a_pick_moves_no_card_that_stays_and_the_extras_fill_the_holes(mode):
    shrank = 0
    for seed in range(1, SEEDS.get(mode, 40) + 1):
        g = variants.new(mode, seed)
        for turn in range(200):
            move = moves_of(g, turn * seed)
            if move is None:
                break
            before, size = g.table_places(), len(g.table)
            g.play(move)
            after = g.table_places()
            assert sorted(after) == sorted(g.table), (mode, seed, move)
            stay = [c for c in before if c in after]
            # every card still on the table keeps its place, but for the places beyond the new size
            assert all(after.index(c) == before.index(c) for c in stay if before.index(c) < len(after)), \
                (mode, seed, move)
            if size > PLACED[mode] and len(g.table) < size:
                shrank += 1
                holes = sorted(before.index(c) for c in before if c not in after)
                movers = [c for c in before[len(after):] if c in after]
                assert [after[i] for i in holes[:len(movers)]] == movers, (mode, seed, move)
    assert shrank >= SHRANK.get(mode, 3), (mode, shrank)  # a table larger than its usual size was taken from


def test_classic_keeps_its_order_for_the_rules_and_its_places_for_the_screen():
    """A deal of fifteen (no Set in its first twelve, so every Set takes an extra card) and a Set that leaves
    twelve: the rules close up (the later cards move), the screen fills the holes in the first twelve places
    with the extras left and moves nothing else."""
    tried = differ = 0
    for seed in range(1, 400):
        g = variants.new("classic", seed)
        if len(g.table) != 15:
            continue
        for pick in (m for m in g.legal_moves() if " set " in m):
            cards = [card(x) for x in pick.split()[2:]]
            g2 = variants.new("classic", seed)
            places, table, deck = g2.table_places(), list(g2.table), list(g2.deck)
            g2.play(pick)
            if len(g2.table) != 12:
                continue  # no Set left in twelve: three more came
            tried += 1
            take_and_refill(table, deck, cards, 12)
            holes = sorted(places.index(c) for c in cards if places.index(c) < 12)
            assert g2.table == table  # the rules' order, as it always was: it closed up
            differ += g2.table != g2.table_places()  # (the same when the Set took only extras)
            assert [g2.table_places()[i] for i in holes] == [c for c in places[12:] if c not in cards]
            assert all(g2.table_places()[i] == places[i] for i in range(12) if i not in holes)
    assert tried >= 3 and differ >= 3, (tried, differ)
