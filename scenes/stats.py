"""Stats: per mode and kind games, wins, win rate, best and average; per mode the rating and daily streaks; the
last 30 days' dailies.

Start data: ``today`` ("YYYY-MM-DD", for tests; else the local date).
The table has a row per (mode, kind) of the registry (Classic: Normal,
Sprint, Blitz, Strict solo), each best in its kind's unit.  The chart has
one column per day, a block per mode whose daily was played that day
(bright when won), drawn with pygame primitives.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Iterator, Mapping
from typing import Any

import pygame

from game.cards import counted
from game.daily import as_date, streaks
from game.ratings import SCALE, Rating, book_of
from game.records import kind_stats
from game.variants import MODES, game_class
from game.variants.facts import Kind
from sprites import theme
from sprites.hud import Button, clock_text

from .base import Scene
from .widgets import header, unit_of

COLUMNS = ("Mode", "Games", "Wins", "Win rate", "Best", "Avg time", "Daily streak", "Longest", "Rating")
SPLITS = (0, 0.2, 0.28, 0.38, 0.49, 0.59, 0.73, 0.83, 0.95)  # column anchors, as a share of the table width
DAYS = 30
FIRST_ROW = 1.5  # units from the column names to the first row's middle
PLOT = 3.0  # units of height the chart's plot keeps however many rows the table has
#: the modes' colours in the chart (and its legend), in the registry's order; a mode past the last starts them again
PALETTE = ((110, 178, 255), (255, 196, 70), (88, 214, 141), (200, 110, 240), (236, 120, 90), (90, 210, 220),
           (170, 230, 120), (240, 160, 200), (150, 160, 255), (120, 200, 180), (230, 220, 130))
SECONDS = "seconds"  # a kind whose score counts these shows it as a clock


class _Colours(Mapping[str, tuple[int, int, int]]):
    """mode -> its colour, read from the registry when asked (a registered mode has one)."""

    def __getitem__(self, mode: str) -> tuple[int, int, int]:
        if mode not in MODES:
            raise KeyError(mode)
        return PALETTE[MODES.index(mode) % len(PALETTE)]

    def __iter__(self) -> Iterator[str]:
        return iter(list(MODES))

    def __len__(self) -> int:
        return len(MODES)


MODE_COLOURS: Mapping[str, tuple[int, int, int]] = _Colours()


def best_text(kind: Kind, best: float | None) -> str:
    """A kind's best in its unit: a time as a clock, a count with its noun.

    >>> sprint, blitz = game_class("classic").KINDS[1:3]
    >>> best_text(sprint, 95.4), best_text(blitz, 30), best_text(blitz, 1), best_text(blitz, None)
    ('1:35', '30 Sets', '1 Set', '—')
    """
    if best is None:
        return "—"
    if kind.unit == SECONDS:
        return clock_text(best)
    return counted(int(best) if float(best).is_integer() else best, kind.unit)


def row_title(mode: str, kind: Kind) -> str:
    """A row's name: the mode's title, and the kind's where the mode has several kinds.

    >>> row_title("classic", game_class("classic").KINDS[1]), row_title("points", game_class("points").KINDS[0])
    ('Classic · Sprint', 'Solitaire-Set')
    """
    cls = game_class(mode)
    return cls.TITLE if len(cls.KINDS) == 1 else f"{cls.TITLE} · {kind.title}"


def rating_text(r: Rating) -> str:
    """A mode's rating cell: μ ± 2σ shown, "?" after μ while provisional, "—" before a rated game.

    >>> rating_text(Rating()), rating_text(Rating(25.2, 1.5, 40)), rating_text(Rating(25.2, 6.0, 3))
    ('—', '1512 ± 180', '1512? ± 720')
    """
    if not r.games:
        return "—"
    return f"{r.points}{'?' if r.provisional else ''} ± {round(2 * r.sigma * SCALE)}"


def table_rows() -> list[tuple[str, Kind]]:
    """Every (mode, kind) of the registry: modes in menu order, each mode's kinds in its order."""
    return [(m, k) for m in MODES for k in game_class(m).KINDS]


def last_days(stats: dict[str, dict], today: _dt.date, days: int = DAYS) -> list[list[tuple[str, bool]]]:
    """For each of the last ``days`` days (oldest first): the (mode, won) of each daily played.

    >>> last_days({"mags": {"daily": {"2026-11-22": {"won": True}}}}, _dt.date(2026, 11, 22), 2)
    [[], [('mags', True)]]
    """
    out = []
    for k in range(days - 1, -1, -1):
        iso = (today - _dt.timedelta(days=k)).isoformat()
        out.append([(m, bool(((stats.get(m) or {}).get("daily") or {})[iso].get("won")))
                    for m in MODES if iso in ((stats.get(m) or {}).get("daily") or {})])
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
        width = round(min(w * 0.9, u * 54))
        self.entries = table_rows()  # (mode, kind) of each row
        n = len(self.entries)
        legend = self.legend(pygame.Rect(0, 0, width, 0))[-1][1].y - u * 0.1  # the chart's title and legend
        top, bottom = u * 7, h - u * 4.2  # under the header, above Back
        # the rows share what the chart leaves (its legend and a plot of PLOT units), closing up as kinds are added
        room = bottom - top - u * 1.0 - (legend + u * (1.5 + PLOT + 1.4))
        self.pitch = max(0.9, min(1.85, (room / u - FIRST_ROW) / (n - 0.5)))
        self.table = pygame.Rect(round((w - width) / 2), round(top), width,
                                 round(u * (FIRST_ROW + self.pitch * (n - 0.5))))
        self.chart = pygame.Rect(self.table.left, self.table.bottom + round(u * 1.0), self.table.w,
                                 max(round(u * 4), round(bottom - self.table.bottom - u * 1.0)))

    def legend(self, r: pygame.Rect) -> list[tuple[str, pygame.Rect]]:
        """Each mode and its colour box in the chart ``r``: under the chart's title, in as many lines as the
        width needs."""
        u = self.u
        out = []
        x, y = r.left + u * 0.8, r.top + u * 1.8
        for mode in MODES:
            w = theme.text_size(game_class(mode).TITLE, round(u * 0.7), True)[0] + u * 1.7
            if x + w > r.right - u * 0.8:
                x, y = r.left + u * 0.8, y + u * 1.1
            out.append((mode, pygame.Rect(round(x), round(y + u * 0.1), round(u * 0.6), round(u * 0.6))))
            x += w
        return out

    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.back.action()
            return True
        return self.back.handle_event(e)

    def rows(self) -> list[tuple[str, ...]]:
        """One row of cells per (mode, kind), in menu order; a mode's daily streaks on its first kind's row
        (dailies and the rating are the mode's), a kind with no win (Blitz) without wins."""
        out: list[tuple[str, ...]] = []
        stats = self.app.stats()
        for mode, kind in self.entries:
            s = kind_stats(stats, mode, kind.name)
            games, wins = s["games"], s["wins"]
            rate = f"{round(100 * wins / games)}%" if games and kind.winnable else "—"
            daily: tuple[str, ...] = ("", "")
            if kind == game_class(mode).KINDS[0]:
                daily = tuple(str(n) for n in streaks(list(s.get("daily") or {}), self.today))
            rating = rating_text(book_of(self.app.store).get(mode)) if kind == game_class(mode).KINDS[0] else ""
            out.append((row_title(mode, kind), str(games), str(wins) if kind.winnable else "—", rate,
                        best_text(kind, s["best"]), clock_text(s["time"] / games) if games else "—", *daily,
                        rating))
        return out

    def cells(self) -> list[tuple[str, int, pygame.Rect]]:
        """Every text of the table (column names, then each row's cells) with its size and the rect it takes."""
        u, t, p = self.u, self.table, self.pitch
        xs = [t.left + u * 0.8 + (t.w - u * 1.6) * f for f in SPLITS]
        out = []

        def place(text: str, size: int, i: int, y: float) -> None:
            w, h = theme.text_size(text, size, True)
            x = xs[i] + u * (0.8 if i == 0 else 2.6)
            out.append((text, size, pygame.Rect(round(x if i == 0 else x - w), round(y - h / 2), w, h)))

        for i, name in enumerate(COLUMNS):
            place(name.upper(), round(u * 0.72), i, t.top)
        for k, row in enumerate(self.rows()):
            for i, cell in enumerate(row):
                place(cell, round(u * min(0.95, p * 0.6)), i, self.row_y(k))
        return out

    def row_y(self, k: int) -> float:
        return self.table.top + self.u * (FIRST_ROW + k * self.pitch)

    def draw(self, surface: pygame.Surface) -> None:
        u, t, p = self.u, self.table, self.pitch
        header(surface, "Stats", "every finished game counts · the first play of each daily counts there"
               " · a rating with ? is provisional", u)
        for k, (mode, _) in enumerate(self.entries):
            y = self.row_y(k)
            theme.panel(surface, pygame.Rect(t.left, round(y - u * p * 0.43), t.w, round(u * p * 0.86)), round(u * 0.4))
            pygame.draw.circle(surface, MODE_COLOURS[mode], (round(t.left + u * 0.8), round(y)), round(u * 0.25))
        for n, (text, size, rect) in enumerate(self.cells()):
            column = n % len(COLUMNS)
            colour = theme.MUTED if n < len(COLUMNS) else \
                theme.ACCENT if column == COLUMNS.index("Daily streak") and text not in ("0", "") else theme.INK
            theme.blit_text(surface, text, size, rect.topleft, colour, True)
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
        boxes = self.legend(r)
        for mode, box in boxes:
            pygame.draw.rect(surface, MODE_COLOURS[mode], box, border_radius=2)
            theme.blit_text(surface, game_class(mode).TITLE, round(u * 0.7), (box.right + u * 0.25, box.y - u * 0.1),
                            theme.MUTED, True)
        y = boxes[-1][1].y - u * 0.1
        plot = pygame.Rect(r.left + u * 0.8, y + u * 1.5, r.w - u * 1.6, r.bottom - u * 1.4 - (y + u * 1.5))
        base = plot.bottom
        pygame.draw.line(surface, theme.DIM, (plot.left, base), (plot.right, base), 1)
        step = plot.w / DAYS
        most = max([len(d) for d in days] + [3])  # the blocks of the busiest day fit (three at least)
        block = max(2.0, min(plot.h / most, u * 1.0))
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
