"""The code behind a fact: the expression a gallery script assigned to ``facts[key]``.

The errata table shows each value PyTorch gives now with the code that gave it
(``isinstance(y.grad_fn, torch.autograd.graph.Node) → True``), read from the script itself, so
it cannot drift from what ran. A fact assigned in a tuple (``facts["a"], facts["b"] = names``)
or computed in a loop has no single expression; it is shown by its key.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path


@cache
def assignments(script: Path, stamp: int) -> dict[str, str]:
    """``{key: source of the expression}`` for every ``facts["key"] = expression``."""
    found: dict[str, str] = {}
    source = script.read_text(encoding="utf-8")
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Assign) or len(node.targets) != 1:
            continue
        target = node.targets[0]
        if (
            isinstance(target, ast.Subscript)
            and isinstance(target.value, ast.Name)
            and target.value.id == "facts"
            and isinstance(target.slice, ast.Constant)
            and isinstance(target.slice.value, str)
        ):
            expression = ast.get_source_segment(source, node.value) or ""
            found.setdefault(target.slice.value, " ".join(expression.split()))
    return found


def fact_code(script: Path, key: str) -> str | None:
    """The expression that computed ``key`` in ``script`` (None when it has no single one)."""
    return assignments(script, script.stat().st_mtime_ns).get(key)
