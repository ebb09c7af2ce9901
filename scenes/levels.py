"""Puzzle levels: every level in levels/, by mode and grade, with stars and unlocking.

A tab per mode whose class has ``LEVELS`` (in the registry's order), and one
for any other mode with a level on disk.  Stars (kept as the level's best
score in the progress file) are the mode's ``stars()``:

* Pillars — 3: won as Samson, 2: won with oracles, 1: tried;
* Mag's — 3: par reached, 2: within 2 of par (or a win), 1: played to the end;
* Find All — 3: no miss and no repeat, 2: two errors at most, 1: solved.

A level is solved with 2 stars in Pillars and Mag's, 1 in Find-all; the
first level of each mode is always open and each solved level opens the
next.  Start data: ``dir`` (the levels folder, for tests), ``focus`` (a
level id to select).  A level file that cannot be read or checked is
skipped and the player is told which and why.
"""

from __future__ import annotations

from typing import Any

import pygame

from game import variants
from game.cards import plural
from sprites import theme
from sprites.hud import Button

from .base import Scene
from .modes import MODES
from .tally import launch, load_levels, stars_of, unlocked
from .widgets import draw_stars, header, unit_of

GRADE_COLOURS = {"easy": theme.GOOD, "basic": theme.GOOD, "medium": theme.INFO, "advanced": (236, 120, 90),
                 "hard": (236, 120, 90), "expert": (200, 110, 240)}
PER_ROW = 10


class LevelsScene(Scene):
    def enter(self, data: dict[str, Any]) -> None:
        self.folder = data.get("dir")
        self.levels, self.notices = load_levels(self.folder)
        tabs = [g.NAME for g in variants.games() if g.LEVELS]
        self.groups = [(m, MODES[m].title) for m in tabs + [m for m in self.levels if m not in tabs]]
        self.tab = next((k for k, (m, _t) in enumerate(self.groups) if self.levels.get(m)), 0)
        self.focus = 0
        focus = data.get("focus")
        for k, (m, _t) in enumerate(self.groups):
            ids = [lv["id"] for lv in self.levels.get(m, [])]
            if focus in ids:
                self.tab, self.focus = k, ids.index(focus)
        self.tabs = [Button(t, lambda k=k: self.pick_tab(k)) for k, (_m, t) in enumerate(self.groups)]
        self.play_button = Button("Play", self.play, "Enter", accent=True)
        self.back = Button("Menu", lambda: self.app.manager.switch("menu", {}), "Esc")
        self.tiles: list[pygame.Rect] = []
        super().enter(data)
        self.sync()
        if self.notices:
            n = len(self.notices)
            self.app.manager.push("message", {
                "title": f"{plural(n, 'level file')} skipped",
                "text": "These could not be used and are left out:\n\n" + "\n".join(self.notices[:6])})

    @property
    def current(self) -> list[dict]:
        return self.levels.get(self.groups[self.tab][0], [])

    def pick_tab(self, k: int) -> None:
        self.tab, self.focus = k % len(self.groups), 0
        self.resize(self.size)

    def play(self) -> None:
        levels = self.current
        if levels and unlocked(self.app, levels, self.focus):
            launch(self.app, levels[self.focus], self.folder)
        elif levels:
            self.app.sound("wrong")

    # ----- input ------------------------------------------------------------------------
    def handle_event(self, e: pygame.event.Event) -> bool:
        used = self.react(e)
        self.sync()
        return used

    def react(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.KEYDOWN:
            n = len(self.current)
            moves = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_UP: -PER_ROW, pygame.K_DOWN: PER_ROW}
            if e.key in moves and n:
                self.focus = max(0, min(n - 1, self.focus + moves[e.key]))
            elif e.key == pygame.K_TAB:
                self.pick_tab(self.tab + (-1 if e.mod & pygame.KMOD_SHIFT else 1))
            elif e.key in (pygame.K_1, pygame.K_2, pygame.K_3) and e.key - pygame.K_1 < len(self.groups):
                self.pick_tab(e.key - pygame.K_1)
            elif e.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.play()
            elif e.key == pygame.K_ESCAPE:
                self.back.action()
            else:
                return False
            return True
        for b in self.tabs + [self.play_button, self.back]:
            if b.handle_event(e):
                return True
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            for i, r in enumerate(self.tiles):
                if r.collidepoint(e.pos):
                    if i == self.focus:
                        self.play()  # a second click on the chosen tile plays it
                    self.focus = i
                    return True
        return False

    # ----- layout ---------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        u = self.u = unit_of(size)
        tw = round(u * 8)
        for k, b in enumerate(self.tabs):
            b.rect = pygame.Rect(round(w / 2 + (k - len(self.tabs) / 2) * (tw + u * 0.5)), round(u * 7), tw,
                                 round(u * 1.9))
        side_w = round(u * 14)
        total = min(w - 3 * u, u * 56)
        self.back.rect = pygame.Rect(w // 2 - round(u * 5), h - round(u * 3.3), round(u * 10), round(u * 2.1))
        self.grid = pygame.Rect(round((w - total) / 2), round(u * 10), round(total - side_w - u), round(h - u * 14))
        self.side = pygame.Rect(self.grid.right + round(u), self.grid.top, side_w, round(u * 16))
        self.play_button.rect = pygame.Rect(self.side.left + round(u), self.side.bottom - round(u * 3.2),
                                            side_w - round(2 * u), round(u * 2.2))
        self.lay_tiles()

    def lay_tiles(self) -> None:
        """Tiles in rows of PER_ROW, a new row (under its grade's name) when the grade changes; as big
        as the room between the tabs and the Menu button allows (never touching the button)."""
        u, g = self.u, self.grid
        gap = u * 0.35
        rows, labels, col, grade, widest = 0, 0, 0, object(), 1
        for lv in self.current:
            if lv.get("grade") != grade or col == PER_ROW:
                rows += 1
                labels += lv.get("grade") != grade
                grade, col = lv.get("grade"), 0
            col += 1
            widest = max(widest, col)
        room = self.back.rect.top - u * 0.8 - (g.top - u * 0.2) - labels * u * 1.3 - max(0, labels - 1) * u * 0.5
        by_h = (room - max(0, rows - 1) * gap) / max(1, rows) / 1.05
        tw = max(u * 1.5, min((g.w - gap * (widest - 1)) / widest, by_h, u * 5.5))
        th = tw * 1.05
        self.labels: list[tuple[str, float]] = []
        self.tiles = []
        y, col, grade = g.top - u * 0.2, 0, None
        for lv in self.current:
            if lv.get("grade") != grade or col == PER_ROW:
                if self.tiles:
                    y += th + gap
                if lv.get("grade") != grade:
                    if self.tiles:
                        y += u * 0.5
                    grade = lv.get("grade")
                    self.labels.append((str(grade or "levels").upper(), y))
                    y += u * 1.3
                col = 0
            self.tiles.append(pygame.Rect(round(g.left + col * (tw + gap)), round(y), round(tw), round(th)))
            col += 1

    def sync(self) -> None:
        """The buttons' state after the tab or the chosen level changed."""
        for k, b in enumerate(self.tabs):
            b.accent = k == self.tab
        levels = self.current
        self.play_button.enabled = bool(levels) and unlocked(self.app, levels, min(self.focus, len(levels) - 1))

    # ----- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        u = self.u
        w, h = surface.get_size()
        solved = sum(1 for g in self.levels.values() for lv in g if (self.app.store.progress.get(lv["id"]) or {})
                     .get("solved"))
        total = sum(len(g) for g in self.levels.values())
        header(surface, "Puzzle levels", f"{solved} of {total} solved · solve a level to open the next", u)
        for b in self.tabs:
            b.draw(surface)
        levels = self.current
        if not levels:
            theme.blit_text(surface, f"No {self.groups[self.tab][1]} levels in this version yet.", round(u * 1.1),
                            self.grid.center, theme.MUTED, True, "center")
        for label, y in self.labels:
            theme.blit_text(surface, label, round(u * 0.8), (self.grid.left, y), theme.MUTED, True)
        for i, (lv, r) in enumerate(zip(levels, self.tiles)):
            self.draw_tile(surface, i, lv, r)
        if levels:
            self.draw_side(surface, levels[min(self.focus, len(levels) - 1)])
        self.back.draw(surface)
        tip = "arrows choose · Enter or a second click plays · Tab or 1-3 mode · Esc menu"
        if self.notices:
            tip = f"{len(self.notices)} damaged level file(s) skipped · " + tip
        theme.blit_text(surface, tip, round(u * 0.8), (w / 2, h - u * 0.7), theme.DIM, True, "center")

    def draw_tile(self, surface: pygame.Surface, i: int, lv: dict, r: pygame.Rect) -> None:
        u = self.u
        open_ = unlocked(self.app, self.current, i)
        lit = i == self.focus
        colour = GRADE_COLOURS.get(lv.get("grade"), theme.MUTED)
        fill = (255, 255, 255, 34 if lit else 16) if open_ else (0, 0, 0, 60)
        theme.panel(surface, r, round(u * 0.4), fill, theme.ACCENT if lit else (*colour, 110) if open_ else
                    (255, 255, 255, 24))
        if not open_:
            self.draw_lock(surface, (r.centerx, r.centery - r.h * 0.08), r.w * 0.3)
            return
        theme.blit_text(surface, str(i + 1), round(r.h * 0.38), (r.centerx, r.top + r.h * 0.36), theme.INK, True,
                        "center")
        draw_stars(surface, (r.centerx, r.bottom - r.h * 0.22), stars_of(self.app, lv), r.w * 0.26)

    def draw_lock(self, surface: pygame.Surface, center, size: float) -> None:
        x, y = center
        body = pygame.Rect(0, 0, round(size * 1.2), round(size))
        body.midtop = (round(x), round(y - size * 0.1))
        shackle = pygame.Rect(0, 0, round(size * 0.8), round(size * 1.1))
        shackle.midbottom = (round(x), body.top + round(size * 0.45))
        pygame.draw.arc(surface, theme.DIM, shackle, 0, 3.1416, max(2, round(size / 6)))
        pygame.draw.rect(surface, theme.DIM, body, border_radius=max(2, round(size / 6)))

    def draw_side(self, surface: pygame.Surface, lv: dict) -> None:
        u, r = self.u, self.side
        theme.panel(surface, r, round(u * 0.6))
        x = r.left + u
        open_ = unlocked(self.app, self.current, self.focus)
        grade = str(lv.get("grade") or "").upper()
        theme.blit_text(surface, f"LEVEL {self.focus + 1} · {grade}", round(u * 0.8), (x, r.top + u),
                        GRADE_COLOURS.get(lv.get("grade"), theme.MUTED), True)
        theme.blit_text(surface, str(lv.get("name", lv["id"])), round(u * 1.5), (x, r.top + u * 2.2), theme.INK, True)
        p = self.app.store.progress.get(lv["id"]) or {}
        facts = variants.game_class(lv["variant"]).level_facts(lv)
        theme.blit_text(surface, facts, round(u * 0.9), (x, r.top + u * 4.4), theme.MUTED, True)
        draw_stars(surface, (r.centerx, r.top + u * 7.2), stars_of(self.app, lv), u * 2.0)
        tries = p.get("tries", 0)
        state = ("solved" if p.get("solved") else plural(tries, "try", "tries") if tries
                 else "not tried yet") if open_ else "locked: solve the level before"
        theme.blit_text(surface, state, round(u * 0.9), (r.centerx, r.top + u * 9.4),
                        theme.GOOD if p.get("solved") else theme.INK if open_ else theme.DIM, True, "midtop")
        theme.blit_text(surface, lv["id"], round(u * 0.75), (r.centerx, r.top + u * 11.0), theme.DIM, True, "midtop")
        self.play_button.draw(surface)
