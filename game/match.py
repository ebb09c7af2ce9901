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
    print(json.dumps(s.result()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
