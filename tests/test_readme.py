"""The README's commands run as written: each command of its fenced blocks (and each ``make …`` it
quotes) names a make target, a file, a module and options that exist; every link of the README and
of docs/ points to a file (and heading) that exists; the code points to documents that exist."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

import main

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
VENV_PYTHON = ".venv/bin/python"
#: fenced blocks in these languages are code to read, not commands
NOT_SHELL = ("python", "py", "json", "toml", "text")


def fenced_commands(text: str) -> list[str]:
    """Each command of the text's fenced shell blocks: comments dropped, lines split at ``&&``."""
    out = []
    for lang, body in re.findall(r"^ *```(\w*)\n(.*?)^ *```", text, re.M | re.S):
        if lang in NOT_SHELL:
            continue
        for line in body.splitlines():
            line = re.sub(r"(^|\s)#.*", "", line).strip()
            out += [part.strip() for part in line.split("&&") if part.strip()]
    return out


def quoted_make_commands(text: str) -> list[str]:
    return re.findall(r"`(make [^`]+)`", text)


def make_targets() -> set[str]:
    return set(re.findall(r"^([\w.-]+):(?!=)", (ROOT / "Makefile").read_text(encoding="utf-8"), re.M))


@cache
def module_help(module: str) -> str:
    run = subprocess.run([sys.executable, "-m", module, "--help"], cwd=ROOT, capture_output=True, text=True,
                         timeout=120)
    return run.stdout if run.returncode == 0 else ""


def game_options(args: list[str]) -> list[str]:
    """What is wrong with ``args`` as the game's options (main.py, the installed ``setarcade``)."""
    try:
        parsed = main.parser().parse_args(args)
    except SystemExit as e:
        return [] if e.code == 0 else [f"the game refuses the options {args}"]
    if parsed.level is not None and not (ROOT / "levels" / f"{parsed.level}.json").is_file():
        return [f"no level {parsed.level!r} in levels/"]
    return []


def script_names() -> set[str]:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    section = text.split("[project.scripts]", 1)[1].split("\n[", 1)[0] if "[project.scripts]" in text else ""
    return set(re.findall(r"^([\w-]+)\s*=", section, re.M))


def problems(command: str) -> list[str]:
    """Why ``command`` would not run as written from the repository root (after ``make play``), or []."""
    try:
        words = shlex.split(command)
    except ValueError as e:
        return [f"{command!r}: {e}"]
    head, rest = words[0], words[1:]
    if head == "make":
        out = [f"no make target {w!r}" for w in rest if "=" not in w and w not in make_targets()]
        for w in rest:
            if w.startswith("ARGS="):
                out += game_options(shlex.split(w[len("ARGS="):]))
        return out
    if head == "setarcade":
        return game_options(rest) + ([] if "setarcade" in script_names() else ["pyproject.toml has no setarcade"])
    if head in ("pipx", "pip"):
        ok = rest[:1] == ["install"] and rest[1:] == ["."] and "setarcade" in script_names()
        return [] if ok else [f"{command!r}: only `{head} install .` (with the setarcade script) is known"]
    if head == VENV_PYTHON and rest[:1] == ["-m"] and len(rest) >= 2:
        helptext = module_help(rest[1])
        if not helptext:
            return [f"`{VENV_PYTHON} -m {rest[1]} --help` fails"]
        return [f"{rest[1]} has no option {w}" for w in rest[2:] if w.startswith("--") and w not in helptext]
    if head == VENV_PYTHON and rest:
        if not (ROOT / rest[0]).is_file():
            return [f"no file {rest[0]}"]
        return game_options(rest[1:]) if rest[0] == "main.py" else []
    return [f"{command!r}: a command this test does not know (teach `problems` to check it)"]


def test_the_readme_keeps_its_two_commands_and_the_install():
    commands = fenced_commands(README.read_text(encoding="utf-8"))
    assert {"make play", "make test", "pipx install ."} <= set(commands)
    assert any(c.startswith("setarcade") for c in commands)
    assert any(c.startswith(f"{VENV_PYTHON} main.py --level") for c in commands)


def test_every_command_of_the_readme_names_what_exists():
    text = README.read_text(encoding="utf-8")
    commands = fenced_commands(text) + quoted_make_commands(text)
    assert len(commands) > 10
    assert [p for c in commands for p in problems(c)] == []


@pytest.mark.parametrize("command", [
    "make nosuch", 'make play ARGS="--mode nosuch"', f"{VENV_PYTHON} main.py --nosuch",
    f"{VENV_PYTHON} main.py --level pillars-999", f"{VENV_PYTHON} -m game.nosuch",
    f"{VENV_PYTHON} -m game.server --nosuch 1", f"{VENV_PYTHON} tools/nosuch.py", "setarcade --size big",
    "pipx install somewhere", "rm -rf build", 'make play ARGS="--seed',
])
def test_a_command_that_would_fail_is_caught(command):
    assert problems(command) != []


def test_the_commands_are_read_from_fenced_blocks_only_and_python_is_left_out():
    text = "x `make nosuch` y\n```\nmake play   # a comment\nA=1 && make test\n```\n```python\nimport x\n```\n"
    assert fenced_commands(text) == ["make play", "A=1", "make test"]
    assert quoted_make_commands(text) == ["make nosuch"]


def _slug(heading: str) -> str:
    """The anchor a heading gets: lower case, punctuation dropped, spaces to hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def test_every_link_of_the_readme_and_the_docs_points_to_a_file_and_heading_that_exist():
    documents = [README, *sorted((ROOT / "docs").glob("*.md"))]
    assert {"online.md", "deploy.md", "measurements.md", "development.md", "architecture.md"} <= \
        {d.name for d in documents}
    broken = []
    for doc in documents:
        for target in re.findall(r"\]\(([^)\s]+)\)", doc.read_text(encoding="utf-8")):
            if re.match(r"[a-z]+:", target):
                continue  # a web address
            path, _, anchor = target.partition("#")
            file = (doc.parent / path).resolve() if path else doc
            if not file.exists():
                broken.append(f"{doc.name}: {target}")
            elif anchor and file.suffix == ".md":
                headings = re.findall(r"^#+ (.+)$", file.read_text(encoding="utf-8"), re.M)
                if anchor not in {_slug(h) for h in headings}:
                    broken.append(f"{doc.name}: {target} (no such heading)")
    assert broken == []


def test_the_readme_points_to_docs_for_what_moved_there():
    text = README.read_text(encoding="utf-8")
    for doc in ("docs/online.md", "docs/deploy.md", "docs/measurements.md", "docs/development.md"):
        assert f"]({doc}" in text
    for moved in ("### Two windows, one room", "### Going past one machine", "| `--rooms-per-address` |"):
        assert moved not in text


def test_the_command_line_points_to_documents_that_exist():
    sources = [ROOT / "main.py", *sorted((ROOT / "setarcade").glob("*.py"))]
    named = {m for s in sources for m in re.findall(r"[\w./-]+\.md\b", s.read_text(encoding="utf-8"))}
    assert "docs/architecture.md" in named
    assert sorted(m for m in named if not (ROOT / m).is_file()) == []
