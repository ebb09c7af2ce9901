"""Monkey test of the game window: random input into ``App.step`` until something raises.

Clicks (at random points and at the centres of the buttons, cards and boxes
on screen, so it reaches deep screens), drags, key presses with modifiers,
text input, window resizes, focus changes and quit requests, across every
scene.  Everything random comes from ``game.rng.Rng``: a seed replays the
same run.  A quit ends the app; a new one is started and the run goes on.

    .venv/bin/python tools/monkey.py --events 100000 --seed 1 [--playing]

prints a JSON summary: events, scenes visited, exceptions (each with the
seed, the event index and the traceback).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import sys
import tempfile
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from game.cards import card  # noqa: E402
from game.rng import Rng  # noqa: E402
from scenes import scene_names  # noqa: E402
from scenes.app import App, Options  # noqa: E402
from scenes.modes import ORDER  # noqa: E402
from scenes.start import play_data  # noqa: E402
from scenes.table import TableScene  # noqa: E402

TODAY = "2026-11-22"  # the daily screen's "today": a fixed day keeps a run replayable
GAME_KEYS = [getattr(pygame, f"K_{k}") for k in (
    "1 2 3 4 5 6 7 8 9 0 q w e r t y u i o p a s d f g h j k l z x c v b n m SPACE RETURN KP_ENTER "
    "LSHIFT RSHIFT ESCAPE F1 PLUS EQUALS KP_PLUS MINUS KP_MINUS TAB UP DOWN LEFT RIGHT HOME END PAGEUP "
    "PAGEDOWN BACKSPACE DELETE F2 F5 F10 LEFTBRACKET RIGHTBRACKET SLASH PERIOD COMMA KP_1 KP_5").split()]
RARE_KEYS = [pygame.K_F11]  # full screen and back: costly, so now and then
MODS = [0] * 6 + [pygame.KMOD_LSHIFT, pygame.KMOD_RSHIFT, pygame.KMOD_LCTRL, pygame.KMOD_LALT,
                  pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT, pygame.KMOD_CAPS, pygame.KMOD_NUM]
SHIFTED = dict(zip("1234567890-=[]/.,", "!@#$%^&*()_+{}?><"))
SIZES = [(320, 240), (640, 400), (800, 600), (960, 600), (1280, 720), (1366, 768), (1920, 1080),
         (2560, 1440), (3840, 2160), (500, 900), (1600, 400)]
#: (kind, weight) of the next event
KINDS = [("play", 8), ("target", 30), ("click", 12), ("key", 26), ("drag", 6), ("motion", 5), ("text", 3), ("wait", 8),
         ("wheel", 2), ("resize", 2), ("focus", 3), ("scene", 2), ("quit", 1)]
#: mostly legal Sets and waiting, with a little of the rest: games get played to their end
PLAYING = [("play", 60), ("wait", 15), ("target", 10), ("key", 10), ("resize", 1), ("focus", 1)]


def weighted(rng: Rng, choices: list[tuple[str, int]]) -> str:
    """One of ``choices`` (name, weight), drawn with its weight.

    >>> weighted(Rng(1), [("a", 1), ("b", 0)])
    'a'
    """
    pick = rng.below(sum(w for _name, w in choices))
    for name, w in choices:
        if pick < w:
            return name
        pick -= w
    raise ValueError("no choice with a weight")


def start_data(name: str, rng: Rng) -> list[tuple[str, str, dict[str, Any]]]:
    """The (op, scene, data) steps that show scene ``name`` with sensible start data."""
    mode = rng.choice(list(ORDER))
    seed = rng.below(1000)
    play = {"classic": "classic", "points": "points", "findall": "findall", "twenty": "twenty",
            "pillars": "pillars", "mags": "mags"}
    if name in play:
        data = play_data(name, seed, demo=rng.below(5) == 0)
        return [("switch", name, data)]
    if name in ("pause", "help"):
        return [("switch", mode, play_data(mode, seed)), ("push", name, {"mode": mode})]
    if name == "setup":
        return [("switch", "setup", {"mode": mode, "seed": seed})]
    if name == "results":
        from scenes.smoke import _sample_results

        return [("switch", "results", _sample_results())]
    if name == "message":
        return [("switch", "menu", {}), ("push", "message", {"title": "Notice", "text": "A monkey was here."})]
    if name == "daily":
        return [("switch", "daily", {"today": TODAY, "date": TODAY, "mode": mode})]
    if name == "stats":
        return [("switch", "stats", {"today": TODAY})]
    if name == "solo_tutorial":
        return [("switch", "solo_tutorial", {"mode": rng.choice(["pillars", "mags"])})]
    if name in ("tutorial", "twenty_tutorial"):
        return [("switch", name, {"overlay": rng.below(2) == 0})] if rng.below(2) else \
            [("switch", "menu", {}), ("push", name, {"overlay": True})]
    return [("switch", name, {})]


def show_played(app: App) -> None:
    """The daily results screen, reached the real way: a daily Solitaire-Set deal ended at once."""
    from game.daily import daily
    from scenes.daily import launch_data

    scene, data = launch_data(daily(TODAY, "points", solve=False), TODAY)
    app.manager.switch(scene, data)
    app.manager.apply()
    table = app.manager.find(TableScene)  # a first-play tutorial may lie on top of it
    table.play("end")
    table.finish()
    app.manager.apply()


def targets(scene: Any) -> list[tuple[int, int]]:
    """Centres of the buttons, cards and boxes a scene holds (found by walking its attributes)."""
    out: list[tuple[int, int]] = []
    seen: set[int] = set()

    def walk(x: Any, depth: int) -> None:
        if id(x) in seen or depth > 3:
            return
        seen.add(id(x))
        if isinstance(x, pygame.Rect):
            if x.w > 0 and x.h > 0:
                out.append(x.center)
        elif isinstance(x, (list, tuple)) and len(x) <= 200:
            for y in x:
                walk(y, depth + 1)
        elif isinstance(x, dict) and len(x) <= 200:
            for y in x.values():
                walk(y, depth + 1)
        elif type(x).__module__.split(".")[0] in ("scenes", "sprites") and hasattr(x, "__dict__"):
            pos = getattr(x, "pos", None)
            if hasattr(x, "card") and isinstance(pos, tuple):
                out.append((round(pos[0]), round(pos[1])))
            for k, y in vars(x).items():
                if k not in ("app", "game", "data", "v"):
                    walk(y, depth + 1)

    walk(scene, 0)
    return out


class Monkey:
    """One seeded run: ``run(n)`` sends ``n`` random events; ``errors`` keeps what raised."""

    def __init__(self, seed: int, data_dir: str, size: tuple[int, int] = (960, 600),
                 on_error: Callable[[dict], None] | None = None, kinds: list[tuple[str, int]] = KINDS) -> None:
        self.seed = seed
        self.kinds = kinds
        self.rng = Rng(seed)
        self.data_dir = data_dir
        self.size = size
        self.on_error = on_error
        self.events = 0
        self.visited: dict[str, int] = {}
        self.errors: list[dict] = []
        self.restarts = 0
        self.app = self.new_app()

    # ----- the app ---------------------------------------------------------------------
    def new_app(self) -> App:
        app = App(Options(data_dir=self.data_dir, size=self.size))
        app.start()
        return app

    def restart(self) -> None:
        """The app quit (or broke): close it and start another, as a new process would.

        The app freezes what start-up made (``gc.freeze`` after its first
        frame); in one process those frozen objects would outlive every app
        closed since, so they are unfrozen and collected here: a restart
        keeps nothing of the app before it.
        """
        try:
            self.app.close()
        except Exception:
            pass
        self.app = None  # type: ignore[assignment]
        gc.unfreeze()
        gc.collect()
        trim_heap()
        self.restarts += 1
        self.app = self.new_app()

    def show(self, name: str) -> None:
        """Start from scene ``name`` (see ``start_data``)."""
        if name == "played":
            show_played(self.app)
        else:
            for op, scene, data in start_data(name, self.rng):
                getattr(self.app.manager, op)(scene, data)
            self.app.manager.apply()
        self.app.step(0.0)
        self.note()

    def note(self) -> None:
        for s in self.app.manager.stack:
            name = type(s).__name__
            self.visited[name] = self.visited.get(name, 0) + 1

    # ----- events ----------------------------------------------------------------------
    def unit(self) -> float:
        return self.rng.below(1_000_000) / 1_000_000

    def point(self) -> tuple[int, int]:
        w, h = self.app.size
        return self.rng.below(w), self.rng.below(h)

    def target(self) -> tuple[int, int]:
        pts = targets(self.app.manager.top) if self.app.manager.top is not None else []
        return self.rng.choice(pts) if pts else self.point()

    def post(self, kind: int, **attrs: Any) -> None:
        pygame.event.post(pygame.event.Event(kind, **attrs))

    def click(self, pos: tuple[int, int], button: int = 1) -> None:
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=button)

    def play(self) -> None:
        """Click the cards of a legal Set (or a Pillars move's card and column), so games get somewhere."""
        scene = self.app.manager.top
        moves = []
        if isinstance(scene, TableScene) and not scene.locked:
            moves = [m.split() for m in scene.game.legal_moves()]
            moves = [w for w in moves if w[0] == "move" or "set" in w[:2] and w[0] in ("set", "P1")]
        if not moves:
            self.click(self.target())
            return
        words = self.rng.choice(moves)
        cards = words[-3:] if "set" in words else words[1:2]
        for c in cards:
            s = scene.sprites.get(card(c))
            if s is not None:
                self.click((round(s.pos[0]), round(s.pos[1])))
        if words[0] == "move" and hasattr(scene.board, "pile_rect") and words[-1].isdigit():
            self.click(scene.board.pile_rect(int(words[-1]) - 1).center)

    def key(self) -> None:
        r = self.rng
        key = r.choice(RARE_KEYS) if r.below(400) == 0 else r.choice(GAME_KEYS) if r.below(5) else \
            r.below(0x140) if r.below(2) else 0x40000000 + r.below(0x120)
        mod = r.choice(MODS)
        ch = chr(key) if 32 <= key < 127 else "\r" if key == pygame.K_RETURN else ""
        if mod & pygame.KMOD_SHIFT and ch:
            ch = SHIFTED.get(ch, ch.upper())
        if mod & pygame.KMOD_CTRL and ch.isalpha():
            ch = chr(ord(ch.lower()) - 96)
        if r.below(20) == 0:
            ch = chr(32 + r.below(0x2FF))
        self.post(pygame.KEYDOWN, key=key, mod=mod, unicode=ch, scancode=0)
        if ch and ch.isprintable() and r.below(3) == 0:
            self.post(pygame.TEXTINPUT, text=ch)
        self.post(pygame.KEYUP, key=key, mod=mod, unicode=ch, scancode=0)

    def drag(self) -> None:
        start = self.target() if self.rng.below(3) else self.point()
        end = self.target() if self.rng.below(2) else self.point()
        self.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
        n = 1 + self.rng.below(6)
        prev = start
        for k in range(1, n + 1):
            p = (start[0] + (end[0] - start[0]) * k // n, start[1] + (end[1] - start[1]) * k // n)
            self.post(pygame.MOUSEMOTION, pos=p, rel=(p[0] - prev[0], p[1] - prev[1]), buttons=(1, 0, 0))
            prev = p
            if self.rng.below(3) == 0:
                self.app.step(1 / 60)
        self.post(pygame.MOUSEBUTTONUP, pos=end, button=1)

    def resize(self) -> None:
        r = self.rng
        w, h = r.choice(SIZES) if r.below(2) else (320 + r.below(3521), 240 + r.below(1921))
        how = r.below(4)
        if how == 0:
            self.post(pygame.VIDEORESIZE, size=(w, h), w=w, h=h)
        elif how == 1:
            self.post(pygame.WINDOWSIZECHANGED, x=w, y=h)
        elif how == 2:
            self.post(pygame.WINDOWRESIZED, x=w, y=h)
        else:
            self.app.resize((w, h))

    def focus(self) -> None:
        r = self.rng
        kind = r.choice([pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED, pygame.WINDOWMINIMIZED,
                         pygame.WINDOWRESTORED, pygame.WINDOWENTER, pygame.WINDOWLEAVE, pygame.ACTIVEEVENT])
        if kind == pygame.ACTIVEEVENT:
            self.post(kind, gain=r.below(2), state=r.choice([1, 2, 4, 6]))
        else:
            self.post(kind)

    def one(self) -> None:
        """Send one random event (or a short burst that makes one gesture) and step the app."""
        r = self.rng
        kind = weighted(r, self.kinds)
        if kind == "play":
            self.play()
        elif kind == "target":
            self.click(self.target(), 1 if r.below(8) else r.choice([2, 3]))
        elif kind == "click":
            self.click(self.point(), 1 if r.below(6) else r.choice([2, 3, 4, 5]))
        elif kind == "key":
            self.key()
        elif kind == "drag":
            self.drag()
        elif kind == "motion":
            p = self.target() if r.below(2) else self.point()
            self.post(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0))
        elif kind == "text":
            self.post(pygame.TEXTINPUT, text=r.choice(["a", "1", "S", " ", "+", "é", "日", "\t", "Set!"]))
        elif kind == "wheel":
            self.post(pygame.MOUSEWHEEL, x=0, y=r.choice([-3, -1, 1, 3]), flipped=False, precise_x=0.0,
                      precise_y=0.0)
        elif kind == "resize":
            self.resize()
        elif kind == "focus":
            self.focus()
        elif kind == "scene":
            self.show(r.choice(scene_names()))
        elif kind == "quit":
            self.post(pygame.QUIT)
        if kind == "wait":  # let clocks, bots and animations run
            for _ in range(1 + r.below(8)):
                self.app.step(r.choice([1 / 60, 0.1, 0.25]))
        else:
            self.app.step(r.choice([0.0, 1 / 120, 1 / 60, 1 / 60, 0.05]))
        if not self.app.running:
            self.restart()

    def run(self, n: int) -> None:
        """Send ``n`` events; an exception is recorded (and handed to ``on_error``), then a new app starts."""
        for _ in range(n):
            try:
                self.one()
            except Exception as e:
                err = {"seed": self.seed, "event": self.events, "scene": type(self.app.manager.top).__name__,
                       "error": f"{type(e).__name__}: {e}", "traceback": traceback.format_exc()}
                self.errors.append(err)
                if self.on_error is not None:
                    self.on_error(err)
                pygame.event.clear()
                self.restart()
            self.events += 1
            if self.events % 25 == 0:
                self.note()

    def close(self) -> None:
        try:
            self.app.close()
        except Exception:
            pass

    def summary(self) -> dict[str, Any]:
        return {"events": self.events, "seed": self.seed, "restarts": self.restarts,
                "scenes_visited": dict(sorted(self.visited.items())), "exceptions": len(self.errors),
                "errors": self.errors}


def _libc():
    """The C library where it is glibc (None elsewhere)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes

        libc = ctypes.CDLL("libc.so.6")
        return libc if hasattr(libc, "mallopt") and hasattr(libc, "malloc_trim") else None
    except OSError:
        return None


def map_big_buffers() -> None:
    """glibc: every buffer of 128 KB or more gets its own mapping, given back to the system when freed.

    By default glibc raises that threshold to the biggest buffer freed so far
    (up to 32 MB), so after one 4K window every screen-sized pixel buffer
    lands in the heap, whose freed space is kept: the process would hold its
    largest window's worth of memory for ever.
    """
    libc = _libc()
    if libc is not None:
        libc.mallopt(-3, 128 * 1024)  # M_MMAP_THRESHOLD


def trim_heap() -> None:
    """glibc: give the heap's free space back to the system, as a new process would start without it."""
    libc = _libc()
    if libc is not None:
        libc.malloc_trim(0)


def peak_rss_mb() -> float | None:
    """This process's peak resident memory in MB (None where the platform does not say)."""
    try:
        import resource
    except ImportError:
        return None
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return round(peak / (2**20 if sys.platform == "darwin" else 2**10), 1)  # bytes on macOS, KB elsewhere


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Random input into the game window; a JSON summary.")
    ap.add_argument("--events", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--chunk", type=int, default=400, help="events from each start scene in turn")
    ap.add_argument("--playing", action="store_true", help="mostly legal Sets: games played to their end")
    a = ap.parse_args(argv)
    map_big_buffers()
    with tempfile.TemporaryDirectory() as home:
        m = Monkey(a.seed, home, kinds=PLAYING if a.playing else KINDS)
        names = scene_names()
        k = 0
        while m.events < a.events:
            try:
                m.show(names[k % len(names)])
            except Exception as e:  # a scene that cannot even start is an error too
                m.errors.append({"seed": a.seed, "event": m.events, "scene": names[k % len(names)],
                                 "error": f"{type(e).__name__}: {e}", "traceback": traceback.format_exc()})
                m.restart()
            m.run(min(a.chunk, a.events - m.events))
            print(f"monkey: {m.events} events, {len(m.errors)} exceptions", file=sys.stderr, flush=True)
            k += 1
        m.close()
        print(json.dumps({**m.summary(), "peak_rss_mb": peak_rss_mb()}, indent=1))
    return 1 if m.errors else 0


if __name__ == "__main__":
    sys.exit(main())
