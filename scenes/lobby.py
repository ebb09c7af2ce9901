"""The lobby of an online room: the seats, the mode and its options, start; and again after a game.

Everyone sees the room code (and, hosting, the LAN address to give friends),
who sits where, the open seats, and "reconnecting…" on a seat whose player
dropped.  The host changes the mode (every mode whose class is ``ONLINE``),
the call time and what the mode's ``ONLINE_SETUP`` offers (Classic's game
type); in a mode bots play (``BOTS``) adds bots of any level ("Add: Bot
(medium)"; the level button cycles it); removes a bot or a departed
player's seat (its row's Remove, or the seat's number key); and starts.
Only what the mode allows is offered, so the server never refuses it.  With
a pad the ring goes over those buttons (A presses).  When the game is dealt (a ``state`` message)
the mode's play scene is shown, driven by a ``RemoteSession``; after the game
the lobby shows its standings and the host's Start deals again in the same room.
The host's Public (P) lists the room among the public games (``scenes.public``) or takes it off;
everyone sees how many watch.  A spectator (``watch``) sees the lobby with no controls but Leave,
and each game the host deals (``scenes.watch``).  A join refused because a game is under way goes
back to Play online offering to watch it.
"""

from __future__ import annotations

from typing import Any

import pygame

from game import variants
from game.bots import LEVELS
from game.net.client import Client, RemoteSession
from game.net.protocol import show_code
from game.net.room import LEVEL_NAMES, MAX_SEATS, online_modes
from game.variants.base import Game
from game.variants.facts import Option
from sprites import theme
from sprites.hud import Button, row_buttons, stack_buttons

from .base import Scene
from .modes import MODES
from .widgets import ButtonColumn, header, unit_of

CALL_TIMES = (3, 5, 7, 10, 15)
MAX_TAKE = 200  # messages one frame takes at most


def playable() -> list[str]:
    """The modes a room may play, in the registry's order: the lobby's choices (the first is a new room's)."""
    return online_modes()


def room_game(mode: Any) -> type[Game] | None:
    """The class of a room's mode (None for one this version does not know)."""
    return variants.game_class(mode) if mode in variants.MODES else None


class LobbyScene(Scene):
    def enter(self, data: dict[str, Any]) -> None:
        if not isinstance(data.get("client"), Client):  # no room to show: host or join one first
            self.app.manager.switch("online", {})
            self.app.manager.push("message", {"title": "No room", "text": "Host a game or join one first."})
            self.client = None
            return
        self.client: Client = data["client"]
        self.lan: str | None = data.get("lan")
        self.typed = str(data.get("typed", ""))  # what was typed to get here: kept in its field if this fails
        self.where = data.get("where")  # (host, port, TLS) of the room's server
        self.joining = bool(data.get("joining"))
        self.level = list(LEVELS).index("human")
        self.notice = ""
        self.passing = ""  # the notice of a status (trying again): cleared once in the room
        self.wait = 0.0
        self.add_button = Button("", self.add_bot, "B")
        self.level_button = Button("", self.next_level, "L")
        self.host_buttons = [Button("Mode", self.next_mode, "M"), Button("Call time", self.next_call, "T"),
                             Button("Game type", self.next_type, "G"), self.add_button, self.level_button]
        self.public_button = Button("Public: off", self.toggle_public, "P")
        self.shown: list[Button] = []  # the host's buttons the room's mode offers (laid out by lay_host_buttons)
        self.name_level()
        #: each other seat's Remove (a bot, or a person who is away), pressed with the seat's number
        self.remove_buttons = [Button("Remove", lambda i=i: self.remove(i), str(i + 1)) for i in range(MAX_SEATS)]
        self.column = ButtonColumn([Button("Start", self.start, "Enter", accent=True),
                                    Button("Leave", self.leave, "Esc")])
        super().enter(data)

    def connection(self) -> Client | None:
        return self.client

    # ----- what the server says -------------------------------------------------------------------
    @property
    def lobby(self) -> dict | None:
        return self.client.lobby

    @property
    def game(self) -> type[Game] | None:
        """The class of the room's mode (None for a mode this version does not know)."""
        return room_game((self.lobby or {}).get("mode", playable()[0]))

    def type_option(self) -> Option | None:
        """The choice the Game type button cycles: the first of the mode's ``ONLINE_SETUP`` (None: none)."""
        game = self.game
        return game.ONLINE_SETUP[0] if game is not None and game.ONLINE_SETUP else None

    def offered(self) -> list[Button]:
        """The host's buttons for the room's mode: a game type only if it has one, bots only if they play it."""
        game = self.game
        bots = game is not None and game.BOTS
        return [b for i, b in enumerate(self.host_buttons) if i < 2 or (i == 2 and self.type_option() is not None)
                or (i > 2 and bots)] + [self.public_button]

    @property
    def controls(self) -> list[Button]:
        """Every button of the host's (the mode's choices, bots, Public)."""
        return self.host_buttons + [self.public_button]

    @property
    def hosting(self) -> bool:
        lob = self.lobby
        return bool(lob) and lob.get("host") == lob.get("seat") and not lob.get("playing")

    def update(self, dt: float) -> None:
        self.wait += dt
        for _ in range(MAX_TAKE):
            msg = self.client.get()
            if msg is None:
                break
            kind = msg.get("type")
            if kind == "error":
                self.notice = str(msg.get("why", ""))
                refused = self.joining and self.client.room is None  # the answer to the join: no seat
                if self.client.closed or self.client.room is None and msg.get("local") or refused:
                    self.client.close()
                    self.back_to_online(self.notice, msg.get("watch"))  # a game under way: offer to watch
                    return
            elif kind == "left":  # the room was closed (the notice before says why)
                self.client.close()
                self.back_to_online(self.notice or "the room was closed")
                return
            elif kind == "status" and msg.get("closed"):
                self.back_to_online(self.notice or "the connection was closed")
                return
            elif kind == "status" and msg.get("why"):  # the seat being taken back: the client tries again
                self.notice = self.passing = str(msg["why"])
            elif kind in ("joined", "watching") and self.notice == self.passing:
                self.notice = ""  # in the room again: what it said meanwhile is over
            elif kind == "state" and not msg.get("over"):
                self.play(msg)
                return
        self.refresh()

    def refresh(self) -> None:
        """The buttons as the latest lobby allows (it may have come since the last frame)."""
        shown = self.offered()
        for b in self.controls:
            b.enabled = self.hosting and b in shown
        self.public_button.label = f"Public: {'on' if (self.lobby or {}).get('public') else 'off'}"
        if shown != self.shown:
            self.lay_host_buttons()
        option = self.type_option()
        self.host_buttons[2].label = option.label if option is not None else "Game type"
        seats = (self.lobby or {}).get("seats") or []
        for i, b in enumerate(self.remove_buttons):
            b.enabled = self.hosting and i < len(seats) and self.removable(i, seats[i])
        self.column.buttons[0].enabled = self.hosting
        again = "Play again" if self.lobby and self.lobby.get("result") else "Start"
        self.column.buttons[0].label = "The host starts" if self.client.watching else again  # a spectator's: dimmed

    def back_to_online(self, why: str, watch: Any = None) -> None:
        """Back to Play online, saying ``why``, with what was typed still in its field (and, for a room
        whose game is under way, its code to watch)."""
        self.app.manager.switch("online", {"error": why, "address": self.typed, "joining": self.joining,
                                           "reached": self.client.ever, "watch": watch, "where": self.where})

    def play(self, state: dict) -> None:
        """The game is dealt: its play scene, driven by the server through a remote session."""
        mode = state["mode"]
        if room_game(mode) is None:
            self.notice = f"this version has no screen for {mode}: update the game to play it"
            return
        rs = RemoteSession(self.client, state)
        self.app.manager.switch(MODES[mode].scene, {"session": rs, "online": True, "client": self.client,
                                                    "mode": mode, "seats": list(state["seats"]),
                                                    "again": ("lobby", {"client": self.client, "lan": self.lan})})

    # ----- the host's controls --------------------------------------------------------------------
    def setup(self, **change: Any) -> None:
        lob = self.lobby or {}
        msg = {"type": "setup", "mode": lob.get("mode", playable()[0]), "options": dict(lob.get("options") or {}),
               "call_time": lob.get("call_time", 5.0)}
        msg.update(change)
        self.client.send(msg)

    def next_mode(self) -> None:
        modes, mode = playable(), (self.lobby or {}).get("mode")
        self.setup(mode=modes[(modes.index(mode) + 1) % len(modes)] if mode in modes else modes[0], options={})

    def next_call(self) -> None:
        now = (self.lobby or {}).get("call_time", 5.0)
        later = [c for c in CALL_TIMES if c > now]
        self.setup(call_time=later[0] if later else CALL_TIMES[0])

    def next_type(self) -> None:
        """The next choice of the mode's game type (its default is sent as no option at all)."""
        option = self.type_option()
        if option is None:
            return
        options = dict((self.lobby or {}).get("options") or {})
        values = [v for v, _label in option.choices]
        now = options.get(option.key, option.default)
        options[option.key] = values[(values.index(now) + 1) % len(values)] if now in values else values[0]
        if options[option.key] == option.default:
            del options[option.key]
        self.setup(options=options)

    def name_level(self) -> None:
        name = LEVEL_NAMES.get(list(LEVELS)[self.level], list(LEVELS)[self.level])
        self.add_button.label = f"Add: Bot ({name})"
        self.level_button.label = f"Bot level: {name}"

    def next_level(self) -> None:
        self.level = (self.level + 1) % len(LEVELS)
        self.name_level()

    def add_bot(self) -> None:
        self.client.send({"type": "bot", "level": list(LEVELS)[self.level]})

    def removable(self, i: int, seat: dict) -> bool:
        """Whether the host may take seat ``i`` away: a bot, or a person who is not connected."""
        lob = self.lobby or {}
        return i != lob.get("host") and (str(seat.get("kind", "")).startswith("bot:") or not seat.get("connected"))

    def remove(self, i: int) -> None:
        """Take seat ``i`` away (a bot, or a departed player's seat); the server says no to anything else."""
        seats = (self.lobby or {}).get("seats") or []
        if self.hosting and i < len(seats) and self.removable(i, seats[i]):
            self.client.send({"type": "unseat", "seat": i})

    def toggle_public(self) -> None:
        """List the room among the public games, or take it off the list (the host's; the lobby says)."""
        self.client.send({"type": "public", "on": not (self.lobby or {}).get("public")})

    def start(self) -> None:
        self.client.send({"type": "start"})

    def leave(self) -> None:
        self.client.close()
        self.app.manager.switch("online", {})

    # ----- screen ---------------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        u = self.u = unit_of(size)
        width = round(min(w * 0.8, u * 40))
        self.left = (w - width) // 2
        self.width = width
        self.lay_host_buttons()
        for i, b in enumerate(self.remove_buttons):
            row = self.seat_rect(i)
            b.rect = pygame.Rect(row.right - round(u * 6.4), row.top + round(u * 0.35), round(u * 6.0),
                                 row.h - round(u * 0.7))
        row_buttons(self.column.buttons, pygame.Rect(self.left, h - round(u * 4.5), width, round(u * 2.4)),
                    round(u * 0.8))

    def lay_host_buttons(self) -> None:
        """The buttons the mode offers, stacked at the right (the others out of sight)."""
        u, self.shown = self.u, self.offered()
        for b in self.controls:
            b.rect = pygame.Rect(0, 0, 0, 0)
        stack_buttons(self.shown, pygame.Rect(self.left + self.width - round(u * 12), round(u * 9), round(u * 12), 0),
                      round(u * 2.0), round(u * 0.45))

    def seat_rect(self, i: int) -> pygame.Rect:
        u = self.u
        return pygame.Rect(self.left, round(u * (9 + i * 3.0)), self.width - round(u * 13.5), round(u * 2.5))

    def pad_targets(self) -> list[pygame.Rect]:
        """What a pad's ring visits: the host's buttons (Start first); a guest's pad uses A and B as keys."""
        if not self.hosting:
            return []
        buttons = self.column.buttons + self.controls + self.remove_buttons
        return [b.rect for b in buttons if b.enabled and b.rect.w > 0]

    def handle_event(self, e: pygame.event.Event) -> bool:
        self.refresh()  # a key pressed the moment the host role came: the buttons know it already
        if e.type == pygame.KEYDOWN:
            if e.key == pygame.K_ESCAPE:
                self.leave()
                return True
            if e.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if self.column.buttons[0].enabled:
                    self.start()
                return True
            for b in self.controls + self.remove_buttons:
                if b.enabled and e.unicode and e.unicode.lower() == b.key.lower():
                    b.action()
                    return True
        for b in self.controls + self.remove_buttons:
            if b.handle_event(e):
                return True
        return self.column.handle_event(e, keys=(pygame.K_LEFT, pygame.K_RIGHT))

    @property
    def animating(self) -> bool:
        return True  # the seats change when the server says so: look every frame

    def draw(self, surface: pygame.Surface) -> None:
        u, lob = self.u, self.lobby
        w, h = surface.get_size()
        if not lob:
            header(surface, "Play online", "connecting…" + "." * (int(self.wait * 2) % 3), u)
            if self.notice:
                theme.blit_text(surface, self.notice, round(u), (w // 2, u * 9), theme.BAD, True, "center")
            self.column.draw(surface)
            return
        code = show_code(lob["room"])
        sub = f"friends join with {self.lan}/{code}" if self.lan else "waiting for the host to start"
        header(surface, f"{'Watching' if self.client.watching else 'Room'} {code}", sub, u)
        mode, game = lob.get("mode", playable()[0]), self.game
        opts = lob.get("options") or {}
        info = f"{game.TITLE if game is not None else mode} · call time {lob.get('call_time', 5):g} s"
        for option in game.ONLINE_SETUP if game is not None else ():  # a choice other than the default
            chosen = dict(option.choices).get(opts.get(option.key, option.default))
            if opts.get(option.key, option.default) != option.default and chosen:
                info += f" · {chosen}"
        info += (" · public" if lob.get("public") else "") + (f" · {lob['spectators']} watching"
                                                               if lob.get("spectators") else "")
        theme.blit_text(surface, info, round(u * 1.1), (self.left, u * 7.6), theme.INK, True, "midleft")
        seats = lob.get("seats") or []
        for i in range(len(seats), MAX_SEATS):
            r = self.seat_rect(i)
            theme.panel(surface, r, r.h // 4, (255, 255, 255, 6), (255, 255, 255, 18))
            theme.blit_text(surface, f"P{i + 1}  Open seat", round(u * 1.05), (r.left + u, r.centery), theme.DIM,
                            True, "midleft")
            bots = self.hosting and game is not None and game.BOTS
            theme.blit_text(surface, "a friend joins with the code" + (", or add a bot" if bots else ""),
                            round(u * 0.8), (r.right - u, r.centery), theme.DIM, True, "midright")
        for i, seat in enumerate(seats):
            r = self.seat_rect(i)
            mine = i == lob.get("seat")
            theme.panel(surface, r, r.h // 4, (255, 255, 255, 30 if mine else 12),
                        theme.ACCENT if mine else (255, 255, 255, 30))
            who = seat.get("name", "?") + ("  (host)" if i == lob.get("host") else "") + ("  — you" if mine else "")
            theme.blit_text(surface, f"P{i + 1}  {who}", round(u * 1.05), (r.left + u, r.centery), theme.INK, True,
                            "midleft")
            state = "left" if seat.get("gone") else "reconnecting…" if not seat.get("connected") else \
                "bot" if seat.get("kind", "").startswith("bot:") else "here"
            remove = self.remove_buttons[i]
            right = remove.rect.left - u * 0.6 if remove.enabled else r.right - u
            theme.blit_text(surface, state, round(u * 0.9), (right, r.centery),
                            theme.BAD if state in ("left", "reconnecting…") else theme.MUTED, True, "midright")
            if remove.enabled:
                remove.draw(surface)
        if self.hosting:
            for b in self.shown:
                b.draw(surface)
        self.draw_result(surface, lob.get("result"))
        if self.notice:
            theme.blit_text(surface, self.notice, round(u * 0.95), (w // 2, h - u * 6.0), theme.BAD, True, "center")
        self.column.draw(surface)

    def draw_result(self, surface: pygame.Surface, result: dict | None) -> None:
        if not result:
            return
        u = self.u
        y = u * 22.5
        theme.blit_text(surface, "LAST GAME", round(u * 0.85), (self.left, y), theme.MUTED, True, "midleft")
        lob = self.lobby or {}
        # the names the game was played with (a bot swapped since does not rewrite it); else the seats'
        names = [str(n) for n in lob.get("result_names") or []] or [s.get("name", "") for s in lob.get("seats") or []]
        for k, row in enumerate(result.get("standings") or []):
            seat = row.get("seat", 0)
            name = names[seat] if seat < len(names) else row.get("player")
            theme.blit_text(surface, f"{k + 1}. {name}: {row.get('score')}", round(u * 1.0),
                            (self.left + u * (k * 9), y + u * 1.5), theme.INK, True, "midleft")
