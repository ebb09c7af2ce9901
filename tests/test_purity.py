"""game/ is pure rules: importing every module under it never imports pygame."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SCRIPT = """
import importlib, pkgutil, sys
import game
names = ["game"] + [m.name for m in pkgutil.walk_packages(game.__path__, "game.") if not m.name.endswith("__main__")]
for name in names:
    importlib.import_module(name)
assert len(names) > 8, names
print(len(names), "pygame" in sys.modules)
"""


def test_importing_every_game_module_never_imports_pygame():
    out = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True, text=True, check=True)
    count, pygame_loaded = out.stdout.split()
    assert pygame_loaded == "False", f"pygame imported by game/ ({count} modules)"
