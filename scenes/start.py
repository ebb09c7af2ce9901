"""The first scene for the command line: the menu, a mode's setup, a deal, or a demo."""

from __future__ import annotations

from typing import Any

from .base import App, Scene
from .modes import MODES, defaults
from .tally import find_level, launch_data


def play_data(mode: str, seed: int, demo: bool = False) -> dict[str, Any]:
    """Start data for a mode's play scene with its default setup (a demo plays solo)."""
    info = MODES[mode]
    values = defaults(info)
    if demo and "players" in values:
        values["players"] = 1
    return {"seed": seed, **info.build(values), "values": values, "demo": demo}


def first_scene(app: App) -> tuple[str, dict[str, Any]]:
    """(scene name, data) for the options the app was started with."""
    o = app.options
    if o.daily is not None:  # --daily [DATE] [--mode M]: the day's deals, or straight into one mode's
        return "daily", {"date": o.daily, **({"launch": o.mode} if o.mode else {})}
    if o.level is not None:
        level = find_level(o.level)
        if level is not None:
            return MODES[level["variant"]].scene, launch_data(level)
        app.manager.pending.append(("push", "message", {
            "title": "No such level", "text": f"There is no puzzle level {o.level!r}; here are the levels."}))
        return "levels", {}
    if o.mode is None:
        return "menu", {}
    info = MODES[o.mode]
    if not info.ready:
        app.manager.pending.append(("push", "message", {
            "title": f"{info.title}: coming soon",
            "text": f"{info.title} is not playable in this version yet. Classic, Solitaire-Set and Find All are."}))
        return "menu", {}
    if o.demo:
        return info.scene, play_data(o.mode, o.seed if o.seed is not None else 1, demo=True)
    if o.seed is not None:
        return info.scene, play_data(o.mode, o.seed)
    return "setup", {"mode": o.mode}


class StartScene(Scene):
    """The first scene of a run: it switches at once to the one the command line asks for."""

    def enter(self, data: dict[str, Any]) -> None:
        name, first = first_scene(self.app)
        self.app.manager.switch(name, first)
