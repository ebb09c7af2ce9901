"""Figures for the frozen builds: build times, sizes, launch to first frame.

Slow (two clean PyInstaller builds), so it runs only with ``BENCH_DIST=1``:
``BENCH_DIST=1 .venv/bin/python tools/bench.py dist``.

Launch time is measured headless (SDL dummy drivers) from starting the
process to its first frame: the game writes a timestamp (``time.time()``)
to the file named by ``SETARCADE_FIRST_FRAME_FILE`` when it has drawn its
first frame. If the file never appears, the figure is the time to the exit
of ``--mode classic --smoke 1`` (start, one frame of one game scene, quit)
instead, and ``launch_measure`` says so.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from timing import summary_ms

ROOT = Path(__file__).resolve().parent.parent
EXE = "setarcade.exe" if sys.platform == "win32" else "setarcade"
LAUNCHES = 5
FIRST_FRAME_ENV = "SETARCADE_FIRST_FRAME_FILE"
SMOKE = ("--mode", "classic", "--smoke", "1")


def _build(kind: str, base: Path) -> float:
    """Seconds for a clean ``build.spec -- --only KIND`` build into ``base``."""
    cmd = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "ERROR",
           "--distpath", str(base / "dist"), "--workpath", str(base / "work"), str(ROOT / "build.spec"),
           "--", "--only", kind]
    t0 = time.perf_counter()
    subprocess.run(cmd, cwd=ROOT, check=True, capture_output=True)
    return time.perf_counter() - t0


def _folder_mb(folder: Path) -> tuple[float, int]:
    files = [p for p in folder.rglob("*") if p.is_file() and not p.is_symlink()]  # links share a file
    return round(sum(p.stat().st_size for p in files) / 1e6, 2), len(files)


def _glibc_floor(folder: Path) -> str:
    """The newest glibc symbol version any bundled ELF file needs: the oldest glibc the build runs on."""
    if sys.platform != "linux" or not shutil.which("objdump"):
        return "n/a (needs Linux and objdump)"
    found = set()
    for path in folder.rglob("*"):
        if path.is_file() and not path.is_symlink() and path.read_bytes()[:4] == b"\x7fELF":
            out = subprocess.run(["objdump", "-T", str(path)], capture_output=True, text=True).stdout
            found.update(re.findall(r"\(GLIBC_(\d+)\.(\d+)(?:\.\d+)?\)", out))
    major, minor = max((int(a), int(b)) for a, b in found)
    return f"{major}.{minor}"


def _launch(exe: Path, tmp: Path) -> tuple[float, str]:
    """One launch: seconds to the first frame (or to the exit of SMOKE), and which was measured."""
    marker = tmp / "first-frame.txt"
    marker.unlink(missing_ok=True)
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", FIRST_FRAME_ENV: str(marker),
           "SETARCADE_HOME": str(tmp / "home")}
    start_epoch, t0 = time.time(), time.perf_counter()
    proc = subprocess.Popen([str(exe), *SMOKE], env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    seen = None
    while proc.poll() is None and seen is None:
        if marker.exists():
            seen = time.perf_counter() - t0
        time.sleep(0.002)
    ended = time.perf_counter() - t0
    proc.wait(timeout=60)
    if marker.exists():
        try:
            return float(marker.read_text().strip()) - start_epoch, "first_frame"
        except ValueError:
            return (seen if seen is not None else ended), "first_frame"
    if proc.returncode != 0:
        raise RuntimeError(f"{exe} {' '.join(SMOKE)} exited {proc.returncode}")
    return ended, "exit of " + " ".join(SMOKE)


def _launches(exe: Path, tmp: Path) -> dict:
    _launch(exe, tmp)  # warm the disk cache: the figures are for a second start onwards
    runs = [_launch(exe, tmp) for _ in range(LAUNCHES)]
    return {**summary_ms([s for s, _ in runs]), "launch_measure": runs[-1][1]}


def run() -> dict:
    if os.environ.get("BENCH_DIST") != "1":
        return {"skipped": "set BENCH_DIST=1"}
    with tempfile.TemporaryDirectory(prefix="bench-dist-") as tmp_name:
        tmp = Path(tmp_name)
        onedir_s = _build("onedir", tmp / "onedir")
        onefile_s = _build("onefile", tmp / "onefile")
        onedir = tmp / "onedir" / "dist" / "setarcade"
        onefile = tmp / "onefile" / "dist" / "onefile" / EXE
        folder_mb, folder_files = _folder_mb(onedir)
        return {
            "onedir_build_s": round(onedir_s, 1),
            "onefile_build_s": round(onefile_s, 1),
            "onefile_mb": round(onefile.stat().st_size / 1e6, 2),
            "onedir_mb": folder_mb,
            "onedir_files": folder_files,
            "glibc_floor": _glibc_floor(onedir),
            "onedir_launch": _launches(onedir / EXE, tmp),
            "onefile_launch": _launches(onefile, tmp),
        }
