"""SessionLink: what ties a play scene to its game in time (``game.session``).

A play scene holds one.  The link makes the session (a fresh deal, a save
resumed, a replay's start, or one handed over ready-made: online play),
acts for the player, shows what the session recorded since the last look
(``pump``: each event goes to the scene's ``on_played`` or
``on_session_event``), saves after every move, plays a replay back, and
when the game is over counts down to the results (``finish``).

What it asks of its scene (a ``PlayScene``): ``app``, ``mode``, ``data``,
``demo``, ``replaying``, ``ending``, ``toast``, ``refresh()``,
``seats_for(data)``, ``acting_seat()``, ``on_played(m)``,
``on_session_event(m)``, ``step_replay(dt)``, ``finish()`` and ``driver``.
"""

from __future__ import annotations

import json
from typing import Any

import pygame

from game import session as sessions
from game import variants
from game.codes import deal_code
from game.errors import IllegalMove
from game.move import Move
from sprites import theme

from .tally import count_play

END_PAUSE = 1.3  # seconds the finished table stays before the results
DEMO_HINT = "Demo: any key or click for the menu"
#: keys a demo lets through: a modifier alone, the rules (F1; F11 is the window's)
DEMO_KEEPS = (pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LALT, pygame.K_RALT,
              pygame.K_LGUI, pygame.K_RGUI, pygame.K_CAPSLOCK, pygame.K_NUMLOCK, pygame.K_F1, pygame.K_F11)
REPLAY_STEP = 0.9  # seconds between replayed moves that carry no time


def bot_name(seat: str, number: int | None = None) -> str:
    """A bot's name from its seat ("bot:expert"): "Bot (expert)", or with a seat's number "Bot 3 (expert)".

    >>> bot_name("bot:expert"), bot_name("bot:casual", 3)
    ('Bot (expert)', 'Bot 3 (casual)')
    """
    level = seat.split(":", 1)[-1]
    return f"Bot {number} ({level})" if number else f"Bot ({level})"


class SessionLink:
    """The session of one play scene, and the way its events reach the screen."""

    def __init__(self, scene: Any) -> None:
        self.scene = scene
        self.seen = 0  # events already shown (a resumed game's are not replayed)
        self.prev_event: str | None = None  # the event before the one being shown
        self.replay_events: list[str] = []
        self.replay_wait = REPLAY_STEP

    def start(self, data: dict[str, Any]):
        """Make the session for the scene's start ``data``; returns it."""
        session = self.new_session(data)
        self.seen = len(session.events)
        if "replay" in data:
            self.replay_events = list(json.loads(data["replay"]).get("events", []))
        return session

    def new_session(self, data: dict[str, Any]):
        """The game in time to play: one handed over (online), resumed from a save, a replay's start
        (its events are played back by ``step_replay``), or a fresh deal."""
        scene = self.scene
        now = scene.app.now
        if "session" in data:
            return data["session"]
        if "resume" in data:
            return sessions.from_json(data["resume"], now=now)
        if "replay" in data:
            saved = sessions.from_json(data["replay"], now=now)
            return sessions.new_session(saved.mode, saved.seed, saved.seats, saved.options, now, level=saved.level,
                                        call_time=saved.call_time, follow=True)
        seats = scene.seats_for(data)
        tag = {k: data[k] for k in ("daily", "level_id") if k in data}
        kw = {"call_time": float(scene.app.settings.get("call_time", sessions.CALL_TIME)), "tag": tag,
              **scene.app.bot_memory()}
        options = dict(data.get("options", {}))
        if tag and "fair" in variants.game_class(scene.mode).OPTIONS:
            options["fair"] = True  # a counted daily or a level: undo reveals nothing and takes back no cost
        if "level" in data:  # a puzzle level, or a daily deal given as a level (Mag's with its par)
            return sessions.new_session(scene.mode, 0, seats, options, now, level=data["level"], **kw)
        return sessions.new_session(scene.mode, int(data.get("seed", 0)), seats, options, now, **kw)

    @property
    def session(self):
        return self.scene.session

    # ----- acting --------------------------------------------------------------------------
    def act(self, move: str, seat: int | None = None) -> str | None:
        """Act in the session for ``seat`` (default: the acting seat); on refusal say why and return None.
        What the action made happen is shown by ``pump``; returns the event recorded."""
        scene = self.scene
        words = [w for w in move.split() if not w.startswith("@")]  # the session stamps the time
        if seat is None and len(words) > 1 and words[0][:1] in "Pp" and words[0][1:].isdigit():
            seat, words = int(words[0][1:]) - 1, words[1:]  # a move naming its player acts for that seat
        try:
            event = self.session.act(scene.acting_seat() if seat is None else seat, " ".join(words), scene.app.now)
        except IllegalMove as err:
            scene.toast.show(str(err), theme.BAD)
            scene.app.sound("wrong")
            return None
        self.pump()
        return event

    def act_quietly(self, seat: Any, action: str) -> None:
        """Act for ``seat`` without showing the event (an undo or a redo the scene shows its own way).

        :raises IllegalMove: when the session refuses it.
        """
        self.session.act(seat, action, self.scene.app.now)
        self.seen = len(self.session.events)

    def pump(self) -> None:
        """Show the events the session recorded since the last look (moves, calls, a bot's pick), save
        the game, and start the way to the results when it is over."""
        scene = self.scene
        events = self.session.events
        if self.seen >= len(events):
            return
        first, self.seen = self.seen, len(events)
        scene.refresh()
        for n in range(first, len(events)):
            self.prev_event = events[n - 1] if n > 0 else None
            m = Move.parse(events[n])
            if m.verb in sessions.SESSION_WORDS:
                scene.on_session_event(m)
            else:
                scene.on_played(m)
        if not (scene.demo or scene.replaying):
            self.save()
        if scene.game.over and scene.ending < 0:
            scene.ending = END_PAUSE

    def leave(self) -> None:
        """The scene leaves with its game unfinished (the menu, a quit): the save keeps the clock as it is now."""
        scene = self.scene
        if not (scene.demo or scene.replaying or scene.game.over or scene.online):
            self.session.tick(scene.app.now)
            scene.app.save_game(scene.mode, self.session.to_json())

    def save(self) -> None:
        """Save the unfinished game (the session: its events, clock, seats and call); a finished one is cleared."""
        scene = self.scene
        if scene.online:
            return  # the room keeps the game (the server's log)
        if scene.game.over:
            scene.app.clear_game(scene.mode)
        else:
            scene.app.journal(scene.mode, self.session)

    # ----- a replay ------------------------------------------------------------------------
    def step_replay(self, dt: float) -> None:
        """Play the recorded events back, each after the time it took (at most REPLAY_STEP)."""
        scene = self.scene
        if not self.replay_events:
            if scene.ending < 0:
                scene.ending = END_PAUSE
            return
        self.replay_wait -= dt
        if self.replay_wait > 0:
            return
        event = self.replay_events.pop(0)
        try:
            self.session.apply_event(event)
        except ValueError:
            self.replay_events = []  # a damaged replay ends here
            return
        self.pump()
        if self.replay_events:
            gap = Move.parse(self.replay_events[0]).time - Move.parse(event).time
            self.replay_wait = min(REPLAY_STEP, max(0.0, gap))

    # ----- time ------------------------------------------------------------------------------
    def tick(self) -> None:
        """Catch the session up to real time (on any gap) and show what happened; a replay runs alone."""
        if not self.scene.replaying:
            self.session.tick(self.scene.app.now)
            self.scene.pump()

    def advance(self, dt: float) -> None:
        """After the sprites moved: the replay's next event or the demo's player, the count to the results."""
        scene = self.scene
        if scene.replaying:
            scene.step_replay(dt)
        elif scene.driver is not None and not scene.game.over:
            scene.driver.tick(scene, dt)
        if scene.ending >= 0:
            scene.ending -= dt
            if scene.ending < 0:
                scene.finish()

    # ----- the end ---------------------------------------------------------------------------
    def finish(self) -> None:
        """The game is over (or the replay ended): on to the results."""
        scene = self.scene
        if scene.replaying:
            self.leave_replay()
            return
        res = self.results()
        res.update({"mode": scene.mode, "game": self.session.to_json(), "setup": scene.data,
                    "demo": scene.demo, "result": self.session.result()})
        name = "results"
        if scene.online:
            res["again"] = scene.data.get("again")  # Play again: back to the room's lobby
            res["watched"] = scene.watching  # a spectator goes back to the room to watch the next game
        elif not scene.demo and ("daily" in scene.data or "level_id" in scene.data):
            name = count_play(scene, res)  # a daily or a level play is counted its own way
        if not scene.demo and not scene.online and scene.session.bots:
            scene.app.remember_bots(scene.session)
        if not scene.demo and not scene.online and not ("daily" in scene.data or "level_id" in scene.data):
            scene.app.record_result(scene.mode, {"won": bool(scene.game.won), "time": round(scene.clock, 2),
                                                 "score": res.get("stat_score"), "kind": scene.game.kind})
        mine = not (scene.demo or scene.watching)  # a spectator's window neither rates nor keeps a watched game
        if mine:  # a game with opponents moves the window's person's rating (game.ratings)
            res["rating"] = scene.app.rate_game(scene.mode, res["result"], scene.session.seat if scene.online else 0)
        scene.app.manager.switch(name, res)
        if mine:  # kept in the history (online: the events this window got); after the switch, so a
            # notice about the history file shows over the results
            res["archived"] = scene.app.archive_game(self.session, [self.seat_name(p) for p in self.session.players],
                                                     res)

    def results(self) -> dict[str, Any]:
        """What the results screen shows: the mode's own summary (title, score, lines, Sets by worth),
        the time and whether it was won."""
        game = self.scene.game
        return {**game.summary({p: self.seat_name(p) for p in self.session.players}),
                "won": bool(game.won), "time": self.scene.clock, "lower_is_better": game.LOWER_IS_BETTER,
                "code": self.deal_code()}

    def deal_code(self) -> str:
        """The code of the deal played (short where it has one: ``game.codes``); "" for an online room's deal
        (the room's own) and a level (its id names it)."""
        scene, data = self.scene, self.scene.data
        if scene.online or "level_id" in data or scene.replaying:
            return ""
        day = (data.get("daily") or {}).get("date") or data.get("deal_date")
        return deal_code(scene.mode, self.session.seed, day)

    def seat_name(self, p: str) -> str:
        """How the window calls player ``p``, in the side panel, the toasts and the results alike: "You"
        (the one person at this keyboard; online, this window's seat), "Bot (expert)" (with its seat's
        number when two bots share a level: "Bot 3 (casual)"), or "P3" (hot seat); online, the name the
        player gave, and "reconnecting…" while they are away."""
        s = self.session
        i = int(p[1:]) - 1
        if self.scene.online:
            if i == s.seat:
                return "You"
            bot = i < len(s.seats) and s.seats[i].startswith("bot:")
            name = s.names[i] if i < len(s.names) and s.names[i] else bot_name(s.seats[i]) if bot else p
            away = s.status(i)
            return f"{name} ({away})" if away and not bot else name  # (the room names a bot "Bot (expert)")
        if i < len(s.seats) and s.seats[i] != "human":
            same = [k for k, seat in enumerate(s.seats) if seat == s.seats[i]]
            return bot_name(s.seats[i], i + 1 if len(same) > 1 else None)
        humans = [q for q in s.players if s.kind(q) != "bot"]
        return "You" if len(humans) == 1 and p == humans[0] else p

    def demo_input(self, e: pygame.event.Event) -> bool:
        """A demo asks nothing of the one watching: any key (but F1, the rules), a click anywhere but the top
        bar's buttons, or a pad's button (they arrive as keys: a demo offers the pad's ring nothing) goes back
        to the menu.  True when ``e`` did; False outside a demo."""
        scene = self.scene
        if not scene.demo:
            return False
        leave = (e.type == pygame.KEYDOWN and e.key not in DEMO_KEEPS) or (
            e.type == pygame.MOUSEBUTTONDOWN and e.button in (1, 2, 3)
            and not any(b.rect.collidepoint(e.pos) for b in scene.top_buttons))
        if leave:
            scene.app.manager.switch("menu", {})
        return leave

    def leave_replay(self) -> None:
        res = self.scene.data.get("results", {"mode": self.scene.mode})
        self.scene.app.manager.switch("played" if "daily" in res or "level_id" in res else "results", res)
