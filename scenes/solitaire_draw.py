"""Drawing of the stacked solitaires, and what to draw again (see ``scenes.solitaire``).

A full redraw of a 1920x1080 window costs milliseconds, so each pile, the
side panel and the bars are regions of their own, drawn again (clipped)
only when what they show changes; after a move only the changed end of a
pile is.  Drawing skips whatever lies outside the clip.
"""

from __future__ import annotations

from typing import Any

import pygame

from sprites import theme

from .redraw import merge


def legend_lines(line: str, size: int, width: int) -> list[str]:
    """A legend line (hints joined by " · ") cut to lines no wider than ``width`` (bold, ``size``): between
    whole hints where it must break, a hint's words wrapped only when it alone is too wide, and never a
    word alone on a line while the one above can spare one.

    >>> legend_lines("1-9 pick a pile top · Shift+number move there", 12, 150)
    ['1-9 pick a pile top', 'Shift+number move there']
    """
    def fits(s: str) -> bool:
        return theme.text_size(s, size, True)[0] <= width

    if fits(line):
        return [line]
    out: list[str] = []
    cur = ""
    for hint in line.split(" · "):
        trial = f"{cur} · {hint}" if cur else hint
        if fits(trial):
            cur = trial
            continue
        if cur:
            out.append(cur)
        cur = hint
        if not fits(hint):
            parts = theme.wrap(hint, size, width, True)
            if len(parts) > 1 and " " not in parts[-1] and " " in parts[-2]:
                head, _, last = parts[-2].rpartition(" ")
                if fits(f"{last} {parts[-1]}"):
                    parts[-2:] = [head, f"{last} {parts[-1]}"]
            out += parts[:-1]
            cur = parts[-1]
    out.append(cur)
    return out


class StackDrawing:
    """Part of ``PileBoard``: draws the piles, marks, legend and banner."""

    # ----- what to redraw: each pile and the side panel on their own (a full 1080p redraw costs ms) -----
    def hud_key(self) -> tuple:
        return (self.scene.size, self.scene.input, self.scene.locked, self.card_w, self.mode_key())

    def mode_key(self) -> tuple:
        """What the mode draws that changes the whole window (a banner)."""
        return ()

    def side_key(self) -> tuple:
        """What the side panel shows (the mode adds its own)."""
        return (tuple(self.extras), tuple(c for c in self.scene.selected if c in self.extras), self.confirm,
                self.cursor if self.cursor >= len(self.stacks) else -1)

    def regions(self) -> list[tuple[pygame.Rect, Any]]:
        f, u = self.scene.frame, self.scene.frame.unit
        lit, k = set(self.lit()), self.moving_card()
        sc = self.scene
        out = sc.hud.regions(f, round(u * 14), sc.clock_label(), self.side_key(), sc.v.get("deck"),
                               self.scene.side_buttons + self.scene.top_buttons)
        steps = self.steps()
        for i, pile in enumerate(self.stacks):
            r = self.pile_area(i)
            what = (tuple(pile), i in lit, self.hover == i and k is not None, self.cursor == i,
                    tuple(c for c in self.scene.selected if c in pile), steps[i])
            out.append((r, what))
        return out

    def dirty(self, alpha: float) -> list[pygame.Rect] | None:
        art = self.art()
        moving = {id(s): (s.bounds(art, alpha),) for s in list(self.scene.sprites.values()) + self.scene.leaving
                  if s.busy or (self.dragging and s.card == self.held)}
        t = self.scene.tracker
        rects = t.sprites(moving, set(moving))
        rects += t.extras(self.scene.effects.bounds())
        regions = self.regions()
        changed = t.regions(self.hud_key(), regions)
        if changed is None:
            return None
        first = len(regions) - len(self.stacks)  # the piles' regions come last
        out = []
        for n, r, k, old in changed:
            if n >= first and k[1:] == old[1:]:  # only cards came or went: redraw from the first change down
                r = self.changed_part(n - first, old[0], k[0]).clip(r)
            out.append(r)
        return merge(out + rects, 10)

    def changed_part(self, i: int, was: tuple, now: tuple) -> pygame.Rect:
        """The part of pile ``i`` that differs between two lists of its cards (same gaps)."""
        d = next((p for p, (a, b) in enumerate(zip(was, now)) if a != b), min(len(was), len(now)))
        top = self.slot_rect(i, max(0, d - 1)).top - 16
        bottom = self.slot_rect(i, max(len(was), len(now))).bottom + 16
        area = self.pile_area(i)
        return pygame.Rect(area.left, top, area.w, bottom - top)

    def draw_order(self) -> list[int]:
        order = [k for i in self.pile_order() for k in self.stacks[i]] + list(self.extras)
        return [k for k in order if k in self.scene.sprites]

    def draw(self, surface: pygame.Surface) -> None:
        # Drawn once per dirty rectangle (clipped): parts outside the clip are skipped, not just clipped.
        f = self.scene.frame
        clip = surface.get_clip()
        theme.paint_background(surface)
        if clip.colliderect(f.top) or clip.colliderect(f.bottom):
            self.scene.draw_top(surface)
        side = clip.colliderect(f.side)
        if side:
            self.scene.draw_side(surface, f.side)
        self.draw_places(surface)
        art = self.art()
        late = {k for k, s in self.scene.sprites.items() if s.busy or (k == self.held and self.dragging)}
        shown = {i for i in range(len(self.stacks)) if clip.colliderect(self.pile_area(i))}
        piles = [(i, self.stacks[i]) for i in self.pile_order() if i in shown]
        if side:
            piles.append((-1, self.extras))
        for _i, pile in piles:
            for k in pile:
                if k not in late and k in self.scene.sprites:
                    self.scene.sprites[k].draw(surface, art, self.scene.alpha)
        for s in self.scene.leaving:
            s.draw(surface, art, self.scene.alpha)
        for k in sorted(late, key=lambda k: (k == self.held, k)):
            self.scene.sprites[k].draw(surface, art, self.scene.alpha)
        self.draw_marks(surface)
        for b in self.scene.side_buttons + self.scene.top_buttons:
            if clip.colliderect(b.rect):
                b.draw(surface)
        self.scene.hud.draw_toast(surface, self.scene.frame, 1.0)
        if self.banner:
            self.draw_banner(surface)
        self.scene.effects.draw(surface)

    def draw_banner(self, surface: pygame.Surface) -> None:
        """The end of the game in big letters over the board (the particles fly over it)."""
        u, b = self.scene.frame.unit, self.scene.frame.board
        color = self.banner_color()
        img = theme.text(self.banner, round(u * (4.2 if len(self.banner) < 16 else 3.2)), color, True)
        box = img.get_rect(center=b.center).inflate(u * 3, u * 1.6)
        theme.panel(surface, box, round(u), (0, 0, 0, 170), color)
        surface.blit(img, img.get_rect(center=b.center))

    def banner_color(self):
        return theme.INK

    def pile_order(self) -> list[int]:
        """The order piles are drawn in (a fanned-out pile last, over its neighbours)."""
        return list(range(len(self.stacks)))

    def pile_area(self, i: int) -> pygame.Rect:
        """Everything drawn for pile ``i`` at rest: its cards, number, marks — inside the board."""
        f, u = self.scene.frame, self.scene.frame.unit
        r = self.pile_rect(i)
        top = max(f.top.bottom, r.top - round(u * 1.6))
        return pygame.Rect(r.left - 12, top, r.w + 24, min(r.bottom + 12, f.bottom.top) - top)

    def draw_places(self, surface: pygame.Surface) -> None:
        """Under the cards: empty places, pile numbers, lit targets."""
        u = self.scene.frame.unit
        lit = set(self.lit())
        for i in range(len(self.stacks)):
            r = self.slot_rect(i, 0)
            if not self.stacks[i]:
                theme.panel(surface, r, self.art().radius, (255, 255, 255, 10), (255, 255, 255, 50))
            color = theme.GOOD if i in lit else theme.MUTED
            theme.blit_text(surface, str(i + 1), round(u * 0.95), (r.centerx, r.top - u * 0.15), color, True,
                            "midbottom")
            if i in lit:  # where the card would land, under the column's top
                g = self.slot_rect(i, len(self.stacks[i]))
                theme.panel(surface, g, self.art().radius, (88, 214, 141, 80 if i == self.hover else 45), theme.GOOD)

    def draw_marks(self, surface: pygame.Surface) -> None:
        """Over the cards: where the moving card may go, and the keyboard cursor."""
        lit = self.lit()
        art = self.art()
        k = self.moving_card()
        if k is not None and self.hover is not None and self.hover not in lit and self.pile_of(k) != self.hover:
            r = self.slot_rect(self.hover, max(0, len(self.stacks[self.hover]) - 1))
            pygame.draw.rect(surface, theme.BAD, r.inflate(8, 8), width=3, border_radius=art.radius + 3)
        if self.scene.input == "key" and not self.scene.locked:
            r = self.cursor_rect()
            if r is not None:
                pygame.draw.rect(surface, theme.INFO, r.inflate(14, 14), width=3, border_radius=art.radius + 6)

    def cursor_rect(self) -> pygame.Rect | None:
        n = self.cursor
        if n < len(self.stacks):
            return self.slot_rect(n, max(0, len(self.stacks[n]) - 1))
        j = n - len(self.stacks)
        if j < len(self.extra_pos) and j < len(self.extras):
            r = pygame.Rect(0, 0, self.card_w, self.card_h)
            r.center = (round(self.extra_pos[j][0]), round(self.extra_pos[j][1]))
            return r
        return None

    def draw_legend(self, surface: pygame.Surface, bottom: float, area: pygame.Rect | None = None) -> None:
        """The key legend, its last line at ``bottom``, in ``area`` (the side panel)."""
        u = self.scene.frame.unit
        size = round(u * 0.78)
        side = area or self.scene.frame.side
        x = side.left + u
        lines = [part for line in self.LEGEND for part in legend_lines(line, size, round(side.w - 2 * u))]
        y = bottom - len(lines) * u * 1.05  # wrapped to the panel: a long line never runs past its border
        for line in lines:
            theme.blit_text(surface, line, size, (x, y), theme.DIM, True)
            y += u * 1.05
