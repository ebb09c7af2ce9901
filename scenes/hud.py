"""The HUD of a play scene: the top bar (title, REPLAY/DEMO, clock, Rules and Pause), the deck, the toast
(in the bottom strip right of the deck's count: ``message_area``).

A play scene holds one ``Hud`` and tells it what to show; ``regions`` gives
the bars as redraw regions (area, what it shows) for ``scenes.redraw``.
"""

from __future__ import annotations

from typing import Any

import pygame

from sprites import theme
from sprites.cardart import art_for
from sprites.hud import Button, Toast, stack_buttons
from sprites.layout import Frame


def window_left(e: pygame.event.Event) -> bool:
    """Did the player leave the window (its focus lost, or minimised)?  A running clock then pauses.

    >>> window_left(pygame.event.Event(pygame.WINDOWMINIMIZED))
    True
    >>> window_left(pygame.event.Event(pygame.ACTIVEEVENT, gain=0, state=1))  # only the mouse left
    False
    """
    if e.type == pygame.ACTIVEEVENT:  # the SDL1-style twin: state 2 input focus, 4 shown on screen
        return not getattr(e, "gain", 1) and bool(getattr(e, "state", 0) & 6)
    return e.type in (pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED)


def hides_cards(scene: Any) -> bool:
    """Does pausing this play scene (or opening its rules) hide the cards under a solid veil?  In every
    game with a clock or opponents, so a paused game gives no time to look; a solitaire without a clock
    may show them through a translucent one."""
    return bool(scene.SHOW_CLOCK or scene.online or len(scene.seats) > 1)


def cover_data(scene: Any) -> dict[str, Any]:
    """What a pause or the rules pushed over a play scene are told: its mode, whether it is online, and
    whether they hide its cards (``hides_cards``)."""
    return {"mode": scene.mode, "online": scene.online, "hide": hides_cards(scene)}


def key_matches(e: pygame.event.Event, label: str) -> bool:
    """Does a key press match a button's key label ('L', '+', 'Ctrl+Z', 'End', ...)?"""
    names = {"Esc": pygame.K_ESCAPE, "End": pygame.K_END, "F1": pygame.K_F1, "Enter": pygame.K_RETURN,
             "Space": pygame.K_SPACE, "Backspace": pygame.K_BACKSPACE}
    for part in label.split("/"):
        part = part.strip()
        if part.startswith("Ctrl+"):
            if e.mod & pygame.KMOD_CTRL and e.unicode.lower() in (part[5:].lower(), "\x1a"):
                return True
            if e.mod & pygame.KMOD_CTRL and e.key == pygame.key.key_code(part[5:].lower()):
                return True
        elif part in names:
            if e.key == names[part]:
                return True
        elif part and e.unicode and e.unicode.lower() == part.lower() and not e.mod & pygame.KMOD_CTRL:
            return True
    return False


class Hud:
    """The bars around the board and the toast under it."""

    def __init__(self, show_help, pause) -> None:
        self.toast = Toast()
        self.top_buttons = [Button("Rules", show_help, "F1"), Button("Pause", pause, "Esc")]

    def place(self, frame: Frame, side_buttons: list[Button]) -> None:
        """Lay the side panel's buttons out at its foot, and the top buttons at the right of the top bar."""
        u, side = frame.unit, frame.side
        h = round(u * 2.2)
        n = len(side_buttons)
        area = pygame.Rect(side.left + u * 0.8, side.bottom - n * (h + u * 0.5) - u * 0.3,
                           side.w - u * 1.6, n * (h + u * 0.5))
        stack_buttons(side_buttons, area, h, round(u * 0.5))
        bw, bh = round(u * 6.2), round(u * 1.9)
        for k, b in enumerate(self.top_buttons):
            b.rect = pygame.Rect(side.right - (k + 1) * bw - k * u * 0.5, frame.top.centery - bh // 2, bw, bh)

    def deck_rect(self, frame: Frame) -> pygame.Rect:
        """Where the deck's backs and its count lie in the bottom strip (room for the widest count)."""
        f, u = frame, frame.unit
        x = f.deck_pos[0]
        words = theme.text_size("81 in the deck", round(u * 1.0), True)[0]
        left = round(x - u * 1.5) - 4  # the backs' left edge, and their stagger
        return pygame.Rect(left, f.bottom.top, round(x + u * 2.2 + words) - left, f.bottom.h)

    def message_area(self, frame: Frame) -> pygame.Rect:
        """Where a message (the toast) may go: the bottom strip right of the deck's count, to the window's
        right margin (under the side panel too), so it never covers a counter."""
        f, u = frame, frame.unit
        left = self.deck_rect(f).right + round(u * 0.6)
        return pygame.Rect(left, f.bottom.top, f.size[0] - round(u * 0.6) - left, f.bottom.h)

    def toast_rect(self, frame: Frame, size: float = 1.1) -> pygame.Rect:
        """The box the toast is drawn in now (see ``Toast.box``)."""
        return self.toast.box(self.message_area(frame), round(frame.unit * size), frame.board.centerx)

    def toast_key(self) -> tuple:
        t = self.toast
        return (t.s, t.visible, t.fade() if t.visible else 0)

    def regions(self, frame: Frame, deck_w: float, top: Any, side: Any, deck: Any,
                buttons: list[Button]) -> list[tuple[pygame.Rect, Any]]:
        """The bars as redraw regions: the top bar, the toast strip, the side panel, the deck, each button."""
        f = frame
        out = [(f.top, top), (self.message_area(f), self.toast_key()),
               (f.side, side), (pygame.Rect(0, f.bottom.top, f.board.left + deck_w, f.bottom.h), deck)]
        return out + [(b.rect.inflate(6, 6), (b.hover, b.focus, b.enabled, b.label)) for b in buttons]

    def draw_top(self, surface: pygame.Surface, frame: Frame, title: str, tag: str, clock: str | None,
                 urgent: bool) -> None:
        """The title (with ``tag`` under it: REPLAY, DEMO or nothing) and the clock (None: no clock)."""
        f, u = frame, frame.unit
        y = f.top.centery
        if not surface.get_clip().colliderect(f.top.inflate(0, 2 * u)):
            return  # all its words would be clipped away
        words = theme.blit_text(surface, title, round(u * 1.7), (u * 1.2, y), theme.INK, True, "midleft")
        if tag:
            theme.blit_text(surface, tag, round(u * 1.0), (u * 1.2, y + u * 1.2), theme.INFO, True, "midleft")
        if clock is not None:  # over the board's middle, or just after the title where the board is narrow
            half = theme.text_size(clock, round(u * 2.0), True)[0] / 2
            x = max(f.board.centerx, words.right + u + half)
            theme.blit_text(surface, clock, round(u * 2.0), (x, y), theme.BAD if urgent else theme.INK, True, "center")

    def draw_deck(self, surface: pygame.Surface, frame: Frame, n: int, palette: str) -> None:
        """The deck's backs (a few, by how many cards are left) and its count."""
        f, u = frame, frame.unit
        small = art_for(round(u * 3), palette)
        x, y = f.deck_pos
        if not surface.get_clip().colliderect((0, f.bottom.top - u, f.board.left + u * 14, f.bottom.h + u)):
            return  # a partial redraw away from the deck (its backs and count lie in this box)
        if n:
            for k in range(min(3, (n + 19) // 20)):
                surface.blit(small.back(), small.back().get_rect(center=(round(x - k * 2), round(y - k * 2))))
        theme.blit_text(surface, f"{n} in the deck" if n else "deck empty", round(u * 1.0),
                        (x + u * 2.2, y), theme.MUTED, True, "midleft")

    def draw_toast(self, surface: pygame.Surface, frame: Frame, size: float) -> None:
        """The toast in the message area, under the board's middle when it can be (one line, or two)."""
        self.toast.draw_in(surface, self.message_area(frame), round(frame.unit * size), frame.board.centerx)
