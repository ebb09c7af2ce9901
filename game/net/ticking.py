"""A busy server's loop wakes at most once a tick: ``python -m game.server --tick S``.

A room server at a few hundred rooms is woken by nearly every move on its own (a move every few
milliseconds, each a little work), and a wake-up of a sleeping core costs about as much as the move:
caches and, on a virtual machine, the core handed back by the host are cold again.  ``TickSelector``
lets the loop's sockets wait while it is busy: after a look that found something to read or write, the
next look that would wait comes no sooner than ``tick`` seconds after it.  What came meanwhile is then
handled together, in one turn of the loop: one wake-up, and one commit of the room log for all of it
(the server commits once a turn, before anything of the turn is sent).

A move waits at most one tick more (the server's default, ``TICK``, is 8 ms: half a frame of a 60 Hz
screen); an idle server answers at once (its look found nothing: the next waits as usual); a timer falls
due when it should (the pause ends at the loop's next timer); work queued for the same turn (a look
that does not wait) goes on at once; and a loop with more work than a tick holds never pauses.
The figures are in docs/net-performance.md ("Seventh round").
"""

from __future__ import annotations

import asyncio
import selectors
import sys
import time
from collections.abc import Callable, Coroutine
from typing import Any

TICK = 0.008  # seconds: the standalone server's default (``--tick``)


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
            if pause > 0:
                if timeout is not None:  # never past the loop's next timer
                    pause = min(pause, timeout)
                    timeout -= pause
                self.sleep(pause)
        ready: list[tuple[selectors.SelectorKey, int]] = super().select(timeout)
        if ready:
            self.busy = self.clock()
        elif timeout != 0:
            self.busy = None  # it waited and nothing came: idle, the next look waits as usual
        return ready


def loop_factory(tick: float) -> Callable[[], asyncio.AbstractEventLoop]:
    """The loop for a standalone server: a selector loop with a ``TickSelector`` when ``tick`` > 0, else the
    platform's own loop (on Windows always: its default loop has no selector, and its selector holds few
    sockets)."""
    if tick <= 0 or sys.platform == "win32":
        return asyncio.new_event_loop

    def make() -> asyncio.AbstractEventLoop:
        return asyncio.SelectorEventLoop(TickSelector(tick))

    return make


def run(main: Coroutine[Any, Any, None], tick: float) -> None:
    """``asyncio.run(main)`` on the loop ``loop_factory(tick)`` makes."""
    if sys.version_info >= (3, 11):
        with asyncio.Runner(loop_factory=loop_factory(tick)) as runner:
            runner.run(main)
        return
    loop = loop_factory(tick)()  # Python 3.10 (no Runner): what asyncio.run does, on this loop
    try:
        asyncio.set_event_loop(loop)
        loop.run_until_complete(main)
    finally:
        try:
            left = asyncio.all_tasks(loop)
            for task in left:
                task.cancel()
            loop.run_until_complete(asyncio.gather(*left, return_exceptions=True))
            loop.run_until_complete(loop.shutdown_asyncgens())
        finally:
            asyncio.set_event_loop(None)
            loop.close()
