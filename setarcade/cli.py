"""The command line: parse it, then start the app (scenes/__init__.py explains the scenes).

``main.py`` (a checkout, ``make play``), the installed ``setarcade`` command and ``python -m setarcade``
all run :func:`main`; docs/architecture.md tells how the game is built.
"""

from __future__ import annotations

import argparse
import datetime as _dt
import os
import sys
import tempfile

from game.codes import Deal, read_code
from game.variants import MODES  # the registry (pygame-free): every mode, in the menu's order


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(x) for x in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size is WIDTHxHEIGHT like 1600x900, not {text!r}") from None
    if not (320 <= w <= 7680 and 320 <= h <= 4320):
        raise argparse.ArgumentTypeError(f"size {text} is out of range (320 to 7680 wide, 320 to 4320 high)")
    return w, h


def _seed(text: str) -> int:
    if not text.isascii() or not text.isdigit() or len(text) > 25 or int(text) >= 2**64:
        raise argparse.ArgumentTypeError(f"a seed is a whole number from 0 to {2**64 - 1}, not {text!r:.40}")
    return int(text)


def _code(text: str) -> Deal:
    try:
        return read_code(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def _date(text: str) -> str:
    if text == "today":
        return _dt.date.today().isoformat()
    try:
        return _dt.date.fromisoformat(text).isoformat()
    except ValueError:
        raise argparse.ArgumentTypeError(f"a date is YYYY-MM-DD, not {text!r}") from None


def _frames(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"frames is a whole number ≥ 1, not {text!r}")
    return int(text)


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="setarcade",
                                description=f"Set Arcade: the card game of Sets, in {len(MODES)} modes.")
    p.add_argument("--mode", choices=MODES, help="go straight to a mode (its setup, or a deal with --seed)")
    p.add_argument("--seed", type=_seed, help="deal number to play")
    p.add_argument("--code", type=_code, metavar="CODE",
                   help="a deal code the game showed (R1BQB-FVTK, or the long form pillars-42): play that deal")
    p.add_argument("--daily", nargs="?", const="today", type=_date, metavar="DATE", help="the daily deal")
    p.add_argument("--level", metavar="ID", help="a puzzle level, e.g. pillars-007")
    p.add_argument("--demo", action="store_true", help="watch a bot play the mode")
    p.add_argument("--replay", metavar="FILE", help="replay a shared game: a file holding its share text "
                   "(setarcade-game:…)")
    p.add_argument("--smoke", nargs="?", const=60, type=_frames, metavar="FRAMES",
                   help="run every scene for FRAMES frames headless and exit 0, or 1 with the reason")
    p.add_argument("--data-dir", help="folder for settings and saves (default: SETARCADE_HOME or the user dir)")
    p.add_argument("--size", type=_size, metavar="WxH", help="window size, e.g. 1600x900")
    p.add_argument("--fullscreen", action="store_true", help="start in full screen (F11 toggles)")
    return p


def main(argv: list[str]) -> int:
    p = parser()
    args = p.parse_args(argv)
    extra: dict[str, str | None] = {}
    if args.code is not None:  # a deal code names the mode and the deal (a daily's, the day too)
        if args.seed is not None or (args.mode is not None and args.mode != args.code.mode):
            p.error(f"--code names a {args.code.mode} deal: give it without --seed (and --mode)")
        args.mode, args.seed = args.code.mode, args.code.seed
        extra["deal_date"] = args.code.date.isoformat() if args.code.date else None
    if args.smoke is not None:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        if not args.data_dir and not os.environ.get("SETARCADE_HOME"):
            args.data_dir = tempfile.mkdtemp(prefix="setarcade-smoke-")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from scenes.app import App, Options

    options = Options(mode=args.mode, seed=args.seed, daily=args.daily, level=args.level, demo=args.demo,
                      smoke=args.smoke, data_dir=args.data_dir, size=args.size, fullscreen=args.fullscreen,
                      replay=args.replay, extra=extra)
    app = App(options)
    if args.smoke is not None:
        from scenes import smoke

        code = smoke.run(app, args.smoke)
        app.close()
        return code
    return app.run()


def run() -> int:
    """The installed ``setarcade`` command (pyproject.toml's ``[project.scripts]``) and ``python -m setarcade``."""
    return main(sys.argv[1:])
