"""noxfile.py in the scientific-python style: each session says on itself whether a bare `nox`
runs it, and no session starts nox again (one process, one log, one exit status)."""

from __future__ import annotations

import ast

from torch_notes.legs import DEFAULT_LEG, LEGS
from torch_notes.paths import ROOT

DEFAULTS = {"docs", "tests"}  # what a bare `nox` runs: the README's two commands


def noxfile() -> ast.Module:
    return ast.parse((ROOT / "noxfile.py").read_text(encoding="utf-8"))


def session_calls(tree: ast.Module) -> list[tuple[str | None, ast.Call]]:
    """Each ``nox.session(...)`` call, with the name of the function it decorates (if any)."""
    found: list[tuple[str | None, ast.Call]] = []
    decorating = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef):
            for decorator in node.decorator_list:
                decorating[id(decorator)] = node.name
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and ast.unparse(node.func) == "nox.session":
            found.append((decorating.get(id(node)), node))
    return found


def keyword(call: ast.Call, name: str) -> ast.expr | None:
    return next((k.value for k in call.keywords if k.arg == name), None)


def sessions() -> dict[str, bool]:
    """Every session noxfile.py defines, and whether a bare `nox` runs it."""
    found = {}
    for function, call in session_calls(noxfile()):
        default = keyword(call, "default")
        runs = isinstance(default, ast.Constant) and default.value is True
        name = keyword(call, "name")
        if isinstance(name, ast.Constant):
            found[name.value] = runs
        elif name is not None:  # the legs' sessions, docs-<leg>, made in a loop
            for leg in LEGS:
                if leg != DEFAULT_LEG:
                    found[f"docs-{leg}"] = runs
        else:
            assert function is not None
            found[function] = runs
    return found


def test_every_session_says_whether_a_bare_nox_runs_it():
    for function, call in session_calls(noxfile()):
        default = keyword(call, "default")
        assert isinstance(default, ast.Constant), f"{function or ast.unparse(call)}: no default="
    assert {name for name, runs in sessions().items() if runs} == DEFAULTS
    assert {"site-tests", "browser-tests", "drift-tests", "books", "docs-floor"} <= set(sessions())


def test_no_global_session_list_and_no_nox_inside_nox():
    for node in ast.walk(noxfile()):
        if isinstance(node, ast.Assign):
            assert "nox.options.sessions" not in map(ast.unparse, node.targets)
        if isinstance(node, ast.Call) and ast.unparse(node.func).endswith(".run"):
            words = [a.value for a in node.args if isinstance(a, ast.Constant)]
            assert "nox" not in words, ast.unparse(node)
