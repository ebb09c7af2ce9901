"""Bundled files: resource paths, the version, the generated sounds and icon, and Audio."""

from __future__ import annotations

import array
import doctest
import logging
import re
import subprocess
import sys
import wave
from pathlib import Path

import pygame
import pytest

from sprites import assets
from sprites.assets import APP_NAME, VERSION, icon_path, resource_path
from sprites.audio import SOUND_NAMES, Audio

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import make_icon  # noqa: E402
import make_sounds  # noqa: E402


def _pyproject_version() -> str:
    match = re.search(r'^version\s*=\s*"([^"]+)"', (ROOT / "pyproject.toml").read_text(), re.MULTILINE)
    assert match, "pyproject.toml has no version line"
    return match.group(1)


# -- resource_path and the version -------------------------------------------------------------------


def test_resource_path_from_source_is_under_the_repository():
    assert resource_path("sounds", "set.wav") == ROOT / "sounds" / "set.wav"


def test_resource_path_when_frozen_is_under_meipass(monkeypatch, tmp_path):
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert resource_path("levels", "a.json") == tmp_path / "levels" / "a.json"


def test_resource_path_in_an_installed_wheel_finds_levels_and_sounds_in_the_setarcade_package(monkeypatch, tmp_path):
    from game import resources

    (tmp_path / "setarcade" / "levels").mkdir(parents=True)  # site-packages as pyproject.toml lays it out
    monkeypatch.setattr(resources, "root", lambda: tmp_path)
    assert resource_path("levels", "a.json") == tmp_path / "setarcade" / "levels" / "a.json"
    assert resource_path("sounds", "set.wav") == tmp_path / "setarcade" / "sounds" / "set.wav"
    assert icon_path() == tmp_path / "sprites" / "icon.png"  # sprites/ is a package of its own there


def test_resource_path_in_a_checkout_ignores_a_setarcade_package_without_data(monkeypatch, tmp_path):
    from game import resources

    (tmp_path / "setarcade").mkdir()  # the repository's own setarcade/ holds code only
    monkeypatch.setattr(resources, "root", lambda: tmp_path)
    assert resource_path("levels", "a.json") == tmp_path / "levels" / "a.json"


def test_resource_path_rejects_climbing_out():
    with pytest.raises(ValueError, match="relative"):
        resource_path("..", "secret.txt")


def test_resource_path_rejects_absolute_parts():
    with pytest.raises(ValueError, match="relative"):
        resource_path("/etc/passwd")


def test_resource_path_needs_a_part():
    with pytest.raises(ValueError, match="at least one"):
        resource_path()


WINDOW_MODULES = sorted(f"{d}.{p.stem}" for d in ("sprites", "scenes") for p in (ROOT / d).glob("*.py")
                        if p.stem != "__init__")


@pytest.mark.parametrize("name", WINDOW_MODULES)
def test_docstring_examples_hold(name):
    # sprites/ and scenes/ are not in pytest's doctest paths (they need pygame), so their examples run here.
    import importlib

    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0


def test_app_name():
    assert APP_NAME == "Set Arcade"


def test_version_agrees_with_pyproject():
    assert VERSION == _pyproject_version()


def test_version_fallback_agrees_with_pyproject():
    # The fallback is what a frozen build (no package metadata) reports.
    assert assets._VERSION_FALLBACK == _pyproject_version()


# -- the sounds ---------------------------------------------------------------------------------------


def test_sound_script_makes_exactly_the_sounds_audio_knows():
    assert tuple(make_sounds.SOUNDS) == SOUND_NAMES


def test_sound_script_reproduces_the_committed_files(tmp_path):
    make_sounds.build(tmp_path)
    for name in SOUND_NAMES:
        made = (tmp_path / f"{name}.wav").read_bytes()
        assert made == (ROOT / "sounds" / f"{name}.wav").read_bytes(), f"sounds/{name}.wav differs: run make sounds"


def test_sound_files_are_short_44k_16bit_mono():
    for name in SOUND_NAMES:
        with wave.open(str(resource_path("sounds", f"{name}.wav"))) as w:
            assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, 44100), name
            assert 0 < w.getnframes() <= 2 * 44100, name


def test_sound_files_start_and_end_silent():
    # Zero at both ends: no click when a sound starts or stops.
    for name in SOUND_NAMES:
        with wave.open(str(resource_path("sounds", f"{name}.wav"))) as w:
            samples = array.array("h", w.readframes(w.getnframes()))
        if sys.byteorder == "big":
            samples.byteswap()
        assert (samples[0], samples[-1]) == (0, 0), name
        assert max(abs(s) for s in samples) > 3000, f"{name} is nearly silent"


def test_every_sound_file_loads_in_the_mixer(mixer):
    for name in SOUND_NAMES:
        assert pygame.mixer.Sound(str(resource_path("sounds", f"{name}.wav"))).get_length() > 0


def test_pcm_fades_and_normalises():
    data = array.array("h", make_sounds.pcm([1.0] * 1000, 0.5))
    if sys.byteorder == "big":
        data.byteswap()
    assert (data[0], data[500], data[-1]) == (0, 16384, 0)


# -- the icon -----------------------------------------------------------------------------------------


def test_icon_is_a_256_pixel_png_with_transparent_corners():
    icon = pygame.image.load(str(icon_path()))
    assert icon.get_size() == (256, 256)
    assert icon.get_at((0, 0)).a == 0 and icon.get_at((128, 128)).a == 255


def test_ico_lists_each_size_with_its_png():
    data = make_icon.ico_bytes({16: b"\x89PNGa", 256: b"\x89PNGbb"})
    assert data[:6] == b"\x00\x00\x01\x00\x02\x00"
    assert data[6] == 16 and data[22] == 0  # 0 stands for 256
    assert data.endswith(b"\x89PNGa\x89PNGbb")


def test_icns_length_fields_add_up():
    data = make_icon.icns_bytes({b"ic07": b"abc"})
    assert data == b"icns" + (19).to_bytes(4, "big") + b"ic07" + (11).to_bytes(4, "big") + b"abc"


def test_icon_files_for_windows_and_macos_are_committed():
    assert (ROOT / "sprites" / "icon.ico").read_bytes()[:4] == b"\x00\x00\x01\x00"
    assert (ROOT / "sprites" / "icon.icns").read_bytes()[:4] == b"icns"


# -- Audio --------------------------------------------------------------------------------------------


@pytest.fixture
def mixer():
    """A started (dummy-driver) mixer, stopped again afterwards."""
    was = pygame.mixer.get_init()
    pygame.mixer.init()
    yield
    if not was:
        pygame.mixer.quit()


class FakeSound:
    made: list[FakeSound] = []

    def __init__(self, path: str) -> None:
        self.path, self.plays, self.volume = path, 0, None
        FakeSound.made.append(self)

    def play(self) -> None:
        self.plays += 1

    def set_volume(self, v: float) -> None:
        self.volume = v


@pytest.fixture
def fake_sounds(monkeypatch, mixer):
    FakeSound.made = []
    monkeypatch.setattr(pygame.mixer, "Sound", FakeSound)
    return FakeSound.made


def test_audio_plays_every_sound_with_a_device(mixer):
    audio = Audio()
    for name in audio.names:
        audio.play(name)
    assert audio.available is True


def test_audio_loads_nothing_until_played(fake_sounds):
    Audio()
    assert fake_sounds == []


def test_audio_loads_a_sound_once(fake_sounds):
    audio = Audio()
    audio.play("set")
    audio.play("set")
    assert [(Path(s.path).name, s.plays) for s in fake_sounds] == [("set.wav", 2)]


def test_audio_muted_plays_nothing(fake_sounds):
    audio = Audio(muted=True)
    audio.play("win")
    assert fake_sounds == []


def test_audio_unmuted_plays_again(fake_sounds):
    audio = Audio(muted=True)
    audio.mute(False)
    audio.play("win")
    assert [s.plays for s in fake_sounds] == [1]


def test_audio_volume_applies_to_loaded_sounds(fake_sounds):
    audio = Audio(volume=0.8)
    audio.play("tick")
    audio.set_volume(0.25)
    assert fake_sounds[0].volume == 0.25


def test_audio_volume_is_clamped():
    audio = Audio()
    audio.set_volume(1.5)
    high = audio.volume
    audio.set_volume(-2)
    assert (high, audio.volume) == (1.0, 0.0)


@pytest.mark.parametrize("bad", ["loud", None, float("nan"), True])
def test_audio_volume_must_be_a_number(bad):
    with pytest.raises(ValueError, match="volume"):
        Audio().set_volume(bad)


def test_audio_unknown_name_is_logged_once_and_ignored(caplog, fake_sounds):
    audio = Audio()
    with caplog.at_level(logging.WARNING, logger="sprites.audio"):
        audio.play("fanfare")
        audio.play("fanfare")
    assert [r.getMessage().split(";")[0] for r in caplog.records] == ["no sound named 'fanfare'"]
    assert fake_sounds == []


def test_audio_without_a_device_is_silent_and_never_raises(monkeypatch, caplog):
    def no_device(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    audio = Audio()
    with caplog.at_level(logging.WARNING, logger="sprites.audio"):
        for name in audio.names:
            audio.play(name)
    assert audio.available is False
    assert len(caplog.records) == 1


def test_audio_with_a_damaged_file_is_silent(monkeypatch, mixer, caplog):
    def damaged(path):
        raise pygame.error("Unknown WAVE format")

    monkeypatch.setattr(pygame.mixer, "Sound", damaged)
    with caplog.at_level(logging.WARNING, logger="sprites.audio"):
        Audio().play("deal")
    assert "did not load" in caplog.text


def test_importing_audio_does_not_start_pygame():
    code = "import sprites.audio, pygame; print(pygame.get_init(), pygame.mixer.get_init())"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.split()[-2:] == ["False", "None"]
