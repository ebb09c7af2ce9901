"""Where bundled data files are, the same way from a checkout, an installed wheel and a frozen build.

Everything the game reads from its installation (levels, sounds, the icon) goes through
:func:`resource_path`, with the path the file has in the repository (``resource_path("levels",
"pillars-007.json")``). Where that is:

- a checkout: the repository root (the folder that holds ``game/``);
- a PyInstaller build: ``sys._MEIPASS``, where build.spec puts the files at the same relative paths;
- an installed wheel (``pip install .``, ``pipx install .``): the packages ``game/``, ``scenes/`` and
  ``sprites/`` (with its icon) sit side by side in site-packages as in the repository, while
  ``levels/`` and ``sounds/`` sit inside the ``setarcade`` package (see :data:`PACKAGED`), so the
  wheel adds no top-level folders that are not packages.

>>> resource_path("levels").relative_to(root()).as_posix()
'levels'
"""

from __future__ import annotations

import sys
from pathlib import Path

#: top-level data folders that an installed wheel keeps inside the ``setarcade`` package
#: (pyproject.toml's ``package-dir``); the others (``sprites/``) are packages of their own
PACKAGED = ("levels", "sounds")
#: the package that holds :data:`PACKAGED` in an installed wheel
PACKAGE = "setarcade"


def root() -> Path:
    """``sys._MEIPASS`` when frozen, else the folder that holds ``game/`` (the repository root, or
    site-packages when installed)."""
    bundle = getattr(sys, "_MEIPASS", None)
    if getattr(sys, "frozen", False) and bundle:
        return Path(bundle)
    return Path(__file__).resolve().parent.parent


def installed(base: Path) -> bool:
    """Whether ``base`` (a :func:`root`) is an installed wheel's site-packages: its ``setarcade``
    package carries the data folders (in a checkout they sit beside it instead)."""
    return (base / PACKAGE / PACKAGED[0]).is_dir()


def resource_path(*parts: str) -> Path:
    """The path of a bundled file, from path parts relative to the repository root (it need not exist).

    :raises ValueError: with no parts, or a part that is absolute or climbs out with ``..``.
    """
    if not parts:
        raise ValueError("resource_path needs at least one path part, e.g. resource_path('sounds')")
    rel = Path(*parts)
    if rel.is_absolute() or rel.anchor or ".." in rel.parts:
        raise ValueError(f"resource path {rel.as_posix()!r} must be relative and stay inside the game folder")
    base = root()
    if rel.parts[:1] and rel.parts[0] in PACKAGED and installed(base):
        return base / PACKAGE / rel
    return base / rel
