"""Pillars (RULES.md §5): one behaviour per test, each position written out as a literal."""

from __future__ import annotations

import json

import pytest
from engine_driver import assert_refused
from hypothesis import given, settings
from hypothesis import strategies as st

from game import variants
from game.cards import DECK, card, code, find_sets, parse_cards
from game.errors import IllegalMove
from game.rng import Rng, deal

# a column whose base and two cards beneath its top hold a Set: keeps a position from being won
BURIED = "3PDF 3PDE 3PDH 1GOE"


def level(tops: list[str], oracles: str = "", id: str = "t-1") -> dict:
    """A Pillars level: column i ends (bottom first) with the codes in tops[i]; the rest of each
    column, then the oracles not given, come from the unused cards in index order."""
    given_cards = [c for t in tops for c in parse_cards(t)] + parse_cards(oracles)
    spare = [c for c in DECK if c not in given_cards]
    columns = []
    for t in tops:
        own = parse_cards(t)
        columns.append([code(spare.pop(0)) for _ in range(13 - len(own))] + [code(c) for c in own])
    orc = [code(c) for c in parse_cards(oracles)] + [code(spare.pop(0)) for _ in range(3 - len(oracles.split()))]
    return {"variant": "pillars", "id": id, "columns": columns, "oracles": orc, "par": None}


def position(columns: list[str], oracles: str = "", side: str = "", consulted: int = 0):
    """A game set to a mid-play position: columns bottom first, '?' marks a face-down foundation.
    Every card not written is taken as removed."""
    g = variants.new("pillars", seed=0)
    columns = columns + [""] * (6 - len(columns))
    g.columns = [[card(w.lstrip("?")) for w in text.split()] for text in columns]
    g.down = [sum(w.startswith("?") for w in text.split()) for text in columns]
    g.oracles, g.side, g.consulted = parse_cards(oracles), parse_cards(side), consulted
    used = {c for col in g.columns for c in col} | set(g.oracles) | set(g.side)
    g.removed = [c for c in DECK if c not in used]
    g._settle()
    return g


# ----- the deal --------------------------------------------------------------
def test_seed_deals_columns_of_thirteen_bottom_first_and_oracles_last():
    g = variants.new("pillars", seed=42)
    d = [code(c) for c in deal(42)]
    v = g.view()
    assert v["columns"][1] == [d[13]] + ["??"] * 3 + d[17:26]
    assert g.oracles == parse_cards(" ".join(d[78:81]))


def test_seed_42_bases_are_pinned():
    v = variants.new("pillars", seed=42).view()
    assert [c[0] for c in v["columns"]] == ["1GDE", "3RSF", "1RSH", "1GSF", "3GDE", "3GSF"]


def test_deal_shows_eighteen_foundations_face_down_and_three_oracles():
    v = variants.new("pillars", seed=7).view()
    assert (v["down"], v["oracles"], v["side"]) == (18, 3, [])


def test_level_lays_out_its_columns_and_oracles():
    lv = level(["2GOH", "2GOF", "", "", "", ""], oracles="3PSF 3PSE 3PSH")
    g = variants.load(lv)
    assert g.view()["accessible"][:2] == ["2GOH", "2GOF"] and g.oracles == parse_cards("3PSF 3PSE 3PSH")


@pytest.mark.parametrize(
    "change, field",
    [
        (lambda lv: lv["columns"].pop(), "'columns'"),
        (lambda lv: lv["columns"][2].pop(), "'columns' column 3"),
        (lambda lv: lv["columns"][4].__setitem__(0, "4XYZ"), "'columns' column 5: bad card code '4XYZ'"),
        (lambda lv: lv["oracles"].pop(), "'oracles'"),
        (lambda lv: lv["oracles"].__setitem__(0, lv["columns"][0][0]), "hold"),
        (lambda lv: lv.__setitem__("par", -1), "'par'"),
    ],
)
def test_bad_level_names_the_level_and_the_field(change, field):
    lv = level([""] * 6, id="pillars-007")
    change(lv)
    with pytest.raises(ValueError, match=f"pillars-007: field.*{field}"):
        variants.load(lv)


# ----- accessible cards and Sets ------------------------------------------------
def test_accessible_cards_are_column_tops_then_side_oracles():
    g = position(["1RDE 2RDE", "1ROE", "1GDE 1GOE", "", "2GDE", "2GOE"], side="1RDH")
    assert g.view()["accessible"] == ["2RDE", "1ROE", "1GOE", "2GDE", "2GOE", "1RDH"]


def test_set_of_three_tops_is_removed_and_scores_three():
    g = variants.load(level(["3PSF", "3PSE", "3PSH", "", "", ""]))
    g.play("set 3PSE 3PSF 3PSH")
    assert g.score == 3 and g.view()["removed"] == ["3PSE", "3PSH", "3PSF"]


def test_set_with_a_buried_card_is_refused():
    g = variants.load(level(["3PSF 1RDE", "3PSE", "3PSH", "", "", ""]))
    with pytest.raises(IllegalMove, match="3PSF is buried in column 1"):
        g.play("set 3PSF 3PSE 3PSH")


def test_set_with_a_face_down_card_is_refused_without_saying_where_it_lies():
    g = position(["1RDE ?3PSF 1GOE", "3PSE", "3PSH"], oracles="2GOH")
    with pytest.raises(IllegalMove, match="3PSF is not accessible"):
        g.play("set 3PSF 3PSE 3PSH")


def test_three_tops_that_are_no_set_are_refused_with_the_reason():
    g = variants.load(level(["3PSF", "3PSE", "3PDH", "", "", ""]))
    with pytest.raises(IllegalMove, match="not a Set — shape: two squiggles, one diamond"):
        g.play("set 3PSF 3PSE 3PDH")


def test_removing_a_card_turns_up_the_foundation_beneath_in_the_same_move():
    g = position(["1RDE ?1RDH ?1ROE 3PSF", "1GOE 3PSE", "1GDE 3PSH"], oracles="2GOH")
    g.play("set 3PSF 3PSE 3PSH")
    assert g.view()["columns"][0] == ["1RDE", "??", "1ROE"] and g.view()["down"] == 1


def test_moving_a_card_away_turns_up_the_foundation_beneath():
    g = position(["1RDE ?1RDH 2GDF", "2GOH"])
    g.play("move 2GDF > 2")
    assert g.view()["columns"][0] == ["1RDE", "1RDH"]


def test_a_turned_up_foundation_stays_up_under_a_card_moved_onto_it():
    g = position(["1RDE ?1RDH ?1ROE 2GDF", "1GOE 2GOH", "1GDE 1RSH"], oracles="2ROF")
    g.play("move 2GDF > 2")
    g.play("move 1RSH > 1")
    assert g.view()["columns"][0] == ["1RDE", "??", "1ROE", "1RSH"]


# ----- moves: exactly two shared features -------------------------------------
@pytest.mark.parametrize(
    "mover, top, words",
    [("1RDE", "2GOH", "no features"), ("1RDE", "1GOH", "one feature"), ("2GOH", "2GOF", "three features")],
)
def test_move_sharing_other_than_two_features_is_refused(mover, top, words):
    g = variants.load(level([mover, top, "", "", "", ""]))
    with pytest.raises(IllegalMove, match=f"{mover} shares {words} with {top}: a move needs exactly two"):
        g.play(f"move {mover} > 2")


def test_move_sharing_exactly_two_features_lands_on_the_top():
    g = variants.load(level(["2GOH", "2GDF", "", "", "", ""]))
    g.play("move 2GOH > 2")
    assert g.view()["columns"][1][-2:] == ["2GDF", "2GOH"] and len(g.view()["columns"][0]) == 12


def test_a_base_never_moves():
    g = position(["2GOH", "1RDE 2GDF", "1ROE ?1ROH 1GOE"], oracles="3PSF")
    with pytest.raises(IllegalMove, match="2GOH is a base: a base never moves"):
        g.play("move 2GOH > 2")


def test_a_card_never_moves_into_an_empty_column():
    g = position(["1RDE 2GDF", "1ROE", "", "1GDE", BURIED], oracles="3PSF")
    with pytest.raises(IllegalMove, match="column 3 is empty: only an oracle can fill an empty column"):
        g.play("move 2GDF > 3")


def test_move_to_a_column_that_does_not_exist_is_refused():
    g = variants.load(level(["2GOH", "2GDF", "", "", "", ""]))
    with pytest.raises(IllegalMove, match="no column 7: columns are 1 to 6"):
        g.play("move 2GOH > 7")


# ----- bases in Sets -----------------------------------------------------------
def test_a_base_is_kept_out_of_sets_while_a_foundation_is_face_down():
    g = position(["3PSF", "1RDE ?1RDH 3PSE", "1ROE 3PSH"], oracles="2GOH")
    with pytest.raises(IllegalMove, match="3PSF is a base: .*all 18 foundations are face up \\(1 still"):
        g.play("set 3PSF 3PSE 3PSH")


def test_a_base_may_be_in_a_set_once_every_foundation_is_up():
    g = position(["3PSF", "1RDE 1RDH 3PSE", "1ROE 3PSH"])
    g.play("set 3PSF 3PSE 3PSH")
    assert g.view()["columns"][0] == [] and g.view()["bases_removed"] == 1


# ----- oracles -----------------------------------------------------------------
def test_oracle_to_an_empty_base_position_becomes_that_columns_base():
    g = position(["", "1RDE 3PSE", "1ROE 3PSH", BURIED], oracles="3PSF 2GOH")
    g.play("oracle > 1")
    assert g.view()["columns"][0] == ["3PSF"] and g.view()["oracles"] == 1


def test_oracle_base_never_moves():
    g = position(["", "1RDE 2GDF", BURIED], oracles="2GOH")
    g.play("oracle > 1")
    with pytest.raises(IllegalMove, match="a base never moves"):
        g.play("move 2GOH > 2")


def test_oracle_base_may_be_in_a_set():
    g = position(["", "1RDE 3PSE", "1ROE 3PSH", BURIED], oracles="3PSF")
    g.play("oracle > 1")
    g.play("set 3PSF 3PSE 3PSH")
    assert g.view()["columns"][0] == [] and g.view()["removed"][-3:] == ["3PSE", "3PSH", "3PSF"]


def test_oracle_to_a_column_that_still_has_its_base_is_refused():
    g = variants.new("pillars", seed=3)
    with pytest.raises(IllegalMove, match="column 2 is not empty: an oracle takes a base position only"):
        g.play("oracle > 2")


def test_oracle_to_the_side_is_revealed_and_accessible():
    g = position(["1RDE 3PSE", "1ROE 3PSH", BURIED], oracles="3PSF 2GOH")
    g.play("oracle side")
    assert g.view()["side"] == ["3PSF"] and "3PSF" in g.view()["accessible"]


def test_side_oracle_can_be_in_a_set():
    g = position(["1RDE 3PSE", "1ROE 3PSH"], side="3PSF")
    g.play("set 3PSE 3PSF 3PSH")
    assert g.view()["side"] == []


def test_side_oracle_moves_onto_a_top_sharing_exactly_two():
    g = position(["1RDE 2GDF", "1ROE", BURIED], side="2GOH")
    g.play("move 2GOH > 1")
    assert g.view()["columns"][0] == ["1RDE", "2GDF", "2GOH"] and g.view()["side"] == []


def test_side_oracle_never_goes_into_an_empty_column():
    g = position(["1RDE 2GDF", "", BURIED], side="2GOH")
    with pytest.raises(IllegalMove, match="column 2 is empty: a side oracle never goes into an empty column"):
        g.play("move 2GOH > 2")


def test_oracles_come_in_their_dealt_order():
    g = variants.new("pillars", seed=42)
    g.play("oracle side")
    g.play("oracle side")
    assert g.view()["side"] == ["2GDE", "2PSE"]


def test_no_oracle_left_is_refused():
    g = position(["1RDE 2GDF", "1ROE", BURIED], side="2GOH 1GDE 2ROE")
    with pytest.raises(IllegalMove, match="no oracle left"):
        g.play("oracle side")


# ----- winning, losing -----------------------------------------------------
def test_win_when_foundations_are_up_and_no_set_is_left_anywhere():
    g = position(["1RDE 1RDH 3PSF", "1ROE 1ROH 3PSE", "1GDE 1GDH 3PSH", "1GOE", "1GOH", "2RDE"])
    g.play("set 3PSE 3PSF 3PSH")
    assert g.over and g.won


def test_no_win_while_a_set_is_buried_in_the_tableau():
    g = position(["1RDE 1RDH 3PSF", "1ROE 1ROH 3PSE", "1GDE 1GDH 3PSH", "2RDE 3PDF 2GOE", "2ROE 3PDE 2GOH",
                  "2GDE 3PDH 2RDH"])
    g.play("set 3PSE 3PSF 3PSH")
    assert not g.over and find_sets(parse_cards("3PDF 3PDE 3PDH"))


def test_no_win_while_a_foundation_is_face_down():
    g = position(["1RDE ?1RDH 1GOH 3PSF", "1ROE 1ROH 3PSE", "1GDE 1GDH 3PSH", "1GOE"])
    g.play("set 3PSE 3PSF 3PSH")
    assert (g.won, g.view()["down"], find_sets(g.cards_left())) == (False, 1, [])


def test_a_side_oracle_counts_for_the_win():
    g = position(["1RDE 1RDH 3PSF", "2RDE 1ROH 3PSE", "1GDE 1GDH 3PSH", "1GOE"], side="3RDE")
    g.play("set 3PSE 3PSF 3PSH")
    assert not g.over and find_sets(g.cards_left()) == [tuple(parse_cards("1RDE 2RDE 3RDE"))]


def test_face_down_oracles_do_not_count_for_the_win():
    g = position(["1RDE 1RDH 3PSF", "2RDE 1ROH 3PSE", "1GDE 1GDH 3PSH", "1GOE"], oracles="3RDE")
    g.play("set 3PSE 3PSF 3PSH")
    assert g.won


def test_win_without_an_oracle_is_samson():
    g = position(["1RDE 1RDH 3PSF", "1ROE 1ROH 3PSE", "1GDE 1GDH 3PSH", "1GOE"])
    g.play("set 3PSE 3PSF 3PSH")
    assert g.title == "Samson"


def test_win_after_consulting_an_oracle_has_no_title():
    g = position(["1RDE 1RDH 3PSF", "1ROE 1ROH 3PSE", "1GDE 1GDH 3PSH", "1GOE"], oracles="2GOH")
    g.play("oracle side")
    g.play("set 3PSE 3PSF 3PSH")
    assert g.won and g.title is None


def test_an_oracle_consult_cannot_be_undone():
    g = position(["1RDE 1RDH 3PSF", "1ROE 1ROH 3PSE", "1GDE 1GDH 3PSH", "1GOE"], oracles="2GOH")
    g.play("oracle side")
    with pytest.raises(IllegalMove, match="an oracle once seen cannot be unseen"):
        g.undo()


def test_undo_cannot_win_back_samson_after_an_oracle():
    g = position(["1RDE 1RDH 3PSF", "1ROE 1ROH 3PSE", "1GDE 1GDH 3PSH", "1GOE"], oracles="2GOH")
    g.play("oracle side")
    with pytest.raises(IllegalMove):
        g.undo()
    g.play("set 3PSE 3PSF 3PSH")
    assert (g.won, g.title, g.view()["consulted"]) == (True, None, 1)


def test_moves_before_an_oracle_consult_cannot_be_undone():
    g = variants.load(level(["2GOH", "2GDF", "", "", "", ""]))
    g.play("move 2GOH > 2")
    g.play("oracle side")
    with pytest.raises(IllegalMove):
        g.undo()
    assert g.history == ["move 2GOH > 2", "oracle side"]


def test_moves_after_an_oracle_consult_can_be_undone():
    g = variants.load(level(["2GOH", "2GDF", "", "", "", ""]))
    g.play("oracle side")
    g.play("move 2GOH > 2")
    assert g.undo() == "move 2GOH > 2" and g.view()["columns"][0][-1] == "2GOH"


def test_game_is_lost_when_no_move_but_resign_is_left():
    g = position(["3PSF 3PSE 3PSH 1RDE", "", "", "", "", ""])
    assert (g.over, g.won, g.legal_moves(), g.view()["result"]) == (True, False, [], "lost")


def test_resign_gives_up():
    g = variants.new("pillars", seed=5)
    g.play("resign")
    assert (g.over, g.won, g.view()["result"]) == (True, False, "resigned")


def test_no_move_after_the_game_is_over():
    g = variants.new("pillars", seed=5)
    g.play("resign")
    with pytest.raises(IllegalMove, match="the game is over"):
        g.play("oracle side")


def test_legal_moves_list_sets_then_moves_then_oracles_then_resign():
    g = position(["1RDE 2GDF", "1ROE 3PSE", "", "1GDE 3PSH", "2GOH"], oracles="2ROH", side="3PSF 1GDH")
    assert g.legal_moves() == [
        "set 3PSE 3PSH 3PSF",
        "move 2GDF > 5",
        "move 1GDH > 1",
        "move 1GDH > 5",
        "oracle > 3",
        "oracle > 6",
        "oracle side",
        "resign",
    ]


def test_view_is_json_and_hides_face_down_cards():
    g = variants.new("pillars", seed=11)
    text = json.dumps(g.view())
    hidden = {code(c) for i in range(6) for c in deal(11)[13 * i + 1 : 13 * i + 4]} | {
        code(c) for c in deal(11)[78:]
    }
    assert not any(h in text for h in hidden)


# ----- random play -------------------------------------------------------------
def _accounted(g) -> bool:
    on_table = [c for col in g.columns for c in col]
    every = on_table + g.oracles + g.side + g.removed
    return sorted(every) == list(DECK)


def _illegal_candidate(rng: Rng) -> str:
    """A move that may well be illegal: random cards, a random column, or another mode's verb."""
    a, b, c = sorted(rng.below(81) for _ in range(3))
    n = rng.below(6) + 1
    return rng.choice([f"set {code(a)} {code(b)} {code(c)}", f"move {code(a)} > {n}", f"oracle > {n}", "deal"])


def _pick(rng: Rng, moves: list[str]) -> str:
    """A random move, a Set three times in four when there is one (to dig deeper), never resign."""
    sets = [m for m in moves if m.startswith("set")]
    if sets and rng.below(4):
        return rng.choice(sets)
    return rng.choice([m for m in moves if m != "resign"] or moves)


@settings(max_examples=50, deadline=None)
@given(seed=st.integers(0, 2**40), player=st.integers(0, 2**40))
def test_random_play_keeps_every_invariant(seed, player):
    """Random legal moves and undos; the player's choices come from its own seeded stream."""
    rng = Rng(player)
    g = variants.new("pillars", seed=seed)
    for step in range(60):
        if g.over:
            break
        moves = g.legal_moves()
        assert all(g.is_legal(m) for m in moves)
        cand = _illegal_candidate(rng)
        if cand not in moves:
            assert_refused(g, cand)
        if rng.below(8) == 0 and g.history:
            last = g.history[-1]
            try:
                g.undo()
            except IllegalMove:
                assert last.startswith("oracle")
        else:
            g.play(_pick(rng, moves))
        assert _accounted(g)
        json.dumps(g.view())
        if step == 30:
            assert variants.from_json(g.to_json()).view() == g.view()
    replay = variants.new("pillars", seed=seed)
    for m in g.history:
        replay.play(m)
    assert replay.view() == {**g.view(), "undos": 0}  # the moves alone do not tell of undos
    assert variants.from_json(g.to_json()).view() == g.view()


def test_random_games_end_by_a_result_or_a_resign():
    """Random players (Sets preferred) that resign after 300 moves: every game ends."""
    results = []
    for seed in range(8):
        rng, g = Rng(seed), variants.new("pillars", seed=seed)
        while not g.over:
            g.play("resign" if len(g.history) >= 300 else _pick(rng, g.legal_moves()))
        results.append(g.view()["result"])
    assert set(results) <= {"won", "lost", "resigned"} and len(results) == 8


# ----- fair play (RULES.md, Daily deals) -------------------------------------------
def test_a_fair_game_cannot_take_back_a_move_that_turned_a_foundation_up():
    g = position(["2RDE ?2GOH 1ROH", "1RDE", "3PSF 3PSE", "2PSF 3POF"])
    g.options["fair"] = True
    g.play("move 3PSE > 4")  # turns up nothing
    assert g.undo() == "move 3PSE > 4"
    g.play("move 1ROH > 2")  # turns 2GOH face up
    before = g.view()
    with pytest.raises(IllegalMove, match="turned a foundation face up"):
        g.undo()
    assert g.view() == before and (before["fair"], before["undos"]) == (True, 1)


def test_outside_a_fair_game_the_foundation_move_may_be_undone_and_is_counted():
    g = position(["2RDE ?2GOH 1ROH", "1RDE", "3PSF 3PSE", "2PSF 3POF"])
    g.play("move 1ROH > 2")
    g.undo()
    assert g.view()["down"] == 1 and g.view()["undos"] == 1


def test_resigning_is_an_end_before_the_real_end():
    g = variants.new("pillars", seed=3, fair=True)
    g.play("resign")
    again = variants.from_json(g.to_json())
    assert (g.won, g.view()["ended"], again.fair) == (False, True, True)
