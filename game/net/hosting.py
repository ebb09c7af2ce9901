"""A room server on its own thread and loop: the window's "Host a game", and the tests.

A server started by hand (``python -m game.server``) says where it listens in
``server.json`` in the player's folder (``{"host", "port", "pid"}``), so that a window on
this machine finds its rooms by their code alone (``local_server``); a file left by a
server that is gone (its process is no more) is ignored.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import threading
from pathlib import Path
from typing import Any

from websockets.asyncio.server import Server as WsServer

from ..safefile import Damaged, read_text, write_atomic
from .server import Server

LOCAL_FILE = "server.json"


def bound_port(ws_server: WsServer) -> int:
    """The port a listening server is bound to (asked of its first socket)."""
    port: int = next(iter(ws_server.sockets)).getsockname()[1]
    return port


def player_folder() -> Path:
    """The player's folder, as the window finds it (``SETARCADE_HOME``, else the user data dir)."""
    from ..store import _user_dir

    return Path(os.environ.get("SETARCADE_HOME") or _user_dir())


def announce(host: str, port: int, folder: str | os.PathLike[str] | None = None) -> Path | None:
    """Write where this process's server listens into ``server.json``; returns the file (None if it
    could not be written: then only the address typed whole reaches the server)."""
    path = Path(folder or player_folder()) / LOCAL_FILE
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, json.dumps({"host": host, "port": port, "pid": os.getpid()}))
    except OSError:
        return None
    return path


def withdraw(path: Path) -> None:
    """Remove ``server.json`` if it still names this process (another server may have written it since)."""
    with contextlib.suppress(OSError, ValueError, TypeError, AttributeError, Damaged):
        if json.loads(read_text(path) or "{}").get("pid") == os.getpid():
            path.unlink()


def alive(pid: int) -> bool:
    """Whether a process ``pid`` runs on this machine (where that cannot be asked, as on Windows: yes)."""
    if os.name == "nt":
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # it exists, but is another user's
        return True
    return True


def local_server(*folders: str | os.PathLike[str] | None) -> tuple[str, int] | None:
    """(host, port) of a server started by hand on this machine, read from ``server.json`` in the first
    of ``folders`` (None: the player's folder) that has a live one; None when there is none."""
    for folder in folders or (None,):
        try:
            info = json.loads(read_text(Path(folder or player_folder()) / LOCAL_FILE) or "null")
        except (ValueError, OSError, Damaged):
            continue
        if not isinstance(info, dict):
            continue
        host, port, pid = info.get("host"), info.get("port"), info.get("pid")
        if not (isinstance(port, int) and 0 < port < 65536 and isinstance(pid, int) and pid > 0
                and isinstance(host, str) and len(host) < 256) or not alive(pid):
            continue
        return ("127.0.0.1" if host in ("", "0.0.0.0", "::") else host), port
    return None


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
