"""Deal codes a person can read out: ``R1BQB-FVTK``, nine characters of Crockford's base 32.

A short code names one deal of one mode, in one of two ways:

* a **free deal**: the mode and its seed, for a seed below ``FREE_SEEDS``
  (2**34).  Every deal the game deals by itself (a new deal on the setup
  screen, a demo) has a seed below it, so every one has a short code;
* a **daily**: the mode, the day (days since ``game.daily.EPOCH``, day 1
  is 0) and which of the day's candidate seeds it is
  (``Game.daily_candidates``: the day's seed alone, or the Pillars
  candidates its solver tries; at most ``TRIES``).  A daily's seed is a
  64-bit hash that no short code could hold, and a released daily never
  changes, so its code names the day instead of the seed.

The mapping, one to one: the mode's ``CODE_NUMBER`` (5 bits), a flag (1 bit:
daily or not) and the value (34 bits: the seed, or ``day * TRIES + try``)
make a 40-bit number, ``n << 35 | daily << 34 | value``.  An invertible
mixing of 40-bit numbers (``_mix``: xor with a constant, then twice: multiply
by an odd constant, xor with its top half) spreads it, so codes of neighbouring deals do not look
alike; eight base-32 characters write the mixed number, most significant
first, and a ninth is its check character (Luhn mod 32, which catches
every wrong character and almost every swap of two neighbours).  Decoding
runs the same steps backwards, so different (mode, seed) or (mode, day, try)
always give different codes, and a code gives back exactly what made it.
A daily's seed is known from its day, so a deal the game shows has one
code: the daily's where it was shown as a daily, else the free one.

Typed, a code may be in any case, with spaces or dashes anywhere; O reads as
0 and I and L as 1 (as room codes, ``game.net.protocol``).  The long codes
of earlier versions (``classic-1879004040911765887``: a mode and a seed)
are read too (``read_code``).

>>> short_code("pillars", 42)
'R1BQB-FVTK'
>>> read_code("r1bqb fvtk")
Deal(mode='pillars', seed=42, date=None)
>>> read_code("pillars-42") == read_code("RIBQB-FVTK")
True
"""

from __future__ import annotations

import datetime as _dt
import secrets
from itertools import islice
from typing import NamedTuple

from .daily import EPOCH
from .loader import parse_long_code
from .net.protocol import ALIASES, ALPHABET  # the room codes' alphabet: Crockford's base 32, O read as 0, I and L as 1
from .variants import MODES, game_class

DATA_CHARS = 8  # 8 x 5 bits = 40 bits
LENGTH = DATA_CHARS + 1  # and the check character
GROUP = 5  # shown as five characters, a dash, four: R1BQB-FVTK
BITS = 5 * DATA_CHARS
MASK = (1 << BITS) - 1
VALUE_BITS = 34
FREE_SEEDS = 1 << VALUE_BITS  # a free deal's seed is below this
TRIES = 256  # candidate seeds of a day a code can name (Pillars tries at most game.daily.PILLARS_TRIES)
MODE_NUMBERS = 1 << (BITS - VALUE_BITS - 1)  # 32
LAST_DAY = (_dt.date.max - EPOCH).days  # a day index past this is no date
EXAMPLE = "R1BQB-FVTK"  # pillars-42
_MULTIPLIERS = (0x9E3779B97F & MASK | 1, 0xC2B2AE3D27 & MASK | 1)  # odd: invertible mod 2**40
_XOR = 0x5E7A2C0DE5  # so that deal 0 of the first mode is not 00000-0000
_HALF = BITS // 2  # x ^ (x >> 20) undoes itself on 40 bits


class Deal(NamedTuple):
    """What a code names: a mode's deal by its seed, and the day when it is that day's daily."""

    mode: str
    seed: int
    date: _dt.date | None = None


def _mix(x: int) -> int:
    x ^= _XOR
    for m in _MULTIPLIERS:
        x = (x * m) & MASK
        x ^= x >> _HALF
    return x


def _unmix(x: int) -> int:
    for m in reversed(_MULTIPLIERS):
        x ^= x >> _HALF
        x = (x * pow(m, -1, 1 << BITS)) & MASK
    return x ^ _XOR


def _check_char(data: str) -> str:
    """The Luhn mod 32 check character of ``data`` (characters of ALPHABET)."""
    total, factor = 0, 2
    for ch in reversed(data):
        addend = factor * ALPHABET.index(ch)
        total += addend // 32 + addend % 32
        factor = 3 - factor
    return ALPHABET[-total % 32]


def _mode_number(mode: str) -> int | None:
    n = game_class(mode).CODE_NUMBER if mode in MODES else None
    return n if n is not None and 0 <= n < MODE_NUMBERS else None


def short_code(mode: str, seed: int, date: _dt.date | str | None = None) -> str | None:
    """The short code of ``mode``'s deal ``seed`` (the ``date``'s daily, when it is), shown
    ``XXXXX-XXXX``; None when the deal has none (a seed typed by hand of 2**34 or more, a mode
    without a code number).

    >>> short_code("classic", 2**34) is None
    True
    """
    n = _mode_number(mode)
    if n is None or not isinstance(seed, int) or seed < 0:
        return None
    value, daily = -1, 0
    if date is not None:
        day = date if isinstance(date, _dt.date) else _dt.date.fromisoformat(date)
        index = (day - EPOCH).days
        if 0 <= index <= LAST_DAY:
            for i, candidate in enumerate(islice(game_class(mode).daily_candidates(day), TRIES)):
                if candidate == seed:
                    value, daily = index * TRIES + i, 1
                    break
    if value < 0:
        if seed >= FREE_SEEDS:
            return None
        value = seed
    x = _mix(n << (VALUE_BITS + 1) | daily << VALUE_BITS | value)
    data = "".join(ALPHABET[(x >> (5 * (DATA_CHARS - 1 - i))) & 31] for i in range(DATA_CHARS))
    text = data + _check_char(data)
    return f"{text[:GROUP]}-{text[GROUP:]}"


def deal_code(mode: str, seed: int, date: _dt.date | str | None = None) -> str:
    """The code a player is shown for a deal: its short code, else the long ``mode-seed``.

    >>> deal_code("pillars", 2**64 - 1)
    'pillars-18446744073709551615'
    """
    return short_code(mode, seed, date) or f"{mode}-{seed}"


def new_seed() -> int:
    """A new deal's seed, at random, below ``FREE_SEEDS`` (so it has a short code)."""
    return secrets.randbelow(FREE_SEEDS)


def _plain(text: str) -> str:
    return "".join(text.split()).replace("-", "").upper().translate(ALIASES)


def read_short(text: str) -> Deal:
    """Read a short code.

    :raises ValueError: saying what is wrong: its length, a character no code has, a typo (the check
        character does not match), or a code that names no deal (no such mode or day).
    """
    shown = text.strip()[:24] or "Nothing"
    plain = _plain(text)
    bad = next((ch for ch in plain if ch not in ALPHABET), None)
    if bad is not None:
        raise ValueError(f"{shown} is not a deal code: {bad!r} is never in one (digits and letters, no U)")
    if len(plain) != LENGTH:
        if len(plain) == LENGTH - 1:
            raise ValueError(f"{shown} is not a deal code: 8 characters is a room code (join it from Play "
                             f"online); a deal code has 9, like {EXAMPLE}")
        raise ValueError(f"{shown} is not a deal code: a deal code has 9 letters and digits, like {EXAMPLE}, "
                         f"or is a mode and a number, like pillars-42")
    if _check_char(plain[:-1]) != plain[-1]:
        raise ValueError(f"{shown} is not a deal code: a character is wrong or two are swapped (check each one)")
    x = _unmix(int("".join(f"{ALPHABET.index(ch):05b}" for ch in plain[:-1]), 2))
    n, daily, value = x >> (VALUE_BITS + 1), x >> VALUE_BITS & 1, x & (FREE_SEEDS - 1)
    mode = next((m for m in MODES if _mode_number(m) == n), None)
    if mode is None:
        raise ValueError(f"{shown} names a mode this version of the game does not have")
    if not daily:
        return Deal(mode, value)
    index, tried = divmod(value, TRIES)
    cls = game_class(mode)
    if index > LAST_DAY or not cls.DAILY:
        raise ValueError(f"{shown} names no {cls.TITLE} daily")
    day = EPOCH + _dt.timedelta(days=index)
    seed = next(islice(cls.daily_candidates(day), tried, None), None)
    if seed is None:
        raise ValueError(f"{shown} names no {cls.TITLE} daily of {day.isoformat()}")
    return Deal(mode, seed, day)


def read_code(text: str) -> Deal:
    """Read a deal code a player typed: a short code (``R1BQB-FVTK``) or a long one (``pillars-42``).

    >>> read_code(" Pillars:7 ")
    Deal(mode='pillars', seed=7, date=None)

    :raises ValueError: saying what is wrong (``read_short``, ``game.loader.parse_long_code``).
    """
    if not isinstance(text, str) or not text.strip():
        raise ValueError(f"a deal code is a mode and a number, like pillars-42, or 9 letters and digits, like "
                         f"{EXAMPLE}")
    try:
        return Deal(*parse_long_code(text))
    except ValueError as e:
        long_error = e
    try:
        return read_short(text)
    except ValueError:
        if _looks_long(text):
            raise long_error from None
        raise


def _looks_long(text: str) -> bool:
    """Was ``text`` meant as a long code: a mode's name first, or letters, a dash and no letters after?"""
    t = text.strip().lower()
    if any(t.startswith(m) for m in MODES):
        return True
    cut = min((i for i in (t.find("-"), t.find(":"), t.find(" ")) if i >= 0), default=-1)
    return cut > 0 and t[:cut].isalpha() and not any(c.isalpha() for c in t[cut + 1:])
