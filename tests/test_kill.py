"""Killed mid-game, nothing acknowledged is lost: SIGKILL at seeded moments, then resume.

A child process plays a game of one mode the way a game screen does: a
journal is begun (``Store.begin_game``), every move is appended
(``Store.append_event``, synced before it returns) and only then written as
``ack <move>`` to a pipe; now and then the game is compacted (``save_game``,
as on a clean exit) and appending goes on.  The parent kills it with SIGKILL
after a seeded number of acknowledgements, most often 0 to 5 ms later (so
kills land inside appends, syncs and compactions), then checks the data
folder as a restart finds it: no notice, nothing set aside, and the saved
events are every acknowledged move (plus at most the one whose append
finished but was not yet acknowledged).  The next child resumes from that
save.  20 kills per mode.

Those children are forked from the test process (the game already
imported), so a kill costs milliseconds, not a Python start.  A few more
kills per mode go through the real app (a fresh headless Python each time):
moves played by the game scene, saved by the app.
"""

import json
import os
import random
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game import variants
from game.rng import Rng
from game.session import from_json as session_from_json
from game.store import Store
from game.variants import MODES
from scenes.modes import MODES as SCREENS

APP_MODES = [m for m in MODES if m in SCREENS]  # the app kills need the mode's screen

KILLS = 20  # per mode
ROOT = Path(__file__).resolve().parent.parent
LINE_TIMEOUT = 20.0  # seconds a child may take to say anything: only a hang comes near it
QUITS = ("end", "resign")
COMPACT_EVERY = 7  # the child compacts its journal after every 7th move (a clean exit and a resume)
pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork and SIGKILL (POSIX)")


def replay(text: str):
    """The game a journal's JSON holds: its seed and options, then every event played."""
    data = json.loads(text)
    game = variants.new(data["variant"], seed=data["seed"], **data["options"])
    for e in data["events"]:
        game.play(e)
    return game


def play(mode: str, seed: int, folder: Path, out: int) -> None:
    """The child: resume or deal, then play and journal move after move, acknowledging each append."""
    store = Store(folder)
    text = store.load_game(mode)
    game = replay(text) if text else None
    if game is not None and game.over:
        store.clear_game(mode)
        game = None
    if game is None:
        game = variants.new(mode, seed=seed)
        head = {k: v for k, v in json.loads(game.to_json()).items() if k != "moves"}
        if not store.begin_game(mode, {**head, "events": []}):
            os.write(out, f"failed {store.notices}\n".encode())
            return
        os.write(out, b"game\n")
    else:
        os.write(out, f"resumed {len(game.history)}\n".encode())
    while not game.over:
        moves = [m for m in game.legal_moves() if m.split()[0] not in QUITS] or game.legal_moves()
        move = moves[Rng(seed * 1009 + len(game.history)).below(len(moves))]
        game.play(f"{move} @{game.clock + 1:.2f}" if mode in ("classic", "twenty") else move)
        if not store.append_event(mode, game.history[-1]):
            os.write(out, f"failed {store.notices}\n".encode())
            return
        os.write(out, f"ack {game.history[-1]}\n".encode())  # one write: a whole line or nothing
        if len(game.history) % COMPACT_EVERY == 0:
            head = {k: v for k, v in json.loads(game.to_json()).items() if k != "moves"}
            store.save_game(mode, json.dumps({**head, "events": game.history}))
    os.write(out, b"over\n")
    store.clear_game(mode)


class Child:
    """A forked child running ``play``, and the lines it has written."""

    def __init__(self, mode: str, seed: int, folder: Path) -> None:
        r, w = os.pipe()
        self.pid = os.fork()
        if self.pid == 0:  # the child never returns into the test runner
            code = 3
            try:
                os.close(r)
                play(mode, seed, folder, w)
                code = 0
            except BaseException as e:
                os.write(w, f"error {type(e).__name__}: {e}\n".encode())
            finally:
                os._exit(code)
        os.close(w)
        self.fd, self.buffer = r, b""

    def line(self) -> str:
        """The next whole line ("" at the end)."""
        while b"\n" not in self.buffer:
            ready, _, _ = select.select([self.fd], [], [], LINE_TIMEOUT)
            assert ready, "the child said nothing for 20 s"
            chunk = os.read(self.fd, 4096)
            if not chunk:
                return ""
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return line.decode()

    def kill(self) -> tuple[int, list[str]]:
        """SIGKILL it (if still running): its exit status and every line it wrote and was not read."""
        os.kill(self.pid, signal.SIGKILL)
        _, status = os.waitpid(self.pid, 0)
        rest = []
        while line := self.line():
            rest.append(line)
        os.close(self.fd)
        return status, rest


def saved_text(folder: Path, mode: str) -> str | None:
    """The game text a restart finds (or None), checking the restart finds nothing damaged."""
    store = Store(folder)
    text = store.load_game(mode)
    assert store.notices == [] and not list(folder.rglob("*.damaged-*"))
    store.close()
    return text


def saved_game(folder: Path, mode: str):
    """The game (rebuilt from its moves) a restart finds, or None."""
    text = saved_text(folder, mode)
    return None if text is None else session_from_json(text).game


@pytest.mark.parametrize("mode", MODES)
def test_a_killed_game_resumes_with_every_acknowledged_move(tmp_path, mode):
    rng = random.Random(f"kill-{mode}")  # schedules the kills; nothing the game replays
    seed, kills, acked = 1000 + MODES.index(mode), 0, []
    while kills < KILLS:
        child = Child(mode, seed, tmp_path)
        first = child.line()
        if first == "game":
            assert acked == [], f"a restart began a new game and lost {len(acked)} acknowledged moves"
        else:
            assert first == f"resumed {len(acked)}", first
        lines = [child.line() for _ in range(rng.randint(1, 5))]
        if rng.random() < 0.8:  # most kills 0-5 ms after an acknowledgement: inside the next append or sync
            time.sleep(rng.uniform(0, 0.005))
        status, rest = child.kill()
        for line in lines + rest:
            if line == "over":  # the game ended and is put away; the next child deals the next seed
                acked, seed = [], seed + 1
            elif line:
                assert line.startswith("ack "), line
                acked.append(line[4:])
        if os.WIFEXITED(status):
            assert os.WEXITSTATUS(status) == 0
            continue
        kills += 1
        text = saved_text(tmp_path, mode)
        game = None if text is None else replay(text)
        if game is None:  # only before the first save of a new game
            assert acked == [], f"kill {kills}: the save is gone, {len(acked)} acknowledged moves lost"
            continue
        if game.seed != seed:  # killed after "over", before the finished game was put away
            assert game.over and acked == [], f"kill {kills}: an old game came back"
            continue
        assert game.history[:len(acked)] == acked, f"kill {kills}: saved history differs from acknowledged"
        assert len(game.history) - len(acked) <= 1, f"kill {kills}: saved moves never played"
        acked = [] if game.over else game.history  # a finished game is put away; the next child starts anew
        seed += game.over


# ----- through the real app ----------------------------------------------------
APP_KILLS = 3  # per mode: each costs a fresh Python with pygame, so fewer than the Store-level kills

# The child: the real App, headless, on the mode's own play scene; each move goes through the
# scene's play() (the path a click takes, which queues the save), then a frame runs; once the
# app's save thread has written everything queued, the new moves are acknowledged.
APP_CHILD = """
import os, sys
os.environ.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
from game.rng import Rng
from scenes.app import App, Options
from scenes.modes import MODES
from scenes.start import play_data

mode, seed, folder = sys.argv[1], int(sys.argv[2]), sys.argv[3]
app = App(Options(data_dir=folder, size=(800, 500)))
app.settings["tutorial_seen"] = {"basics": True, mode: True}
text = app.load_game(mode)
data = play_data(mode, seed)
data["seats"] = ["human"] * len(data.get("seats", []))  # every seat scripted here: no bot moves unasked
app.manager.switch(MODES[mode].scene, {"resume": text} if text else data)
app.manager.apply()
scene = app.manager.find(type(app.manager.stack[0]))
game = scene.game
print(f"resumed {len(game.history)}" if text else "game " + game.to_json(), flush=True)
done = len(game.history)
while not game.over:
    moves = [m for m in game.legal_moves() if m.split()[0] not in ("end", "resign")] or game.legal_moves()
    if scene.play(moves[Rng(seed * 1009 + len(game.history)).below(len(moves))]) is None:
        print("refused", flush=True)
        sys.exit(1)
    app.step(1 / 60)
    app.flush_saves()  # the app writes saves on its own thread: a move counts once it is on disk
    sys.stdout.write("".join(f"ack {m}\\n" for m in game.history[done:]))
    sys.stdout.flush()
    done = len(game.history)
print("over", flush=True)
"""


def run_app_child(mode: str, seed: int, folder: Path, rng: random.Random) -> tuple[int, list[str]]:
    """Start the app child, kill it after a seeded number of lines: (exit code, whole lines written)."""
    proc = subprocess.Popen([sys.executable, "-c", APP_CHILD, mode, str(seed), str(folder)], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    lines, buffer, wanted = [], b"", rng.randint(2, 6)
    while len(lines) < wanted:
        ready, _, _ = select.select([proc.stdout], [], [], LINE_TIMEOUT)
        assert ready, "the app said nothing for 20 s"
        chunk = os.read(proc.stdout.fileno(), 65536)
        if not chunk:
            break
        buffer += chunk
        *whole, buffer = buffer.split(b"\n")
        lines += [w.decode() for w in whole]
    if rng.random() < 0.7:
        time.sleep(rng.uniform(0, 0.03))
    proc.send_signal(signal.SIGKILL)
    code = proc.wait()
    buffer += proc.stdout.read()
    errors = proc.stderr.read().decode()
    proc.stdout.close()
    proc.stderr.close()
    assert code in (0, -signal.SIGKILL), errors
    return code, lines + [w.decode() for w in buffer.split(b"\n")[:-1]]


def ends_in_one(start: str, acked: list[str]) -> bool:
    """Whether the game is over after the acknowledged moves, or one more move (unacknowledged) ends it."""
    game = variants.from_json(start)
    for m in acked:
        game.play(m)
    if game.over:
        return True
    for m in [m for m in game.legal_moves() if m.split()[0] not in QUITS]:  # the child never quits
        last = variants.from_json(game.to_json())
        last.play(m)
        if last.over:
            return True
    return False


@pytest.mark.parametrize("mode", APP_MODES)
def test_the_app_killed_mid_game_resumes_with_every_acknowledged_move(tmp_path, mode):
    rng = random.Random(f"app-kill-{mode}")
    seed, kills, acked, start = 500 + MODES.index(mode), 0, [], None
    while kills < APP_KILLS:
        code, lines = run_app_child(mode, seed, tmp_path, rng)
        first = lines.pop(0) if lines else ""
        if first.startswith("game "):
            assert acked == [], f"a restart began a new game and lost {len(acked)} acknowledged moves"
            start = first[5:]
        elif first:
            assert first == f"resumed {len(acked)}", first
        for line in lines:
            if line == "over":
                acked, seed = [], seed + 1
            else:
                assert line.startswith("ack "), line
                acked.append(line[4:])
        if code == 0:
            continue
        kills += 1
        game = saved_game(tmp_path, mode)
        if game is None:  # before the first save, or the game ended (the app clears the save at the end)
            if acked:
                assert ends_in_one(start, acked), f"kill {kills}: the save is gone, {len(acked)} moves lost"
                acked, seed = [], seed + 1
            continue
        assert game.history[:len(acked)] == acked, f"kill {kills}: saved history differs from acknowledged"
        assert len(game.history) - len(acked) <= 1, f"kill {kills}: saved moves never played"
        acked = game.history
