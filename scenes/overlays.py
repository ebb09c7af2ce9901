"""Overlays drawn over the current screen: pause, a mode's rules, a message box.

They sit on the scene stack above a game, so they get every event first
and the game underneath is not updated (its clock stops).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game import variants
from sprites import theme
from sprites.hud import Button, row_buttons, stack_buttons
from sprites.layout import home_row

from .base import Scene
from .modes import MODES
from .widgets import ButtonColumn, fitted, unit_of

_veils: dict[tuple[int, int], pygame.Surface] = {}


SOLID_VEIL = (10, 16, 28)  # a paused game's cover: nothing of the cards shows through


def veil(surface: pygame.Surface, solid: bool = False) -> None:
    """Darken what is underneath (``solid``: hide it)."""
    if solid:
        surface.fill(SOLID_VEIL)
        return
    size = surface.get_size()
    v = _veils.get(size)
    if v is None:
        _veils.clear()
        v = pygame.Surface(size, pygame.SRCALPHA)
        v.fill((4, 8, 16, 170))
        _veils[size] = v
    surface.blit(v, (0, 0))


QWERTY = "123qweasdzxc"


class Overlay(Scene):
    """A centred box over a dimmed screen; Esc closes it."""

    overlay = True
    BOX = (0.5, 0.6)  # share of the window (w, h)

    def close(self) -> None:
        self.app.manager.pop()

    def box(self) -> pygame.Rect:
        w, h = self.size
        u = unit_of(self.size)
        bw = round(min(w * self.BOX[0] + u * 8, w - 2 * u))
        bh = round(min(h * self.BOX[1] + u * 4, h - 2 * u))
        return pygame.Rect((w - bw) // 2, (h - bh) // 2, bw, bh)

    solid = False  # does the veil hide the screen underneath (a paused game with a clock or opponents)?

    def draw_box(self, surface: pygame.Surface, title: str) -> pygame.Rect:
        veil(surface, self.solid)
        r = self.box()
        u = unit_of(self.size)
        pygame.draw.rect(surface, (22, 36, 60), r, border_radius=round(u))
        pygame.draw.rect(surface, (70, 96, 140), r, width=2, border_radius=round(u))
        #: the title's place (a long one is drawn smaller, to stay inside the box)
        self.title_rect = theme.blit_text(surface, title, fitted(title, u * 2.0, r.w - u * 2),
                                          (r.centerx, r.top + u * 2.2), theme.INK, True, "center")
        return r


class PauseScene(Overlay):
    """Resume, the rules, quit; online, the host also has End game for everyone (asked twice:
    ``data["end_all"]`` is what ends it, given to the host's window only)."""

    BOX = (0.2, 0.4)

    def enter(self, data: dict[str, Any]) -> None:
        self.mode = data.get("mode", variants.MODES[0])
        self.end_all = data.get("end_all")
        self.asking = False  # "End the game for everyone?" is shown (Yes / No)
        buttons = [
            Button("Resume", self.close, "Esc", accent=True),
            Button("Rules", lambda: self.app.manager.push("help", {"mode": self.mode}), "F1"),
            Button("Quit to menu", self.quit_to_menu, "Q"),
        ]
        if self.end_all is not None:
            buttons.append(Button("End game for everyone", self.ask_end, "E"))
        self.menu = ButtonColumn(buttons)
        self.confirm = ButtonColumn([Button("No", self.keep_playing, "Esc", accent=True),
                                     Button("Yes, end it", self.end_game, "Y")])
        self.column = self.menu
        self.solid = bool(data.get("hide", True))  # a clock or opponents: a pause gives no time to look
        super().enter(data)

    def quit_to_menu(self) -> None:
        self.app.manager.switch("menu", {})

    def ask_end(self) -> None:
        self.asking, self.column = True, self.confirm

    def keep_playing(self) -> None:
        self.asking, self.column = False, self.menu

    def end_game(self) -> None:
        """Yes: the game ends for everyone (the server's events bring its end to every window)."""
        self.end_all()
        self.close()

    def resize(self, size: tuple[int, int]) -> None:
        r, u = self.box(), unit_of(size)
        for column in (self.menu, self.confirm):
            stack_buttons(column.buttons, pygame.Rect(r.left + u * 2, r.top + u * 4.6, r.w - u * 4, 0),
                          round(u * 2.4), round(u * 0.7))

    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.KEYDOWN and self.asking:
            if e.key in (pygame.K_ESCAPE, pygame.K_n):
                self.keep_playing()
                return True
            if e.key == pygame.K_y:
                self.end_game()
                return True
        elif e.type == pygame.KEYDOWN:
            if e.key in (pygame.K_ESCAPE, pygame.K_p):
                self.close()
                return True
            if e.key == pygame.K_F1:
                self.column.buttons[1].action()
                return True
            if e.key == pygame.K_q:
                self.quit_to_menu()
                return True
            if e.key == pygame.K_e and self.end_all is not None:
                self.ask_end()
                return True
        self.column.handle_event(e)
        return True  # nothing reaches the paused game

    def draw(self, surface: pygame.Surface) -> None:
        r = self.draw_box(surface, "End the game for everyone?" if self.asking else "Paused")
        u = unit_of(self.size)
        self.column.draw(surface)
        note = "an online game goes on meanwhile" if self.data.get("online") else \
            "the clock is stopped · your game is saved"
        theme.blit_text(surface, note, round(u * 0.85),
                        (r.centerx, r.bottom - u * 1.2), theme.MUTED, True, "center")


class MessageScene(Overlay):
    """A title, some text and OK (a notice); or a question: ``confirm`` (the label of the button that
    does it, e.g. "Quit") and ``on_confirm`` (what it does) beside Cancel.  Esc cancels; Enter presses the
    lit button: the confirm button, or Cancel when ``safe`` (a question whose yes loses something)."""

    BOX = (0.3, 0.25)

    def enter(self, data: dict[str, Any]) -> None:
        self.title = data.get("title", "")
        self.text = data.get("text", "")
        self.on_confirm: Callable[[], None] | None = data.get("on_confirm")
        if self.on_confirm is not None:
            safe = bool(data.get("safe"))
            self.ok = Button(str(data.get("confirm", "OK")), self.confirm, "" if safe else "Enter", accent=not safe)
            self.cancel: Button | None = Button("Cancel", self.close, "Enter" if safe else "Esc", accent=safe)
        else:
            self.ok = Button("OK", self.close, "Enter", accent=True)
            self.cancel = None
        self.actions = [self.ok] + ([self.cancel] if self.cancel is not None else [])
        super().enter(data)

    def confirm(self) -> None:
        self.close()
        if self.on_confirm is not None:
            self.on_confirm()

    def resize(self, size: tuple[int, int]) -> None:
        r, u = self.box(), unit_of(size)
        if self.cancel is None:
            self.ok.rect = pygame.Rect(r.centerx - u * 5, r.bottom - u * 3.6, u * 10, u * 2.4)
        else:
            row_buttons([self.ok, self.cancel], pygame.Rect(r.centerx - u * 11, r.bottom - u * 3.6, u * 22, u * 2.4),
                        round(u * 1.0))

    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.close()
            return True
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            (self.ok if self.ok.accent or self.cancel is None else self.cancel).action()
            return True
        self.ok.handle_event(e)
        if self.cancel is not None:
            self.cancel.handle_event(e)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        r = self.draw_box(surface, self.title)
        u = unit_of(self.size)
        y = r.top + u * 4.2
        for line in theme.wrap(self.text, round(u * 1.05), r.w - round(u * 4), True):
            theme.blit_text(surface, line, round(u * 1.05), (r.centerx, y), theme.INK, True, "midtop")
            y += u * 1.5
        self.ok.draw(surface)
        if self.cancel is not None:
            self.cancel.draw(surface)


class HelpScene(Overlay):
    """A mode's rules in plain words (from RULES.md), with the keys."""

    BOX = (0.45, 0.7)

    def enter(self, data: dict[str, Any]) -> None:
        self.info = MODES[data.get("mode", variants.MODES[0])]
        self.solid = bool(data.get("hide"))  # over a game whose clock it stops: as a pause, it hides the cards
        self.ok = Button("Got it", self.close, "Esc", accent=True)
        self.tour = Button("Tutorial", self.tutorial, "T")
        super().enter(data)

    def tutorial(self) -> None:
        """The mode's own first-play pages (the basics, Pillars', Mag's or 20/20's)."""
        self.app.manager.push(self.info.tutorial, {"overlay": True, "mode": self.info.name})

    def keys_text(self) -> str:
        """The controls of the device in use: a pad's, or the keys with the chosen keyboard's card keys."""
        pads = self.app.pads.help_lines()
        if pads:
            return "Controller: " + " · ".join(pads)
        keys = str(self.app.settings.get("card_keys", QWERTY))
        if keys == QWERTY:
            return self.info.keys
        def rows(k: str, n: int) -> str:
            return " / ".join(" ".join(k[i:i + 3]) for i in range(0, n, 3))

        return (self.info.keys.replace(rows(QWERTY, 12), rows(keys, 12))
                .replace(rows(QWERTY, 6) + ",", rows(keys, 6) + ",")
                .replace(" ".join(home_row(QWERTY)), " ".join(home_row(keys))))

    def key_lines(self) -> list[str]:
        u = unit_of(self.size)
        return theme.wrap(self.keys_text(), round(u * 0.8), self.box().w - round(u * 3), True)

    def resize(self, size: tuple[int, int]) -> None:
        r, u = self.box(), unit_of(size)
        self.ok.rect = pygame.Rect(r.centerx + u * 0.5, r.bottom - u * 3.4, u * 9, u * 2.3)
        self.tour.rect = pygame.Rect(r.centerx - u * 9.5, r.bottom - u * 3.4, u * 9, u * 2.3)

    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.KEYDOWN:
            if e.key in (pygame.K_ESCAPE, pygame.K_F1, pygame.K_RETURN, pygame.K_KP_ENTER):
                self.close()
                return True
            if e.key == pygame.K_t:
                self.tour.action()
                return True
        self.ok.handle_event(e) or self.tour.handle_event(e)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        r = self.draw_box(surface, f"How to play {self.info.title}")
        u = unit_of(self.size)
        size = round(u * 0.95)
        keys = self.key_lines()
        bottom = r.bottom - u * (4.3 + 1.1 * len(keys))  # the keys line may wrap: the rules stop above it
        y = r.top + u * 4.0
        for line in theme.wrap(self.info.help, size, r.w - round(u * 4)):
            if y > bottom - u * 0.6:
                break
            theme.blit_text(surface, line, size, (r.left + u * 2, y), theme.INK)
            y += u * (1.3 if line else 0.6)
        for i, line in enumerate(keys):
            theme.blit_text(surface, line, round(u * 0.8), (r.centerx, bottom + u * 1.1 * (i + 1)), theme.MUTED,
                            True, "center")
        self.ok.draw(surface)
        self.tour.draw(surface)
