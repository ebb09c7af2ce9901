"""The online messages: one JSON object a WebSocket text message, at most 4 KiB, every field checked.

Client to server (``DESIGN.md``, "Online play"; the names are a contract)::

    {"type": "create", "mode": "classic", "options": {}, "name": "Ann"}   (+ "call_time"; a "seed" is
                                                       read but ignored: a host does not choose the deal)
    {"type": "join", "room": "CODE", "name": "Bob"}    a seat; after a game, the lobby only (not that game)
    {"type": "rejoin", "room": "CODE", "token": "..."}
    {"type": "start"}                                  host: deal a game (again after one is over)
    {"type": "act", "action": "call" | "<move>", "id": 7}    (+ "seen": events of the game the sender had)
                                                       for the sender's own seat; "end" is the host's;
                                                       Memory: "flip #4" turns the card at place 4
    {"type": "end"}                                    host: end the game for everyone, as it stands
    {"type": "leave"}                                  give up one's own seat (a host hands the role on)
    {"type": "setup", "mode": "twenty", "options": {}}  host, in the lobby (+ "call_time")
    {"type": "bot", "level": "expert"}                 host, in the lobby: a bot takes a seat
    {"type": "unseat", "seat": 2}                      host, in the lobby: a bot's seat, or the seat of a
                                                       player who is not connected, goes
    {"type": "public", "on": true}                     host: list the room among the public games (or not);
                                                       a room is private until its host says so
    {"type": "watch", "room": "CODE"}                  watch the room's games: a spectator, no seat
    {"type": "list"}                                   the open public games (answered with ``games``)

Server to client: ``joined``, ``state``, ``event``, ``refused``, ``error``, ``over``,
``lobby`` (who sits where, who is connected, who hosts, the mode and options, whether the room is
``public``, how many ``spectators`` watch, and the last game's ``result`` with ``result_names``,
each seat's name as that game was played; sent on every change, and the moment a member's
connection closes), ``left`` (the seat is gone: after ``leave``, or when the room is closed),
``watching`` (the answer to ``watch``: ``room``, ``code``) and ``games`` (the answer to ``list``).
An ``error`` or ``refused`` that answers a message names it: ``answers`` (its type) and its ``id``
when it had one (``answering``); one that answers nothing (the seat taken up on another connection,
the room closed) has no ``answers``.
An ``error`` that answers a ``join``, ``rejoin`` or ``watch`` may carry ``retry`` (seconds, a number):
the room is there but cannot be reached just now (in a cluster, its owner died and the room's log
cannot be read at the moment: the dead owner's file locked, a stream entry failing its checks, Redis
not answering), so nothing was decided: the seat (or the code) still holds and the client says the
same again after ``retry`` seconds (clamped to ``RETRY_RANGE``, at most ``MAX_RETRIES`` times), by
itself, instead of taking the error as the answer::

    {"type": "error", "why": "room K7M2-9QXD is being moved to another server …", "answers": "rejoin",
     "retry": 1.0}
A ``join`` while a game is under way is answered with an ``error`` that also names the room in
``watch`` (the game may be watched now, the seat taken when it is over)::

    {"type": "games", "games": [{"code": "K7M29QXD", "mode": "classic", "players": 2, "free_seats": 2,
                                 "started": false, "spectators": 0}, ...]}

Spectators (``watch``): a read-only member.  A spectator gets what a player gets — the ``state``
of a game under way (``seat`` -1), every ``event`` with the same reveals, ``over``, ``lobby`` —
and never more: no seed before ``over``, no face-down card before the table shows it.  Every
other message from a spectator (``act``, ``start``, ``end``, ``setup``, ``bot``, ``unseat``,
``public``, ``create``, ``join``, ``rejoin``, ``watch``) is answered with ``refused`` and a
reason; ``leave`` stops watching.  A spectator never takes a seat nor becomes host, does not keep
a room open, and is counted in ``spectators`` (``state`` and ``lobby``); a room takes at most
``game.net.room.MAX_WATCHERS`` of them.  A spectator who comes after a game is over sees the
lobby, as a stranger does; one who watched a game sees its result there.

Public games (``public``, ``list``): a room the host marks public is listed while it has a free
seat and no game under way (to join), or while its game is under way (to watch); it leaves the
list when it is full in the lobby, made private again, or closed.  ``players`` counts the seats
taken (people and bots), ``free_seats`` the seats open; at most ``MAX_LISTED`` games are sent,
those to join first.

What the server holds to (``RULES.md`` §8):

* A member acts for their own seat only.  ``end`` (the message, or ``act`` ``end``) is the
  host's: a guest's is refused with a reason and play goes on.  ``leave`` gives up one's own seat.
* The host role passes to the longest-present person still connected when the host leaves, or
  has had no connection for ``HOST_GRACE`` seconds (``game.net.server``), during a game too; the
  lobby's ``host`` says who it is.
* Someone who joins by code after a game is over sees the lobby (and may take a free seat for the
  next game), never that game's events, result or the names of those who left it.
* The seed of each game is drawn by the server in 0 .. 2**63 - 1 (a server started for tests with
  ``fixed_seeds`` deals from ``create``'s ``seed``, then seed + 1…, wrapping within that range).
* ``seen`` excuses a pick (refused as too late, its call lapses free) only when the Set that
  changed its cards reached the member at most one round trip (the connection's ping latency,
  at most 2 s counted) plus 0.5 s before the pick arrived; any staler pick is a wrong pick: it
  costs what a call that runs out costs.
* While no person in the room is connected, its game's clock stops and its bots wait; a room
  restored after a restart waits so until someone rejoins.  Only people keep a room from
  expiring, not its bots' moves.

In a cluster (``python -m game.server --redis URL``, ``game.net.cluster``) a process that does not own
the room a ``join``, ``rejoin`` or ``watch`` names answers, instead of ``joined``::

    {"type": "moved", "room": "K7M29QXD", "url": "ws://10.0.0.2:8766"}

``room`` is the code asked for; ``url`` the public address of the process that owns it (``ws://`` or
``wss://``, a host, maybe a port and a path, at most 200 characters).  The client connects there (at
``url + "/room/" + CODE``) and sends the same message again, by itself and at most a few times in a row;
the window never shows it.  ``joined`` then carries ``servers``: the other processes' URLs (at most 8),
where the client comes back to if the owner goes away (another process takes the room over and sends
``moved`` or seats it).  A client names the room it is for in its connection's path, ``/room/CODE``
(``/`` for a ``create``), so that a balancer in front of the processes can hash the code
(``deploy/haproxy.cfg``); a server reads no path.

Limits (``game.net.server.Limits``, options of ``python -m game.server``): a ``create`` past
the rooms one address may keep open, and a ``join`` (or a ``rejoin`` with no seat's token)
from an address that tried too many unknown codes, are answered with ``error`` saying why
and how long to wait; a connection past the server's cap or the cap of its address is closed
with code 1013 ("try again later") and a reason.

Hidden information (RULES.md §8): no message to a member holds the seed, the deck order or a
face-down card before the table shows it.  The game's cards come to the member's replica as the
table shows them (``game.variants.deck``): every list of cards the game deals from (list 0 the
deal, then each reshuffle of the game's own stream, in order) has places ``(j, i)``, and a card is
told by its place when it first lies face up there::

    {"type": "state", "room": "K7M29QXD", "mode": "memory", "commit": "<64 hex digits>",
     "seats": [...], "events": [...], "shown": [[0, {"cards": [[0, 3, "1RDE"], ...], "size": 12}],
                                                [7, {"cards": [[0, 13, "2GOH"]]}], ...], ...}
    {"type": "event", "n": 8, "seat": 0, "move": "P1 flip 2GOH @3.20",
     "cards": [[0, 13, "2GOH"]], "size": 12}                (+ "ends": true on the game's last move)
    {"type": "over", "result": {...}, "seed": 123456789, "salt": "<32 hex digits>"}

``shown`` holds, for the deal (0) and each event number that showed something, what it showed:
``cards`` (``[list, place, code]`` of each card that came face up), and for a face-down table
(Memory) ``size`` (the cards on the table after it) and ``ends`` (it ended the game: what the
hidden faces decide).  An ``event`` carries the same fields for itself.  A face-down card is
flipped by its place on the table, ``{"type": "act", "action": "flip #4"}`` (a card once face up
may be named by its code); the server turns the place into the card.

The commitment: ``commit`` is ``sha256(f"{seed}:{salt}".encode())`` in lower-case hex, where
``seed`` is the decimal seed and ``salt`` 16 random bytes a game written as 32 lower-case hex
digits; ``over`` (and a ``state`` of a game that is over) reveals ``seed`` and ``salt``, and the
client checks that they match ``commit`` and that the seed deals the game its events played.

Room codes are 8 characters of Crockford's base 32 (digits and capitals without I, L,
O, U: 40 bits), shown as ``K7M2-9QXD``; typed, the dash, spaces and case do not matter
and O reads as 0, I and L as 1.  Seat tokens are 192 random bits (``secrets``).

>>> parse('{"type": "act", "action": "call", "id": 7}')
{'type': 'act', 'action': 'call', 'id': 7}
>>> normal_code("k7m2-9qxd"), show_code("K7M29QXD")
('K7M29QXD', 'K7M2-9QXD')
>>> parse('{"type": "watch", "room": "k7m2-9qxd"}'), parse('{"type": "public", "on": true}')
({'type': 'watch', 'room': 'K7M29QXD'}, {'type': 'public', 'on': True})
>>> parse_address("192.168.1.20:8765/K7M2-9QXD")
('192.168.1.20', 8765, 'K7M29QXD')
"""

from __future__ import annotations

import hashlib
import json
import math
import secrets
from collections.abc import Callable
from json.encoder import encode_basestring_ascii
from typing import Any

try:
    from json.encoder import c_make_encoder  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - an interpreter without the C part
    c_make_encoder = None

MAX_MESSAGE = 4096  # bytes a client message may have (the server's websockets max_size)
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford's base 32: no I, L, O, U
CODE_LENGTH = 8  # 8 x 5 bits = 40 bits
ALIASES = str.maketrans({"O": "0", "I": "1", "L": "1"})
TOKEN_BYTES = 24  # 192 bits
SALT_BYTES = 16  # a game's commitment salt: 128 bits
DEFAULT_PORT = 8765
MAX_LISTED = 50  # public games one ``games`` answer holds at most
#: what names a room another process may hold (a cluster routes it there: ``moved``), and what an error with
#: ``retry`` may answer
ROUTED = ("join", "rejoin", "watch")
RETRY_AFTER = 1.0  # seconds a server tells a member to wait before saying its join/rejoin/watch again
RETRY_RANGE = (0.2, 10.0)  # seconds a client waits at least and at most, whatever ``retry`` says
MAX_RETRIES = 8  # times a client says the same join/rejoin/watch again for errors with ``retry`` in a row
#: seconds between two pings of the server's keepalive on each connection (the only keepalive: a client sends
#: none, and takes a server that says nothing for twice this long for gone)
KEEPALIVE = 10.0


class ProtocolError(ValueError):
    """A message that breaks the protocol; the text says what was wrong (sent back as ``error``)."""


def new_code() -> str:
    """A fresh room code: 8 characters, 40 random bits."""
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def new_salt() -> str:
    """A fresh salt for one game's commitment: 16 random bytes as 32 lower-case hex digits."""
    return secrets.token_hex(SALT_BYTES)


def commitment(seed: int, salt: str) -> str:
    """The commitment to a game's deal: ``sha256(f"{seed}:{salt}".encode())`` as 64 lower-case hex digits,
    where ``seed`` is written in decimal and ``salt`` is the 32 hex digits ``over`` reveals.

    >>> commitment(5, "00" * 16)[:16]
    '06410865967a3bd1'
    """
    return hashlib.sha256(f"{seed}:{salt}".encode()).hexdigest()


def new_token() -> str:
    """A fresh seat token: 192 random bits, URL-safe text."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def normal_code(text: Any) -> str:
    """A room code as typed (any case, dashes, spaces, O for 0) in its plain form.

    :raises ProtocolError: when it is not 8 code characters.
    """
    if not isinstance(text, str) or len(text) > 32:
        raise ProtocolError("a room code is 8 letters and digits, like K7M2-9QXD")
    code = "".join(text.split()).replace("-", "").upper().translate(ALIASES)
    if len(code) != CODE_LENGTH or any(c not in ALPHABET for c in code):
        raise ProtocolError(f"{text!r} is not a room code (8 letters and digits, like K7M2-9QXD)")
    return code


def show_code(code: str) -> str:
    """A code as it is shown and read aloud: two groups of four."""
    return f"{code[:4]}-{code[4:]}"


def parse_address(text: str, default_host: str = "127.0.0.1", default_port: int = DEFAULT_PORT
                  ) -> tuple[str, int, str]:
    """``host:port/CODE``, ``host/CODE`` or a bare ``CODE`` (on ``default_host``) as (host, port, code).

    :raises ProtocolError: naming what is wrong.
    """
    text = (text or "").strip()
    for prefix in ("ws://", "wss://"):
        if text.lower().startswith(prefix):
            text = text[len(prefix):]
    if "/" not in text:
        return default_host, default_port, normal_code(text)
    where, code = text.rsplit("/", 1)
    host, port = where, default_port
    if where.count(":") == 1:
        host, digits = where.split(":")
        if not digits.isdigit() or not 0 < int(digits) < 65536:
            raise ProtocolError(f"bad port {digits!r}: a number from 1 to 65535")
        port = int(digits)
    if not host:
        raise ProtocolError("no host before the room code (host:port/CODE)")
    return host, port, normal_code(code)


def parse_join(text: str, default_host: str = "127.0.0.1", default_port: int = DEFAULT_PORT
               ) -> tuple[str, int, str, bool]:
    """Like ``parse_address``, and whether to use TLS: ``wss://host/CODE`` (port 443 unless given).

    >>> parse_join("wss://play.example.org/K7M2-9QXD")
    ('play.example.org', 443, 'K7M29QXD', True)

    :raises ProtocolError: naming what is wrong.
    """
    secure = (text or "").strip().lower().startswith("wss://")
    host, port, code = parse_address(text, default_host, 443 if secure else default_port)
    return host, port, code, secure


def parse_server(text: str, default_port: int = DEFAULT_PORT) -> tuple[str, int, bool]:
    """A server to open a room on: ``host``, ``host:port`` or ``wss://host[:port]`` as (host, port, TLS).

    >>> parse_server("192.168.1.20:8765"), parse_server("wss://play.example.org")
    (('192.168.1.20', 8765, False), ('play.example.org', 443, True))

    :raises ProtocolError: naming what is wrong.
    """
    text = (text or "").strip().rstrip("/")
    secure = text.lower().startswith("wss://")
    host, port, _code = parse_address(f"{text}/{'0' * CODE_LENGTH}", "", 443 if secure else default_port)
    return host, port, secure


# ----- checking fields ----------------------------------------------------------------------
def _name(v: Any) -> str:
    if not isinstance(v, str) or not 1 <= len(v.strip()) <= 24 or any(ord(c) < 32 or ord(c) == 127 for c in v):
        raise ProtocolError("name: 1 to 24 printable characters")
    return v.strip()


def _short(limit: int) -> Callable[[Any], str]:
    def check(v: Any) -> str:
        if not isinstance(v, str) or not 0 < len(v) <= limit:
            raise ProtocolError(f"text of 1 to {limit} characters")
        return v
    return check


def _int(lo: int, hi: int) -> Callable[[Any], int]:
    def check(v: Any) -> int:
        if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
            raise ProtocolError(f"a whole number from {lo} to {hi}")
        return v
    return check


def _seconds(v: Any) -> float:
    if not isinstance(v, (int, float)) or isinstance(v, bool) or not math.isfinite(v) or not 1 <= v <= 60:
        raise ProtocolError("seconds from 1 to 60")
    return float(v)


def _options(v: Any) -> dict[str, Any]:
    if not isinstance(v, dict) or len(v) > 8:
        raise ProtocolError("an object of at most 8 options")
    for k, x in v.items():
        if len(k) > 20:
            raise ProtocolError("option names are at most 20 characters")
        if x is not None and not isinstance(x, (bool, int, str)) or isinstance(x, str) and len(x) > 20:
            raise ProtocolError(f"option {k!r}: a number, a word, true/false or null")
        if isinstance(x, int) and not isinstance(x, bool) and abs(x) > 10**6:
            raise ProtocolError(f"option {k!r}: out of range")
    return v


def _flag(v: Any) -> bool:
    if not isinstance(v, bool):
        raise ProtocolError("true or false")
    return v


def _token(v: Any) -> str:
    if not isinstance(v, str) or not 16 <= len(v) <= 64:
        raise ProtocolError("a seat token is the text the server gave")
    return v


#: type -> {field: (check, required)}
MESSAGES: dict[str, dict[str, tuple[Any, bool]]] = {
    "create": {"mode": (_short(20), True), "options": (_options, False), "name": (_name, True),
               "seed": (_int(0, 2**63 - 1), False), "call_time": (_seconds, False)},
    "join": {"room": (normal_code, True), "name": (_name, True)},
    "rejoin": {"room": (normal_code, True), "token": (_token, True)},
    "start": {},
    "act": {"action": (_short(80), True), "id": (_int(0, 2**53), False), "seen": (_int(0, 2**31), False)},
    "end": {},
    "leave": {},
    "setup": {"mode": (_short(20), True), "options": (_options, False), "call_time": (_seconds, False)},
    "bot": {"level": (_short(20), True)},
    "unseat": {"seat": (_int(0, 3), True)},
    "public": {"on": (_flag, True)},
    "watch": {"room": (normal_code, True)},
    "list": {},
}
#: what a spectator may send (anything else is refused: a spectator never acts nor changes the room)
WATCHER_MAY = frozenset({"leave", "list"})


def parse(text: Any) -> dict[str, Any]:
    """A client message read and checked: known type, known fields, each of its kind.

    :raises ProtocolError: saying what is wrong (too long, not JSON, unknown type or field, bad value).
    """
    if isinstance(text, (bytes, bytearray, memoryview)):
        raise ProtocolError("messages are JSON text, not binary")
    if not isinstance(text, str):
        raise ProtocolError("messages are JSON text")
    if len(text) > MAX_MESSAGE:
        raise ProtocolError(f"message too long: at most {MAX_MESSAGE} bytes")
    try:
        msg = json.loads(text)
    except (ValueError, RecursionError):
        raise ProtocolError("not JSON") from None
    if not isinstance(msg, dict):
        raise ProtocolError("a message is a JSON object")
    kind = msg.get("type")
    if not isinstance(kind, str) or kind not in MESSAGES:
        shown = kind if isinstance(kind, str) and len(kind) <= 20 else "?"
        raise ProtocolError(f"unknown message type {shown!r}: one of {', '.join(MESSAGES)}")
    fields = MESSAGES[kind]
    unknown = [k for k in msg if k != "type" and k not in fields]
    if unknown:
        raise ProtocolError(f"{kind}: unknown field {str(unknown[0])[:20]!r}")
    out: dict[str, Any] = {"type": kind}
    for name, (check, required) in fields.items():
        if name not in msg:
            if required:
                raise ProtocolError(f"{kind}: field {name!r} is missing")
            continue
        try:
            out[name] = check(msg[name])
        except ProtocolError as e:
            raise ProtocolError(f"{kind}: field {name!r}: {e}") from None
    return out


def answering(text: Any) -> dict[str, Any]:
    """What an ``error`` (or ``refused``) names of the message it answers: ``answers``, that message's type,
    and its ``id`` when it had one (read as far as the text allows: nothing when it is not a message).
    A client that sent several messages knows by it which one failed.

    >>> answering('{"type": "act", "action": "call", "id": 7}')
    {'answers': 'act', 'id': 7}
    >>> answering('{"type": "nonsense"}'), answering("not JSON")
    ({}, {})
    """
    if not isinstance(text, str) or len(text) > MAX_MESSAGE:
        return {}
    try:
        msg = json.loads(text)
    except (ValueError, RecursionError):
        return {}
    if not isinstance(msg, dict) or msg.get("type") not in MESSAGES:
        return {}
    out: dict[str, Any] = {"answers": msg["type"]}
    n = msg.get("id")
    if isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= 2**53:
        out["id"] = n
    return out


def retry_after(value: Any) -> float | None:
    """The seconds to wait that an ``error``'s ``retry`` field says, within ``RETRY_RANGE``; None when the
    field is no number (missing, a bool, a string, not finite): the error is then an answer like any other.

    >>> retry_after(1), retry_after(-5), retry_after(1e300), retry_after(10**400), retry_after(0.5)
    (1.0, 0.2, 10.0, 10.0, 0.5)
    >>> retry_after(True), retry_after("1"), retry_after(None), retry_after(float("nan")), retry_after([1])
    (None, None, None, None, None)
    """
    if isinstance(value, bool) or not isinstance(value, (int, float)) \
            or isinstance(value, float) and not math.isfinite(value):
        return None
    low, high = RETRY_RANGE
    return float(min(high, max(low, value)))  # an int past a float's range compares, never converts


_COMPACT = json.JSONEncoder(separators=(",", ":"))  # one encoder for every message (json.dumps with
#                                                     separators builds a new one each call)
#: ... and its C part made once too (``JSONEncoder.encode`` makes it anew each call), without the check
#: for circular data (the server's messages are trees): a third less time a message.  None: no C part
_ENCODE = None if c_make_encoder is None else c_make_encoder(
    None, _COMPACT.default, encode_basestring_ascii, None, ":", ",", False, False, True)


def dump(msg: dict[str, Any]) -> str:
    """A message as compact JSON text.

    >>> dump({"type": "event", "n": 3, "seat": None})
    '{"type":"event","n":3,"seat":null}'
    """
    return "".join(_ENCODE(msg, 0)) if _ENCODE is not None else _COMPACT.encode(msg)
