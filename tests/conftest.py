"""Headless set-up for every test: dummy SDL drivers before pygame is imported."""

import os
import sys
import tempfile
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# windows hosting in the tests say so in a folder of this run's own, not the machine's
os.environ["SETARCADE_HOSTS"] = tempfile.mkdtemp(prefix="setarcade-hosts-")

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


@pytest.fixture
def app(request, tmp_path):
    """A started window (tests/scene_driver.py), closed after the test.

    The basics tutorial counts as seen, and so do the mode tutorials a test module
    lists in ``TUTORIALS_SEEN``.
    """
    from scene_driver import make_app

    from sprites.audio import shut_down

    a = make_app(tmp_path, seen=getattr(request.module, "TUTORIALS_SEEN", ()))
    a.start()
    yield a
    shut_down()
