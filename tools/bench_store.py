"""Storage figures: one save after a move (atomic, fsynced), a resume check, a Store start."""

from __future__ import annotations

import shutil
import tempfile
import time

from timing import per_call_us, summary_ms

from game import variants
from game.store import Store


def _long_game(mode: str, seed: int, moves: int):
    """A game ``moves`` long (or to its end), always taking the first legal move that is not a quit."""
    g = variants.new(mode, seed=seed)
    while len(g.history) < moves and not g.over:
        g.play(next(m for m in g.legal_moves() if m.split()[0] not in ("end", "resign")))
    return g


def run() -> dict:
    folder = tempfile.mkdtemp()
    try:
        store = Store(folder)
        out: dict = {}
        for mode in ("points", "pillars", "mags"):
            g = _long_game(mode, 7, 60)
            text = g.to_json()
            samples = []
            for _ in range(60):  # one save per move, as the game screens do
                t0 = time.perf_counter()
                store.save_game(mode, text)
                samples.append(time.perf_counter() - t0)
            out[f"save_game_{mode}"] = summary_ms(samples)
            out[f"load_game_{mode}_{len(g.history)}_moves_us"] = per_call_us(lambda m=mode: store.load_game(m))
        store.record_result("points", {"won": True, "score": 12, "time": 99.0})
        store.save_settings()
        out["store_start_us"] = per_call_us(lambda: Store(folder))
        return out
    finally:
        shutil.rmtree(folder, ignore_errors=True)
