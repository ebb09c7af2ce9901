"""Replay: a kept game (``game.history``) played again by the engine, never a recording of pixels.

The game's session is built again from its mode, seed, options, level and
seats (``new_session(..., follow=True)``) and its events applied one by one
(``apply_event``); the table is the mode's own play scene, watching
(``replaying``: nothing can be picked), drawn above a bar of controls:

* Space (or the Play button, or a pad's A): play / pause;
* S (or the speed button, or Up/Down): 1×, 4×, 16×;
* Left / Right: one event back / forward (back builds the game again to the event before);
* the timeline, marked with every Set (green), miss (red) and deal (blue): click or drag to go there;
* C (or the Share button): the game's share text, copied and saved (``scenes.sharing``);
* Esc (or the History button): back to the list.

Beside the table, the analysis (``scenes.analysis``): Tab and J (a pad's X and Y) work its pages; PgUp/PgDn,
the wheel (a pad's shoulders or right stick) scroll a long one.

Start data: ``id`` (the game in the archive) and ``back`` (the History screen's start data).
"""

from __future__ import annotations

import json
from typing import Any

import pygame

from game import session as sessions
from game.history import Played
from game.move import Move
from game.variants import game_class
from sprites import theme
from sprites.hud import Button, clock_text

from . import scene_class
from .analysis import LOST, MISSED, AnalysisPanel
from .base import Scene
from .history import date_text, mode_title
from .sharing import share_game
from .widgets import unit_of

SPEEDS = (1, 4, 16)
MAX_GAP = 3.0  # seconds of game time the replay waits at most between two events (a long think is shortened)
MARKS = {"miss": "miss", "deal": "deal", "deal3": "deal", "add": "deal", "draw": "deal", "reshuffle": "deal"}
MARK_COLOURS = {"set": theme.GOOD, "miss": theme.BAD, "deal": theme.INFO}
_WATCHING: dict[type, type] = {}  # a play scene's class -> its class for watching inside the replay


def watching_class(cls: type) -> type:
    """The play scene ``cls`` as the replay shows it: laid out in the room above the controls, its own
    replay stepping and end of game left to the replay screen."""
    if cls not in _WATCHING:
        def size(self: Any) -> tuple[int, int]:
            return self.view_size

        def step_replay(self: Any, dt: float) -> None:
            """The replay screen applies the events."""

        def finish(self: Any) -> None:
            """The replay screen stays at the end."""

        _WATCHING[cls] = type(f"Watching{cls.__name__}", (cls,), {
            "size": property(size), "step_replay": step_replay, "finish": finish, "view_size": (640, 400)})
    return _WATCHING[cls]


def mark_of(event: str, mode: str) -> str | None:
    """What the timeline marks an event of a game of ``mode`` as: "set" (a pick of a whole Set, the mode's
    own pick too), "miss", "deal", or None.

    >>> [mark_of(e, "classic") for e in ("P2 set 1RDE 2GOH 3PSF @4.00", "deal3 @9.00", "P1 call @3.00")]
    ['set', 'deal', None]
    """
    try:
        verb = Move.parse(event).verb
    except ValueError:
        return None
    return "set" if game_class(mode).whole_pick(verb) else MARKS.get(verb)


class ReplayScene(Scene):
    def enter(self, data: dict[str, Any]) -> None:
        game = data.get("game")
        self.game = game if isinstance(game, Played) else self.app.history.get(int(data.get("id", -1)))
        self.back_data = dict(data.get("back") or {})
        self.playing = False
        self.speed = 0
        self.dragging = False
        self.inner: Any = None
        self.pos = 0
        self.events: list[str] = []
        self.times: list[float] = []
        self.t = 0.0
        self.problem = ""
        self.play_button = Button("Play", self.toggle, "Space", accent=True)
        self.buttons = [Button("Back", lambda: self.step(-1), "Left"), self.play_button,
                        Button("Step", lambda: self.step(1), "Right"),
                        Button("1×", self.faster, "S"), Button("Share", self.share, "C"),
                        Button("History", self.leave, "Esc")]
        self.u = unit_of(self.size)
        self.panel = AnalysisPanel(self)
        if self.game is None:
            self.problem = "This game could not be read from the history."
        else:
            self.check()
        super().enter(data)
        if self.game is not None and not self.problem:
            self.rebuild(0)
            self.playing = bool(self.events)
        if self.game is not None:
            self.panel.start(self.game, self.app.history)
        self.sync_buttons()

    # ----- the game, built again -------------------------------------------------------------------
    def fresh(self):
        g = self.game
        assert g is not None
        kw: dict[str, Any] = {"level": g.level, "follow": True}
        if g.call_time is not None:
            kw["call_time"] = g.call_time
        return sessions.new_session(g.mode, g.seed, list(g.seats), dict(g.options), self.app.now, **kw)

    def check(self) -> None:
        """Apply every event once: the replay keeps those that fit (a damaged tail is left out)."""
        assert self.game is not None
        try:
            s = self.fresh()
        except (ValueError, TypeError, KeyError) as e:
            self.problem = f"This game cannot be replayed ({e})."
            return
        for event in self.game.events:
            try:
                s.apply_event(event)
            except (ValueError, IndexError, KeyError):
                break
            self.events.append(event)
            self.times.append(s.clock)
        if len(self.events) < len(self.game.events):
            self.problem = f"replayed to event {len(self.events)} of {len(self.game.events)}: the rest did not fit"

    def rebuild(self, k: int) -> None:
        """The table as it stood after the first ``k`` events: the game built again and shown at once."""
        s = self.fresh()
        for event in self.events[:k]:
            s.apply_event(event)
        self.pos = k
        self.t = self.times[k - 1] if k else 0.0
        old = self.inner
        cls = watching_class(scene_class(s.mode))
        inner = cls(self.app)
        inner.mode = s.mode
        inner.view_size = self.table_size()
        inner.enter({"session": s, "replay": json.dumps({"events": []}), "seats": list(s.seats)})
        inner.update(2.0)  # the cards are in their places at once (no deal from the deck)
        self.inner = inner
        if old is not None:
            old.exit()
            inner.toast.update(60.0)  # "Replay — Esc to stop" is said once, when the replay opens

    @property
    def session(self):
        return self.inner.session if self.inner is not None else None

    def forward(self) -> None:
        """Apply the next event, shown as it happened (the cards move)."""
        if self.pos >= len(self.events):
            return
        self.session.apply_event(self.events[self.pos])
        self.pos += 1
        self.t = max(self.t, self.times[self.pos - 1])
        self.inner.pump()

    def goto(self, k: int) -> None:
        """Show the table after event ``k`` (0: the deal)."""
        k = max(0, min(len(self.events), k))
        if k == self.pos + 1:
            self.forward()
        elif k != self.pos:
            self.rebuild(k)
        self.sync_buttons()

    def step(self, d: int) -> None:
        self.playing = False
        self.goto(self.pos + d)

    def toggle(self) -> None:
        if not self.events:
            return
        if not self.playing and self.pos >= len(self.events):
            self.rebuild(0)  # at the end, Play starts again
        self.playing = not self.playing
        self.sync_buttons()

    def faster(self, d: int = 1) -> None:
        self.speed = (self.speed + d) % len(SPEEDS)
        self.sync_buttons()

    def share(self) -> None:
        self.playing = False
        self.sync_buttons()
        share_game(self.app, self.game)

    def leave(self) -> None:
        self.app.manager.switch("history", self.back_data)

    def sync_buttons(self) -> None:
        self.play_button.label = "Pause" if self.playing else "Play"
        self.buttons[3].label = f"{SPEEDS[self.speed]}×"
        self.buttons[0].enabled = self.pos > 0
        self.buttons[2].enabled = self.pos < len(self.events)
        self.play_button.enabled = bool(self.events)

    def exit(self) -> None:
        if self.inner is not None:
            self.inner.exit()

    # ----- input -----------------------------------------------------------------------------------
    def pad_targets(self) -> list[pygame.Rect]:
        """None: a pad drives the replay as keys (arrows step and change the speed, A plays, B leaves)."""
        return []

    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.KEYDOWN:
            if e.key == pygame.K_ESCAPE:
                self.leave()
            elif e.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
                self.toggle()
            elif e.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.step(1 if e.key == pygame.K_RIGHT else -1)
            elif e.key in (pygame.K_s, pygame.K_UP):
                self.faster(1)
            elif e.key == pygame.K_DOWN:
                self.faster(-1)
            elif e.key == pygame.K_HOME:
                self.step(-len(self.events))
            elif e.key == pygame.K_END:
                self.step(len(self.events))
            elif e.key == pygame.K_c:
                self.share()
            else:
                return self.panel.handle_event(e)
            return True
        if self.panel.handle_event(e):
            return True
        for b in self.buttons:
            if b.handle_event(e):
                return True
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1 and self.track.inflate(0, self.u).collidepoint(e.pos):
            self.dragging = True
            self.playing = False
            self.goto(self.index_at(e.pos[0]))
            return True
        if e.type == pygame.MOUSEMOTION and self.dragging:
            self.goto(self.index_at(e.pos[0]))
            return True
        if e.type == pygame.MOUSEBUTTONUP and self.dragging:
            self.dragging = False
            return True
        return False

    # ----- the timeline ----------------------------------------------------------------------------
    @property
    def length(self) -> float:
        return max(self.times[-1] if self.times else 0.0, 1e-6)

    def x_of(self, t: float) -> float:
        r = self.track
        return r.left + r.w * min(1.0, max(0.0, t / self.length))

    def index_at(self, x: float) -> int:
        """The position a click at ``x`` on the timeline goes to: after the last event at or before that time
        (a click within a few pixels of a mark goes to its event)."""
        r = self.track
        t = (x - r.left + self.u * 0.25) / max(1, r.w) * self.length
        return sum(1 for s in self.times if s <= t)

    def marks(self) -> list[tuple[float, str]]:
        """(x, what) of every Set, miss and deal on the timeline."""
        out = []
        for event, t in zip(self.events, self.times):
            what = mark_of(event, self.game.mode)
            if what is not None:
                out.append((self.x_of(t), what))
        return out

    # ----- time ------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.playing and self.inner is not None:
            self.t += dt * SPEEDS[self.speed]
            if self.pos < len(self.events):
                nxt = self.times[self.pos]
                self.t = max(self.t, nxt - MAX_GAP)
                while self.pos < len(self.events) and self.times[self.pos] <= self.t:
                    self.forward()
            if self.pos >= len(self.events):
                self.playing = False
                self.t = self.length
            elif self.session is not None:  # the clock runs between events
                self.session.clock = max(self.session.clock, min(self.t, self.times[self.pos]))
            self.sync_buttons()
        if self.inner is not None:
            self.inner.update(dt)

    @property
    def animating(self) -> bool:
        return self.playing or self.dragging or (self.inner is not None and self.inner.animating)

    # ----- layout and drawing ------------------------------------------------------------------------
    def table_size(self) -> tuple[int, int]:
        w, h = self.size
        return max(1, w - self.panel_width()), max(1, h - self.bar_height())

    def panel_width(self) -> int:
        return round(min(self.size[0] * 0.36, unit_of(self.size) * 19))

    def bar_height(self) -> int:
        return round(unit_of(self.size) * 5.9)

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        u = self.u = unit_of(size)
        bar = self.bar = pygame.Rect(0, h - self.bar_height(), w, self.bar_height())
        width = round(min(w - u * 2, u * 60))
        left = (w - width) // 2
        self.track = pygame.Rect(left, bar.top + round(u * 1.1), width, round(u * 0.7))
        bw, gap = round(u * 7.5), round(u * 0.5)
        widths = [bw, bw, bw, round(u * 4.5), bw, bw]
        x = (w - sum(widths) - gap * (len(widths) - 1)) // 2
        for b, bw_ in zip(self.buttons, widths):
            b.rect = pygame.Rect(x, bar.top + round(u * 2.5), bw_, round(u * 2.1))
            x += bw_ + gap
        tw, th = self.table_size()
        self.panel.layout(pygame.Rect(tw, round(u * 0.4), w - tw - round(u * 0.4), th - round(u * 0.8)), u)
        if self.inner is not None:
            self.inner.view_size = self.table_size()
            self.inner.resize(self.inner.view_size)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        u = self.u
        if self.inner is not None:
            tw, th = self.table_size()
            self.inner.draw(surface.subsurface(pygame.Rect(0, 0, min(tw, w), min(th, h))))
        else:
            theme.paint_background(surface)
            theme.blit_text(surface, self.problem, round(u * 1.1), (w / 2, h * 0.4), theme.MUTED, True, "center")
        if self.game is not None:
            self.paint_column(surface)
            self.panel.draw(surface)
        bar = self.bar
        pygame.draw.rect(surface, theme.BG_BOTTOM, bar)
        pygame.draw.line(surface, theme.PANEL_EDGE[:3], bar.topleft, bar.topright, 1)
        self.draw_timeline(surface)
        for b in self.buttons:
            b.draw(surface)

    def paint_column(self, surface: pygame.Surface) -> None:
        """The felt beside the table, under the analysis (the table's own felt, continued): every pixel of
        the column is drawn again each frame, so nothing an earlier frame showed stays there."""
        w, h = surface.get_size()
        tw, th = self.table_size()
        column = pygame.Rect(tw, 0, w - tw, th).clip(surface.get_rect())
        if column.w > 0 and column.h > 0:
            beside = surface.subsurface(pygame.Rect(0, 0, w, column.h))
            beside.set_clip(column)
            theme.paint_background(beside)
            beside.set_clip(None)

    def draw_timeline(self, surface: pygame.Surface) -> None:
        u, r = self.u, self.track
        theme.panel(surface, r, round(r.h / 2), (255, 255, 255, 24), (255, 255, 255, 40))
        if self.events:
            done = pygame.Rect(r.left, r.top, round(self.x_of(self.t) - r.left), r.h)
            if done.w > 0:
                theme.panel(surface, done, round(r.h / 2), (255, 196, 70, 70), (255, 196, 70, 90))
        for x, what in self.marks():
            tall = r.h * (1.6 if what == "set" else 1.2)
            pygame.draw.line(surface, MARK_COLOURS[what], (round(x), round(r.centery - tall / 2)),
                             (round(x), round(r.centery + tall / 2)), max(1, round(u * 0.12)))
        for k, what in self.panel.marks():  # under the track: Sets missed, par lost
            if 0 <= k < len(self.times):
                x, y, s = round(self.x_of(self.times[k])), r.bottom + round(u * 0.45), max(2, round(u * 0.25))
                pygame.draw.polygon(surface, MISSED if what == "missed" else LOST,
                                    [(x, y - s), (x + s, y), (x, y + s), (x - s, y)])
        if self.events:
            head = (round(self.x_of(self.t)), r.centery)
            pygame.draw.circle(surface, theme.ACCENT, head, round(u * 0.45))
        size = round(u * 0.75)
        g = self.game
        left = f"{mode_title(g.mode, g.kind)} · {'shared · ' if g.shared else ''}{date_text(g.played_on())}" \
            if g is not None else ""
        theme.blit_text(surface, left, size, (r.left, r.top - u * 0.15), theme.MUTED, True, "bottomleft")
        right = f"event {self.pos} of {len(self.events)} · {clock_text(self.t)} of {clock_text(self.length)}"
        if self.problem and g is not None:
            right = f"{self.problem} · {right}"
        theme.blit_text(surface, right, size, (r.right, r.top - u * 0.15), theme.MUTED, True, "bottomright")
        legend = "green: Set · red: miss · blue: deal · below: amber, Sets missed; red, par lost"
        theme.blit_text(surface, legend, round(u * 0.7), (self.bar.centerx, self.bar.bottom - u * 0.65), theme.DIM,
                        True, "center")
