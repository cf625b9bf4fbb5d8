"""The notes' words and code stay as written: typography never changes them.

Sphinx's smart quotes turn ``'`` and ``"`` into typographic quotes in running text. In a quote
of the notes (``torch.save(net.state_dict(), 'net_params.pkl')``) that makes code that no
longer runs when copied, and the notes' own quotes (``”动态”``) are theirs to keep. So the
roles and directives that show the notes' words mark them ``support_smartquotes = False``,
and this check, run once a page is read, fails the build on any note quote whose text is no
longer the note's words, and on any inline code or code block whose text has typographic
quotes its source did not have.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util import logging

from torch_notes.evidence.model import attributes

logger = logging.getLogger(__name__)
CURLY = "‘’“”"
QUOTE_MARKS = "“”"  # how a quote of the notes' prose is shown


def curly(text: str) -> int:
    return sum(text.count(mark) for mark in CURLY)


def introduced_quotes(node: nodes.Element) -> str | None:
    """What the build changed in the node's words or code; None when nothing."""
    shown = node.astext()
    if attributes.NOTE_WORDS in node:
        words = node[attributes.NOTE_WORDS]
        inner = shown[1:-1] if node.get(attributes.NOTE_PROSE) else shown
        return None if inner == words else f"the note's words {words!r} are shown as {inner!r}"
    code = isinstance(node, nodes.literal | nodes.literal_block) and node.rawsource
    if code and curly(shown) > curly(node.rawsource):
        return f"code {node.rawsource!r} is shown as {shown!r}"
    return None


def check_smart_quotes(app: Sphinx, doctree: nodes.document) -> None:
    for node in doctree.findall(nodes.Element):
        if problem := introduced_quotes(node):
            logger.warning(
                "typographic quotes in code or in a quote of the notes: %s",
                problem,
                location=node,
                type="evidence",
                subtype="verbatim",
            )
