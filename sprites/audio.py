"""The game's sound effects: ``Audio().play("set")``.

Sounds are the WAV files in ``sounds/`` (made by ``tools/make_sounds.py``),
loaded the first time each is played. Sound is a nicety: with no audio
device, a damaged file or an unknown name the game goes on silently, and the
problem is logged once. Importing this module does not initialise pygame;
the mixer is started on the first ``play`` that needs it.
"""

from __future__ import annotations

import logging
import math

import pygame

from .assets import resource_path

__all__ = ["Audio", "SOUND_NAMES"]

log = logging.getLogger(__name__)

# The sounds the game ships (tools/make_sounds.py writes exactly these).
SOUND_NAMES = ("select", "set", "wrong", "deal", "megaset", "tick", "win", "lose")


class Audio:
    """Plays the named sounds at one volume; silent when muted or without a device.

    >>> a = Audio(volume=0.5, muted=True)
    >>> a.play("set")            # muted: nothing starts, nothing raises
    >>> a.volume, a.muted, "set" in a.names
    (0.5, True, True)
    """

    def __init__(self, volume: float = 0.8, muted: bool = False) -> None:
        self._volume = _checked_volume(volume)
        self._muted = bool(muted)
        self._mixer_ok: bool | None = None  # None: not tried yet
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}
        self._reported: set[str] = set()

    @property
    def names(self) -> tuple[str, ...]:
        """The names ``play`` knows."""
        return SOUND_NAMES

    @property
    def volume(self) -> float:
        return self._volume

    @property
    def muted(self) -> bool:
        return self._muted

    @property
    def available(self) -> bool:
        """Whether sound can be heard: the mixer started (tries it once)."""
        return self._start_mixer()

    def set_volume(self, volume: float) -> None:
        """Set the volume, 0 (silent) to 1 (full); values outside are clamped.

        :raises ValueError: if ``volume`` is not a number (or is NaN).
        """
        self._volume = _checked_volume(volume)
        for sound in self._sounds.values():
            if sound is not None:
                sound.set_volume(self._volume)

    def mute(self, flag: bool = True) -> None:
        """Mute (``True``) or unmute (``False``); a muted Audio plays nothing."""
        self._muted = bool(flag)
        if self._muted and self._mixer_ok:
            pygame.mixer.stop()

    def play(self, name: str) -> None:
        """Start the sound ``name``. Never raises: an unknown name, a missing
        or damaged file, or no audio device is logged once and ignored."""
        if self._muted or self._volume == 0.0:
            return
        if name not in SOUND_NAMES:
            self._report(name, f"no sound named {name!r}; known: {', '.join(SOUND_NAMES)}")
            return
        sound = self._load(name)
        if sound is not None:
            try:
                sound.play()
            except pygame.error as e:  # e.g. the device went away
                self._report(name, f"could not play sound {name!r}: {e}")

    def _load(self, name: str) -> pygame.mixer.Sound | None:
        if name in self._sounds:
            return self._sounds[name]
        if not self._start_mixer():
            return None
        path = resource_path("sounds", f"{name}.wav")
        try:
            sound: pygame.mixer.Sound | None = pygame.mixer.Sound(str(path))
        except (pygame.error, OSError) as e:
            self._report(name, f"sound file {path} did not load: {e}")
            sound = None
        else:
            sound.set_volume(self._volume)
        self._sounds[name] = sound
        return sound

    def _start_mixer(self) -> bool:
        if self._mixer_ok is None:
            try:
                if not pygame.mixer.get_init():
                    pygame.mixer.init()
                self._mixer_ok = True
            except Exception as e:  # pygame.error, or NotImplementedError if built without a mixer
                self._mixer_ok = False
                self._report("", f"no sound: the audio device did not start ({e})")
        return self._mixer_ok

    def _report(self, key: str, message: str) -> None:
        if key not in self._reported:
            self._reported.add(key)
            log.warning(message)


def _checked_volume(volume: float) -> float:
    if isinstance(volume, bool) or not isinstance(volume, (int, float)) or math.isnan(volume):
        raise ValueError(f"volume is a number from 0 to 1, not {volume!r}")
    return min(1.0, max(0.0, float(volume)))


def shut_down() -> None:
    """``pygame.quit()`` with every sound stopped first.  pygame-ce 2.5 quits its mixer holding Python's
    lock while it waits for SDL's audio lock, and a sound that ends at that moment takes the two the
    other way round: both wait for ever (seen once, a test's shutdown hung).  Stopping the channels lets
    go of Python's lock while it waits, and leaves nothing to end."""
    if pygame.mixer.get_init():
        pygame.mixer.stop()
    pygame.quit()
