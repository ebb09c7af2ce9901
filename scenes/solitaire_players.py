"""Who plays the stacked solitaires in a demo: the solver's line when it has one, else a simple player.

The solvers run in a background thread (they may take seconds); the demo
waits for them at most ``SOLVER_WAIT`` seconds of game time, then plays on
its own.  The simple players take a Set when there is one, else a move that
looks useful, else consult an oracle / deal, else resign / end.
"""

from __future__ import annotations

import threading
from typing import Any

PACE = 0.7  # seconds between a demo's moves
SOLVER_WAIT = 5.0
SOLVER_LIMIT = 4.0


class SolverThread:
    """Runs ``work()`` in a daemon thread; ``moves`` is its line, [] when it found none or failed."""

    def __init__(self, work) -> None:
        self.moves: list[str] | None = None
        self.thread = threading.Thread(target=self._run, args=(work,), daemon=True)
        self.thread.start()

    def _run(self, work) -> None:
        try:
            self.moves = list(work() or [])
        except Exception:  # a solver still being finished must never stop the demo
            self.moves = []


class LinePlayer:
    """Plays a line of moves at a steady pace, and falls back to ``choose`` when it has none."""

    def __init__(self, pace: float = PACE) -> None:
        self.pace = pace
        self.wait = pace * 1.5
        self.waited = 0.0
        self.solver: SolverThread | None = None
        self.line: list[str] = []
        self.started = False
        self.memory: dict = {}  # what the mode's plain player keeps between moves

    def work(self, game: Any):
        """What the solver thread computes (a move list), or None for no solver."""
        return None

    def status(self) -> str:
        if self.solver is not None and self.solver.moves is None and self.waited < SOLVER_WAIT:
            return "solver thinking"
        return "solver's line" if self.line else ""

    def tick(self, scene: Any, dt: float) -> None:
        game = scene.game
        if not self.started:
            self.started = True
            work = self.work(game)
            if work is not None:
                self.solver = SolverThread(work)
        if self.solver is not None:
            self.waited += dt
            if self.solver.moves is None and self.waited < SOLVER_WAIT:
                return
            if self.solver.moves and not game.history:
                self.line = list(self.solver.moves)
            self.solver = None
        self.wait -= dt
        if self.wait > 0:
            return
        self.wait = self.pace
        move = None
        if self.line:
            move = self.line.pop(0)
            if not game.is_legal(move):
                self.line, move = [], None
        if move is None:
            move = self.choose(game)
        if move is not None:
            scene.play(move)
            if move == "deal":
                self.wait = self.pace * 1.8  # let the nine cards land first

    def choose(self, game: Any) -> str | None:
        """The mode's plain player (``Game.demo_choice``), when there is no solver line."""
        return game.demo_choice(self.memory)


class PillarsPlayer(LinePlayer):
    """The Pillars demo: the solver's winning line if it finds one in time, else simple play."""

    def work(self, game: Any):
        try:
            from game.solver.pillars import solve
        except Exception:
            return None
        seed, level = game.seed, game.level

        def run() -> list[str]:
            kw = {"level": level} if level is not None else {"seed": seed}
            r = solve(limit=SOLVER_LIMIT * 0.6, **kw)
            if r.status != "win":
                r = solve(oracles=True, limit=SOLVER_LIMIT * 0.4, **kw)
            return r.moves if r.status == "win" else []

        return run

class MagsPlayer(LinePlayer):
    """The Mag's demo: the par line when the solver gives one, else simple play."""

    def work(self, game: Any):
        try:
            from game.solver.mags import par
        except Exception:
            return None
        deck = list(game.cards)

        def run() -> list[str]:
            return par(deck=deck, limit=SOLVER_LIMIT)[2]

        return run
