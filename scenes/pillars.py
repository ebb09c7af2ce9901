"""Pillars (RULES.md §5) in the window: six fanned columns of 13, foundations, the three oracles.

The columns fan downwards and close up as they grow, so 78 cards fit any
window.  Face-down foundations are card backs; the oracles still to consult
are a small stack in the side panel, and the face-up side oracles fan below
it (they are accessible: pick them with 7, 8, 9 or the mouse).

Consulting an oracle asks first where it goes — an empty column (click it
or press its number) or the side (S, or click the side area) — and only
then turns it up.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.cards import code, describe, find_sets
from game.move import Move
from game.variants.pillars import Pillars
from sprites import theme
from sprites.cardart import ASPECT, art_for
from sprites.hud import Button, row_buttons
from sprites.layout import Frame

from .solitaire import PileBoard
from .solitaire_players import PillarsPlayer
from .table import TableScene

CELEBRATE = 3.0  # seconds the won table stays before the results
GAP_SHARE = 0.12  # the gap between two columns, in card widths
STRIP = 11.6  # the height, in units, of the panel laid under the board in a tall window


def column_width(board: pygame.Rect, u: float) -> int:
    """The card width that fits the six columns in ``board`` (a full column of 13 shows at least a third of
    each card)."""
    by_w = board.w / (6 + 7 * GAP_SHARE)
    by_h = (board.h - u * 1.5) / 4.3 * 1.55
    return max(30, int(min(by_w, by_h, 260)))


def pillars_frame(size: tuple[int, int]) -> Frame:
    """The side panel goes under the board when that makes the cards clearly larger (a 4:3 window), unless
    the window is so low that the fanned columns would then show too little of each card to read.

    >>> [bool(pillars_frame(s).strip) for s in ((800, 600), (1024, 768), (1280, 720), (960, 600), (640, 400))]
    [True, True, False, False, False]
    """
    side = Frame(size)
    under = Frame(size, strip=round(side.unit * STRIP))
    wider = column_width(under.board, under.unit) > 1.15 * column_width(side.board, side.unit)
    return under if wider and fan_gap(under.board, under.unit) >= 0.7 * fan_gap(side.board, side.unit) else side


def fan_gap(board: pygame.Rect, u: float) -> float:
    """How much of each card a full column shows, in px (as ``PileBoard.compute_steps`` fans it)."""
    h = column_width(board, u) / ASPECT
    return min(h * 0.48, (board.h - u * 1.9 - h) / PillarsBoard.FAN_FIXED)


class PillarsBoard(PileBoard):
    """The six columns, the side oracles and the oracle stack."""
    LEGEND = ("1-6 pick a column top · 7-9 a side oracle", "Shift+number  move the picked card there",
              "arrows + Space/Enter  cursor · S  Set", "O oracle · A Sets-left assist · Esc clear")

    def __init__(self, scene: Any) -> None:
        super().__init__(scene)
        self.side_zone = pygame.Rect(0, 0, 0, 0)  # where a click puts an oracle to the side
        self.stack_pos = (0.0, 0.0)
        self.info = self.legend_area = pygame.Rect(0, 0, 0, 0)  # the panel's parts (one rect, or a strip's thirds)

    def pile_codes(self) -> list[list[str]]:
        return self.scene.v["columns"]

    def extra_codes(self) -> list[str]:
        return self.scene.v["side"]

    def accessible(self, k: int) -> bool:
        return k >= 0 and code(k) in self.scene.v["accessible"]

    def lay_out(self) -> None:
        f, u = self.scene.frame, self.scene.frame.unit
        b = f.board
        label = u * 1.5
        self.card_w = column_width(b, u)
        w, h = self.card_w, self.card_h
        gap = w * GAP_SHARE
        x0 = b.centerx - (6 * w + 5 * gap) / 2 + w / 2
        y0 = b.top + label + h / 2
        self.anchors = [(x0 + i * (w + gap), y0) for i in range(6)]
        self.room = [b.bottom - u * 0.4 - h / 2 - y0] * 6
        side = f.side
        if f.strip:  # the panel is a strip under the board: counts | side oracles | legend and buttons
            self.info = pygame.Rect(side.left, side.top, round(max(u * 15, side.w * 0.28)), side.h)
            fan = pygame.Rect(self.info.right + u, side.top, round(w * 1.9 + u), side.h)
            self.extra_pos = [(fan.left + u / 2 + w / 2 + j * w * 0.45, fan.centery) for j in range(3)]
            self.side_zone = fan.inflate(0, -u)
            self.legend_area = pygame.Rect(fan.right + u, side.top, side.right - fan.right - u, side.h)
        else:  # the side panel: counts, then the side oracles fanning down, the legend and buttons at its foot
            self.info = self.legend_area = side
            fan_top = side.top + u * 8.8 + h / 2
            self.extra_pos = [(side.centerx, fan_top + j * h * 0.4) for j in range(3)]
            self.side_zone = pygame.Rect(side.left + u * 0.5, side.top + u * 4.6, side.w - u, u * 4 + h * 1.8)
        self.stack_pos = (self.info.left + u * 2.4, self.info.top + u * 6.4)
        n = len(self.scene.side_buttons)
        area = self.legend_area
        bh, g = round(u * 2.0), round(u * 0.5)
        top = area.bottom - 2 * bh - g - round(u * 0.6)
        row_buttons(self.scene.side_buttons[:2], pygame.Rect(area.left + u * 0.8, top, area.w - u * 1.6, bh), g)
        row_buttons(self.scene.side_buttons[2:n], pygame.Rect(area.left + u * 0.8, top + bh + g, area.w - u * 1.6, bh),
                    g)

    def place(self, animate: bool = True) -> None:
        """As every pile board does; and a face-up card with another on it shows its symbols, small and
        whole, in the strip of it left in sight (the top third of a symbol would not tell every feature)."""
        super().place(animate)
        for pile, step in zip(self.stacks, self.steps()):
            for p, k in enumerate(pile):
                s = self.scene.sprites.get(k)
                if s is not None:
                    s.band = round(step) if k >= 0 and p + 1 < len(pile) else 0

    def origin(self) -> tuple[float, float]:
        return self.stack_pos

    def taker(self) -> tuple[float, float]:
        return self.scene.frame.side.centerx, self.scene.frame.side.top + self.scene.frame.unit * 2

    def click_pile(self, i: int) -> None:
        if self.scene.choosing:
            self.scene.consult(f"> {i + 1}")
            return
        super().click_pile(i)

    def click_card(self, k: int) -> None:
        if self.scene.choosing:
            i = self.pile_of(k)
            if i is not None:
                self.scene.consult(f"> {i + 1}")
            else:
                self.scene.consult("side")
            return
        super().click_card(k)

    def press(self, pos) -> None:
        if self.scene.choosing and self.side_zone.collidepoint(pos):
            self.scene.consult("side")
            return
        if not self.scene.choosing and self.key_at(pos) is None and self.stack_rect().collidepoint(pos):
            self.scene.oracle()
            return
        super().press(pos)

    def stack_rect(self) -> pygame.Rect:
        small = self.small_art()
        r = pygame.Rect((0, 0), small.size)
        r.center = (round(self.stack_pos[0]), round(self.stack_pos[1]))
        return r.inflate(8, 8)

    def small_art(self):
        return art_for(round(self.scene.frame.unit * 3.2), str(self.scene.app.settings.get("palette", "standard")))

    def number(self, n: int, move: bool) -> None:
        if self.scene.choosing:
            if n < len(self.stacks):
                self.scene.consult(f"> {n + 1}")
            return
        super().number(n, move)

    def after_turn(self, news: str) -> None:
        super().after_turn(news)
        if self.scene.game.over:
            self.scene.finish_banner()

    def mode_key(self) -> tuple:
        return (self.scene.choosing, self.scene.assist, self.banner)

    def side_key(self) -> tuple:
        v = self.scene.v
        return super().side_key() + (v["down"], v["score"], v["consulted"], v["oracles"], self.scene.sets_left)

    def draw_places(self, surface: pygame.Surface) -> None:
        super().draw_places(surface)
        if self.scene.choosing:
            for i, s in enumerate(self.stacks):
                if not s and any(m == f"oracle > {i + 1}" for m in self.legal):
                    r = self.slot_rect(i, 0)
                    pygame.draw.rect(surface, theme.ACCENT, r.inflate(8, 8), width=3,
                                     border_radius=self.art().radius + 3)
                    theme.blit_text(surface, "oracle here?", round(self.scene.frame.unit * 0.9), r.center, theme.ACCENT,
                                    True, "center")

    def banner_color(self):
        return theme.ACCENT if self.scene.game.won else theme.BAD if self.scene.v["result"] == "lost" else theme.INK



class PillarsScene(TableScene):
    BOARD = PillarsBoard
    mode = Pillars.NAME

    def make_frame(self, size: tuple[int, int]) -> Frame:
        return pillars_frame(size)

    def enter(self, data: dict[str, Any]) -> None:
        self.choosing = False  # an oracle waits for its place
        self.assist = False
        super().enter(data)

    def buttons(self) -> list[Button]:
        return [Button("Undo", self.board.undo, "U"), Button("Redo", self.board.redo, "Y"),
                Button("Oracle", self.oracle, "O"), Button("Resign", self.resign, "R")]

    def make_driver(self):
        return PillarsPlayer()

    # ----- the view --------------------------------------------------------------------
    def refresh(self) -> None:
        super().refresh()
        self.sets_left = len(find_sets(self.game.cards_left())) if self.assist else None

    # ----- layout ----------------------------------------------------------------------
    # ----- oracles ---------------------------------------------------------------------
    def oracle(self) -> None:
        if self.locked:
            return
        if not self.v["oracles"]:
            self.toast.show("No oracle left: all three were consulted", theme.BAD)
            return
        if self.choosing:
            self.choosing = False
            self.toast.show("Oracle put back, unseen", theme.INFO, 1.5)
            return
        self.board.clear()
        self.choosing = True
        empty = [i + 1 for i, s in enumerate(self.board.stacks) if not s]
        where = (f"click an empty column or press its number ({', '.join(map(str, empty))}), or "
                 if empty and any(m.startswith("oracle >") for m in self.board.legal) else "")
        self.toast.show(f"Oracle: {where}press S or click the side for the side · Esc cancels", theme.INFO,
                        60.0)

    def consult(self, target: str) -> None:
        self.toast.show("", theme.INFO, 0.0)
        self.choosing = self.play(f"oracle {target}") is None  # refused: still choosing, the toast says why

    def handle_key(self, e: pygame.event.Event) -> bool:
        if not self.locked:
            if e.key == pygame.K_ESCAPE and self.choosing:
                self.choosing = False
                self.toast.show("Oracle put back, unseen", theme.INFO, 1.5)
                return True
            if self.choosing and e.key == pygame.K_s:
                self.consult("side")
                return True
            if e.key == pygame.K_a and not e.mod & pygame.KMOD_CTRL:
                self.assist = not self.assist
                self.refresh()
                return True
        return super().handle_key(e)

    def resign(self) -> None:
        if not self.locked and self.board.confirmed("resign", "Resign this game? Press Resign (R) again to confirm"):
            self.play("resign")

    # ----- moves -----------------------------------------------------------------------
    def on_played(self, m: Move) -> None:
        self.choosing = False
        if m.verb == "set":
            self.app.sound("set")
            self.float_text("+3", self.set_center(m.cards), theme.GOOD)
            self.board.sync(taker=self.board.taker())
        elif m.verb == "oracle":
            self.app.sound("deal")
            self.board.sync(origin=self.board.stack_pos)
            self.toast.show(f"The oracle is {describe(self.revealed(m))}", theme.ACCENT, 2.5)
        else:
            self.board.sync()
        if self.game.over:
            self.finish_banner()

    def revealed(self, m: Move) -> int:
        if m.target == "side":
            return self.board.extras[-1]
        return self.board.stacks[int(m.target) - 1][0]

    def finish_banner(self) -> None:
        result = self.v["result"]
        if result == "won":
            self.app.sound("win")
            self.board.banner = "SAMSON!" if self.game.title == "Samson" else "PILLARS CLEARED!"
            b = self.frame.board
            for k, x in enumerate((0.2, 0.5, 0.8, 0.35, 0.65)):
                self.burst((b.left + b.w * x, b.top + b.h * (0.3 + 0.15 * (k % 2))))
            self.ending = CELEBRATE
        elif result == "lost":
            self.app.sound("lose")
            self.board.banner = "NO MOVES LEFT"
            self.ending = 2.2
        else:
            self.board.banner = "RESIGNED"

    # ----- drawing ---------------------------------------------------------------------
    def draw_deck(self, surface: pygame.Surface, n: int) -> None:
        pass  # no deck: the oracles lie in the side panel

    def draw_side(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        super().draw_side(surface, rect)
        u, v = self.frame.unit, self.v
        rect = self.board.info
        x = rect.left + u
        theme.blit_text(surface, "FOUNDATIONS DOWN", round(u * 0.85), (x, rect.top + u * 0.8), theme.MUTED, True)
        theme.blit_text(surface, str(v["down"]), round(u * 2.2), (rect.right - u, rect.top + u * 0.5), theme.INK,
                        True, "topright")
        info = f"removed {v['score']} · oracles used {v['consulted']}"
        theme.blit_text(surface, info, round(u * 0.85), (x, rect.top + u * 2.2), theme.MUTED, True)
        assist = f"Sets among all cards left: {self.sets_left}" if self.assist else "A: count the Sets left"
        theme.blit_text(surface, assist, round(u * 0.85), (x, rect.top + u * 3.4),
                        theme.ACCENT if self.assist else theme.DIM, True)
        if self.choosing:
            theme.panel(surface, self.board.side_zone, round(u * 0.5), (255, 196, 70, 30), theme.ACCENT)
        small = self.board.small_art()
        n = v["oracles"]
        sx, sy = self.board.stack_pos
        for k in range(n):
            img = small.back()
            surface.blit(img, img.get_rect(center=(round(sx + k * 3), round(sy - k * 3))))
        if not n:
            theme.panel(surface, self.board.stack_rect().inflate(-8, -8), 6, (255, 255, 255, 8), (255, 255, 255, 40))
        label = f"ORACLES · {n} face down" if n else "ORACLES · all consulted"
        theme.blit_text(surface, label, round(u * 0.85), (sx + small.w * 0.5 + u * 0.8, sy - u * 0.5),
                        theme.INK if n else theme.DIM, True, "midleft")
        hint = "S / click here: to the side" if self.choosing else "O / click: consult"
        theme.blit_text(surface, hint, round(u * 0.8), (sx + small.w * 0.5 + u * 0.8, sy + u * 0.6),
                        theme.ACCENT if self.choosing else theme.DIM, True, "midleft")
        if not v["side"]:
            r = pygame.Rect(0, 0, self.board.card_w, self.board.card_h)
            r.center = (round(self.board.extra_pos[0][0]), round(self.board.extra_pos[0][1]))
            theme.panel(surface, r, self.board.art().radius, (255, 255, 255, 6), (255, 255, 255, 30))
            theme.blit_text(surface, "side oracles", round(u * 0.8), r.center, theme.DIM, True, "center")
        top = min(b.rect.top for b in self.side_buttons)
        self.board.draw_legend(surface, top - u * 0.6, self.board.legend_area)
