"""The deck sources (``game.variants.deck``): a room's seeded deck, a window's cards as they are shown.

For every mode a room plays, a whole game in a room (in process, bots or legal moves) is followed by a
replica built only from the messages a member gets: its table is the room's after every event, and no
message before ``over`` holds the seed or a card code the table had not shown face up by then.
"""

from __future__ import annotations

import contextlib
import json
import re

import pytest

from game import variants
from game.cards import code
from game.errors import IllegalMove
from game.net.client import RemoteSession
from game.net.protocol import commitment
from game.net.room import Room
from game.session import new_session
from game.variants.deck import HIDDEN, Revealed, Seeded, is_hidden, new_game

CODE = re.compile(r"\b[123][RGP][DOS][EHF]\b")
MODES = [g.NAME for g in variants.games("ONLINE")]


def test_every_online_mode_takes_its_cards_from_a_source_and_deals_as_before():
    for mode in MODES:
        cls = variants.game_class(mode)
        opts = {"players": 2}
        room = Seeded()
        plain, seeded = variants.new(mode, 11, **opts), new_game(cls, 11, room, **opts)
        assert seeded.view() == plain.view(), mode
        src = Revealed()
        src.tell(room.played(seeded))  # what the deal shows
        r = new_game(cls, 0, src, **opts)
        assert r.view()["table"] == seeded.view()["table"], mode
        deck = getattr(r, "deck", [])  # Find All: the table is the whole deal
        assert all(is_hidden(c) for c in deck) and len(deck) == len(getattr(seeded, "deck", [])), mode
        assert all(is_hidden(c) for c in r.table) == cls.FACE_DOWN, mode


def face_up_codes(g) -> set[str]:
    """The codes a player sees now (the table, 20/20's personal cards; Memory: only the cards turned)."""
    v = g.view()
    if g.FACE_DOWN:
        return set(v["up"]) | set((v["shown"] or {}).get("cards", []))
    hands = v.get("hands") if isinstance(v.get("hands"), dict) else {}  # 20/20's personal cards
    return set(v["table"]) | {c for hand in hands.values() for c in hand}


def play_a_room(mode: str, seed: int, people: bool = False) -> tuple[Room, list[str]]:
    """A room of one person and a bot (two people where bots do not play, or with ``people``), played out
    (the second person takes the first right pick there is); the first person's messages."""
    heard: list[str] = []
    room = Room("K7M29QXD", lambda conns, text: heard.append(text) if "ann" in conns else None, mode,
                {}, seed=seed)
    room.add_person("Ann")
    room.seats[0].conn = "ann"
    if variants.game_class(mode).BOTS and not people:
        room.add_bot(0, "expert")
    else:
        room.add_person("Bob")
    room.start(0, 0.0)
    s, now = room.session, 0.0
    for _ in range(5000):
        if s.over:
            break
        now += 1.0
        room.tick(now)
        if not s.over and not s.bots:
            with contextlib.suppress(IllegalMove):  # 20/20: the won hand is still shown
                room.act(1, second_move(s.game), now, None)
    assert s.over, mode
    return room, heard


def second_move(g) -> str:
    """P2's move: its first legal one (Memory: the next card of the first Set on the table)."""
    if g.FACE_DOWN:
        aim = next(p for p in g.picks() if set(g.up) <= set(p))
        return f"flip {code(next(c for c in aim if c not in g.up))}"
    legal = g.legal_moves()
    mine = [m.split(" ", 1)[1] for m in legal if m.startswith("P2 ")]
    return (mine or [m for m in legal if m[:1] != "P" and m != "end"])[0]


@pytest.mark.parametrize("people", [False, True])
@pytest.mark.parametrize("mode", MODES)
def test_a_replica_fed_what_the_table_shows_is_the_rooms_game_after_every_event(mode, people):
    room, heard = play_a_room(mode, 2**62 + 12345, people)
    s = room.session
    msgs = [json.loads(t) for t in heard]
    state = next(m for m in msgs if m["type"] == "state")
    assert "seed" not in state and state["commit"] == commitment(s.seed, room.salt)
    truth = new_session(mode, s.seed, s.seats, s.options, 0.0, follow=True)
    src = Revealed()
    src.tell(dict(state["shown"]).get(0, {}))
    mirror = new_session(mode, 0, s.seats, s.options, 0.0, follow=True, source=src)
    shown = face_up_codes(truth.game)
    for m in msgs:
        text = json.dumps(m)
        if m["type"] == "over":
            assert commitment(m["seed"], m["salt"]) == state["commit"] and m["seed"] == s.seed
            break
        assert str(s.seed) not in text and room.salt not in text
        if m["type"] == "event":
            truth.apply_event(m["move"])
            RemoteSession.step(mirror, src, m["move"], m)
            a, b = mirror.view(), truth.view()
            for key in ("table", "deck", "scores", "over", "hands", "previous", "up", "discard"):
                assert a.get(key) == b.get(key), (mode, m["n"], key)
            if not truth.game.FACE_DOWN:
                assert [c for c in mirror.game.table_cards()] == truth.game.table_cards()
            here, there = mirror.game.table_places(), truth.game.table_places()  # the screen lays the same
            assert (here is None) == (there is None), mode
            assert here is None or there is not None and len(here) == len(there) and \
                all(x == y or is_hidden(x) for x, y in zip(here, there)), (mode, m["n"])
            shown |= face_up_codes(truth.game)
        unseen = set(CODE.findall(text)) - shown
        assert not unseen, (mode, m["type"], sorted(unseen))  # nothing before the table shows it
    else:
        raise AssertionError("no over")
    assert mirror.events == s.events and mirror.result() == s.result()


def test_a_memory_replica_holds_no_face_it_was_not_shown():
    room, heard = play_a_room("memory", 77)
    src = Revealed()
    state = next(json.loads(t) for t in heard if '"type":"state"' in t)
    src.tell(dict(state["shown"]).get(0, {}))
    mirror = new_session("memory", 0, room.session.seats, room.session.options, 0.0, follow=True, source=src)
    assert all(c >= HIDDEN for c in mirror.game.table + mirror.game.deck)  # the deal: nothing shown
    assert len(mirror.game.table) == len(room.session.game.table) or room.session.events


def test_a_restored_room_tells_a_rejoin_what_each_event_showed_as_before():
    room, _ = play_a_room("shuffle", 5)
    s = room.session
    again = Room.restore(room.code, lambda conns, text: None, room.record(), list(s.events), None, 0.0)
    assert again.told == room.told and again.salt == room.salt
    assert [code(c) for c in again.session.game.table] == [code(c) for c in s.game.table]
