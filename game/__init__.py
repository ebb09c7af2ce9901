"""Set Arcade's rules: pure Python, deterministic, no pygame.

>>> from game import variants
>>> g = variants.new("points", seed=1)
>>> len(g.view()["table"])
12
"""

from .errors import BadMove, IllegalMove

__all__ = ["BadMove", "IllegalMove"]
