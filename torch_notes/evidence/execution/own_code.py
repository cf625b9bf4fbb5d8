"""A cell that failed in the example's own code: a failed recording, not what a release does.

The release probe (``torch_notes.history.probe``) runs each example cell by cell and records
the cells that raise: an API that an old release lacks is what that release does, and the
errata and the output boxes show it ("cannot run on 2.0–2.5"). A ``NameError`` (or its
subclass ``UnboundLocalError``) raised by a line of the example is another thing: a name the
example's scaffolding binds only on one path (an ``except`` branch that did not run) is
missing, and what the release did there is not recorded at all. Showing it as a release
difference would tell readers that PyTorch fails with the example's own bug.

Such a failure is told apart from a release's by its name: a name that an earlier failed cell
of the same example binds is missing because of that cell (the release's failure, already
recorded), any other is the example's own. The probe stops on one (with the line that raised
it, from the traceback); the build fails on a record that holds one (the line found in the
script), naming the release, the example and the line.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

# The last line of a NameError or UnboundLocalError, as the probe records it: "NameError:
# name 'x' is not defined", "UnboundLocalError: cannot access local variable 'x' ...".
_SCAFFOLDING = re.compile(r"^(?:NameError|UnboundLocalError): [^']*'(?P<name>[A-Za-z_]\w*)'")


def missing_name(error: str) -> str:
    """The name a recorded NameError or UnboundLocalError lacked; "" for any other error."""
    match = _SCAFFOLDING.match(error)
    return match["name"] if match else ""


def names_bound(code: str) -> set[str]:
    """Every name a piece of code binds, at any depth (assignments, imports, definitions)."""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return set()
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store | ast.Del):
            found.add(node.id)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            found.add(node.name)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            found |= {(a.asname or a.name).split(".")[0] for a in node.names}
        elif isinstance(node, ast.ExceptHandler) and node.name:
            found.add(node.name)
    return found


def first_use(code: str, name: str) -> int:
    """The first line of ``code`` that reads ``name`` (0 when none does)."""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return 0
    lines = [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Load)
    ]
    return min(lines, default=0)


def is_own_code(error: str, earlier_failed: list[str]) -> bool:
    """Whether a cell's recorded ``error`` is the example's own, given the code of the cells of
    the same example that failed before it (a name they bind is missing because of them)."""
    name = missing_name(error)
    return bool(name) and not any(name in names_bound(code) for code in earlier_failed)


@dataclass(frozen=True)
class OwnCodeFailure:
    """A recorded failure that the example's own code raised."""

    cell: str  # "<example>#<number>", as the record keys it
    line: int  # in the script; 0 when today's script no longer reads the name in that cell
    error: str

    def where(self, script: Path) -> str:
        at = f"line {self.line}" if self.line else "a line no longer in that cell"
        return f"{script.name}, cell {self.cell.partition('#')[2]} ({at})"


def own_code_failures(
    example: str, cells: list[str], failures: dict[str, str]
) -> list[OwnCodeFailure]:
    """The recorded failures of ``example`` that its own code raised; ``cells``: the script's
    cells as the probe numbers them (``cells[0]`` is cell 1), each with the script's line
    numbers (``torch_notes.history.probe.cells``)."""
    found = []
    earlier: list[str] = []
    for number, code in enumerate(cells, 1):
        error = failures.get(f"{example}#{number}")
        if error is None:
            continue
        if is_own_code(error, earlier):
            line = first_use(code, missing_name(error))
            found.append(OwnCodeFailure(f"{example}#{number}", line, error))
        earlier.append(code)
    return found
