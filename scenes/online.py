"""Play online: host a game (a room server inside the app, on the LAN) or join one by its code.

*Host a game* starts a server on a free port on this machine (it lives as long
as the app), opens a room on it and goes to the lobby (with a server typed in,
``host:port`` or ``wss://host``, the room is opened there instead), which shows the room
code and the LAN address friends type.  *Join* takes a room code (a game hosted
on this machine: by this window's own server, or by one started by hand, found
through its ``server.json``) or ``host:port/CODE`` (``wss://host/CODE`` for a public server
behind TLS); when that fails the reason reads as a sentence and the text typed stays
in its field.  For a room whose seat this player still holds (kept on disk in
``online.json``: a window closed or killed mid-game) it takes that seat back,
and *Rejoin CODE* (Ctrl+R) offers the one kept last.  The connection runs on its own thread
(``game.net.client.Client``); the scenes only read its queue.
"""

from __future__ import annotations

import socket
from typing import Any

import pygame

from game.net.client import Client
from game.net.protocol import DEFAULT_PORT, ProtocolError, parse_join, parse_server, show_code
from game.net.seats import SeatBook
from game.records import ONLINE_NAME_CHARS
from sprites import theme
from sprites.hud import Button, stack_buttons

from .base import Scene
from .lobby import playable
from .widgets import ButtonColumn, TypedText, header, unit_of

NAME_CHARS = ONLINE_NAME_CHARS
EXAMPLE = "192.168.1.20:40123/K7M2-9QXD"
NO_GAME_HERE = f"No game with that code on this computer. Type the address the host sees, like {EXAMPLE}."


def lan_address() -> str:
    """This machine's address on its local network (what friends type), or 127.0.0.1.

    No packet is sent: a UDP socket is only pointed at a private address to learn the route.
    """
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("10.255.255.255", 1))
            return s.getsockname()[0]
    except OSError:
        return "127.0.0.1"


def seat_book(app: Any) -> SeatBook:
    """The seats this player holds, kept in the player's folder (read once; its notices are shown)."""
    book = getattr(app, "seat_book", None)
    if book is None:
        book = app.seat_book = SeatBook(app.store.dir)
        for notice in book.notices:
            app.tell("Notice", notice)
        book.notices.clear()
    return book


def rejoin_label(kept: dict) -> str:
    """The button that takes a kept seat back: "Rejoin K7M2-9QXD (Ann)"."""
    return f"Rejoin {show_code(kept['room'])}" + (f" ({kept['name']})" if kept.get("name") else "")


def hosted_server(app: Any):
    """The room server this app hosts, started on first use on a free port (every network).

    :raises OSError: when no port can be opened.
    """
    server = getattr(app, "room_server", None)
    if server is None or not server.thread.is_alive():
        from game.net.hosting import ServerThread

        server = ServerThread("0.0.0.0", 0)
        server.announce()  # another window on this machine finds its games by their code alone
        app.room_server = server
    return server


def code_alone(app: Any, code: str) -> tuple[str, int]:
    """Where a room code typed alone is looked for: this window's own server if it has that room, else a
    server started by hand on this machine (its ``server.json``), else the newest other window hosting on
    this machine, else this window's own server, else the default port."""
    from game.net.hosting import local_server, window_hosts

    own = getattr(app, "room_server", None)
    if own is not None and not own.thread.is_alive():
        own = None
    if own is not None and code in own.server.rooms:
        return "127.0.0.1", own.port
    found = local_server(app.store.dir, None)
    if found is not None:
        return found
    others = window_hosts()
    if others:
        return others[0]
    return "127.0.0.1", own.port if own is not None else DEFAULT_PORT


def explain(why: str, typed: str, reached: bool) -> str:
    """What a failed join says: a code typed alone that no server here has, or an address where nothing
    answers, as a sentence; anything the server said as it said it."""
    if "/" not in typed.strip() and (not reached or why.startswith("no room")):
        return NO_GAME_HERE
    if not reached:
        try:
            host, port, _code, _secure = parse_join(typed)
        except ProtocolError:
            return why
        return f"Nothing answers at {host}:{port}. Check the address the host sees, like {EXAMPLE}."
    return why


class TextField(TypedText):
    """A labelled line of text on the screen (the keys of ``TypedText``: Ctrl+A, Ctrl+W, Ctrl+V…)."""

    def __init__(self, label: str, text: str = "", limit: int = 40) -> None:
        super().__init__(text, limit)
        self.label = label
        self.rect = pygame.Rect(0, 0, 0, 0)

    def handle_key(self, e: pygame.event.Event) -> bool:
        return self.edit(e)

    def draw(self, surface: pygame.Surface, focused: bool, u: float) -> None:
        r = self.rect
        theme.panel(surface, r, r.h // 4, (255, 255, 255, 30 if focused else 12),
                    theme.ACCENT if focused else (255, 255, 255, 30))
        theme.blit_text(surface, self.label, round(u * 0.85), (r.left, r.top - u * 0.3), theme.MUTED, True,
                        "bottomleft")
        self.draw_text(surface, round(r.h * 0.5), (r.left + u * 0.8, r.centery), focused)


class OnlineScene(Scene):
    """Host or join: two text fields (your name, the room to join) and three buttons."""

    def enter(self, data: dict[str, Any]) -> None:
        self.fields = [TextField("Your name", str(self.app.settings.get("online_name") or "Player"), NAME_CHARS),
                       TextField("Room to join: a code, host:port/CODE or wss://host/CODE",
                                 str(data.get("address", "")))]
        self.book = seat_book(self.app)
        self.kept = self.book.latest()  # a seat this player holds in a room (a window closed mid-game)
        buttons = [Button("Host a game", self.host, "Ctrl+H", accent=True), Button("Join", self.join, "Enter")]
        if self.kept is not None:
            buttons.append(Button(rejoin_label(self.kept), self.rejoin, "Ctrl+R"))
        self.column = ButtonColumn(buttons + [Button("Back", self.back, "Esc")])
        self.focus = 1  # the field typed into
        self.error = str(data.get("error", ""))
        if self.error and data.get("joining"):  # back from a join that failed
            self.error = explain(self.error, str(data.get("address", "")), bool(data.get("reached")))
        super().enter(data)

    @property
    def name(self) -> str:
        return self.fields[0].text.strip() or "Player"

    def remember_name(self) -> None:
        """Keep the name typed in the settings (the field shows it next time); an empty field keeps the last."""
        typed = self.fields[0].text.strip()
        if typed and self.app.settings.get("online_name") != typed:
            self.app.set_setting("online_name", typed)

    def exit(self) -> None:
        self.remember_name()

    def host(self) -> None:
        """A room on this app's own server; or, with a server typed in the second field
        (``host:port`` or ``wss://host``, no code), a room on that one."""
        typed = self.fields[1].text.strip()
        try:
            if typed:
                host, port, secure = parse_server(typed)
                where = f"{'wss://' if secure else ''}{host}:{port}"
            else:
                server = hosted_server(self.app)
                host, port, secure = "127.0.0.1", server.port, False
                where = f"{lan_address()}:{server.port}"
        except ProtocolError as e:
            self.error = f"{e} (to open a room on a server, type host:port without a code)"
            return
        except OSError as e:
            self.error = f"Cannot host a game here: {e}"
            return
        self.remember_name()
        client = Client(host, port, secure, self.book)
        client.send({"type": "create", "mode": playable()[0], "options": {}, "name": self.name})
        self.app.manager.switch("lobby", {"client": client, "lan": where, "typed": typed})

    def join(self) -> None:
        own = getattr(self.app, "room_server", None)
        typed = self.fields[1].text
        try:
            host, port, code, secure = parse_join(typed, "127.0.0.1", own.port if own is not None else DEFAULT_PORT)
        except ProtocolError as e:
            self.error = str(e)
            return
        if "/" not in typed.strip():  # a code alone: a game hosted on this machine
            host, port = code_alone(self.app, code)
        self.remember_name()
        kept = self.book.find(f"{'wss' if secure else 'ws'}://{host}:{port}", code)
        if kept is not None:  # a seat this player holds there: taken back, not a new one
            client = Client(host, port, secure, self.book, kept["room"], kept["token"], kept["name"])
        else:
            client = Client(host, port, secure, self.book, code=code)  # the code in its path: for a balancer
            client.send({"type": "join", "room": code, "name": self.name})
        self.app.manager.switch("lobby", {"client": client, "lan": None, "typed": typed, "joining": True})

    def rejoin(self) -> None:
        """Take back the seat kept on disk (its room's game, or its lobby, as it is now)."""
        kept = self.kept
        if kept is None:
            return
        secure, where = kept["server"].split("://", 1)[0] == "wss", kept["server"].split("://", 1)[1]
        host, _, port = where.rpartition(":")
        if not port.isdigit() or not host:
            self.error = f"the kept room's address {kept['server']!r} cannot be read"
            self.book.forget(kept["server"], kept["room"])
            return
        client = Client(host, int(port), secure, self.book, kept["room"], kept["token"], kept["name"])
        self.app.manager.switch("lobby", {"client": client, "lan": None})

    def back(self) -> None:
        self.app.manager.switch("menu", {})

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        u = self.u = unit_of(size)
        width = round(min(w * 0.7, u * 30))
        left = (w - width) // 2
        for i, f in enumerate(self.fields):
            f.rect = pygame.Rect(left, round(u * (9.5 + i * 4.6)), width, round(u * 2.6))
        stack_buttons(self.column.buttons, pygame.Rect(left, round(u * 19.5), width, 0), round(u * 2.3),
                      round(u * 0.55))

    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.KEYDOWN:
            if e.key == pygame.K_ESCAPE:
                self.back()
                return True
            if e.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.join() if self.fields[1].text.strip() else self.column.buttons[self.column.focus].action()
                return True
            if e.key == pygame.K_TAB:  # the next field, its text selected (typing replaces it)
                self.fields[self.focus].selected = False
                self.focus = (self.focus + 1) % len(self.fields)
                self.fields[self.focus].selected = bool(self.fields[self.focus].text)
                return True
            if e.key in (pygame.K_UP, pygame.K_DOWN):
                return self.column.handle_event(e)
            if e.key == pygame.K_h and e.mod & pygame.KMOD_CTRL:
                self.host()
                return True
            if e.key == pygame.K_r and e.mod & pygame.KMOD_CTRL:
                self.rejoin()
                return True
            field = self.fields[self.focus]
            used = field.handle_key(e)
            self.error = field.problem
            return used
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            for i, f in enumerate(self.fields):
                if f.rect.collidepoint(e.pos):
                    self.fields[self.focus].selected = False
                    self.focus = i
                    return True
        return self.column.handle_event(e)

    def draw(self, surface: pygame.Surface) -> None:
        u = self.u
        header(surface, "Play online", "with friends on this network or anywhere: no account", u)
        for i, f in enumerate(self.fields):
            f.draw(surface, i == self.focus, u)
        self.column.draw(surface)
        w, h = surface.get_size()
        if self.error:
            theme.blit_text(surface, self.error, round(u * 1.0), (w // 2, u * 18.2), theme.BAD, True, "center")
        keys = "Tab: next field · Enter joins · Ctrl+H hosts" + (" · Ctrl+R rejoins" if self.kept else "")
        keys += " · Esc back"
        theme.blit_text(surface, keys, round(u * 0.85),
                        (w // 2, h - u * 1.1), theme.DIM, True, "center")
