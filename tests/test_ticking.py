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
    """A clock stepped by hand; its ``sleep`` notes each pause asked, steps the clock by it and runs what
    the test set to come during it (``during``: one function a pause, sending on a socket, say)."""

    def __init__(self) -> None:
        self.t = 100.0
        self.pauses: list[float] = []
        self.during: list = []

    def clock(self) -> float:
        return self.t

    def sleep(self, s: float) -> None:
        self.pauses.append(round(s, 9))
        self.t += s
        if self.during:
            self.during.pop(0)()


@pytest.fixture
def pair():
    a, b = socket.socketpair()
    yield a, b
    a.close()
    b.close()


def ticked(hand: Hand, *socks: socket.socket, tick: float = 0.008) -> TickSelector:
    sel = TickSelector(tick, hand.clock, hand.sleep)
    for sock in socks:
        sel.register(sock, selectors.EVENT_READ)
    return sel


LONG = 60.0  # the loop's next timer, far off (a look that should not wait fails the test after this, not hangs)


def test_an_idle_loop_answers_at_once_and_a_busy_one_looks_again_a_tick_after_its_last_find(pair):
    a, b = pair
    hand = Hand()
    sel = ticked(hand, a)
    b.send(b"x")
    assert sel.select(LONG) and hand.pauses == []  # idle: no pause before the first look
    a.recv(16)
    hand.t += 0.003  # the turn's work
    hand.during.append(lambda: b.send(b"y"))  # comes during the pause
    assert sel.select(LONG) and hand.pauses == [0.005]  # busy: the rest of the tick, then what came meanwhile
    a.recv(16)
    hand.t += 0.010  # a turn longer than a tick: the next look does not pause
    b.send(b"z")
    assert sel.select(LONG) and hand.pauses == [0.005]
    a.recv(16)
    sel.close()


def test_a_look_that_does_not_wait_keeps_the_tick_and_what_came_while_the_loop_worked_goes_first():
    socks = [socket.socketpair() for _ in range(2)]
    (a, a2), (b, b2) = socks
    hand = Hand()
    sel = ticked(hand, a, b)
    a2.send(b"x")
    assert sel.select(LONG)
    a.recv(16)
    hand.t += 0.001
    assert sel.select(0) == [] and hand.pauses == []  # work queued for this turn goes on at once
    assert sel.busy == 100.0  # still busy: the next waiting look pauses
    b2.send(b"y")  # while the loop works
    hand.t += 0.001
    hand.during.append(lambda: a2.send(b"z"))  # during the pause
    assert [k.fileobj for k, _ in sel.select(LONG)] == [b, a] and hand.pauses == [0.006]  # together, in order
    assert sel.busy == pytest.approx(100.008)
    sel.close()
    for x, y in socks:
        x.close()
        y.close()


def test_a_pause_ends_a_margin_before_the_loops_next_timer_and_a_look_that_waited_and_found_nothing_is_idle(pair):
    a, b = pair
    hand = Hand()
    sel = ticked(hand, a)
    b.send(b"x")
    assert sel.select(LONG)
    a.recv(16)
    hand.t += 0.001
    # a timer due in 2 ms: within the margin, no pause; the look waits for the timer as the loop asked, so
    # that what comes before its moment is handled before it
    assert sel.select(0.002) == [] and hand.pauses == []
    assert sel.busy is None  # it waited and nothing came: idle
    b.send(b"y")
    assert sel.select(LONG) and hand.pauses == []  # idle: at once
    a.recv(16)
    hand.t += 0.001
    # a timer due in 8 ms: the pause ends the margin before it (8 - 5 ms), and the look then waits the rest,
    # for the timer or whatever comes first
    hand.during.append(lambda: b.send(b"z"))
    assert sel.select(0.008) and hand.pauses == [pytest.approx(0.008 - ticking.TIMER_MARGIN)]
    a.recv(16)
    hand.t += 0.001
    assert sel.select(0.008) == [] and len(hand.pauses) == 2  # nothing came in the pause nor after: idle
    assert sel.busy is None
    sel.close()


@pytest.mark.skipif(selectors.DefaultSelector is not getattr(selectors, "EpollSelector", None),
                    reason="the order of the system's ready list is Linux's")
def test_what_comes_during_a_pause_is_handed_over_in_the_order_it_came_whoever_was_read_last():
    socks = [socket.socketpair() for _ in range(3)]
    (a, a2), (b, b2), (c, c2) = socks
    hand = Hand()
    sel = ticked(hand, a, b, c)
    a2.send(b"x")
    assert [k.fileobj for k, _ in sel.select(LONG)] == [a]  # A was read last...
    a.recv(16)
    hand.during.append(lambda: (b2.send(b"1"), c2.send(b"2"), a2.send(b"3")))  # ... and speaks last
    assert [k.fileobj for k, _ in sel.select(LONG)] == [b, c, a] and hand.pauses == [0.008]
    sel.close()
    for x, y in socks:
        x.close()
        y.close()


def test_a_lone_server_ticks_by_default_a_process_of_a_cluster_does_not_and_either_takes_the_tick_given(
        monkeypatch):
    import game.server

    ran: list[float] = []

    def run(main, tick: float) -> None:
        main.close()  # not started: only the tick it would run with is looked at
        ran.append(tick)

    monkeypatch.setattr(game.server.ticking, "run", run)
    redis = ["--redis", "redis://127.0.0.1:1/0"]
    for argv in ([], redis, ["--tick", "3"], [*redis, "--tick", "3"], ["--tick", "0"]):
        assert game.server.main(["--port", "8765", *argv]) == 0  # (a cluster's process needs a port)
    assert ran == [ticking.TICK, 0.0, 0.003, 0.003, 0.0]


@pytest.mark.skipif(sys.platform == "win32", reason="Windows's loop has no tick")
def test_a_tick_of_nothing_is_the_systems_own_loop_and_a_tick_a_loop_with_the_tick_selector():
    assert ticking.loop_factory(0) is asyncio.new_event_loop
    loop = ticking.loop_factory(0.008)()
    try:
        assert isinstance(loop, asyncio.SelectorEventLoop)
        assert isinstance(loop._selector, TickSelector) and loop._selector.tick == 0.008  # type: ignore[attr-defined]
    finally:
        loop.close()


async def echo_clients(n: int, pauses: list[float]) -> list[bytes]:
    """A server echoing each line and ``n`` clients at once, each a few lines: what each heard (and the
    loop's pauses in ``pauses``)."""
    async def echo(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        while line := await reader.readline():
            writer.write(line)
            await writer.drain()
        writer.close()

    selector = asyncio.get_running_loop()._selector  # type: ignore[attr-defined]
    assert isinstance(selector, TickSelector)
    sleep = selector.sleep

    def counted(s: float) -> None:
        pauses.append(s)
        sleep(s)

    selector.sleep = counted
    server = await asyncio.start_server(echo, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]

    async def client(k: int) -> bytes:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        heard = b""
        for i in range(5):
            writer.write(b"%d-%d\n" % (k, i))
            heard += await asyncio.wait_for(reader.readline(), 10)
            await asyncio.sleep(0.05)  # a player's pause: the loop has nothing to do for a while
        writer.close()
        await writer.wait_closed()
        return heard

    heard = await asyncio.gather(*(client(k) for k in range(n)))
    server.close()
    await server.wait_closed()
    return heard


@pytest.mark.skipif(sys.platform == "win32", reason="Windows's loop has no tick")
@pytest.mark.parametrize("old", [False, True], ids=["runner", "python 3.10"])
def test_a_ticking_loop_serves_clients_at_once_and_ends_what_is_left(monkeypatch, old):
    if old:  # the way taken where asyncio has no Runner
        monkeypatch.setattr(ticking, "sys", types.SimpleNamespace(version_info=(3, 10), platform=sys.platform))
    got: list[list[bytes]] = []
    left: list[asyncio.Task] = []
    pauses: list[float] = []

    async def main() -> None:
        left.append(asyncio.ensure_future(asyncio.sleep(3600)))  # still waiting when main ends
        got.append(await echo_clients(20, pauses))

    ticking.run(main(), 0.008)
    assert got[0] == [b"".join(b"%d-%d\n" % (k, i) for i in range(5)) for k in range(20)]
    assert left[0].cancelled()
    assert pauses and all(0 < p <= 0.008 for p in pauses)  # it paused, never longer than a tick


def test_the_server_refuses_a_tick_past_a_tenth_of_a_second_with_the_reason():
    proc = subprocess.run([sys.executable, "-m", "game.server", "--port", "0", "--tick", "250"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "--tick is 0 to 100 milliseconds" in proc.stderr
