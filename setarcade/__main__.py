"""``python -m setarcade [OPTIONS]``: the same as the ``setarcade`` command and ``python main.py``."""

import sys

from setarcade.cli import run

sys.exit(run())
