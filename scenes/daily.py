"""Daily deals: today's deal of every mode, its number, code and par, the archive and the countdown.

Start data (all optional): ``date`` (the day shown, "YYYY-MM-DD"), ``today``
(the local date; given by tests so nothing reads the wall clock), ``mode``
(the row to focus), ``launch`` (a mode to start as soon as its deal is
ready: ``--daily --mode M``), ``solve`` (False: never run the solver) and
``solver`` (``daily``'s stand-in, for tests).

A row for every mode with a daily (``games("DAILY")``, the registry's
order).  ``game.daily.daily(..., solve=False)`` is instant; a day missing
from the shipped tables needs the solver (a mode's class with
``PROVED_DAILY``: Pillars' proved Samson-winnable seed; with ``PAR``: Mag's
and Solitaire-Set's par), which runs in a daemon thread while the row shows a
spinner, so the frame loop never waits.  Solved days are kept for the
session.
"""

from __future__ import annotations

import datetime as _dt
import math
import threading
from collections.abc import Callable, Sequence
from typing import Any, overload

import pygame

from game.cards import code, plural
from game.daily import EPOCH, Daily, as_date, daily, day_number
from game.rng import deal
from game.variants import game_class, games
from sprites import theme
from sprites.hud import Button, clock_text

from .base import Scene
from .modes import MODES
from .tally import day_streaks, every_day_streak
from .widgets import header, unit_of

PER_COLUMN = 6  # rows in a column: the modes of the online game make a second column


class _Rows(Sequence[str]):
    """The modes with a daily, a row each, read from the registry when asked (a registered mode shows)."""

    @overload
    def __getitem__(self, i: int) -> str: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[str]: ...

    def __getitem__(self, i: int | slice) -> str | Sequence[str]:
        return [g.NAME for g in games("DAILY")][i]

    def __len__(self) -> int:
        return len(games("DAILY"))


ROWS: Sequence[str] = _Rows()


def slow(mode: str) -> bool:
    """Does the mode's deal or par need the solver on a day past the shipped tables?"""
    game = game_class(mode)
    return game.PAR or game.PROVED_DAILY

_solved: dict[tuple[str, str], Daily | str] = {}  # (date, mode) -> the solved day, or why it failed
_running: set[tuple[str, str]] = set()
_lock = threading.Lock()


def _work(key: tuple[str, str], solver: Callable[..., Daily]) -> None:
    try:
        out: Daily | str = solver(key[0], key[1], solve=True)
    except Exception as e:  # a solver failure must not reach the window: the row says so instead
        out = f"{type(e).__name__}: {e}"[:120]
    with _lock:
        _solved[key] = out
        _running.discard(key)


def launch_data(d: Daily, today: str) -> tuple[str, dict[str, Any]]:
    """(scene, start data) for playing a daily deal; the data carries the day so the play is counted."""
    info = MODES[d.mode]
    values = info.game.daily_values()
    data: dict[str, Any] = {"seed": d.seed, **info.build(values), "values": values,
                            "daily": {"date": d.date.isoformat(), "today": today, "par": d.par,
                                      "number": d.number}}
    if info.game.DAILY_LEVEL and d.par is not None:  # the deal as a level, so the table and results show par
        data["level"] = {"variant": d.mode, "id": f"daily-{d.date.isoformat()}", "name": f"Daily #{d.number}",
                         "seed": d.seed, "deck": [code(c) for c in deal(d.seed)], "par": d.par}
    return info.scene, data


def result_text(mode: str, r: dict) -> str:
    """A stored daily result in a few words (any mode; a score that is no number says "played").

    >>> result_text("memory", {"won": True, "score": 9, "time": 301}), result_text("ultra", {"score": 1})
    ('9 Sets · 5:01', '1 UltraSet · 0:00')
    """
    what = game_class(mode).result_words(r.get("won"), r.get("score"))
    return f"{what} · {clock_text(r.get('time', 0))}"


class DailyScene(Scene):
    def enter(self, data: dict[str, Any]) -> None:
        self.today = as_date(data["today"]) if data.get("today") else _dt.date.today()
        self.fixed_today = bool(data.get("today"))
        self.day = min(self.today, max(EPOCH, as_date(data["date"]))) if data.get("date") else self.today
        self.solve = data.get("solve", True)
        self.solver = data.get("solver", daily)
        self.launch_mode = data.get("launch")
        self.modes = list(ROWS)  # a row each
        self.focus = self.modes.index(data["mode"]) if data.get("mode") in self.modes else 0
        self.t = 0.0
        self.notice = ""
        self.play_buttons = [Button("Play", lambda m=m: self.play(m), accent=True) for m in self.modes]
        self.nav = [Button("‹ Day before", lambda: self.shift(-1), "PgUp"),
                    Button("Today", self.to_today, "Home"),
                    Button("Day after ›", lambda: self.shift(1), "PgDn")]
        self.back = Button("Menu", lambda: self.app.manager.switch("menu", {}), "Esc")
        self.load_day()
        super().enter(data)

    # ----- the deals of the day shown ------------------------------------------------
    def load_day(self) -> None:
        iso = self.day.isoformat()
        self.deals: dict[str, Daily | None] = {}
        self.taken: set[str] = set()  # modes whose solver answer is already shown
        for m in self.modes:
            with _lock:
                done = _solved.get((iso, m))
            quick = done if isinstance(done, Daily) else self.solver(iso, m, solve=False)
            if done is not None:
                self.taken.add(m)
            self.deals[m] = quick
            if done is None and self.solve and slow(m) and self.needs_solver(quick):
                self.deals[m] = None if game_class(m).PROVED_DAILY else quick  # no deal until proved
                self.start_solving(iso, m)
        self.update_buttons()

    @staticmethod
    def needs_solver(d: Daily | str) -> bool:
        return isinstance(d, Daily) and (not d.line if game_class(d.mode).PROVED_DAILY else d.par is None)

    def start_solving(self, iso: str, mode: str) -> None:
        key = (iso, mode)
        with _lock:
            if key in _running or key in _solved:
                return
            _running.add(key)
        threading.Thread(target=_work, args=(key, self.solver), name=f"daily-{mode}", daemon=True).start()

    def pending(self, mode: str) -> bool:
        with _lock:
            return (self.day.isoformat(), mode) in _running

    def collect(self) -> None:
        """Take in what the solver finished since the last frame."""
        iso = self.day.isoformat()
        for m in filter(slow, self.modes):
            with _lock:
                done = _solved.get((iso, m))
            if done is None or m in self.taken:
                continue
            self.taken.add(m)
            if isinstance(done, str):
                if self.deals.get(m) is None:  # Pillars unproved: the plain daily seed can still be played
                    self.deals[m] = self.solver(iso, m, solve=False)
                proving = game_class(m).PROVED_DAILY
                what = "no deal could be proved winnable" if proving else "the par could not be worked out"
                self.notice = f"{MODES[m].title}: {what} for this day ({done[:60]})"
            else:
                self.deals[m] = done
            self.update_buttons()

    def update_buttons(self) -> None:
        for m, b in zip(self.modes, self.play_buttons):
            b.enabled = self.deals.get(m) is not None
            b.label = "Play again" if self.played(m) else "Play"
            b.accent = not self.played(m)
        self.nav[0].enabled = self.day > EPOCH
        self.nav[1].enabled = self.nav[2].enabled = self.day < self.today

    def played(self, mode: str) -> dict | None:
        return ((self.app.stats().get(mode) or {}).get("daily") or {}).get(self.day.isoformat())

    def shift(self, days: int) -> None:
        day = min(self.today, max(EPOCH, self.day + _dt.timedelta(days=days)))
        if day != self.day:
            self.day = day
            self.load_day()

    def to_today(self) -> None:
        self.shift((self.today - self.day).days)

    def play(self, mode: str) -> None:
        d = self.deals.get(mode)
        if not isinstance(d, Daily):
            return
        scene, data = launch_data(d, self.today.isoformat())
        self.app.manager.switch(scene, data)

    # ----- input ---------------------------------------------------------------------------
    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.KEYDOWN:
            keys = {pygame.K_ESCAPE: self.back.action, pygame.K_PAGEUP: lambda: self.shift(-1),
                    pygame.K_PAGEDOWN: lambda: self.shift(1), pygame.K_HOME: self.to_today,
                    pygame.K_LEFT: lambda: self.shift(-1), pygame.K_RIGHT: lambda: self.shift(1),
                    pygame.K_UP: lambda: self.move(-1), pygame.K_DOWN: lambda: self.move(1),
                    pygame.K_TAB: lambda: self.move(1),
                    pygame.K_RETURN: lambda: self.play(self.modes[self.focus]),
                    pygame.K_KP_ENTER: lambda: self.play(self.modes[self.focus])}
            if e.key in keys:
                keys[e.key]()
                return True
            return False
        for b in self.play_buttons + self.nav + [self.back]:
            if b.handle_event(e):
                return True
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            for i, r in enumerate(self.rows):
                if r.collidepoint(e.pos):
                    self.focus = i
                    return True
        return False

    def move(self, step: int) -> None:
        self.focus = (self.focus + step) % len(self.modes)

    # ----- time ------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.t += dt
        self.collect()
        if not self.fixed_today and _dt.date.today() != self.today:  # midnight passed: a new day's deals
            on_today = self.day == self.today
            self.today = _dt.date.today()
            if on_today:
                self.day = self.today
            self.load_day()
        if self.launch_mode and isinstance(self.deals.get(self.launch_mode), Daily) \
                and not self.pending(self.launch_mode):
            mode, self.launch_mode = self.launch_mode, None
            self.play(mode)

    @property
    def animating(self) -> bool:
        return any(self.pending(m) for m in filter(slow, self.modes))

    def wake_in(self) -> float | None:
        return 1.0 - (_dt.datetime.now().timestamp() % 1.0) + 0.01  # the countdown's next second

    def countdown(self) -> str:
        now = _dt.datetime.now()
        midnight = _dt.datetime.combine(now.date() + _dt.timedelta(days=1), _dt.time())
        s = max(0, int((midnight - now).total_seconds()))
        return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}"

    # ----- layout and drawing ------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        u = self.u = unit_of(size)
        columns = -(-len(self.modes) // PER_COLUMN)
        width = round(min(w - 2 * u, u * 52) if columns == 1 else (min(w - 2 * u, u * 70) - u) / columns)
        x0 = (w - columns * width - (columns - 1) * round(u)) // 2
        bh = round(u * 1.9)
        nav_w = round(u * 9)
        y = round(u * 7.2)
        for i, b in enumerate(self.nav):
            b.rect = pygame.Rect(w // 2 + round((i - 1.5) * (nav_w + u * 0.5) + u * 0.25), y, nav_w, bh)
        row_h, gap = u * 3.25, u * 0.4
        top = u * 9.7
        self.rows = [pygame.Rect(x0 + (i // PER_COLUMN) * (width + round(u)),
                                 round(top + i % PER_COLUMN * (row_h + gap)), width, round(row_h))
                     for i in range(len(self.modes))]
        for r, b in zip(self.rows, self.play_buttons):
            b.rect = pygame.Rect(r.right - round(u * 8.5), r.centery - bh // 2, round(u * 7.6), bh)
        self.back.rect = pygame.Rect(w // 2 - round(u * 5), h - round(u * 3.6), round(u * 10), round(u * 2.0))

    def draw(self, surface: pygame.Surface) -> None:
        u = self.u
        w, h = surface.get_size()
        n = day_number(self.day)
        when = "today" if self.day == self.today else "archive: play for fun, not counted"
        header(surface, f"Daily deal #{n}", f"{self.day.strftime('%A %d %B %Y')} · {when}", u)
        every = every_day_streak(self.app, self.today.isoformat())
        theme.blit_text(surface, f"next deal in {self.countdown()}", round(u * 0.95), (w - u * 1.2, u * 1.4),
                        theme.MUTED, True, "topright")
        theme.blit_text(surface, f"daily streak {plural(every, 'day')}", round(u * 0.95),
                        (u * 1.2, u * 1.4), theme.ACCENT if every else theme.MUTED, True, "topleft")
        for b in self.nav:
            b.draw(surface)
        for i, m in enumerate(self.modes):
            self.draw_row(surface, i, m)
        self.back.draw(surface)
        help_text = self.notice or "Up/Down choose · Enter play · Left/Right other days · Home today · Esc menu"
        theme.blit_text(surface, help_text, round(u * 0.8), (w / 2, h - u * 0.7),
                        theme.BAD if self.notice else theme.DIM, True, "center")

    def draw_row(self, surface: pygame.Surface, i: int, mode: str) -> None:
        u, r = self.u, self.rows[i]
        lit = i == self.focus
        theme.panel(surface, r, round(u * 0.5), (255, 255, 255, 28 if lit else 12),
                    theme.ACCENT if lit else (255, 255, 255, 30))
        d = self.deals.get(mode)
        x = r.left + u
        if r.w < u * 40:
            self.draw_narrow_row(surface, i, mode, d)
            return
        theme.blit_text(surface, MODES[mode].title, round(u * 1.25), (x, r.top + u * 1.1), theme.INK, True, "midleft")
        where = d.short_code if isinstance(d, Daily) else "deal code soon"
        theme.blit_text(surface, f"#{day_number(self.day)} · {where}", round(u * 0.78), (x, r.top + u * 2.45),
                        theme.DIM, True, "midleft")
        mx = r.left + r.w * 0.43
        about, busy = self.about(mode, d)
        if busy:
            self.spinner(surface, (mx + u * 0.5, r.top + u * 1.1), u * 0.45)
        special = slow(mode) and not busy and "unavailable" not in about and "not proved" not in about
        theme.blit_text(surface, about, round(u * 0.9), (mx + (u * 1.3 if busy else 0), r.top + u * 1.1),
                        theme.ACCENT if special else theme.MUTED, True, "midleft")
        rec = self.played(mode)
        if rec is not None:
            status, colour = f"played: {result_text(mode, rec)}", theme.GOOD
        elif self.day == self.today:
            status, colour = "not played yet — your first finish counts", theme.INK
        else:
            status, colour = "not played that day", theme.DIM
        theme.blit_text(surface, status, round(u * 0.85), (mx, r.top + u * 2.45), colour, True, "midleft")
        cur = day_streaks(self.app, mode, self.today.isoformat())["current"]
        if cur:
            theme.blit_text(surface, f"streak {cur}", round(u * 0.8), (self.play_buttons[i].rect.left - u * 0.8,
                            r.centery), theme.ACCENT, True, "midright")
        self.play_buttons[i].focus = lit
        self.play_buttons[i].draw(surface)

    def draw_narrow_row(self, surface: pygame.Surface, i: int, mode: str, d: Daily | str | None) -> None:
        """A row in one of two columns: the title and how it went, then the deal's code and what it is."""
        u, r, button = self.u, self.rows[i], self.play_buttons[i]
        x, right = r.left + u, button.rect.left - u * 0.7
        theme.blit_text(surface, MODES[mode].title, round(u * 1.15), (x, r.top + u * 1.1), theme.INK, True, "midleft")
        rec = self.played(mode)
        cur = day_streaks(self.app, mode, self.today.isoformat())["current"]
        status = f"played: {result_text(mode, rec)}" if rec is not None else "not played" if self.day != self.today \
            else "not played yet"
        colour = theme.GOOD if rec is not None else theme.INK if self.day == self.today else theme.DIM
        theme.blit_text(surface, status + (f" · streak {cur}" if cur else ""), round(u * 0.8),
                        (right, r.top + u * 1.1), colour, True, "midright")
        about, busy = self.about(mode, d)
        where = d.short_code if isinstance(d, Daily) else "deal code soon"
        line = f"#{day_number(self.day)} · {where} · {about}"  # too long: the words give way, never the code
        if busy:
            self.spinner(surface, (right - u * 0.5, r.top + u * 2.45), u * 0.4)
        lines = theme.wrap(line, round(u * 0.72), round(right - x - (u * 1.4 if busy else 0)), True)
        theme.blit_text(surface, lines[0] + (" …" if len(lines) > 1 else ""), round(u * 0.72), (x, r.top + u * 2.45),
                        theme.MUTED, True, "midleft")
        button.focus = i == self.focus
        button.draw(surface)

    def about(self, mode: str, d: Daily | str | None) -> tuple[str, bool]:
        """What the row says about the deal, and whether the solver is still at it."""
        busy = self.pending(mode)
        game = game_class(mode)
        if game.PROVED_DAILY:
            if d is None:
                return "finding a deal proved winnable…", True
            return (game.DAILY_NOTE if isinstance(d, Daily) and d.line else "not proved winnable (solver off)"), False
        if game.PAR:
            if busy:
                return "par: the solver is working…", True
            if isinstance(d, Daily) and d.par is not None:
                return f"par {d.par_text} {game.KINDS[0].unit}", False
            return "par unavailable", False
        return game.DAILY_NOTE, False

    def spinner(self, surface: pygame.Surface, center, radius: float) -> None:
        rect = pygame.Rect(0, 0, round(radius * 2), round(radius * 2))
        rect.center = (round(center[0]), round(center[1]))
        a = -self.t * 6
        pygame.draw.arc(surface, theme.ACCENT, rect, a, a + math.pi * 1.4, max(2, round(radius / 3)))
