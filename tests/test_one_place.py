"""One mode, one place (DESIGN.md): a mode's name is written in its own file and the registry only, and
nothing probes a game, a mode's class or a session with ``getattr``/``hasattr`` — read from the source."""

from __future__ import annotations

import ast
from pathlib import Path

from game import variants

ROOT = Path(__file__).resolve().parent.parent
#: where the rules hold: every module of these folders and these files (game/variants is the modes' home)
CHECKED = ("game", "main.py", "scenes", "sprites")
#: folders the rules will cover once they ask the modes' classes too (then move them to CHECKED)
NOT_YET_CHECKED: tuple[str, ...] = ()
#: files where a word that is also a mode's name is still written, and why (empty it as they are fixed)
NAMING_YET = {"scenes/results.py": "its table of plurals has the word 'points'"}
HOME = ROOT / "game" / "variants"
#: what the first argument of a getattr/hasattr says when it is a game, a mode's class or a session
PROBED = ("game", "cls", "session", "variant")


def modules(where: tuple[str, ...] = CHECKED) -> list[Path]:
    out: list[Path] = []
    for name in where:
        path = ROOT / name
        out += [path] if path.suffix == ".py" else sorted(path.rglob("*.py"))
    return [p for p in out if HOME not in p.parents]


def mode_names(source: str, modes: list[str]) -> list[tuple[int, str]]:
    """(line, text) of each string literal of ``source`` that is a mode's name."""
    return [(n.lineno, n.value) for n in ast.walk(ast.parse(source))
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and n.value in modes]


def probes(source: str) -> list[tuple[int, str]]:
    """(line, call) of each ``getattr(x, …)``/``hasattr(x, …)`` of ``source`` whose ``x`` reads as a game,
    a mode's class or a session."""
    out = []
    for n in ast.walk(ast.parse(source)):
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in ("getattr", "hasattr") \
                and n.args:
            first = ast.get_source_segment(source, n.args[0]) or ""
            if any(word in first.lower() for word in PROBED):
                out.append((n.lineno, ast.get_source_segment(source, n) or n.func.id))
    return out


def found(where: tuple[str, ...], look) -> list[str]:
    return [f"{p.relative_to(ROOT)}:{line}: {text!r}"
            for p in modules(where) for line, text in look(p.read_text(encoding="utf-8"))]


def test_the_finders_find_what_they_look_for():
    source = ('if mode == "mags" or getattr(self.game, "hand", 0) or hasattr(cls, "PAR"):\n'
              '    x = getattr(self, "other", None)\n')
    assert mode_names(source, ["mags"]) == [(1, "mags")]
    assert [line for line, _ in probes(source)] == [1, 1]


def test_the_rules_cover_the_game_and_the_command_line():
    paths = {p.relative_to(ROOT).as_posix() for p in modules()}
    assert {"main.py", "game/session.py", "game/daily.py", "game/net/room.py", "scenes/daily.py",
            "scenes/lobby.py", "sprites/hud.py"} <= paths
    assert not any(p.startswith("game/variants/") for p in paths)
    assert not set(NOT_YET_CHECKED) & set(CHECKED)


def test_no_mode_is_named_outside_its_own_file_and_the_registry():
    named = found(CHECKED, lambda source: mode_names(source, variants.MODES))
    assert [n for n in named if n.split(":")[0] not in NAMING_YET] == []


def test_nothing_probes_a_game_its_class_or_a_session_with_getattr():
    assert found(CHECKED, probes) == []
