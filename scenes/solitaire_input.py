"""Input of the stacked solitaires: clicks, drag and drop, number keys, the cursor (see ``scenes.solitaire``).

* click a pile top to select it (three selected cards are tried as a Set);
  with one card selected, click anywhere else on a lit pile to move it there;
* drag a pile top (or a side card) and drop it on a pile;
* while one card is held or selected, the piles it may go to light up, and
  hovering any other pile says why not (the engine's own refusal);
* keys: the pile's number selects its top, Shift+number moves the selected
  card there, arrows + Space/Enter work a cursor, S tries a Set, Backspace
  clears, U / Ctrl+Z undo, Y / Ctrl+Y redo.
"""

from __future__ import annotations

import pygame

from sprites import theme

from .hud import key_matches, window_left

DRAG_START = 8  # pixels the mouse travels before a press becomes a drag
CONFIRM = 4.0  # seconds a "really?" button waits for its second press


class StackInput:
    """Part of ``PileBoard``: turns events into picks, moves and button presses."""

    # ----- input ---------------------------------------------------------------------------
    def handle_event(self, e: pygame.event.Event) -> bool:
        if window_left(e) and self.scene.clock_running and not (self.scene.demo or self.scene.replaying):
            self.scene.pause()
            return True
        if e.type == pygame.KEYDOWN:
            return self.scene.handle_key(e)
        if e.type == pygame.MOUSEMOTION:
            for b in self.scene.side_buttons + self.scene.top_buttons:
                b.handle_event(e)
            self.motion(e.pos)
            return True
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            for b in self.scene.side_buttons + self.scene.top_buttons:
                if b.handle_event(e):
                    return True
            if not self.scene.locked:
                self.press(e.pos)
            return True
        if e.type == pygame.MOUSEBUTTONUP and e.button == 1:
            self.release(e.pos)
            return True
        return False

    def press(self, pos) -> None:
        self.scene.input = "mouse"
        k = self.key_at(pos)
        if k is not None and self.accessible(k):
            s = self.scene.sprites[k]
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
        if k is None or k not in self.scene.sprites:
            return
        if not self.dragging and abs(pos[0] - self.press_at[0]) + abs(pos[1] - self.press_at[1]) >= DRAG_START:
            self.dragging = True
            self.scene.sprites[k].selected = False
        if self.dragging:
            s = self.scene.sprites[k]
            s.move = None
            s.pos = s.prev = (pos[0] + self.grab[0], pos[1] + self.grab[1])

    def on_hover(self, i: int | None) -> None:
        """The mouse entered pile ``i``: say why the moving card cannot go there."""
        k = self.moving_card()
        if k is None or i is None or self.pile_of(k) == i:
            return
        why = self.reason(k, i)
        if why:
            self.scene.toast.show(why, theme.BAD, 2.5)

    def release(self, pos) -> None:
        k, dragging = self.held, self.dragging
        self.held, self.dragging = None, False
        if k is None or k not in self.scene.sprites or self.scene.locked:
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
        if e.key == pygame.K_ESCAPE and (self.scene.selected or self.confirm) and not self.scene.locked:
            self.clear()
            return True
        if e.key in (pygame.K_ESCAPE, pygame.K_F1) or self.scene.locked:
            return self.scene.base_key(e)
        self.scene.input = "key"
        if e.mod & pygame.KMOD_CTRL and e.key in (pygame.K_z, pygame.K_y):
            (self.undo if e.key == pygame.K_z else self.redo)()
            return True
        for b in self.scene.side_buttons:
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
        self.scene.selected, self.confirm = [], ""
        for s in self.scene.sprites.values():
            s.selected = False

    def confirmed(self, what: str, prompt: str) -> bool:
        """True on the second press of a risky button within a few seconds; the first asks."""
        if self.confirm == what:
            self.confirm = ""
            return True
        self.confirm, self.confirm_t = what, CONFIRM
        self.scene.toast.show(prompt, theme.ACCENT, CONFIRM)
        return False

    def click_card(self, k: int) -> None:
        i = self.pile_of(k)
        if self.accessible(k) and not (len(self.scene.selected) == 1 and k not in self.scene.selected and i is not None
                                       and i in self.lit() and k != self.top(i)):
            self.select(k)
        elif i is not None:
            self.click_pile(i)

    def click_pile(self, i: int) -> None:
        k = self.moving_card()
        if k is not None and self.pile_of(k) != i:
            self.try_move(k, i)

    def place_key(self, n: int) -> int | None:
        """The card of place ``n``: piles first, then the side cards."""
        if n < len(self.stacks):
            return self.top(n)
        j = n - len(self.stacks)
        return self.extras[j] if 0 <= j < len(self.extras) else None

    @property
    def places(self) -> int:
        return len(self.stacks) + len(self.extras)
