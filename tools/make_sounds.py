"""Synthesise the game's sounds into ``sounds/``: ``python tools/make_sounds.py [OUT_DIR]``.

Standard library only. Each sound is a few enveloped notes (additive
partials) or filtered noise, mixed, normalised to its own peak and written
as 44.1 kHz 16-bit mono WAV. Every note starts and ends at zero amplitude
and the whole clip fades in and out over a few milliseconds, so nothing
clicks. The noise comes from the project's seeded ``game.rng.Rng``, so the
output is the same bytes on every run (a test rebuilds and compares).
"""

from __future__ import annotations

import array
import math
import sys
import wave
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.rng import Rng  # noqa: E402  (needs the repository root on the path)

RATE = 44100
EDGE_FADE = 0.003  # seconds of fade at both ends of every clip

# Partials as (frequency ratio, amplitude, decay scale): a decay scale below 1
# makes that partial die away faster, as the upper partials of a bell do.
SINE = ((1.0, 1.0, 1.0),)
SOFT = ((1.0, 1.0, 1.0), (2.0, 0.15, 0.6))
BELL = ((1.0, 1.0, 1.0), (2.0, 0.45, 0.7), (3.0, 0.2, 0.5), (4.17, 0.12, 0.35), (5.43, 0.06, 0.25))
TRIANGLE = ((1.0, 1.0, 1.0), (3.0, -1 / 9, 1.0), (5.0, 1 / 25, 1.0), (7.0, -1 / 49, 1.0))
BRASS = tuple((float(n), 1.0 / n, 1.0) for n in range(1, 7))
BUZZ = tuple((float(n), 1.0 / n, 1.0) for n in (1, 3, 5, 7, 9))

C4, E4, F4, FS4, G4 = 261.63, 329.63, 349.23, 369.99, 392.00
C5, E5, G5 = 523.25, 659.25, 783.99
C6, D6, E6, G6, A6 = 1046.50, 1174.66, 1318.51, 1567.98, 1760.00
C7, E7, G7, C8 = 2093.00, 2637.02, 3135.96, 4186.01


def _samples(seconds: float) -> int:
    return max(1, int(round(seconds * RATE)))


def _level(i: int, n: int, attack: int, release: int, decay: float | None, scale: float) -> float:
    """Linear attack, optional exponential decay, linear release to zero."""
    t = i / RATE
    level = min(1.0, i / attack) if attack else 1.0
    if decay:
        level *= math.exp(-t / (decay * scale))
    left = n - 1 - i
    if left < release:
        level *= left / release
    return level


def note(freq: float, seconds: float, partials=SINE, *, attack: float = 0.005, release: float = 0.02,
         decay: float | None = None, glide_to: float | None = None, vibrato: tuple[float, float] = (0.0, 0.0),
         tremolo: tuple[float, float] = (0.0, 0.0)) -> list[float]:
    """One note: partials summed with phase accumulation (so glides and vibrato stay smooth).

    ``glide_to`` slides the pitch exponentially to that frequency; ``vibrato``
    and ``tremolo`` are (rate Hz, depth) of pitch and loudness wobble.
    """
    n = _samples(seconds)
    a, r = _samples(attack), _samples(release)
    vib_rate, vib_depth = vibrato
    trem_rate, trem_depth = tremolo
    ratio = (glide_to / freq) if glide_to else 1.0
    pitch = [freq * ratio ** (i / n) for i in range(n)]
    if vib_depth:
        w = 2 * math.pi * vib_rate / RATE
        pitch = [f * (1.0 + vib_depth * math.sin(w * i)) for i, f in enumerate(pitch)]
    top = max(pitch)
    envelopes: dict[float, list[float]] = {}
    out = [0.0] * n
    for mult, amp, scale in partials:
        if top * mult >= RATE / 2:  # above Nyquist it would alias: leave it out
            continue
        if scale not in envelopes:
            envelopes[scale] = [_level(i, n, a, r, decay, scale) for i in range(n)]
        env = envelopes[scale]
        step = 2 * math.pi * mult / RATE
        phase = 0.0
        sin = math.sin
        for i in range(n):
            out[i] += amp * sin(phase) * env[i]
            phase += step * pitch[i]
    if trem_depth:
        w = 2 * math.pi * trem_rate / RATE
        out = [v * (1.0 - trem_depth * (0.5 + 0.5 * math.sin(w * i))) for i, v in enumerate(out)]
    return out


def noise(seconds: float, seed: int, cutoff: tuple[float, float], *, attack: float = 0.01,
          release: float = 0.02, decay: float | None = None) -> list[float]:
    """Seeded white noise through a two-pole low-pass (two one-pole stages, 12 dB
    per octave, so it hushes rather than hisses) whose cutoff sweeps from
    ``cutoff[0]`` to ``cutoff[1]`` Hz (exponentially), enveloped."""
    rng = Rng(seed)
    n = _samples(seconds)
    a, r = _samples(attack), _samples(release)
    out = [0.0] * n
    y1 = y2 = 0.0
    lo, hi = cutoff
    for i in range(n):
        x = rng.next_u64() / 2.0**63 - 1.0
        fc = lo * (hi / lo) ** (i / n)
        k = 1.0 - math.exp(-2 * math.pi * fc / RATE)
        y1 += k * (x - y1)
        y2 += k * (y1 - y2)
        out[i] = y2 * _level(i, n, a, r, decay, 1.0)
    return out


def mix(parts: list[tuple[float, list[float], float]]) -> list[float]:
    """Sum (start seconds, samples, gain) parts into one buffer."""
    length = max(_samples(start) + len(s) for start, s, _ in parts)
    buf = [0.0] * length
    for start, s, gain in parts:
        o = _samples(start) if start else 0
        for i, v in enumerate(s):
            buf[o + i] += v * gain
    return buf


def pcm(buf: list[float], peak: float) -> bytes:
    """Normalise to ``peak`` (0..1 of full scale), fade the edges, and return
    little-endian 16-bit samples."""
    top = max(abs(v) for v in buf) or 1.0
    n = len(buf)
    fade = _samples(EDGE_FADE)
    data = array.array("h", bytes(2 * n))
    for i, v in enumerate(buf):
        g = peak / top
        if i < fade:
            g *= i / fade
        elif n - 1 - i < fade:
            g *= (n - 1 - i) / fade
        data[i] = max(-32767, min(32767, int(round(v * g * 32767))))
    if sys.byteorder == "big":
        data.byteswap()
    return data.tobytes()


# -- the sounds ---------------------------------------------------------------------------------------


def select() -> bytes:
    """A soft blip: a short sine sliding up a fourth."""
    return pcm(note(880.0, 0.07, SOFT, attack=0.004, release=0.02, decay=0.035, glide_to=1175.0), 0.35)


def set_() -> bytes:
    """A bright rising chime: C-E-G-C bells, overlapping."""
    tones = [(0.0, C6, 1.0), (0.06, E6, 0.9), (0.12, G6, 0.85), (0.18, C7, 0.6)]
    return pcm(mix([(t, note(f, 0.42, BELL, attack=0.003, release=0.08, decay=0.13), g) for t, f, g in tones]),
               0.6)


def wrong() -> bytes:
    """A low buzz, twice, the second a step lower ("uh-uh"); detuned pairs beat softly."""
    parts = []
    for start, f in ((0.0, 130.81), (0.16, 116.54)):
        for detune in (1.0, 1.012):
            parts.append((start, note(f * detune, 0.14, BUZZ, attack=0.008, release=0.05,
                                      tremolo=(22.0, 0.25)), 0.5))
    return pcm(mix(parts), 0.45)


def deal() -> bytes:
    """A short swish: noise whose brightness falls as it fades."""
    return pcm(noise(0.14, seed=0xDEA1, cutoff=(6000.0, 1200.0), attack=0.025, release=0.06, decay=0.05), 0.35)


def megaset() -> bytes:
    """An arpeggio sparkle: seven bells up two octaves, then seeded high glints."""
    steps = (C6, E6, G6, C7, E7, G7, C8)
    parts = [(0.045 * i, note(f, 0.45, BELL, attack=0.002, release=0.1, decay=0.15), 1.0 - 0.07 * i)
             for i, f in enumerate(steps)]
    rng = Rng(0x5E75)
    for _ in range(9):
        start = 0.2 + rng.below(500) / 1000.0
        f = rng.choice((C7, E7, G7, C8, D6 * 4, A6 * 2))
        parts.append((start, note(f, 0.12, SINE, attack=0.002, release=0.04, decay=0.03), 0.35))
    return pcm(mix(parts), 0.6)


def tick() -> bytes:
    """A click: a very short high ping over a breath of noise."""
    ping = note(2000.0, 0.03, SINE, attack=0.001, release=0.008, decay=0.006)
    breath = noise(0.03, seed=0x71C, cutoff=(6000.0, 3000.0), attack=0.001, release=0.008, decay=0.004)
    return pcm(mix([(0.0, ping, 1.0), (0.0, breath, 0.5)]), 0.3)


def win() -> bytes:
    """A fanfare: G-C-E-G call, a pickup, then a held C major chord with vibrato."""
    call = [(0.0, G4, 0.14), (0.15, C5, 0.14), (0.30, E5, 0.14), (0.45, G5, 0.28), (0.76, E5, 0.12)]
    parts = [(t, note(f, d, BRASS, attack=0.015, release=0.04), 0.8) for t, f, d in call]
    for f in (C5, E5, G5, C6):
        parts.append((0.92, note(f, 0.85, BRASS, attack=0.02, release=0.3, decay=0.9, vibrato=(5.5, 0.004)),
                      0.5))
    return pcm(mix(parts), 0.6)


def lose() -> bytes:
    """Falling tones: G, F#, F, then a long E sagging flat with a wobble."""
    steps = [(0.0, G4, 0.22), (0.26, FS4, 0.22), (0.52, F4, 0.22)]
    parts = [(t, note(f, d, TRIANGLE, attack=0.012, release=0.06), 1.0) for t, f, d in steps]
    parts.append((0.78, note(E4, 0.75, TRIANGLE, attack=0.012, release=0.25, glide_to=E4 * 0.94,
                             vibrato=(5.0, 0.012)), 1.0))
    return pcm(mix(parts), 0.5)


SOUNDS: dict[str, Callable[[], bytes]] = {
    "select": select, "set": set_, "wrong": wrong, "deal": deal,
    "megaset": megaset, "tick": tick, "win": win, "lose": lose,
}


def write(name: str, out_dir: Path) -> Path:
    """Render one sound to ``out_dir/<name>.wav``.

    :raises KeyError: on a name not in SOUNDS.
    """
    frames = SOUNDS[name]()
    path = out_dir / f"{name}.wav"
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(frames)
    return path


def build(out_dir: Path = ROOT / "sounds") -> list[Path]:
    """Render every sound into ``out_dir`` (created if missing); the paths written."""
    out_dir.mkdir(parents=True, exist_ok=True)
    return [write(name, out_dir) for name in SOUNDS]


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else ROOT / "sounds"
    for path in build(out):
        print(f"{path} {path.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
