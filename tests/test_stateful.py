"""Every engine under random play, undo, save and load (Hypothesis state machines).

One machine serves every mode: it plays random legal moves, tries illegal
ones (refused, nothing changes), undoes and redoes where the mode allows,
saves through the Store and loads in a fresh Store, and replays the seed and
history.  After every step all 81 cards are accounted for and the history
matches the moves played.  Adding a mode is one line in ENGINES.
"""

import shutil
import tempfile

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule, run_state_machine_as_test

from game import IllegalMove, variants
from game.cards import DECK, code
from game.store import Store

ENGINES = [  # (mode, options): one line per mode
    ("classic", {}),
    ("classic", {"players": 3}),
    ("points", {}),
    ("findall", {}),
    ("pillars", {}),
    ("mags", {}),
    ("mags", {"peek": False}),
    ("twenty", {}),
    ("twenty", {"players": 4}),
]
TIMED = {"classic", "twenty"}  # real-time modes: every move carries the clock
QUITS = {"end", "resign"}
CODES = [code(c) for c in DECK]


def shown(g) -> dict:
    """The game's view without its undo record (undos and what an undo keeps, such as hints used):
    the position an undo takes back to."""
    return {k: v for k, v in g.view().items() if k != "undos" and k not in g.KEEP_ON_UNDO}


def cards_accounted(mode: str, v: dict) -> int:
    """How many of the 81 cards the view accounts for (places, hidden counts, cards taken)."""
    if mode == "classic":  # a new hand is a fresh deck: count the Sets of this hand only
        return len(v["table"]) + v["deck"] + 3 * sum(1 for t in v["taken"] if t[4] == v["hand"] - 1)
    if mode == "points":
        return len(v["table"]) + v["deck"] + 3 * len(v["taken"])
    if mode == "findall":  # the table never changes; the rest of the deck is never used
        return len(set(v["table"])) + 81 - len(v["table"])
    if mode == "pillars":
        return sum(len(c) for c in v["columns"]) + v["oracles"] + len(v["side"]) + len(v["removed"])
    if mode == "mags":
        return sum(len(p) for p in v["piles"]) + v["deck"] + 3 * len(v["taken"])
    if mode == "twenty":
        return sum(len(h) for h in v["hands"].values()) + len(v["table"]) + v["deck"] + v["discard"]
    raise AssertionError(f"no card count for {mode}: add one")


def cards_in_sight(v: dict) -> list[str]:
    """Every face-up card lying in a place now (table, hands, columns, piles, side)."""
    hands = v["hands"] if isinstance(v.get("hands"), dict) else {}  # classic's "hands" is a count
    places = [v.get("table", []), v.get("side", [])] + list(hands.values()) + v.get("columns", []) \
        + v.get("piles", [])
    return [c for place in places for c in place if c != "??"]


class GameMachine(RuleBasedStateMachine):
    """Random play of one mode; ``views[i]`` is the view after ``i`` moves."""

    def __init__(self, mode: str, options: dict) -> None:
        super().__init__()
        self.mode, self.options = mode, options
        self.folder = tempfile.mkdtemp()
        self.redone: list[dict] = []  # views taken back by undo, newest last
        self.redo_moves: list[str] = []  # and the moves that made them

    def teardown(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)

    @initialize(seed=st.integers(0, 2**64 - 1))
    def deal(self, seed):
        self.game = variants.new(self.mode, seed=seed, **self.options)
        self.views = [shown(self.game)]
        self.clock = 0.0

    def timed(self, move: str, data) -> str:
        if self.mode not in TIMED:
            return move
        self.clock += data.draw(st.sampled_from([0.25, 1.5, 4.0]))
        return f"{move} @{self.clock:.2f}"

    @rule(data=st.data(), count=st.integers(1, 12))
    def play_legal_moves(self, data, count):
        for _ in range(count):  # several at a time, so games get deep in a few steps
            moves = self.game.legal_moves()
            playable = [m for m in moves if m.split()[0] not in QUITS] or moves
            if not playable:
                assert self.game.over
                return
            move = self.game.play(self.timed(data.draw(st.sampled_from(playable)), data))
            self.views.append(shown(self.game))
            if self.redo_moves and self.redo_moves[-1] == str(move):  # the move taken back, played again:
                self.redo_moves.pop()  # the rest of the line can still be redone
                self.redone.pop()
            else:
                self.redone.clear()
                self.redo_moves.clear()

    @rule(data=st.data())
    def try_an_illegal_move(self, data):
        picks = data.draw(st.lists(st.sampled_from(CODES), min_size=1, max_size=4))
        verb = data.draw(st.sampled_from(["set", "P1 set", "P2 miss", "move", "oracle", "deal3", "add",
                                          "reshuffle", "hint", "draw", "P3 draw", "deal"]))
        target = data.draw(st.sampled_from(["", " > 3", " > 9", " side"]))
        move = self.timed(f"{verb} {' '.join(picks)}{target}", data)
        if self.game.is_legal(move):
            return
        history = list(self.game.history)
        with pytest.raises(IllegalMove):
            self.game.play(move)
        assert shown(self.game) == self.views[-1] and self.game.history == history

    @rule()
    def undo(self):
        g = self.game
        refusal = not g.UNDO or not g.history or g.history[-1].startswith("oracle")  # pillars: no unseeing
        if refusal:
            with pytest.raises(IllegalMove):
                g.undo()
            assert shown(g) == self.views[-1]
            return
        undos, kept = g.undos, {f: getattr(g, f) for f in g.KEEP_ON_UNDO}
        self.redo_moves.append(g.undo())
        assert g.undos == undos + 1 and {f: getattr(g, f) for f in g.KEEP_ON_UNDO} == kept
        self.redone.append(self.views.pop())
        assert shown(g) == self.views[-1]

    @rule()
    def redo(self):
        if not self.redone:
            with pytest.raises(IllegalMove):
                self.game.redo()
            return
        self.game.redo()
        self.redo_moves.pop()
        self.views.append(self.redone.pop())
        assert shown(self.game) == self.views[-1]

    @rule()
    def save_and_load_in_a_fresh_store(self):
        assert Store(self.folder).save_game(self.mode, self.game.to_json())
        restarted = Store(self.folder)
        text = restarted.load_game(self.mode)
        assert restarted.notices == []
        loaded = variants.from_json(text)
        assert loaded.view() == self.game.view() and loaded.history == self.game.history

    @rule()
    def replay_from_seed_and_history(self):
        again = variants.new(self.mode, seed=self.game.seed, **self.options)
        for m in self.game.history:
            again.play(m)
        assert shown(again) == shown(self.game)

    @invariant()
    def all_cards_are_accounted_for(self):
        if hasattr(self, "game"):
            v = self.game.view()
            seen = cards_in_sight(v)
            assert cards_accounted(self.mode, v) == 81 and len(seen) == len(set(seen))

    @invariant()
    def the_history_matches_the_moves_played(self):
        if hasattr(self, "game"):
            assert len(self.game.history) == len(self.views) - 1
            assert shown(self.game) == self.views[-1]


@pytest.mark.parametrize(("mode", "options"), ENGINES, ids=[f"{m}{o or ''}" for m, o in ENGINES])
def test_random_play_undo_save_and_load_keep_the_game_whole(mode, options):
    run_state_machine_as_test(
        lambda: GameMachine(mode, options),
        settings=settings(max_examples=6, stateful_step_count=25, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow]),
    )
