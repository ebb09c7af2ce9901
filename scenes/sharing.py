"""Sharing a kept game, and opening one shared: the parts the History and Replay screens use.

* ``share_game``: a kept game's share text (``game.share``) goes to the
  clipboard when the system has one, and always to a file in the player's
  folder (``shared/<mode>-<date>.txt``); a message says which and where.
* ``open_shared``: a share text (pasted, typed, a file given with
  ``--replay`` or dropped on the window) is read field by field and
  replayed; a good one is kept in the History (marked shared, never twice)
  and its replay opens, a bad one gives the reason in a sentence.
* ``PasteBox``: the History screen's line to paste or type a share text in.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pygame

from game.history import Played
from game.safefile import why, write_atomic
from game.share import PREFIX, BadShare, decode, encode, read_file
from sprites import theme

from .base import App
from .typed import MORE, TypedText, window

FOLDER = "shared"  # in the player's folder: one file a game shared


# ----- the clipboard -------------------------------------------------------------------------
def has_clipboard() -> bool:
    """Is there a system clipboard (a real window, not the headless drivers)?"""
    return pygame.display.get_init() and pygame.display.get_driver() not in ("dummy", "offscreen")


def to_clipboard(text: str) -> bool:
    """Put ``text`` on the clipboard; False when there is none (never raises)."""
    if not has_clipboard():
        return False
    try:
        pygame.scrap.put_text(text)  # pygame-ce 2.2+: no scrap.init needed
    except Exception:  # no clipboard on this system after all
        return False
    return True


# ----- sharing --------------------------------------------------------------------------------
def share_file(app: App, game: Played) -> Path:
    """Where a game's share text is written: ``shared/<mode>-<YYYYmmdd-HHMMSS>.txt`` in the player's folder."""
    stamp = re.sub(r"[^0-9]", "", game.played_on())[:14]
    stamp = f"{stamp[:8]}-{stamp[8:]}" if len(stamp) == 14 else stamp or "game"
    return app.store.dir / FOLDER / f"{game.mode}-{stamp}.txt"


def share_game(app: App, game: Played | None) -> str | None:
    """Share ``game`` (a kept game, events and all): copied to the clipboard when there is one, written to
    a file always, and a message saying where.  Returns the text, or None when it could not be shared
    (the message says why)."""
    if game is None:
        return None
    try:
        text = encode(game)
    except BadShare as e:
        app.tell("This game cannot be shared", sentence(e))
        return None
    path = share_file(app, game)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, text + "\n")
        saved = f"saved as {path.name} in {path.parent}"
    except OSError as e:
        saved = f"not saved: {path} cannot be written ({why(e)})"
    if to_clipboard(text):
        app.tell("Game shared", f"Copied to the clipboard: paste it to a friend. Also {saved}.")
    else:
        app.tell("Game shared", f"No clipboard here: {saved}. Send that file: it opens with --replay or in the "
                 "History's paste box.")
    return text


def open_shared(app: App, text: str, back: dict[str, Any] | None = None) -> str | None:
    """Open a share text as a replay (kept in the History first, marked shared); None when it opened,
    else the reason it was refused (nothing is kept then)."""
    try:
        game = decode(text)
    except BadShare as e:
        return sentence(e)
    app.manager.switch("replay", {"game": app.history.receive(game), "back": dict(back or {})})
    return None


def sentence(e: Exception) -> str:
    """A refusal as a sentence: "The deal number is …"."""
    text = str(e)
    return f"{text[:1].upper()}{text[1:]}."


def open_file(app: App, path: str, back: dict[str, Any] | None = None) -> str | None:
    """``open_shared`` on the text of a file; the reason when it cannot be read or opened."""
    try:
        text = read_file(path)
    except BadShare as e:
        return sentence(e)
    return open_shared(app, text, back)


# ----- the paste box ---------------------------------------------------------------------------------
class PasteBox(TypedText):
    """One line to paste or type a share text in, with every text field's keys (``scenes.widgets.TypedText``:
    Ctrl+V or Shift+Insert paste, Ctrl+A selects all, Backspace, Ctrl+Backspace a word).  A pasted text is
    taken whole, its line breaks and spaces left out (a mail program may wrap it); ``problem`` is the last
    refusal, said under the box."""

    PLACEHOLDER = "Paste a shared game here (Ctrl+V), then Enter"
    LIMIT = 2_000_000

    def __init__(self) -> None:
        super().__init__("", self.LIMIT, lambda ch: not ch.isspace())
        self.rect = pygame.Rect(0, 0, 0, 0)

    def paste(self, clip: str | None) -> None:
        if clip is None:
            self.problem = "No clipboard here to paste from: type the text, or drop its file on the window."
            return
        kept = "".join(ch for ch in clip if ch.isprintable() and not ch.isspace())
        if not kept:
            self.problem = "The clipboard is empty." if not clip.strip() else "Nothing on the clipboard fits here."
            return
        self.type(kept)

    def handle_key(self, e: pygame.event.Event) -> bool:
        """A key typed into the box; True when it was an editing key."""
        return self.edit(e)

    def shown(self, size: int, room: float | None) -> tuple[int, int, str, str]:
        """As every field's, with the text's start ("setarcade-game:1:") kept in sight when it is cut."""
        a, b, lead, end = super().shown(size, room)
        head = self.text[:min(len(PREFIX) + 2, len(self.text) // 3)]
        if a == 0 or room is None or not head:
            return a, b, lead, end
        a2, b2 = window(self.text, self.caret, size, room - theme.text_size(head, size, True)[0])
        if a2 <= len(head):
            return a, b, lead, end
        return a2, b2, head + MORE, MORE if b2 < len(self.text) else ""

    def text_at(self, u: float) -> tuple[int, tuple[float, float], float]:
        """The text's size, where it starts (its middle left) and the room it has."""
        r = self.rect
        return round(min(u * 0.9, r.h * 0.45)), (r.left + u * 0.8, r.centery), r.w - u * 1.6

    def click(self, pos: tuple[int, int], u: float) -> None:
        """A click in the box puts the caret there."""
        size, at, room = self.text_at(u)
        self.caret_at(pos[0], at[0], size, room)

    def draw(self, surface: pygame.Surface, focused: bool, u: float) -> None:
        r = self.rect
        if r.w <= 0:
            return
        theme.panel(surface, r, max(2, r.h // 4), (255, 255, 255, 30 if focused else 12),
                    theme.ACCENT if focused else (255, 255, 255, 40))
        size, at, room = self.text_at(u)
        if self.text:
            self.draw_text(surface, size, at, focused, room)
            return
        theme.blit_text(surface, self.PLACEHOLDER, size, at, theme.DIM, True, "midleft")
        if focused:
            pygame.draw.line(surface, theme.ACCENT, (at[0], at[1] - size * 0.6), (at[0], at[1] + size * 0.6), 2)
