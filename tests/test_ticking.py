"""A busy server's loop wakes at most once a tick (``game.net.ticking``): the selector's pauses, on a
clock stepped by hand over a real socket pair, and a loop of it serving real connections."""

from __future__ import annotations

import asyncio
import selectors
import socket
import subprocess
import sys
import types
from pathlib import Path

import pytest

from game.net import ticking
from game.net.ticking import TickSelector

ROOT = Path(__file__).resolve().parent.parent


class Hand:
    """A clock stepped by hand; its ``sleep`` notes each pause asked and steps the clock by it."""

    def __init__(self) -> None:
        self.t = 100.0
        self.pauses: list[float] = []

    def clock(self) -> float:
        return self.t

    def sleep(self, s: float) -> None:
        self.pauses.append(round(s, 9))
        self.t += s


@pytest.fixture
def pair():
    a, b = socket.socketpair()
    yield a, b
    a.close()
    b.close()


def ticked(hand: Hand, sock: socket.socket, tick: float = 0.008) -> TickSelector:
    sel = TickSelector(tick, hand.clock, hand.sleep)
    sel.register(sock, selectors.EVENT_READ)
    return sel


def test_an_idle_loop_answers_at_once_and_a_busy_one_looks_again_a_tick_after_its_last_find(pair):
    a, b = pair
    hand = Hand()
    sel = ticked(hand, a)
    b.send(b"x")
    assert sel.select(None) and hand.pauses == []  # idle: no pause before the first look
    hand.t += 0.003  # the turn's work
    assert sel.select(None) and hand.pauses == [0.005]  # busy: the rest of the tick, then what came meanwhile
    a.recv(16)
    hand.t += 0.010  # a turn longer than a tick: the next look does not pause
    b.send(b"y")
    assert sel.select(None) and hand.pauses == [0.005]
    a.recv(16)
    sel.close()


def test_a_look_that_does_not_wait_never_pauses_nor_makes_the_loop_idle(pair):
    a, b = pair
    hand = Hand()
    sel = ticked(hand, a)
    b.send(b"x")
    assert sel.select(None)
    a.recv(16)
    hand.t += 0.001
    assert sel.select(0) == [] and hand.pauses == []  # work queued for this turn goes on at once
    assert sel.busy == 100.0  # still busy: the next waiting look pauses
    hand.t += 0.001
    b.send(b"y")
    assert sel.select(None) and hand.pauses == [0.006]
    a.recv(16)
    sel.close()


def test_the_pause_ends_at_the_loops_next_timer_and_a_look_that_waited_and_found_nothing_is_idle(pair):
    a, b = pair
    hand = Hand()
    sel = ticked(hand, a)
    b.send(b"x")
    assert sel.select(None)
    a.recv(16)
    hand.t += 0.001
    assert sel.select(0.002) == [] and hand.pauses == [0.002]  # a timer due in 2 ms: no later than that
    assert sel.busy == 100.0  # that look did not wait (the pause took the timer's time): still the same tick
    b.send(b"y")
    assert sel.select(None) and hand.pauses == [0.002, 0.005]  # the rest of the tick
    a.recv(16)
    hand.t += 0.009
    assert sel.select(0.001) == [] and hand.pauses == [0.002, 0.005]  # past the tick: it waits, as the loop asked
    assert sel.busy is None  # it waited and nothing came: idle
    b.send(b"z")
    assert sel.select(None) and hand.pauses == [0.002, 0.005]  # at once
    a.recv(16)
    sel.close()


def test_a_tick_of_nothing_is_the_systems_own_loop_and_a_tick_a_loop_with_the_tick_selector():
    assert ticking.loop_factory(0) is asyncio.new_event_loop
    loop = ticking.loop_factory(0.008)()
    try:
        assert isinstance(loop, asyncio.SelectorEventLoop)
        assert isinstance(loop._selector, TickSelector) and loop._selector.tick == 0.008  # type: ignore[attr-defined]
    finally:
        loop.close()


async def echo_clients(n: int) -> list[bytes]:
    """A server echoing each line and ``n`` clients at once, each a few lines: what each heard."""
    async def echo(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        while line := await reader.readline():
            writer.write(line)
            await writer.drain()
        writer.close()

    server = await asyncio.start_server(echo, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]

    async def client(k: int) -> bytes:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        heard = b""
        for i in range(5):
            writer.write(b"%d-%d\n" % (k, i))
            heard += await asyncio.wait_for(reader.readline(), 10)
        writer.close()
        await writer.wait_closed()
        return heard

    heard = await asyncio.gather(*(client(k) for k in range(n)))
    server.close()
    await server.wait_closed()
    loop = asyncio.get_running_loop()
    assert isinstance(loop._selector, TickSelector)  # type: ignore[attr-defined]
    return heard


@pytest.mark.parametrize("old", [False, True], ids=["runner", "python 3.10"])
def test_a_ticking_loop_serves_clients_at_once_and_ends_what_is_left(monkeypatch, old):
    if old:  # the way taken where asyncio has no Runner
        monkeypatch.setattr(ticking, "sys", types.SimpleNamespace(version_info=(3, 10), platform=sys.platform))
    got: list[list[bytes]] = []
    left: list[asyncio.Task] = []

    async def main() -> None:
        left.append(asyncio.ensure_future(asyncio.sleep(3600)))  # still waiting when main ends
        got.append(await echo_clients(20))

    ticking.run(main(), 0.008)
    assert got[0] == [b"".join(b"%d-%d\n" % (k, i) for i in range(5)) for k in range(20)]
    assert left[0].cancelled()


def test_the_server_refuses_a_tick_past_a_tenth_of_a_second_with_the_reason():
    proc = subprocess.run([sys.executable, "-m", "game.server", "--port", "0", "--tick", "250"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "--tick is 0 to 100 milliseconds" in proc.stderr
