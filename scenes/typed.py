"""What every one-line text field shares (``TypedText``): a caret that moves, typing and pasting at it, and
the keys a player expects of a text field anywhere.

* Left/Right a character, Ctrl+Left/Right a word, Home/End the ends; a click in the field puts the caret
  there (``caret_at``).
* Typed characters and pastes (Ctrl+V, Shift+Insert) go in at the caret; Backspace and Delete take the
  character before or after it, Ctrl+Backspace (or Ctrl+W) and Ctrl+Delete the word.
* Ctrl+A (and a field entered with Tab) selects the whole text: typing or pasting replaces it, Backspace or
  Delete clears it, Left/Right put the caret at its start or end.
* A text longer than its field shows the part around the caret, "…" where it runs on (``window``).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from sprites import theme

COMMAND_MODS = pygame.KMOD_CTRL | pygame.KMOD_META  # Ctrl, or Cmd on a Mac
SELECTED = (70, 110, 190)  # behind text selected whole (Ctrl+A)
MORE = "…"  # where a text runs on past its field
CONTEXT = 4  # characters shown before the caret in the middle of a text longer than its field


def clipboard_text() -> str | None:
    """The clipboard's text ("" when it holds none), or None where there is no clipboard."""
    try:
        text = pygame.scrap.get_text()  # pygame-ce 2.2+: no scrap.init needed
    except (pygame.error, AttributeError, NotImplementedError):
        return None
    return text if isinstance(text, str) else None


def cut_word(text: str) -> str:
    """``text`` without its last word (and the spaces after it), or its last run of punctuation.

    >>> cut_word("Ann Lee  "), cut_word("R1BQB-"), cut_word("")
    ('Ann ', 'R1BQB', '')
    """
    t = text.rstrip()
    i = len(t)
    word = bool(t) and t[-1].isalnum()
    while i and (t[i - 1].isalnum() if word else not (t[i - 1].isalnum() or t[i - 1].isspace())):
        i -= 1
    return t[:i]


def word_left(text: str, at: int) -> int:
    """Where Ctrl+Left goes from ``at``: the start of the word before it (the spaces between skipped).

    >>> word_left("ann lee", 7), word_left("ann lee", 4), word_left("R1BQB-FVTK", 6), word_left("x", 0)
    (4, 0, 5, 0)
    """
    return len(cut_word(text[:at]))


def word_right(text: str, at: int) -> int:
    """Where Ctrl+Right goes from ``at``: the end of the word after it (the spaces before it skipped).

    >>> word_right("ann lee", 0), word_right("ann lee", 3), word_right("R1BQB-FVTK", 5), word_right("ab", 2)
    (3, 7, 6, 2)
    """
    i, n = at, len(text)
    while i < n and text[i].isspace():
        i += 1
    word = i < n and text[i].isalnum()
    while i < n and (text[i].isalnum() if word else not (text[i].isalnum() or text[i].isspace())):
        i += 1
    return i


def window(text: str, caret: int, size: int, room: float) -> tuple[int, int]:
    """The part ``text[a:b]`` a field ``room`` px wide shows at ``size``, with room left for "…" at a cut end:
    all of it when it fits; else its end while the caret is in it (typing at the end shows what was just
    typed), its start while the caret is there, and elsewhere the caret a few characters in from the left.

    >>> import pygame; _ = pygame.font.init()
    >>> text = "0123456789" * 10
    >>> window(text, 100, 12, 80)[1], window(text, 0, 12, 80)[0], window(text, 50, 12, 80)[0]
    (100, 0, 46)
    """
    n = len(text)
    if theme.text_size(text, size, True)[0] <= room:
        return 0, n
    more = theme.text_size(MORE, size, True)[0]

    def fits(a: int, b: int) -> bool:
        return theme.text_size(text[a:b], size, True)[0] + more * ((a > 0) + (b < n)) <= room

    a = n
    while a > 0 and fits(a - 1, n):
        a -= 1
    if caret >= a:
        return a, n
    b = 0
    while b < n and fits(0, b + 1):
        b += 1
    if caret <= b:
        return 0, b
    a = max(0, caret - CONTEXT)
    while a < caret and not fits(a, caret):
        a += 1
    b = caret
    while b < n and fits(a, b + 1):
        b += 1
    return a, b


class TypedText:
    """A line of text being typed: ``text`` (``allowed`` characters, up to ``limit``), ``caret`` (0 to
    ``len(text)``), ``selected`` (the whole text, after Ctrl+A).  ``problem`` says why a paste did nothing or
    was cut short (until the next key).  Setting ``text`` from outside puts the caret at its end."""

    def __init__(self, text: str = "", limit: int = 40, allowed: Callable[[str], bool] | None = None) -> None:
        self._text, self.limit = text, limit
        self.caret = len(text)
        self.allowed = allowed or (lambda ch: ch.isprintable())
        self.selected = False
        self.problem = ""

    @property
    def text(self) -> str:
        return self._text

    @text.setter
    def text(self, value: str) -> None:
        self._text, self.caret = value, len(value)

    def edit(self, e: pygame.event.Event) -> bool:
        """Apply a key press to the text; True when it was an editing key (the caret's keys count)."""
        if e.type != pygame.KEYDOWN:
            return False
        command = bool(e.mod & COMMAND_MODS) and not e.mod & pygame.KMOD_ALT  # Ctrl+Alt is AltGr: a character
        self.problem = ""
        if command and e.key == pygame.K_a:
            self.selected = bool(self.text)
        elif e.key == pygame.K_BACKSPACE or (command and e.key == pygame.K_w):
            self.cut(word_left(self._text, self.caret) if command else max(0, self.caret - 1), self.caret)
        elif e.key == pygame.K_DELETE:
            self.cut(self.caret, word_right(self._text, self.caret) if command else self.caret + 1)
        elif (command and e.key == pygame.K_v) or (e.key == pygame.K_INSERT and e.mod & pygame.KMOD_SHIFT):
            self.paste(clipboard_text())
        elif e.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END):
            self.move(e.key, command)
        elif command:
            return False
        elif e.unicode and e.unicode.isprintable() and self.allowed(e.unicode):
            self.type(e.unicode)
        else:
            return False
        return True

    def move(self, key: int, by_word: bool = False) -> None:
        """The caret moves by a character (a word with ``by_word``) or to an end; a whole selection ends,
        the caret at its start (Left, Home) or its end (Right, End)."""
        n, at = len(self._text), self.caret
        if self.selected:
            self.selected = False
            self.caret = 0 if key in (pygame.K_LEFT, pygame.K_HOME) else n
            return
        if key == pygame.K_HOME:
            self.caret = 0
        elif key == pygame.K_END:
            self.caret = n
        elif key == pygame.K_LEFT:
            self.caret = word_left(self._text, at) if by_word else max(0, at - 1)
        else:
            self.caret = word_right(self._text, at) if by_word else min(n, at + 1)

    def cut(self, a: int, b: int) -> None:
        """Take out ``text[a:b]`` (the whole text when it is selected); the caret stays where it was cut."""
        if self.selected:
            a, b = 0, len(self._text)
        a, b = max(0, a), min(len(self._text), b)
        self._text, self.caret, self.selected = self._text[:a] + self._text[b:], a, False

    def type(self, chars: str) -> None:
        """Put ``chars`` in at the caret (in place of the text when it is selected), as many as the limit
        leaves room for."""
        if self.selected:
            self._text, self.caret, self.selected = "", 0, False
        room = self.limit - len(self._text)
        kept = chars[:max(0, room)]
        self._text = self._text[:self.caret] + kept + self._text[self.caret:]
        self.caret += len(kept)
        if len(chars) > room:
            self.problem = f"At most {self.limit} characters"

    def paste(self, clip: str | None) -> None:
        """Paste the first line of ``clip`` (the characters this field takes)."""
        if clip is None:
            self.problem = "No clipboard here to paste from"
            return
        line = next((x for x in clip.splitlines() if x.strip()), "").strip()
        kept = "".join(ch for ch in line if ch.isprintable() and self.allowed(ch))
        if not kept:
            self.problem = "Nothing on the clipboard fits here" if line else "The clipboard is empty"
            return
        self.type(kept)

    # ----- showing it -------------------------------------------------------------------------
    def shown(self, size: int, room: float | None) -> tuple[int, int, str, str]:
        """What a field ``room`` px wide shows at ``size`` (None: all of it): ``text[a:b]`` with ``lead``
        before it and ``end`` after it ("…" where the text is cut), as (a, b, lead, end)."""
        a, b = (0, len(self._text)) if room is None else window(self._text, self.caret, size, room)
        return a, b, MORE if a > 0 else "", MORE if b < len(self._text) else ""

    def caret_at(self, x: float, left: float, size: int, room: float | None = None) -> None:
        """Put the caret at the character boundary nearest ``x`` in a field drawn from ``left`` (as
        ``draw_text`` draws it); a whole selection ends."""
        a, b, lead, _end = self.shown(size, room)
        start = left + (theme.text_size(lead, size, True)[0] if lead else 0)

        def x_of(i: int) -> float:
            return start + (theme.text_size(self._text[a:i], size, True)[0] if i > a else 0)

        self.caret, self.selected = min(range(a, b + 1), key=lambda i: abs(x_of(i) - x)), False

    def draw_text(self, surface: pygame.Surface, size: int, pos: tuple[float, float], caret: bool,
                  room: float | None = None, colour=theme.INK) -> None:
        """The text from ``pos`` (its middle left; in ``room`` px, the part around the caret), on a highlight
        when selected, and the caret (with ``caret``: the field has the keys)."""
        a, b, lead, end = self.shown(size, room)
        words = lead + self._text[a:b] + end
        if self.selected:
            w, h = theme.text_size(words, size, True)
            pygame.draw.rect(surface, SELECTED, pygame.Rect(pos[0] - 2, pos[1] - h / 2 - 1, w + 4, h + 2),
                             border_radius=3)
        theme.blit_text(surface, words, size, pos, colour, True, "midleft")
        if caret:
            before = lead + self._text[a:self.caret]
            x = pos[0] + (theme.text_size(before, size, True)[0] if before else 0) + 1
            top, bottom = pos[1] - size * 0.6, pos[1] + size * 0.6
            pygame.draw.line(surface, theme.ACCENT, (x, top), (x, bottom), 2)
