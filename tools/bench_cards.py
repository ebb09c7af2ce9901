"""Rules-core figures: find_sets on 12 and 21 cards, legal_moves on a 21-card classic table."""

from __future__ import annotations

from timing import per_call_us

from game.cards import find_sets, parse_cards
from game.rng import deal
from game.variants import new


def run() -> dict:
    twelve = deal(1)[:12]
    twenty_one = deal(1)[:21]
    g = new("classic", seed=1, players=4)
    g.table = list(twenty_one)  # a 21-card table, as after six rounds of +3
    return {
        "find_sets_12_us": per_call_us(lambda: find_sets(twelve)),
        "find_sets_21_us": per_call_us(lambda: find_sets(twenty_one)),
        "find_sets_20_cap_us": per_call_us(lambda: find_sets(_CAP20)),
        "classic_legal_moves_21_us": per_call_us(g.legal_moves),
        "goal": "find_sets on 21 cards <= 20 us",
    }


# The largest cap (20 cards, no Set): find_sets must scan every pair and find nothing.
_CAP20 = parse_cards("1RDE 2RDE 1GDE 1ROE 1RDH 1ROH 1GDH 1GOE 1GOH 2RDH "
                     "2ROF 2RSF 2GDF 2PDF 3ROF 3GDF 3GOE 3GOH 3GSF 3POF")
