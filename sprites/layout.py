"""Where things go, computed from the window size (no fixed 800×600).

``Frame(size)`` splits the window into a top bar, the board, a side panel
and a bottom strip.  ``table_slots`` places n cards on the board the way
the card keys lie on the keyboard: 12 cards in four rows of three
(1 2 3 / q w e / a s d / z x c), extra cards in new columns (4 r f v,
5 t g b, ...), as setwithfriends does.

>>> slot(0), slot(11), slot(12), slot(16)
((0, 0), (3, 2), (0, 3), (0, 4))
>>> card_key(12), card_key(13)
('4', 'r')
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.cards import word_for

from .cardart import ASPECT

#: the 12 card keys (four rows of three) of each keyboard layout: the left hand's corner of the keyboard
KEY_LAYOUTS: dict[str, str] = {
    "qwerty": "123qweasdzxc",
    "azerty": "123azeqsdwxc",
    "qwertz": "123qweasdyxc",
    "dvorak": "123',.aoe;qj",
    "colemak": "123qwfarszxc",
    "workman": "123qdrashzxm",
}
_EXTRA = {"qwerty": ("4567", "rtyu", "fghj", "vbnm"), "azerty": ("4567", "rtyu", "fghj", "vbn,"),
          "qwertz": ("4567", "rtzu", "fghj", "vbnm"), "dvorak": ("4567", "pyfg", "uidh", "kxbm"),
          "colemak": ("4567", "pgju", "tdhn", "vbkm"), "workman": ("4567", "wbjf", "tgyn", "cvk,")}
#: the home row of each layout (20/20 picks personal cards with it)
HOME_ROWS = {"qwerty": "asdfghjkl", "azerty": "qsdfghjkl", "qwertz": "asdfghjkl", "dvorak": "aoeuidhtn",
             "colemak": "arstdhnei", "workman": "ashtgyneo"}
#: keys that give commands while cards are picked: a custom layout may not use them
COMMAND_KEYS = {"+": "Add a card / Draw a card", "0": "Reshuffle", "l": "Locate Set", " ": "Call SET"}


def layout_name(card_keys: str) -> str:
    """The named layout whose card keys these are, or "custom"."""
    return next((n for n, k in KEY_LAYOUTS.items() if k == card_keys), "custom")


def check_custom(keys: str) -> str:
    """The 12 card keys a player typed, checked: returned lower-cased.

    :raises ValueError: with a message for the player when there are not 12 keys, a key repeats, a key
        is not a plain printable key, or a key already gives a command.
    """
    keys = keys.strip().lower().replace(" ", "")
    if len(keys) != 12:
        raise ValueError(f"Type 12 keys, four rows of three (you typed {len(keys)}).")
    repeated = sorted({k for k in keys if keys.count(k) > 1})
    if repeated:
        raise ValueError("Each key once: " + " ".join(repeated) + " " + word_for(len(repeated), "is", "are")
                         + " typed twice.")
    odd = [k for k in keys if not k.isprintable() or len(k.encode("utf-8")) != 1]
    if odd:
        raise ValueError(f"{odd[0]!r} is not a plain key: use letters, digits and punctuation.")
    clash = [k for k in keys if k in COMMAND_KEYS]
    if clash:
        k = clash[0]
        raise ValueError(f"The key {k} already means {COMMAND_KEYS[k]}: choose another.")
    return keys


def home_row(card_keys: str) -> str:
    """The nine keys of the home row of the keyboard these card keys come from; for a custom layout,
    its last six card keys and three QWERTY home-row keys it does not use (never its first six).

    >>> home_row("abcdefghijkm")
    "ghijkml;'"
    """
    name = layout_name(card_keys)
    if name != "custom":
        return HOME_ROWS[name]
    return card_keys[6:12] + "".join([k for k in "fghjkl;'" if k not in card_keys][:3])


def key_rows(card_keys: str = "123qweasdzxc") -> tuple[str, ...]:
    """The four rows of card keys: the 12 chosen keys, then the extra columns of that keyboard
    (a custom layout borrows QWERTY's, leaving out keys it already uses).

    >>> key_rows("123azeqsdwxc")[1]
    'azertyu'
    """
    name = layout_name(card_keys)
    extra = _EXTRA.get(name, _EXTRA["qwerty"])
    rows = []
    for r in range(4):
        base = card_keys[3 * r:3 * r + 3]
        rows.append(base + "".join(k for k in extra[r] if k not in card_keys))
    return tuple(rows)


MAX_CARD_W = 360
GAP = 0.10  # gap between cards, as a share of the card width


def slot(i: int, rows: int = 4) -> tuple[int, int]:
    """(row, column) of the i-th table card."""
    first = rows * 3
    if i < first:
        return i // 3, i % 3
    k = i - first
    return k % rows, 3 + k // rows


def card_key(i: int, card_keys: str = "123qweasdzxc", rows: int = 4) -> str:
    """The key that picks the i-th card ('' past the keys we have)."""
    r, c = slot(i, rows)
    keys = key_rows(card_keys)[r]
    return keys[c] if c < len(keys) else ""


def key_index(key: str, n: int, card_keys: str = "123qweasdzxc") -> int | None:
    """The table index a key picks among ``n`` cards, or None."""
    rows = rows_for(n)
    for i in range(n):
        if card_key(i, card_keys, rows) == key:
            return i
    return None


def rows_for(n: int) -> int:
    """Rows used for n cards: 3 for a 9-card puzzle, else 4."""
    return 3 if n <= 9 else 4


def columns_for(n: int, rows: int) -> int:
    return 3 + max(0, math.ceil((n - rows * 3) / rows))


@dataclass
class Frame:
    """The regions of the window for a table scene.

    With ``strip`` (a height in px) the side panel becomes a strip that long under the board, and the
    board takes the whole width: for a tall window and a wide board (Pillars' six columns at 4:3).

    >>> f = Frame((800, 600), strip=170)
    >>> f.board.w > 700, f.side.h == 170, f.side.top > f.board.bottom
    (True, True, True)
    """

    size: tuple[int, int]
    strip: int = 0

    def __post_init__(self) -> None:
        w, h = self.size
        self.unit = max(10, min(w / 64, h / 36))  # a typographic unit: 20px at 1280x720
        u = self.unit
        m = round(u * 0.8)
        self.top = pygame.Rect(0, 0, w, round(u * 3.4))
        self.bottom = pygame.Rect(0, h - round(u * 2.4), w, round(u * 2.4))
        if self.strip:
            self.side = pygame.Rect(m, self.bottom.top - self.strip, w - 2 * m, self.strip)
            self.board = pygame.Rect(m, self.top.bottom, w - 2 * m, self.side.top - m // 2 - self.top.bottom)
        else:
            side_w = round(min(max(w * 0.25, 230), 440))
            self.side = pygame.Rect(w - side_w - m, self.top.bottom, side_w, self.bottom.top - self.top.bottom)
            self.board = pygame.Rect(m, self.top.bottom, self.side.left - round(u * 1.6),
                                     self.bottom.top - self.top.bottom)
        self.deck_pos = (self.board.left + u * 1.5, self.bottom.centery)


def card_width(n: int, board: pygame.Rect, min_cols: int = 0) -> int:
    """The card width that fits n cards (at least 12 places, and ``min_cols`` columns) in the board."""
    rows = rows_for(n)
    cols = max(columns_for(n, rows), 3, min_cols)
    by_w = board.w / (cols + GAP * (cols + 1))
    by_h = board.h / (rows + GAP * 1.2 * (rows + 1)) * ASPECT
    return max(24, int(min(by_w, by_h, MAX_CARD_W)) // 4 * 4)  # fewer sizes: fewer faces to draw


def table_slots(n: int, board: pygame.Rect, width: int | None = None,
                min_cols: int = 0) -> list[tuple[float, float]]:
    """Centres of n cards laid out in the board, the grid centred.

    With ``min_cols`` the grid is laid out as that many columns, the empty ones on the right, so a
    card added in a new column (Solitaire-Set's 13th) moves none of the others:

    >>> b = pygame.Rect(0, 0, 800, 600)
    >>> table_slots(13, b, min_cols=4)[:12] == table_slots(12, b, min_cols=4)
    True
    """
    rows = rows_for(n)
    cols = max(columns_for(n, rows), min_cols)
    w = width or card_width(n, board, min_cols)
    h = w / ASPECT
    gx, gy = w * GAP, w * GAP * 1.2
    total_w = cols * w + (cols - 1) * gx
    total_h = rows * h + (rows - 1) * gy
    x0 = board.centerx - total_w / 2 + w / 2
    y0 = board.centery - total_h / 2 + h / 2
    out = []
    for i in range(n):
        r, c = slot(i, rows)
        out.append((x0 + c * (w + gx), y0 + r * (h + gy)))
    return out


def fit_window(size, desktop: tuple[int, int] | None, least: tuple[int, int] = (640, 400)) -> tuple[int, int]:
    """A window size at least ``least`` and no larger than the desktop (a remembered size may come
    from a bigger screen, or from a damaged settings file).

    >>> fit_window((16384, 16384), (1920, 1080)), fit_window((100, 100), None)
    ((1920, 1080), (640, 400))
    """
    w, h = max(least[0], int(size[0])), max(least[1], int(size[1]))
    if desktop and desktop[0] >= least[0] and desktop[1] >= least[1]:
        w, h = min(w, desktop[0]), min(h, desktop[1])
    return w, h


def desktop_size() -> tuple[int, int] | None:
    """The desktop's size, or None where there is no real screen (the headless drivers) or it is unknown."""
    try:
        if pygame.display.get_driver() in ("dummy", "offscreen"):
            return None
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    return tuple(sizes[0]) if sizes else None
