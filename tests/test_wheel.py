"""The installed program: the wheel ``python -m build`` makes carries every module, level, sound and the
icon, and installed into a fresh venv outside the checkout it runs as ``setarcade`` and ``python -m
setarcade``, reading its data from the install (never from the checkout).

Part of ``make test`` (a few seconds): ``build``, ``setuptools`` and ``wheel`` come with the ``[dev]``
extra. Nothing is downloaded: the wheel is built
without an isolated build environment, from a copy of the repository (setuptools would otherwise write
``build/`` and ``*.egg-info`` into the checkout, and reuse a stale ``build/``); the fresh venv is made
from the same base Python, gets only the wheel (``--no-deps --no-index``), and reads the game's
dependencies from where the interpreter running the tests has them, through a ``.pth`` file.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BUILD_TIMEOUT = 300
RUN_TIMEOUT = 300
#: the packages of the repository the wheel carries as they are
PACKAGES = ("game", "scenes", "sprites", "setarcade")
SKIP = shutil.ignore_patterns(".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".*_cache", ".hypothesis",
                              "*.damaged*")
BIN = "Scripts" if sys.platform == "win32" else "bin"


def _run(cmd: list[str], timeout: float, **kw) -> subprocess.CompletedProcess[str]:
    try:
        run = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, **kw)
    except subprocess.TimeoutExpired:
        pytest.fail(f"{' '.join(map(str, cmd))} took more than {timeout} s", pytrace=False)
    assert run.returncode == 0, f"{' '.join(map(str, cmd))} exited {run.returncode}:\n" \
                                f"{run.stdout[-2000:]}\n{run.stderr[-3000:]}"
    return run


def _copy_ignore(folder: str, names: list[str]) -> set[str]:
    """What the copy of the repository leaves out: builds, caches, venvs and screenshots in the root."""
    return set(SKIP(folder, names)) | ({n for n in names if n.endswith(".png")} if Path(folder) == ROOT else set())


def _clean_env(**extra: str) -> dict[str, str]:
    """The environment without anything that would put the checkout or another venv on the path."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "VIRTUAL_ENV", "SETARCADE_HOME")}
    return {**env, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1",
            **extra}


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    if importlib.util.find_spec("build") is None:
        pytest.fail("the `build` package is missing: `make test` installs it with the [dev] extra", pytrace=False)
    base = tmp_path_factory.mktemp("wheel")
    source = base / "source"
    shutil.copytree(ROOT, source, ignore=_copy_ignore)
    _run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(base / "out"), str(source)],
         BUILD_TIMEOUT, cwd=base)
    wheels = sorted((base / "out").glob("setarcade-*.whl"))
    assert len(wheels) == 1, f"expected one wheel, found {wheels}"
    return wheels[0]


def _dependency_folders(wheel: Path) -> set[Path]:
    """Where the interpreter running the tests has the wheel's dependencies (its Requires-Dist, extras left
    out): the folders a ``.pth`` file gives the fresh venv instead of downloading them."""
    with zipfile.ZipFile(wheel) as z:
        metadata = next(z.read(n).decode() for n in z.namelist() if n.endswith(".dist-info/METADATA"))
    requires = [line.split(":", 1)[1] for line in metadata.splitlines() if line.startswith("Requires-Dist:")]
    names = [re.match(r"\s*([A-Za-z0-9._-]+)", r).group(1) for r in requires if "extra ==" not in r]
    assert "pygame-ce" in names, metadata
    folders = set()
    for name in names:
        try:
            folders.add(Path(str(importlib.metadata.distribution(name).locate_file(""))))
        except importlib.metadata.PackageNotFoundError:
            pytest.fail(f"the game's dependency {name} is not installed: run `make test`", pytrace=False)
    return folders


@pytest.fixture(scope="module")
def venv(wheel, tmp_path_factory) -> dict[str, Path]:
    """A fresh venv outside the checkout with only the wheel installed; its paths."""
    base = tmp_path_factory.mktemp("installed")
    home = base / "venv"
    _run([sys.executable, "-m", "venv", "--without-pip", str(home)], BUILD_TIMEOUT)
    python = home / BIN / ("python.exe" if sys.platform == "win32" else "python")
    purelib = Path(_run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                        RUN_TIMEOUT, env=_clean_env()).stdout.strip())
    deps = {str(folder) for folder in _dependency_folders(wheel)}
    (purelib / "setarcade-test-dependencies.pth").write_text("".join(f"{d}\n" for d in sorted(deps)))
    _run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps", "--no-index",
          str(wheel)], BUILD_TIMEOUT, env=_clean_env())
    elsewhere = base / "elsewhere"
    elsewhere.mkdir()
    return {"home": home, "python": python, "purelib": purelib.resolve(), "command": home / BIN / "setarcade",
            "cwd": elsewhere, "data": base / "data"}


def test_the_wheel_carries_every_module_level_sound_and_the_icon(wheel):
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        entry_points = next(z.read(n).decode() for n in names if n.endswith(".dist-info/entry_points.txt"))
    modules = {p.relative_to(ROOT).as_posix() for package in PACKAGES for p in (ROOT / package).rglob("*.py")
               if "__pycache__" not in p.parts}
    data = {f"setarcade/{p.relative_to(ROOT).as_posix()}"
            for p in [*(ROOT / "levels").rglob("*.json"), *(ROOT / "sounds").glob("*.wav")]}
    assert len(data) > 90 and "setarcade/levels/daily/pillars.json" in data
    assert sorted(modules - names) == [], "modules the wheel lacks (pyproject.toml's package list)"
    assert sorted(data - names) == [], "data files the wheel lacks"
    assert "sprites/icon.png" in names
    assert {n.split("/")[0] for n in names} == {*PACKAGES, wheel.name.split("-py")[0] + ".dist-info"}
    assert "setarcade = setarcade.cli:run" in entry_points


def test_the_installed_command_runs_from_outside_the_checkout_with_the_installed_data(venv):
    run = _run([str(venv["command"]), "--smoke", "3", "--data-dir", str(venv["data"])], RUN_TIMEOUT,
               cwd=venv["cwd"], env=_clean_env())
    lines = run.stdout.splitlines()
    found = next((line for line in lines if line.startswith("smoke: data ok:")), None)
    assert found is not None, run.stdout[-2000:]
    inside = venv["purelib"] / "setarcade"
    assert f"in {inside / 'levels'}," in found and f"in {inside / 'sounds'}," in found, found
    assert f"the icon at {venv['purelib'] / 'sprites' / 'icon.png'}" in found, found
    assert str(ROOT) not in run.stdout
    assert "smoke: menu ok (3 frames)" in lines and "smoke: levels ok (3 frames)" in lines


def test_python_m_setarcade_and_the_modules_come_from_the_install(venv):
    assert "usage: setarcade" in _run([str(venv["python"]), "-m", "setarcade", "--help"], RUN_TIMEOUT,
                                      cwd=venv["cwd"], env=_clean_env()).stdout
    probe = ("import json, sys, game, scenes, setarcade; from game.resources import resource_path; "
             "print(json.dumps({'files': [m.__file__ for m in (game, scenes, setarcade)], 'path': sys.path, "
             "'levels': sorted(p.name for p in resource_path('levels', 'daily').glob('*.json')), "
             "'sound': str(resource_path('sounds', 'set.wav'))}))")
    report = json.loads(_run([str(venv["python"]), "-c", probe], RUN_TIMEOUT, cwd=venv["cwd"],
                             env=_clean_env()).stdout)
    assert all(Path(f).resolve().is_relative_to(venv["purelib"]) for f in report["files"]), report["files"]
    assert not any(p and Path(p).resolve() == ROOT for p in report["path"])
    assert report["levels"] == sorted(p.name for p in (ROOT / "levels" / "daily").glob("*.json"))
    assert Path(report["sound"]).resolve() == venv["purelib"] / "setarcade" / "sounds" / "set.wav"
