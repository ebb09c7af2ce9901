"""Hundreds of damaged files (tools/damage.py): never a crash, never a hang, nothing else lost.

User files (settings, stats, progress, a whole save, a save with seats, a
journal) are damaged in every way a disk or a person can: truncated, random
bytes, bad UTF-8, the wrong shape, a field set to a hostile value, a newer
version, over the size limit, a folder, a named pipe, a link to a device or
to nothing, unreadable.  For each, a new Store starts within a time bound;
the file is set aside as ``.damaged-...`` (its bytes kept) with one notice
naming it, the data is the default (or, for a partly good file, the good
fields, written back), the game goes on saving, and every other file keeps
its bytes.  Shipped levels and daily tables get the same: a bad level file
is refused naming itself, a bad table skipped with a notice, a bad day of a
table skipped with a notice and the other days kept.
"""

import contextlib
import json
import os
import signal
import sys
import tempfile
from pathlib import Path

import pytest

from game import variants
from game.daily import _table_path
from game.loader import load_daily_table, load_level_file
from game.records import LEVEL_PROGRESS, MODE_STATS, SETTINGS, defaults
from game.resources import resource_path
from game.store import Store

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

from damage import FIFO, FOLDER, put, shipped_variants, user_variants  # noqa: E402

BOUND = 20  # seconds one case may take: only a hang comes near it
FILES = {"settings": "settings.json", "stats": "stats.json", "progress": "progress.json",
         "save": "saves/points.json", "seats": "saves/classic.json", "journal": "saves/mags.journal"}
UNREADABLE = "<unreadable>"
pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo") or not hasattr(signal, "SIGALRM"),
                                reason="named pipes and alarms are POSIX")


@contextlib.contextmanager
def bounded(seconds: int):
    """Fail (not hang) if the body takes longer than ``seconds``."""
    def hung(*_):
        raise TimeoutError(f"took over {seconds} s: a hang")

    old = signal.signal(signal.SIGALRM, hung)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def build_pristine(folder: Path) -> dict[str, bytes]:
    """A lived-in data folder: changed settings, stats with a daily, progress, three unfinished games."""
    s = Store(folder)
    s.settings.update(volume=0.3, palette="colour-blind", card_keys="123azeqsdwxc", tutorial_seen={"mags": True},
                      window_size=[1600, 900])
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
    c = variants.new("classic", seed=4, players=2)
    s.save_game("classic", json.dumps({**json.loads(c.to_json()), "seats": ["human", "bot:casual"]}))
    m = variants.new("mags", seed=5)
    s.begin_game("mags", {k: v for k, v in json.loads(m.to_json()).items() if k != "moves"} | {"events": []})
    for _ in range(8):
        m.play(m.legal_moves()[0])
        s.append_event("mags", m.history[-1])
    s.close()
    assert s.notices == []
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


with tempfile.TemporaryDirectory() as _folder:
    PRISTINE = build_pristine(Path(_folder))  # relative path -> bytes
REAL = {kind: PRISTINE[name] for kind, name in FILES.items()}
MAGS_EVENTS = [json.loads(x) for x in REAL["journal"].split(b"\n")[1:-1]]

CASES = [c for kind, real in REAL.items() for c in user_variants(kind, real, 1)] + \
    [(f"{kind}-unreadable", UNREADABLE, "aside") for kind in FILES]
KIND_OF = {name: next(k for k in FILES if name.startswith(k)) for name, _, _ in CASES}


def test_there_are_at_least_300_damaged_user_files_and_40_of_every_kind():
    kinds = list(KIND_OF.values())
    assert len(CASES) >= 300 and min(kinds.count(k) for k in FILES) >= 40


def is_default(kind: str, store: Store) -> bool:
    if kind == "settings":
        return store.settings == defaults(SETTINGS)
    if kind == "stats":
        return all(r == defaults(MODE_STATS) for r in store.stats.values())
    if kind == "progress":
        return all(r == defaults(LEVEL_PROGRESS) for r in store.progress.values())
    mode = {"save": "points", "seats": "classic", "journal": "mags"}[kind]
    return store.load_game(mode) is None and mode not in store.saved_modes()


def kept_elsewhere(kind: str, store: Store, damaged: bytes) -> bool:
    """A partly good file: every record (setting, mode, level) the damage did not touch has its old value."""
    new, old = json.loads(damaged), json.loads(REAL[kind])
    if kind == "settings":
        return all(store.settings[k] == v for k, v in old.items() if k != "version" and new.get(k) == v)
    inner = "modes" if kind == "stats" else "levels"
    have = store.stats if kind == "stats" else store.progress
    if not isinstance(new.get(inner), dict):
        return all(r == defaults(MODE_STATS if kind == "stats" else LEVEL_PROGRESS) for r in have.values())
    return all(have[k] == v for k, v in old[inner].items() if new[inner].get(k) == v)


def snapshot(folder: Path, skip: str) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*")
            if p.is_file() and not p.is_symlink() and not str(p.relative_to(folder)).startswith(skip)}


def held_by(path: Path):
    """What a damaged path holds, to compare with its set-aside copy."""
    if path.is_symlink():
        return ("link", os.readlink(path))
    if path.is_fifo():
        return ("fifo",)
    if path.is_dir():
        return ("folder", sorted(p.name for p in path.iterdir()))
    return path.read_bytes()


@pytest.mark.parametrize("name, content, expect", CASES, ids=[c[0] for c in CASES])
def test_a_damaged_user_file_is_set_aside_and_nothing_else_is_lost(tmp_path, monkeypatch, name, content, expect):
    kind = KIND_OF[name]
    for rel, data in PRISTINE.items():
        (tmp_path / rel).parent.mkdir(exist_ok=True)
        (tmp_path / rel).write_bytes(data)
    path = tmp_path / FILES[kind]
    put(path, REAL[kind] if content == UNREADABLE else content)
    held = held_by(path)
    others = snapshot(tmp_path, FILES[kind])
    if content == UNREADABLE:  # good bytes the disk will not give back (chmod does not stop root)
        real_open = os.open

        def refusing_open(file, *args, **kwargs):
            if Path(file) == path:
                raise PermissionError(13, "Permission denied", str(file))
            return real_open(file, *args, **kwargs)

        monkeypatch.setattr(os, "open", refusing_open)

    with bounded(BOUND):
        store = Store(tmp_path)
        default = is_default(kind, store)
        store.saved_games()
    monkeypatch.undo()
    asides = list(path.parent.glob(path.name + ".damaged-*"))
    if expect == "torn" and not asides:  # cut after the header: the whole lines are the game
        events = json.loads(store.load_game("mags"))["events"]
        assert events == MAGS_EVENTS[:len(events)] and store.notices == []
    else:
        if expect == "partial":
            assert kept_elsewhere(kind, store, held), "a good field of a partly damaged file was lost"
        else:
            assert default, "the damaged file's data was used"
        assert len(asides) == 1, "the damaged file was not set aside"
        assert held_by(asides[0]) == held, "the set-aside copy is not what was damaged"
        assert len(store.notices) == 1 and asides[0].name in store.notices[0], store.notices
        assert path.exists() == (expect == "partial"), "only a partly good file is written back"
    assert snapshot(tmp_path, FILES[kind]) == others, "another file changed"
    with bounded(BOUND):
        again = Store(tmp_again := tmp_path)
        again.saved_games()
    assert again.notices == [], "set aside once, not again on the next start"
    mode = {"save": "points", "seats": "classic", "journal": "mags"}.get(kind)
    saved = store.save_game(mode, variants.new(mode, seed=1).to_json()) if mode else \
        {"settings": store.save_settings, "stats": store.save_stats, "progress": store.save_progress}[kind]()
    assert saved is True and tmp_again.exists()


# ----- shipped levels and daily tables ----------------------------------------------
LEVELS = resource_path("levels")
LEVEL_FILES = ("pillars-001.json", "mags-001.json", "findall-001.json")
TABLES = ("mags", "points", "pillars")
SHIPPED = [(f"level-{f}", f, c, e) for f in LEVEL_FILES
           for _, c, e in shipped_variants(f.split("-")[0], (LEVELS / f).read_bytes(), 1)] + \
    [(f"daily-{m}-{n}", m, c, e) for m in TABLES
     for n, c, e in shipped_variants(f"daily-{m}", _table_path(m).read_bytes(), 1)[::1 if m != "pillars" else 3]]


def test_there_are_at_least_100_damaged_shipped_files():
    assert len(SHIPPED) >= 100 and {k.split("-")[0] for k, *_ in SHIPPED} == {"level", "daily"}


def shipped_ids():
    return [f"{k}-{i}" for i, (k, *_) in enumerate(SHIPPED)]


@pytest.mark.parametrize("case, which, content, expect", SHIPPED, ids=shipped_ids())
def test_a_damaged_shipped_file_is_skipped_with_a_notice(tmp_path, case, which, content, expect):
    if case.startswith("level-"):
        for f in LEVEL_FILES:
            (tmp_path / f).write_bytes((LEVELS / f).read_bytes())
        put(tmp_path / which, content)
        with bounded(BOUND):
            with pytest.raises(ValueError, match=which):
                load_level_file(tmp_path / which)
            for f in set(LEVEL_FILES) - {which}:
                assert load_level_file(tmp_path / f).level["id"] == f[:-5]
        assert all((tmp_path / f).read_bytes() == (LEVELS / f).read_bytes() for f in set(LEVEL_FILES) - {which})
        return
    real = json.loads(_table_path(which).read_bytes())["days"]
    path = tmp_path / f"{which}.json"
    put(path, content)
    before = None if content in (FOLDER, FIFO) or not path.is_file() else path.read_bytes()
    with bounded(BOUND):
        days, notices = load_daily_table(path, which)
    assert len(notices) == 1 and path.name in notices[0]
    if expect == "entry":
        assert len(days) == len(real) - 1 and all(real[d] == e for d, e in days.items())
    else:
        assert days == {}
    assert before is None or path.read_bytes() == before, "a shipped file is never written"
