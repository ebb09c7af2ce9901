"""History: the last games kept in the archive (``game.history``), newest first, and a replay of any.

A row a game: when it ended, the mode (and its kind where the mode has
several), what it came to ("You win! · 12 – 9", "23 points"), who else
played ("shared · …" for a game opened from a share text) and the player's
rating in the mode after it ("1512? ± 720", "?" while provisional; "—"
for a game not rated).  A row of chips filters the list: All, each mode the
archive holds, and after a mode with several kinds each of its kinds
(Left/Right, or a click).  Up/Down choose a game, Enter (or a click on a
row) opens its replay, Ctrl+C (or Share) shares it (``scenes.sharing``),
Esc goes back to the menu.  A pad drives it as keys (``scenes.input``).

The paste box under the list takes a share text (Ctrl+V anywhere, or Tab
or a click and type): Enter opens its replay, a bad text says why under
it.  A file dropped on the window is opened the same way.

Start data: ``filter`` (the chip's index) and ``focus`` (the row), kept when
the replay comes back here.
"""

from __future__ import annotations

import datetime as _dt
from typing import Any

import pygame

from game.cards import plural
from game.history import LIST_LIMIT, Played
from game.variants import game_class
from sprites import theme
from sprites.hud import Button

from .base import Scene
from .sharing import PasteBox, open_file, open_shared, share_game
from .typed import COMMAND_MODS
from .widgets import header, unit_of

EMPTY = "No games yet — play one and it shows here, or paste a game someone shared below."
PAD_PASTE = "A pad cannot paste: Ctrl+V on a keyboard pastes a shared game, or drop its file on the window."
PAD_TIP = "D-pad: Up/Down choose, Left/Right filter · A replays · B menu · a keyboard pastes a shared game"
COLUMNS = (0.0, 0.15, 0.38, 0.66, 0.85)  # where date, mode, result, opponents and rating start: shares of a row
HEADS = ("When", "Mode", "Result", "Opponents", "Rating after")


def mode_title(mode: str, kind: str) -> str:
    """A game's mode, with its kind where the mode has several ("Classic · Sprint").

    >>> mode_title("classic", "sprint"), mode_title("points", "normal")
    ('Classic · Sprint', 'Solitaire-Set')
    """
    cls = game_class(mode)
    return cls.TITLE if len(cls.KINDS) == 1 else f"{cls.TITLE} · {cls.kind_named(kind).title}"


def date_text(date: str, today: _dt.date | None = None) -> str:
    """When a game ended, short: "26 Nov 10:36" this year, "26 Nov 2025" before.

    >>> date_text("2026-11-26T10:36:52", _dt.date(2026, 11, 27)), date_text("2025-01-02T08:00:00", _dt.date(2026, 1, 1))
    ('26 Nov 10:36', '02 Jan 2025')
    """
    when = _dt.datetime.fromisoformat(date)
    today = today or _dt.date.today()
    return when.strftime("%d %b %H:%M") if when.year == today.year else when.strftime("%d %b %Y")


def clipped(text: str, size: int, width: float) -> str:
    """``text``, cut with "…" to fit ``width`` pixels at ``size``."""
    if theme.text_size(text, size, True)[0] <= width:
        return text
    while text and theme.text_size(text + "…", size, True)[0] > width:
        text = text[:-1]
    return text.rstrip() + "…" if text else ""


class HistoryScene(Scene):
    def enter(self, data: dict[str, Any]) -> None:
        archive = self.app.history
        self.total = archive.count()
        self.filters: list[tuple[str, str | None, str | None]] = [("All", None, None)]
        kinds = archive.kinds()
        for mode in dict.fromkeys(m for m, _ in kinds):
            cls = game_class(mode)
            self.filters.append((cls.TITLE, mode, None))
            if len(cls.KINDS) > 1:
                self.filters += [(f"{cls.TITLE} · {cls.kind_named(k).title}", mode, k) for m, k in kinds if m == mode]
        self.chips = [Button(label, lambda i=i: self.pick_filter(i)) for i, (label, _m, _k) in enumerate(self.filters)]
        self.back = Button("Menu", lambda: self.app.manager.switch("menu", {}), "Esc")
        self.open_button = Button("Replay", self.open, "Enter", accent=True)
        self.share_button = Button("Share", self.share, "Ctrl+C")
        self.paste = PasteBox()
        self.typing = False  # are keys typed into the paste box?
        self.filter = min(max(0, int(data.get("filter", 0))), len(self.filters) - 1)
        self.focus = max(0, int(data.get("focus", 0)))
        self.top = 0  # the first row shown
        self.rows: list[Played] = []
        self.row_rects: list[tuple[int, pygame.Rect]] = []
        self.load()
        super().enter(data)

    # ----- the list ------------------------------------------------------------------------
    def load(self) -> None:
        _label, mode, kind = self.filters[self.filter]
        self.rows = self.app.history.games(mode, kind, LIST_LIMIT)
        self.focus = min(self.focus, max(0, len(self.rows) - 1))
        for i, chip in enumerate(self.chips):
            chip.accent = i == self.filter
        self.open_button.enabled = self.share_button.enabled = bool(self.rows)

    def pick_filter(self, i: int) -> None:
        self.filter = i % len(self.filters)
        self.focus = self.top = 0
        self.load()
        self.resize(self.size)

    def open(self) -> None:
        if not self.rows:
            return
        game = self.rows[self.focus]
        self.app.manager.switch("replay", {"id": game.id, "back": {"filter": self.filter, "focus": self.focus}})

    def share(self) -> None:
        if self.rows:
            share_game(self.app, self.app.history.get(self.rows[self.focus].id))

    def open_text(self) -> None:
        """Open the paste box's share text as a replay; a bad one leaves its reason under the box."""
        problem = open_shared(self.app, self.paste.text, {"filter": self.filter, "focus": self.focus})
        if problem:
            self.paste.problem = problem

    def move(self, step: int) -> None:
        if self.rows:
            self.focus = max(0, min(len(self.rows) - 1, self.focus + step))
            self.scroll()

    def scroll(self) -> None:
        """Keep the chosen row in sight."""
        shown = max(1, self.shown)
        self.top = max(0, min(self.top, self.focus, max(0, len(self.rows) - shown)))
        if self.focus >= self.top + shown:
            self.top = self.focus - shown + 1
        self.lay_rows()

    # ----- input ---------------------------------------------------------------------------
    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.DROPFILE:  # a file dropped on the window: a shared game, opened
            problem = open_file(self.app, str(e.file), {"filter": self.filter, "focus": self.focus})
            self.paste.problem = problem or ""
            return True
        if e.type == pygame.KEYDOWN and self.typed(e):
            return True
        if e.type == pygame.KEYDOWN:
            steps = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -max(1, self.shown - 1),
                     pygame.K_PAGEDOWN: max(1, self.shown - 1), pygame.K_HOME: -LIST_LIMIT, pygame.K_END: LIST_LIMIT}
            if e.key in steps:
                self.move(steps[e.key])
            elif e.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.pick_filter(self.filter + (1 if e.key == pygame.K_RIGHT else -1))
            elif e.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.open()
            elif e.key == pygame.K_ESCAPE:
                self.back.action()
            else:
                return False
            return True
        if e.type == pygame.MOUSEWHEEL:
            self.top = max(0, min(self.top - e.y, max(0, len(self.rows) - self.shown)))
            self.focus = max(self.top, min(self.focus, self.top + self.shown - 1))
            self.lay_rows()
            return True
        for b in self.chips + [self.open_button, self.share_button, self.back]:
            if b.handle_event(e):
                return True
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            self.typing = self.paste.rect.collidepoint(e.pos)
            if self.typing:
                self.paste.click(e.pos, self.u)
                return True
            for i, r in self.row_rects:
                if r.collidepoint(e.pos):
                    self.focus = i
                    self.open()
                    return True
        return False

    def typed(self, e: pygame.event.Event) -> bool:
        """The keys of the paste box and of sharing: Ctrl+V pastes (from anywhere), Ctrl+C shares the chosen
        game; in the box Enter opens the text, Esc, Tab, Up and Down leave it.  A letter typed with the list
        chosen goes to the box."""
        ctrl = bool(e.mod & COMMAND_MODS) and not e.mod & pygame.KMOD_ALT  # Ctrl (Cmd on a Mac); Ctrl+Alt is AltGr
        if ctrl and e.key == pygame.K_c:
            self.share()
            return True
        if (ctrl and e.key == pygame.K_v) or (e.key == pygame.K_INSERT and e.mod & pygame.KMOD_SHIFT):
            self.typing = True
            return self.paste.handle_key(e)
        if not self.typing:
            ch = getattr(e, "unicode", "")
            if e.key == pygame.K_TAB or (ch and ch.isprintable() and not ch.isspace() and not ctrl):
                if getattr(e, "pad", False):  # a pad's X: the box cannot be used from a pad, and says so
                    self.paste.problem = PAD_PASTE
                    return True
                self.typing = True
                return e.key == pygame.K_TAB or self.paste.handle_key(e)
            return False
        if e.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.open_text()
        elif e.key in (pygame.K_ESCAPE, pygame.K_TAB, pygame.K_UP, pygame.K_DOWN):
            self.typing = False
        else:
            self.paste.handle_key(e)
        return True

    # ----- layout ----------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        u = self.u = unit_of(size)
        self.width = round(min(w - u * 2, u * 58))
        self.left = round((w - self.width) / 2)
        self.lay_chips()
        bw, gap = round(u * 9), round(u * 0.8)
        x = w // 2 - round(bw * 1.5 + gap)
        for b in (self.open_button, self.share_button, self.back):
            b.rect = pygame.Rect(x, h - round(u * 3.6), bw, round(u * 2.1))
            x += bw + gap
        self.paste.rect = pygame.Rect(self.left, h - round(u * 6.5), self.width, round(u * 2.2))
        self.list_top = u * 10.6
        room = self.paste.rect.top - u * 1.3 - self.list_top
        self.shown = max(1, int(room // (u * 2.3)))
        self.pitch = min(u * 2.6, room / self.shown)  # the rows share the room (no gap left over above the box)
        self.scroll()

    def lay_chips(self) -> None:
        """The chips in one row under the header; when they are wider than the page, the row slides so the
        chosen one is in sight (the others out of sight take no clicks)."""
        u = self.u
        size = round(u * 0.85)
        widths = [theme.text_size(label, size, True)[0] + round(u * 1.6) for label, _m, _k in self.filters]
        gap = round(u * 0.4)
        xs, x = [], 0
        for cw in widths:
            xs.append(x)
            x += cw + gap
        total = x - gap
        shift = 0
        if total > self.width:
            chosen_end = xs[self.filter] + widths[self.filter]
            shift = max(0, min(chosen_end - self.width + round(u * 2), total - self.width))
            shift = min(shift, xs[self.filter])
        else:
            shift = -(self.width - total) // 2
        y = round(u * 6.9)
        for chip, cx, cw in zip(self.chips, xs, widths):
            left = self.left + cx - shift
            inside = left >= self.left - 1 and left + cw <= self.left + self.width + 1
            chip.rect = pygame.Rect(left, y, cw, round(u * 1.8)) if inside else pygame.Rect(0, 0, 0, 0)

    def lay_rows(self) -> None:
        u = self.u
        self.row_rects = []
        for k in range(self.shown):
            i = self.top + k
            if i >= len(self.rows):
                break
            self.row_rects.append((i, pygame.Rect(self.left, round(self.list_top + k * self.pitch), self.width,
                                                  round(self.pitch - u * 0.35))))

    # ----- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        u = self.u
        w, h = surface.get_size()
        more = f" · the last {LIST_LIMIT} listed" if self.total > LIST_LIMIT else ""
        header(surface, "History", f"{plural(self.total, 'game')} kept{more} · any one replays", u)
        for chip in self.chips:
            chip.draw(surface)
        if not self.rows:
            theme.blit_text(surface, EMPTY, round(u * 1.1), (w / 2, self.list_top + u * 4), theme.MUTED, True,
                            "center")
        for i, r in self.row_rects:
            self.draw_row(surface, self.rows[i], r, i == self.focus)
        x, k = self.left + self.width + u * 0.6, u * 0.35  # more above / below: a small triangle (the font
        if self.top > 0:  # has no arrow glyphs)
            y = self.list_top + u * 0.5
            pygame.draw.polygon(surface, theme.DIM, [(x - k, y + k * 0.6), (x + k, y + k * 0.6), (x, y - k * 0.6)])
        if self.top + self.shown < len(self.rows):
            y = self.list_top + self.shown * self.pitch - u * 0.9
            pygame.draw.polygon(surface, theme.DIM, [(x - k, y - k * 0.6), (x + k, y - k * 0.6), (x, y + k * 0.6)])
        if self.rows:
            self.draw_heads(surface)
        self.paste.draw(surface, self.typing, u)
        if self.paste.problem:
            theme.blit_text(surface, clipped(self.paste.problem, round(u * 0.8), w - u * 2), round(u * 0.8),
                            (w / 2, self.paste.rect.top - u * 0.6), theme.BAD, True, "center")
        for b in (self.open_button, self.share_button, self.back):
            b.draw(surface)
        tip = ("Enter opens the pasted game · Esc or Tab back to the list" if self.typing else PAD_TIP
               if self.app.pads.active else
               "Left/Right filter · Up/Down choose · Enter replays · Ctrl+C shares · Ctrl+V or Tab pastes · Esc menu")
        theme.blit_text(surface, clipped(tip, round(u * 0.8), w - u), round(u * 0.8), (w / 2, h - u * 0.7), theme.DIM,
                        True, "center")

    def columns(self, r: pygame.Rect) -> list[float]:
        """Where each column of a row starts (date, mode, result, opponents, rating) and the row's end."""
        inner = r.w - self.u * 1.6
        return [r.left + self.u * 0.8 + inner * f for f in COLUMNS] + [r.right - self.u * 0.8]

    def draw_heads(self, surface: pygame.Surface) -> None:
        """The columns' names over the list, small."""
        u = self.u
        r = pygame.Rect(self.left, 0, self.width, 0)
        size = round(u * 0.7)
        for x, name in zip(self.columns(r), HEADS):
            theme.blit_text(surface, name, size, (x, self.list_top - u * 0.45), theme.DIM, True, "midleft")

    def draw_row(self, surface: pygame.Surface, g: Played, r: pygame.Rect, lit: bool) -> None:
        u = self.u
        theme.panel(surface, r, round(u * 0.4), (255, 255, 255, 34 if lit else 16),
                    theme.ACCENT if lit else theme.PANEL_EDGE)
        size = round(min(u * 0.95, r.h * 0.5))
        y = r.centery
        xs = self.columns(r)
        who = ("shared · " if g.shared else "") + (", ".join(g.opponents()) or "solo")
        texts = ((date_text(g.date), theme.MUTED), (mode_title(g.mode, g.kind), theme.INK),
                 (g.headline(), theme.GOOD if g.result.get("won") else theme.INK), (who, theme.MUTED),
                 (g.rating_text(), theme.INFO if g.rating is not None else theme.DIM))
        for k, (text, colour) in enumerate(texts):
            room = xs[k + 1] - xs[k] - u * 0.6
            theme.blit_text(surface, clipped(text, size, room), size, (xs[k], y), colour, True, "midleft")
