"""Set Arcade from a checkout: ``python main.py [OPTIONS]`` (what ``make play`` runs).

The command line itself is ``setarcade/cli.py``, so an installed copy (``pipx install .``) runs the same
game as ``setarcade`` or ``python -m setarcade``. How the game is built: docs/architecture.md.
"""

from __future__ import annotations

import sys

from setarcade.cli import main, parser

__all__ = ["main", "parser"]

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
