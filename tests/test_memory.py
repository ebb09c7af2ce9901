"""Memory (RULES.md §7): face down, turn up three, a Set is taken, anything else turns back."""

import json

import pytest
from engine_driver import assert_refused, dealt_first

from game.bots import LEVELS, TURN_FLOOR
from game.cards import code
from game.session import CALL_TIME, Session, from_json, new_session

HEAD = "1RDE 2GOH 3PSF 1RDH 1ROE 1ROH 1GDE 1GDH 1GOE 1GOH 2RDF 2ROF"  # one Set: the first three




def test_the_table_lies_face_down_and_a_flip_shows_one_card():
    g = dealt_first("memory", HEAD)
    assert g.view()["table"] == ["??"] * 12
    g.play("P1 flip 2GOH @1.00")
    v = g.view()
    assert v["table"][1] == "2GOH" and v["table"].count("??") == 11 and v["up"] == ["2GOH"] and v["turner"] == "P1"


def test_three_that_are_a_set_are_taken_and_replaced_face_down():
    g = dealt_first("memory", HEAD)
    for i, c in enumerate(["1RDE", "2GOH", "3PSF"]):
        g.play(f"P1 flip {c} @{i + 1}.00")
    v = g.view()
    assert v["score"] == 1 and v["table"] == ["??"] * 12 and v["up"] == [] and v["deck"] == 66
    assert v["shown"] == {"player": "P1", "cards": ["1RDE", "2GOH", "3PSF"], "set": True}
    assert not {"1RDE", "2GOH", "3PSF"} & {code(c) for c in g.table}


def test_three_that_are_no_set_turn_back_and_cost_nothing():
    g = dealt_first("memory", HEAD)
    for c in ["1RDE", "1RDH", "2ROF"]:
        g.play(f"P1 flip {c}")
    v = g.view()
    assert v["score"] == 0 and v["misses"] == {"P1": 1} and v["table"] == ["??"] * 12
    assert v["shown"] == {"player": "P1", "cards": ["1RDE", "1RDH", "2ROF"], "set": False}
    g.play("P1 flip 1GOE")
    assert g.view()["shown"] is None  # the next card turned clears the three shown


def test_while_one_player_turns_cards_nobody_else_may():
    g = dealt_first("memory", HEAD, players=2)
    g.play("P1 flip 1RDE")
    assert_refused(g, "P2 flip 2GOH")
    assert all(m.startswith("P1 flip") for m in g.legal_moves()[:-1])
    g.play("P1 miss @6.00")  # P1's call ran out: the card turns back, no cost
    assert g.view()["up"] == [] and g.score == {"P1": 0, "P2": 0}
    g.play("P2 flip 2GOH")


def test_a_flip_names_one_face_down_table_card():
    g = dealt_first("memory", HEAD)
    g.play("P1 flip 1RDE")
    assert_refused(g, "P1 flip 1RDE")  # already up
    assert_refused(g, "P1 flip 3PSE")  # not on the table
    assert_refused(g, "P1 flip 2GOH 3PSF")
    assert_refused(g, "P1 set 1RDE 2GOH 3PSF")
    assert_refused(g, "P1 miss 1RDE 1RDH 1ROE")


def test_a_bot_remembers_what_was_shown():
    g = dealt_first("memory", HEAD, players=2)
    for c in ["1RDE", "2GOH", "1ROE"]:
        g.play(f"P2 flip {c}")
    options = g.bot_options("P1")
    assert all(o.difficulty == 0 for o in options)  # one Set card still unseen: only guesses
    for c in ["3PSF", "1GDE", "1GDH"]:
        g.play(f"P2 flip {c}")
    best = max(g.bot_options("P1"), key=lambda o: o.difficulty)
    assert best.move == "P1 flip 1RDE" and [code(c) for c in best.cards] == ["1RDE", "2GOH", "3PSF"]
    g.play("P1 flip 1RDE")
    assert g.bot_options("P2") == []  # P1 has a card up


# ----- the call in time (game.session): one call time for the whole turn of three ----------------
def _turns(events: list[str]) -> list[tuple[str, float, list[tuple[str, float]]]]:
    """Each call as (player, its time, the caller's moves until the turn ends: three flips or a miss)."""
    out: list = []
    for e in events:
        who, verb, at = e.split()[0], e.split()[1], float(e.rsplit("@", 1)[1])
        if verb == "call":
            out.append((who, at, []))
        elif out and who == out[-1][0] and verb in ("flip", "miss"):
            turn = out[-1][2]
            if len(turn) < 3 and not (turn and turn[-1][0] == "miss"):
                turn.append((verb, at))
    return out


@pytest.mark.parametrize("level", LEVELS)
def test_a_bots_whole_turn_ends_within_one_call_time_of_its_call_and_no_card_is_quicker_than_a_person(level):
    s = new_session("memory", 4, ["human", f"bot:{level}"], {"players": 2}, 0.0)
    t = 0.0
    while t < 900 and not s.over:  # the person looks on
        t += 7.3
        s.tick(t)
    turns = _turns(s.events)
    assert len(turns) >= 8 and all(who == "P2" for who, _at, _moves in turns)
    ended = None
    for _who, at, moves in turns:
        done = moves[-1]
        assert done[0] == "miss" or len(moves) == 3
        assert done[1] <= at + CALL_TIME + 1e-6  # the call is never renewed per card
        flips = [m[1] for m in moves if m[0] == "flip"]
        assert all(b - a >= TURN_FLOOR - 0.011 for a, b in zip(flips, flips[1:]))
        if ended is not None:  # after its call it waits, as a person would, before calling again
            assert at - ended >= TURN_FLOOR - 0.011
        ended = done[1]


def test_a_person_has_one_call_time_for_the_whole_turn_and_a_lapse_turns_the_cards_back():
    s = new_session("memory", 4, ["human"], {}, 0.0)
    down = [code(c) for c in s.game.table]
    s.act(0, f"flip {down[0]}", 1.0)
    s.act(0, f"flip {down[1]}", 3.0)
    assert s.caller == "P1" and s.view(0)["call_left"] == pytest.approx(CALL_TIME - 2.0)  # not renewed
    s.tick(1.0 + CALL_TIME - 0.01)
    assert s.caller == "P1"
    s.tick(1.0 + CALL_TIME + 0.01)
    assert s.caller is None and s.game.up == [] and s.events[-1] == f"P1 miss @{1.0 + CALL_TIME:.2f}"


def _played(level: str, seed: int) -> tuple[Session, list[tuple[int, str | None, float]]]:
    """A live game of a person and a bot; the call after each step: (events so far, caller, its end).

    The person starts a turn 4 s after the table last changed and turns a card every 2 to 3 s: some of
    its turns run out."""
    s = new_session("memory", seed, ["human", f"bot:{level}"], {"players": 2}, 0.0)
    calls: list = []
    t = last = 0.0
    while t < 150 and not s.over:
        t += 0.5
        s.tick(t)
        mine = s.caller == "P1" and t - last >= 2.0 + (len(s.events) % 3) * 0.5
        if mine or (s.caller is None and t - s.changed >= 4.0):
            down = [code(c) for c in s.game.table if c not in s.game.up]
            s.act(0, f"flip {down[round(t) % len(down)]}", t)
            last = t
        calls.append((len(s.events), s.caller, s.call_ends if s.caller else None))
    return s, calls


@pytest.mark.parametrize("level", ["casual", "expert"])
def test_a_live_game_and_its_events_applied_elsewhere_time_the_call_alike(level):
    live, calls = _played(level, 6)
    assert {"P1", "P2"} <= {who for who, _at, _moves in _turns(live.events)}
    assert any(e.startswith("P1 miss") for e in live.events)  # a person's turn ran out
    for n, who, ends in calls:  # every call ends one call time after the call that opened it
        if who is not None:
            opened = [float(e.rsplit("@", 1)[1]) for e in live.events[:n] if e.startswith(f"{who} call")][-1]
            assert ends == pytest.approx(opened + CALL_TIME)
    # an online replica: the server's events, applied one by one as they come
    replica = new_session("memory", 6, ["human", f"bot:{level}"], {"players": 2}, 0.0, follow=True)
    for n, who, ends in calls:
        for e in live.events[len(replica.events):n]:
            replica.apply_event(e)
        assert replica.caller == who and (who is None or replica.call_ends == pytest.approx(ends))
    # a resumed save whose call was not kept with it (a journal's events after an older header)
    data = json.loads(live.to_json())
    del data["call"]
    again = from_json(json.dumps(data))
    assert again.events == live.events and again.caller == live.caller
    assert live.caller is None or again.call_ends == pytest.approx(live.call_ends)
