"""Random legal games for the open-table modes: conservation, replay, JSON, legality."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import IllegalMove, variants
from game.cards import code, is_set, parse_cards

EXAMPLES = 40
SETTINGS = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def cards_seen(g) -> list[str]:
    """Every card of the current deal: table, deck and the Sets taken."""
    v = g.view()
    if g.name == "classic":
        taken = [c for t in v["taken"] if t[4] == v["hand"] - 1 for c in t[1]]
        return v["table"] + [code(c) for c in g.deck] + taken
    if g.name == "points":
        return v["table"] + [code(c) for c in g.deck] + [c for t in v["taken"] for c in t[0]]
    return v["table"] + [code(c) for c in range(81) if code(c) not in v["table"]]


def a_wrong_pick(g, draw):
    table = parse_cards(g.view()["table"])
    for _ in range(20):
        a, b, c = draw(st.permutations(table))[:3]
        if not is_set(a, b, c):
            return [code(a), code(b), code(c)]
    return None


def random_game(mode, options, draw, steps):
    g = variants.new(mode, seed=draw(st.integers(0, 2**64 - 1)), **options)
    clock = 0.0
    for _ in range(steps):
        if g.over:
            break
        moves = g.legal_moves()
        kind = draw(st.sampled_from(["move", "move", "move", "wrong", "undo", "json"]))
        if kind == "undo" and g.UNDO and g.history:
            g.undo()
        elif kind == "json":
            copy = variants.from_json(g.to_json())
            assert copy.view() == g.view() and copy.history == g.history
        elif kind == "wrong" and mode in ("classic", "findall"):
            wrong = a_wrong_pick(g, draw)
            if wrong:
                clock += 1.5
                g.play(("P1 miss " if mode == "classic" else "set ") + " ".join(wrong) + f" @{clock:.2f}")
        else:
            clock += draw(st.floats(0.1, 20.0))
            m = draw(st.sampled_from(moves))
            if m == "end" and len(moves) > 1:
                continue
            g.play(m + f" @{clock:.2f}")
        deal = cards_seen(g)
        assert len(deal) == 81 and len(set(deal)) == 81
    return g


MODES = [("classic", {}), ("classic", {"players": 3}), ("classic", {"timed": "sprint"}), ("points", {}),
         ("findall", {}), ("findall", {"cards": 9})]


@pytest.mark.parametrize(("mode", "options"), MODES)
@SETTINGS
@given(data=st.data())
def test_replaying_history_from_the_seed_reproduces_the_view(mode, options, data):
    g = random_game(mode, options, data.draw, 60)
    again = variants.new(mode, seed=g.seed, **options)
    for m in g.history:
        again.play(m)
    again.load_undo_record(json.loads(g.to_json()))  # the moves alone do not tell of undos and kept hints
    assert again.view() == g.view()


@pytest.mark.parametrize(("mode", "options"), MODES)
@SETTINGS
@given(data=st.data())
def test_every_legal_move_plays_and_an_illegal_one_changes_nothing(mode, options, data):
    g = random_game(mode, options, data.draw, data.draw(st.integers(0, 40)))
    for m in g.legal_moves():
        assert g.is_legal(m), m
    before, history = g.view(), list(g.history)
    bad = data.draw(st.sampled_from(["set 1RDE 1RDE 1RDE", "P1 set 1RDE 2GOH 3PSF", "move 1RDE > 2",
                                     "reshuffle", "P4 miss", "deal3"]))
    if not g.is_legal(bad):
        with pytest.raises(IllegalMove):
            g.play(bad)
    assert g.view() == before and g.history == history


REFUSING_FIRST = [m for m in variants.MODES if variants.game_class(m).REFUSES_FIRST]
SETUPS = {"classic": [{"players": 2}, {"players": 3}, {"timed": "blitz"}, {"timed": "sprint"}, {"strict": True}]}


def test_the_modes_that_refuse_before_they_change_are_those_the_rooms_play_most():
    assert {"classic", "junior", "chain", "ultra", "memory", "shuffle"} <= set(REFUSING_FIRST)


def test_a_mode_built_on_another_says_it_refuses_first_itself_or_is_taken_not_to():
    from game.variants.race import Race

    class Toy(Race):  # its own hooks might check after a change: not taken on trust
        NAME = "toy"

    assert Race.REFUSES_FIRST and not Toy.REFUSES_FIRST


@pytest.mark.parametrize("mode", REFUSING_FIRST)
@SETTINGS
@given(data=st.data())
def test_a_mode_that_refuses_first_is_left_as_it_was_by_every_refused_move(mode, data):
    """``REFUSES_FIRST``: such a mode plays without a mark to go back to, so a refused move must have
    changed nothing at all (its whole state, the stream and the clock, byte for byte)."""
    setups = SETUPS.get(mode, [{"players": 1}, {"players": 2}])
    g = variants.new(mode, seed=data.draw(st.integers(0, 2**32)), **data.draw(st.sampled_from(setups)))
    assert g.REFUSES_FIRST and not g.UNDO
    clock = 0.0
    for _ in range(data.draw(st.integers(1, 30))):
        if g.over:
            break
        table = [code(c) for c in g.table_cards()]
        near = [code(c) for c in getattr(g, "previous", None) or []]  # Set-Chain: the cards it may carry
        others = data.draw(st.lists(st.sampled_from([code(c) for c in range(81)]), min_size=1, max_size=6))
        for _ in range(6):
            verb = data.draw(st.sampled_from(sorted(g.VERBS)))
            if verb == "end" and data.draw(st.integers(0, 9)):
                continue  # the end is legal almost always: tried now and then
            who = data.draw(st.sampled_from(["P1 ", "P2 ", "P3 ", "P7 ", ""]))
            cards = data.draw(st.lists(st.sampled_from(table + near + others), min_size=0, max_size=5))
            at = clock + data.draw(st.sampled_from([-1.0, 0.5, 200.0]))  # 200 s: past a Blitz's end
            move = " ".join([f"{who}{verb}", *cards, f"@{max(at, 0.0):.2f}"])
            before = g.mark()
            try:
                g.play(move)
            except IllegalMove:
                assert g.mark() == before, move
            else:  # a move that happened to be legal: played, as in a game
                clock = max(clock, at)
                if g.over:
                    return
        moves = g.legal_moves()
        if not moves:
            break
        clock += 1.0
        m = data.draw(st.sampled_from(moves))
        if m != "end":
            g.play(f"{m} @{clock:.2f}")
