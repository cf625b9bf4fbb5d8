"""Mark gallery output that changes on every run (timings), so that builds can be compared.

A code cell of a gallery script whose code carries a comment with the word ``volatile``::

    # volatile: timings change on every run
    print("CPU time grows by about", round(seconds["cpu"][-1] / seconds["cpu"][0]))

gets the class ``volatile`` on its output (text and figures), up to the next code cell.
``torch_notes.commands.determinism`` ignores such elements when it compares two builds; everything else
must come out byte-identical. The comment stays visible: it tells the reader too.
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from sphinx.application import Sphinx

from torch_notes.sitewide import OUTPUT_CLASS, VOLATILE_MARK


def is_code_cell(node: nodes.Node) -> bool:
    return isinstance(node, nodes.literal_block) and OUTPUT_CLASS not in node["classes"]


def mark_volatile(app: Sphinx, doctree: nodes.document) -> None:
    for code in list(doctree.findall(is_code_cell)):
        if not VOLATILE_MARK.search(code.astext()):
            continue
        sibling = code.next_node(descend=False, siblings=True)
        while sibling is not None and not is_code_cell(sibling):
            if isinstance(sibling, nodes.section):
                break
            if isinstance(sibling, nodes.Element):
                sibling["classes"].append("volatile")
            sibling = sibling.next_node(descend=False, siblings=True)


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("doctree-read", mark_volatile)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
