"""The open public games of a server, on the Play online screen: asked every few seconds; one click joins.

The list is asked of the server this window finds room codes on (``list_source``): the one named by
``SETARCADE_SERVER`` (``host:port`` or ``wss://host``), else a server started by hand on this machine
(its ``server.json``), else another window hosting on this machine, else this window's own server.
It is asked on a connection of its own (``game.net.client.Client``, ``{"type": "list"}``) every
``REFRESH`` seconds.  Each row is a button: the mode's title, the players and free seats, and what a
press does, Join (a game in its lobby, with a free seat) or Watch (a game under way).  What went wrong
(no server, nothing answers) reads as a sentence in the panel.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import pygame

from game.cards import plural
from game.net.client import Client
from game.net.protocol import MAX_LISTED, ProtocolError, parse_server
from sprites import theme
from sprites.hud import Button

from .modes import MODES

REFRESH = 3.0  # seconds between two asks
SERVER_ENV = "SETARCADE_SERVER"
MAX_TAKE = 50  # messages one frame takes at most
NO_SERVER = "No game server found: host a game and make it public, or start one (python -m game.server)."


def list_source(app: Any) -> tuple[str, int, bool] | None:
    """(host, port, TLS) of the server whose public games are shown, or None when there is none."""
    from game.net.hosting import local_server, window_hosts

    named = os.environ.get(SERVER_ENV, "").strip()
    if named:
        try:
            return parse_server(named)
        except ProtocolError:
            pass
    found = local_server(app.store.dir, None)
    if found is not None:
        return found[0], found[1], False
    others = window_hosts()
    if others:
        return others[0][0], others[0][1], False
    own = getattr(app, "room_server", None)
    if own is not None and own.thread.is_alive():
        return "127.0.0.1", own.port, False
    return None


def describe(game: dict[str, Any]) -> str:
    """One public game as its row reads: "Join · Classic · 2 players · 2 free seats"."""
    mode = game.get("mode")
    title = MODES[mode].title if isinstance(mode, str) and mode in MODES else str(mode)[:20]
    players, free = int(game.get("players", 0)), int(game.get("free_seats", 0))
    who = plural(players, "player")
    if game.get("started"):
        seen = int(game.get("spectators", 0))
        return f"Watch · {title} · {who} · under way" + (f" · {seen} watching" if seen else "")
    return f"Join · {title} · {who} · {plural(free, 'free seat')}"


def valid(game: Any) -> bool:
    """A row of the server's answer with the fields a row needs, each of its kind."""
    if not isinstance(game, dict):
        return False
    ints = [game.get(k, 0) for k in ("players", "free_seats", "spectators")]
    return isinstance(game.get("code"), str) and len(game["code"]) <= 16 and isinstance(game.get("mode"), str) \
        and all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= 10_000 for n in ints)


class PublicList:
    """The panel of public games; ``pick(where, game)`` is called with a row's server and game."""

    def __init__(self, app: Any, pick: Callable[[tuple[str, int, bool], dict[str, Any]], None]) -> None:
        self.app, self.pick = app, pick
        self.client: Client | None = None
        self.where: tuple[str, int, bool] | None = None
        self.games: list[dict[str, Any]] = []
        self.rows: list[Button] = []
        self.note = "looking for public games…"
        self.wait = 0.0  # seconds to the next ask
        self.focus = -1  # the row the keys are on (-1: none)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.row_h = 0

    # ----- asking ------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        c = self.client
        if c is not None:
            for _ in range(MAX_TAKE):
                msg = c.get()
                if msg is None:
                    break
                if msg.get("type") == "games":
                    self.take(msg.get("games"))
                elif msg.get("type") == "error" and msg.get("local"):
                    self.note = str(msg.get("why", ""))
            if c.closed:
                self.client = None
                self.take([])
                if self.where is not None:
                    self.note = f"No game server answers at {self.where[0]}:{self.where[1]}."
        self.wait -= dt
        if self.wait <= 0:
            self.wait = REFRESH
            self.ask()

    def ask(self) -> None:
        """Ask for the list again (connecting first, to the server found now, when not connected)."""
        if self.client is None:
            self.where = list_source(self.app)
            if self.where is None:
                self.note = NO_SERVER
                self.take([])
                return
            self.client = Client(*self.where)
        self.client.send({"type": "list"})

    def take(self, games: Any) -> None:
        """The server's answer: the rows again (the row the keys were on stays on the same game)."""
        was = self.games[self.focus]["code"] if 0 <= self.focus < len(self.games) else None
        self.games = [g for g in games if valid(g)][:MAX_LISTED] if isinstance(games, list) else []
        self.rows = [Button(describe(g), lambda g=g: self.press(g)) for g in self.games]
        codes = [g["code"] for g in self.games]
        self.focus = codes.index(was) if was in codes else (min(self.focus, len(codes) - 1) if self.focus >= 0 else -1)
        if self.client is not None and self.client.connected:
            self.note = "" if self.games else "No public games right now: host one and make it public."
        self.place()

    def press(self, game: dict[str, Any]) -> None:
        if self.where is not None:
            self.pick(self.where, game)

    def close(self) -> None:
        if self.client is not None:
            self.client.close(timeout=0.0, leave=False)  # its thread ends by itself: the screen never waits
            self.client = None

    # ----- input and screen ---------------------------------------------------------------------------
    def move(self, step: int) -> None:
        if self.rows:
            self.focus = max(0, min(len(self.rows) - 1, self.focus + step))
        self.mark()

    def mark(self) -> None:
        for i, b in enumerate(self.rows):
            b.focus = i == self.focus

    def press_focused(self) -> bool:
        if 0 <= self.focus < len(self.rows):
            self.rows[self.focus].action()
            return True
        return False

    def handle_event(self, e: pygame.event.Event) -> bool:
        return any(b.handle_event(e) for b in self.rows)

    def lay_out(self, rect: pygame.Rect, row_h: int) -> None:
        self.rect, self.row_h = rect, row_h
        self.place()

    def place(self) -> None:
        gap = max(2, self.row_h // 5)
        fit = max(0, (self.rect.h - self.row_h) // (self.row_h + gap))
        for i, b in enumerate(self.rows):
            top = self.rect.top + self.row_h + i * (self.row_h + gap)
            b.rect = pygame.Rect(self.rect.left, top, self.rect.w, self.row_h) if i < fit else pygame.Rect(0, 0, 0, 0)
        self.mark()

    def targets(self) -> list[pygame.Rect]:
        return [b.rect for b in self.rows if b.rect.w > 0]

    def draw(self, surface: pygame.Surface, u: float, active: bool) -> None:
        r = self.rect
        if r.w <= 0:
            return
        where = f" on {self.where[0]}:{self.where[1]}" if self.where is not None else ""
        theme.blit_text(surface, f"PUBLIC GAMES{where}", round(u * 0.85), (r.left, r.top + self.row_h * 0.4),
                        theme.ACCENT if active else theme.MUTED, True, "midleft")
        for b in self.rows:
            b.draw(surface)
        if self.note:
            size = round(u * 0.85)
            for k, line in enumerate(theme.wrap(self.note, size, r.w, True)[:4]):
                theme.blit_text(surface, line, size, (r.left, r.top + self.row_h * 1.5 + k * size * 1.2),
                                theme.DIM, True, "midleft")
