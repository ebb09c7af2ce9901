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

Beside the form, the open public games of the server this window finds codes on (``scenes.public``):
a click, or Right then Up/Down and Enter (a pad's D-pad and A), joins one in its lobby or watches one
under way.  A join refused because the game is under way comes back offering *Watch CODE*; Ctrl+S
watches the room typed.
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
from .public import PublicList
from .widgets import ButtonColumn, TypedText, header, unit_of

NAME_CHARS = ONLINE_NAME_CHARS
EXAMPLE = "192.168.1.20:40123/K7M2-9QXD"
NO_GAME_HERE = f"No game with that code on this computer. Type the address the host sees, like {EXAMPLE}."
#: the foot of the form while a pad is in use: it cannot type, and need not (a name is there, public games join)
PAD_KEYS = "D-pad: choose · A: press · Right: public games · B: back · a keyboard types a name or a room code"


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

    def at_end(self) -> bool:
        """Is the caret after the last character (so Right may leave the field for the public games)?"""
        return self.caret == len(self.text) and not self.selected

    def click(self, pos: tuple[int, int], u: float) -> None:
        """A click in the field puts the caret there."""
        r = self.rect
        self.caret_at(pos[0], r.left + u * 0.8, round(r.h * 0.5), r.w - u * 1.6)

    def draw(self, surface: pygame.Surface, focused: bool, u: float) -> None:
        r = self.rect
        theme.panel(surface, r, r.h // 4, (255, 255, 255, 30 if focused else 12),
                    theme.ACCENT if focused else (255, 255, 255, 30))
        theme.blit_text(surface, self.label, round(u * 0.85), (r.left, r.top - u * 0.3), theme.MUTED, True,
                        "bottomleft")
        self.draw_text(surface, round(r.h * 0.5), (r.left + u * 0.8, r.centery), focused, r.w - u * 1.6)


class OnlineScene(Scene):
    """Host or join: two text fields (your name, the room to join) and three buttons."""

    def enter(self, data: dict[str, Any]) -> None:
        self.fields = [TextField("Your name", str(self.app.settings.get("online_name") or "Player"), NAME_CHARS),
                       TextField("Room to join: a code, host:port/CODE or wss://host/CODE",
                                 str(data.get("address", "")))]
        self.book = seat_book(self.app)
        self.kept = self.book.latest()  # a seat this player holds in a room (a window closed mid-game)
        self.watchable = data.get("watch") if isinstance(data.get("watch"), str) else None
        buttons = [Button("Host a game", self.host, "Ctrl+H", accent=self.watchable is None),
                   Button("Join", self.join, "Enter")]
        if self.watchable is not None:  # a join refused: that room's game is under way
            buttons.insert(0, Button(f"Watch {show_code(self.watchable)}", self.watch_refused, "Ctrl+S", accent=True))
            self.where = data.get("where")
        if self.kept is not None:
            buttons.append(Button(rejoin_label(self.kept), self.rejoin, "Ctrl+R"))
        self.column = ButtonColumn(buttons + [Button("Back", self.back, "Esc")])
        self.focus = 1  # the field typed into
        self.games = PublicList(self.app, self.pick)
        self.on_list = False  # do the arrow keys and Enter go to the public games (Right) or the form (Left)?
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
        self.games.close()

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

    def typed_room(self) -> tuple[str, int, str, bool] | None:
        """The room typed in the second field as (host, port, code, TLS); None (and why) when it cannot be read."""
        own = getattr(self.app, "room_server", None)
        typed = self.fields[1].text
        try:
            host, port, code, secure = parse_join(typed, "127.0.0.1", own.port if own is not None else DEFAULT_PORT)
        except ProtocolError as e:
            self.error = str(e)
            return None
        if "/" not in typed.strip():  # a code alone: a game hosted on this machine
            host, port = code_alone(self.app, code)
        return host, port, code, secure

    def join(self) -> None:
        room = self.typed_room()
        if room is not None:
            self.enter_room(*room, watch=False, typed=self.fields[1].text)

    def watch(self) -> None:
        """Watch the room typed (Ctrl+S): a spectator sees its games and plays none."""
        room = self.typed_room()
        if room is not None:
            self.enter_room(*room, watch=True, typed=self.fields[1].text)

    def watch_refused(self) -> None:
        """Watch the room a join was refused in (its game is under way)."""
        where = self.where if isinstance(self.where, (list, tuple)) and len(self.where) == 3 else None
        if where is None:
            self.watch()
        elif self.watchable is not None:
            self.enter_room(where[0], where[1], self.watchable, where[2], watch=True, typed=self.fields[1].text)

    def pick(self, where: tuple[str, int, bool], game: dict[str, Any]) -> None:
        """A public game pressed: join it (in its lobby) or watch it (under way)."""
        host, port, secure = where
        self.enter_room(host, port, game["code"], secure, watch=bool(game.get("started")),
                        typed=f"{'wss://' if secure else ''}{host}:{port}/{show_code(game['code'])}")

    def enter_room(self, host: str, port: int, code: str, secure: bool, watch: bool, typed: str) -> None:
        """Join (or watch) room ``code`` on ``host:port``: on to its lobby, which says how it went."""
        self.remember_name()
        kept = None if watch else self.book.find(f"{'wss' if secure else 'ws'}://{host}:{port}", code)
        if kept is not None:  # a seat this player holds there: taken back, not a new one
            client = Client(host, port, secure, self.book, kept["room"], kept["token"], kept["name"])
        else:
            client = Client(host, port, secure, self.book, code=code)  # the code in its path: for a balancer
            client.send({"type": "watch", "room": code} if watch else {"type": "join", "room": code, "name": self.name})
        self.app.manager.switch("lobby", {"client": client, "lan": None, "typed": typed, "joining": True,
                                          "where": (host, port, secure)})

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

    def connection(self) -> Client | None:
        return self.games.client  # closed with the window

    def update(self, dt: float) -> None:
        self.games.update(dt)
        if self.on_list and not self.games.rows:
            self.use_list(False)

    def wake_in(self) -> float | None:
        return 0.2  # the public games' answer is looked for a few times a second

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        u = self.u = unit_of(size)
        total = round(min(w * 0.94, u * 62))
        width = round(total * 0.48)
        left = (w - total) // 2
        for i, f in enumerate(self.fields):
            f.rect = pygame.Rect(left, round(u * (8.4 + i * 4.4)), width, round(u * 2.5))
        stack_buttons(self.column.buttons, pygame.Rect(left, round(u * 16.8), width, 0), round(u * 2.2),
                      round(u * 0.5))
        bottom = self.column.buttons[-1].rect.bottom
        self.games.lay_out(pygame.Rect(left + width + round(u * 2), round(u * 6.6), total - width - round(u * 2),
                                       bottom - round(u * 6.6)), round(u * 2.2))

    def use_list(self, on: bool) -> None:
        """The arrow keys and Enter go to the public games (on) or to the form's buttons."""
        self.on_list = on and bool(self.games.rows)
        if self.on_list:
            self.games.move(0) if self.games.focus >= 0 else self.games.move(1)
            for b in self.column.buttons:
                b.focus = False
        else:
            self.games.focus = -1
            self.games.mark()
            self.column.move(0)

    def pad_targets(self) -> list[pygame.Rect]:
        """A pad's D-pad works as the arrow keys; the ring is not used here."""
        return []

    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.KEYDOWN:
            if e.key == pygame.K_ESCAPE:
                self.back()
                return True
            if (self.on_list and e.key == pygame.K_LEFT) or (e.key == pygame.K_RIGHT and self.games.rows and (
                    self.on_list or getattr(e, "pad", False) or self.fields[self.focus].at_end())):
                self.use_list(e.key == pygame.K_RIGHT)  # (in a field, Right first takes the caret to its end)
                return True
            if self.on_list and e.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_RETURN, pygame.K_KP_ENTER):
                if e.key in (pygame.K_UP, pygame.K_DOWN):
                    self.games.move(-1 if e.key == pygame.K_UP else 1)
                else:
                    self.games.press_focused()
                return True
            if e.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                focused = self.column.buttons[self.column.focus]
                watching = self.watchable is not None and self.column.focus == 0  # Watch CODE, offered first
                self.join() if self.fields[1].text.strip() and not watching else focused.action()
                return True
            if e.key == pygame.K_F5:
                self.games.wait = 0.0  # ask again now
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
            if e.key == pygame.K_s and e.mod & pygame.KMOD_CTRL:  # spectate (Ctrl+W takes a word in a field)
                self.watch_refused() if self.watchable is not None else self.watch()
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
                    f.click(e.pos, self.u)
                    return True
        return self.games.handle_event(e) or self.column.handle_event(e)

    def draw(self, surface: pygame.Surface) -> None:
        u = self.u
        header(surface, "Play online", "with friends on this network or anywhere: no account", u)
        for i, f in enumerate(self.fields):
            f.draw(surface, i == self.focus, u)
        self.column.draw(surface)
        self.games.draw(surface, u, self.on_list)
        w, h = surface.get_size()
        if self.error:
            size = round(u * 0.95)
            lines = theme.wrap(self.error, size, round(min(w * 0.94, u * 62)), True)[:2]
            for k, line in enumerate(lines):
                theme.blit_text(surface, line, size, (w // 2, h - u * (3.4 - k * 1.1) - (len(lines) - 1) * u * 0.55),
                                theme.BAD, True, "center")
        keys = "Tab: next field · Enter joins · Ctrl+H hosts" + (" · Ctrl+R rejoins" if self.kept else "")
        keys = PAD_KEYS if self.app.pads.active else keys + " · Right: public games · Esc back"
        theme.blit_text(surface, keys, round(u * 0.85),
                        (w // 2, h - u * 1.1), theme.DIM, True, "center")
