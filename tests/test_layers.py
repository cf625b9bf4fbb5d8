"""The package is built in layers, and so is its evidence core (``torch_notes/evidence/__init__.py``):
a package, or an evidence module, imports only from the layers below it (an evidence module also
from its own); nothing in the package imports in a circle, and no import hides inside a function
to dodge one."""

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

# The package's own layers, bottom to top: a package imports only from layers below its own, so
# two packages of one layer import neither each other. TOP_LEVEL stands for the modules directly
# in torch_notes/ (paths, sitewide, time_limits ...): they import no sub-package. Shared parts
# live as low as their lowest user: what evidence and the gallery both need of the examples is
# in sitewide and machine_loggers, the release list and the interface catalog are top-level.
TOP_LEVEL = "top-level"
PACKAGE_LAYERS: tuple[tuple[str, ...], ...] = (
    (TOP_LEVEL,),
    ("evidence",),
    ("history", "i18n", "pages"),  # each records into the evidence store or reads its records
    ("gallery",),  # its configuration names pages.thumbnails' size; its runner, history.probe
    ("workarounds",),  # translated_downloads rewrites the gallery's downloads
    ("commands",),  # the build runs everything
)


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


PACKAGE_INDEX = {
    package: number for number, layer in enumerate(PACKAGE_LAYERS) for package in layer
}


def package_of(module: str, root: Path) -> str:
    """``gallery`` for ``torch_notes.gallery`` and ``torch_notes.gallery.downloads``; TOP_LEVEL
    for ``torch_notes.paths`` and ``torch_notes`` itself."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and (root / parts[1]).is_dir() else TOP_LEVEL


def sub_packages(root: Path) -> list[str]:
    return sorted(path.parent.name for path in root.glob("*/__init__.py"))


def unlisted_packages(root: Path) -> list[str]:
    return [
        f"{root.name}/{package}/ is in no layer of PACKAGE_LAYERS"
        for package in sub_packages(root)
        if package not in PACKAGE_INDEX
    ]


def package_imports(root: Path) -> list[tuple[str, str, int, str]]:
    """``(file, package, line, package imported)`` for each import between two packages."""
    known = modules(root)
    found = {  # `from pkg import a, b` imports pkg once
        (str(path.relative_to(root.parent)), package, line, package_of(imported, root)): None
        for module, path in known.items()
        for package in [package_of(module, root)]
        for imported, line, _ in imports(path, known, root.name)
        if package_of(imported, root) != package
    }
    return list(found)


def packages_importing_upward(root: Path) -> list[str]:
    problems = []
    for file, package, line, imported in package_imports(root):
        if package not in PACKAGE_INDEX or imported not in PACKAGE_INDEX:
            continue  # unlisted_packages names it
        if PACKAGE_INDEX[imported] > PACKAGE_INDEX[package]:
            problems.append(
                f"{file}:{line}: pkg {package} imports pkg {imported}, a layer above it"
            )
        elif PACKAGE_INDEX[imported] == PACKAGE_INDEX[package]:
            problems.append(
                f"{file}:{line}: pkg {package} imports pkg {imported}, of its own layer"
            )
    return problems


def package_circles(root: Path) -> list[list[str]]:
    """Import circles between the package's sub-packages, whatever the layers say."""
    graph: dict[str, set[str]] = {}
    for _, package, _, imported in package_imports(root):
        graph.setdefault(package, set()).add(imported)
    return find_circles({package: sorted(targets) for package, targets in graph.items()})


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
    return find_circles(
        {
            module: sorted(
                {name for name, _, nested in imports(path, known, root.name) if not nested}
            )
            for module, path in known.items()
        }
    )


def find_circles(graph: dict[str, list[str]]) -> list[list[str]]:
    """Each circle a depth-first walk of ``graph`` meets, from where it closes."""
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


def test_every_package_has_a_layer():
    assert unlisted_packages(PACKAGE) == []
    listed = sorted(package for package in PACKAGE_INDEX if package != TOP_LEVEL)
    assert listed == sub_packages(PACKAGE), "PACKAGE_LAYERS names a package that is gone"


def test_packages_import_only_from_layers_below():
    assert packages_importing_upward(PACKAGE) == []
    assert package_circles(PACKAGE) == []


def plant(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(textwrap.dedent(text), encoding="utf-8")
    return root


def test_the_package_checks_fail_on_a_planted_circle_between_two_packages(tmp_path: Path):
    """gallery and pages import each other; beside them, a top-level module imports a
    package, two packages of one layer import one another, and a package has no layer."""
    root = plant(
        tmp_path / "torch_notes",
        {
            "__init__.py": "",
            "paths.py": "from torch_notes.evidence import model\n",
            "evidence/__init__.py": "",
            "evidence/model.py": "",
            "gallery/__init__.py": "from torch_notes.pages import thumbnails\n",
            "pages/__init__.py": "",
            "pages/thumbnails.py": "",
            "pages/provenance.py": "import os\n\nfrom torch_notes.gallery import example_script\n",
            "history/__init__.py": "",
            "history/probe.py": "from torch_notes.i18n import parity\n",
            "i18n/__init__.py": "",
            "i18n/parity.py": "",
            "extras/__init__.py": "from torch_notes import gallery\n",
        },
    )
    assert package_circles(root) == [["gallery", "pages", "gallery"]]
    assert packages_importing_upward(root) == [
        "torch_notes/history/probe.py:1: pkg history imports pkg i18n, of its own layer",
        "torch_notes/pages/provenance.py:3: pkg pages imports pkg gallery, a layer above it",
        "torch_notes/paths.py:1: pkg top-level imports pkg evidence, a layer above it",
    ]
    assert unlisted_packages(root) == ["torch_notes/extras/ is in no layer of PACKAGE_LAYERS"]


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
    return plant(root, files)


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
