"""The shape of scenes/: no import cycle, no module over 400 lines, scenes built by composition.

Every ``scenes/*.py`` is parsed with ``ast`` and every import of another
scenes module is listed, wherever it stands (the top, a function, an
``if TYPE_CHECKING:`` block): the graph they make must have no cycle.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from scenes import scene_class, scene_names

SCENES_DIR = Path(__file__).resolve().parent.parent / "scenes"
MAX_LINES = 400
MAX_PROJECT_BASES = 2  # e.g. PillarsScene -> TableScene -> Scene
#: the shell: the loop, the scene stack, the Scene base, widgets, overlays and the parts every scene may use
SHELL = {"__init__", "app", "base", "manager", "input", "start", "smoke", "widgets", "typed", "overlays", "modes",
         "tally", "hud", "redraw", "effects", "link"}
#: play: a scene per mode and the boards and views they are built from
PLAY = {"table", "board", "classic", "points", "findall", "twenty", "twenty_parts", "twenty_layout", "solitaire",
        "solitaire_input", "solitaire_draw", "pillars", "mags", "players", "solitaire_players", "memory", "costs",
        "watch"}


def scene_imports(path: Path) -> set[str]:
    """The scenes modules ``path`` imports (by module name, e.g. ``"table"``; the package is ``"__init__"``)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level == 1 or (node.level == 0 and (module == "scenes" or module.startswith("scenes."))):
                base = module[len("scenes"):].lstrip(".") if node.level == 0 else module
                if base:
                    names.add(base.split(".")[0])
                else:  # from . import x / from scenes import x: a module of the package, or its __init__
                    for alias in node.names:
                        known = (SCENES_DIR / f"{alias.name}.py").exists()
                        names.add(alias.name if known else "__init__")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("scenes."):
                    names.add(alias.name.split(".")[1])
    return names - {path.stem}


def import_graph() -> dict[str, set[str]]:
    return {p.stem: scene_imports(p) for p in sorted(SCENES_DIR.glob("*.py"))}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle as a list of modules (first repeated last), or None."""
    state: dict[str, int] = {}  # 1: on the path, 2: done
    path: list[str] = []

    def visit(n: str) -> list[str] | None:
        state[n] = 1
        path.append(n)
        for m in sorted(graph.get(n, ())):
            if state.get(m) == 1:
                return path[path.index(m):] + [m]
            if m not in state:
                found = visit(m)
                if found:
                    return found
        path.pop()
        state[n] = 2
        return None

    for n in sorted(graph):
        if n not in state:
            found = visit(n)
            if found:
                return found
    return None


def test_the_import_lister_sees_every_kind_of_import(tmp_path):
    p = tmp_path / "probe.py"
    p.write_text("from __future__ import annotations\nfrom typing import TYPE_CHECKING\nfrom .base import Scene\n"
                 "import scenes.widgets\nif TYPE_CHECKING:\n    from .app import App\n"
                 "def f():\n    from scenes.levels import x\n    from . import scene_class\n", encoding="utf-8")
    assert scene_imports(p) == {"base", "widgets", "app", "levels", "__init__"}


def test_the_cycle_finder_finds_a_loop():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set(), "c": {"a", "b"}}) is None


def test_scenes_have_no_import_cycle():
    cycle = find_cycle(import_graph())
    assert cycle is None, "import cycle in scenes/: " + " -> ".join(cycle or [])


def test_arrows_run_from_play_and_screens_to_the_shell_never_back():
    graph = import_graph()
    back = {f"{m} -> {n}" for m in SHELL & set(graph) for n in graph[m] - SHELL}
    back |= {f"{m} -> {n}" for m in PLAY & set(graph) for n in graph[m] - SHELL - PLAY}
    assert not back, f"imports against the arrows (shell -> play/screens, play -> screens): {sorted(back)}"


def test_no_scenes_module_is_over_400_lines():
    long = {p.name: n for p in SCENES_DIR.glob("*.py") if (n := len(p.read_text(encoding="utf-8").splitlines()))
            > MAX_LINES}
    assert not long, f"modules over {MAX_LINES} lines: {long}"


@pytest.mark.parametrize("name", sorted(scene_names()))
def test_a_scene_has_at_most_two_project_base_classes(name):
    scene = scene_class(name)
    cls = scene.__name__
    project = [c.__qualname__ for c in scene.__mro__[1:] if c.__module__.split(".")[0] == "scenes"]
    assert len(project) <= MAX_PROJECT_BASES, f"{cls} inherits {project}: compose parts instead"
