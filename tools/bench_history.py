"""History figures: list the last 100 games (all, and one mode and kind) among 10,000 kept, and keep one more;
the analysis of a long game (``game.analysis``): a Classic game of two with 20 earlier games of the same
player (their history), and a Mag's, a long Pillars and a Solitaire-Set game whose par was lost (the solvers
asked).

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
        out.update(_analysis(folder))
        return out
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _analysis(folder: str) -> dict:
    """Seconds to analyse long games (each game played headless first, not timed)."""
    from game.analysis import analyse
    from game.match import archive as keep
    from game.match import play_out
    from game.session import new_session

    where = f"{folder}/analysis"
    ids = [keep(play_out(new_session("classic", seed, ["human", "bot:fast"], {"players": 2}, 0.0), 5.0), where)
           for seed in range(1, 22)]
    solitaires = (("mags", 7), ("pillars", 2), ("points", 3))
    solos = [keep(play_out(new_session(mode, seed, None, {}, 0.0)), where) for mode, seed in solitaires]
    archive = Archive(where)
    out: dict = {}
    classic = archive.get(ids[-1] or 0)
    assert classic is not None
    out["analysis_classic_events"] = len(classic.events)
    out["analysis_classic_with_20_earlier_ms"] = summary_ms(_times(lambda: analyse(classic, archive), 5))
    for (name, _), gid in zip(solitaires, solos):
        game = archive.get(gid or 0)
        assert game is not None
        result: dict = {}
        out[f"analysis_{name}_ms"] = summary_ms(_times(lambda g=game, r=result: r.update(analyse(g)), 2))
        out[f"analysis_{name}_events"] = len(game.events)
        out[f"analysis_{name}_solver_questions"] = result["questions"]
        out[f"analysis_{name}_lost_at"] = result["lost_at"]
    archive.close()
    return out
