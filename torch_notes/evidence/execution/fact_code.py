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
    lines = source.splitlines(keepends=True)  # once: ast.get_source_segment splits per call
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
            expression = segment(lines, node.value)
            found.setdefault(target.slice.value, " ".join(expression.split()))
    return found


def segment(lines: list[str], node: ast.expr) -> str:
    """The source of ``node`` (as ``ast.get_source_segment``), from the script's lines."""
    first, last = node.lineno - 1, (node.end_lineno or node.lineno) - 1
    start, end = node.col_offset, node.end_col_offset
    # Offsets count UTF-8 bytes, as the parser reads the line.
    text = [line.encode("utf-8") for line in lines[first : last + 1]]
    if first == last:
        return text[0][start:end].decode("utf-8")
    return b"".join([text[0][start:], *text[1:-1], text[-1][:end]]).decode("utf-8")


def fact_code(script: Path, key: str) -> str | None:
    """The expression that computed ``key`` in ``script`` (None when it has no single one)."""
    return assignments(script, script.stat().st_mtime_ns).get(key)
