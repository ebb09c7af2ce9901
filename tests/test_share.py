"""Sharing a game (game/share.py): the text round trip of every mode through export and import, damaged
and forged texts refused with their reason (and a fuzz: nothing but BadShare ever comes out), the rating
kept with each game, and an older archive without it still read."""

from __future__ import annotations

import base64
import json
import sqlite3
import zlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_history import ROOT, played, run_cli

from game import session as sessions
from game import share
from game.history import NAME, Archive, Played
from game.match import play_out
from game.ratings import Rating
from game.share import BadShare, decode, encode
from game.variants import MODES, game_class

LEVEL = json.loads((ROOT / "levels" / "mags-001.json").read_text(encoding="utf-8"))


def finished(mode, seed=11, options=None, level=None):
    """A whole game played headless (bots at their seats, the plain player at the person's) and kept."""
    seats = ["human", "bot:fast"] if game_class(mode).BOTS and not (options or {}).get("timed") else None
    s = play_out(sessions.new_session(mode, seed, seats, dict(options or {}), 0.0, level=level))
    names = ["You", "Bot (fast)", "P3", "P4"][:len(s.seats)]
    game = {"mode": mode, "kind": s.game.kind, "seed": s.seed, "options": s.options, "level": s.level,
            "seats": s.seats, "names": names, "result": s.result(), "events": list(s.events),
            "call_time": s.call_time, "date": "2026-11-20T09:30:00"}
    return s, game


def replayed(g: Played):
    kw = {"level": g.level, "follow": True}
    if g.call_time is not None:
        kw["call_time"] = g.call_time
    s = sessions.new_session(g.mode, g.seed, list(g.seats), dict(g.options), 0.0, **kw)
    for e in g.events:
        s.apply_event(e)
    return s


CASES = [(m, None, None) for m in MODES] + [("classic", {"timed": "blitz"}, None), ("findall", {"cards": 9}, None),
                                           ("mags", None, LEVEL)]


@pytest.mark.parametrize("mode, options, level", CASES)
def test_export_then_import_replays_every_mode_to_the_games_own_final_view(tmp_path, mode, options, level):
    s, game = finished(mode, options=options, level=level)
    assert s.over and game["events"]
    here, there = tmp_path / "here", tmp_path / "there"
    a = Archive(here)
    gid = a.add(game)
    a.close()
    code, out, err = run_cli(here, "export", str(gid), "--out", str(tmp_path / "game.txt"))
    text = out.strip()
    assert code == 0 and text.startswith("setarcade-game:1:") and (tmp_path / "game.txt").read_text().strip() == text
    assert len(text) < 2000  # short: a few hundred characters for most games
    code, out, err = run_cli(there, "import", str(tmp_path / "game.txt"), "--json")
    assert code == 0, err
    got = json.loads(out)
    assert got["new"] is True and (got["mode"], got["seed"], got["events"]) == (mode, s.seed, len(s.events))
    b = Archive(there)
    g = b.get(got["id"])
    assert g is not None and g.shared and g.tag["played"] == game["date"] and g.rating is None
    assert (g.events, g.options, g.seats, g.names, g.level, g.kind) == (
        s.events, s.options, s.seats, game["names"], s.level, s.game.kind)
    back = replayed(g)
    assert back.game.view() == s.game.view() and back.over
    assert {k: back.result()[k] for k in ("won", "score", "standings")} == \
        {k: s.result()[k] for k in ("won", "score", "standings")}
    assert g.result["score"] == s.result()["score"]  # the result is worked out here, not read from the text
    assert run_cli(there, "import", str(tmp_path / "game.txt"))[1].startswith("already kept as game")
    assert b.count() == 1  # the same game is never kept twice
    b.close()


def test_an_online_replicas_events_share_like_any_game():
    """An online game is kept with the seed revealed at its end and the events the window received: a share
    of it replays from them (the window's own seat "human", the others "remote")."""
    s, game = finished("classic", seed=3)
    online = Played(0, "classic", "normal", {}, 3, None, "2026-11-20T09:30:00", ["human", "remote"],
                    ["You", "Ada"], {}, list(s.events), s.call_time)
    g = decode(encode(online))
    assert g.seats == ["human", "remote"] and g.names == ["You", "Ada"]
    assert replayed(g).game.view() == s.game.view()


# ----- refused, with a reason ------------------------------------------------------------------
def forge(obj) -> str:
    """A share text of any JSON object, made as the game makes them (so only its fields are wrong)."""
    raw = share._pack(json.dumps(obj, separators=(",", ":")))
    return "setarcade-game:1:" + base64.urlsafe_b64encode(zlib.compress(raw.encode())).decode().rstrip("=")


GOOD = {"m": "findall", "s": 4, "p": ["human"], "n": ["You"], "e": ["set 1ROF 2GSE 3PDH", "set 1PDE 2GDF 3RDH"],
        "t": [500, 500], "d": "2026-11-26T10:00:00"}


def test_the_forger_makes_a_good_text_from_good_fields():
    g = decode(forge(GOOD))
    assert g.events == ["set 1ROF 2GSE 3PDH @5.00", "set 1PDE 2GDF 3RDH @10.00"] and g.result["score"] == 2


@pytest.mark.parametrize("change, reason", [
    ({"m": "poker"}, "mode 'poker' is not one this game has"),
    ({"m": 3}, "is not one this game has"),
    ({"s": -1}, "deal number is a whole number"),
    ({"s": 2**64}, "deal number is a whole number"),
    ({"s": "4"}, "deal number is a whole number"),
    ({"s": True}, "deal number is a whole number"),
    ({"o": {"jokers": 2}}, "has no option jokers"),
    ({"o": {"cards": "many"}}, "cannot be set up"),
    ({"o": []}, "options are not an object"),
    ({"p": []}, "seats are a list of one to four"),
    ({"p": ["human", "bot:fast"]}, "cannot be set up"),
    ({"p": ["wizard"]}, "cannot be set up"),
    ({"n": ["x" * 41]}, "names are up to"),
    ({"n": ["You", "Two"]}, "names are up to"),
    ({"e": ["set 1ROF 2GSE 3PDH"]}, "two lists of one length"),
    ({"e": ["set 1ROF 2GSE 3PSF", "set 1PDE 2GDF 3RDH"]}, "move 1 (set 1ROF 2GSE 3PSF @5.00) does not fit"),
    ({"e": ["set 1ROF 2GSE 3PDH", "set 1PDE 2GDF 3RDE"]}, "move 2 (set 1PDE 2GDF 3RDE @10.00) does not fit"),
    ({"t": [500, 0], "e": ["set 1ROF 2GSE 3PDH", "P2 call"]}, "move 2 (P2 call @5.00) does not fit"),
    ({"e": ["fly 1ROF", "set 1PDE 2GDF 3RDH"]}, "move 1 (fly 1ROF @5.00) does not fit"),
    ({"e": ["set 1ROF 2GSE 3PDH @1", "x"]}, "move 1 is not a move"),
    ({"e": ["", "x"]}, "move 1 is not a move"),
    ({"t": [500, -1]}, "time of move 2"),
    ({"t": [500, 1.5]}, "time of move 2"),
    ({"t": [10**9, 10**9]}, "move 2 comes later"),
    ({"c": 0.5}, "call time is 1 to 60 seconds"),
    ({"l": {"variant": "pillars"}}, f"not a level of {game_class('findall').TITLE}"),
    ({"l": {"variant": "findall", "deck": "no"}}, "cannot be set up"),
    ({"d": "soon"}, "date played 'soon' is not a date"),
    ({"x": 1}, "fields this game does not know (x)"),
])
def test_a_forged_field_refuses_the_whole_text_and_says_which(change, reason):
    with pytest.raises(BadShare) as e:
        decode(forge({**GOOD, **change}))
    assert reason in str(e.value)


def good_text() -> str:
    return encode(decode(forge(GOOD)))


@pytest.mark.parametrize("text, reason", [
    ("", "there is no text"),
    ("hello", "not a shared Set Arcade game"),
    ("setarcade-game:", "no format number"),
    ("setarcade-game:2:abc", "shared by a newer Set Arcade (format 2)"),
    ("setarcade-game:0:abc", "shared by another Set Arcade (format 0)"),
    ("setarcade-game:1:", "holds characters a share text has not"),
    ("setarcade-game:1:ab+c/", "holds characters a share text has not"),
    ("setarcade-game:1:" + base64.urlsafe_b64encode(b"not zlib at all").decode(), "does not unpack"),
    ("setarcade-game:1:" + base64.urlsafe_b64encode(zlib.compress(b"[1, 2]")).decode(), "holds no game"),
    ("setarcade-game:1:" + base64.urlsafe_b64encode(zlib.compress(b'{"m": NaN}')).decode(), "does not unpack"),
    ("setarcade-game:1:" + base64.urlsafe_b64encode(zlib.compress(b'"~\x01"')).decode(), "a card is written wrong"),
    ("setarcade-game:1:" + base64.urlsafe_b64encode(zlib.compress(b" " * (5 * 1024 * 1024))).decode(),
     "unpacks to more than a game can hold"),
])
def test_a_text_that_is_not_a_share_or_is_damaged_is_refused_with_its_reason(text, reason):
    with pytest.raises(BadShare) as e:
        decode(text)
    assert reason in str(e.value)


def test_a_cut_or_changed_text_is_refused_and_whitespace_is_forgiven():
    text = good_text()
    assert decode("  " + text[:30] + "\n" + text[30:] + " \n").events == decode(text).events  # a wrapped line
    with pytest.raises(BadShare, match="cut short|does not unpack"):
        decode(text[:-6])
    k = len(text) // 2
    changed = text[:k] + ("A" if text[k] != "A" else "B") + text[k + 1:]
    with pytest.raises(BadShare, match="does not unpack|damaged|does not fit|not"):
        decode(changed)


def test_a_game_whose_kept_events_do_not_replay_cannot_be_shared():
    s, game = finished("findall")
    g = Played(0, "findall", "normal", {}, 11, None, "2026-11-20T09:30:00", ["human"], [], {},
               s.events[:1] + ["set 1RDE 1RDE 1RDE @99.00"])
    with pytest.raises(BadShare, match="move 2 .* does not fit"):
        encode(g)
    with pytest.raises(BadShare, match="has no time"):
        encode(Played(0, "findall", "normal", {}, 11, None, "2026-11-20T09:30:00", ["human"], [], {}, ["set 1RDE"]))


# ----- the fuzz: whatever comes in, BadShare or a game ---------------------------------------------
def opened_or_refused(text) -> None:
    try:
        g = decode(text)
    except BadShare as e:
        assert str(e)
        return
    assert isinstance(g, Played) and g.mode in MODES


FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FUZZ
@given(st.text(max_size=300))
def test_fuzz_any_text_is_refused_or_opened_never_a_crash(text):
    opened_or_refused(text)
    opened_or_refused("setarcade-game:1:" + text)


@FUZZ
@given(st.data())
def test_fuzz_a_good_text_damaged_anywhere_is_refused_or_opened(data):
    text = good_text()
    body = list(text)
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, len(body) - 1))
        how = data.draw(st.sampled_from(["replace", "drop", "insert"]))
        ch = data.draw(st.sampled_from("AZaz09-_~:=+/ \n{}\"é"))
        if how == "replace":
            body[i] = ch
        elif how == "drop" and len(body) > 1:
            del body[i]
        else:
            body.insert(i, ch)
    opened_or_refused("".join(body))


JSONISH = st.recursive(st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats() | st.text(max_size=30),
                       lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=8), kids, max_size=4),
                       max_leaves=12)
MOVES = st.sampled_from(["set 1ROF 2GSE 3PDH", "set 1PDE 2GDF 3RDH", "P1 call", "P2 set 1RDE 2GOH 3PSF", "undo",
                         "redo", "lapse", "go", "end", "deal3", "move 1RDE > 2", "P9 call", "hint", "flip 1RDE"])


@FUZZ
@given(st.data())
def test_fuzz_forged_fields_are_refused_or_opened_never_a_crash(data):
    obj = dict(GOOD)
    for key in data.draw(st.lists(st.sampled_from(sorted(share.FIELDS)), max_size=4)):
        obj[key] = data.draw(JSONISH)
    if data.draw(st.booleans()):
        n = data.draw(st.integers(0, 6))
        obj["e"] = data.draw(st.lists(MOVES, min_size=n, max_size=n))
        obj["t"] = data.draw(st.lists(st.integers(-5, 2000), min_size=n, max_size=n))
        obj["m"] = data.draw(st.sampled_from(MODES))
        obj["p"] = data.draw(st.sampled_from([["human"], ["human", "bot:fast"], ["human", "remote", "remote"]]))
    opened_or_refused(forge(obj))


# ----- the rating kept with a game ----------------------------------------------------------------------
OLD_SCHEMA = """
CREATE TABLE games (id INTEGER PRIMARY KEY AUTOINCREMENT, mode TEXT NOT NULL, kind TEXT NOT NULL,
    options TEXT NOT NULL, seed TEXT NOT NULL, level TEXT, date TEXT NOT NULL, seats TEXT NOT NULL,
    names TEXT NOT NULL, result TEXT NOT NULL, events TEXT NOT NULL, call_time REAL, tag TEXT NOT NULL DEFAULT '{}');
PRAGMA user_version=1;
"""
OLD_INSERT = ("INSERT INTO games (mode, kind, options, seed, level, date, seats, names, result, events, call_time, tag)"
              " VALUES ('points', 'normal', '{}', '3', NULL, '2026-11-01T10:00:00', '[\"human\"]', '[\"You\"]',"
              " '{\"won\": true}', '[\"set 1RDE 2GOH 3PSF @4.00\"]', NULL, '{}')")


def test_an_archive_from_before_ratings_were_kept_is_read_and_gains_the_column(tmp_path):
    db = sqlite3.connect(tmp_path / NAME)
    db.executescript(OLD_SCHEMA)
    db.execute(OLD_INSERT)
    db.commit()
    db.close()
    a = Archive(tmp_path)
    assert a.take_notices() == [] and a.count() == 1  # not set aside: read as it is
    old, = a.games()
    assert old.rating is None and old.rating_text() == "—"
    gid = a.add({**played("classic", 5, n=6, seats=["human", "bot:expert"]), "rating": Rating(26.0, 7.5, 1)})
    new = a.get(gid)
    assert new.rating == Rating(26.0, 7.5, 1) and new.rating_text() == "1560? ± 900"
    a.close()
    db = sqlite3.connect(tmp_path / NAME)
    db.execute(OLD_INSERT)  # an older copy of the game still writes the file as it knew it
    db.commit()
    db.close()
    code, out, _ = run_cli(tmp_path, "list", "--json")
    rows = json.loads(out)
    assert code == 0 and [r["rating_after"] for r in rows] == [
        {"mu": 26.0, "sigma": 7.5, "games": 1, "shown": "1560 ± 900", "provisional": True}, None, None]
    assert "1560? ± 900" in run_cli(tmp_path, "list")[1]


def test_a_bad_rating_is_refused_when_kept_and_a_damaged_one_reads_as_none(tmp_path):
    a = Archive(tmp_path)
    with pytest.raises(ValueError, match="a rating is"):
        a.add({**played("points", 3), "rating": {"mu": "high", "sigma": 1, "games": 1}})
    gid = a.add({**played("points", 3), "rating": {"mu": 25.0, "sigma": 2.0, "games": 40}})
    assert a.get(gid).rating_text() == "1500 ± 240"
    with a.db:
        a.db.execute("UPDATE games SET rating = '{\"mu\": 1e9}' WHERE id = ?", (gid,))
    assert a.get(gid) is not None and a.get(gid).rating is None  # the game is still listed; its rating is not


def test_import_refuses_a_bad_file_with_the_reason_and_keeps_nothing(tmp_path):
    (tmp_path / "bad.txt").write_text("setarcade-game:1:" + "A" * 40)
    code, out, err = run_cli(tmp_path / "data", "import", str(tmp_path / "bad.txt"))
    assert code == 1 and "does not unpack" in err and out == ""
    code, _, err = run_cli(tmp_path / "data", "import", str(tmp_path / "missing.txt"))
    assert code == 1 and "cannot be read" in err
    (tmp_path / "bin.txt").write_bytes(b"\xff\xfe\x00")
    assert "is not text" in run_cli(tmp_path / "data", "import", str(tmp_path / "bin.txt"))[2]
    assert run_cli(tmp_path / "data", "export", "7")[2].strip() == "error: no game 7 in the history"
    assert Archive(tmp_path / "data").count() == 0


def test_the_share_alphabet_has_one_character_a_card():
    assert len(share.ALPHABET) == 81 == len(set(share.ALPHABET)) and not set(share.ALPHABET) & set(' "\\@~')
    assert share._pack("P2 set 1RDE 2GOH 3PSF") == "P2 set ~" + share.ALPHABET[0] + " ~" + \
        share.ALPHABET[int(__import__("game.cards").cards.card("2GOH"))] + " ~" + \
        share.ALPHABET[int(__import__("game.cards").cards.card("3PSF"))]


@FUZZ
@given(st.text(alphabet=st.sampled_from("~1R23GPSODEFH x\"é"), max_size=60))
def test_fuzz_packing_card_codes_is_undone_exactly(text):
    assert share._unpack(share._pack(text)) == text
