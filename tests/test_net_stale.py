"""A pick that comes after another member's Set changed the cards it names is stale: refused, no cost."""

from __future__ import annotations

import pytest
from net_driver import join, next_of, open_room, until

from game.cards import code, is_set
from game.errors import IllegalMove
from game.net.client import RemoteSession
from game.net.hosting import ServerThread
from game.net.protocol import ProtocolError, parse
from game.net.room import Room


def two_seat_room(seed: int = 5) -> Room:
    room = Room("K7M29QXD", lambda conns, text: None, seed=seed)
    room.add_person("Ann")
    room.add_person("Bob")
    room.start(0, 0.0)
    return room


def sets_of(room: Room, player: str) -> list[str]:
    return [m.split(" ", 1)[1] for m in room.session.game.legal_moves() if m.startswith(f"{player} set")]


def test_a_pick_of_a_card_taken_by_an_unseen_set_is_refused_and_its_blind_call_lapses_without_cost():
    room = two_seat_room()
    s = room.session
    bobs = sets_of(room, "P2")[0]
    room.act(1, bobs, 1.0, 1, seen=0)  # Bob's Set: his call and his Set, events 1 and 2
    assert len(s.events) == 2 and s.view()["scores"] == {"P1": 0, "P2": 1}
    room.act(0, "call", 1.2, 1, seen=0)  # Ann called before her window showed Bob's Set
    taken = bobs.split()[1]
    table = [code(c) for c in s.game.table]
    pick = f"set {taken} {table[0]} {table[1]}"
    with pytest.raises(IllegalMove, match=f"too late: {taken}"):
        room.act(0, pick, 1.5, 2, seen=0)
    assert s.events[-1].startswith("P1 lapse") and s.caller is None
    assert s.view()["scores"] == {"P1": 0, "P2": 1} and s.view()["misses"] == {"P1": 0, "P2": 0}
    room.tick(30.0)  # the call's time passes: nothing more is charged
    assert s.view()["misses"] == {"P1": 0, "P2": 0}


def test_a_card_brought_by_an_unseen_set_is_stale_too_and_a_seen_wrong_pick_is_still_a_miss():
    room = two_seat_room(seed=8)
    s = room.session
    before = {code(c) for c in s.game.table}
    room.act(1, sets_of(room, "P2")[0], 1.0, 1, seen=0)
    new = sorted({code(c) for c in s.game.table} - before)
    assert new
    table = [code(c) for c in s.game.table if code(c) not in new]
    with pytest.raises(IllegalMove, match="too late"):  # no call first: nothing is recorded at all
        room.act(0, f"set {new[0]} {table[0]} {table[1]}", 1.5, 2, seen=0)
    assert len(s.events) == 2
    cards = s.game.table
    wrong = next((a, b, c) for a in cards for b in cards for c in cards
                 if len({a, b, c}) == 3 and not is_set(a, b, c))
    room.act(0, "set " + " ".join(code(c) for c in wrong), 2.0, 3, seen=2)  # seen it all: a real miss
    assert s.view()["misses"]["P1"] == 1 and s.events[-1].startswith("P1 miss")
    with pytest.raises(ProtocolError, match="seen"):
        room.act(0, "call", 3.0, 4, seen=99)
    for bad in ('{"type": "act", "action": "call", "seen": -1}', '{"type": "act", "action": "call", "seen": "2"}',
                '{"type": "act", "action": "call", "seen": true}'):
        with pytest.raises(ProtocolError, match="seen"):
            parse(bad)


def test_over_the_network_a_stale_pick_is_refused_with_a_reason_and_both_windows_agree():
    st = ServerThread("127.0.0.1", 0)
    try:
        a = open_room(st.port, "Ann", seed=5)
        b = join(st.port, a.room, "Bob")
        a.send({"type": "start"})
        ra, rb = RemoteSession(a, next_of(a, "state")), RemoteSession(b, next_of(b, "state"))
        bobs = next(m for m in rb.game.legal_moves() if m.startswith("P2 set")).split(" ", 1)[1]
        table = [code(c) for c in ra.game.table if code(c) not in bobs.split()[1:]]
        rb.act(1, bobs, 0.0)
        until([rb], lambda: len(rb.events) == 2, timeout=10)
        ra.act(0, "call", 0.0)  # Ann's window has not taken Bob's Set yet: her seen is 0
        ra.act(0, f"set {bobs.split()[1]} {table[0]} {table[1]}", 0.0)
        got: list[dict] = []
        refused = next_of(a, "refused", seen=got)
        assert refused["id"] == 2 and "too late" in refused["why"]
        for m in got:  # what came before the refusal, for Ann's window as it would have taken it
            ra.take(m, 0.0)
        room = st.server.rooms[a.room]
        until([ra, rb], lambda: ra.events == rb.events == room.session.events and len(ra.events) == 4, timeout=10)
        assert room.session.events[-1].startswith("P1 lapse")
        assert ra.view(0)["scores"] == rb.view(1)["scores"] == {"P1": 0, "P2": 1}
        assert ra.caller is None and rb.caller is None
        a.close()
        b.close()
    finally:
        st.stop()


def test_a_call_the_server_answers_with_an_error_is_not_shown_as_ours_and_is_counted():
    st = ServerThread("127.0.0.1", 0)
    try:
        a = open_room(st.port, "Ann", seed=5)
        join(st.port, a.room, "Bob")
        a.send({"type": "start"})
        ra = RemoteSession(a, next_of(a, "state"))
        ra.act(0, "call", 0.0)
        assert ra.caller == "P1" and ra.guess is not None and ra.unanswered == 0
        # as the server answers a message past its rate ("too many messages"): the call was never taken
        ra.take({"type": "error", "why": "too many messages: at most 20 a second", "answers": "act",
                 "id": ra.guess}, 0.1)
        assert ra.caller is None and ra.guess is None and ra.unanswered == 1
        assert ra.take_messages() == ["too many messages: at most 20 a second"]
        ra.take({"type": "error", "why": "not JSON"}, 0.2)  # an error that answers no action of ours
        assert ra.unanswered == 1
    finally:
        st.stop()
