"""Where the game's bundled files are, the same way from source, installed and frozen.

The sound files, puzzle levels and the window icon live beside the code in
the repository; a PyInstaller build unpacks them under ``sys._MEIPASS``
with the same relative paths, and an installed wheel keeps levels and sounds
inside its ``setarcade`` package (game/resources.py). Every file the game
reads from the installation goes through :func:`resource_path` (the parts
as in the repository; it raises ValueError for no parts, or parts that are
absolute or climb out with ``..``), so one call works in all three. Nothing
here imports pygame.

>>> resource_path("sounds", "set.wav").name
'set.wav'
>>> APP_NAME
'Set Arcade'
"""

from __future__ import annotations

from pathlib import Path

# The rules package finds its level files the same way and sits below sprites/, so the one
# implementation lives there.
from game.resources import resource_path, root

__all__ = ["APP_NAME", "VERSION", "resource_path", "icon_path", "root"]

APP_NAME = "Set Arcade"
DIST_NAME = "setarcade"
# Kept equal to pyproject.toml's version (a test checks); used when the
# package metadata is not there, as in a frozen build.
_VERSION_FALLBACK = "0.1.0"


def _version() -> str:
    try:
        from importlib.metadata import PackageNotFoundError, version
    except ImportError:  # a frozen build may leave out what metadata needs
        return _VERSION_FALLBACK
    try:
        return version(DIST_NAME)
    except PackageNotFoundError:
        return _VERSION_FALLBACK


VERSION = _version()


def icon_path() -> Path:
    """The window icon (PNG), made by ``tools/make_icon.py``."""
    return resource_path("sprites", "icon.png")
