"""A room server on its own thread and loop: the window's "Host a game", and the tests."""

from __future__ import annotations

import asyncio
import contextlib
import os
import threading
from typing import Any

from websockets.asyncio.server import Server as WsServer

from .server import Server


def bound_port(ws_server: WsServer) -> int:
    """The port a listening server is bound to (asked of its first socket)."""
    port: int = next(iter(ws_server.sockets)).getsockname()[1]
    return port


class ServerThread:
    """A server running on its own thread and loop (the window's "Host a game", tests).

    ``port`` is known once the constructor returns.

    :raises OSError: when the address cannot be bound.
    """

    def __init__(self, host: str = "0.0.0.0", port: int = 0, data: str | os.PathLike[str] | None = None,
                 **kw: Any) -> None:
        self.server = Server(data, **kw)
        self.loop = asyncio.new_event_loop()
        self.ready = threading.Event()
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._run, args=(host, port), daemon=True, name="room-server")
        self.thread.start()
        if not self.ready.wait(10.0):
            raise OSError("the server did not start within 10 s")
        if self.error is not None:
            raise OSError(f"cannot host on port {port}: {self.error}")

    def _run(self, host: str, port: int) -> None:
        asyncio.set_event_loop(self.loop)
        try:
            self.ws = self.loop.run_until_complete(self.server.serve(host, port))
            self.port = bound_port(self.ws)
        except BaseException as e:  # reported to the constructor
            self.error = e
            self.ready.set()
            return
        self.ready.set()
        self.loop.run_forever()
        self.ws.close()
        self.server.stop()
        with contextlib.suppress(Exception):
            self.loop.run_until_complete(self.ws.wait_closed())
            if self.server.sweeper is not None:
                self.loop.run_until_complete(asyncio.gather(self.server.sweeper, return_exceptions=True))
        # Whatever is still under way (a handshake, say) ends here, on its loop, as asyncio.run ends
        # its tasks: left pending, it would be ended by the collector later, outside any loop.
        rest = asyncio.all_tasks(self.loop)
        for task in rest:
            task.cancel()
        with contextlib.suppress(Exception):
            self.loop.run_until_complete(asyncio.gather(*rest, return_exceptions=True))
            self.loop.run_until_complete(self.loop.shutdown_asyncgens())
        self.loop.close()

    def stop(self, timeout: float = 5.0) -> None:
        """Stop serving and wait (at most ``timeout`` s) for the thread to end."""
        if self.loop.is_running():
            self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout)
