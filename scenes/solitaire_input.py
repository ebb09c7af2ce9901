"""Input of the stacked solitaires: clicks, drag and drop, number keys, the cursor (see ``scenes.solitaire``)."""

from __future__ import annotations

import pygame

from sprites import theme

from .hud import key_matches, window_left

DRAG_START = 8  # pixels the mouse travels before a press becomes a drag
CONFIRM = 4.0  # seconds a "really?" button waits for its second press


class StackInput:
    """Mixed into ``StackScene``: turns events into picks, moves and button presses."""

    # ----- input ---------------------------------------------------------------------------
    def handle_event(self, e: pygame.event.Event) -> bool:
        if window_left(e) and self.clock_running and not (self.demo or self.replaying):
            self.pause()
            return True
        if e.type == pygame.KEYDOWN:
            return self.handle_key(e)
        if e.type == pygame.MOUSEMOTION:
            for b in self.side_buttons + self.top_buttons:
                b.handle_event(e)
            self.motion(e.pos)
            return True
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            for b in self.side_buttons + self.top_buttons:
                if b.handle_event(e):
                    return True
            if not self.locked:
                self.press(e.pos)
            return True
        if e.type == pygame.MOUSEBUTTONUP and e.button == 1:
            self.release(e.pos)
            return True
        return False

    def press(self, pos) -> None:
        self.input = "mouse"
        k = self.key_at(pos)
        if k is not None and self.accessible(k):
            s = self.sprites[k]
            self.held, self.press_at, self.dragging = k, pos, False
            self.grab = (s.pos[0] - pos[0], s.pos[1] - pos[1])
            return
        self.held = None
        if k is not None:
            self.click_card(k)
            return
        i = self.pile_at(pos)
        if i is not None:
            self.click_pile(i)

    def motion(self, pos) -> None:
        i = self.pile_at(pos)
        if i != self.hover:
            self.hover = i
            self.on_hover(i)
        k = self.held
        if k is None or k not in self.sprites:
            return
        if not self.dragging and abs(pos[0] - self.press_at[0]) + abs(pos[1] - self.press_at[1]) >= DRAG_START:
            self.dragging = True
            self.sprites[k].selected = False
        if self.dragging:
            s = self.sprites[k]
            s.move = None
            s.pos = s.prev = (pos[0] + self.grab[0], pos[1] + self.grab[1])

    def on_hover(self, i: int | None) -> None:
        """The mouse entered pile ``i``: say why the moving card cannot go there."""
        k = self.moving_card()
        if k is None or i is None or self.pile_of(k) == i:
            return
        why = self.reason(k, i)
        if why:
            self.toast.show(why, theme.BAD, 2.5)

    def release(self, pos) -> None:
        k, dragging = self.held, self.dragging
        self.held, self.dragging = None, False
        if k is None or k not in self.sprites or self.locked:
            return
        if not dragging:
            self.click_card(k)
            return
        i = self.pile_at(pos)
        if i is None or i == self.pile_of(k):
            self.place(animate=True)
            return
        self.try_move(k, i)

    def handle_key(self, e: pygame.event.Event) -> bool:
        if e.key == pygame.K_ESCAPE and (self.selected or self.confirm) and not self.locked:
            self.clear()
            return True
        if e.key in (pygame.K_ESCAPE, pygame.K_F1) or self.locked:
            return super().handle_key(e)
        self.input = "key"
        if e.mod & pygame.KMOD_CTRL and e.key in (pygame.K_z, pygame.K_y):
            (self.undo if e.key == pygame.K_z else self.redo)()
            return True
        for b in self.side_buttons:
            if b.enabled and key_matches(e, b.key):
                b.action()
                return True
        n = e.key - pygame.K_1 if pygame.K_1 <= e.key <= pygame.K_9 else -1
        if n < 0 and e.unicode and e.unicode in "123456789":
            n = int(e.unicode) - 1
        if 0 <= n < self.places:
            self.cursor = n
            self.number(n, bool(e.mod & pygame.KMOD_SHIFT))
            return True
        steps = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_UP: -(self.GRID or 1),
                 pygame.K_DOWN: self.GRID or 1}
        if e.key in steps:
            self.cursor = (self.cursor + steps[e.key]) % max(1, self.places)
            return True
        if e.key == pygame.K_SPACE:
            self.number(self.cursor, False)
            return True
        if e.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.number(self.cursor, self.moving_card() is not None)
            return True
        if e.key == pygame.K_BACKSPACE:
            self.clear()
            return True
        if e.key == pygame.K_s:
            self.form_set()
            return True
        return False

    def number(self, n: int, move: bool) -> None:
        """Place ``n`` chosen by key: move the selected card there (``move``), else pick its card."""
        k = self.moving_card()
        if move and k is not None and n < len(self.stacks) and self.pile_of(k) != n:
            self.try_move(k, n)
            return
        c = self.place_key(n)
        if c is not None:
            self.select(c)
        elif n < len(self.stacks):
            self.click_pile(n)

    def clear(self) -> None:
        self.selected, self.confirm = [], ""
        for s in self.sprites.values():
            s.selected = False

    def confirmed(self, what: str, prompt: str) -> bool:
        """True on the second press of a risky button within a few seconds; the first asks."""
        if self.confirm == what:
            self.confirm = ""
            return True
        self.confirm, self.confirm_t = what, CONFIRM
        self.toast.show(prompt, theme.ACCENT, CONFIRM)
        return False
