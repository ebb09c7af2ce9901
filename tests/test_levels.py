"""Every file in levels/ parses and every claim it makes is true (re-checked, not trusted)."""

import json
from pathlib import Path

import pytest

from game import variants
from game.cards import find_sets, parse_cards

LEVELS = Path(__file__).resolve().parent.parent / "levels"
FILES = sorted(LEVELS.glob("*.json"))


def test_there_are_thirty_levels_of_each_puzzle_mode():
    modes = [json.loads(p.read_text())["variant"] for p in FILES]
    for mode in ("findall", "pillars", "mags"):
        assert modes.count(mode) >= 30, mode


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_a_level_loads_and_its_claims_hold(path):
    level = json.loads(path.read_text(encoding="utf-8"))
    assert level["id"] == path.stem
    g = variants.load(level)
    mode = level["variant"]
    if mode == "findall":
        assert len(find_sets(parse_cards(level["table"]))) == level["sets"]
        assert len(g.legal_moves()) == level["sets"]
    elif mode == "pillars":
        for m in level["line"]:
            g.play(m)
        assert g.won and g.title == "Samson"
    elif mode == "mags":
        for m in level["line"]:
            g.play(m)
        assert g.score == level["par"]
        assert level["exact"]
        if level["par"] < 27:  # 27 Sets is every card: the line itself proves it best
            from game.solver.mags import par

            again = par(deck=parse_cards(level["deck"]), nodes=1_000_000)  # work, never seconds
            assert (again.sets, again.exact) == (level["par"], True)


def test_level_ids_are_unique_and_named():
    ids = [json.loads(p.read_text())["id"] for p in FILES]
    assert len(ids) == len(set(ids))
    assert all(json.loads(p.read_text()).get("name") for p in FILES)
