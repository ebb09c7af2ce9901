"""Where the game's bundled files are, the same way from source and frozen.

The sound files, puzzle levels and the window icon live beside the code in
the repository; a PyInstaller build unpacks them under ``sys._MEIPASS``
with the same relative paths. Every file the game reads from the
installation goes through :func:`resource_path`, so one call works in
both. Nothing here imports pygame.

>>> resource_path("sounds", "set.wav").name
'set.wav'
>>> APP_NAME
'Set Arcade'
"""

from __future__ import annotations

import sys
from pathlib import Path

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


def root() -> Path:
    """The folder bundled files are found under: ``sys._MEIPASS`` when frozen
    (PyInstaller sets it), else the repository root."""
    bundle = getattr(sys, "_MEIPASS", None)
    if getattr(sys, "frozen", False) and bundle:
        return Path(bundle)
    return Path(__file__).resolve().parent.parent


def resource_path(*parts: str) -> Path:
    """The path of a bundled file, given as path parts relative to the root.

    The file need not exist (the caller decides what a missing file means).

    >>> resource_path("levels").relative_to(root()).as_posix()
    'levels'

    :raises ValueError: with no parts, or a part that is absolute or climbs
        out of the root with ``..``.
    """
    if not parts:
        raise ValueError("resource_path needs at least one path part, e.g. resource_path('sounds')")
    rel = Path(*parts)
    if rel.is_absolute() or rel.anchor or ".." in rel.parts:
        raise ValueError(f"resource path {rel.as_posix()!r} must be relative and stay inside the game folder")
    return root() / rel


def icon_path() -> Path:
    """The window icon (PNG), made by ``tools/make_icon.py``."""
    return resource_path("sprites", "icon.png")
