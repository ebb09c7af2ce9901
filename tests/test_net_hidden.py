"""Hidden cards stay hidden (RULES.md §8): no message holds the seed, the deck order or a face-down card
before the table shows it; ``over`` reveals seed and salt, which match the commitment and replay the game."""

from __future__ import annotations

import json
import re
import time

import pytest
from net_driver import next_of, paced, take_a_set, until

from game.cards import code as code_of
from game.cards import find_sets, third
from game.net.client import Client, RemoteSession
from game.net.hosting import ServerThread
from game.net.protocol import commitment
from game.session import new_session
from game.variants.deck import Revealed, is_hidden

CODE = re.compile(r"\b[123][RGP][DOS][EHF]\b")


class Recorder(Client):
    """A client that keeps every text the server sends it, in order."""

    def __init__(self, *a, **kw) -> None:
        self.heard: list[str] = []
        super().__init__(*a, **kw)

    def _received(self, text) -> None:
        self.heard.append(text)
        super()._received(text)


@pytest.fixture
def server(tmp_path):
    st = ServerThread("127.0.0.1", 0, data=tmp_path)
    yield st
    st.stop()


def seated(port: int, first: dict, room: str | None = None) -> Recorder:
    c = Recorder("127.0.0.1", port)
    c.send(first if room is None else {"type": "join", "room": room, "name": first["name"]})
    next_of(c, "joined")
    return c


def faces_up(g) -> set[str]:
    """The codes a player sees on the table now (Memory: the cards turned up and the last three shown)."""
    if g.FACE_DOWN:
        return {code_of(c) for c in g.up} | set((g.shown or {}).get("cards", []))
    return {code_of(c) for c in g.table}


def shown_by(mode: str, seed: int, seats: list[str], options: dict, events: list[str]) -> list[set[str]]:
    """For each event number n (0: the deal), every code the table had shown face up by then.  A Classic
    hand that ends within an event (its deck dealt out, no Set on the table: the next hand is a fresh
    shuffle) showed every card its deck still held on the way, though the next hand's table replaced them."""
    s = new_session(mode, seed, seats, options, 0.0, follow=True)
    out, seen = [], faces_up(s.game)
    out.append(set(seen))
    for e in events:
        hand, deck = vars(s.game).get("hand"), [code_of(c) for c in vars(s.game).get("deck") or []]
        s.apply_event(e)
        if hand is not None and vars(s.game).get("hand") != hand:
            seen |= set(deck)
        seen |= faces_up(s.game)
        out.append(set(seen))
    return out


def check_heard(client: Recorder, seed: int, salt: str, shown: list[set[str]]) -> dict:
    """Every message before ``over``: no seed, no salt, no card the table had not shown by the last event
    the client had; returns the ``over`` message."""
    n = 0
    for text in client.heard:
        msg = json.loads(text)
        if msg["type"] == "over":
            return msg
        if msg["type"] == "event":
            n = msg["n"]
        elif msg["type"] == "state":
            n = len(msg["events"])
            assert "seed" not in msg and "salt" not in msg
        assert str(seed) not in text and salt not in text, text
        unseen = set(CODE.findall(text)) - shown[n]
        assert not unseen, f"{sorted(unseen)} sent before the table showed them (event {n}): {text[:200]}"
    raise AssertionError("no over message")


def replayed_alike(client: Recorder, mode: str, seed: int, seats: list[str], options: dict) -> int:
    """Feed a fresh replica the state and events the client heard, as the window does, and check that its
    table is the server's (the seeded replay's) after the deal and after every event.  Returns the events."""
    msgs = [json.loads(t) for t in client.heard]
    state = next(m for m in msgs if m["type"] == "state")
    truth = new_session(mode, seed, seats, options, 0.0, follow=True)
    src = Revealed()
    src.tell(dict(state["shown"]).get(0, {}))
    mirror = new_session(mode, 0, seats, options, 0.0, follow=True, source=src)
    assert mirror.view()["table"] == truth.view()["table"]
    events = [m for m in msgs if m["type"] == "event"]
    for m in events:
        truth.apply_event(m["move"])
        RemoteSession.step(mirror, src, m["move"], m)
        a, b = mirror.view(), truth.view()
        assert (a["table"], a["deck"], a["scores"], a["over"]) == (b["table"], b["deck"], b["scores"], b["over"]), \
            m["move"]
        if not mirror.game.FACE_DOWN:
            assert mirror.game.table == truth.game.table
    return len(events)


def flip_from_memory(rs: RemoteSession) -> None:
    """Play Memory from what this client was shown: a known Set if there is one, else an unknown card
    (named by its place: the client does not know its face)."""
    g = rs.game
    if rs.over or (g.up and g.turner != rs.players[rs.seat]) or (rs.caller not in (None, rs.players[rs.seat])):
        return
    asked = getattr(rs, "_asked", None)
    if asked is not None and asked[0] == (len(rs.events), rs.unanswered) and asked[1] is rs.replica:
        return  # one try per position (and again after a refusal: a flip sent too fast is dropped)
    if rs.events and rs.events[-1].split()[1:2] == ["call"]:
        return  # a call's flip is on its way
    if not paced(rs):
        return
    table = list(g.table)
    known = [c for c in table if not is_hidden(c)]
    down = [i for i, c in enumerate(table) if c not in g.up]
    aim = None
    if len(g.up) == 2:
        x = third(*g.up)
        aim = x if x in known else None
    elif len(g.up) == 1:
        aim = next((k for k in known if k not in g.up and third(g.up[0], k) in known
                    and third(g.up[0], k) != k), None)
    else:
        sets = find_sets(known)
        aim = sets[0][0] if sets else None
    if aim is not None and table.index(aim) in down:
        place = table.index(aim)
    else:
        unknown = [i for i in down if is_hidden(table[i])]
        place = (unknown or down)[0]
    rs._asked = ((len(rs.events), rs.unanswered), rs.replica)
    rs.act(rs.seat, f"flip #{place}", time.monotonic())


@pytest.mark.parametrize("mode, step", [("classic", take_a_set), ("memory", flip_from_memory)])
def test_no_message_holds_the_seed_or_a_card_before_the_table_shows_it(server, mode, step):
    a = seated(server.port, {"type": "create", "mode": mode, "options": {}, "name": "Ann"})
    b = seated(server.port, {"name": "Bob"}, a.room)
    a.send({"type": "start"})
    sa, sb = next_of(a, "state"), next_of(b, "state")
    assert "seed" not in sa and re.fullmatch(r"[0-9a-f]{64}", sa["commit"]) and sa["commit"] == sb["commit"]
    sessions = [RemoteSession(a, sa), RemoteSession(b, sb)]
    until(sessions, lambda: all(rs.over and rs.final for rs in sessions), timeout=120, step=step)
    room = server.server.rooms[a.room]
    s = room.session
    assert s.over and len(s.events) > 20
    shown = shown_by(mode, s.seed, s.seats, s.options, s.events)
    for c, rs in zip((a, b), sessions):
        over = check_heard(c, s.seed, room.salt, shown)
        # the deal was fixed in advance: seed and salt match the commitment, and the seed replays the game
        assert commitment(over["seed"], over["salt"]) == sa["commit"] and rs.fair is True and rs.seed == s.seed
        assert rs.events == s.events and rs.result() == s.result()
        assert rs.view(rs.seat)["table"] == s.view()["table"] and rs.view()["scores"] == s.view()["scores"]
        assert replayed_alike(c, mode, over["seed"], s.seats, s.options) == len(s.events)
    a.close()
    b.close()


def test_a_rejoin_mid_memory_game_gets_identical_state_and_only_the_faces_shown(server):
    a = seated(server.port, {"type": "create", "mode": "memory", "options": {}, "name": "Ann"})
    b = seated(server.port, {"name": "Bob"}, a.room)
    a.send({"type": "start"})
    ra, rb = RemoteSession(a, next_of(a, "state")), RemoteSession(b, next_of(b, "state"))
    until([ra, rb], lambda: len(ra.game.taken) >= 4, timeout=60,
          step=lambda rs: len(rs.game.taken) >= 4 or flip_from_memory(rs))
    for rs in (ra, rb):  # a barrier: once this is refused, all each sent before is played or refused
        rs.act(rs.seat, "flip #99", time.monotonic())
    room = server.server.rooms[a.room]
    until([ra, rb], lambda: all(any("place 99" in m for m in rs.messages) for rs in (ra, rb))
          and ra.caller is None and not ra.game.up and ra.events == rb.events == room.session.events, timeout=20)
    ra.act(0, "flip #0", time.monotonic())  # a card up when the other comes back
    until([ra, rb], lambda: len(ra.game.up) == 1 and len(rb.game.up) == 1, timeout=20)
    ticking = {"clock": 0, "call_left": 0}
    before, replica = rb.replica.view() | ticking, rb.replica
    b.cut()
    until([rb], lambda: rb.replica is not replica and rb.client.connected and rb.game.up, timeout=20)
    assert rb.replica.view() | ticking == before == ra.replica.view() | ticking
    assert rb.events == ra.events == room.session.events
    assert rb.view()["table"] == room.session.view()["table"]
    last = json.loads([t for t in b.heard if '"type":"state"' in t][-1])
    shown = shown_by("memory", room.session.seed, room.session.seats, room.session.options, room.session.events)
    assert set(CODE.findall(json.dumps(last))) <= shown[-1]
    down = [c for c in room.session.game.table if c not in room.session.game.up]
    assert all(is_hidden(c) or code_of(c) in shown[-1] for c in rb.game.table)
    assert any(is_hidden(c) for c in rb.game.table) and down
    a.close()
    b.close()


def test_a_flip_by_place_names_a_card_on_the_table(server):
    a = seated(server.port, {"type": "create", "mode": "memory", "options": {}, "name": "Ann"})
    a.send({"type": "start"})
    ra = RemoteSession(a, next_of(a, "state"))
    ra.act(0, "flip #99", time.monotonic())
    assert "no card at place 99" in next_of(a, "refused")["why"]
    ra.act(0, "flip #3", time.monotonic())
    until([ra], lambda: len(ra.game.up) == 1, timeout=20)
    room = server.server.rooms[a.room]
    assert ra.game.up == [room.session.game.table[3]] == [ra.game.table[3]]
    a.close()
