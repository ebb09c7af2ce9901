"""A room server on its own thread and loop: the window's "Host a game", and the tests.

A server started by hand (``python -m game.server``) says where it listens in
``server.json`` in the player's folder (``{"host", "port", "pid"}``), so that a window on
this machine finds its rooms by their code alone (``local_server``); a file left by a
server that is gone (its process is no more) is ignored.  A window that hosts says so the same
way in a folder of this machine's user (``hosts_folder``, one file a process: two windows may host at
once, each with its own profile), so another window finds its game by the code alone
(``window_hosts``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import tempfile
import threading
from pathlib import Path
from typing import Any

from websockets.asyncio.server import Server as WsServer

from ..safefile import Damaged, read_text, write_atomic
from .server import Server

LOCAL_FILE = "server.json"
HOSTS_ENV = "SETARCADE_HOSTS"  # another folder for it (the tests keep theirs apart)


def hosts_folder() -> Path:
    """Where the windows hosting a game on this machine say where they listen (one ``<pid>.json`` each):
    ``SETARCADE_HOSTS``, else a folder of this user's in the temporary folder."""
    user = os.getuid() if hasattr(os, "getuid") else 0
    return Path(os.environ.get(HOSTS_ENV) or Path(tempfile.gettempdir()) / f"setarcade-hosts-{user}")


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


def window_hosts(folder: str | os.PathLike[str] | None = None) -> list[tuple[str, int]]:
    """(host, port) of every window hosting on this machine but this process, newest first (files of
    windows that are gone are ignored)."""
    found: list[tuple[float, int]] = []
    for path in Path(folder or hosts_folder()).glob("*.json"):
        try:
            info = json.loads(read_text(path) or "null")
            when = path.stat().st_mtime
        except (ValueError, OSError, Damaged):
            continue
        if not isinstance(info, dict):
            continue
        port, pid = info.get("port"), info.get("pid")
        if isinstance(port, int) and 0 < port < 65536 and isinstance(pid, int) and pid > 0 \
                and pid != os.getpid() and alive(pid):
            found.append((when, port))
    return [("127.0.0.1", port) for _, port in sorted(found, reverse=True)]


class ServerThread:
    """A server running on its own thread and loop (the window's "Host a game", tests).

    ``port`` is known once the constructor returns.

    :raises OSError: when the address cannot be bound.
    """

    def __init__(self, host: str = "0.0.0.0", port: int = 0, data: str | os.PathLike[str] | None = None,
                 **kw: Any) -> None:
        self.server = Server(data, **kw)
        self.announced: Path | None = None  # the file saying where it listens (``announce``)
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

    def announce(self, folder: str | os.PathLike[str] | None = None) -> None:
        """Say where this window's server listens, for the other windows of this machine (``window_hosts``);
        ``stop`` takes it back.  Nothing is said when the folder cannot be written."""
        path = Path(folder or hosts_folder()) / f"{os.getpid()}.json"
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(path, json.dumps({"port": self.port, "pid": os.getpid()}))
        except OSError:
            return
        self.announced = path

    def stop(self, timeout: float = 5.0) -> None:
        """Stop serving and wait (at most ``timeout`` s) for the thread to end."""
        if self.announced is not None:
            withdraw(self.announced)
            self.announced = None
        if self.loop.is_running():
            self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout)
