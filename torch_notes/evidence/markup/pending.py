"""What a role or directive leaves for a rendering build to fill in from what ran.

A role or directive of this package produces its nodes without running anything: it marks
the node with ``model.attributes.PENDING`` (its kind: fact, claim, since, fact-case, snippet,
solution, erratum). Message extraction takes the page as it is; a rendering build fills each
marked node in (``markup.fill_in``), after the page's translation, before anything reads it.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.util.docutils import SphinxRole

from torch_notes.evidence.model import attributes


def pending(role: SphinxRole, kind: str, node: nodes.Element) -> nodes.Element:
    """``node``, marked as a role's of ``kind``, with the role's place in the source."""
    node[attributes.PENDING] = kind
    node.source, node.line = role.get_source_info()
    return node


def pending_nodes(doctree: nodes.Node, kind: str) -> list[nodes.Element]:
    return [node for node in doctree.findall(nodes.Element) if node.get(attributes.PENDING) == kind]


def replace(node: nodes.Element, shown: nodes.Node | list[nodes.Node]) -> None:
    """Put what a pending node shows in its place (nothing, when what it names failed)."""
    if shown == []:
        node.parent.remove(node)
    else:
        node.replace_self(shown)
