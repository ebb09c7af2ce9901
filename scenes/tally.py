"""Counting finished plays, and the puzzle levels on disk: shared by the play scenes and the screens.

A play scene's ``finish`` calls ``count_play`` for a daily or a level play:
it records the result the way that kind of play is counted and fills the
results (the share text and streak of a daily; the stars and the next level
of a level).  The levels screen and the start-up read the levels from here.
What a mode knows (its stars, share facts, whether lower is better) comes
from the mode's own Game class.

Only the first finished play of today's deal counts (in stats and streaks);
a replay of today or a day from the archive is played but "not counted".
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from game import variants
from game.daily import share_text, streaks
from game.loader import load_level_file
from game.resources import resource_path
from sprites import theme
from sprites.layout import Frame

from .base import App
from .modes import MODES

GRADES = ("easy", "medium", "hard", "expert", "basic", "advanced")


def load_levels(folder: str | os.PathLike | None = None) -> tuple[dict[str, list[dict]], list[str]]:
    """The levels in ``folder`` (default: the game's levels/) by mode, graded and ordered; and notices.

    Every file is checked by building its game; one that fails is skipped
    and named in the notices.  Never raises.
    """
    root = Path(folder) if folder is not None else resource_path("levels")
    out: dict[str, list[dict]] = {}
    notices: list[str] = []
    try:
        paths = sorted(p for p in root.glob("*.json") if p.is_file())
    except OSError as e:
        return {}, [f"The levels folder cannot be read ({e})."]
    seen: set[str] = set()
    for p in paths:
        try:
            level = load_level_file(p).level
            lid = level.get("id")
            if not isinstance(lid, str) or not lid:
                raise ValueError(f"level file {p.name}: field 'id' missing or not text")
            if lid in seen:
                raise ValueError(f"level file {p.name}: the id {lid} is used twice")
        except Exception as e:  # a damaged level must never stop the others (or the game)
            notices.append(f"{e}"[:200] if p.name in str(e) else f"level file {p.name}: {e}"[:200])
            continue
        seen.add(lid)
        out.setdefault(level["variant"], []).append(level)
    for levels in out.values():
        levels.sort(key=lambda lv: (GRADES.index(lv["grade"]) if lv.get("grade") in GRADES else 9, lv["id"]))
    return out, notices


def earned(game) -> tuple[int, bool]:
    """(stars, solved) for a finished level game: the mode's own ``stars()``."""
    return game.stars()


def stars_of(app: App, level: dict) -> int:
    """The best stars won on a level so far (a tried level of a mode with ``TRIED_STAR`` has one: Pillars)."""
    p = app.store.progress.get(level["id"]) or {}
    best = int(p.get("best") or 0) if p.get("solved") else 0
    if variants.game_class(level["variant"]).TRIED_STAR and p.get("tries"):
        best = max(best, 1)
    return max(0, min(3, best))


def play_title(data: dict[str, Any], mode: str, frame: Frame) -> str:
    """The top bar's name of a game started with ``data``: the mode's (``mode``), and which daily or level
    it is: "Daily #6 · Find All", "Level 7 · Dawn"; "Daily #6", "Level 7" where the longer one would
    reach the clock (as the top bar draws them: the title from u * 1.2, the clock centred on the board)."""
    u = frame.unit
    size, room = round(u * 1.7), frame.board.centerx - u * 2.2 - theme.text_size("00:00", round(u * 2.0), True)[0] / 2
    daily, level = data.get("daily"), data.get("level") or {}
    number = str(level.get("id", "")).rpartition("-")[2]
    if isinstance(daily, dict) and daily.get("number") is not None:
        names = [f"Daily #{daily['number']} · {mode}", f"Daily #{daily['number']}"]
    elif level.get("name") and number.isdigit():
        names = [f"Level {int(number)} · {level['name']}", f"Level {int(number)}"]
    else:
        return str(level.get("name") or mode)
    return next((n for n in names if theme.text_size(n, size, True)[0] <= room), names[-1])


def unlocked(app: App, levels: list[dict], i: int) -> bool:
    """The first level is open; every other once the one before it is solved."""
    return i == 0 or bool((app.store.progress.get(levels[i - 1]["id"]) or {}).get("solved"))


def launch_data(level: dict, folder: str | None = None) -> dict[str, Any]:
    """Start data for playing ``level`` in its mode's scene (``folder``: where the levels came from)."""
    data = {"seed": level.get("seed", 0), "options": {}, "level": level, "level_id": level["id"]}
    if folder is not None:
        data["levels_dir"] = str(folder)
    return data


def launch(app: App, level: dict, folder: str | None = None) -> None:
    app.manager.switch(MODES[level["variant"]].scene, launch_data(level, folder))


def find_level(level_id: str, folder=None) -> dict | None:
    levels, _ = load_levels(folder)
    return next((lv for group in levels.values() for lv in group if lv["id"] == level_id), None)


def count_level(scene: Any, res: dict[str, Any]) -> None:
    """Record a finished level play (a try, solved or not, with its stars) and fill the results."""
    app, game, level = scene.app, scene.game, scene.data["level"]
    lid = scene.data["level_id"]
    stars, solved = earned(game)
    app.store.record_level(lid, solved, stars if solved else None)
    app.record_result(scene.mode, {"won": bool(game.won), "time": round(scene.clock, 2),
                                   "score": res.get("stat_score"), "lower_is_better": game.LOWER_IS_BETTER})
    res.update(level_id=lid, level_name=level.get("name", lid), stars=stars, best_stars=stars_of(app, level))
    levels, _ = load_levels(scene.data.get("levels_dir"))
    group = levels.get(level["variant"], [])
    ids = [lv["id"] for lv in group]
    if lid in ids and ids.index(lid) + 1 < len(ids) and unlocked(app, group, ids.index(lid) + 1):
        res["next_level"] = group[ids.index(lid) + 1]



def day_streaks(app: App, mode: str, today: str) -> dict[str, int]:
    """Current and longest daily streak of ``mode``, and the current one across all modes."""
    days = list((app.stats().get(mode) or {}).get("daily", {}))
    current, longest = streaks(days, today)
    return {"current": current, "longest": longest, "all": every_day_streak(app, today)}


def every_day_streak(app: App, today: str) -> int:
    """The current daily streak across all modes (a day counts when any mode's daily was played)."""
    every = [d for s in app.stats().values() for d in (s or {}).get("daily", {})]
    return streaks(every, today)[0]


def count_play(scene: Any, res: dict[str, Any]) -> str:
    """Record a finished daily or level play; fill ``res`` for the results; the results scene's name."""
    if "daily" not in scene.data:
        count_level(scene, res)
        return "played"
    app, mode, game = scene.app, scene.mode, scene.game
    info = dict(scene.data["daily"])
    day, today = info["date"], info.get("today", info["date"])
    facts = game.share_facts()
    before = day_streaks(app, mode, today)
    played = day in ((app.stats().get(mode) or {}).get("daily") or {})
    counted = day == today and not played
    if counted:
        app.record_result(mode, {"won": bool(game.won), "time": round(scene.clock, 2), "daily": day,
                                 "score": res.get("stat_score"), "hints": facts["hints"],
                                 "lower_is_better": game.LOWER_IS_BETTER})
    result = {"mode": mode, "date": day, "won": bool(game.won), "time": scene.clock, "par": info.get("par"),
              "title": game.title, **facts, "code": res.get("code")}
    info.update(counted=counted, already=played)
    res.update(share=share_text(result), daily=info, streak_before=before,
               streak=day_streaks(app, mode, today))
    line = game.par_line(info["par"]) if info.get("par") is not None else None
    if line:
        res.setdefault("lines", []).insert(0, line)
    return "played"


