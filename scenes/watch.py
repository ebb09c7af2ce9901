"""Watching an online game: what a play scene shows a spectator, and what it says to input that would act.

A spectator's session (``RemoteSession.watching``: no seat) plays nothing: its table is locked like a
replay's, its side buttons are dimmed, the top bar says WATCHING with the number of spectators, and a
click on the table or a key that would act shows a message instead (the session refuses an action too,
and the server refuses anything a spectator sends but ``leave``).  Players see how many watch.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.cards import plural
from game.net.client import WATCHING
from sprites import theme

#: keys that never act (a modifier alone, Tab) and are let through without a word
QUIET_KEYS = (pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LALT, pygame.K_RALT,
              pygame.K_LGUI, pygame.K_RGUI, pygame.K_TAB, pygame.K_CAPSLOCK)


def watching(scene: Any) -> bool:
    """Does this play scene show an online game this window only watches?"""
    return bool(scene.online and scene.session is not None and scene.session.watching)


def audience_tag(scene: Any) -> str:
    """The top bar's tag online: WATCHING (and how many watch) for a spectator; for a player, how many
    watch when someone does; "" otherwise."""
    if not scene.online:
        return ""
    n = int(scene.session.audience)
    if watching(scene):
        return f"WATCHING · {plural(n, 'spectator')}"
    return f"{n} WATCHING" if n else ""


def refuse_input(scene: Any, e: pygame.event.Event) -> bool:
    """Input a spectator's scene did not take (its table is locked) that would act: a click on the table
    or a key.  Says so (once while the message shows) and returns True; False for anything else."""
    if not watching(scene) or scene.game.over:
        return False
    acts = (e.type == pygame.MOUSEBUTTONDOWN and e.button == 1 and scene.frame.board.collidepoint(e.pos)) or \
        (e.type == pygame.KEYDOWN and e.key not in QUIET_KEYS)
    if not acts:
        return False
    if not (scene.toast.visible and scene.toast.s == WATCHING):
        scene.toast.show(WATCHING, theme.INFO)
    return True


def follow_room(scene: Any) -> None:
    """Online, each frame: the server's refusals and notices as toasts, and the panel drawn again the moment
    a player drops or comes back or a spectator comes or goes (not at the next move)."""
    for text in scene.session.take_messages():
        scene.toast.show(text, theme.INFO)
    presence = (*(scene.session.status(i) for i in range(len(scene.session.seats))), scene.session.audience)
    if scene.presence is not None and presence != scene.presence:
        scene.refresh()
    scene.presence = presence
