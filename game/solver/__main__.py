"""Command line: ``python -m game.solver MODE --seed N [--oracles] [--limit S] [--level basic|advanced]``.

MODE is a mode whose class names its solver (``SOLVER``): Pillars, Mag's,
Solitaire-Set and Find-all.

Mag's and Solitaire-Set pars are searched within the fixed work budget a
player's par uses (the same on every machine) unless ``--limit`` gives
seconds instead.

Prints the result (a winning line, a par with its line, or a find-all
table).  Exit status: 0 on success, 1 when Pillars has no win or is
undecided, 2 on bad arguments (with a message saying which).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable
from types import ModuleType

from .. import variants
from ..cards import code, find_sets
from . import findall, mags, pillars, points


def solvers() -> dict[str, ModuleType]:
    """Each mode that names a solver (its class's ``SOLVER``) -> that solver's module, in menu order."""
    return {g.NAME: importlib.import_module(g.SOLVER) for g in variants.games() if g.SOLVER}


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m game.solver",
                                description="Solve a seeded Set Arcade deal.")
    p.add_argument("mode", choices=list(solvers()), help="which solver")
    p.add_argument("--seed", type=_seed, required=True, help="the deal's seed (a whole number ≥ 0)")
    p.add_argument("--oracles", action="store_true", help="pillars: allow the oracles (not Samson)")
    p.add_argument("--limit", type=_limit, default=None, help="seconds to search (default per mode)")
    p.add_argument("--level", choices=tuple(findall.LEVELS), default="advanced",
                   help="findall: basic (9 cards, 4 Sets) or advanced (12 cards, 6 Sets)")
    return p


def _seed(text: str) -> int:
    if not text.isdigit():
        raise argparse.ArgumentTypeError(f"a seed is a whole number ≥ 0, not {text!r}")
    return int(text)


def _limit(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 < value < 1e6:
        raise argparse.ArgumentTypeError(f"a limit is a number of seconds > 0, not {text!r}")
    return value


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    args = _parser().parse_args(argv)
    solver = solvers()[args.mode]
    if args.oracles and solver is not pillars:
        print("--oracles is a Pillars option", file=sys.stderr)
        return 2
    run, default = RUNS[solver]
    return run(args, args.limit if args.limit is not None else default)


def _pillars(args: argparse.Namespace, limit: float | None) -> int:
    r = pillars.solve(seed=args.seed, oracles=args.oracles, limit=limit)
    kind = "with oracles" if args.oracles else "as Samson"
    if r.status == "win":
        kind = "with oracles" if any(m.startswith("oracle") for m in r.moves) else "as Samson"
        print(f"Pillars seed {args.seed}: a win {kind} in {len(r.moves)} moves "
              f"({r.seconds:.2f} s, {r.nodes} positions)")
        print("\n".join(r.moves))
        return 0
    if r.status == "none":
        print(f"Pillars seed {args.seed}: no win exists {kind} ({r.seconds:.2f} s, {r.nodes} positions)")
    else:
        print(f"Pillars seed {args.seed}: undecided after {r.seconds:.1f} s ({kind}, {r.nodes} positions)")
    return 1


def _budget(limit: float | None, nodes: int) -> str:
    return f"{limit:g} s" if limit is not None else f"{nodes} units of work"


def _mags(args: argparse.Namespace, limit: float | None) -> int:
    sets, exact, moves = mags.par(seed=args.seed, limit=limit)
    shown = f"{sets} (exact)" if exact else f"≥ {sets} (best found in {_budget(limit, mags.PAR_NODES)})"
    print(f"Mag's seed {args.seed}: par {shown}")
    print("\n".join(moves))
    return 0


def _points(args: argparse.Namespace, limit: float | None) -> int:
    score, moves = points.par(args.seed, limit=limit)
    print(f"Solitaire-Set seed {args.seed}: par ≥ {score} (best found in {_budget(limit, points.PAR_NODES)})")
    print("\n".join(moves))
    return 0


def _findall(args: argparse.Namespace, limit: float | None) -> int:
    cards, sets = findall.puzzle(args.seed, args.level)
    print(f"Find-all seed {args.seed} ({args.level}): {len(cards)} cards, {sets} Sets")
    print(" ".join(code(c) for c in cards))
    for s in find_sets(cards):
        print("  " + " ".join(code(c) for c in s))
    return 0


#: each solver's module -> what prints its answer, and its default limit in seconds (None: the work budget)
RUNS: dict[ModuleType, tuple[Callable[[argparse.Namespace, float | None], int], float | None]] = {
    pillars: (_pillars, 10.0), mags: (_mags, None), points: (_points, None), findall: (_findall, 0.0)}


if __name__ == "__main__":
    try:
        status = main()
        sys.stdout.flush()
    except BrokenPipeError:  # output cut short (| head): what was read is fine
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        status = 0
    sys.exit(status)
