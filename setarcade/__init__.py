"""Set Arcade as an installed program: the ``setarcade`` command and ``python -m setarcade``.

The command line is :mod:`setarcade.cli` (``main.py`` in a checkout runs the same). An installed wheel
also carries the game's data here, ``setarcade/levels/`` and ``setarcade/sounds/`` (pyproject.toml maps
the repository's ``levels/`` and ``sounds/`` in); ``game.resources`` finds them.
"""
