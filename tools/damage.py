"""Damage a Set Arcade data folder on purpose, to see by hand what a player sees.

    python tools/damage.py DIR FILE HOW [--seed N]

FILE: settings, stats, progress, or save:MODE (e.g. save:pillars).
HOW:  truncate (cut at a seeded offset), random (seeded bytes), utf8 (an
invalid byte inside), shape (a JSON list), newer (version 99), huge (a
sparse 11 MB file), folder (a folder in its place).

The game should then start with a notice that the file was set aside as
``<name>.damaged-...``, and go on with defaults.  The tests in
tests/test_damage.py make hundreds of these; this makes one.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import sys
from pathlib import Path

FILES = {"settings": "settings.json", "stats": "stats.json", "progress": "progress.json"}
HOWS = ("truncate", "random", "utf8", "shape", "newer", "huge", "folder")


def target(folder: Path, which: str) -> Path:
    """The file ``which`` names in ``folder``.  :raises ValueError: on an unknown name."""
    if which.startswith("save:"):
        return folder / "saves" / f"{which[5:]}.json"
    if which not in FILES:
        raise ValueError(f"unknown file {which!r}: settings, stats, progress or save:MODE")
    return folder / FILES[which]


def damage(path: Path, how: str, seed: int) -> None:
    """Replace ``path`` with a damaged version (its old bytes are the starting point)."""
    rng = random.Random(seed)  # a tool's test data: nothing here is replayed by the game
    old = path.read_bytes() if path.is_file() else b'{"version": 1}'
    if path.is_dir():
        shutil.rmtree(path)
    elif path.exists():
        path.unlink()
    path.parent.mkdir(parents=True, exist_ok=True)
    if how == "folder":
        path.mkdir()
        return
    if how == "huge":
        with open(path, "wb") as f:
            f.truncate(11 * 1024 * 1024)
        return
    if how == "truncate":
        data = old[:rng.randrange(len(old))]
    elif how == "random":
        data = rng.randbytes(rng.randrange(1, 2000))
    elif how == "utf8":
        at = rng.randrange(len(old))
        data = old[:at] + b"\xff" + old[at:]
    elif how == "shape":
        data = b"[1, 2, 3]"
    else:
        body = json.loads(old) if old.strip().startswith(b"{") else {}
        data = json.dumps({**body, "version": 99}).encode()
    path.write_bytes(data)


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("folder", type=Path)
    p.add_argument("file")
    p.add_argument("how", choices=HOWS)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    try:
        path = target(args.folder, args.file)
    except ValueError as e:
        p.error(str(e))
    damage(path, args.how, args.seed)
    print(f"damaged {path} ({args.how})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
