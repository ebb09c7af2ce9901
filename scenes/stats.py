"""Stats: per mode games, wins, win rate, best and average, daily streaks; the last 30 days' dailies.

Start data: ``today`` ("YYYY-MM-DD", for tests; else the local date).
The chart has one column per day, a block per mode whose daily was
played that day (bright when won), drawn with pygame primitives.
"""

from __future__ import annotations

import datetime as _dt
from typing import Any

import pygame

from game.daily import as_date, streaks
from sprites import theme
from sprites.hud import Button, clock_text

from .base import Scene
from .modes import MODES, ORDER
from .widgets import header, unit_of

COLUMNS = ("Mode", "Games", "Wins", "Win rate", "Best", "Avg time", "Daily streak", "Longest")
SPLITS = (0, 0.24, 0.33, 0.42, 0.53, 0.64, 0.78, 0.9)  # column anchors, as a share of the table width
DAYS = 30
#: each mode's colour in the chart (and its legend)
MODE_COLOURS = {"classic": (110, 178, 255), "points": (255, 196, 70), "findall": (88, 214, 141),
                "pillars": (200, 110, 240), "mags": (236, 120, 90), "twenty": (90, 210, 220),
                "junior": (170, 230, 120), "chain": (240, 160, 200), "ultra": (150, 160, 255),
                "memory": (120, 200, 180), "shuffle": (230, 220, 130)}
LOWER_IS_BETTER = ("findall",)  # a find-all game's score is its time


def best_text(mode: str, best: float | None) -> str:
    """A mode's best result in words: a time for find-all, a number otherwise."""
    if best is None:
        return "—"
    return clock_text(best) if mode in LOWER_IS_BETTER else f"{best:g}"


def last_days(stats: dict[str, dict], today: _dt.date, days: int = DAYS) -> list[list[tuple[str, bool]]]:
    """For each of the last ``days`` days (oldest first): the (mode, won) of each daily played.

    >>> last_days({"mags": {"daily": {"2026-11-22": {"won": True}}}}, _dt.date(2026, 11, 22), 2)
    [[], [('mags', True)]]
    """
    out = []
    for k in range(days - 1, -1, -1):
        iso = (today - _dt.timedelta(days=k)).isoformat()
        out.append([(m, bool(((stats.get(m) or {}).get("daily") or {})[iso].get("won")))
                    for m in ORDER if iso in ((stats.get(m) or {}).get("daily") or {})])
    return out


class StatsScene(Scene):
    def enter(self, data: dict[str, Any]) -> None:
        self.today = as_date(data["today"]) if data.get("today") else _dt.date.today()
        self.back = Button("Back", lambda: self.app.manager.switch("menu", {}), "Esc", accent=True)
        super().enter(data)

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        u = self.u = unit_of(size)
        self.back.rect = pygame.Rect(w // 2 - round(u * 6), h - round(u * 3.4), round(u * 12), round(u * 2.2))
        width = min(w * 0.9, u * 54)
        self.pitch = min(1.85, 14.5 / len(ORDER))  # rows close up as modes are added: the chart keeps its room
        self.table = pygame.Rect(round((w - width) / 2), round(u * 7), round(width),
                                 round(u * (2.9 + self.pitch * (len(ORDER) - 1))))
        self.chart = pygame.Rect(self.table.left, self.table.bottom + round(u * 1.0), self.table.w,
                                 max(round(u * 4), round(h - u * 4.2 - self.table.bottom - u * 1.0)))

    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.back.action()
            return True
        return self.back.handle_event(e)

    def rows(self) -> list[tuple[str, ...]]:
        """One row of cells per mode, in menu order."""
        out = []
        stats = self.app.stats()
        for mode in ORDER:
            s = stats.get(mode) or {}
            games, wins = s.get("games", 0), s.get("wins", 0)
            current, longest = streaks(list(s.get("daily") or {}), self.today)
            out.append((MODES[mode].title, str(games), str(wins), f"{round(100 * wins / games)}%" if games else "—",
                        best_text(mode, s.get("best")), clock_text(s.get("time", 0) / games) if games else "—",
                        str(current), str(longest)))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        u = self.u
        header(surface, "Stats", "every finished game counts · the first play of each daily counts there", u)
        t = self.table
        xs = [t.left + u * 0.8 + (t.w - u * 1.6) * f for f in SPLITS]

        def anchor(i: int) -> str:
            return "midleft" if i == 0 else "midright"

        for i, name in enumerate(COLUMNS):
            theme.blit_text(surface, name.upper(), round(u * 0.72), (xs[i] + u * (0.8 if i == 0 else 2.6), t.top),
                            theme.MUTED, True, anchor(i))
        p = self.pitch
        for k, cells in enumerate(self.rows()):
            y = t.top + u * (1.9 + k * p)
            theme.panel(surface, pygame.Rect(t.left, round(y - u * p * 0.43), t.w, round(u * p * 0.86)), round(u * 0.4))
            pygame.draw.circle(surface, MODE_COLOURS[ORDER[k]], (round(xs[0]), round(y)), round(u * 0.25))
            for i, cell in enumerate(cells):
                colour = theme.ACCENT if i == 6 and cell != "0" else theme.INK
                size = round(u * min(0.95, p * 0.55))
                theme.blit_text(surface, cell, size, (xs[i] + u * (0.8 if i == 0 else 2.6), y), colour, True, anchor(i))
        self.draw_chart(surface, self.chart)
        self.back.draw(surface)

    def draw_chart(self, surface: pygame.Surface, r: pygame.Rect) -> None:
        """The last 30 days: a stacked block per daily played, bright when won."""
        u = self.u
        theme.panel(surface, r, round(u * 0.5))
        days = last_days(self.app.stats(), self.today)
        played = sum(len(d) for d in days)
        theme.blit_text(surface, f"DAILY DEALS · LAST {DAYS} DAYS · {played} played · dim: not won", round(u * 0.75),
                        (r.left + u * 0.8, r.top + u * 0.7), theme.MUTED, True)
        x, y = r.left + u * 0.8, r.top + u * 1.8
        for mode in ORDER:  # the legend under the title, in as many lines as the width needs
            w = theme.text_size(MODES[mode].title, round(u * 0.7), True)[0] + u * 1.7
            if x + w > r.right - u * 0.8:
                x, y = r.left + u * 0.8, y + u * 1.1
            box = pygame.Rect(round(x), round(y + u * 0.1), round(u * 0.6), round(u * 0.6))
            pygame.draw.rect(surface, MODE_COLOURS[mode], box, border_radius=2)
            theme.blit_text(surface, MODES[mode].title, round(u * 0.7), (box.right + u * 0.25, y), theme.MUTED, True)
            x += w
        plot = pygame.Rect(r.left + u * 0.8, y + u * 1.5, r.w - u * 1.6, r.bottom - u * 1.4 - (y + u * 1.5))
        base = plot.bottom
        pygame.draw.line(surface, theme.DIM, (plot.left, base), (plot.right, base), 1)
        step = plot.w / DAYS
        block = max(2.0, min(plot.h / len(ORDER), u * 1.0))
        for i, day in enumerate(days):
            x0 = plot.left + i * step + step * 0.15
            for k, (mode, won) in enumerate(day):
                cell = pygame.Rect(round(x0), round(base - (k + 1) * block + 1), max(2, round(step * 0.7)),
                                   max(1, round(block - 2)))
                colour = MODE_COLOURS[mode] if won else [c // 2 + 20 for c in MODE_COLOURS[mode]]
                pygame.draw.rect(surface, colour, cell, border_radius=2)
            if i == DAYS - 1:
                mark = pygame.Rect(round(plot.left + i * step), plot.top, round(step), plot.h)
                pygame.draw.rect(surface, (255, 255, 255, 40), mark, width=1, border_radius=3)
        label_y = base + u * 0.7
        theme.blit_text(surface, (self.today - _dt.timedelta(days=DAYS - 1)).strftime("%d %b"), round(u * 0.7),
                        (plot.left, label_y), theme.DIM, True, "midleft")
        theme.blit_text(surface, "today", round(u * 0.7), (plot.right, label_y), theme.DIM, True, "midright")
        if not played:
            theme.blit_text(surface, "No daily deal played yet — try today's from the menu", round(u * 0.9),
                            plot.center, theme.DIM, True, "center")
