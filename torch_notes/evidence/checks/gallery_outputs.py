"""Every output block of a gallery page equals its reviewed expected output (``execution.expected_outputs``).

A cell whose code says ``# volatile`` is not compared (timings); one that says
``# output tolerance: 1e-4`` compares the numbers it prints within that relative tolerance.
"""

from __future__ import annotations

import re
from pathlib import Path

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util import logging

from torch_notes import sitewide
from torch_notes.evidence.execution.expected_outputs import Recorded, comparison
from torch_notes.evidence.execution.gallery_cells import gallery_cells
from torch_notes.evidence.execution.release_records import own_record, recorded_outputs
from torch_notes.evidence.model.records import CheckKind
from torch_notes.evidence.store.domain import record_check
from torch_notes.sitewide import OUTPUT_CLASS, example_script

logger = logging.getLogger(__name__)

TOLERANCE = re.compile(r"#\s*output tolerance:\s*([0-9.eE+-]+)")


def is_gallery_output(node: nodes.Node) -> bool:
    return isinstance(node, nodes.literal_block) and OUTPUT_CLASS in node["classes"]


def tolerance_of(block: nodes.literal_block) -> float | None:
    """The tolerance that the code cell before this output declares, if any."""
    siblings = block.parent.children
    for node in reversed(siblings[: siblings.index(block)]):
        if isinstance(node, nodes.literal_block) and not is_gallery_output(node):
            match = TOLERANCE.search(node.astext())
            return float(match[1]) if match else None
    return None


def recorded(app: Sphinx, source: Path) -> Recorded | None:
    """This release's recorded output of each compared cell of ``source``, in page order."""
    outputs = recorded_outputs(app.env)
    if outputs is None:
        return None
    record = own_record(app.env)
    example = sitewide.example_name(source)
    cells = [cell for _, cell in sorted(gallery_cells(app.srcdir, app.config, source).items())]
    release = record.release.split("+")[0] if record else "<release>"
    return Recorded(
        f"history/torch-{release}.json",
        [outputs.get(f"{example}.{cell.name}") for cell in cells],
        [cell.name for cell in cells],
        release,
    )


def check_gallery_outputs(app: Sphinx, doctree: nodes.document) -> None:
    source = example_script(app.srcdir, app.config, app.env.docname)
    if source is None:
        return
    blocks = [
        b
        for b in doctree.findall(nodes.literal_block)
        if is_gallery_output(b) and "volatile" not in b["classes"]
    ]

    def warn(number: int, problem: str) -> None:
        logger.warning(
            "%s %s",
            f"output {number} of {source.name}" if number else source.name,
            problem,
            location=blocks[number - 1] if number else (app.env.docname, 1),
            type="evidence",
            subtype="output",
        )

    cells = gallery_cells(app.srcdir, app.config, source)
    keyed = [
        (cells[n].name if n in cells else f"output {n}", b.astext(), tolerance_of(b))
        for n, b in enumerate(blocks, 1)
    ]
    holds = comparison(source, app.config).check(keyed, warn, recorded(app, source))
    for number, held in enumerate(holds, 1):
        record_check(app.env, CheckKind.OUTPUT, f"{source.name}#{number}", held)
