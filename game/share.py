"""A game as a short text that another copy of the game opens as a replay: ``setarcade-game:1:…``.

A played game is its mode, seed (or level), options, seats and timed
events, so that is all a share text holds, with what the players were
called and when it was played.  The result is never taken from the text:
the receiving game replays the events and works it out.

The text: ``PREFIX`` (``setarcade-game:``), the format's number and ``:``,
then the base64url (no padding) of the zlib-compressed JSON object
``{"m": mode, "s": seed, "p": seats, "e": [move, ...], "t": [centiseconds
since the move before, ...], "n": names, "d": date}`` and, when they are
not the defaults, ``"o"`` (options), ``"c"`` (the call time) and ``"l"``
(a level).  Each event is its move without the time (``"P2 set 1RDE 2GOH
3PSF"``) and its time goes to ``"t"``; in the JSON text every card code is
written as ``~`` and one character (``~~`` is a ``~``).  A Classic game
against a bot is some 700 characters.  Whitespace anywhere in a pasted
text is ignored (a line broken by a mail program still opens).

Reading checks every field (``BadShare`` names the first that is wrong:
an unknown mode, a seed out of range, a move that does not fit the game
when replayed) and never raises anything else.

>>> from game.history import Played
>>> g = Played(0, "findall", "normal", {}, 4, None, "2026-11-26T10:00:00", ["human"], ["You"], {},
...            ["set 1ROF 2GSE 3PDH @5.00"])
>>> text = encode(g)
>>> text.startswith("setarcade-game:1:"), decode(text).events
(True, ['set 1ROF 2GSE 3PDH @5.00'])
>>> decode("setarcade-game:9:abc")
Traceback (most recent call last):
...
game.share.BadShare: this game was shared by a newer Set Arcade (format 9); this one reads format 1
"""

from __future__ import annotations

import base64
import binascii
import datetime as _dt
import json
import re
import zlib
from pathlib import Path
from typing import Any

from .history import MAX_EVENTS, MAX_NAME, Played, now_text
from .variants import MODES, game_class

PREFIX = "setarcade-game:"
FORMAT = 1
MAX_TEXT = 1_000_000  # characters of a share text (whitespace left out); more is refused unread
MAX_JSON = 4 * 1024 * 1024  # bytes the compressed object may grow to
MAX_EVENT = 200  # characters of one event
MAX_CENTISECONDS = 10**9  # a game lasts less than ~116 days
FIELDS = {"m", "s", "p", "e", "t", "n", "d", "o", "c", "l"}
_CODE = re.compile(r"(?<![0-9A-Za-z])[123][RGP][SOD][EFH](?![0-9A-Za-z])")
#: one character a card (81 of them, in card order): printable ASCII but for space, ", \, @ and ~
ALPHABET = "".join(ch for ch in map(chr, range(0x21, 0x7F)) if ch not in ' "\\@~')[:81]
_INDEX = {ch: i for i, ch in enumerate(ALPHABET)}


class BadShare(ValueError):
    """A share text that cannot be opened; the message says why in words."""


# ----- writing ----------------------------------------------------------------------------------
def encode(game: Played) -> str:
    """The share text of ``game`` (its events are needed: ``Archive.get``).

    :raises BadShare: when the game does not replay as kept (a damaged game cannot be shared).
    """
    events: list[str] = []
    times: list[int] = []
    last = 0
    for e in game.events:
        body, _, stamp = e.rpartition(" @")
        cs = _centiseconds(stamp)
        if not body or cs is None or cs < last:
            raise BadShare(f"event {len(events) + 1} ({e[:40]!r}) has no time this game can share")
        events.append(body)
        times.append(cs - last)
        last = cs
    data: dict[str, Any] = {"m": game.mode, "s": game.seed, "p": list(game.seats), "e": events, "t": times,
                            "n": list(game.names), "d": game.date}
    if game.options:
        data["o"] = game.options
    if game.call_time is not None:
        data["c"] = game.call_time
    if game.level is not None:
        data["l"] = game.level
    raw = _pack(json.dumps(data, separators=(",", ":"), allow_nan=False, ensure_ascii=False))
    text = f"{PREFIX}{FORMAT}:" + base64.urlsafe_b64encode(zlib.compress(raw.encode("utf-8"), 9)).decode(
        "ascii").rstrip("=")
    back = decode(text)  # what the other copy will read: the same moves, or no share at all
    if back.events != game.events or back.seed != game.seed or back.mode != game.mode:
        raise BadShare("this game does not come back the same from its share text")
    return text


def _centiseconds(stamp: str) -> int | None:
    """``"12.40"`` -> 1240; None for a time not written as the game writes them (two decimals)."""
    whole, dot, frac = stamp.partition(".")
    if not (dot and whole.isascii() and whole.isdigit() and frac.isascii() and frac.isdigit() and len(frac) == 2
            and len(whole) <= 8):
        return None
    return int(whole) * 100 + int(frac)


def _stamp(cs: int) -> str:
    return f"@{cs // 100}.{cs % 100:02d}"


def _pack(text: str) -> str:
    """Card codes as ``~`` and one character (and ``~`` as ``~~``): a shorter text, undone by ``_unpack``."""
    return _CODE.sub(lambda m: "~" + ALPHABET[_card_index(m.group())], text.replace("~", "~~"))


def _card_index(c: str) -> int:
    from .cards import card

    return int(card(c))


def _unpack(text: str) -> str:
    from .cards import code

    out, i = [], 0
    while True:
        j = text.find("~", i)
        if j < 0:
            out.append(text[i:])
            return "".join(out)
        out.append(text[i:j])
        nxt = text[j + 1:j + 2]
        if nxt == "~":
            out.append("~")
        elif nxt in _INDEX:
            out.append(code(_INDEX[nxt]))
        else:
            raise BadShare("the text is damaged (a card is written wrong)")
        i = j + 2


# ----- reading ----------------------------------------------------------------------------------
def payload(text: Any) -> dict[str, Any]:
    """The JSON object inside a share text, unchecked but for its shape.

    :raises BadShare: on a text that is not a share text, of another format, cut or changed.
    """
    if not isinstance(text, str):
        raise BadShare("a share text is text")
    if len(text) > MAX_TEXT * 2:
        raise BadShare(f"the text is too long to be a shared game ({len(text)} characters)")
    text = "".join(text.split())
    if not text:
        raise BadShare("there is no text: paste a game someone shared (it starts with setarcade-game:)")
    if not text.startswith(PREFIX):
        raise BadShare("this is not a shared Set Arcade game (its text starts with setarcade-game:)")
    version, sep, body = text[len(PREFIX):].partition(":")
    if not sep or not version.isascii() or not version.isdigit() or len(version) > 6:
        raise BadShare("the text is damaged (no format number after setarcade-game:)")
    if int(version) != FORMAT:
        newer = "a newer" if int(version) > FORMAT else "another"
        raise BadShare(f"this game was shared by {newer} Set Arcade (format {int(version)}); this one reads "
                       f"format {FORMAT}")
    body = body.rstrip("=")  # base64's padding, which the game leaves out, is forgiven
    if len(body) > MAX_TEXT:
        raise BadShare(f"the text is too long to be a shared game ({len(body)} characters)")
    if not body or not re.fullmatch(r"[A-Za-z0-9_-]+", body):
        raise BadShare("the text is damaged (it holds characters a share text has not)")
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        z = zlib.decompressobj()
        raw = z.decompress(packed, MAX_JSON)
        if z.unconsumed_tail:
            raise BadShare("the text unpacks to more than a game can hold")
        if not z.eof or z.unused_data:
            raise BadShare("the text is cut short or has extra at its end")
        data = json.loads(_unpack(raw.decode("utf-8")), parse_constant=_no_constant)
    except BadShare:
        raise
    except (binascii.Error, zlib.error, ValueError, RecursionError):
        raise BadShare("the text is damaged (it does not unpack: a part is missing or changed)") from None
    if not isinstance(data, dict):
        raise BadShare("the text is damaged (it holds no game)")
    return data


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number")


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _is_plain(v: Any, depth: int = 0) -> bool:
    """JSON data of a sane size and depth: text, numbers, true/false/null, lists and objects of them."""
    if depth > 8:
        return False
    if v is None or isinstance(v, (str, bool)) or _is_int(v):
        return not isinstance(v, str) or len(v) <= 10_000
    if isinstance(v, float):
        return v == v and abs(v) < 1e300
    if isinstance(v, list):
        return len(v) <= 10_000 and all(_is_plain(x, depth + 1) for x in v)
    if isinstance(v, dict):
        return len(v) <= 200 and all(isinstance(k, str) and len(k) <= 40 and _is_plain(x, depth + 1)
                                     for k, x in v.items())
    return False


def check(data: dict[str, Any]) -> dict[str, Any]:
    """The fields of a share's object, each checked (the events only for their form: ``decode`` replays
    them).  Returns mode, seed, options, seats, names, events, call_time, level and date.

    :raises BadShare: naming the first field that is wrong.
    """
    unknown = sorted(str(k)[:20] for k in data if k not in FIELDS)
    if unknown:
        raise BadShare(f"the text holds fields this game does not know ({', '.join(unknown[:3])})")
    mode = data.get("m")
    if not isinstance(mode, str) or mode not in MODES:
        raise BadShare(f"the game's mode {str(mode)[:30]!r} is not one this game has")
    cls = game_class(mode)
    seed = data.get("s")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**64:
        raise BadShare(f"the deal number is a whole number from 0 to {2**64 - 1}, not {str(seed)[:30]}")
    options = data.get("o", {})
    if not isinstance(options, dict) or not _is_plain(options):
        raise BadShare("the game's options are not an object of plain values")
    bad = sorted(str(k)[:20] for k in options if k not in cls.OPTIONS)
    if bad:
        raise BadShare(f"{cls.TITLE} has no option {', '.join(bad[:3])}")
    seats = data.get("p")
    if not isinstance(seats, list) or not 1 <= len(seats) <= 4 or \
            not all(isinstance(s, str) and 0 < len(s) <= MAX_NAME for s in seats):
        raise BadShare("the seats are a list of one to four seats")
    names = data.get("n", [])
    if not isinstance(names, list) or len(names) > len(seats) or \
            not all(isinstance(n, str) and len(n) <= MAX_NAME and n.isprintable() for n in names):
        raise BadShare(f"the players' names are up to {len(seats)} lines of up to {MAX_NAME} characters")
    events, times = data.get("e"), data.get("t")
    if not isinstance(events, list) or not isinstance(times, list) or len(events) != len(times):
        raise BadShare("the moves and their times are two lists of one length")
    if len(events) > MAX_EVENTS:
        raise BadShare(f"a game has at most {MAX_EVENTS} moves, not {len(events)}")
    whole, t = [], 0
    for i, (e, dt) in enumerate(zip(events, times)):
        if not isinstance(e, str) or not 0 < len(e) <= MAX_EVENT or not e.isprintable() or "@" in e:
            raise BadShare(f"move {i + 1} is not a move written as the game writes them")
        if not _is_int(dt) or not 0 <= dt <= MAX_CENTISECONDS:
            raise BadShare(f"the time of move {i + 1} is not a number of hundredths of a second")
        t += dt
        if t > MAX_CENTISECONDS:
            raise BadShare(f"move {i + 1} comes later than any game lasts")
        whole.append(f"{e} {_stamp(t)}")
    call_time = data.get("c")
    if call_time is not None and (isinstance(call_time, bool) or not isinstance(call_time, (int, float))
                                  or not 1.0 <= call_time <= 60.0):
        raise BadShare(f"the call time is 1 to 60 seconds, not {str(call_time)[:20]}")
    level = data.get("l")
    if level is not None and (not isinstance(level, dict) or not _is_plain(level)):
        raise BadShare("the game's level is not an object of plain values")
    if level is not None and level.get("variant") != mode:
        raise BadShare(f"the game's level is not a level of {cls.TITLE}")
    date = data.get("d", "")
    if not isinstance(date, str) or len(date) > 40:
        raise BadShare("the date played is not a date")
    if date:
        try:
            _dt.datetime.fromisoformat(date)
        except ValueError:
            raise BadShare(f"the date played {date[:40]!r} is not a date") from None
    return {"mode": mode, "seed": seed, "options": options, "seats": seats, "names": names, "events": whole,
            "call_time": None if call_time is None else float(call_time), "level": level, "date": date}


#: what building a game from checked fields, or replaying a move on it, may raise on a forged text
_REFUSALS = (ValueError, TypeError, KeyError, IndexError, AttributeError, OverflowError, RecursionError,
             ZeroDivisionError)


def decode(text: Any) -> Played:
    """The game a share text holds, replayed here to its last move: a ``Played`` (id 0) whose result
    and kind are this game's own reading, tagged ``{"shared": True}``.

    :raises BadShare: saying why the text cannot be opened (nothing else is raised).
    """
    from .session import new_session

    f = check(payload(text))
    kw: dict[str, Any] = {"level": f["level"], "follow": True}
    if f["call_time"] is not None:
        kw["call_time"] = f["call_time"]
    try:
        s = new_session(f["mode"], f["seed"], list(f["seats"]), dict(f["options"]), 0.0, **kw)
    except _REFUSALS as e:
        raise BadShare(f"the game cannot be set up: {str(e)[:120]}") from None
    for i, event in enumerate(f["events"]):
        try:
            s.apply_event(event)
        except _REFUSALS as e:
            raise BadShare(f"move {i + 1} ({event[:40]}) does not fit the game: {str(e)[:120]}") from None
    names = [*f["names"], *s.players[len(f["names"]):]]
    try:
        summary = s.game.summary(dict(zip(s.players, names)))
        result = {**s.result(), "summary": {"title": str(summary.get("title") or ""),
                                            "score": str(summary.get("score") or "")}}
        kind = s.game.kind
    except _REFUSALS as e:
        raise BadShare(f"the game's end cannot be worked out: {str(e)[:120]}") from None
    return Played(0, f["mode"], kind, dict(f["options"]), f["seed"], f["level"], f["date"] or now_text(),
                  list(f["seats"]), names, result, f["events"], f["call_time"], {"shared": True})


# ----- the command line: python -m game.history export ID / import FILE --------------------------
def add_commands(sub: Any) -> None:
    """Add ``export`` and ``import`` to ``python -m game.history``'s commands."""
    ex = sub.add_parser("export", help="a kept game as its share text")
    ex.add_argument("id", type=int)
    ex.add_argument("--out", metavar="FILE", help="write the text to FILE as well")
    im = sub.add_parser("import", help="keep a shared game (a file holding its share text; - reads stdin)")
    im.add_argument("file")
    im.add_argument("--json", action="store_true")


def read_file(path: str) -> str:
    """The text of a file said to hold a share text ("-": standard input).

    :raises BadShare: when it cannot be read, is too long or is not text.
    """
    import sys

    try:
        if path == "-":
            raw = sys.stdin.buffer.read(MAX_TEXT * 2 + 1)
        else:
            with open(path, "rb") as fh:
                raw = fh.read(MAX_TEXT * 2 + 1)
    except OSError as e:
        raise BadShare(f"{path} cannot be read ({e.strerror or e})") from None
    if len(raw) > MAX_TEXT * 2:
        raise BadShare(f"{path} is too long to hold a shared game")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise BadShare(f"{path} is not text") from None


def run_command(args: Any, archive: Any) -> int:
    """Run ``export`` or ``import`` on ``archive``; the exit code (1 with the reason on standard error)."""
    import sys

    try:
        if args.command == "export":
            game = archive.get(args.id)
            if game is None:
                raise BadShare(f"no game {args.id} in the history")
            text = encode(game)
            if args.out:
                from .safefile import why, write_atomic

                try:
                    write_atomic(Path(args.out), text + "\n")
                except OSError as e:
                    raise BadShare(f"{args.out} cannot be written ({why(e)})") from None
            print(text)
            return 0
        game = decode(read_file(args.file))
    except BadShare as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    gid, new = archive.keep_shared(game)
    if gid is None:
        for n in archive.take_notices():
            print(n, file=sys.stderr)
        print("error: the game could not be kept in the history", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps({"id": gid, "new": new, "mode": game.mode, "kind": game.kind, "seed": game.seed,
                          "events": len(game.events), "headline": game.headline()}))
    else:
        print(f"{'kept as' if new else 'already kept as'} game {gid}: {game.mode}/{game.kind} seed {game.seed}, "
              f"{len(game.events)} events, {game.headline()}")
    return 0
