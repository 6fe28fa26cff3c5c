"""The house in layers (docs/architecture.md): the import-linter contract covers every module, and
no import cycle exists anywhere, lazy imports inside functions included.

``lint-imports`` (CI) checks that every import points down the layers; it cannot see a module
that no layer names, nor a cycle between two modules of one layer. These tests do.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parents[2]
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
APPS = CONFIG["root_packages"]


def _layers() -> list[list[str]]:
    contract = next(c for c in CONFIG["contracts"] if c.get("id") == "layers")
    return [[name.strip() for name in layer.replace("|", ":").split(":")] for layer in contract["layers"]]


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    # Imports under ``if TYPE_CHECKING:`` never run: a type named in an annotation is no dependency.
    return grimp.build_graph(
        *APPS, include_external_packages=False, exclude_type_checking_imports=True, cache_dir=None
    )


def _covering(module: str, layered: list[str]) -> list[str]:
    return [name for name in layered if module == name or module.startswith(name + ".")]


def test_the_project_packages_are_every_app_on_disk():
    on_disk = {
        path.parent.name
        for path in ROOT.glob("*/__init__.py")
        if path.parent.name not in {"tests", "benchmarks", "scripts"}
    }
    assert on_disk == set(APPS), "root_packages in pyproject.toml must list every app"


def test_every_module_stands_in_exactly_one_layer(graph):
    layered = [name for layer in _layers() for name in layer]
    named_twice = sorted({name for name in layered if layered.count(name) > 1})
    assert not named_twice, f"modules named in two layers: {named_twice}"
    apps_themselves = set(APPS)
    missing = [
        module
        for module in sorted(graph.modules)
        if module not in apps_themselves  # the package itself (its __init__), see the next test
        and not _covering(module, layered)
    ]
    assert not missing, f"modules in no layer of the 'layers' contract: {missing}"


def test_an_app_package_itself_imports_nothing_of_the_project(graph):
    """``tournaments/__init__.py`` and the like stay empty of imports: an import there would sit in
    no layer (config's Celery app is the one exception: Django needs it loaded with the settings)."""
    for app in APPS:
        imported = {m for m in graph.find_modules_directly_imported_by(app) if m.split(".")[0] in APPS}
        if app == "config":
            assert imported <= {"config.celery"}
        else:
            assert not imported, f"{app}/__init__.py imports {imported}"


def _cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    edges = {m: sorted(graph.find_modules_directly_imported_by(m)) for m in graph.modules}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, 0)]
        while work:
            node, child = work.pop()
            if child == 0:
                index[node] = low[node] = counter
                counter += 1
                stack.append(node)
                on_stack.add(node)
            targets = edges.get(node, [])
            if child < len(targets):
                work.append((node, child + 1))
                target = targets[child]
                if target not in index:
                    work.append((target, 0))
                elif target in on_stack:
                    low[node] = min(low[node], index[target])
                continue
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
    return found


def test_no_import_cycle_anywhere_lazy_imports_included(graph):
    assert _cycles(graph) == []


def test_the_cycle_finder_finds_a_cycle_made_by_a_lazy_import():
    """The check above must be able to fail: a graph with a function-level import back."""
    fake = grimp.ImportGraph()
    for module in ("app", "app.service", "app.tasks", "app.other"):
        fake.add_module(module)
    fake.add_import(importer="app.tasks", imported="app.service")
    fake.add_import(importer="app.service", imported="app.tasks")  # the lazy import inside a function
    fake.add_import(importer="app.other", imported="app.service")
    assert _cycles(fake) == [["app.service", "app.tasks"]]
