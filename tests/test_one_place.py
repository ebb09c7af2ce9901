"""One mode, one place (DESIGN.md): a mode's name is written in its own file and the registry only, and
nothing probes a game, a mode's class or a session with ``getattr``/``hasattr`` — read from the source."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from game import variants

ROOT = Path(__file__).resolve().parent.parent
#: where the rules hold: every module of these folders and these files (game/variants is the modes' home)
CHECKED = ("game", "main.py", "setarcade", "scenes", "sprites")
#: folders the rules will cover once they ask the modes' classes too (then move them to CHECKED)
NOT_YET_CHECKED: tuple[str, ...] = ()
#: files where a word that is also a mode's name is still written, and why (empty it as they are fixed)
NAMING_YET: dict[str, str] = {}
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


#: a count made plural by hand (``card{'s' if n != 1 else ''}``, ``"day" if n == 1 else "days"``):
#: ``game.cards.plural`` says every count
HAND_PLURAL = re.compile(r"""(['"])(?:s|ies)\1 *(?:if\b|\*)|[=!]= *1 else *(['"])[^'"]*s\2""")


def hand_plurals(source: str) -> list[tuple[int, str]]:
    """(line, text) of each line of ``source`` that makes a word plural by hand."""
    return [(n, line.strip()) for n, line in enumerate(source.splitlines(), 1) if HAND_PLURAL.search(line)]


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
    assert {"main.py", "setarcade/cli.py", "game/session.py", "game/daily.py", "game/net/room.py", "scenes/daily.py",
            "scenes/lobby.py", "sprites/hud.py"} <= paths
    assert not any(p.startswith("game/variants/") for p in paths)
    assert not set(NOT_YET_CHECKED) & set(CHECKED)


def test_no_mode_is_named_outside_its_own_file_and_the_registry():
    named = found(CHECKED, lambda source: mode_names(source, variants.MODES))
    assert [n for n in named if n.split(":")[0] not in NAMING_YET] == []


def test_nothing_probes_a_game_its_class_or_a_session_with_getattr():
    assert found(CHECKED, probes) == []


def test_no_count_is_made_plural_by_hand():
    source = "\n".join([
        """a = f"{n} card{'s' if n != 1 else ''}\"""", """b = f"{n} tr{'ies' if n != 1 else 'y'}\"""",
        """c = f"{n} day{'s' * (n != 1)}\"""", 'd = f"{n} hint" + ("s" if n != 1 else "")', 'e = plural(n, "card")',
        'f = "day" if n == 1 else "days"', """g = f"{n} card{'' if n == 1 else 's'}\"""", 'h = "a" if n == 1 else "b"'])
    assert [line for line, _ in hand_plurals(source)] == [1, 2, 3, 4, 6, 7]
    everywhere = [p for name in ("game", "scenes", "sprites") for p in sorted((ROOT / name).rglob("*.py"))]
    assert HOME in {p.parent for p in everywhere}  # the modes' own files too
    assert [f"{p.relative_to(ROOT)}:{line}: {text}" for p in everywhere
            for line, text in hand_plurals(p.read_text(encoding="utf-8"))] == []
