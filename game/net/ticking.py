"""A busy server's loop wakes at most once a tick: ``python -m game.server --tick MS``.

A room server at a few hundred rooms is woken by nearly every move on its own (a move every few
milliseconds, each a little work), and work done just after a sleeping core wakes costs more than on a
busy core (caches and, on a virtual machine, the core handed back by the host are cold again: a sixth of
an event's CPU at 500 rooms, docs/net-performance.md, "Sixth round").  ``TickSelector``
lets the loop's sockets wait while it is busy: after a look that found something to read or write, the
next look that would wait comes no sooner than ``tick`` seconds after it.  What came meanwhile is then
handled together, in one turn of the loop: one wake-up, and one commit of the room log for all of it
(the server commits once a turn, before anything of the turn is sent).

A move waits at most one tick more (a lone server's default, ``TICK``, is 8 ms: half a frame of a 60 Hz
screen); a server that has found nothing for a tick answers at once; a pause ends ``TIMER_MARGIN``
before the loop's next timer (what comes before a call's end is handled before it, as without a tick);
what comes during a pause is handed over in the order it came, after what came while the loop worked;
work queued for the same turn (a look that does not wait) goes on at once; and a loop with more work
than a tick holds never pauses.  A process of a cluster runs without a tick by default: each of its own
round trips to Redis (a room's claim, a join sent on, a stream log's write) would wait for the next
tick.  Windows's loop has no tick.
The figures are in docs/net-performance.md ("Seventh round").
"""

from __future__ import annotations

import asyncio
import selectors
import sys
import time
from collections.abc import Callable, Coroutine
from typing import Any

TICK = 0.008  # seconds: a lone server's default (``--tick``)
#: seconds: a pause ends at least this long before the loop's next timer: the server's timers come 1 ms
#: after the moment they stand for (a call's end, say), and the turn after a pause has its work to do
#: before it reaches a message that came in the pause (about 1 ms at 1,500 rooms): what comes before a
#: timer's moment is handled before it, as without a tick
TIMER_MARGIN = 0.005


class TickSelector(selectors.DefaultSelector):
    """The system's selector, whose waiting looks come at most once a ``tick`` while the loop is busy.

    ``clock`` and ``sleep`` are the process's monotonic clock and its sleep (passed in by the tests)."""

    def __init__(self, tick: float, clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        super().__init__()
        self.tick, self.clock, self.sleep = tick, clock, sleep
        self.busy: float | None = None  # when a look last found something (None: the last that waited found nothing)

    def select(self, timeout: float | None = None) -> list[tuple[selectors.SelectorKey, int]]:
        if self.busy is not None and (timeout is None or timeout > 0):
            pause = self.busy + self.tick - self.clock()
            if timeout is not None:
                pause = min(pause, timeout - TIMER_MARGIN)  # never into the margin before the next timer
            if pause > 0:
                # First a look that does not wait: it takes the connections the loop has just read off the
                # system's list of ready ones (Linux's keeps them at its head until a look finds them
                # empty), so that what comes during the pause is handed over in the order it came, whoever's
                # connection it is; what it finds (what came while the loop worked, in the system's order,
                # as without a tick) goes first (Linux's list has them first anyway; another system's
                # selector may not)
                early: list[tuple[selectors.SelectorKey, int]] = super().select(0)
                self.sleep(pause)
                if not early:
                    if timeout is not None:
                        timeout -= pause
                    return self.found(super().select(timeout), timeout)
                first = {key.fd: i for i, (key, _) in enumerate(early)}
                for key, events in super().select(0):
                    i = first.get(key.fd)
                    if i is None:
                        early.append((key, events))
                    else:
                        early[i] = (key, early[i][1] | events)
                return self.found(early, 0)
        return self.found(super().select(timeout), timeout)

    def found(self, ready: list[tuple[selectors.SelectorKey, int]],
              timeout: float | None) -> list[tuple[selectors.SelectorKey, int]]:
        """``ready``, noted: a find starts a tick; a look that waited (``timeout`` not 0) and found nothing
        ends it (idle: the next look waits as usual)."""
        if ready:
            self.busy = self.clock()
        elif timeout != 0:
            self.busy = None
        return ready


def loop_factory(tick: float) -> Callable[[], asyncio.AbstractEventLoop]:
    """A selector loop with a ``TickSelector`` when ``tick`` > 0 (not on Windows: its default loop has no
    selector, and its selector holds few sockets), else the platform's own loop."""
    if tick <= 0 or sys.platform == "win32":
        return asyncio.new_event_loop

    def make() -> asyncio.AbstractEventLoop:
        return asyncio.SelectorEventLoop(TickSelector(tick))

    return make


def run(main: Coroutine[Any, Any, None], tick: float) -> None:
    """``asyncio.run(main)``, on a loop with a ``TickSelector`` when ``tick`` > 0 (not on Windows)."""
    factory = loop_factory(tick)
    if factory is asyncio.new_event_loop:
        asyncio.run(main)
        return
    if sys.version_info >= (3, 11):
        with asyncio.Runner(loop_factory=factory) as runner:
            runner.run(main)
        return
    loop = factory()  # Python 3.10 (no Runner): what asyncio.run does, on this loop
    try:
        asyncio.set_event_loop(loop)
        loop.run_until_complete(main)
    finally:
        try:
            left = asyncio.all_tasks(loop)
            for task in left:
                task.cancel()
            if left:
                loop.run_until_complete(asyncio.gather(*left, return_exceptions=True))
            for task in left:
                if not task.cancelled() and task.exception() is not None:
                    loop.call_exception_handler({"message": "a task failed while the server stopped",
                                                 "exception": task.exception(), "task": task})
            loop.run_until_complete(loop.shutdown_asyncgens())
            loop.run_until_complete(loop.shutdown_default_executor())
        finally:
            asyncio.set_event_loop(None)
            loop.close()
