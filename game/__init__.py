"""Set Arcade's rules and everything of a game that is not pixels: pure Python, deterministic, no pygame.

* ``cards``, ``rng``, ``move`` — the 81 cards and Sets, the seeded generator, the move notation.
* ``variants`` — one class per mode (``variants/<mode>.py``) and the registry ``MODES``;
  ``modes`` is what the screens read of it.
* ``session`` — a game in time: seats, clock, calls, bots (``bots``, ``practice``), results;
  ``match`` plays one headless.
* ``daily``, ``solver`` — the deal of the day, pars, proofs and puzzle tables.
* ``store``, ``saves``, ``journal``, ``records``, ``safefile``, ``loader`` — the player's files and
  the shipped levels, read and written safely.
* ``net`` — online rooms (``server`` runs one).
* ``errors`` (``IllegalMove``, ``BadMove``), ``resources`` (where the bundled files are).

``docs/architecture.md`` shows how these fit with the screens.

>>> from game import variants
>>> g = variants.new("points", seed=1)
>>> len(g.view()["table"])
12
"""

from .errors import BadMove, IllegalMove

__all__ = ["BadMove", "IllegalMove"]
