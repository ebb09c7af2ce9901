"""Shutting pygame down stops every sound first (``sprites.audio.shut_down``): pygame-ce's quit could
otherwise wait for ever on a sound that ends at that moment."""

import pygame

from sprites import audio


def test_every_sound_is_stopped_before_pygame_quits(monkeypatch):
    pygame.init()
    pygame.mixer.init()
    said: list[str] = []
    stop, quit_ = pygame.mixer.stop, pygame.quit
    monkeypatch.setattr(pygame.mixer, "stop", lambda: said.append("stop") or stop())
    monkeypatch.setattr(pygame, "quit", lambda: said.append("quit") or quit_())
    audio.shut_down()
    assert said == ["stop", "quit"] and not pygame.mixer.get_init()
    audio.shut_down()  # nothing to stop once quit: the quit alone
    assert said == ["stop", "quit", "quit"]
