"""Game controllers, through SDL's game-controller API, turned into the input scenes already understand.

Scenes never see a controller event: ``Pads.handle`` translates each one
into the key presses and clicks a scene handles anyway, so every screen is
playable with a pad without knowing pads exist.

* Menus and overlays: D-pad or left stick = arrow keys, A = Enter,
  B = Esc, Start = Esc, Back = F1, X = Tab, Y = J (the replay's analysis);
  the shoulders and the right stick = PageUp / PageDown (a long list, the analysis).
* A screen with cards: the D-pad (or stick) moves a card cursor — a ring
  the App draws over the scene — between the cards and the side buttons;
  A clicks what the ring is on; B unselects the selected cards (or, with
  none selected, is Esc); Start pauses (Esc); Back shows the rules (F1);
  the right shoulder calls SET (the call key of the pad's seat); the left
  shoulder presses the screen's Undo button.
* Several pads: the first pad plays seat 1, the second seat 2, ... (hot
  seat in Classic: each pad's call is its seat's call key, and picking a
  card with nobody calling calls first).  Each pad has its own ring.
* Hot-plug: a pad plugged in during play is opened and takes the next free
  seat; an unplugged pad's seat is freed.

A scene may define ``pad_targets() -> list[pygame.Rect]`` (what the ring
visits, in any order; a click goes to the rect's ``pad_point``); without it,
a scene with card ``sprites`` and ``art()`` offers its cards and its
``side_buttons``/``top_buttons``.  Events made here carry ``pad=True``.
"""

from __future__ import annotations

from typing import Any

import pygame

from sprites import theme
from sprites.layout import card_key, rows_for

from .base import App

STICK = 16000  # how far the stick must lean to count as a D-pad press (of 32767)
CALL_KEYS = (pygame.K_SPACE, pygame.K_RETURN, pygame.K_LSHIFT, pygame.K_RSHIFT)  # Classic's seats' call keys
RING_COLOURS = ((255, 255, 255), theme.INFO, theme.GOOD, (236, 120, 90))  # pad 1 white: not the selection's gold
DIRS = {pygame.CONTROLLER_BUTTON_DPAD_UP: (0, -1), pygame.CONTROLLER_BUTTON_DPAD_DOWN: (0, 1),
        pygame.CONTROLLER_BUTTON_DPAD_LEFT: (-1, 0), pygame.CONTROLLER_BUTTON_DPAD_RIGHT: (1, 0)}
ARROWS = {(0, -1): pygame.K_UP, (0, 1): pygame.K_DOWN, (-1, 0): pygame.K_LEFT, (1, 0): pygame.K_RIGHT}
MENU_KEYS = {pygame.CONTROLLER_BUTTON_A: pygame.K_RETURN, pygame.CONTROLLER_BUTTON_B: pygame.K_ESCAPE,
             pygame.CONTROLLER_BUTTON_START: pygame.K_ESCAPE, pygame.CONTROLLER_BUTTON_BACK: pygame.K_F1,
             pygame.CONTROLLER_BUTTON_X: pygame.K_TAB, pygame.CONTROLLER_BUTTON_Y: pygame.K_j,
             pygame.CONTROLLER_BUTTON_LEFTSHOULDER: pygame.K_PAGEUP,  # (a screen with cards: undo and SET)
             pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: pygame.K_PAGEDOWN}
PAD_EVENTS = (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP, pygame.CONTROLLERAXISMOTION,
              pygame.CONTROLLERDEVICEADDED, pygame.CONTROLLERDEVICEREMOVED)

#: the in-game help's lines for each device
PAD_HELP = ("D-pad or stick: move the ring · A: pick the card or press the button under it",
            "B: unselect (or back) · Start: pause · Back: rules · R shoulder: call SET (Classic, 20/20) · "
            "L shoulder: undo",
            "more pads: pad 2 plays seat 2, pad 3 seat 3 (hot seat in Classic)")


def key_event(key: int, unicode: str = "", mod: int = 0) -> pygame.event.Event:
    """A key press as a pad makes it (marked ``pad=True``)."""
    return pygame.event.Event(pygame.KEYDOWN, key=key, unicode=unicode, mod=mod, scancode=0, pad=True)


def click_event(pos: tuple[int, int]) -> pygame.event.Event:
    """A left click at ``pos`` as a pad makes it."""
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, pad=True)


def pad_point(r: pygame.Rect) -> tuple[int, int]:
    """Where a click on a target lands: its middle, or near the top of a tall card (the part of a
    card in a pile that the next card does not cover)."""
    return (r.centerx, r.top + min(r.h // 2, max(4, r.h // 8))) if r.h > r.w else r.center


def key_label_event(label: str) -> pygame.event.Event | None:
    """The key press a button's key label names ('U', 'Ctrl+Z/Backspace', 'End', '+'), None if none."""
    names = {"Esc": pygame.K_ESCAPE, "End": pygame.K_END, "F1": pygame.K_F1, "Enter": pygame.K_RETURN,
             "Space": pygame.K_SPACE, "Backspace": pygame.K_BACKSPACE}
    for part in label.split("/"):
        part = part.strip()
        if part in names:
            return key_event(names[part])
        if part.startswith("Ctrl+") and len(part) == 6:
            return key_event(pygame.key.key_code(part[5:].lower()), "", pygame.KMOD_LCTRL)
        if len(part) == 1:
            try:
                code = pygame.key.key_code(part.lower())
            except ValueError:
                code = 0
            return key_event(code, part.lower())
    return None


class Pad:
    """One controller: its seat, its ring position and its stick's last direction."""

    def __init__(self, instance_id: int, seat: int, device: Any = None) -> None:
        self.instance_id = instance_id
        self.seat = seat
        self.device = device  # the open pygame._sdl2.controller.Controller (None for a posted test pad)
        self.at: tuple[int, int] | None = None  # the ring's target, by its centre
        self.lean = (0, 0)
        self.scroll = 0  # the right stick's last lean: -1 up, 1 down, 0 none


class Pads:
    """Every connected pad, and the translation of their events (see the module's docstring)."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.pads: dict[int, Pad] = {}
        self.active = False  # the last input came from a pad (the help shows pad controls; the ring shows)
        self.drawn: list[pygame.Rect] = []
        self.sdl = None

    def start(self) -> None:
        """Open SDL's controllers and the pads already plugged in (after the first frame: it takes
        some milliseconds); pads plugged in later arrive as events."""
        try:
            from pygame._sdl2 import controller

            controller.init()
            self.sdl = controller
            for i in range(controller.get_count()):
                self.open(i)
        except Exception:  # no controller support in this SDL: the keyboard and mouse still work
            self.sdl = None

    # ----- pads come and go ---------------------------------------------------------
    def open(self, index: int) -> Pad | None:
        """Open the pad at device ``index`` (hot-plug); None when it cannot be opened."""
        if self.sdl is None:
            return None
        try:
            if not self.sdl.is_controller(index):
                return None
            device = self.sdl.Controller(index)
            iid = device.as_joystick().get_instance_id()
        except Exception:
            return None
        return self.pads.get(iid) or self.add(iid, device)

    def add(self, instance_id: int, device: Any = None) -> Pad:
        """A pad joins: it takes the lowest free seat."""
        taken = {p.seat for p in self.pads.values()}
        seat = next(s for s in range(len(self.pads) + 1) if s not in taken)
        pad = self.pads[instance_id] = Pad(instance_id, seat, device)
        return pad

    def remove(self, instance_id: int) -> None:
        pad = self.pads.pop(instance_id, None)
        if pad is not None and pad.device is not None:
            try:
                pad.device.quit()
            except Exception:
                pass

    def pad(self, instance_id: int) -> Pad:
        """The pad of an event (one never announced, as in a test, joins on its first press)."""
        return self.pads.get(instance_id) or self.add(instance_id)

    # ----- translation -------------------------------------------------------------------
    def handle(self, e: pygame.event.Event) -> list[pygame.event.Event]:
        """The events that stand for controller event ``e`` (often none)."""
        if e.type == pygame.CONTROLLERDEVICEADDED:
            self.open(getattr(e, "device_index", -1))
            return []
        if e.type == pygame.CONTROLLERDEVICEREMOVED:
            self.remove(getattr(e, "instance_id", -1))
            return []
        pad = self.pad(getattr(e, "instance_id", 0))
        if e.type == pygame.CONTROLLERAXISMOTION:
            return self.lean(pad, e)
        if e.type != pygame.CONTROLLERBUTTONDOWN:
            return []
        self.active = True
        return self.press(pad, e.button)

    def lean(self, pad: Pad, e: pygame.event.Event) -> list[pygame.event.Event]:
        """The left stick: leaning past STICK is one D-pad press (again only after it comes back); the right
        stick up or down is one PageUp or PageDown."""
        if e.axis == pygame.CONTROLLER_AXIS_RIGHTY:
            v = 0 if abs(e.value) < STICK else (1 if e.value > 0 else -1)
            was, pad.scroll = pad.scroll, v
            if v == 0 or v == was:
                return []
            self.active = True
            return [key_event(pygame.K_PAGEDOWN if v > 0 else pygame.K_PAGEUP)]
        if e.axis not in (pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY):
            return []
        v = 0 if abs(e.value) < STICK else (1 if e.value > 0 else -1)
        d = (v, 0) if e.axis == pygame.CONTROLLER_AXIS_LEFTX else (0, v)
        was = pad.lean
        pad.lean = d if v else (0, 0)
        if v == 0 or d == was:
            return []
        self.active = True
        return self.move(pad, d)

    def press(self, pad: Pad, button: int) -> list[pygame.event.Event]:
        scene = self.app.manager.top
        targets = self.targets(scene)
        if button in DIRS:
            return self.move(pad, DIRS[button])
        if not targets:
            return [key_event(MENU_KEYS[button])] if button in MENU_KEYS else []
        if button == pygame.CONTROLLER_BUTTON_A:
            return self.call_first(scene, pad) + [self.pick_event(scene, self.current(pad, targets))]
        if button == pygame.CONTROLLER_BUTTON_B:
            rects = self.selected_rects(scene)
            return [click_event(pad_point(r)) for r in rects] if rects else [key_event(pygame.K_ESCAPE)]
        if button == pygame.CONTROLLER_BUTTON_RIGHTSHOULDER:
            return [key_event(CALL_KEYS[pad.seat % len(CALL_KEYS)])]
        if button == pygame.CONTROLLER_BUTTON_LEFTSHOULDER:
            undo = next((b for b in getattr(scene, "side_buttons", []) if b.label == "Undo" and b.enabled), None)
            ev = key_label_event(undo.key) if undo is not None else None
            return [ev] if ev is not None else []
        return [key_event(MENU_KEYS[button])] if button in MENU_KEYS else []

    def move(self, pad: Pad, d: tuple[int, int]) -> list[pygame.event.Event]:
        """Move the pad's ring to the nearest target that way; on a screen without targets, an arrow key."""
        targets = self.targets(self.app.manager.top)
        if not targets:
            return [key_event(ARROWS[d])]
        if pad.at is None:  # the first press shows the ring where it starts
            self.current(pad, targets)
            return []
        cur = self.current(pad, targets)
        cx, cy = cur.center
        best, score = None, None
        for r in targets:
            dx, dy = r.centerx - cx, r.centery - cy
            ahead = dx * d[0] + dy * d[1]
            if ahead <= 0:
                continue
            s = ahead + 2.5 * abs(dx * d[1] + dy * d[0])
            if score is None or s < score:
                best, score = r, s
        if best is not None:
            pad.at = best.center
        return []

    @staticmethod
    def current(pad: Pad, targets: list[pygame.Rect]) -> pygame.Rect:
        """The target under the pad's ring: the one nearest where it last was (cards move and go)."""
        if pad.at is None:
            pad.at = targets[0].center
        x, y = pad.at
        return min(targets, key=lambda r: (r.centerx - x) ** 2 + (r.centery - y) ** 2)

    def call_first(self, scene: Any, pad: Pad) -> list[pygame.event.Event]:
        """In hot seat, a pad's pick with nobody calling calls for the pad's seat first."""
        humans = getattr(scene, "humans", None)
        if not humans or len(humans) < 2 or getattr(scene, "caller", 0) is not None:
            return []
        return [key_event(CALL_KEYS[pad.seat % len(CALL_KEYS)])]

    # ----- what the ring visits ---------------------------------------------------------
    @staticmethod
    def targets(scene: Any) -> list[pygame.Rect]:
        """The places a pad's ring can be on in ``scene``: none for a menu-like screen, nor for a demo (its
        buttons arrive as keys, and any of them leaves it)."""
        if scene is None or getattr(scene, "demo", False):
            return []
        if hasattr(scene, "pad_targets"):
            return [pygame.Rect(r) for r in scene.pad_targets()]
        sprites, art = getattr(scene, "sprites", None), getattr(scene, "art", None)
        if not isinstance(sprites, dict) or not callable(art):
            return []
        try:
            a = art()
            face_up = [s for k, s in sprites.items() if not (isinstance(k, int) and k < 0)]  # < 0: face down
            rects = [Pads.resting(s, a) for s in face_up]
        except Exception:
            return []
        buttons = list(getattr(scene, "side_buttons", [])) + list(getattr(scene, "top_buttons", []))
        extras = scene.pad_extras() if hasattr(scene, "pad_extras") else []  # e.g. Set-Chain's carried cards
        return [r for r in rects if r.w > 0] + list(extras) + [b.rect for b in buttons if b.enabled and b.rect.w > 0]

    @staticmethod
    def pick_event(scene: Any, target: pygame.Rect) -> pygame.event.Event:
        """What picks the ringed target: a table card's card key (right even while cards are still
        being dealt), else a click where the thing is this moment."""
        try:
            a = scene.art()
            sprite = next(s for s in scene.sprites.values() if Pads.resting(s, a) == target)
        except Exception:  # not a card: a button
            return click_event(pad_point(target))
        table = list(getattr(scene, "table", []))
        keys = getattr(scene, "card_keys", None)
        if keys and sprite.card in table:
            k = card_key(table.index(sprite.card), keys, rows_for(len(table)))
            if k:
                try:
                    code = pygame.key.key_code(k)
                except ValueError:
                    code = 0
                return key_event(code, k)
        return click_event(pad_point(sprite.rect(a)))

    @staticmethod
    def resting(sprite: Any, art: Any) -> pygame.Rect:
        """Where a card is going to be (a card being dealt or sliding is ringed at its place)."""
        r = sprite.rect(art)
        move = getattr(sprite, "move", None)
        if move is not None:
            r.center = (round(move.end[0]), round(move.end[1]))
        return r

    @staticmethod
    def selected_rects(scene: Any) -> list[pygame.Rect]:
        """Where the selected cards are (B unselects them by clicking each)."""
        try:
            a = scene.art()
            return [Pads.resting(scene.sprites[c], a) for c in getattr(scene, "selected", []) if c in scene.sprites]
        except Exception:
            return []

    # ----- the rings -------------------------------------------------------------------
    def rings(self) -> list[tuple[pygame.Rect, tuple[int, int, int]]]:
        """Each pad's ring and colour, while a pad is the device in use."""
        if not self.active or not self.pads:
            return []
        targets = self.targets(self.app.manager.top)
        if not targets:
            return []
        return [(self.current(p, targets).inflate(10, 10), RING_COLOURS[p.seat % len(RING_COLOURS)])
                for p in sorted(self.pads.values(), key=lambda p: p.seat)]

    def dirty(self) -> list[pygame.Rect]:
        """Where rings were drawn last frame and will be now (the App redraws those areas)."""
        now = [r.inflate(4, 4) for r, _c in self.rings()]
        out = self.drawn + now
        self.drawn = now
        return out

    def draw(self, surface: pygame.Surface) -> None:
        for k, (r, colour) in enumerate(self.rings()):
            pygame.draw.rect(surface, colour, r.inflate(4 * k, 4 * k), width=3, border_radius=max(6, r.w // 10))

    def help_lines(self) -> tuple[str, ...]:
        """The controls of the device in use, for the in-game help (pads; empty for the keyboard)."""
        return PAD_HELP if self.active else ()
