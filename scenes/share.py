"""Counting a daily play, the share text on screen, and copying it: the results of a daily or a level.

A daily's play scene gets ``"daily": {"date", "today", "par", ...}`` in its
start data; a level's gets ``"level"`` (the level dict) and ``"level_id"``.
When the game ends, the play scene hands over to ``scenes.tally.count_play``,
which records the result the way that kind of play is counted and returns
the name of the results screen to show (``"played"``: this module's
``PlayedScene``, the results screen with the share text or the stars).

Only the first finished play of today's deal counts (in stats and streaks);
a replay of today or a day from the archive is played but "not counted".
"""

from __future__ import annotations

from typing import Any

import pygame

from game.cards import word_for
from game.daily import HINT_MARK, MISS_MARK, WORTH_MARKS
from game.safefile import why, write_atomic
from sprites import theme
from sprites.hud import Button, row_buttons

from .base import App
from .modes import MODES
from .results import ResultsScene
from .tally import launch
from .widgets import draw_stars

SHARE_FILE = "share.txt"
#: what each share mark is drawn as on screen (the default font has no emoji)
MARK_COLOURS = {WORTH_MARKS[0]: (70, 130, 230), WORTH_MARKS[1]: (60, 180, 90), WORTH_MARKS[2]: (240, 200, 60),
                WORTH_MARKS[3]: (225, 60, 60), MISS_MARK: (20, 22, 28), HINT_MARK: (255, 236, 150)}
POP = 1.2  # seconds the rising streak number takes to settle


# ----- the clipboard ------------------------------------------------------------------
def copy_text(app: App, text: str) -> tuple[bool, str]:
    """Put ``text`` on the clipboard; without one, write it to ``share.txt`` in the data folder.

    Returns (copied to the clipboard, what to tell the player).  Never raises.
    """
    if pygame.display.get_init() and pygame.display.get_driver() not in ("dummy", "offscreen"):
        try:
            pygame.scrap.put_text(text)  # pygame-ce 2.2+: no scrap.init needed
            return True, "Copied — paste it anywhere"
        except Exception:  # no clipboard on this system: the file below instead
            pass
    path = app.store.dir / SHARE_FILE
    try:
        write_atomic(path, text + "\n")
    except OSError as e:
        return False, f"No clipboard here, and {SHARE_FILE} could not be written ({why(e)})"
    return False, f"No clipboard here: saved to {path}"


def draw_share(surface: pygame.Surface | None, text: str, rect: pygame.Rect, u: float) -> float:
    """The share text in a panel: its words, and its marks as small coloured squares.

    Returns the height the panel needs; with ``surface`` None nothing is drawn (a measure).
    """
    if surface is None:
        surface = pygame.Surface((1, 1))
    else:
        theme.panel(surface, rect, round(u * 0.6))
    x, y = rect.left + u, rect.top + u * 0.8
    theme.blit_text(surface, "SHARE", round(u * 0.8), (x, y), theme.MUTED, True)
    y += u * 1.5
    for line in text.split("\n"):
        marks = [ch for ch in line if ch in MARK_COLOURS]
        if marks and len(marks) == len(line):
            side = round(u * 0.9)
            per_row = max(1, int((rect.w - 2 * u) // (side + 3)))
            for i, ch in enumerate(marks):
                r = pygame.Rect(x + (i % per_row) * (side + 3), y + (i // per_row) * (side + 3), side, side)
                if ch == HINT_MARK:
                    pygame.draw.circle(surface, MARK_COLOURS[ch], r.center, side // 2)
                else:
                    pygame.draw.rect(surface, MARK_COLOURS[ch], r, border_radius=2)
                    if ch == MISS_MARK:
                        pygame.draw.rect(surface, theme.DIM, r, width=1, border_radius=2)
            y += ((len(marks) - 1) // per_row + 1) * (side + 3) + u * 0.3
            continue
        for part in theme.wrap(line, round(u * 0.95), round(rect.w - 2 * u), True):
            theme.blit_text(surface, part, round(u * 0.95), (x, y), theme.INK, True)
            y += u * 1.3
    return y - rect.top + u * 0.5


# ----- the results screen of a daily or a level -------------------------------------------
class PlayedScene(ResultsScene):
    """The results, plus the share text and streak (a daily) or the stars earned (a level)."""

    def enter(self, data: dict[str, Any]) -> None:
        self.note = ""
        self.t = 0.0
        super().enter(data)
        buttons = self.column.buttons
        if "daily" in data:
            buttons.insert(2, Button("Copy share", self.copy, "C"))
            buttons[1] = Button("Daily deals", self.back, "Enter", accent=True)
        else:
            nxt = data.get("next_level")
            buttons[1] = Button("Next level" if nxt else "Levels", self.next_level if nxt else self.back, "Enter",
                                accent=True)
            buttons.insert(2, Button("Try again", self.retry, "T"))
            if nxt:  # Enter goes on; Esc goes back to the levels rather than the menu
                buttons[-1] = Button("Levels", self.back, "Esc")
        self.column._mark()
        self.resize(self.size)

    def back(self) -> None:
        if "daily" in self.data:
            d = self.data["daily"]
            self.app.manager.switch("daily", {"date": d["date"], "today": d.get("today"), "mode": self.mode})
        else:
            folder = self.data.get("setup", {}).get("levels_dir")
            self.app.manager.switch("levels", {"focus": self.data.get("level_id"), "dir": folder})

    def menu(self) -> None:
        if self.data.get("next_level"):
            self.back()
        else:
            super().menu()

    def next_level(self) -> None:
        launch(self.app, self.data["next_level"], self.data.get("setup", {}).get("levels_dir"))

    def retry(self) -> None:
        setup = self.data.get("setup", {})
        self.app.manager.switch(MODES[self.mode].scene, {k: v for k, v in setup.items()
                                                         if k not in ("resume", "replay")})

    def copy(self) -> None:
        ok, self.note = copy_text(self.app, self.data.get("share", ""))
        self.app.sound("select" if ok else "wrong")

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        u = self.u
        width = round(min(w * 0.84, u * 44))
        row_buttons(self.column.buttons, pygame.Rect((w - width) // 2, h - round(u * 4.5), width, round(u * 2.4)),
                    round(u * 0.8))

    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.KEYDOWN:
            if e.key == pygame.K_c and "daily" in self.data:
                self.copy()
                return True
            if e.key == pygame.K_t and "daily" not in self.data:
                self.retry()
                return True
        return super().handle_event(e)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.t += dt

    @property
    def animating(self) -> bool:
        return super().animating or self.t < POP + 0.2

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        w, h = surface.get_size()
        u = self.u
        side = pygame.Rect(0, 0, min(u * 17, w * 0.27), 0)
        top = u * 7
        if "daily" in self.data:
            d = self.data["daily"]
            text = self.data.get("share", "")
            box = pygame.Rect(w - side.w - u, top, side.w, 0)
            box.h = round(draw_share(None, text, box, u))
            draw_share(surface, text, box, u)
            self.draw_streak(surface, pygame.Rect(u, top, side.w, u * 9.5), d)
            if self.note:
                lines = theme.wrap(self.note, round(u * 0.85), round(side.w - u))
                for i, line in enumerate(lines[:4]):
                    pos = (box.left + u * 0.5, box.bottom + u * (0.6 + i * 1.1))
                    colour = theme.GOOD if self.note.startswith("Copied") else theme.INFO
                    theme.blit_text(surface, line, round(u * 0.85), pos, colour, True)
        elif "stars" in self.data:
            box = pygame.Rect(u, top, side.w, u * 8)
            theme.panel(surface, box, round(u * 0.6))
            theme.blit_text(surface, "LEVEL", round(u * 0.8), (box.left + u, box.top + u * 0.8), theme.MUTED, True)
            theme.blit_text(surface, self.data.get("level_name", ""), round(u * 1.1), (box.left + u, box.top + u * 2.2),
                            theme.INK, True)
            draw_stars(surface, (box.centerx, box.top + u * 4.6), self.data["stars"], u * 2.2)
            best = self.data.get("best_stars", 0)
            theme.blit_text(surface, f"best {best} of 3", round(u * 0.85), (box.centerx, box.top + u * 6.6),
                            theme.MUTED, True, "center")

    def draw_streak(self, surface: pygame.Surface, box: pygame.Rect, d: dict) -> None:
        u = self.u
        theme.panel(surface, box, round(u * 0.6))
        x = box.left + u
        theme.blit_text(surface, f"DAILY #{self.number()}", round(u * 0.8), (x, box.top + u * 0.8), theme.MUTED, True)
        counted = d.get("counted")
        label = "counted in your stats" if counted else "not counted — " + (
            "already played" if d.get("already") else "an archive day")
        theme.blit_text(surface, label, round(u * 0.85), (x, box.top + u * 2.1),
                        theme.GOOD if counted else theme.DIM, True)
        before, now = self.data["streak_before"]["current"], self.data["streak"]["current"]
        k = min(1.0, self.t / POP)
        shown = now if k >= 0.5 or now == before else before
        grow = 1 + (0.5 * (1 - abs(k * 2 - 1)) if now > before else 0)
        colour = theme.ACCENT if now > before and k >= 0.5 else theme.INK
        theme.blit_text(surface, "streak", round(u * 0.9), (x, box.top + u * 3.6), theme.MUTED, True)
        theme.blit_text(surface, str(shown), round(u * 3.2 * grow), (x + u * 0.2, box.top + u * 6.0), colour, True,
                        "midleft")
        right = x + u * 0.2 + theme.text(str(max(now, before)), round(u * 3.2), colour, True).get_width()
        days = word_for(shown, "day")
        extra = f"{days} · was {before}" if now > before else days
        theme.blit_text(surface, extra, round(u * 0.9), (right + u * 0.8, box.top + u * 6.0),
                        theme.MUTED, True, "midleft")
        s = self.data["streak"]
        theme.blit_text(surface, f"best {s['longest']} · all modes {s['all']}", round(u * 0.85),
                        (x, box.top + u * 8.2), theme.MUTED, True)

    def number(self) -> int:
        from game.daily import day_number

        return day_number(self.data["daily"]["date"])
