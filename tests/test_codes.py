"""Short deal codes (game.codes): one to one with the deals the game makes, typo-proof, the long codes still read."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import codes
from game.codes import FREE_SEEDS, LENGTH, Deal, deal_code, new_seed, read_code, short_code
from game.daily import EPOCH, TABLES_END, daily
from game.loader import parse_deal_code
from game.resources import resource_path
from game.rng import daily_seed, deal
from game.variants import MODES, game_class, games

CODED = [m for m in MODES if game_class(m).CODE_NUMBER is not None]
DAYS = (TABLES_END - EPOCH).days


def test_every_mode_has_its_own_code_number():
    numbers = [game_class(m).CODE_NUMBER for m in MODES]
    assert len(CODED) == len(MODES) and len(set(numbers)) == len(numbers)
    assert all(0 <= n < codes.MODE_NUMBERS for n in numbers if n is not None)


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(CODED), st.integers(0, FREE_SEEDS - 1))
def test_a_free_deal_reads_back_from_its_short_code(mode, seed):
    text = short_code(mode, seed)
    assert text is not None and len(text) <= 10 and text == text.upper()
    assert read_code(text) == Deal(mode, seed) == read_code(text.lower().replace("-", " "))
    assert read_code(f"{mode}-{seed}") == read_code(text)  # the long code opens the same deal


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(CODED), st.integers(0, DAYS + 3650))
def test_a_daily_reads_back_from_its_short_code_with_its_day(mode, offset):
    day = EPOCH + dt.timedelta(days=offset)
    seed = daily_seed(day, mode)  # the day's first candidate: every mode's daily unless a solver chooses
    text = short_code(mode, seed, day)
    assert text is not None and len(text) <= 10
    assert read_code(text) == Deal(mode, seed, day)
    assert read_code(f"{mode}-{seed}") == Deal(mode, seed)  # its long code: the same deal, no day


def test_every_shipped_pillars_daily_reads_back_to_its_seed():
    table = json.loads(resource_path("levels", "daily", "pillars.json").read_text(encoding="utf-8"))
    days = table["days"] if "days" in table else table
    assert len(days) > 1000
    for date, entry in days.items():
        got = read_code(short_code("pillars", entry["seed"], date))
        assert (got.seed, got.date.isoformat()) == (entry["seed"], date)


def test_released_dailies_keep_their_deal_and_the_long_code_opens_it():
    d = daily("2026-11-26", "classic", solve=False)  # the deal the report read out as classic-1879004040911765887
    assert d.seed == 1879004040911765887 and d.code == "classic-1879004040911765887"
    short = read_code(d.short_code)
    long = read_code(d.code)
    assert (short.mode, short.seed, short.date) == ("classic", d.seed, dt.date(2026, 11, 26))
    assert deal(long.seed) == deal(short.seed) and len(d.short_code) == 10


def test_the_daily_codes_of_a_year_are_all_different_and_no_daily_seed_has_a_free_code():
    seen: dict[str, tuple[str, str]] = {}
    for cls in games("DAILY"):  # mode by mode: the shipped table of one mode is read once
        for offset in range(366):
            day = EPOCH + dt.timedelta(days=offset)
            d = daily(day, cls.NAME, solve=False)
            assert d.seed >= FREE_SEEDS  # else the same deal would have a free code too
            text = d.short_code
            assert len(text) == 10 and text not in seen, (text, seen.get(text))
            seen[text] = (cls.NAME, day.isoformat())


def test_new_deals_have_short_codes():
    for _ in range(200):
        seed = new_seed()
        assert 0 <= seed < FREE_SEEDS and read_code(deal_code("mags", seed)) == Deal("mags", seed)


def test_a_deal_without_a_short_code_keeps_its_long_one():
    assert deal_code("classic", FREE_SEEDS) == f"classic-{FREE_SEEDS}"
    assert deal_code("classic", 2**64 - 1) == f"classic-{2**64 - 1}"
    assert short_code("classic", 5, "2026-11-30") == short_code("classic", 5)  # not that day's deal: a free one


def test_crockford_look_alikes_read_as_digits():
    text = short_code("pillars", 42)
    assert text == codes.EXAMPLE
    tricky = text.replace("1", "l").replace("0", "O").lower()
    assert read_code(f"  {tricky} ") == Deal("pillars", 42)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(CODED), st.integers(0, FREE_SEEDS - 1), st.integers(0, LENGTH - 1),
       st.integers(1, 31))
def test_one_wrong_character_is_refused_as_a_typo(mode, seed, where, shift):
    plain = short_code(mode, seed).replace("-", "")
    wrong = codes.ALPHABET[(codes.ALPHABET.index(plain[where]) + shift) % 32]
    typo = plain[:where] + wrong + plain[where + 1:]
    with pytest.raises(ValueError, match="a character is wrong or two are swapped"):
        read_code(typo)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(CODED), st.integers(0, FREE_SEEDS - 1), st.integers(0, LENGTH - 2))
def test_two_neighbours_swapped_are_refused(mode, seed, where):
    plain = short_code(mode, seed).replace("-", "")
    a, b = plain[where], plain[where + 1]
    if a == b or {a, b} == {"0", "Z"}:  # no change; the one pair Luhn mod 32 cannot tell apart
        return
    swapped = plain[:where] + b + a + plain[where + 2:]
    with pytest.raises(ValueError, match="a character is wrong or two are swapped"):
        read_code(swapped)


@pytest.mark.parametrize("text, reason", [
    ("", "a deal code is a mode and a number"),
    ("   ", "a deal code is a mode and a number"),
    ("R1BQB-FVTKQ", "a deal code has 9 letters and digits"),
    ("R1BQB", "a deal code has 9 letters and digits"),
    ("K7M2-9QXD", "8 characters is a room code"),
    ("R1BQB-FVTU", "'U' is never in one"),
    ("R1BQB-FVT!", "'!' is never in one"),
    ("R1BQB-FVTL", "a character is wrong"),
    ("chess-42", "unknown mode 'chess'"),
    ("pillars42", "not a deal code"),
    ("pillars-99999999999999999999", "too big"),
])
def test_a_bad_code_is_refused_with_the_reason(text, reason):
    with pytest.raises(ValueError, match=reason):
        read_code(text)


def coded(number: int, daily_flag: int, value: int) -> str:
    """A well-formed code of any content (its check character right), as a damaged or future one could be."""
    x = codes._mix(number << (codes.VALUE_BITS + 1) | daily_flag << codes.VALUE_BITS | value)
    data = "".join(codes.ALPHABET[(x >> (5 * (codes.DATA_CHARS - 1 - i))) & 31] for i in range(codes.DATA_CHARS))
    return data + codes._check_char(data)


def test_a_code_of_no_deal_says_so():
    with pytest.raises(ValueError, match="names a mode this version of the game does not have"):
        read_code(coded(31, 0, 5))
    classic = game_class("classic").CODE_NUMBER
    with pytest.raises(ValueError, match="names no Classic daily of 2026-11-21"):
        read_code(coded(classic, 1, 0 * codes.TRIES + 1))  # Classic's daily has one candidate, not two
    with pytest.raises(ValueError, match="names no Classic daily"):
        read_code(coded(classic, 1, (codes.LAST_DAY + 1) * codes.TRIES))  # past the calendar
    assert read_code(coded(classic, 1, 5 * codes.TRIES)) == Deal("classic", daily_seed("2026-11-26", "classic"),
                                                                dt.date(2026, 11, 26))


def test_the_loader_reads_both_forms():
    assert parse_deal_code(short_code("points", 20261121)) == parse_deal_code("points-20261121") == \
        ("points", 20261121)
