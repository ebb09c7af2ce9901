"""Frame figures of the game window (dummy video driver).

* ``busy_*``: p50/p99 of one frame (update + draw) in the busiest scene —
  Classic with 21 cards, a Set flying out and three cards dealing in, again
  and again — at 1280×720, 1920×1080 and 2560×1440, each ``RUNS`` times in a
  fresh process (a loaded machine's runs differ: each run's CPU p99 is listed,
  the figures are the run of median CPU p99).  Goal: CPU p99 <= 4 ms at 1920×1080.
* ``probe_*``: the same frames' CPU time for bare pygame-ce at that size: the
  window filled and 21 plain card images blitted, 6 of them moving (no game,
  no shadows); ``ratio_p50``/``ratio_p99`` in ``busy_*`` is the game over the probe.
* ``baseline``: with ``SETARCADE_BENCH_BASELINE`` set to another checkout of
  the game (``git worktree add --detach /tmp/base main``), its busy figures too, its
  runs taken in turn with ours: before and after in one run on one machine.
* ``idle_cpu_percent``: CPU used by the real loop over 5 s with the menu
  open and nothing moving (resource.getrusage in a subprocess).  Goal <= 1 %.
* ``launch_to_first_frame_s``: process start to the first drawn frame.  Goal <= 0.3 s.
  ``launch_main_s``: the same for ``main.py`` itself (median of 5 starts after a warm-up), timed by
  the game's own first-frame stamp (``SETARCADE_FIRST_FRAME_FILE``).
* ``draw_*``: CPU ms of drawing one fixed frame at 1920x1080, best of 5 runs of 30 (steady under load):
  ``full_21_cards`` the whole window with 21 cards at rest, ``busy_partial`` the dirty rectangles of a
  frame with a Set flying out and three cards dealing in (``busy_area_px`` their area).
* ``cpu_*``: the busy frames timed by the thread's CPU clock (``time.thread_time``): what a frame
  costs even on a loaded machine, where the wall-clock p99 mostly measures waiting for a core.
* ``peak_rss_mb``: ru_maxrss after playing a demo game for a while.  Goal <= 120 MB.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from timing import frame_summary, line_figure

ROOT = Path(__file__).resolve().parent.parent
SIZES = ((1280, 720), (1920, 1080), (2560, 1440))
RUNS = 3
ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
DT = 1 / 60

_IDLE = """
import resource, sys, threading, time
sys.path.insert(0, {root!r})
import pygame
from scenes.app import App, Options
app = App(Options(data_dir={data!r}))
def stop():
    time.sleep(1.0)
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

_LAUNCH = """
import time, sys
t0 = float(sys.argv[1])
sys.path.insert(0, {root!r})
from scenes.app import App, Options
app = App(Options(data_dir={data!r}))
app.start()
app.step(0.0)
print("FIRST", time.time() - t0, flush=True)
"""

_MEMORY = """
import resource, sys
sys.path.insert(0, {root!r})
from scenes.app import App, Options
from scenes.start import play_data
app = App(Options(data_dir={data!r}, size=(1920, 1080)))
for mode in ("classic", "points", "findall"):
    app.manager.switch(mode, play_data(mode, 3, demo=True))
    for _ in range(1800):
        app.step(1 / 60)
print("RSS", resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, flush=True)
"""


def _busy(size: tuple[int, int], frames: int = 600, root: Path = ROOT) -> dict:
    sys.path.insert(0, str(root))
    os.environ.update({k: ENV[k] for k in ("SDL_VIDEODRIVER", "SDL_AUDIODRIVER")})

    from game.cards import code
    from scenes.app import App, Options
    from scenes.start import play_data
    try:  # the checkout measured may be one from before the sounds' own shut_down
        from sprites.audio import shut_down  # the sounds stopped first (see its docstring)
    except ImportError:
        from pygame import quit as shut_down

    app = App(Options(data_dir=tempfile.mkdtemp(), size=size))
    app.settings["tutorial_seen"] = {"basics": True}
    app.start()  # as the real loop does (the menu first)
    app.manager.switch("classic", play_data("classic", 5))
    app.step(0.0)
    scene = app.manager.top

    def fill_21() -> None:
        g = scene.game
        cards = g.table + g.deck
        g.table, g.deck = cards[:21], cards[21:]
        scene.refresh()
        scene.sync()

    fill_21()
    for _ in range(90):
        app.step(DT)
    samples, cpu = [], []
    for i in range(frames):
        if i % 45 == 0:
            if len(scene.table) < 15 or not scene.game.legal_moves()[:-1]:
                fill_21()
            sets = [m for m in scene.game.legal_moves() if " set " in m]
            if sets:
                scene.play(sets[0])
                for c in scene.table[-3:]:  # three cards come in from the deck as well
                    del scene.sprites[c]
                scene.deal_in(0.1)
        t0, c0 = time.perf_counter(), time.thread_time()
        app.step(DT)
        samples.append(time.perf_counter() - t0)
        cpu.append(time.thread_time() - c0)
    cards = len(scene.table)
    shut_down()
    return {**frame_summary(samples, cpu), "cards_at_end": cards,
            "last": code(scene.table[0])}


def _probe(size: tuple[int, int], frames: int = 600) -> dict:
    """Bare pygame-ce at ``size``: each frame the window filled and 21 card images blitted, 6 moving."""
    os.environ.update({k: ENV[k] for k in ("SDL_VIDEODRIVER", "SDL_AUDIODRIVER")})
    import pygame

    from sprites.audio import shut_down  # the sounds stopped first (see its docstring)

    pygame.init()
    screen = pygame.display.set_mode(size)
    w = size[0] // 8
    h = round(w / 1.55)
    card = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(card, (214, 210, 200), card.get_rect(), border_radius=w // 14)
    pygame.draw.rect(card, (252, 251, 247), card.get_rect().inflate(-2, -2), border_radius=w // 14 - 1)
    card = card.convert_alpha()
    spots = [(40 + (i % 6) * (w + w // 10), 100 + (i // 6) * (h + h // 8)) for i in range(21)]
    samples, cpu = [], []
    for f in range(frames):
        t0, c0 = time.perf_counter(), time.thread_time()
        screen.fill((14, 24, 42))
        for i, (x, y) in enumerate(spots):
            if i >= 15:  # the moving ones
                x, y = x + (f * 7 + i * 40) % 300 - 150, y + (f * 3 + i * 20) % 100 - 50
            screen.blit(card, (x, y))
        pygame.display.flip()
        samples.append(time.perf_counter() - t0)
        cpu.append(time.thread_time() - c0)
    shut_down()
    return frame_summary(samples, cpu)


def _in_child(fn: str, size: tuple[int, int], root: Path = ROOT) -> dict:
    """``fn(size)`` of this file in a fresh process (the game from ``root``), its JSON figures."""
    code = (f"import sys; sys.path[:0] = [{str(ROOT / 'tools')!r}]; import json, bench_frames as b; "
            f"from pathlib import Path; print(json.dumps(b.{fn}({tuple(size)!r}"
            + (f", root=Path({str(root)!r})" if fn == "_busy" else "") + ")))")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=ENV, timeout=600,
                       cwd=str(root))
    lines = r.stdout.strip().splitlines()
    if r.returncode or not lines:
        raise RuntimeError(f"{fn}{size} in {root} failed: {r.stderr[-1500:]}")
    return json.loads(lines[-1])


def _median_run(runs: list[dict]) -> dict:
    """The run of median CPU p99, with every run's CPU p99 beside it."""
    pick = sorted(runs, key=lambda r: r["cpu_p99_ms"])[len(runs) // 2]
    return {**{k: pick[k] for k in ("n", "p50_ms", "p99_ms", "max_ms", "cpu_p50_ms", "cpu_p99_ms")},
            "runs_cpu_p99_ms": [r["cpu_p99_ms"] for r in runs],
            "median_cpu_p50_ms": round(statistics.median(r["cpu_p50_ms"] for r in runs), 3)}


def busy_figures(sizes=SIZES, runs: int = RUNS, baseline: Path | None = None) -> dict:
    """``busy_*``, ``probe_*`` (and ``baseline`` busy figures), every size's runs taken in turn."""
    out: dict = {}
    base: dict = {}
    for size in sizes:
        name = f"{size[0]}x{size[1]}"
        ours, probes, theirs = [], [], []
        for _ in range(runs):
            ours.append(_in_child("_busy", size))
            probes.append(_in_child("_probe", size))
            if baseline is not None:
                theirs.append(_in_child("_busy", size, baseline))
        fig = _median_run(ours)
        probe = _median_run(probes)
        fig["ratio_p50"] = round(fig["median_cpu_p50_ms"] / max(probe["median_cpu_p50_ms"], 1e-6), 2)
        fig["ratio_p99"] = round(fig["cpu_p99_ms"] / max(probe["cpu_p99_ms"], 1e-6), 2)
        out[f"busy_{name}"] = fig
        out[f"probe_{name}"] = probe
        if theirs:
            base[f"busy_{name}"] = _median_run(theirs)
    if baseline is not None:
        out["baseline"] = {"root": str(baseline), **base}
    return out


def _draw_costs(size: tuple[int, int] = (1920, 1080)) -> dict:
    sys.path.insert(0, str(ROOT))
    os.environ.update({k: ENV[k] for k in ("SDL_VIDEODRIVER", "SDL_AUDIODRIVER")})

    from scenes.app import App, Options
    from scenes.start import play_data
    from sprites.audio import shut_down  # the sounds stopped first (see its docstring)

    app = App(Options(data_dir=tempfile.mkdtemp(), size=size))
    app.settings["tutorial_seen"] = {"basics": True}
    app.start()
    app.manager.switch("classic", play_data("classic", 5))
    app.step(0.0)
    scene = app.manager.top
    g = scene.game
    cards = g.table + g.deck
    g.table, g.deck = cards[:21], cards[21:]
    scene.refresh()
    scene.sync()
    for _ in range(120):
        app.step(DT)

    def best(fn) -> float:
        runs = []
        for _ in range(5):
            c0 = time.thread_time()
            for _ in range(30):
                fn()
            runs.append((time.thread_time() - c0) / 30 * 1000)
        return round(min(runs), 3)

    def full() -> None:
        app.manager.full = True
        app.draw()

    out = {"full_21_cards_ms": best(full)}
    scene.play(next(m for m in scene.game.legal_moves() if " set " in m))
    for c in scene.table[-3:]:
        del scene.sprites[c]
    scene.deal_in(0.1)
    for _ in range(8):
        app.step(DT)
    rects = scene.dirty(0.5)

    def partial() -> None:
        scene._cards_frame = app.frames  # as in App.draw: the bounds dirty() just worked out
        for r in rects:
            app.screen.set_clip(r)
            app.manager.draw(app.screen, 0.5)
        app.screen.set_clip(None)

    out["busy_partial_ms"] = best(partial)
    out["busy_area_px"] = sum(r.w * r.h for r in rects)
    shut_down()
    return out


def _run(script: str, *args: str) -> str:
    data = tempfile.mkdtemp()
    r = subprocess.run([sys.executable, "-c", script.format(root=str(ROOT), data=data), *args],
                       capture_output=True, text=True, env=ENV, timeout=300)
    return r.stdout


def _launch_main(tmp: Path) -> float:
    """Seconds from starting ``main.py`` to its first frame (its own stamp); the process is then ended."""
    marker = tmp / "first-frame.txt"
    marker.unlink(missing_ok=True)
    env = {**ENV, "SETARCADE_FIRST_FRAME_FILE": str(marker), "SETARCADE_HOME": str(tmp / "home")}
    start = time.time()
    proc = subprocess.Popen([sys.executable, str(ROOT / "main.py")], env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    try:
        while proc.poll() is None and not (marker.exists() and marker.read_text().strip()):
            time.sleep(0.002)
        return float(marker.read_text()) - start
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def _launches(n: int = 5) -> float:
    with tempfile.TemporaryDirectory(prefix="bench-launch-") as name:
        _launch_main(Path(name))  # warm the disk cache
        runs = sorted(_launch_main(Path(name)) for _ in range(n))
    return round(runs[n // 2], 3)


def run() -> dict:
    base = os.environ.get("SETARCADE_BENCH_BASELINE")
    out = busy_figures(baseline=Path(base).resolve() if base else None)
    out["draw_1920x1080"] = _draw_costs()
    out["idle_cpu_percent"] = line_figure(_run(_IDLE), "CPU")
    out["launch_to_first_frame_s"] = line_figure(_run(_LAUNCH, repr(time.time())), "FIRST")
    out["launch_main_s"] = _launches()
    out["load_average"] = round(os.getloadavg()[0], 2)
    out["peak_rss_mb"] = line_figure(_run(_MEMORY), "RSS")
    out["goal"] = "busy CPU p99 <= 4 ms at 1920x1080; idle CPU <= 1 %; first frame <= 0.3 s; peak RSS <= 120 MB"
    return out


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    base = os.environ.get("SETARCADE_BENCH_BASELINE")
    print(json.dumps(busy_figures(baseline=Path(base).resolve() if base else None), indent=1))
