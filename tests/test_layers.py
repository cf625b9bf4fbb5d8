"""The evidence core is built in layers (``torch_notes/evidence/__init__.py``): a module imports
only from its own layer and the ones below it, nothing in the package imports in a circle, and
no import hides inside a function to dodge one."""

from __future__ import annotations

import ast
import re
import textwrap
from pathlib import Path

import pytest

from torch_notes import paths

PACKAGE = paths.ROOT / "torch_notes"
EVIDENCE = "torch_notes.evidence"
LAYERS = ("model", "store", "execution", "markup", "checks", "reports")  # bottom to top


def module_name(path: Path, root: Path) -> str:
    parts = path.relative_to(root.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules(root: Path) -> dict[str, Path]:
    return {module_name(path, root): path for path in sorted(root.rglob("*.py"))}


def imports(path: Path, known: dict[str, Path], package: str) -> list[tuple[str, int, bool]]:
    """``(module imported, line, inside a function)`` for each import of ``package``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    nested = {
        id(node)
        for function in ast.walk(tree)
        if isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef)
        for node in ast.walk(function)
    }
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            # `from pkg import mod` imports the module pkg.mod where there is one.
            names = [
                f"{node.module}.{alias.name}"
                if f"{node.module}.{alias.name}" in known
                else node.module
                for alias in node.names
            ]
        else:
            continue
        for name in names:
            if name == package or name.startswith(package + "."):
                found.append((name, node.lineno, id(node) in nested))
    return found


def layer(module: str) -> int:
    """The layer of an evidence module, counted from 0 (``model``); the package itself is on
    top; a module outside the package has no layer (-1)."""
    if module == EVIDENCE:
        return len(LAYERS)
    if not module.startswith(EVIDENCE + "."):
        return -1
    return LAYERS.index(module.split(".")[2])


def upward_imports(root: Path) -> list[str]:
    known = modules(root)
    problems = []
    for module, path in known.items():
        if layer(module) < 0:
            continue
        for imported, line, _ in imports(path, known, EVIDENCE):
            if layer(imported) > layer(module):
                problems.append(
                    f"{path.relative_to(root.parent)}:{line}: {module} ({LAYERS[layer(module)]}) "
                    f"imports {imported}, a layer above it"
                )
    return problems


def hidden_imports(root: Path) -> list[str]:
    known = modules(root)
    return [
        f"{path.relative_to(root.parent)}:{line}: imports {imported} inside a function"
        for module, path in known.items()
        for imported, line, nested in imports(path, known, root.name)
        if nested
    ]


def circles(root: Path) -> list[list[str]]:
    """Import circles between the package's modules (module-level imports)."""
    known = modules(root)
    graph = {
        module: sorted({name for name, _, nested in imports(path, known, root.name) if not nested})
        for module, path in known.items()
    }
    found: list[list[str]] = []
    state: dict[str, str] = {}

    def visit(module: str, trail: list[str]) -> None:
        state[module] = "open"
        for target in graph.get(module, ()):
            if state.get(target) == "open":
                found.append([*trail[trail.index(target) :], target])
            elif target not in state:
                visit(target, [*trail, target])
        state[module] = "done"

    for module in graph:
        if module not in state:
            visit(module, [module])
    return found


def test_layers_of_the_evidence_core_import_only_downward():
    assert sorted(p.name for p in (PACKAGE / "evidence").iterdir() if p.is_dir()
                  and p.name != "__pycache__") == sorted(LAYERS)  # fmt: skip
    assert upward_imports(PACKAGE) == []


def test_no_import_circle_in_the_package():
    assert circles(PACKAGE) == []


def test_no_import_hides_inside_a_function():
    assert hidden_imports(PACKAGE) == []


@pytest.fixture
def planted(tmp_path: Path) -> Path:
    """A copy of the package's shape with one upward import, one circle, one hidden import."""
    root = tmp_path / "torch_notes"
    files = {
        "__init__.py": "",
        "evidence/__init__.py": "",
        "evidence/model/__init__.py": "",
        "evidence/model/records.py": "from torch_notes.evidence.markup import facts\n",
        "evidence/markup/__init__.py": "",
        "evidence/markup/facts.py": "from torch_notes.evidence.model.records import Row\n",
        "evidence/checks/__init__.py": "",
        "evidence/checks/late.py": "def f():\n    from torch_notes.evidence.model import records\n",
    }
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(textwrap.dedent(text), encoding="utf-8")
    return root


def test_the_checks_fail_on_a_planted_upward_import_circle_and_hidden_import(planted: Path):
    assert upward_imports(planted) == [
        (
            "torch_notes/evidence/model/records.py:1: torch_notes.evidence.model.records (model) "
            "imports torch_notes.evidence.markup.facts, a layer above it"
        )
    ]
    assert circles(planted) == [
        [
            "torch_notes.evidence.markup.facts",
            "torch_notes.evidence.model.records",
            "torch_notes.evidence.markup.facts",
        ]
    ]
    assert hidden_imports(planted) == [
        (
            "torch_notes/evidence/checks/late.py:2: imports torch_notes.evidence.model.records "
            "inside a function"
        )
    ]


def test_only_the_package_asks_which_builder_runs():
    """The checks are connected once, for builders that render (``connect_checks``): no role,
    directive or check asks whether messages are being extracted."""
    asking = [
        f"{path.relative_to(paths.ROOT)}:{number}"
        for path in sorted((PACKAGE / "evidence").rglob("*.py"))
        if path != PACKAGE / "evidence" / "__init__.py"
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if re.search(r"builder\.name|\bgettext\b|extracting_messages", line)
    ]
    assert asking == []
