"""The frozen build works: build.spec's one-folder build runs ``--smoke``, and a
probe frozen by the same spec imports every module and finds every sound,
level and the icon inside the bundle.

Slow (two PyInstaller builds, run side by side, about a minute). PyInstaller
comes with the ``[build]`` extra, which only ``make dist`` and ``make
test-frozen`` install (``make test`` does not need it): without it these tests
are skipped, and the reason is printed (``make test`` runs pytest with ``-rs``).
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.rng import daily_seed

ROOT = Path(__file__).resolve().parent.parent
EXE = "setarcade.exe" if sys.platform == "win32" else "setarcade"
BUILD_TIMEOUT = 420
RUN_TIMEOUT = 120

NO_PYINSTALLER = ("PyInstaller is not installed: only `make dist` needs it; `make test-frozen` installs it "
                  "and runs these tests")
pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(importlib.util.find_spec("PyInstaller") is None, reason=NO_PYINSTALLER)]

# Frozen with build.spec in place of main.py. It reports what it finds as one JSON line; the test
# compares that with the source tree. Plain code (no pytest) because it runs inside the bundle.
PROBE = '''
import hashlib, importlib, json, sys
report = {"frozen": bool(getattr(sys, "frozen", False)), "failed_imports": {}}
for name in json.loads(sys.argv[1]):
    try:
        importlib.import_module(name)
    except Exception as e:
        report["failed_imports"][name] = repr(e)
import pygame
from sprites.assets import icon_path, resource_path, root, VERSION
from sprites.audio import Audio, SOUND_NAMES
report["root_is_bundle"] = str(root()) == getattr(sys, "_MEIPASS", None)
report["version"] = VERSION
pygame.mixer.init()
report["sounds"] = {n: round(pygame.mixer.Sound(str(resource_path("sounds", n + ".wav"))).get_length(), 3)
                    for n in SOUND_NAMES}
audio = Audio()
for n in SOUND_NAMES:
    audio.play(n)
report["audio_available"] = audio.available
report["levels"] = {p.relative_to(resource_path("levels")).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
                    for p in sorted(resource_path("levels").glob("**/*.json"))}
report["icon"] = list(pygame.image.load(str(icon_path())).get_size())
from game.rng import daily_seed
report["daily"] = daily_seed("2026-11-21", "classic")
print("PROBE " + json.dumps(report, sort_keys=True))
'''


def _pyinstaller() -> list[str]:
    if importlib.util.find_spec("PyInstaller") is None:
        pytest.fail(NO_PYINSTALLER, pytrace=False)
    return [sys.executable, "-m", "PyInstaller"]


def _env() -> dict[str, str]:
    return {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
            "PYGAME_HIDE_SUPPORT_PROMPT": "1"}


def _modules() -> list[str]:
    """Every module of the game's packages in the source tree (the bundle must hold them all)."""
    names = []
    for package in ("game", "scenes", "sprites", "setarcade"):
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if "__pycache__" in parts or parts[-1] == "__main__":
                continue
            names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def test_pyinstaller_is_installed():
    assert _pyinstaller()[-1] == "PyInstaller"


@pytest.fixture(scope="module")
def builds(tmp_path_factory) -> dict[str, Path]:
    """The one-folder builds of main.py and of the probe, made side by side; name -> executable."""
    base = tmp_path_factory.mktemp("frozen")
    probe = base / "probe.py"
    probe.write_text(PROBE)
    jobs = {}
    for name, extra in (("main", []), ("probe", ["--entry", str(probe)])):
        cmd = [*_pyinstaller(), "--noconfirm", "--log-level", "WARN", "--distpath", str(base / name / "dist"),
               "--workpath", str(base / name / "work"), str(ROOT / "build.spec"), "--", "--only", "onedir",
               *extra]
        log = (base / f"{name}.log").open("w")
        # each build keeps its own PyInstaller cache: two builds sharing a cold cache race on its index file
        env = {**_env(), "PYINSTALLER_CONFIG_DIR": str(base / name / "cache")}
        jobs[name] = (subprocess.Popen(cmd, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, env=env), log)
    exes = {}
    for name, (proc, log) in jobs.items():
        try:
            rc = proc.wait(timeout=BUILD_TIMEOUT)
        except subprocess.TimeoutExpired:
            proc.kill()
            rc = "timeout"
        log.close()
        if rc != 0:
            tail = (base / f"{name}.log").read_text()[-3000:]
            pytest.fail(f"PyInstaller build of {name} failed ({rc}):\n{tail}", pytrace=False)
        exes[name] = base / name / "dist" / "setarcade" / EXE
    return exes


def test_frozen_smoke_run_exits_0(builds):
    run = subprocess.run([str(builds["main"]), "--smoke", "30"], capture_output=True, text=True,
                         timeout=RUN_TIMEOUT, env=_env())
    output = f"{run.stdout[-2000:]}\n{run.stderr[-2000:]}"
    assert run.returncode == 0, f"frozen --smoke 30 exited {run.returncode}:\n{output}"


@pytest.fixture(scope="module")
def probe_report(builds) -> dict:
    run = subprocess.run([str(builds["probe"]), json.dumps(_modules())], capture_output=True, text=True,
                         timeout=RUN_TIMEOUT, env=_env())
    assert run.returncode == 0, f"frozen probe exited {run.returncode}:\n{run.stdout[-2000:]}\n{run.stderr[-3000:]}"
    lines = [line for line in run.stdout.splitlines() if line.startswith("PROBE ")]
    assert lines, f"frozen probe printed no report:\n{run.stdout[-2000:]}"
    return json.loads(lines[-1][len("PROBE "):])


def test_frozen_build_imports_every_game_module(probe_report):
    assert probe_report["frozen"] is True
    assert probe_report["failed_imports"] == {}


def test_frozen_build_finds_files_under_its_bundle(probe_report):
    assert probe_report["root_is_bundle"] is True


def test_frozen_build_loads_every_sound(probe_report):
    from sprites.audio import SOUND_NAMES

    assert sorted(probe_report["sounds"]) == sorted(SOUND_NAMES)
    assert all(length > 0 for length in probe_report["sounds"].values())
    assert probe_report["audio_available"] is True


def test_frozen_build_holds_every_level_unchanged(probe_report):
    levels = ROOT / "levels"
    expected = {p.relative_to(levels).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
                for p in sorted(levels.glob("**/*.json"))}
    assert probe_report["levels"] == expected


def test_frozen_build_has_the_icon(probe_report):
    assert probe_report["icon"] == [256, 256]


def test_frozen_daily_seed_matches_source(probe_report):
    # hashlib runs on its built-in SHA-256 in the bundle (build.spec leaves out OpenSSL).
    assert probe_report["daily"] == daily_seed("2026-11-21", "classic")


def test_frozen_version_matches_source(probe_report):
    from sprites.assets import VERSION

    assert probe_report["version"] == VERSION
