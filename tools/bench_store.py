"""Storage figures: move to durable (a journal append, synced), a whole save, a resume check, a Store start.

``move_to_durable_*``: wall time from a move's ``append_event`` call to its
return, which is when the line is synced to the disk: the time a player's
move takes to become safe from a crash.
"""

from __future__ import annotations

import json
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


def _appends(store: Store, mode: str, game, n: int) -> list[float]:
    """Wall seconds of ``n`` journal appends (one per move) after ``begin_game`` of ``game``."""
    head = json.loads(game.to_json())
    moves = head.pop("moves")
    store.begin_game(mode, {**head, "events": []})
    samples = []
    for i in range(n):
        t0 = time.perf_counter()
        store.append_event(mode, moves[i % len(moves)])
        samples.append(time.perf_counter() - t0)
    store.clear_game(mode)
    return samples


def run() -> dict:
    folder = tempfile.mkdtemp()
    try:
        store = Store(folder)
        out: dict = {}
        for mode in [g.NAME for g in variants.games() if g.UNDO]:  # the modes saved move by move
            g = _long_game(mode, 7, 60)
            text = g.to_json()
            samples = []
            for _ in range(60):  # one save per move, as the game screens do
                t0 = time.perf_counter()
                store.save_game(mode, text)
                samples.append(time.perf_counter() - t0)
            out[f"save_game_{mode}"] = summary_ms(samples)
            out[f"load_game_{mode}_{len(g.history)}_moves_us"] = per_call_us(lambda m=mode: store.load_game(m))
            out[f"move_to_durable_{mode}"] = summary_ms(_appends(store, mode, g, 200))
        store.record_result("points", {"won": True, "score": 12, "time": 99.0})
        store.save_settings()
        out["store_start_us"] = per_call_us(lambda: Store(folder))
        return out
    finally:
        shutil.rmtree(folder, ignore_errors=True)
