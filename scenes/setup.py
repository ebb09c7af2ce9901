"""The setup screen of a mode: its options (players, bots, timed, table size), the deal, start.

The deal is shown as its short code (``R1BQB-FVTK``: ``game.codes``, mode and
deal in nine characters); C (or the "Deal code" button) opens a field where the
player types a code the game showed — a deal code of any mode, short or long
(``pillars-42``), a daily's code, a puzzle level's id (``pillars-007``) or just
a deal number — to play that deal again.
"""

from __future__ import annotations

from typing import Any

import pygame

from game import variants
from game.codes import EXAMPLE, deal_code, new_seed, read_code
from sprites import theme
from sprites.hud import Button, row_buttons

from .base import Scene
from .modes import MODES, defaults
from .widgets import OptionList, TextEntry, header, unit_of


def parse_code(text: str, mode: str) -> tuple[str, int | str]:
    """What a typed deal code names: ("deal", seed) of ``mode`` or ("mode:NAME", seed) of another mode,
    or ("level", id).

    >>> parse_code(" #42 ", "classic"), parse_code("Pillars-42", "classic"), parse_code("r1bqb-fvtk", "pillars")
    (('deal', 42), ('mode:pillars', 42), ('deal', 42))

    :raises ValueError: with a message for the player when the text is no code the game shows.
    """
    kind, value, _day = read_typed(text, mode)
    return kind, value


def read_typed(text: str, mode: str) -> tuple[str, int | str, str | None]:
    """``parse_code``, and the day of a daily's short code (YYYY-MM-DD; None for any other code)."""
    t = text.strip().lower().lstrip("#")
    if t.isascii() and t.isdigit() and len(t) <= 20 and int(t) < 2**64:
        return "deal", int(t), None
    name, _, number = t.rpartition("-")
    if name in MODES and number.isdigit() and number.startswith("0"):
        from .tally import find_level

        if find_level(t) is not None:
            return "level", t, None
    deal = read_code(text.strip().lstrip("#"))  # a short code, or mode-number (ValueError: why not)
    day = deal.date.isoformat() if deal.date else None
    return ("deal" if deal.mode == mode else f"mode:{deal.mode}"), deal.seed, day


ASK_AGAIN = 30.0  # seconds a second Start press replaces an unfinished game without asking again


class SetupScene(Scene):
    asked = -1.0  # until when a second Start press replaces the unfinished game without asking again

    def enter(self, data: dict[str, Any]) -> None:
        self.mode = data.get("mode", variants.MODES[0])
        self.info = MODES[self.mode]
        self.values = {**defaults(self.info), **data.get("values", {})}
        self.seed = int(data["seed"]) if data.get("seed") is not None else new_seed()
        self.day: str | None = data.get("deal_date")  # the seed is that day's daily (its code names the day)
        self.entry: TextEntry | None = None
        self.list = OptionList(list(self.info.options), self.values, lambda k, v: self.resize(self.size))
        self.actions = [
            Button("Back", self.back, "Esc"),
            Button("New deal", self.new_deal, "N"),
            Button("Deal code", self.type_code, "C"),
            Button("Rules", lambda: self.app.manager.push("help", {"mode": self.mode}), "F1"),
            Button("Start", self.start, "Enter", accent=True),
        ]
        super().enter(data)

    @property
    def code(self) -> str:
        """The deal's code as shown: short (``game.codes``) where it has one."""
        return deal_code(self.mode, self.seed, self.day)

    def back(self) -> None:
        self.app.manager.switch("menu", {})

    def new_deal(self) -> None:
        self.seed, self.day = new_seed(), None

    def type_code(self) -> None:
        self.entry = TextEntry(f"Type a deal code ({EXAMPLE} or pillars-42), a level (pillars-007) or a deal number",
                               self.use_code, lambda ch: ch.isalnum() or ch in "-#: ", limit=40)

    def use_code(self, text: str) -> str | None:
        """Play the deal a typed code names (this mode's deal, another mode's setup, or a level)."""
        try:
            kind, value, day = read_typed(text, self.mode)
        except ValueError as e:
            return str(e)
        if kind == "level":
            from .tally import find_level, launch

            launch(self.app, find_level(str(value)))
        elif kind == "deal":
            self.seed, self.day = int(value), day
        else:
            self.app.manager.switch("setup", {"mode": kind[5:], "seed": int(value), "deal_date": day})
        return None

    def start(self) -> None:
        """Start the deal; over an unfinished game of this mode, only on a second press (the first asks)."""
        if self.info.name in self.app.saved_modes() and self.asked < self.app.now:
            self.asked = self.app.now + ASK_AGAIN
            self.app.manager.push("message", {
                "title": "An unfinished game", "text": f"Your unfinished {self.info.title} game will be replaced. "
                "Replace it with this deal, or cancel and continue it from the menu.",
                "confirm": "Replace", "on_confirm": self.start, "safe": True})
            return
        data = {"seed": self.seed, **self.info.build(dict(self.values)), "values": dict(self.values),
                "deal_date": self.day}
        self.app.manager.switch(self.info.scene, data)

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        u = self.u = unit_of(size)
        row_h = round(u * 2.8)
        width = round(min(w * 0.7, u * 34))
        self.list.layout(pygame.Rect((w - width) // 2, round(u * 8.5), width, 0), row_h)
        row_buttons(self.actions, pygame.Rect((w - width) // 2, h - round(u * 4.5), width, round(u * 2.4)),
                    round(u * 0.8))

    def handle_event(self, e: pygame.event.Event) -> bool:
        if self.entry is not None:
            if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1 and self.entry_rect().collidepoint(e.pos):
                self.entry.click(e.pos, self.entry_rect())  # the caret where the click was
                return True
            used = self.entry.handle_event(e)
            if not self.entry.open:
                self.entry = None
            return used or e.type == pygame.MOUSEBUTTONDOWN
        if e.type == pygame.KEYDOWN:
            if e.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start()
                return True
            if e.key == pygame.K_ESCAPE:
                self.back()
                return True
            if e.key == pygame.K_n:
                self.new_deal()
                return True
            if e.key == pygame.K_c:
                self.type_code()
                return True
            if e.key == pygame.K_F1:
                self.actions[3].action()
                return True
        for b in self.actions:
            if b.handle_event(e):
                return True
        return self.list.handle_event(e)

    def draw(self, surface: pygame.Surface) -> None:
        u = self.u
        header(surface, self.info.title, self.info.tagline, u)
        self.list.draw(surface)
        rows = len(self.list.rects)
        y = self.list.rect.top + rows * self.list.row_h + u * 1.2
        w = surface.get_width()
        if self.entry is not None:
            self.entry.draw(surface, self.entry_rect())
            for b in self.actions:
                b.draw(surface)
            return
        theme.blit_text(surface, f"Deal {self.code}", round(u * 1.3), (w // 2, y),
                        theme.INK, True, "midtop")
        theme.blit_text(surface, "anyone can replay this deal from its code: C types one", round(u * 0.85),
                        (w // 2, y + u * 1.7), theme.DIM, True, "midtop")
        note = self.info.note(self.values)
        if note:
            theme.blit_text(surface, note, round(u * 0.85), (w // 2, y + u * 3.2), theme.MUTED, True, "midtop")
        for b in self.actions:
            b.draw(surface)
        theme.blit_text(surface, self.footer(), round(u * 0.85), (w // 2, surface.get_height() - u * 1.1), theme.DIM,
                        True, "center")

    def entry_rect(self) -> pygame.Rect:
        """Where the deal code is typed: under the rows."""
        u = self.u
        y = self.list.rect.top + len(self.list.rects) * self.list.row_h + u * 1.2
        return pygame.Rect(self.size[0] // 2 - u * 11, y + u * 1.6, u * 22, u * 2.4)

    def footer(self) -> str:
        """What the keys do here: the rows' keys only when there are rows to choose and change."""
        rows = len(self.list.shown())
        keys = (["Up/Down choose"] if rows > 1 else []) + (["Left/Right change"] if rows else
                                                           ["N new deal", "C deal code"])
        return " · ".join(keys + ["Enter starts"])
