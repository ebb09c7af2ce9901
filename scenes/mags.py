"""Mag's Set Solitaire (RULES.md §4) in the window: nine piles, nine rounds, Sets of pile tops.

The piles lie in a 3×3 grid, or in one row when the window is wide enough
for bigger cards that way.  In the grid a pile is squared up, showing only
its edges; hovering it (or P, which fans the cursor's pile) spreads it out
to peek beneath the top.  With the no-peek option the cards beneath stay
backs.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.cards import plural
from game.move import Move
from game.variants.mags import Mags
from sprites import theme
from sprites.hud import Button, row_buttons

from .solitaire import PileBoard
from .solitaire_players import MagsPlayer
from .table import TableScene

SQUARED = 0.09  # gap between cards of a squared-up pile, as a share of the card height
FANNED = 0.42


class MagsBoard(PileBoard):
    """The nine piles, in a grid or a row, one fanned out when peeked at."""
    FAN_FIXED = 10  # a fanned pile spreads wide; piles rarely pass ten cards
    LEGEND = ("1-9 pick a pile top · Shift+number move there", "arrows + Space/Enter cursor · S Set",
              "P peek under the cursor's pile · Esc clear")

    def __init__(self, scene: Any) -> None:
        super().__init__(scene)
        self.grid = True
        self.cells: list[pygame.Rect] = []

    def pile_codes(self) -> list[list[str]]:
        return self.scene.v["piles"]

    @property
    def GRID(self) -> int:  # noqa: N802 - the cursor's row length, a class constant in the base
        return 3 if self.grid else 0

    def lay_out(self) -> None:
        f, u = self.scene.frame, self.scene.frame.unit
        b = f.board
        label = u * 1.4
        cell_w, cell_h = b.w / 3, (b.h - 0.2 * u) / 3
        grid_w = min(cell_w * 0.82, (cell_h - label) / (1 + 8 * SQUARED + 0.1) * 1.55)
        row_w = min(b.w / (9 + 10 * 0.1), (b.h - label) / (1 + 10 * 0.3) * 1.55)
        self.grid = grid_w >= row_w
        self.card_w = max(30, int(min(max(grid_w, row_w), 250)))
        w, h = self.card_w, self.card_h
        if self.grid:
            self.anchors = [(b.left + cell_w * (i % 3 + 0.5), b.top + cell_h * (i // 3) + label + h / 2)
                            for i in range(9)]
            self.cells = [pygame.Rect(round(b.left + cell_w * (i % 3)), round(b.top + cell_h * (i // 3)),
                                      round(cell_w), round(cell_h)) for i in range(9)]
        else:
            gap = (b.w - 9 * w) / 10
            self.anchors = [(b.left + gap + w / 2 + i * (w + gap), b.top + label + h / 2) for i in range(9)]
            self.cells = [pygame.Rect(0, 0, 0, 0)] * 9
        self.set_room()
        side = f.side
        bh, g = round(u * 2.0), round(u * 0.5)
        top = side.bottom - 2 * bh - g - round(u * 0.6)
        row_buttons(self.scene.side_buttons[:2], pygame.Rect(side.left + u * 0.8, top, side.w - u * 1.6, bh), g)
        row_buttons(self.scene.side_buttons[2:], pygame.Rect(side.left + u * 0.8, top + bh + g, side.w - u * 1.6, bh),
                    g)

    def fanned(self) -> int | None:
        if not self.grid:
            return None
        if self.hover is not None:
            return self.hover
        return self.cursor if self.scene.peeking else None

    def set_room(self) -> None:
        b, h = self.scene.frame.board, self.card_h
        fan = self.fanned()
        self.room = []
        for i, (_x, y) in enumerate(self.anchors):
            bottom = self.cells[i].bottom if self.grid and i != fan else b.bottom
            self.room.append(max(0.0, bottom - self.scene.frame.unit * 0.3 - h / 2 - y))

    def fan_key(self) -> tuple:
        return (self.grid, self.fanned())

    def fan_step(self, i: int) -> float:
        return self.card_h * (FANNED if not self.grid or i == self.fanned() else SQUARED)

    def on_hover(self, i: int | None) -> None:
        self.set_room()
        self.place(animate=True)
        super().on_hover(i)

    def pile_at(self, pos) -> int | None:
        fan = self.fanned()
        if fan is not None and self.pile_rect(fan).collidepoint(pos):
            return fan
        return super().pile_at(pos)

    def pile_order(self) -> list[int]:
        fan = self.fanned()
        return [i for i in range(9) if i != fan] + ([fan] if fan is not None else [])

    def after_turn(self, news: str) -> None:
        super().after_turn(news)
        if self.scene.game.over:
            self.scene.end_banner()

    def mode_key(self) -> tuple:
        return (self.scene.peeking, self.banner)

    def side_key(self) -> tuple:
        v = self.scene.v
        status = self.scene.driver.status() if self.scene.driver is not None else ""
        return super().side_key() + (v["round"], v["score"], v["left"], v["deck"], v["par"], status)

    def banner_color(self):
        return theme.ACCENT if self.scene.game.won else theme.INK



class MagsScene(TableScene):
    BOARD = MagsBoard
    mode = Mags.NAME

    def enter(self, data: dict[str, Any]) -> None:
        self.peeking = False
        super().enter(data)

    def buttons(self) -> list[Button]:
        return [Button("Deal", self.deal, "D", accent=True), Button("End", self.end, "E"),
                Button("Undo", self.board.undo, "U"), Button("Redo", self.board.redo, "Y")]

    def make_driver(self):
        return MagsPlayer()

    # ----- layout ----------------------------------------------------------------------
    # ----- actions ---------------------------------------------------------------------
    def deal(self) -> None:
        if not self.locked:
            self.board.clear()
            self.play("deal")

    def end(self) -> None:
        if not self.locked and self.board.confirmed("end", "End the game here? Press End (E) again to confirm"):
            self.play("end")

    def handle_key(self, e: pygame.event.Event) -> bool:
        if e.key == pygame.K_p and not self.locked:
            self.peeking = not self.peeking
            self.input = "key"
            self.board.set_room()
            self.board.place(animate=True)
            return True
        if e.key == pygame.K_END and not self.locked:
            self.end()
            return True
        moved = super().handle_key(e)
        if self.peeking and e.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            self.board.set_room()
            self.board.place(animate=True)
        return moved

    def on_played(self, m: Move) -> None:
        if m.verb == "set":
            self.app.sound("set")
            self.float_text("+1", self.set_center(m.cards), theme.GOOD)
            self.board.sync(taker=self.board.taker())
        elif m.verb == "deal":
            self.board.sync(origin=self.frame.deck_pos, stagger=0.05)
        else:
            self.board.sync()
        if self.game.over:
            self.end_banner()

    def end_banner(self) -> None:
        left = self.v["left"] + self.v["deck"]
        if self.game.won:
            self.app.sound("win")
            self.board.banner = f"WON — {left} CARDS LEFT"
            b = self.frame.board
            for x in (0.25, 0.5, 0.75):
                self.burst((b.left + b.w * x, b.top + b.h * 0.35))
            self.ending = 2.6
        else:
            self.app.sound("lose")
            self.board.banner = f"GAME OVER — {left} CARDS LEFT"
            self.ending = 2.0

    # ----- drawing ---------------------------------------------------------------------
    def draw_side(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        super().draw_side(surface, rect)
        u, v = self.frame.unit, self.v
        x = rect.left + u
        theme.blit_text(surface, "ROUND", round(u * 0.85), (x, rect.top + u * 0.8), theme.MUTED, True)
        theme.blit_text(surface, f"{v['round']} / 9", round(u * 2.0), (rect.right - u, rect.top + u * 0.5),
                        theme.INK, True, "topright")
        theme.blit_text(surface, "SETS", round(u * 0.85), (x, rect.top + u * 3.0), theme.MUTED, True)
        theme.blit_text(surface, str(v["score"]), round(u * 2.0), (rect.right - u, rect.top + u * 2.7),
                        theme.GOOD, True, "topright")
        left = v["left"] + v["deck"]
        lines = [(f"{plural(left, 'card')} to clear (win: 9 or fewer)", theme.MUTED)]
        if v["par"] is not None:
            lines.append((f"par {plural(v['par'], 'Set')}", theme.ACCENT))
        lines.append(("peeking allowed (hover a pile)" if v["peek"] else "no peeking: tops only",
                      theme.MUTED if v["peek"] else theme.INFO))
        if v["round"] == 9:
            lines.append(("last round dealt: play out, or End", theme.ACCENT))
        y = rect.top + u * 5.4
        for s, color in lines:
            theme.blit_text(surface, s, round(u * 0.85), (x, y), color, True)
            y += u * 1.3
        status = self.driver.status() if self.driver is not None else ""
        if status:
            theme.blit_text(surface, f"demo: {status}", round(u * 0.85), (x, y), theme.INFO, True)
        top = min(b.rect.top for b in self.side_buttons)
        self.board.draw_legend(surface, top - u * 0.6)
