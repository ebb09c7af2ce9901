"""Solitaire-Set with points: Sets score their worth; add a card, reshuffle (−2), locate, undo."""

from __future__ import annotations

import pygame

from game.cards import card, code, is_set, worth
from game.errors import IllegalMove
from game.move import Move
from game.variants.points import Points, reshuffles
from sprites import theme
from sprites.hud import Button

from .players import AutoPlayer
from .table import TableScene


class PointsScene(TableScene):
    mode = Points.NAME
    TIMED = False
    SHOW_CLOCK = False  # no clock in Solitaire-Set: the time is only kept for the results
    MIN_COLS = 4  # room for a 13th card to the right: adding one moves none of the twelve
    CONFIRM = 3.0  # seconds the End button waits for its second press
    end_asked = -1.0  # until when a second press of End ends the game

    def buttons(self) -> list[Button]:
        return [
            Button("Locate Set", lambda: self.act("hint"), "L"),
            Button("Add a card", lambda: self.act("add"), "+"),
            Button("Reshuffle −2", lambda: self.act("reshuffle"), "0"),
            Button("Undo", self.undo, "Ctrl+Z/Backspace"),
            Button("End game", self.end, "End"),
        ] + super().buttons()

    def make_driver(self):
        return AutoPlayer()

    def handle_key(self, e: pygame.event.Event) -> bool:
        if e.key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS) and not self.locked:
            self.act("add")
            return True
        return super().handle_key(e)

    def end(self) -> None:
        """End the game on a second press within a few seconds: the first asks."""
        if self.locked:
            return
        if self.app.now <= self.end_asked:
            self.end_asked = -1.0
            self.act("end")
            return
        self.end_asked = self.app.now + self.CONFIRM
        self.toast.show("End the game here? Press End again to confirm", theme.ACCENT, self.CONFIRM)

    def act(self, verb: str) -> None:
        if not self.locked:
            self.play(verb)

    def submit(self, cards: list[int]) -> None:
        if is_set(*cards):
            self.play(f"set {' '.join(code(c) for c in cards)}")
        else:
            self.shake(cards)

    def undo(self) -> None:
        if self.locked:
            return
        try:
            self.link.act_quietly(0, "undo")
        except IllegalMove as err:
            self.toast.show(str(err), theme.BAD)
            return
        self.refresh()
        self.app.journal(self.mode, self.session)
        self.toast.show("Move taken back", theme.INFO, 1.5)
        self.sync_undo()

    def sync_undo(self) -> None:
        """After an undo, cards may come back: they are dealt in again from the deck."""
        self.sync(taker=self.frame.deck_pos)
        self.mark_hint()

    def mark_hint(self) -> None:
        hint = {card(c) for c in (self.v.get("hint") or [])}
        for s in self.sprites.values():
            s.hinted = s.card in hint

    def on_played(self, m: Move) -> None:
        score_at = self.score_pos()
        if m.verb == "set":
            k = worth(*m.cards)
            pts = self.v["last"]
            self.float_text(f"+{pts}", self.set_center(m.cards), theme.GOOD)
            if k == 4:
                self.burst(self.set_center(m.cards))
                self.app.sound("megaset")
                self.toast.show("MEGASET! All four features differ" + ("" if pts == 4 else " (worth 1 now)"),
                                theme.ACCENT)
            else:
                self.app.sound("set")
            self.sync(taker=score_at)
        elif m.verb == "reshuffle":
            r, u = self.frame.side, self.frame.unit
            self.float_text("−2", (r.centerx, r.top + u * 4), theme.BAD)
            self.app.sound("deal")
            for s in self.sprites.values():
                s.fly_to(self.frame.deck_pos)
                self.leaving.append(s)
            self.sprites.clear()
            self.deal_in(0.3)
        elif m.verb == "hint" and self.v.get("hint_none"):
            self.toast.show("No Set on the table — the hint is counted: add a card or reshuffle", theme.INFO, 3.0)
            self.sync()
        elif m.verb == "add":
            self.sync()
            if self.v["worth_one"]:
                self.toast.show("More than 12 cards: every Set is worth 1 now", theme.INFO, 2.5)
        else:
            self.sync()
        self.mark_hint()
        if not self.v["worth_one"] and "worth 1" in self.toast.s:
            self.toast.clear()  # back to 12 cards (a Set taken, a reshuffle): the notice no longer holds
        if self.game.over:
            self.app.sound("win" if self.game.won else "lose")

    def score_pos(self) -> tuple[float, float]:
        """Where taken Sets fly: the empty corner of the panel, clear of the score's digits."""
        r, u = self.frame.side, self.frame.unit
        return r.right - u * 2.5, r.top + u * 1.6

    def draw_side(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        super().draw_side(surface, rect)
        u, v = self.frame.unit, self.v
        x = rect.left + u
        theme.blit_text(surface, "SCORE", round(u * 0.9), (x, rect.top + u), theme.MUTED, True)
        theme.blit_text(surface, str(v["score"]), round(u * 3.4), (rect.centerx, rect.top + u * 4), theme.INK,
                        True, "center")
        last = v["last"]
        if last is not None:
            theme.blit_text(surface, f"last {'+' if last > 0 else '−'}{abs(last)}", round(u * 1.0),
                            (rect.centerx, rect.top + u * 6.2), theme.GOOD if last > 0 else theme.BAD, True,
                            "center")
        y = rect.top + u * 7.6
        if v["worth_one"]:
            badge = pygame.Rect(x, y, rect.w - 2 * u, u * 1.9)
            pygame.draw.rect(surface, (120, 70, 20), badge, border_radius=round(u * 0.5))
            theme.blit_text(surface, "Sets worth 1 (over 12 cards)", round(u * 0.9), badge.center, theme.ACCENT,
                            True, "center")
        y += u * 2.7
        theme.blit_text(surface, f"Hints used: {v['hints']}", round(u * 1.0), (x, y), theme.MUTED, True)
        theme.blit_text(surface, f"Sets taken: {len(v['taken'])}", round(u * 1.0), (x, y + u * 1.5), theme.MUTED,
                        True)
        shuffles = reshuffles(self.game.history)
        if shuffles:
            theme.blit_text(surface, f"Reshuffles: {shuffles} (−{2 * shuffles})", round(u * 1.0), (x, y + u * 3.0),
                            theme.MUTED, True)
