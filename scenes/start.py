"""The first scene for the command line: the menu, a mode's setup, a deal, a demo, or a shared game's replay."""

from __future__ import annotations

import datetime as _dt
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


def daily_date(app: App, date: str, today: _dt.date | None = None) -> str:
    """The daily deal date to open for ``date`` (YYYY-MM-DD): before the first daily it opens daily #1,
    after today it opens today, and the player is told which and why."""
    from game.daily import EPOCH

    today = today or _dt.date.today()
    day = _dt.date.fromisoformat(date)
    if day < EPOCH:
        app.tell("Before the first daily", f"The daily deals start on {EPOCH.isoformat()} (daily #1); "
                 f"there is none for {date}. Here is daily #1.")
        return EPOCH.isoformat()
    if day > today:
        app.tell("Not yet dealt", f"{date} has not come yet: its daily deal is dealt that day. Here is today's.")
        return today.isoformat()
    return date


def first_scene(app: App) -> tuple[str, dict[str, Any]]:
    """(scene name, data) for the options the app was started with."""
    o = app.options
    if o.replay is not None:  # --replay FILE: a shared game, kept in the History and replayed
        from game.share import BadShare, decode, read_file

        try:
            game = decode(read_file(o.replay))
        except BadShare as e:
            app.tell("This game cannot be opened", f"{o.replay}: {e}. Here is your History.")
            return "history", {}
        return "replay", {"game": app.history.receive(game)}
    if o.daily is not None:  # --daily [DATE] [--mode M]: the day's deals, or straight into one mode's
        return "daily", {"date": daily_date(app, o.daily), **({"launch": o.mode} if o.mode else {})}
    if o.level is not None:
        level = find_level(o.level)
        if level is not None:
            return MODES[level["variant"]].scene, launch_data(level)
        app.tell("No such level", f"There is no puzzle level {o.level!r}; here are the levels.")
        return "levels", {}
    if o.mode is None:
        if o.seed is not None:
            app.tell("Deal number without a mode", f"--seed {o.seed} needs a mode, e.g. --mode classic "
                     f"--seed {o.seed}; here is the menu. A deal code can also be typed on a mode's setup screen.")
        return "menu", {}
    info = MODES[o.mode]
    if o.demo:
        return info.scene, play_data(o.mode, o.seed if o.seed is not None else 1, demo=True)
    if o.seed is not None:  # a deal number, or a deal code (a daily's names its day: its code is shown)
        return info.scene, {**play_data(o.mode, o.seed), "deal_date": o.extra.get("deal_date")}
    return "setup", {"mode": o.mode}


class StartScene(Scene):
    """The first scene of a run: it switches at once to the one the command line asks for."""

    passing = True  # messages told meanwhile wait for the scene it switches to

    def enter(self, data: dict[str, Any]) -> None:
        name, first = first_scene(self.app)
        self.app.manager.switch(name, first)
