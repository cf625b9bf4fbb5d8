"""The named cells of a gallery script, and what each showed in this build.

A gallery script names each code cell on the line that starts it::

    # %% walk
    # The walk below starts at the root's ``grad_fn`` ...

    depth, edges = walk(out.grad_fn)

sphinx-gallery ignores what follows ``# %%`` on that line, and editors that read the
percent format (Jupytext, VS Code, Spyder) show it as the cell's title. The code before the
first ``# %%`` is the cell ``setup``. Names are stable: pages embed a cell by
``<example>.<cell>`` (``draw_graph.walk``, see ``markup.example_cells``), facts are traced
to the cell that recorded them, and a cell's output keeps its name across releases.

What a cell showed is read from the page sphinx-gallery generated (``auto_examples/.../
plot_x.rst``): its code as the gallery page shows it, the figures it drew and the output it
printed, exactly the text the gallery page compares with the expected outputs
(``checks.gallery_outputs``), so an embedded output is that one comparison, never a second.
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from types import FrameType
from typing import Any

from torch_notes import sitewide
from torch_notes.time_limits import Locator

SETUP = "setup"  # the code before the first "# %%"
NAME = re.compile(r"[a-z][a-z0-9_]*")
CELL_START = re.compile(r"^# ?%%(?P<name>.*)$")
GENERATED = re.compile(r"^\.\. GENERATED FROM PYTHON SOURCE LINES (\d+)-(\d+)$", re.MULTILINE)
IMAGE = re.compile(r"^\s*(?:\* )?\.\. image-sg:: (\S+)$")
OUTPUT_START = re.compile(r"^\s*\.\. rst-class:: sphx-glr-script-out$")
VOLATILE = re.compile(r"#.*\bvolatile\b")  # as torch_notes.gallery.volatile_output reads it
_BLOCK = re.compile(r"^# %%.*$", re.MULTILINE)


@dataclass(frozen=True)
class CellStart:
    """Where a cell's name is written: the ``# %%`` line (1-based), and the name on it."""

    line: int
    name: str


def cell_starts(script: Path) -> list[CellStart]:
    """Every ``# %%`` line of ``script``, named or not, in order."""
    starts = []
    for number, line in enumerate(script.read_text(encoding="utf-8").splitlines(), 1):
        if match := CELL_START.match(line):
            starts.append(CellStart(number, match["name"].strip()))
    return starts


def script_cells(source: str) -> list[str]:
    """The script's blocks, as sphinx-gallery splits them at ``# %%`` lines (the release
    probe numbers them from 1); each keeps its line numbers (earlier lines become blank), so
    a traceback points into the script."""
    starts = [0] + [m.start() for m in _BLOCK.finditer(source)]
    ends = [*starts[1:], len(source)]
    return [
        "\n" * source.count("\n", 0, a) + source[a:b] for a, b in zip(starts, ends, strict=True)
    ]


def cell_name_at(script: Path, line: int) -> str:
    """The name of the cell whose code starts at or after ``line``: the last ``# %%`` above it."""
    above = [start for start in cell_starts(script) if start.line < line]
    return above[-1].name if above else SETUP


def cell_of(fname: str) -> Locator:
    """The locator of an example's cells for a time limit (``torch_notes.time_limits``): the
    cell of the innermost frame in its file. The gallery's time limit and the release probe
    each name the cell an example had reached with it."""

    def locate(frame: FrameType) -> str:
        here: FrameType | None = frame
        while here is not None:
            filename = here.f_code.co_filename
            if Path(filename).name == Path(fname).name and Path(filename).is_file():
                cell = cell_name_at(Path(filename), here.f_lineno)
                return f"cell {cell} (line {here.f_lineno})"
            here = here.f_back
        return "between its cells"

    return locate


def naming_problems(cells: list[Cell]) -> list[str]:
    """What is wrong with the names of a script's code cells: unnamed, badly named, repeated."""
    problems = []
    seen: dict[str, int] = {}
    for cell in cells:
        name, line = cell.name, cell.first_line
        if not name:
            problems.append(f"line {cell.start_line}: the cell has no name; write '# %% <name>'")
        elif not NAME.fullmatch(name):
            problems.append(
                f"line {cell.start_line}: cell name {name!r} is not lower_case_with_underscores"
            )
        elif name in seen:
            problems.append(
                f"line {line}: cell name {name!r} is also the cell of line {seen[name]}"
            )
        else:
            seen[name] = line
    return problems


@dataclass(frozen=True)
class Cell:
    """A code cell as the gallery page shows it."""

    name: str
    first_line: int  # its code's first line in the script
    start_line: int  # the line of its "# %%" (its first code line for ``setup``)
    code: str
    images: tuple[str, ...] = ()  # URIs from the source root: /auto_examples/.../x_001.png
    output: str | None = None
    volatile: bool = False
    output_number: int | None = None  # among the page's compared (not volatile) outputs


@dataclass
class CellBuilder:
    name: str
    first_line: int
    start_line: int
    code: list[str] = field(default_factory=list)


def indented_body(lines: list[str], start: int) -> tuple[str, int]:
    """The indented body of the directive on ``lines[start]``; the index after it."""
    indent = len(lines[start]) - len(lines[start].lstrip())
    end = start + 1
    body = []
    while end < len(lines) and (not lines[end].strip() or _indent(lines[end]) > indent):
        body.append(lines[end])
        end += 1
    return textwrap.dedent("\n".join(body)).strip("\n"), end


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def read_generated(rst: Path, script: Path) -> list[Cell]:
    """The code cells of the page sphinx-gallery generated from ``script``, named."""
    text = rst.read_text(encoding="utf-8")
    starts = cell_starts(script)
    cells: list[Cell] = []
    number = 0
    pieces = GENERATED.split(text)
    # pieces: [before, first, last, chunk, first, last, chunk, ...]
    for first, _last, chunk in zip(pieces[1::3], pieces[2::3], pieces[3::3], strict=True):
        lines = chunk.splitlines()
        code_at = next(
            (i for i, line in enumerate(lines) if line.startswith(".. code-block:: ")), None
        )
        if code_at is None or any(line.strip() for line in lines[:code_at]):
            continue  # a text block
        code, index = indented_body(lines, code_at)
        images: list[str] = []
        output = None
        while index < len(lines):
            line = lines[index]
            if match := IMAGE.match(line):
                images.append(match[1])
            elif OUTPUT_START.match(line):
                block = next(i for i in range(index + 1, len(lines)) if lines[i].strip())
                output, index = indented_body(lines, block)
                continue
            index += 1
        above = [start for start in starts if start.line < int(first)]
        name = above[-1].name if above else SETUP
        start_line = above[-1].line if above else int(first)
        volatile = bool(VOLATILE.search(code))
        if output is not None and not volatile:
            number += 1
        cells.append(
            Cell(
                name=name,
                first_line=int(first),
                start_line=start_line,
                code=code,
                images=tuple(images),
                output=output,
                volatile=volatile,
                output_number=number if output is not None and not volatile else None,
            )
        )
    return cells


@dataclass(frozen=True)
class Gallery:
    """Where the scripts are (``gallery/``) and where sphinx-gallery writes their pages."""

    examples: Path
    generated: Path

    def script(self, example: str) -> Path | None:
        """``draw_graph`` -> ``gallery/autograd/plot_draw_graph.py`` (None if there is none)."""
        found = sorted(self.examples.rglob(f"{sitewide.EXAMPLE_PREFIX}{example}.py"))
        return found[0] if found else None

    def page(self, script: Path) -> Path:
        return self.generated / script.relative_to(self.examples).with_suffix(".rst")

    def cell_list(self, script: Path) -> list[Cell]:
        """The code cells of ``script`` in order, re-read whenever it or its page changes."""
        page = self.page(script)
        if not page.is_file():
            return []
        return list(_read(page, script, (page.stat().st_mtime_ns, script.stat().st_mtime_ns)))

    def cells(self, script: Path) -> dict[str, Cell]:
        """``{name: cell}`` for ``script``."""
        return {cell.name: cell for cell in self.cell_list(script)}

    def compared_cells(self, script: Path) -> dict[int, Cell]:
        """``{n: cell}``: the cell whose output is the ``n``-th compared block of its page."""
        return {c.output_number: c for c in self.cell_list(script) if c.output_number is not None}


@cache
def _read(page: Path, script: Path, stamps: tuple[int, int]) -> tuple[Cell, ...]:
    return tuple(read_generated(page, script))


def gallery_cells(srcdir: str | Path, config: Any, script: Path) -> dict[int, Cell]:
    """The compared cells of ``script`` (``Gallery.compared_cells``), from the gallery it is in."""
    for gallery in galleries(srcdir, config):
        if script.is_relative_to(gallery.examples):
            return gallery.compared_cells(script)
    return {}


def galleries(srcdir: str | Path, config: Any) -> list[Gallery]:
    """The build's galleries, from sphinx-gallery's configuration."""
    conf = getattr(config, "sphinx_gallery_conf", None) or {}
    folders = zip(conf.get("examples_dirs", []), conf.get("gallery_dirs", []), strict=True)
    return [
        Gallery((Path(srcdir) / examples).resolve(), (Path(srcdir) / generated).resolve())
        for examples, generated in folders
    ]
