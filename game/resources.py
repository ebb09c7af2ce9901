"""Where bundled data files are, the same way from source and frozen.

PyInstaller unpacks bundled files under ``sys._MEIPASS`` with the same
relative paths as in the repository; everything the game reads from its
installation (levels, sounds, the icon) goes through :func:`resource_path`.

>>> resource_path("levels").relative_to(root()).as_posix()
'levels'
"""

from __future__ import annotations

import sys
from pathlib import Path


def root() -> Path:
    """``sys._MEIPASS`` when frozen, else the repository root."""
    bundle = getattr(sys, "_MEIPASS", None)
    if getattr(sys, "frozen", False) and bundle:
        return Path(bundle)
    return Path(__file__).resolve().parent.parent


def resource_path(*parts: str) -> Path:
    """The path of a bundled file, from path parts relative to the root (it need not exist).

    :raises ValueError: with no parts, or a part that is absolute or climbs out with ``..``.
    """
    if not parts:
        raise ValueError("resource_path needs at least one path part, e.g. resource_path('sounds')")
    rel = Path(*parts)
    if rel.is_absolute() or rel.anchor or ".." in rel.parts:
        raise ValueError(f"resource path {rel.as_posix()!r} must be relative and stay inside the game folder")
    return root() / rel
