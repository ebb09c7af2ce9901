"""Hundreds of damaged files: each is set aside with a notice, defaults are used, nothing else is lost.

Four kinds of file (settings, stats, progress, a saved game) are damaged in
every way a disk or a person can: truncated at many offsets, random bytes,
invalid UTF-8, valid JSON of the wrong shape, a newer version, over 10 MB,
a folder in the file's place, unreadable.  For each, a new Store starts; the
file is renamed ``.damaged-...`` (its bytes kept), one notice names it, the
data is the default, the game goes on saving, and every other file keeps
its bytes.
"""

import json
import random
import tempfile
from pathlib import Path

import pytest

from game import safefile, variants
from game.records import LEVEL_PROGRESS, MODE_STATS, SETTINGS, defaults
from game.store import Store

FILES = {"settings": "settings.json", "stats": "stats.json", "progress": "progress.json",
         "save": "saves/points.json"}
TEN_MB = 10 * 1024 * 1024
DIR, SPARSE, LONG = "<folder>", "<sparse 11 MB>", "<long string 10 MB>"  # made in the test
UNREADABLE = "<unreadable>"


def build_pristine(folder: Path) -> dict[str, bytes]:
    """A lived-in data folder: changed settings, stats with a daily, progress, two saves."""
    s = Store(folder)
    s.settings.update(volume=0.3, palette="colour-blind", card_keys="qwertyuiopas", tutorial_seen={"mags": True})
    s.save_settings()
    s.record_result("points", {"won": True, "score": 31, "time": 412.5})
    s.record_result("mags", {"won": False, "score": 9, "time": 300.0, "daily": "2026-11-21", "hints": 1})
    s.record_level("findall-001", True, score=48.2, lower_is_better=True)
    s.record_level("findall-002", False)
    g = variants.new("points", seed=11)
    for move in ("add", "hint", "reshuffle", "add"):
        g.play(move)
    g.play(g.legal_moves()[0])
    s.save_game("points", g.to_json())
    s.save_game("findall", variants.new("findall", seed=2).to_json())
    assert s.notices == []
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


with tempfile.TemporaryDirectory() as _folder:
    PRISTINE = build_pristine(Path(_folder))  # relative path -> bytes
REAL = {kind: PRISTINE[name] for kind, name in FILES.items()}

NOT_OBJECTS = [b"[]", b"[1, 2]", b"3", b'"text"', b"null", b"true", b"-0.5e3", b"[" * 100_000 + b"]" * 100_000]
NO_VERSION = [b"{}", b'{"version": "1"}', b'{"version": 0}', b'{"version": -1}', b'{"version": 1.0}',
              b'{"version": true}', b'{"version": null}', b'{"version": 1, "volume": NaN}']
PARTIAL = {  # valid objects with some fields of the wrong type: those are reset, the file set aside
    "settings": ['{"version": 1, "volume": "x"}', '{"version": 1, "window_size": [1, 2, 3]}',
                 '{"version": 1, "tutorial_seen": []}', '{"version": 1, "card_keys": "aaa"}',
                 '{"version": 1, "sound": "yes", "fullscreen": 1}', '{"version": 1, "volume": 1e400}',
                 '{"version": 1, "call_time": {"s": 5}}', '{"version": 1, "palette": ""}'],
    "stats": ['{"version": 1, "modes": []}', '{"version": 1, "modes": {"classic": "x"}}',
              '{"version": 1, "modes": {"points": {"games": -1}}}',
              '{"version": 1, "modes": {"mags": {"daily": {"yesterday": {}}}}}',
              '{"version": 1, "modes": {"pillars": {"best": "high"}}}',
              '{"version": 1, "modes": {"twenty": {"wins": 2.5}}}',
              '{"version": 1, "modes": {"findall": {"daily": {"2026-11-21": 3}}}}'],
    "progress": ['{"version": 1, "levels": []}', '{"version": 1, "levels": {"a": 5}}',
                 '{"version": 1, "levels": {"a": {"solved": "yes"}}}',
                 '{"version": 1, "levels": {"a": {"tries": null}}}',
                 '{"version": 1, "levels": {"a": {"best": [1]}}}'],
}
BAD_SAVES = [  # valid JSON objects that are not a resumable points game
    '{"variant": "points", "version": 1, "seed": "x", "moves": []}',
    '{"variant": "points", "version": 1, "seed": -1, "moves": []}',
    '{"variant": "points", "version": 1, "seed": 1, "moves": "add"}',
    '{"variant": "points", "version": 1, "seed": 1, "moves": [1]}',
    '{"variant": "points", "version": 1, "seed": 1, "options": [], "moves": []}',
    '{"variant": "points", "version": 1, "seed": 1, "options": {"colour": 1}, "moves": []}',
    '{"variant": "chess", "version": 1, "seed": 1, "moves": []}',
    '{"version": 1, "seed": 1, "moves": []}',
    '{"variant": "findall", "version": 1, "seed": 1, "moves": []}',
    '{"variant": "points", "version": 1, "seed": 1, "moves": ["set 1RDE 1RDE 1RDE"]}',
    '{"variant": "points", "version": 1, "seed": 1, "moves": ["fly away"]}',
    '{"variant": "points", "version": 1, "seed": 1, "moves": ["end", "add"]}',
    '{"variant": "points", "version": 0, "seed": 1, "moves": []}',
]


def newer(real: bytes) -> bytes:
    data = json.loads(real)
    data["version"] = 2
    return json.dumps(data).encode()


def cases():
    """(id, kind, content, partial): content is bytes or one of the markers above."""
    rng = random.Random(20261121)  # test data only: nothing here is replayed by the game
    out = []
    for kind, real in REAL.items():
        cuts = sorted({len(real) * i // 20 for i in range(20)})
        out += [(f"{kind}-truncated-{n}", kind, real[:n], False) for n in cuts]
        out += [(f"{kind}-random-{i}", kind, rng.randbytes(rng.choice([1, 7, 64, 500, 4000])), False)
                for i in range(10)]
        for i, bad in enumerate([b"\xff", b"\xc0\xaf", b"\xed\xa0\x80", b"\xe2\x82", b"\x80"]):
            at = rng.randrange(1, len(real) - 1)
            out.append((f"{kind}-utf8-{i}", kind, real[:at] + bad + real[at:], False))
        out += [(f"{kind}-not-object-{i}", kind, c, False) for i, c in enumerate(NOT_OBJECTS)]
        if kind == "save":
            out += [(f"save-bad-{i}", kind, c.encode(), False) for i, c in enumerate(BAD_SAVES)]
        else:
            out += [(f"{kind}-no-version-{i}", kind, c, False) for i, c in enumerate(NO_VERSION)]
            out += [(f"{kind}-partial-{i}", kind, c.encode(), True) for i, c in enumerate(PARTIAL[kind])]
        out.append((f"{kind}-newer", kind, newer(real), False))
        out += [(f"{kind}-{m.strip('<>').split()[0]}", kind, m, False) for m in (DIR, SPARSE, LONG, UNREADABLE)]
    return out


CASES = cases()


def test_there_are_at_least_200_damaged_files_of_every_kind():
    kinds = [kind for _, kind, _, _ in CASES]
    assert len(CASES) >= 200 and {k: kinds.count(k) >= 50 for k in FILES} == dict.fromkeys(FILES, True)


def damage(path: Path, content) -> bytes | None:
    """Put the damaged content in place; the bytes it holds (None for a folder)."""
    path.unlink()
    if content == DIR:
        path.mkdir()
        (path / "inside.txt").write_text("a folder where a file should be")
        return None
    if content == SPARSE:
        with open(path, "wb") as f:
            f.truncate(TEN_MB + 1024 * 1024)
        return b"\0" * (TEN_MB + 1024 * 1024)
    data = b'{"version": 1, "x": "' + b"a" * TEN_MB + b'"}' if content == LONG else content
    if content == UNREADABLE:
        data = REAL["stats"]  # good bytes the disk will not give back
    path.write_bytes(data)
    return data


def is_default(kind: str, store: Store) -> bool:
    if kind == "settings":
        return store.settings == defaults(SETTINGS)
    if kind == "stats":
        return all(r == defaults(MODE_STATS) for r in store.stats.values())
    if kind == "progress":
        return all(r == defaults(LEVEL_PROGRESS) for r in store.progress.values())
    return store.load_game("points") is None and store.saved_modes() == ["findall"]


def snapshot(folder: Path, skip: str) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*")
            if p.is_file() and not str(p.relative_to(folder)).startswith(skip)}


@pytest.mark.parametrize("case_id, kind, content, partial", CASES, ids=[c[0] for c in CASES])
def test_a_damaged_file_is_set_aside_and_nothing_else_is_lost(tmp_path, monkeypatch, case_id, kind, content,
                                                              partial):
    for name, data in PRISTINE.items():
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_bytes(data)
    path = tmp_path / FILES[kind]
    held = damage(path, content)
    others = snapshot(tmp_path, FILES[kind])
    if content == UNREADABLE:
        real_open = open

        def refusing_open(file, *args, **kwargs):
            if Path(file) == path:
                raise PermissionError(13, "Permission denied", str(file))
            return real_open(file, *args, **kwargs)

        monkeypatch.setattr(safefile, "open", refusing_open, raising=False)

    store = Store(tmp_path)
    assert is_default(kind, store)

    asides = list(path.parent.glob(path.name + ".damaged-*"))
    assert len(asides) == 1
    assert asides[0].is_dir() if held is None else asides[0].read_bytes() == held
    assert len(store.notices) == 1 and asides[0].name in store.notices[0]
    assert path.exists() == partial  # a partly good file is written back cleaned
    assert snapshot(tmp_path, FILES[kind]) == others
    monkeypatch.undo()
    assert Store(tmp_path).notices == []  # set aside once, not again on the next start
    saved = store.save_game("points", variants.new("points", seed=1).to_json()) if kind == "save" \
        else {"settings": store.save_settings, "stats": store.save_stats, "progress": store.save_progress}[kind]()
    assert saved is True
