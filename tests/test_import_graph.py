"""The project's imports, read statically (ast), as a graph of modules and one of packages.

Every import counts, the ones inside functions too: an import moved into a function still
ties the two modules together, it only hides the circle from Python until that function
runs. The rules (docs/architecture.md, "The shape"; docs/engine-contract.md):
- no circle of modules anywhere;
- no circle between the platform (``matches``, ``lobby``), ``gamekit`` and the games;
- ``matches`` never imports ``lobby``: the lobby calls the platform, never the reverse;
- ``gamekit`` and every ``<game>/engine/`` import only the standard library, ``gamekit`` and
  their own engine: no framework (Django, Channels, Celery, Redis, ...), no app of the site.
A failure prints the circle or the offending import with its file and line.
"""
import ast
import sys
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
APPS = ("accounts", "alibaba_tiles", "basra", "chat", "config", "gamekit", "lobby", "matches", "people", "sidibaba")
GAMES = ("alibaba_tiles", "basra", "sidibaba")
PLATFORM_AND_GAMES = {"matches", "lobby", "gamekit", *GAMES, *(f"{game}.engine" for game in GAMES)}



@dataclass(frozen=True)
class Edge:
    importer: str
    imported: str
    path: str
    line: int

    def __str__(self):
        return f"{self.importer} -> {self.imported}  ({self.path}:{self.line})"


def project_modules(root: Path = ROOT) -> dict[str, Path]:
    modules = {}
    for app in APPS:
        for path in sorted((root / app).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            modules[".".join(parts)] = path
    return modules


def _known(name: str, modules) -> str | None:
    """The project module ``name`` is, or lies in (``matches.models.Match`` is ``matches.models``)."""
    parts = name.split(".")
    while parts:
        if ".".join(parts) in modules:
            return ".".join(parts)
        parts.pop()
    return None


def imported_names(module: str, path: Path) -> list[tuple[str, int]]:
    """Every name an import statement of the file reaches, at any depth, relative ones resolved."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package[: len(package) - (node.level - 1)] + ([node.module] if node.module else []))
            # "from pkg import mod" imports the submodule when there is one, else a name of pkg
            names += [(f"{base}.{alias.name}", node.lineno) for alias in node.names]
    return names


def import_edges(modules=None) -> list[Edge]:
    modules = project_modules() if modules is None else modules
    edges = []
    for module, path in modules.items():
        seen = set()
        for name, line in imported_names(module, path):
            target = _known(name, modules)
            if target and target != module and target not in seen:
                seen.add(target)
                edges.append(Edge(module, target, str(path.relative_to(ROOT)), line))
    return edges


def external_imports(modules=None) -> list[tuple[str, str, str, int]]:
    """(module, top-level name, file, line) of every import of something outside the project."""
    modules = project_modules() if modules is None else modules
    found = []
    for module, path in modules.items():
        for name, line in imported_names(module, path):
            if _known(name, modules) is None:
                found.append((module, name.split(".")[0], str(path.relative_to(ROOT)), line))
    return found


def package_of(module: str) -> str:
    """The app, or a game's engine as a package of its own (it may not import its app)."""
    parts = module.split(".")
    return ".".join(parts[:2]) if len(parts) > 1 and parts[1] == "engine" else parts[0]


def find_cycles(edges) -> list[list[str]]:
    """Each strongly connected group of more than one node, as one circle through it (Tarjan, iterative)."""
    graph: dict[str, list[str]] = {}
    for edge in edges:
        graph.setdefault(edge.importer, []).append(edge.imported)
        graph.setdefault(edge.imported, [])
    index, low, on_stack, stack, groups = {}, {}, set(), [], []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(graph[start]))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.append(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        groups.append(sorted(group))
            elif child not in index:
                index[child] = low[child] = counter
                counter += 1
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(graph[child])))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return [_circle_in(group, graph) for group in groups]


def _circle_in(group, graph) -> list[str]:
    """A shortest way from the group's first node back to itself (breadth first), to print."""
    members, start = set(group), group[0]
    came_from = {start: None}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for child in graph[node]:
                if child == start:
                    path = [node]
                    while came_from[path[-1]] is not None:
                        path.append(came_from[path[-1]])
                    return list(reversed(path)) + [start]
                if child in members and child not in came_from:
                    came_from[child] = node
                    following.append(child)
        frontier = following
    return group


def describe(circles, edges) -> str:
    where = {(e.importer, e.imported): e for e in edges}
    lines = []
    for circle in circles:
        lines.append("circle: " + " -> ".join(circle))
        lines += [f"    {where[(a, b)]}" for a, b in pairwise(circle) if (a, b) in where]
    return "\n".join(lines)


def package_edges(edges) -> list[Edge]:
    result = {}
    for edge in edges:
        a, b = package_of(edge.importer), package_of(edge.imported)
        if a != b:
            result.setdefault((a, b), Edge(a, b, edge.path, edge.line))
    return list(result.values())


@pytest.fixture(scope="module")
def edges():
    return import_edges()


# --- The analysis itself, on a small tree of its own ----------------------------------------------

def _tree(tmp_path, files):
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    modules = {}
    for path in sorted(tmp_path.rglob("*.py")):
        parts = list(path.relative_to(tmp_path).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    return modules


def test_an_import_inside_a_function_closes_a_circle_too(tmp_path, monkeypatch):
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    modules = _tree(tmp_path, {
        "app/__init__.py": "",
        "app/a.py": "from app import b\n",
        "app/b.py": "def later():\n    from app.a import thing\n",
        "app/c.py": "from . import a\nimport json\n",
    })
    edges = import_edges(modules)
    assert {(e.importer, e.imported) for e in edges} == {("app.a", "app.b"), ("app.b", "app.a"), ("app.c", "app.a")}
    circles = find_cycles(edges)
    assert circles == [["app.a", "app.b", "app.a"]]
    assert "app.b -> app.a  (app/b.py:2)" in describe(circles, edges)
    assert find_cycles([e for e in edges if e.importer != "app.b"]) == []
    assert ("app.c", "json", "app/c.py", 2) in external_imports(modules)


# --- The project ----------------------------------------------------------------------------------

def test_no_module_imports_itself_round_a_circle(edges):
    circles = find_cycles(edges)
    assert not circles, "import circles (break them by the direction of dependency):\n" + describe(circles, edges)


def test_no_circle_between_the_platform_gamekit_and_the_games(edges):
    between = [e for e in package_edges(edges)
               if e.importer in PLATFORM_AND_GAMES and e.imported in PLATFORM_AND_GAMES]
    circles = find_cycles(between)
    assert not circles, describe(circles, between)


def test_matches_never_imports_the_lobby(edges):
    wrong = [str(e) for e in edges if package_of(e.importer) == "matches" and package_of(e.imported) == "lobby"]
    assert not wrong, "the lobby calls the platform, never the reverse:\n" + "\n".join(wrong)


def test_engines_and_gamekit_import_only_the_standard_library_and_gamekit(edges):
    pure = ("gamekit", *(f"{game}.engine" for game in GAMES))
    wrong = [str(e) for e in edges if package_of(e.importer) in pure
             and package_of(e.imported) not in ("gamekit", package_of(e.importer))]
    wrong += [f"{module} imports {name} ({path}:{line})" for module, name, path, line in external_imports()
              if package_of(module) in pure and name not in sys.stdlib_module_names]
    assert not wrong, "an engine is plain Python (docs/engine-contract.md):\n" + "\n".join(wrong)


def test_the_graph_sees_the_project(edges):
    """The analysis reads the real tree: the platform's known imports are in it."""
    pairs = {(e.importer, e.imported) for e in edges}
    assert ("lobby.tables", "matches.services") in pairs
    assert ("lobby.jobs", "matches.job_registry") in pairs
    assert {package_of(e.importer) for e in edges} >= {"matches", "lobby", "gamekit", *GAMES, *(f"{g}.engine" for g in GAMES)}
