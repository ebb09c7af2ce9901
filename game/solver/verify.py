"""Plain, slow replays of solver lines, written straight from RULES.md: a check on the fast searches.

Each replay raises ValueError naming the first move that breaks a rule, so
a solver never hands out a line that does not do what it claims.
"""

from __future__ import annotations

from ..cards import Card, code, is_cap, is_set, shared
from ..move import Move


def replay_pillars(cols: list[list[Card]], oracles: list[Card], moves: list[str],
                   face_down: list[int] | None = None, side_up: list[Card] | None = None) -> None:
    """Check that ``moves`` win the Pillars position, the win coming exactly at the last move.

    :raises ValueError: naming the move that is illegal, or saying the line does not win.
    """
    cols = [list(c) for c in cols]
    fd = list(face_down) if face_down is not None else [min(3, max(0, len(c) - 2)) for c in cols]
    side: list[Card] = list(side_up or [])  # oracles already turned up (a position in play)
    left = list(oracles)
    for n, text in enumerate(moves, 1):
        m = Move.parse(text)
        where = f"move {n} ({text!r})"

        if m.verb == "set":
            if len(m.cards) != 3 or not is_set(*m.cards):
                raise ValueError(f"{where}: not a Set")
            for c in m.cards:
                _take(c, cols, fd, side, where)
        elif m.verb == "move":
            (a,), j = m.cards, _column(m, len(cols), where)
            if not cols[j] or shared(a, cols[j][-1]) != 2 or cols[j][-1] == a:
                raise ValueError(f"{where}: the target top does not share exactly two features")
            if any(len(col) == 1 and col[0] == a for col in cols):
                raise ValueError(f"{where}: a base never moves")
            _take(a, cols, fd, side, where)
            cols[j].append(a)
        elif m.verb == "oracle":
            if not left:
                raise ValueError(f"{where}: no oracle left")
            if m.target == "side":
                side.append(left.pop(0))
            else:
                j = _column(m, len(cols), where)
                if cols[j]:
                    raise ValueError(f"{where}: an oracle goes only into an empty column")
                cols[j].append(left.pop(0))
        else:
            raise ValueError(f"{where}: not a Pillars move")
        won = not sum(fd) and is_cap([c for col in cols for c in col] + side)
        if won != (n == len(moves)):
            raise ValueError(f"{where}: the game is {'won before the end' if won else 'not won'}")
    if not moves:
        raise ValueError("an empty line wins nothing")


def _column(m: Move, columns: int, where: str) -> int:
    """The index of the column a move names.

    :raises ValueError: when the move names none (no target, ``side``) or one past the last.
    """
    if not isinstance(m.target, int) or not 1 <= m.target <= columns:
        raise ValueError(f"{where}: name a column 1 to {columns}")
    return m.target - 1


def _take(c: Card, cols: list[list[Card]], fd: list[int], side: list[Card], where: str) -> None:
    """Lift an accessible card off the tableau, turning up the foundation beneath."""
    if c in side:
        side.remove(c)
        return
    for i, col in enumerate(cols):
        if col and col[-1] == c:
            if len(col) == 1 and any(fd):  # a foundation is still face down
                raise ValueError(f"{where}: a base leaves only once all foundations are up")
            col.pop()
            if fd[i] and len(col) - 1 == fd[i]:
                fd[i] -= 1
            return
    raise ValueError(f"{where}: {code(c)} is not accessible")
