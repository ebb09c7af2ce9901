"""The errors the rules raise: each says, in words, what was wrong."""


class IllegalMove(ValueError):
    """A move the rules refuse; the message names the rule.  The game is unchanged."""


class BadMove(IllegalMove):
    """A move whose text cannot be read (unknown word, bad card code, bad number)."""
