"""``{example-cell}``: a named cell of a gallery script, shown where a page teaches it.

A page shows the code of one cell, the figure it drew and the output it printed in this
build, in place::

    ```{example-cell} draw_graph.walking_graph
    The backward graph of out: MeanBackward0 at the top, AccumulateGrad of x at the bottom.
    ```

The argument is ``<example>.<cell>``: the example's facts prefix and the name the script
gives the cell on its ``# %% <name>`` line (``execution.gallery_cells``). The body, needed
exactly when the cell draws a figure, is the figure's alt text; it is translated like any
paragraph. The script runs once, in sphinx-gallery; its code exists once, in the script. The
output shown is the text the gallery page compares with the expected outputs
(``checks.gallery_outputs``): one comparison, which the embedded copy names. A link leads to
the whole example, with its downloads.
"""

from __future__ import annotations

from pathlib import Path

from docutils import nodes
from sphinx import addnodes
from sphinx.environment import BuildEnvironment
from sphinx.locale import get_translation
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from torch_notes.evidence.execution.gallery_cells import Cell, Gallery, galleries
from torch_notes.evidence.markup.pending import replace
from torch_notes.evidence.model import attributes
from torch_notes.sitewide import OUTPUT_CLASS

_ = get_translation("torch_notes")
logger = logging.getLogger(__name__)

CELL_CLASS = "example-cell"


class ExampleCellDirective(SphinxDirective):
    """Marks where a cell is shown; :func:`fill_in_example_cell` shows it."""

    required_arguments = 1
    has_content = True

    def run(self) -> list[nodes.Node]:
        node = nodes.container(classes=[CELL_CLASS])
        node[attributes.EXAMPLE_CELL] = self.arguments[0]
        node[attributes.PENDING] = "example-cell"
        self.set_source_info(node)
        if self.content:  # the figure's alt text, translated as a paragraph
            self.state.nested_parse(self.content, self.content_offset, node)
        return [node]


def image_size(path: Path) -> tuple[int, int] | None:
    from PIL import Image

    try:
        with Image.open(path) as image:
            return image.size
    except OSError:
        return None


class ShownCell:
    def __init__(self, env: BuildEnvironment, node: nodes.Element) -> None:
        self.env, self.node = env, node
        self.name: str = node[attributes.EXAMPLE_CELL]

    def fail(self, message: str) -> list[nodes.Node]:
        logger.warning(
            f"example-cell {self.name}: {message}",
            location=self.node,
            type="evidence",
            subtype="example-cell",
        )
        return []

    def find(self) -> tuple[Gallery, Path, Cell] | None:
        example, _, cell_name = self.name.partition(".")
        if not cell_name:
            self.fail("name it <example>.<cell>, e.g. draw_graph.walking_graph")
            return None
        for gallery in galleries(self.env.srcdir, self.env.config):
            script = gallery.script(example)
            if script is None:
                continue
            cells = gallery.cells(script)
            if cell_name not in cells:
                known = ", ".join(cells) or "none (did the example run?)"
                self.fail(f"{script.name} has no cell {cell_name!r}; its cells: {known}")
                return None
            self.env.note_dependency(str(gallery.page(script)))
            return gallery, script, cells[cell_name]
        self.fail(f"no gallery script is named for example {example!r}")
        return None

    def show(self) -> list[nodes.Node]:
        found = self.find()
        if found is None:
            return []
        gallery, script, cell = found
        alt = " ".join(p.astext() for p in self.node.findall(nodes.paragraph)).strip()
        if cell.images and not alt:
            return self.fail(
                f"the cell draws {len(cell.images)} figure(s): describe it in the directive's "
                "body (its alt text)"
            )
        if alt and not cell.images:
            return self.fail("the cell draws no figure, but the directive has a body (alt text)")
        if len(cell.images) > 1:
            return self.fail("the cell draws several figures: split it, one figure per cell")
        box = nodes.container(classes=[CELL_CLASS], ids=[f"cell-{self.name.replace('.', '-')}"])
        box[attributes.EXAMPLE_CELL] = self.name
        code = nodes.literal_block(cell.code, cell.code, language="python", classes=["cell-code"])
        code["source"] = str(script)  # what ran it, for checks.code_blocks
        box += code
        for uri in cell.images:
            box += self.figure(uri, alt, Path(self.env.srcdir), cell)
        if cell.output is not None:
            classes = [OUTPUT_CLASS, "cell-output"] + (["volatile"] if cell.volatile else [])
            output = nodes.literal_block(cell.output, cell.output, language="none", classes=classes)
            if cell.output_number is not None:  # the gallery page's comparison of this text
                output[attributes.COMPARED_AS] = f"{script.name}#{cell.output_number}"
            box += output
        box += self.source_link(gallery, script)
        return [box]

    def figure(self, uri: str, alt: str, srcdir: Path, cell: Cell) -> nodes.Node:
        image = nodes.image(uri=uri, alt=alt, loading="lazy", classes=["cell-figure"])
        size = image_size(srcdir / uri.lstrip("/"))
        if size:  # the browser keeps the room before the image arrives: no layout shift
            image["width"], image["height"] = (str(n) for n in size)
        if cell.volatile:
            image["classes"].append("volatile")
        return image

    def source_link(self, gallery: Gallery, script: Path) -> nodes.paragraph:
        page = gallery.page(script).relative_to(Path(self.env.srcdir).resolve())
        gallery_doc = page.with_suffix("")
        xref = addnodes.pending_xref(
            "", refdomain="std", reftype="doc", reftarget=f"/{gallery_doc.as_posix()}"
        )
        xref += nodes.inline("", _("the whole example"))
        xref["refexplicit"], xref["refdoc"] = True, self.env.docname
        paragraph = nodes.paragraph(classes=["cell-source"])
        # Names of files and cells are code, not words (the Chinese term check reads words).
        template = _("From {example}, cell {cell}: ")
        before, _example, rest = template.partition("{example}")
        between, _cell, after = rest.partition("{cell}")
        paragraph += nodes.Text(before)
        paragraph += nodes.literal("", script.name)
        paragraph += nodes.Text(between)
        paragraph += nodes.literal("", self.name.partition(".")[2])
        paragraph += nodes.Text(after)
        paragraph += xref
        return paragraph


def fill_in_example_cell(env: BuildEnvironment, node: nodes.Element) -> None:
    replace(node, ShownCell(env, node).show())
