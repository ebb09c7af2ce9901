"""A whole game headless, through a session: ``python -m game.match --mode M --seats … --seed N``.

Bots play their seats; every other seat is played by the mode's plain
player (``Game.demo_choice``) at a steady pace of game time.  Prints
``result()`` as JSON.  It never imports pygame: nothing of a game lives
in a window.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .ratings import Rating
from .session import Session, new_session
from .variants import MODES

PACE = 2.0  # seconds of game time between two moves of a seat played by the plain player
LIMIT = 36_000.0  # seconds of game time a match may last at most


def play_out(s: Session, pace: float = PACE, limit: float = LIMIT) -> Session:
    """Play ``s`` to its end (or ``limit`` seconds of game time) and return it."""
    memory: dict = {}
    humans = [i for i, seat in enumerate(s.seats) if not seat.startswith("bot:")]
    now = s.last
    end = s.clock + limit
    while not s.over and s.clock < end:
        now += pace
        s.tick(now)
        for seat in humans:
            if s.over:
                break
            player = s.player(seat) if s.realtime else None
            move = s.game.demo_choice(memory, player)
            if move is None:
                continue
            try:
                s.act(seat, move, now)
            except ValueError:
                pass  # another seat's call or a hand being dealt: try again next step
        if not humans and not s.bots:
            break
    return s


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m game.match", description=__doc__.splitlines()[0])
    p.add_argument("--mode", required=True, choices=MODES)
    p.add_argument("--seats", default=None, help="comma-separated: human, bot:<level> (default: the mode's)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--options", default="{}", help="the mode's options as JSON, e.g. '{\"timed\": \"blitz\"}'")
    p.add_argument("--pace", type=float, default=PACE, help="seconds of game time between plain-player moves")
    p.add_argument("--data-dir", help="a player's folder: the game is also kept in its history (history.sqlite)")
    a = p.parse_args(argv)
    try:
        options = json.loads(a.options)
        if not isinstance(options, dict):
            raise ValueError("--options must be a JSON object")
        seats = a.seats.split(",") if a.seats else None
        if not 0 <= a.seed < 2**64:
            raise ValueError("--seed must be from 0 to 2**64-1")
        s = play_out(new_session(a.mode, a.seed, seats, options), a.pace)
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if a.data_dir:
        kept = archive(s, a.data_dir)
        if kept is None:
            return 1
    print(json.dumps(s.result()))
    return 0


def names_of(seats: list[str]) -> list[str]:
    """What a headless game calls its players, as the window does: "You" in the first seat played by a
    person, "Bot (expert)" (with its seat's number when two bots share a level), "P3".

    >>> names_of(["human", "bot:expert", "human", "bot:expert"])
    ['You', 'Bot (expert)', 'P3', 'Bot 4 (expert)']
    """
    out: list[str] = []
    for i, seat in enumerate(seats):
        level = seat.split(":", 1)[-1]
        if seat == "human":
            out.append("P" + str(i + 1) if "You" in out else "You")
        else:
            out.append(f"Bot ({level})" if f"Bot ({level})" not in out else f"Bot {i + 1} ({level})")
    return out


def _rate(s: Session, folder: str) -> Rating | None:
    """Rate the first seat a person plays after a game with opponents, as the window rates "You" (the
    ratings file in ``folder``); the rating after it, or None (no person, or alone)."""
    from .ratings import RatingBook

    person = next((i for i, seat in enumerate(s.seats) if not seat.startswith("bot:")), None)
    if person is None:
        return None
    book = RatingBook(Path(folder), lambda n: print(n, file=sys.stderr), list(MODES))
    change = book.rate_game(s.mode, s.result(), person)
    return None if change is None else change.after


def archive(s: Session, folder: str) -> int | None:
    """Keep the finished game ``s`` in the history in ``folder``; its id, or None (a message says why)."""
    from .history import Archive

    names = names_of(list(s.seats))
    summary = s.game.summary({f"P{i + 1}": n for i, n in enumerate(names)})
    result = {**s.result(), "summary": {"title": str(summary.get("title") or ""),
                                        "score": str(summary.get("score") or "")}}
    rating = _rate(s, folder)
    history = Archive(folder)
    try:
        for notice in history.take_notices():
            print(notice, file=sys.stderr)
        gid = history.add({"mode": s.mode, "kind": s.game.kind, "seed": s.seed, "options": dict(s.options),
                           "level": s.level, "seats": list(s.seats), "names": names, "result": result,
                           "events": list(s.events), "call_time": s.call_time, "tag": dict(s.tag),
                           "rating": rating})
        for notice in history.take_notices():
            print(notice, file=sys.stderr)
        return gid
    finally:
        history.close()


if __name__ == "__main__":
    sys.exit(main())
