"""Code a reader can run as shown: every name a shown block uses, the page has shown.

A reader copies a page's code, in order, into one session, and expects it to run. So:

* **a cell** (``{example-cell}``) uses only names that Python's builtins give, that the cell
  binds itself, that an earlier cell of the same example on the page binds, or that earlier
  shown code on the page imports (a cell, a note's fragment, a solution, an included region).
  A cell that uses a name the page never showed (a ``y`` of a cell the page leaves out, a
  helper defined elsewhere in the script, an import the page does not show) fails the build,
  naming the page, the cell and the name. A cell that shows the ``NameError`` its name raises
  (the notes' own bug, kept on purpose) shows what the reader gets, and passes;
* **an exercise's check block** (the region of a solution after
  ``# -- check: run this after your own ...``, ``{literalinclude}`` with ``:start-after:``)
  runs alone, after the reader's own answer: it uses only names it imports itself and the
  functions and classes the exercise asks for (those the reference answer defines). The
  build runs it so (``execution.snippet_runner``: the check block runs in a namespace of its
  own, holding only those); this check names the page and the name before it runs;
* **another included region** (a bug to find, a fragment of a solution) uses only names it
  binds, that earlier shown code imports, or that an earlier cell of any example binds: an
  exercise may work on "the example's model".

Free names are read with ``symtable`` (``model.names``), so a name used inside a function,
class or comprehension counts where Python would look it up: at module level. Gallery pages
show whole scripts, and notes' fragments and solutions run alone as they are shown
(``execution.snippet_runner``), so neither needs this check. Hidden code that prints what
a shown output holds is ``checks.hidden_output``.
"""

from __future__ import annotations

from pathlib import Path

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util import logging

from torch_notes.evidence.execution.snippet_runner import CHECK_MARK, split_check
from torch_notes.evidence.model import attributes
from torch_notes.evidence.model.names import (
    bound_names,
    defined_names,
    free_names,
    imported_names,
)
from torch_notes.evidence.model.records import CheckKind
from torch_notes.evidence.store.domain import record_check
from torch_notes.sitewide import OUTPUT_CLASS, example_script

logger = logging.getLogger(__name__)


def warn(block: nodes.Element, message: str) -> None:
    logger.warning(message, location=block, type="evidence", subtype="runnable")


def names(found: set[str]) -> str:
    return ", ".join(f"`{name}`" for name in sorted(found))


def shown_cell(block: nodes.literal_block) -> tuple[str, str]:
    """``(<example>.<cell>, its shown output)`` for a cell's code block; ``("", "")`` otherwise."""
    parent = block.parent
    if "cell-code" not in block["classes"] or parent is None:
        return "", ""
    output = "".join(
        child.astext()
        for child in parent.children
        if isinstance(child, nodes.literal_block) and OUTPUT_CLASS in child["classes"]
    )
    return parent.get(attributes.EXAMPLE_CELL, ""), output


def check_block_of(block: nodes.literal_block) -> Path | None:
    """The solution whose check block ``block`` shows, or None."""
    source = block.get("source")
    if not source or not Path(source).is_file():
        return None
    text = Path(source).read_text(encoding="utf-8")
    if CHECK_MARK not in text:
        return None
    _answer, check = split_check(text)
    return Path(source) if block.astext().strip() == check.strip() else None


class Page:
    """What a page has shown so far, read block by block in the page's order."""

    def __init__(self, app: Sphinx, docname: str) -> None:
        self.app, self.docname = app, docname
        self.imported: set[str] = set()
        self.bound: dict[str, set[str]] = {}  # example -> names its shown cells bind

    def read(self, number: int, block: nodes.literal_block) -> None:
        code = block.astext()
        try:
            free = free_names(code)
        except SyntaxError:
            return  # a fragment the notes got wrong runs, and shows its error, as it is
        cell, output = shown_cell(block)
        if cell:
            self.cell(number, block, cell, code, free, output)
        elif (solution := check_block_of(block)) is not None:
            self.check_block(number, block, solution, code, free)
        elif block.get("source"):
            self.region(number, block, code, free)
        self.imported |= imported_names(code)

    def record(self, number: int, holds: bool) -> None:
        record_check(self.app.env, CheckKind.RUNNABLE, f"{self.docname}#{number}", holds)

    def cell(
        self, number: int, block: nodes.Element, cell: str, code: str, free: set[str], output: str
    ) -> None:
        example = cell.partition(".")[0]
        shown = self.bound.setdefault(example, set())
        # The notes' own bug, shown with the NameError it raises: what the reader gets.
        raising = {name for name in free if f"name '{name}' is not defined" in output}
        missing = free - shown - self.imported - raising
        self.record(number, not missing)
        if missing:
            warn(
                block,
                f"cell {cell} uses {names(missing)}, which the page has not shown: a reader "
                "who runs the page's code in order gets a NameError. Show the cell that "
                "defines or imports it before this one ({example-cell}), or make the cell "
                "define it",
            )
        shown |= bound_names(code)

    def check_block(
        self, number: int, block: nodes.Element, solution: Path, code: str, free: set[str]
    ) -> None:
        answer, _check = split_check(solution.read_text(encoding="utf-8"))
        missing = free - imported_names(code) - defined_names(answer)
        self.record(number, not missing)
        if missing:
            warn(
                block,
                f"the check block of {solution.name} uses {names(missing)}, which it does not "
                "import: a reader runs it alone, after their own answer. Import it in the "
                "check block",
            )

    def region(self, number: int, block: nodes.Element, code: str, free: set[str]) -> None:
        # An exercise's region ("this loop trains the example's model") runs after the page's cells.
        missing = free - self.imported - set().union(*self.bound.values())
        self.record(number, not missing)
        if missing:
            warn(
                block,
                f"the region of {Path(block['source']).name} shown here uses {names(missing)}, "
                "which neither it nor the code shown before it defines or imports: include "
                "the lines that define it",
            )


def check_runnable_code(app: Sphinx, doctree: nodes.document) -> None:
    docname = app.env.docname
    if example_script(app.srcdir, app.config, docname) is not None:
        return  # the whole script, shown as sphinx-gallery ran it
    page = Page(app, docname)
    python = ("python", "python3", "py", "default", "")
    for number, block in enumerate(doctree.findall(nodes.literal_block), 1):
        if block.get("language", "") in python or "snippet-code" in block["classes"]:
            page.read(number, block)
