"""The game clock against real time, in the real loop with no input: ``python tools/bench.py clock``.

The window (SDL dummy driver) opens a Find-all table and a Blitz game and
idles for CLOCK_BENCH_SECONDS (default 120) each, through ``App.run``: the
loop sleeps between redraws, as it does for a player who is thinking.  The
drift is how far the game clock moved from the real time that passed.
"""

from __future__ import annotations

import os
import tempfile
import time

SECONDS = float(os.environ.get("CLOCK_BENCH_SECONDS", "120"))


def idle(mode: str, options: dict, seconds: float) -> dict:
    from scenes.app import App, Options

    with tempfile.TemporaryDirectory() as folder:
        app = App(Options(data_dir=folder, size=(1280, 720)))
        app.settings["tutorial_seen"] = {"basics": True, mode: True}
        marks: dict = {}

        def until() -> bool:
            scene = app.manager.top
            if getattr(scene, "session", None) is None:
                return False
            marks.update(end_wall=time.monotonic(), end_clock=scene.clock, end_frames=app.frames)
            return marks["end_wall"] - marks["wall"] >= seconds

        app.options.mode, app.options.seed = mode, 7
        app.start = _start_with(app, mode, options, marks)
        app.run(until)
        wall = marks["end_wall"] - marks["wall"]
        clock = marks["end_clock"] - marks["clock"]
        return {"real_s": round(wall, 3), "game_clock_s": round(clock, 3), "drift_s": round(clock - wall, 3),
                "frames_drawn": marks["end_frames"] - marks["frames"]}


def _start_with(app, mode: str, options: dict, marks: dict):
    def start() -> None:
        app.manager.switch(mode, {"seed": 7, "options": options, "seats": ["human"]})
        app.manager.apply()  # the session starts here, its clock at 0, just before the loop's first frame
        marks.update(wall=time.monotonic(), clock=app.manager.top.clock, frames=app.frames)
    return start


def run() -> dict:
    return {"seconds_each": SECONDS,
            "findall_idle": idle("findall", {}, SECONDS),
            "blitz_idle": idle("classic", {"timed": "blitz"}, SECONDS)}
