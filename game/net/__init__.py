"""Online play: a room is a session on a server; clients send actions, the server decides.

* ``protocol`` — the messages (JSON objects, one a WebSocket text message, at most
  4 KiB), checked field by field; room codes and seat tokens.
* ``roomlog`` — every room and its events written to an embedded SQLite file as
  they happen, so a server killed and started again offers the same rooms.
* ``room`` — one room: its seats (people and bots), the lobby, the session.
* ``server`` — the ``websockets`` server: connections, the rate limit, the clock
  that stamps every move, bots and time-outs falling due, idle rooms expiring.
* ``hosting`` — a server on its own thread (the window's "Host a game", tests).
* ``cluster`` — many server processes with Redis as their directory (``--redis``):
  leases, ``moved`` to a room's owner, rooms of a process that died taken over.
* ``client`` — a client on its own thread (``Client``) and ``RemoteSession``, which
  the window drives as it drives a local session.
* ``seats`` — the seat tokens a player holds, kept on disk (``online.json``), so a
  window closed or killed takes its seat back.

The message field names are the contract of ``DESIGN.md`` ("Online play").
"""
