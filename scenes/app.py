"""The App: window, fixed-step loop, scene manager, the player's files and the sound.

``App.step(dt)`` is the loop body (events, fixed updates, interpolated
draw); tests call it directly.  ``App.run()`` calls it at up to ``FPS``
frames a second while something animates, and otherwise sleeps until an
event or the scene's next change (a clock's next second, a bot's plan):
no busy loop, and no redraw while nothing changes.  Nothing runs at import.
"""

from __future__ import annotations

import gc
import json
import os
import time
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.history import Archiving
from sprites import cardart, theme
from sprites.layout import desktop_size, fit_window

from .input import PAD_EVENTS, Pads
from .manager import SceneManager

FPS = 60
STEP = 1 / 120  # fixed update step, seconds
MAX_FRAME = 0.25  # a longer frame (a hitch, a dragged window) is clamped to this
IDLE_POLL = 0.025  # seconds between looks at the event queue while nothing moves
MIN_SIZE = (640, 400)


@dataclass
class Options:
    """What the command line asked for (see main.py)."""

    mode: str | None = None
    seed: int | None = None
    daily: str | None = None
    level: str | None = None
    demo: bool = False
    smoke: int | None = None
    data_dir: str | None = None
    size: tuple[int, int] | None = None
    fullscreen: bool = False
    replay: str | None = None  # a file holding a shared game (game.share) to open as a replay
    extra: dict[str, Any] = field(default_factory=dict)


class _SilentAudio:
    """Stands in when the sound module cannot be loaded: the game goes on silently."""

    def play(self, name: str) -> None:
        pass

    def set_volume(self, volume: float) -> None:
        pass

    def mute(self, flag: bool = True) -> None:
        pass


class App(Archiving):
    """The game window and its loop."""

    def __init__(self, options: Options | None = None) -> None:
        self.options = options or Options()
        pygame.display.init()
        pygame.font.init()
        theme.reset_caches()
        cardart.reset_caches()
        self.store = self._open_store(self.options.data_dir)
        self._journaled: dict[str, tuple[Any, int]] = {}  # mode -> (session, events on disk)
        s = self.settings
        size = self.options.size or tuple(s.get("window_size", (1280, 720)))
        self.windowed_size = fit_window(size, desktop_size(), MIN_SIZE)
        self.fullscreen = bool(self.options.fullscreen or s.get("fullscreen", False))
        pygame.display.set_caption("Set Arcade")
        self.screen = self._open_window()
        self._audio = None  # made on the first sound: the menu opens without loading the sound module
        self.manager = SceneManager(self)
        self.running = True
        self.exit_code = 0
        self.acc = 0.0
        self.frames = 0
        self.now = 0.0  # real seconds since start: the sum of every frame's unclamped time (sessions tick on it)
        self.told: list[tuple[str, str]] = []  # messages waiting for the first scene (start-up notices)
        self.pads = Pads(self)

    # ----- the player's files (the only place the store is used) -------------
    @staticmethod
    def _open_store(data_dir: str | None):
        from game.store import Store

        return Store(data_dir or os.environ.get("SETARCADE_HOME") or None)

    @property
    def settings(self) -> dict[str, Any]:
        return self.store.settings

    def set_setting(self, key: str, value: Any) -> None:
        """Change a setting, save it, and apply it (sound, volume)."""
        self.store.settings[key] = value
        self.store.save_settings()
        if key in ("sound", "volume"):
            self._apply_volume()

    def journal(self, mode: str, session: Any) -> None:
        """Put the session's new events on disk before the player sees them (an append-only journal,
        each line synced): a game started or resumed begins a journal holding it whole."""
        try:
            if self._journaled.get(mode, (None, 0))[0] is not session:
                self.store.begin_game(mode, json.loads(session.to_json()))
            else:
                for event in session.events[self._journaled[mode][1]:]:
                    self.store.append_event(mode, event)
        except ValueError:
            return  # a mode without saves
        self._journaled[mode] = (session, len(session.events))

    def save_game(self, mode: str, game_json: str) -> None:
        """Save a whole unfinished game (leaving it, or a clean exit): the journal is folded into one file."""
        self._journaled.pop(mode, None)
        try:
            self.store.save_game(mode, game_json)
        except ValueError:
            pass  # a mode without saves

    def flush_saves(self) -> None:
        """Every save is written when it is made (nothing waits in a queue)."""

    def load_game(self, mode: str) -> str | None:
        return self.store.load_game(mode)

    def clear_game(self, mode: str) -> None:
        self._journaled.pop(mode, None)
        self.store.clear_game(mode)

    def saved_modes(self) -> list[str]:
        return self.store.saved_modes()

    def saved_games(self) -> list[dict]:
        """Every unfinished game: mode, when it was saved, its moves (the store's summary)."""
        return self.store.saved_games()

    def record_result(self, mode: str, result: dict) -> None:
        """Count a finished game in the stats of its mode and kind (``Store.record_result``: the result's
        ``kind`` is ``game.kind``); a result the store refuses is not counted."""
        try:
            self.store.record_result(mode, result)
        except ValueError:
            pass

    def rate_game(self, mode: str, result: dict, seat: int = 0) -> dict | None:
        """Rate the person at ``seat`` after a finished game with opponents (``game.ratings``): the change
        for the results screen, None when the game is not rated."""
        from game.ratings import rate_game

        return rate_game(self.store, mode, result, seat)

    def bot_memory(self) -> dict[str, Any]:
        """What the bots remember of past games (``game.practice.memory``), for a new session."""
        from game.practice import memory

        return memory(self.settings)

    def remember_bots(self, session: Any) -> None:
        """After a finished game the bots' practice and the player's pace grow (kept in the settings)."""
        from game.practice import remember

        remember(self.settings, session.seats, session.game.history)
        self.store.save_settings()

    def stats(self) -> dict[str, dict]:
        return self.store.stats

    def notices(self) -> list[str]:
        return self.store.take_notices()

    # ----- sound ---------------------------------------------------------------
    @property
    def audio(self):
        if self._audio is None:
            self._audio = self._open_audio()
        return self._audio

    def _open_audio(self):
        try:
            from sprites.audio import Audio

            audio = Audio(volume=float(self.settings.get("volume", 0.8)),
                          muted=not self.settings.get("sound", True))
        except Exception:  # no sound module or a bad setting: silence, never a crash
            audio = _SilentAudio()
        return audio

    def _apply_volume(self) -> None:
        self.audio.set_volume(float(self.settings.get("volume", 0.8)))
        self.audio.mute(not self.settings.get("sound", True))

    def sound(self, name: str) -> None:
        try:
            self.audio.play(name)
        except Exception:
            pass

    # ----- the window ------------------------------------------------------------
    def _set_icon(self) -> None:
        try:
            from sprites.assets import icon_path

            pygame.display.set_icon(pygame.image.load(str(icon_path())))
        except Exception:
            pass  # an icon is a nicety

    def _open_window(self) -> pygame.Surface:
        if self.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size: lay every scene out again and remember the size."""
        size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        if self.screen.get_size() != size and not self.fullscreen:
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.screen = pygame.display.get_surface() or self.screen
        if not self.fullscreen:
            self.windowed_size = self.screen.get_size()
            self.settings["window_size"] = list(self.windowed_size)
        self.manager.full = True
        self.manager.resize(self.screen.get_size())

    def toggle_fullscreen(self) -> None:
        self.fullscreen = not self.fullscreen
        self.screen = self._open_window()
        self.manager.full = True
        self.settings["fullscreen"] = self.fullscreen
        self.store.save_settings()
        self.manager.resize(self.screen.get_size())

    # ----- the loop --------------------------------------------------------------
    def quit(self, code: int = 0) -> None:
        self.running = False
        self.exit_code = code

    def handle(self, e: pygame.event.Event) -> None:
        if e.type in PAD_EVENTS:  # a controller: the scenes get the keys and clicks it stands for
            for made in self.pads.handle(e):
                self.handle(made)
                self.manager.apply()
            return
        if e.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN) and not getattr(e, "pad", False):
            self.pads.active = False
        if e.type == pygame.QUIT:
            self.quit()
        elif e.type == pygame.VIDEORESIZE:
            self.resize(e.size)
        elif e.type == pygame.WINDOWSIZECHANGED:
            if (e.x, e.y) != self.windowed_size and not self.fullscreen:
                self.resize((e.x, e.y))
        elif e.type == pygame.KEYDOWN and e.key == pygame.K_F11:
            self.toggle_fullscreen()
        elif e.type in (pygame.WINDOWEXPOSED, pygame.VIDEOEXPOSE, pygame.WINDOWRESTORED, pygame.WINDOWSHOWN):
            self.manager.full = True  # the window's pixels were lost (covered, hidden): draw all of it again
        else:
            self.manager.handle_event(e)

    def step(self, dt: float, events: list[pygame.event.Event] | None = None) -> bool:
        """One frame: the queued events (and ``events``), fixed updates for ``dt``, a draw.

        ``dt`` is the real time since the last frame: ``now`` (what game sessions tick on) grows by
        all of it, while animation takes at most MAX_FRAME of it in fixed steps.

        Returns whether the app is still running.
        """
        # game time is real time, never clamped (animation steps are); it is this frame's time before the
        # events are handled: a key pressed after a long idle sleep acts now, not at the last frame's time
        self.now += max(dt, 0.0)
        self.manager.apply()
        for e in (events or []) + pygame.event.get():
            self.handle(e)
            self.manager.apply()
        self.acc += min(max(dt, 0.0), MAX_FRAME)
        while self.acc >= STEP:
            self.manager.update(STEP)
            self.manager.apply()
            self.acc -= STEP
        self.draw()
        return self.running

    def draw(self) -> None:
        """Redraw what changed: the whole window, or only the scene's dirty rectangles (clipped).

        Filling a 1920×1080 window alone costs milliseconds, so while cards fly
        over a still table only the areas they cross are drawn again.
        """
        alpha = self.acc / STEP
        rects = None if self.manager.take_full() else self.manager.dirty(alpha)
        rings = self.pads.dirty()
        if rects is not None and rings:
            rects = rects + rings
        if rects is None:
            self.manager.draw(self.screen, alpha)
            self.pads.draw(self.screen)
            pygame.display.flip()
        elif rects:
            for r in rects:
                self.screen.set_clip(r)
                self.manager.draw(self.screen, alpha)
                self.pads.draw(self.screen)
            self.screen.set_clip(None)
            pygame.display.update(rects)
        self.frames += 1
        if self.frames == 1:
            self._first_frame()

    def _first_frame(self) -> None:
        """The first frame is on screen: say when (launch figures), then tidy up what start-up made."""
        marker = os.environ.get("SETARCADE_FIRST_FRAME_FILE")
        if marker:
            with open(marker, "w", encoding="utf-8") as f:
                f.write(repr(time.time()))
        gc.collect()
        gc.freeze()  # what start-up made lives all game: later collections skip it (shorter pauses)

    def start(self) -> None:
        """Queue the first scene the command line asks for."""
        self.manager.switch("start")  # it switches to the scene the command line asks for
        self.manager.apply()
        for title, text in self.told:
            self.manager.push("message", {"title": title, "text": text})
        self.told.clear()
        self.manager.apply()
        for n in self.notices():
            self.tell("Notice", n)

    def tell(self, title: str, text: str) -> None:
        """Show a message over the current scene; before the first scene is up, keep it until it is
        (a notice queued before the start-up switch would be wiped by it)."""
        top = self.manager.top
        if top is not None and not top.passing:
            self.manager.push("message", {"title": title, "text": text})
        else:
            self.told.append((title, text))

    def run(self, until=None) -> int:
        """Play until the window closes (or ``until()`` is true: benchmarks); returns the exit code."""
        clock = pygame.time.Clock()
        self.start()
        last = time.perf_counter()
        self.step(0.0)
        self._set_icon()  # after the first frame: finding the icon file costs a few hundredths
        self.pads.start()  # so are game controllers
        while self.running and not (until and until()):
            if self.manager.animating:
                clock.tick(FPS)
            else:
                self.idle(self.manager.wake_in())
            now = time.perf_counter()
            self.step(now - last)
            last = now
        self.close()
        return self.exit_code

    @staticmethod
    def idle(wake: float | None) -> None:
        """Sleep until an event arrives or ``wake`` seconds pass (None: until an event).

        Polls every IDLE_POLL seconds: SDL's own event wait spins at about 2 % of a
        core, a sleep costs a tenth of that, and 25 ms is below what a player notices.
        """
        deadline = None if wake is None else time.perf_counter() + wake
        while not pygame.event.peek():
            left = IDLE_POLL if deadline is None else min(IDLE_POLL, deadline - time.perf_counter())
            if left <= 0:
                return
            time.sleep(left)

    def close(self) -> None:
        clients = [c for c in (s.connection() for s in self.manager.stack) if c is not None]  # online
        self.manager.close()  # a game in play folds its journal into one save
        for c in clients:
            c.close(leave=False)  # the seat stays kept: Play online offers to rejoin
        server = getattr(self, "room_server", None)
        if server is not None:  # a room hosted in this window ends with it
            server.stop()
            self.room_server = None
        if not self.fullscreen:
            self.settings["window_size"] = list(self.windowed_size)
        self.store.save_settings()
        self.store.close()
        self.close_history()
        from sprites.audio import shut_down  # here: the menu opens without the sound module (``audio``)
        shut_down()
