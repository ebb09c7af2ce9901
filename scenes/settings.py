"""Settings: sound, volume, palette, colour symbols, call time, card keys (saved at once)."""

from __future__ import annotations

from typing import Any

import pygame

from game.cards import card
from sprites.cardart import art_for
from sprites.hud import Button
from sprites.layout import KEY_LAYOUTS
from sprites.theme import PALETTE_NAMES

from .base import Scene
from .modes import Option
from .widgets import OptionList, header, unit_of

OPTIONS = [
    Option("sound", "Sound", ((True, "On"), (False, "Off")), True),
    Option("volume", "Volume", tuple((v / 10, f"{v * 10}%") for v in range(0, 11)), 0.8),
    Option("palette", "Card colours", tuple((p, p.replace("-", " ").capitalize()) for p in PALETTE_NAMES),
           "standard"),
    Option("colour_cue", "Colour symbols", ((False, "Off"), (True, "On: circle, triangle, square")), False),
    Option("call_time", "Call time (Classic)", tuple((float(s), f"{s} seconds") for s in (3, 5, 7, 10, 15)), 5.0),
    Option("card_keys", "Card keys", tuple((k, f"{n.upper()}  {k[:3]} {k[3:6]} {k[6:9]} {k[9:]}")
                                             for n, k in KEY_LAYOUTS.items()), "123qweasdzxc"),
]
SAMPLE = ("1RDE", "2GOH", "3PSF")


class SettingsScene(Scene):
    def enter(self, data: dict[str, Any]) -> None:
        s = self.app.settings
        values = {o.key: s.get(o.key, o.default) for o in OPTIONS}
        if values["volume"] not in [v for v, _ in OPTIONS[1].choices]:
            values["volume"] = round(float(values["volume"]) * 10) / 10
        self.list = OptionList(OPTIONS, values, self.app.set_setting)
        self.back = Button("Back", self.leave, "Esc", accent=True)
        super().enter(data)

    def leave(self) -> None:
        self.app.manager.switch("menu", {})

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        u = self.u = unit_of(size)
        width = round(min(w * 0.7, u * 34))
        self.list.layout(pygame.Rect((w - width) // 2, round(u * 7.5), width, 0), round(u * 2.7))
        self.back.rect = pygame.Rect(w // 2 - u * 6, h - u * 4.2, u * 12, u * 2.4)

    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.leave()
            return True
        return self.back.handle_event(e) or self.list.handle_event(e)

    def draw(self, surface: pygame.Surface) -> None:
        u = self.u
        header(surface, "Settings", "changes are saved at once", u)
        self.list.draw(surface)
        s = self.app.settings
        art = art_for(round(u * 6), str(s.get("palette", "standard")), bool(s.get("colour_cue")))
        w = surface.get_width()
        y = self.list.rect.top + len(self.list.rects) * self.list.row_h + u * 0.6
        for i, c in enumerate(SAMPLE):
            surface.blit(art.face(card(c)), art.face(card(c)).get_rect(midtop=(w / 2 + (i - 1) * art.w * 1.1, y)))
        self.back.draw(surface)
