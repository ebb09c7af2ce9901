"""``--smoke [FRAMES]``: check the installation's data files, then run every scene for a few frames,
headless-safe; 0 or 1 with the reason."""

from __future__ import annotations

import sys
import traceback
from typing import Any

from game import variants
from game.cards import plural
from game.resources import resource_path
from sprites.assets import icon_path
from sprites.audio import SOUND_NAMES

from .base import App
from .modes import MODES, ORDER
from .start import first_scene, play_data

DT = 1 / 60


def _sample_results() -> dict[str, Any]:
    mode = ORDER[0]
    g = variants.new(mode, seed=1)
    return {"mode": mode, "title": "Deck cleared!", "won": True, "score": "25 points", "time": 301.2,
            "by_worth": [6, 9, 7, 3], "lines": ["2 wrong picks or timeouts"], "game": g.to_json(),
            "setup": play_data(mode, 1)}


def plan(app: App) -> list[tuple[str, list[tuple[str, str, dict]]]]:
    """(label, [(op, scene, data), ...]) for every scene, in order."""
    o = app.options
    if o.replay is not None:  # the shared game's replay, or the reason it did not open
        name, data = first_scene(app)
        return [("replay", [("switch", name, data)])]
    if o.mode is not None:
        seed = o.seed if o.seed is not None else 1
        return [(o.mode, [("switch", MODES[o.mode].scene, play_data(o.mode, seed, demo=o.demo))])]
    first, second = ORDER[0], ORDER[1 % len(ORDER)]  # a pause over one mode, the help of another
    steps = [("menu", [("switch", "menu", {})])]
    steps += [(f"setup {m}", [("switch", "setup", {"mode": m})]) for m in ORDER]
    steps += [(m, [("switch", MODES[m].scene, play_data(m, 1, demo=True))]) for m in ORDER]
    steps += [
        ("pause", [("switch", first, play_data(first, 2)), ("push", "pause", {"mode": first})]),
        ("help", [("switch", second, play_data(second, 2)), ("push", "help", {"mode": second})]),
        ("tutorial", [("switch", "tutorial", {})]),
        ("results", [("switch", "results", _sample_results())]),
        ("settings", [("switch", "settings", {})]),
        ("stats", [("switch", "stats", {})]),
        ("daily", [("switch", "daily", {"solve": False})]),  # no solver: the shipped tables or nothing
        ("levels", [("switch", "levels", {})]),
        ("history", [("switch", "history", {})]),
        ("message", [("switch", "menu", {}), ("push", "message", {"title": "A notice", "text": "A test."})]),
    ]
    return steps


def data_files() -> tuple[list[str], str]:
    """(what is missing, one line saying what was found and where) for the files the game ships: the
    puzzle levels, the daily tables, every sound and the icon. A checkout, an installed wheel and a
    frozen build each keep them in their own place (game/resources.py); the line names the folders."""
    levels, sounds = resource_path("levels"), resource_path("sounds")
    found = {"levels": sorted(levels.glob("*.json")), "daily tables": sorted((levels / "daily").glob("*.json"))}
    missing = [f"no {what} in {levels}" for what, files in found.items() if not files]
    missing += [f"no sound {name!r} in {sounds}" for name in SOUND_NAMES
                if not resource_path("sounds", f"{name}.wav").is_file()]
    if not icon_path().is_file():
        missing.append(f"no icon at {icon_path()}")
    line = (f"{len(found['levels'])} levels and {len(found['daily tables'])} daily tables in {levels}, "
            f"{len(SOUND_NAMES)} sounds in {sounds}, the icon at {icon_path()}")
    return missing, line


def run(app: App, frames: int) -> int:
    """Run each planned scene for ``frames`` frames; print what failed and return 1, else 0."""
    missing, found = data_files()
    if missing:
        print(f"smoke: the game's data files are incomplete: {'; '.join(missing)}", file=sys.stderr)
        return 1
    print(f"smoke: data ok: {found}")
    seen = app.settings.get("tutorial_seen") or {}
    app.settings["tutorial_seen"] = {**seen, "basics": True}  # not saved: the first-play tutorial stays
    try:
        steps = plan(app)
    except ValueError as e:
        print(f"smoke: {e}", file=sys.stderr)
        return 1
    for label, ops in steps:
        try:
            for op, name, data in ops:
                getattr(app.manager, op)(name, data)
            app.manager.apply()
            for _ in range(frames):
                app.step(DT)
                if not app.running:
                    raise RuntimeError("the app stopped")
            if not app.manager.stack:
                raise RuntimeError("no scene left on the stack")
            if label == "replay" and type(app.manager.stack[0]).__name__ != "ReplayScene":
                told = " ".join(str(text) for _title, text in app.told)
                raise RuntimeError(f"the shared game did not open as a replay {told}".strip())
        except Exception as e:
            traceback.print_exc()
            print(f"smoke: scene {label!r} failed after {app.frames} frames: {e}", file=sys.stderr)
            return 1
        print(f"smoke: {label} ok ({plural(frames, 'frame')})")
    return 0
