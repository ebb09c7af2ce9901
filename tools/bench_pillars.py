"""Solitaire engine figures: legal_moves and a whole move (play + undo) on fresh Pillars and Mag's deals,
and a mid-game Mag's position after the last round (where the end-of-play check runs)."""

from __future__ import annotations

from timing import per_call_us

from game.rng import Rng
from game.variants import new


def _late_mags(seed: int):
    """A Mag's game played by a seeded random player up to the last round, Sets taken first."""
    g = new("mags", seed=seed)
    rng = Rng(seed)
    while g.round < 9 and not g.over:
        moves = g.legal_moves()
        sets = [m for m in moves if m.startswith("set")]
        g.play(sets[0] if sets else "deal" if rng.below(3) else rng.choice(moves[:-1]))
    return g


def _play_undo(g, move: str):
    def step() -> None:
        g.play(move)
        g.undo()

    return step


def run() -> dict:
    pillars = new("pillars", seed=1)
    mags = new("mags", seed=1)
    late = _late_mags(5)
    return {
        "pillars_legal_moves_fresh_us": per_call_us(pillars.legal_moves),
        "mags_legal_moves_fresh_us": per_call_us(mags.legal_moves),
        "pillars_play_undo_us": per_call_us(_play_undo(pillars, pillars.legal_moves()[0])),
        "mags_play_undo_us": per_call_us(_play_undo(mags, "deal")),
        "mags_last_round_settle_us": per_call_us(late._settle),
        "pillars_view_us": per_call_us(pillars.view),
    }
