"""The mode registry, as the scenes read it: ``game.modes`` (pure data, no pygame) is where it lives."""

from game.modes import BOT_LEVELS, MODES, ORDER, TABLE_KEYS, WINDOW_KEYS, ModeInfo, Option, defaults

__all__ = ["BOT_LEVELS", "MODES", "ORDER", "TABLE_KEYS", "WINDOW_KEYS", "ModeInfo", "Option", "defaults"]
