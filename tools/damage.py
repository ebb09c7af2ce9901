"""Damaged files on purpose: hundreds of seeded variants of every file the game reads.

    python tools/damage.py DIR FILE HOW [--seed N]     damage one file by hand
    python tools/damage.py --count                     how many variants the tests use

FILE: settings, stats, progress, save:MODE (e.g. save:pillars) or journal:MODE.
HOW:  truncate, random, utf8, shape, newer, field (a field set to a hostile
value: 10**400, -1e308, NUL, a deep list...), huge (a sparse 11 MB file),
folder, fifo (a named pipe: reading it must not block), device (a link to
/dev/zero), dangling (a link to nothing).

The game should then start with a notice that the file was set aside as
``<name>.damaged-...`` and go on with defaults.  ``variants`` makes the
tests' cases (tests/test_damage.py): each is (name, content, expect) where
content is bytes or a marker for something that is not plain bytes.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import sys
from pathlib import Path
from typing import Any

FILES = {"settings": "settings.json", "stats": "stats.json", "progress": "progress.json"}
FOLDER, FIFO, SPARSE, DEVICE, DANGLING, LONG = "<folder>", "<fifo>", "<sparse>", "<device>", "<dangling>", "<long>"
MARKERS = (FOLDER, FIFO, SPARSE, DEVICE, DANGLING, LONG)
HUGE = 17 * 1024 * 1024  # over every limit the game reads up to
#: values no field of any file accepts
HOSTILE: list[Any] = [10**400, -1e308, 1e308, "\u0000", [1, [2, [3]]], {"": 10**400}, -7, 2**64, "x" * 100,
                      [[]] * 50, {"a": None}, -0.5]
SIGNED = ("best", "score")  # fields where a small negative number is a good value
HOWS = ("truncate", "random", "utf8", "shape", "newer", "field", "huge", "folder", "fifo", "device", "dangling")


def target(folder: Path, which: str) -> Path:
    """The file ``which`` names in ``folder``.  :raises ValueError: on an unknown name."""
    for prefix, ext in (("save:", ".json"), ("journal:", ".journal")):
        if which.startswith(prefix):
            return folder / "saves" / f"{which[len(prefix):]}{ext}"
    if which not in FILES:
        raise ValueError(f"unknown file {which!r}: settings, stats, progress, save:MODE or journal:MODE")
    return folder / FILES[which]


# ----- the variants ---------------------------------------------------------------
def paths_in(value: Any, at: tuple = ()) -> list[tuple]:
    """Every path (keys and indexes) to a value inside ``value``, the root left out."""
    out = []
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else []
    for k, v in items:
        out.append(at + (k,))
        out += paths_in(v, at + (k,))
    return out


def set_at(value: Any, path: tuple, new: Any) -> Any:
    """A copy of ``value`` with the value at ``path`` replaced by ``new``."""
    value = json.loads(json.dumps(value))
    inner = value
    for k in path[:-1]:
        inner = inner[k]
    inner[path[-1]] = new
    return value


def _dump(value: Any) -> bytes:
    return json.dumps(value).encode()


def field_variants(real: bytes, rng: random.Random, n: int, skip: tuple = ("version",)) -> list[bytes]:
    """``n`` copies of a JSON file, each with one field (somewhere inside) set to a hostile value."""
    data = json.loads(real)
    paths = [p for p in paths_in(data) if p[0] not in skip]
    out = []
    while len(out) < n:
        path, value = rng.choice(paths), rng.choice(HOSTILE)
        if path[-1] in SIGNED and value in (-7, -0.5):
            continue  # a best or a score may be below zero: not damage
        out.append(_dump(set_at(data, path, value)))
    return out


def byte_variants(real: bytes, rng: random.Random, name: str) -> list[tuple[str, Any]]:
    """Damage of the bytes: truncations, random bytes, bad UTF-8, the wrong shape, and the markers."""
    out: list[tuple[str, Any]] = []
    cuts = sorted({len(real) * i // 16 for i in range(16)})
    out += [(f"{name}-truncated-{n}", real[:n]) for n in cuts]
    out += [(f"{name}-random-{i}", rng.randbytes(rng.choice([1, 7, 64, 500, 4000]))) for i in range(6)]
    for i, bad in enumerate([b"\xff", b"\xc0\xaf", b"\xed\xa0\x80", b"\xe2\x82", b"\x80"]):
        at = rng.randrange(1, len(real) - 1)
        out.append((f"{name}-utf8-{i}", real[:at] + bad + real[at:]))
    shapes = [b"[]", b"3", b'"text"', b"null", b"[" * 100_000 + b"]" * 100_000, b"1" * 5000,
              b'{"a": NaN}', b"{" + b'"a": 1, ' * 20 + b"}"]
    out += [(f"{name}-shape-{i}", c) for i, c in enumerate(shapes)]
    out += [(f"{name}-{m.strip('<>')}", m) for m in MARKERS]
    return out


def user_variants(kind: str, real: bytes, seed: int) -> list[tuple[str, Any, str]]:
    """(name, content, expect) for one user file: expect is "aside" (set aside, defaults used),
    "partial" (set aside, the good fields written back) or "torn" (a journal cut short:
    set aside, or read as a prefix of its events)."""
    rng = random.Random(f"{kind}-{seed}")  # test data only: nothing here is replayed by the game
    out = [(n, c, "aside") for n, c in byte_variants(real, rng, kind)]
    if kind == "journal":
        out = [(n, c, "torn" if "-truncated-" in n else e) for n, c, e in out]
        lines = real.split(b"\n")[:-1]
        for i in range(14):
            at = rng.randrange(len(lines) - 1)  # never the last line: a bad middle line is damage
            bad = json.dumps(rng.choice([h for h in HOSTILE if not isinstance(h, str)])).encode() if at else \
                field_variants(lines[0], rng, 1)[0]
            out.append((f"journal-line-{i}", b"\n".join(lines[:at] + [bad] + lines[at + 1:]) + b"\n", "aside"))
        return out
    partial = "partial" if kind in FILES else "aside"
    out += [(f"{kind}-field-{i}", c, partial) for i, c in enumerate(field_variants(real, rng, 16))]
    if kind in FILES:
        data = json.loads(real)
        out += [(f"{kind}-newer", _dump({**data, "version": 2}), "aside"),
                (f"{kind}-no-version", _dump({k: v for k, v in data.items() if k != "version"}), "aside")]
    return out


def shipped_variants(kind: str, real: bytes, seed: int) -> list[tuple[str, Any, str]]:
    """(name, content, expect) for a shipped level or daily table: expect is "skip" (the whole file
    skipped with a notice) or "entry" (a daily table: one day skipped with a notice, the rest kept)."""
    rng = random.Random(f"shipped-{kind}-{seed}")
    out = [(n, c, "skip") for n, c in byte_variants(real, rng, kind)[::2]]
    if kind.startswith("daily"):
        data = json.loads(real)
        days = sorted(data["days"])
        for i in range(8):
            day = rng.choice(days)
            paths = [("days", day) + p for p in paths_in(data["days"][day])] + [("days", day)]
            out.append((f"{kind}-day-{i}", _dump(set_at(data, rng.choice(paths), rng.choice(HOSTILE))), "entry"))
        out.append((f"{kind}-days-not-object", _dump({**data, "days": [1]}), "skip"))
    else:
        skip = ("seed",) if kind.startswith("pillars") else ()  # a Pillars level's seed is not used to deal
        out += [(f"{kind}-field-{i}", c, "skip") for i, c in enumerate(field_variants(real, rng, 10, skip))]
    return out


# ----- putting one in place --------------------------------------------------------
def put(path: Path, content: Any) -> None:
    """Replace ``path`` with ``content``: bytes, or a marker (folder, pipe, device link, ...)."""
    if path.is_symlink() or path.is_file() or path.is_fifo():
        path.unlink()
    elif path.is_dir():
        shutil.rmtree(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    if content == FOLDER:
        path.mkdir()
        (path / "inside.txt").write_text("a folder where a file should be")
    elif content == FIFO:
        os.mkfifo(path)
    elif content == DEVICE:
        path.symlink_to("/dev/zero")
    elif content == DANGLING:
        path.symlink_to(path.parent / "nothing-here")
    elif content == SPARSE:
        with open(path, "wb") as f:
            f.truncate(HUGE)
    elif content == LONG:
        path.write_bytes(b'{"version": 1, "x": "' + b"a" * HUGE + b'"}')
    else:
        path.write_bytes(content)


def damage(path: Path, how: str, seed: int) -> None:
    """Replace ``path`` with one damaged version (its old bytes are the starting point)."""
    rng = random.Random(seed)
    old = path.read_bytes() if path.is_file() else b'{"version": 1}'
    marker = {"huge": SPARSE, "folder": FOLDER, "fifo": FIFO, "device": DEVICE, "dangling": DANGLING}.get(how)
    if marker:
        return put(path, marker)
    if how == "field":
        return put(path, field_variants(old, rng, 1)[0])
    if how == "newer":
        body = json.loads(old) if old.strip().startswith(b"{") else {}
        return put(path, _dump({**body, "version": 99}))
    names = {"truncate": "-truncated-", "random": "-random-", "utf8": "-utf8-", "shape": "-shape-"}
    picks = [c for n, c in byte_variants(old or b"{}", rng, "x") if names[how] in n]
    put(path, rng.choice(picks))


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("folder", type=Path, nargs="?")
    p.add_argument("file", nargs="?")
    p.add_argument("how", choices=HOWS, nargs="?")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--count", action="store_true", help="print how many variants each file gets")
    args = p.parse_args(argv)
    if args.count:
        sample = _dump({"version": 1, "a": [1, 2, {"b": "c"}], "d": "e" * 40})
        print(json.dumps({k: len(user_variants(k, sample, 1)) for k in (*FILES, "save")}))
        return 0
    if not (args.folder and args.file and args.how):
        p.error("DIR FILE HOW are needed")
    try:
        path = target(args.folder, args.file)
    except ValueError as e:
        p.error(str(e))
    damage(path, args.how, args.seed)
    print(f"damaged {path} ({args.how})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
