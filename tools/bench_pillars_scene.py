"""Frame figures of the Pillars scene (dummy video driver).

* ``busy_1920x1080`` (and 1280x720): p50/p99 of one frame (update + draw) with the 78 cards of a
  fresh deal on screen and a card always moving — a move played, then taken back, again and
  again.  Goal: p99 <= 4 ms at 1920x1080.
* ``drag_1920x1080``: the same while a card is dragged across the board (one mouse motion a frame).
* ``cpu_*``: the same frames timed by the thread's CPU clock (``time.thread_time``): what a frame
  costs even on a loaded machine, where the wall-clock p99 mostly measures waiting for a core.
* ``idle_cpu_percent``: CPU used by the real loop over 5 s with the scene open and nothing moving
  but the clock (resource.getrusage in a subprocess).  Goal <= 1 %.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from timing import frame_summary, line_figure

ROOT = Path(__file__).resolve().parent.parent
ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
DT = 1 / 60
SEED = 42

_IDLE = """
import resource, sys, threading, time
sys.path.insert(0, {root!r})
import pygame
from scenes.app import App, Options
from scenes.start import play_data
app = App(Options(data_dir={data!r}, size=(1920, 1080)))
app.settings["tutorial_seen"] = {{"basics": True, "pillars": True}}
app.start = lambda: app.manager.switch("pillars", play_data("pillars", {seed}))
def stop():
    time.sleep(2.0)
    r0 = resource.getrusage(resource.RUSAGE_SELF)
    t0 = time.perf_counter()
    time.sleep(5.0)
    r1 = resource.getrusage(resource.RUSAGE_SELF)
    cpu = (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
    print("CPU", cpu / (time.perf_counter() - t0) * 100, flush=True)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
threading.Thread(target=stop, daemon=True).start()
app.run()
"""


def _scene(size: tuple[int, int]):
    sys.path.insert(0, str(ROOT))
    os.environ.update({k: ENV[k] for k in ("SDL_VIDEODRIVER", "SDL_AUDIODRIVER")})
    from scenes.app import App, Options
    from scenes.start import play_data

    app = App(Options(data_dir=tempfile.mkdtemp(), size=size))
    app.settings["tutorial_seen"] = {"basics": True, "pillars": True}
    app.manager.switch("pillars", play_data("pillars", SEED))
    app.step(0.0)
    for _ in range(150):  # the deal lands
        app.step(DT)
    return app, app.manager.top


def _busy(size: tuple[int, int], frames: int = 600) -> dict:
    from sprites.audio import shut_down  # the sounds stopped first (see its docstring)

    app, scene = _scene(size)
    on_screen = len(scene.sprites)
    samples, cpu = [], []
    for i in range(frames):
        if i % 30 == 0:
            if scene.game.history:
                scene.board.undo()
            else:
                scene.play(next(m for m in scene.game.legal_moves() if m.startswith("move")))
        t0, c0 = time.perf_counter(), time.thread_time()
        app.step(DT)
        samples.append(time.perf_counter() - t0)
        cpu.append(time.thread_time() - c0)
    shut_down()
    return {**frame_summary(samples, cpu), "cards_on_screen": on_screen}


def _drag(size: tuple[int, int], frames: int = 300) -> dict:
    import pygame

    from sprites.audio import shut_down  # the sounds stopped first (see its docstring)

    app, scene = _scene(size)
    k = scene.board.top(0)
    r = scene.sprites[k].rect(scene.art())
    x, y = r.centerx, r.top + 5
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1))
    app.step(DT)
    samples, cpu = [], []
    b = scene.frame.board
    for i in range(frames):
        px = b.left + (i * 7) % b.w
        py = b.top + (i * 5) % b.h
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(px, py), rel=(0, 0), buttons=(1, 0, 0)))
        t0, c0 = time.perf_counter(), time.thread_time()
        app.step(DT)
        samples.append(time.perf_counter() - t0)
        cpu.append(time.thread_time() - c0)
    shut_down()
    return frame_summary(samples, cpu)


def run() -> dict:
    out: dict = {}
    for size in ((1280, 720), (1920, 1080)):
        fig = _busy(size)
        out[f"busy_{size[0]}x{size[1]}"] = {k: fig[k] for k in ("n", "p50_ms", "p99_ms", "max_ms", "cpu_p50_ms",
                                                                "cpu_p99_ms", "cards_on_screen")}
    fig = _drag((1920, 1080))
    out["drag_1920x1080"] = {k: fig[k] for k in ("n", "p50_ms", "p99_ms", "max_ms", "cpu_p50_ms", "cpu_p99_ms")}
    out["load_average"] = round(os.getloadavg()[0], 2)
    script = _IDLE.format(root=str(ROOT), data=tempfile.mkdtemp(), seed=SEED)
    r = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=ENV, timeout=120)
    out["idle_cpu_percent"] = line_figure(r.stdout, "CPU")
    out["goal"] = "busy p99 <= 4 ms at 1920x1080; idle CPU <= 1 %"
    return out


if __name__ == "__main__":
    import json

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    print(json.dumps(run(), indent=1))
