"""No output a page shows comes from code the page hides.

A gallery script hides the build's bookkeeping between ``# sphinx_gallery_start_ignore`` and
``# sphinx_gallery_end_ignore`` (its ``facts``, its asserts): the page, the embedded cells and
the downloads leave it out. But sphinx-gallery runs it, and shows whatever it prints in the
cell's output, where a reader takes it for the output of the code above. So every statement
of a hidden block that writes to the output fails the build, naming the page, the script, the
cell and the line:

* a call of ``print``, ``pprint``, ``display``, ``warnings.warn`` or ``sys.stdout.write``
  (``stderr`` too), anywhere in the hidden block;
* a bare expression that is the cell's last statement: sphinx-gallery prints the ``repr`` of
  its value after the cell's output, as a notebook does (``model.train()`` returns the model,
  and the cell's output ends with ``Sequential(...)``). Bind it (``_ = model.train()``) or move
  it above the cell's last statement.

The statements are read from the script (``ast``), so what a hidden call prints from inside a
function it calls is not seen; the bookkeeping calls no such function.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util import logging

from torch_notes.evidence.execution.gallery_cells import SETUP, cell_starts
from torch_notes.evidence.model.records import CheckKind
from torch_notes.evidence.store.domain import record_check
from torch_notes.sitewide import example_script

logger = logging.getLogger(__name__)
START, END = "# sphinx_gallery_start_ignore", "# sphinx_gallery_end_ignore"
PRINTING = {"print", "pprint", "display", "warn"}  # called by name, or as an attribute


def hidden_lines(source: str) -> set[int]:
    """The lines (1-based) between a start and an end mark, the marks included."""
    hidden: set[int] = set()
    start = None
    for number, line in enumerate(source.splitlines(), 1):
        if line.strip() == START:
            start = number
        elif line.strip() == END and start is not None:
            hidden.update(range(start, number + 1))
            start = None
    return hidden


def prints(call: ast.Call) -> bool:
    func = call.func
    if isinstance(func, ast.Name):
        return func.id in PRINTING
    if isinstance(func, ast.Attribute):
        stream = func.value
        writes = func.attr in ("write", "writelines") and (
            isinstance(stream, ast.Attribute) and stream.attr in ("stdout", "stderr")
        )
        return writes or func.attr in PRINTING
    return False


def cell_at(script: Path) -> Callable[[int], str]:
    """The name of the cell that holds a line of ``script``."""
    starts = cell_starts(script)

    def name(line: int) -> str:
        above = [start.name for start in starts if start.line < line]
        return above[-1] if above else SETUP

    return name


def cell_ends(tree: ast.Module, cell: Callable[[int], str]) -> dict[str, ast.stmt]:
    """Each cell's last top-level statement, by cell name."""
    return {cell(statement.lineno): statement for statement in tree.body}


def hidden_output(script: Path) -> list[tuple[int, str, str]]:
    """``(line, cell, problem)`` for each hidden statement that writes to a cell's output."""
    source = script.read_text(encoding="utf-8")
    hidden = hidden_lines(source)
    if not hidden:
        return []
    tree = ast.parse(source, str(script))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and node.lineno in hidden and prints(node):
            call = ast.unparse(node.func)
            found.append((node.lineno, f"hidden code calls {call}(), which prints"))
    cell = cell_at(script)
    for statement in cell_ends(tree, cell).values():
        if isinstance(statement, ast.Expr) and statement.lineno in hidden:
            expression = ast.unparse(statement)
            if not (isinstance(statement.value, ast.Call) and prints(statement.value)):
                problem = (
                    f"the cell's last statement, {expression}, is hidden code: the gallery "
                    "prints the value of a cell's last bare expression"
                )
                found.append((statement.lineno, problem))
    return sorted((line, cell(line), problem) for line, problem in found)


def check_hidden_output(app: Sphinx, doctree: nodes.document) -> None:
    script = example_script(app.srcdir, app.config, app.env.docname)
    if script is None:
        return
    problems = hidden_output(script)
    record_check(app.env, CheckKind.RUNNABLE, f"{app.env.docname}#hidden", not problems)
    for line, cell, problem in problems:
        logger.warning(
            "%s, cell %s, line %d: %s; its output would appear under code that does not "
            "print it. Keep hidden code silent",
            script.name,
            cell,
            line,
            problem,
            location=(app.env.docname, 1),
            type="evidence",
            subtype="hidden-output",
        )
