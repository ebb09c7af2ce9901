"""History figures: list the last 100 games (all, and one mode and kind) among 10,000 kept, and keep one more.

The budget is 50 ms for a listing (the History screen opens on it); tests never assert on time.
"""

from __future__ import annotations

import shutil
import tempfile
import time

from timing import summary_ms

from game.history import Archive, _row

GAMES = 10_000
KINDS = (("classic", "normal"), ("classic", "sprint"), ("points", "normal"), ("mags", "normal"))


def _fill(archive: Archive, n: int) -> None:
    rows = (_row({"mode": m, "kind": k, "seed": i, "events": [f"P1 set 1RDE 2GOH 3PSF @{j}.00" for j in range(40)],
                  "result": {"won": i % 3 == 0, "summary": {"title": "Well played", "score": f"{i % 30} points"}},
                  "seats": ["human", "bot:expert"], "names": ["You", "P2 (bot)"],
                  "date": f"2026-{1 + i % 12:02d}-{1 + i % 28:02d}T{i % 24:02d}:{i % 60:02d}:00"})
            for i, (m, k) in ((i, KINDS[i % len(KINDS)]) for i in range(n)))
    assert archive.db is not None
    with archive.db:
        archive.db.execute("BEGIN")
        archive.db.executemany(
            "INSERT INTO games (mode, kind, options, seed, level, date, seats, names, result, events, call_time, tag)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)


def _times(call, n: int = 30) -> list[float]:
    out = []
    for _ in range(n):
        t0 = time.perf_counter()
        call()
        out.append(time.perf_counter() - t0)
    return out


def run() -> dict:
    folder = tempfile.mkdtemp()
    try:
        archive = Archive(folder)
        t0 = time.perf_counter()
        _fill(archive, GAMES)
        out: dict = {"games": archive.count(), "fill_s": round(time.perf_counter() - t0, 2)}
        archive.close()
        t0 = time.perf_counter()
        archive = Archive(folder)  # opening checks the file (quick_check)
        out["open_ms"] = round((time.perf_counter() - t0) * 1000, 2)
        out["list_last_100_ms"] = summary_ms(_times(lambda: archive.games()))
        out["list_classic_sprint_100_ms"] = summary_ms(_times(lambda: archive.games("classic", "sprint")))
        out["kinds_ms"] = summary_ms(_times(archive.kinds))
        game = {"mode": "classic", "seed": 1, "events": ["P1 set 1RDE 2GOH 3PSF @1.00"] * 60, "result": {"won": True}}
        out["add_one_game_ms"] = summary_ms(_times(lambda: archive.add(game), 20))
        archive.close()
        return out
    finally:
        shutil.rmtree(folder, ignore_errors=True)
