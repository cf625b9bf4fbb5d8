"""Each output block that a recorded release prints differently says so, and shows it.

Every gallery output, on its gallery page and where a topic page embeds its cell, is looked
up by its cell's stable name (``draw_graph.grad_fn_names``) in every release record of
``history/``. Releases that print something else, or cannot run the cell, are grouped into
runs (``2.0–2.5``), and one quiet line follows the block: "2.6 prints something else",
"cannot run on 2.0–2.5". It opens (a ``<details>``, by click, Enter or Space) on each run's
text, written as a diff against the page's, so the difference is visible. Blocks that every
release prints alike say nothing.

The comparison is between records, never with this build's own text: the records come
from CUDA wheels and the pin is a CPU build, so each release is compared with the record of
the release whose outputs the page shows (``evidence_expected_release``), and a difference
shown to a reader never comes from the build kind alone.

All the text is in the page; ``_static/release-picker.js`` only chooses: a reader picks a
release once (remembered across pages) and each such block then opens on that release's run. ::

    extensions = [..., "torch_notes.evidence", "torch_notes.pages.release_outputs"]
    release_history_dir = ".../history"     # the records (torch_notes.evidence's setting)
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.locale import get_translation
from sphinx.writers.html5 import HTML5Translator

from torch_notes import interface, priorities, sitewide
from torch_notes.evidence.execution.gallery_cells import (
    Cell,
    cell_starts,
    galleries,
    gallery_cells,
)
from torch_notes.evidence.execution.release_records import Record, Status, records
from torch_notes.evidence.model import attributes
from torch_notes.evidence.model.text import comparable
from torch_notes.sitewide import OUTPUT_CLASS, example_script

_ = get_translation("torch_notes")

BLOCK_CLASS = "release-outputs"
# A warning in a record made before the probe wrote scripts by name names the recording
# machine's path: the reader sees the script's name.
RECORDING_PATH = re.compile(r"(?:/[^\s:/]+)+/gallery/[^\s:/]+/([^\s:/]+\.py)")


def shown(text: str) -> str:
    return comparable(RECORDING_PATH.sub(r"\1", text))


@dataclass(frozen=True)
class Run:
    """Consecutive releases that print the same for one cell."""

    first: str
    last: str
    status: Status
    text: str  # what they print, or the error that stops the cell

    def releases(self) -> str:
        return self.first if self.first == self.last else f"{self.first}–{self.last}"


def runs(recorded: tuple[Record, ...], key: str, number: int, reference: str) -> list[Run]:
    """The releases grouped by what they print for cell ``key`` (the ``number``-th block of
    its script, as the probe counts them), against the record of release ``reference``;
    ``[]`` when every recorded release prints what ``reference`` does."""
    base = next((r for r in recorded if r.label == reference), None)
    if base is None or key not in base.outputs:
        return []
    example = key.split(".", 1)[0]
    found: list[Run] = []
    for record in recorded:
        failure = record.failures.get(f"{example}#{number}")
        if f"{example}#{number}" in record.own_code:
            continue  # a failed recording, not what the release prints (checks.failed_recordings)
        if failure:
            state, text = Status.CANNOT_RUN, failure
        elif key not in record.outputs:
            continue  # recorded before outputs were, or before the cell existed
        elif shown(record.outputs[key]) == shown(base.outputs[key]):
            state, text = Status.SAME, ""
        else:
            state, text = Status.DIFFERENT, shown(record.outputs[key])
        if found and found[-1].status is state and found[-1].text == text:
            found[-1] = Run(found[-1].first, record.label, state, text)
        else:
            found.append(Run(record.label, record.label, state, text))
    return found if any(run.status is not Status.SAME for run in found) else []


def cell_number(script: Path, name: str) -> int:
    """The cell's place among the script's ``# %%`` blocks, 1 for ``setup`` (probe's count)."""
    names = [start.name for start in cell_starts(script)]
    return names.index(name) + 2 if name in names else 1


def summary(found: list[Run]) -> str:
    parts = []
    for run in found:
        if run.status is Status.DIFFERENT:
            parts.append(_("{releases} prints something else").format(releases=run.releases()))
        elif run.status is Status.CANNOT_RUN:
            parts.append(_("cannot run on {releases}").format(releases=run.releases()))
    return _(" · ").join(parts)


class release_outputs(nodes.General, nodes.Element):
    """What other releases print for the output block before it; a closed box."""


def box(
    found: list[Run], key: str, page_text: str, recorded: tuple[Record, ...], reference: str
) -> nodes.Node:
    """The closed box after an output block; ``reference``: the release the page shows."""
    node = release_outputs(classes=[BLOCK_CLASS])
    node["summary"] = summary(found)
    node["cell"] = key
    node["releases"] = " ".join(r.label for r in recorded)
    # The picker's words, in the page's language (the script only places them).
    node["picker"] = _("Show the output of PyTorch")
    node["page_release"] = _("the page's ({release})").format(release=reference)
    node["same"] = _("{release} prints what the page shows")
    for run in found:
        if run.status is Status.SAME:
            continue
        # The picker reads which releases a run covers from its classes.
        part = nodes.container(classes=["release-run", f"first-{run.first}", f"last-{run.last}"])
        if run.status is Status.CANNOT_RUN:
            label = _("PyTorch {releases} cannot run this cell:").format(releases=run.releases())
            body = nodes.literal_block(run.text, run.text, language="none")
        else:
            label = _("PyTorch {releases} prints (- this page, + {releases}):").format(
                releases=run.releases()
            )
            text = "\n".join(
                line.rstrip("\n")
                for line in difflib.ndiff(
                    comparable(page_text).splitlines(), comparable(run.text).splitlines()
                )
                if not line.startswith("?")
            )
            body = nodes.literal_block(text, text, language="diff")
        part += nodes.paragraph(text=label, classes=["release-run-label"])
        part += body
        node += part
    return node


def cell_of(
    app: Sphinx, block: nodes.literal_block, gallery_source: Path | None, number: int
) -> tuple[Path, Cell] | None:
    """The script and cell whose output ``block`` is: an embedded cell says which comparison
    its output is (``plot_x.py#3``), a gallery page's ``number``-th block is its own."""
    script, _sep, position = block.get(attributes.COMPARED_AS, "").partition("#")
    if script:
        found = [p for g in galleries(app.srcdir, app.config) for p in g.examples.rglob(script)]
        gallery_source, number = (found[0] if found else None), int(position)
    if gallery_source is None:
        return None
    cell = gallery_cells(app.srcdir, app.config, gallery_source).get(number)
    return (gallery_source, cell) if cell else None


def add_release_outputs(app: Sphinx, doctree: nodes.document) -> None:
    """After each output block that a recorded release prints otherwise, say so."""
    recorded = records(app.env)
    reference = app.config.evidence_expected_release
    if not recorded or not reference:
        return
    source = example_script(app.srcdir, app.config, app.env.docname)
    number = 0
    for block in list(doctree.findall(nodes.literal_block)):
        if OUTPUT_CLASS not in block["classes"] or "volatile" in block["classes"]:
            continue
        number += 1
        found = cell_of(app, block, source, number)
        if found is None:
            continue
        script, cell = found
        key = f"{sitewide.example_name(script)}.{cell.name}"
        variants = runs(recorded, key, cell_number(script, cell.name), reference)
        if variants:
            block.parent.insert(
                block.parent.index(block) + 1,
                box(variants, key, cell.output or "", recorded, reference),
            )


def visit_html(self: HTML5Translator, node: release_outputs) -> None:
    data = {
        "cell": node["cell"],
        "releases": node["releases"],
        "picker": node["picker"],
        "page-release": node["page_release"],
        "same": node["same"],
    }
    attributes_ = " ".join(f'data-{name}="{self.attval(value)}"' for name, value in data.items())
    self.body.append(
        f'<details class="{BLOCK_CLASS}" {attributes_}>'
        f"<summary>{self.encode(node['summary'])}</summary>\n"
    )


def depart_html(self: HTML5Translator, node: release_outputs) -> None:
    self.body.append("</details>\n")


def visit_plain(self: nodes.NodeVisitor, node: release_outputs) -> None:
    pass


def depart_plain(self: nodes.NodeVisitor, node: release_outputs) -> None:
    pass


def add_picker(
    app: Sphinx,
    pagename: str,
    templatename: str,
    context: dict[str, Any],
    doctree: nodes.document | None,
) -> None:
    """The picker's script, on pages that have such blocks only."""
    if doctree is not None and any(True for _ in doctree.findall(release_outputs)):
        app.add_js_file("release-picker.js", loading_method="defer")


def connect(app: Sphinx) -> None:
    """Only for builders that render: the gettext builder extracts the pages' own messages, and
    these lines are the package's interface text, added after the pages were read."""
    if app.builder.name == "gettext":
        return
    app.connect("doctree-read", add_release_outputs, priority=priorities.AFTER_PAGE_CHECKS)
    app.connect("html-page-context", add_picker)


def setup(app: Sphinx) -> dict[str, Any]:
    app.setup_extension("torch_notes.evidence")  # the records, and the release pages show
    interface.add_catalog(app)
    app.add_node(
        release_outputs,
        html=(visit_html, depart_html),
        text=(visit_plain, depart_plain),
        latex=(visit_plain, depart_plain),
    )
    app.connect("builder-inited", connect)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
