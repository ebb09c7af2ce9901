"""Settings: sound, volume, palette, colour symbols, call time, keyboard layout (saved at once).

The keyboard row offers QWERTY, AZERTY, QWERTZ, Dvorak, Colemak, Workman and
a custom layout: choosing "Custom…" (or pressing K) opens a field where the
player types twelve card keys, four rows of three; keys that already give a
command are refused with a message and the old layout stays.  Cancelling the
field goes back to the layout the player had when the screen opened (or last
typed), not to one the row passed on its way to "Custom…".
"""

from __future__ import annotations

from typing import Any

import pygame

from game.cards import card
from sprites.cardart import art_for
from sprites.hud import Button
from sprites.layout import KEY_LAYOUTS, check_custom, layout_name
from sprites.theme import PALETTE_NAMES

from .base import Scene
from .modes import Option
from .widgets import OptionList, TextEntry, header, unit_of

CUSTOM = "custom…"  # the choice that opens the typing field
OPTIONS = [
    Option("sound", "Sound", ((True, "On"), (False, "Off")), True),
    Option("volume", "Volume", tuple((v / 10, f"{v * 10}%") for v in range(0, 11)), 0.8),
    Option("palette", "Card colours", tuple((p, p.replace("-", " ").capitalize()) for p in PALETTE_NAMES),
           "standard"),
    Option("colour_cue", "Colour symbols", ((False, "Off"), (True, "On: circle, triangle, square")), False),
    Option("call_time", "Call time (Classic)", tuple((float(s), f"{s} seconds") for s in (3, 5, 7, 10, 15)), 5.0),
]
SAMPLE = ("1RDE", "2GOH", "3PSF")


def keys_label(name: str, keys: str) -> str:
    """How a layout shows in its row: its name and its four rows of card keys."""
    return f"{name.capitalize() if name == 'custom' else name.upper()}  {keys[:3]} {keys[3:6]} {keys[6:9]} {keys[9:]}"


def keys_option(current: str) -> Option:
    """The keyboard row: the named layouts, the player's own (when it is in use), and Custom…."""
    choices = [(k, keys_label(n, k)) for n, k in KEY_LAYOUTS.items()]
    if layout_name(current) == "custom":
        choices.append((current, keys_label("custom", current)))
    choices.append((CUSTOM, "Custom…  type your own (K)"))
    return Option("card_keys", "Keyboard", tuple(choices), "123qweasdzxc")


class SettingsScene(Scene):
    def enter(self, data: dict[str, Any]) -> None:
        s = self.app.settings
        self.options = OPTIONS + [keys_option(str(s.get("card_keys", "123qweasdzxc")))]
        values = {o.key: s.get(o.key, o.default) for o in self.options}
        if values["volume"] not in [v for v, _ in OPTIONS[1].choices]:
            values["volume"] = round(float(values["volume"]) * 10) / 10
        self.list = OptionList(self.options, values, self.changed)
        self.entry: TextEntry | None = None
        self.had_keys = str(values["card_keys"])  # the layout a cancelled custom one goes back to
        self.back = Button("Back", self.leave, "Esc", accent=True)
        super().enter(data)

    def changed(self, key: str, value: Any) -> None:
        if key == "card_keys" and value == CUSTOM:
            self.type_keys()
            return
        self.app.set_setting(key, value)

    def type_keys(self) -> None:
        """Open the field for a custom layout (the row's value stays the layout in use until accepted)."""
        self.entry = TextEntry("Type 12 card keys: four rows of three, left to right", self.accept_keys,
                               lambda ch: ch.isprintable() and ch != " ", limit=12)

    def accept_keys(self, text: str) -> str | None:
        """Use the typed layout, or say what is wrong with it (nothing changes then)."""
        try:
            keys = check_custom(text)
        except ValueError as e:
            return str(e)
        self.app.set_setting("card_keys", keys)
        self.had_keys = keys
        self.options[-1] = keys_option(keys)
        self.list.options = self.options
        self.list.values["card_keys"] = keys
        self.list.layout(self.list.rect, self.list.row_h)
        return None

    def leave(self) -> None:
        self.app.manager.switch("menu", {})

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        u = self.u = unit_of(size)
        width = round(min(w * 0.8, u * 38))
        self.back.rect = pygame.Rect(w // 2 - u * 6, h - u * 4.2, u * 12, u * 2.4)
        room = self.back.rect.top - u * 7.5 - u * 6  # the rows, then the sample cards (or the typing field)
        row_h = round(max(u * 2.4, min(u * 3.4, room / (len(self.options) + 1))))
        self.list.layout(pygame.Rect((w - width) // 2, round(u * 7.5), width, 0), row_h)

    def handle_event(self, e: pygame.event.Event) -> bool:
        if self.entry is not None:
            if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1 and self.entry_rect().collidepoint(e.pos):
                self.entry.click(e.pos, self.entry_rect())  # the caret where the click was
                return True
            used = self.entry.handle_event(e)
            if not self.entry.open:
                self.entry = None
                if self.list.values["card_keys"] == CUSTOM:  # cancelled: back to the layout you had, not to
                    self.app.set_setting("card_keys", self.had_keys)  # one passed on the way to Custom…
                    self.list.values["card_keys"] = self.had_keys
            return used or e.type == pygame.MOUSEBUTTONDOWN
        if e.type == pygame.KEYDOWN:
            if e.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER):
                self.leave()
                return True
            if e.key == pygame.K_k:
                self.type_keys()
                return True
        return self.back.handle_event(e) or self.list.handle_event(e)

    def entry_rect(self) -> pygame.Rect:
        """Where a custom keyboard is typed: under the rows."""
        u = self.u
        y = self.list.rect.top + len(self.list.rects) * self.list.row_h + u * 0.6
        return pygame.Rect(self.size[0] // 2 - u * 10, y + u * 2, u * 20, u * 2.4)

    def draw(self, surface: pygame.Surface) -> None:
        u = self.u
        header(surface, "Settings", "changes are saved at once", u)
        self.list.draw(surface, active=self.entry is None)
        s = self.app.settings
        w = surface.get_width()
        y = self.list.rect.top + len(self.list.rects) * self.list.row_h + u * 0.6
        if self.entry is not None:
            self.entry.draw(surface, self.entry_rect())
        else:
            art = art_for(round(min(u * 8, (self.back.rect.top - y - u) * 1.55)), str(s.get("palette", "standard")),
                          bool(s.get("colour_cue")))
            for i, c in enumerate(SAMPLE):
                face = art.face(card(c))
                surface.blit(face, face.get_rect(midtop=(w / 2 + (i - 1) * art.w * 1.1, y)))
        self.back.draw(surface)
