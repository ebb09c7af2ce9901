"""Classic SET (RULES.md §1): one behaviour per test, the deal order as one literal."""

import pytest

from game import BadMove, IllegalMove, variants
from game.cards import DECK, card, code, parse_cards

CAP20 = "1RDE 2RDE 1GDE 1ROE 1RDH 1ROH 1GDH 1GOE 1GOH 2RDH 2ROF 2RSF 2GDF 2PDF 3ROF 3GDF 3GOE 3GOH 3GSF 3POF"
# 12 cards holding exactly one Set (1RDE 2GOH 3PSF), then 3 more.
ONE_SET = "1RDE 2GOH 3PSF 1RDH 1ROE 1ROH 1GDE 1GDH 1GOE 1GOH 2RDF 2ROF 2RSE 2RSH 2GDF"


def game_from(deck: str, **options):
    return variants.load({"variant": "classic", "id": "test", "deck": deck.split()}, **options)


def full_deck_after(first: str) -> str:
    head = first.split()
    return " ".join(head + [code(c) for c in DECK if code(c) not in head])


def test_a_right_set_scores_one_and_is_replaced_in_place():
    g = game_from(ONE_SET)
    g.play("P1 set 3PSF 1RDE 2GOH @4.00")
    v = g.view()
    assert v["score"] == 1
    assert v["table"][:3] == ["2RSE", "2RSH", "2GDF"]  # the next cards, where the Set lay
    assert v["deck"] == 0 and len(v["table"]) == 12


def test_a_non_set_is_refused_with_the_failing_feature_and_nothing_changes():
    g = game_from(ONE_SET)
    before = g.view()
    with pytest.raises(IllegalMove, match="not a Set — number: two 1s, one 2"):
        g.play("P1 set 1RDE 1RDH 2RDF")
    assert g.view() == before and g.history == []


def test_a_wrong_pick_costs_one_point_and_the_cards_stay():
    g = game_from(ONE_SET)
    g.play("P1 miss 1RDE 1RDH 1ROE @2.00")
    assert g.score == -1 and g.view()["table"][:3] == ["1RDE", "2GOH", "3PSF"]


def test_a_call_that_times_out_costs_one_point():
    g = game_from(ONE_SET, players=2)
    g.play("P2 miss @5.00")
    assert g.score == {"P1": 0, "P2": -1}


def test_a_real_set_cannot_be_played_as_a_miss():
    g = game_from(ONE_SET)
    with pytest.raises(IllegalMove, match="are a Set"):
        g.play("P1 miss 1RDE 2GOH 3PSF")


def test_three_more_cards_are_dealt_while_no_set_up_to_21():
    g = game_from(full_deck_after(CAP20))
    assert len(g.view()["table"]) == 21  # 12, 15 and 18 of a cap hold no Set


def test_after_a_set_from_15_cards_the_table_is_not_refilled():
    g = game_from(full_deck_after("1RDE 2RDE 1GDE 1ROE 1RDH 1ROH 1GDH 1GOE 1GOH 2RDH 2ROF 2RSF 1RSE 1GSE 1PDE"))
    table = g.view()["table"]
    assert len(table) == 15
    s = g.legal_moves()[0]
    g.play(s)
    assert len(g.view()["table"]) == 12 and g.view()["deck"] == 81 - 15


def test_the_hand_ends_when_the_deck_is_empty_and_no_set_is_left():
    g = game_from(ONE_SET[: ONE_SET.index(" 2RSE")])  # a 12-card deck with one Set
    g.play("P1 set 1RDE 2GOH 3PSF")
    assert g.over and g.won and g.view()["table"] == ONE_SET.split()[3:12]


def test_strict_solo_loses_when_twelve_hold_no_set():
    g = game_from(full_deck_after(CAP20), strict=True)
    assert g.over and not g.won and g.view()["lost"]


def test_strict_and_timed_are_for_one_player():
    with pytest.raises(ValueError, match="one player"):
        variants.new("classic", seed=1, players=2, strict=True)


def test_a_game_has_one_hand_per_player_and_the_deal_rotates():
    g = game_from(ONE_SET[: ONE_SET.index(" 2RSE")], players=2)
    assert g.view()["dealer"] == "P1"
    g.play("P2 set 1RDE 2GOH 3PSF")
    v = g.view()
    assert not g.over and v["hand"] == 2 and v["dealer"] == "P2" and v["deck"] == 69
    assert v["scores"] == {"P1": 0, "P2": 1}


def test_sprint_score_is_time_plus_five_seconds_a_miss():
    g = game_from(ONE_SET[: ONE_SET.index(" 2RSE")], timed="sprint")
    g.play("P1 miss 1RDE 1RDH 1ROE @3.00")
    g.play("P1 set 1RDE 2GOH 3PSF @10.50")
    assert g.over and g.score == 15.5


def test_blitz_refuses_a_set_after_three_minutes_and_ends():
    g = variants.new("classic", seed=4, timed="blitz")
    with pytest.raises(IllegalMove, match="time is up"):
        g.play(g.legal_moves()[0] + " @180.50")
    g.play("end @180.50")
    assert g.over and g.won and g.clock == 180.0 and (g.view()["ended"], g.view()["time_up"]) == (False, True)


def test_blitz_ends_at_three_minutes_without_move_times():
    g = variants.new("classic", seed=4, timed="blitz")
    g.play(g.legal_moves()[0].replace("P1 ", ""))  # a move with no time
    assert not g.over
    g.play(g.legal_moves()[0])
    g.play(f"end @{g.time_limit:.2f}")  # what a session plays when Blitz's 3:00 runs out
    assert (g.over, g.won, g.score, g.clock, g.history[-1]) == (True, True, 2, 180.0, "end @180.00")
    with pytest.raises(IllegalMove, match="game is over"):
        g.play(g.legal_moves()[0] if g.legal_moves() else "P1 miss")


@pytest.mark.parametrize("timed", ["sprint", "blitz", None])
def test_ending_before_the_real_end_is_never_a_win(timed):
    g = variants.new("classic", seed=4, timed=timed)
    g.play("end @1.00")
    assert (g.over, g.won, g.view()["ended"]) == (True, False, True)


def test_an_ended_game_of_two_players_at_nil_all_is_no_win():
    g = variants.new("classic", seed=4, players=2)
    g.play("end")
    assert (g.won, g.view()["ended"], g.score) == (False, True, {"P1": 0, "P2": 0})


def test_time_never_goes_backwards():
    g = variants.new("classic", seed=4)
    g.play("P1 miss @10.00")
    with pytest.raises(IllegalMove, match="time goes backwards"):
        g.play("P1 miss @9.00")


def test_a_player_not_in_the_game_is_refused():
    g = variants.new("classic", seed=4, players=2)
    with pytest.raises(IllegalMove, match="P3 is not playing"):
        g.play("P3 miss @1.00")


def test_malformed_moves_say_what_was_wrong():
    g = variants.new("classic", seed=4)
    with pytest.raises(BadMove, match="unknown move 'sett'"):
        g.play("P1 sett 1RDE 2GOH 3PSF")
    with pytest.raises(BadMove, match="unknown card code 'ZZZZ'"):
        g.play("P1 set 1RDE 2GOH ZZZZ")
    with pytest.raises(IllegalMove, match="'move' is not a move in classic"):
        g.play("move 1RDE > 3")


def test_cards_not_on_the_table_are_refused():
    g = game_from(ONE_SET)
    with pytest.raises(IllegalMove, match="3PSE is not on the table"):
        g.play("P1 set 1RDE 2GOH 3PSE")


def test_classic_has_no_undo():
    g = variants.new("classic", seed=4)
    g.play(g.legal_moves()[0])
    with pytest.raises(IllegalMove, match="no undo"):
        g.undo()


def test_a_mode_without_undo_keeps_no_snapshots_however_long_it_plays():
    # a room plays game after game for hours: a snapshot a move was memory and collector work for nothing
    g = variants.new("classic", seed=4)
    for _ in range(10):
        g.play(next(m for m in g.legal_moves() if " set " in m))
    assert len(g.history) == 10 and g._undo == []
    mags = variants.new("mags", seed=4)
    mags.play("deal")
    assert len(mags._undo) == 1  # a mode with undo still keeps what it takes back


def test_unknown_mode_and_option_are_named():
    with pytest.raises(ValueError, match="unknown mode 'chess'"):
        variants.new("chess")
    with pytest.raises(ValueError, match="no option colour"):
        variants.new("classic", colour=1)


def test_level_with_a_bad_card_names_the_field():
    with pytest.raises(ValueError, match="test: field 'deck' entry 2: bad card code 'XXXX'"):
        game_from("1RDE XXXX")
    with pytest.raises(ValueError, match="holds 1RDE twice"):
        game_from("1RDE 1RDE")


def test_legal_moves_list_every_set_for_every_player_in_index_order():
    g = game_from(ONE_SET, players=2)
    assert g.legal_moves() == ["P1 set 1RDE 2GOH 3PSF", "P2 set 1RDE 2GOH 3PSF", "end"]
    assert parse_cards("1RDE") == [card("1RDE")]
