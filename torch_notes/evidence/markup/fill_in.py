"""What a rendering build fills in on each page it reads, in the page's order.

Every node a role or directive marked (``markup.pending``) is filled in from what ran: facts
and claims, ``{since}``, the case a ``{fact-case}`` keeps, snippets, solutions and errata.
The page is walked in document order, so the checks are recorded in the order a reader meets
them; an erratum is checked after what its body states, and a case not kept takes the marked
nodes it holds along, unfilled.
"""

from __future__ import annotations

from collections.abc import Callable

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment

from torch_notes.evidence.markup import (
    cases,
    errata,
    example_cells,
    exercises,
    facts,
    since,
    snippets,
)
from torch_notes.evidence.model import attributes

FILL_IN: dict[str, Callable[[BuildEnvironment, nodes.Element], None]] = {
    "fact": facts.fill_in_fact,
    "claim": facts.fill_in_claim,
    "since": since.fill_in_since,
    "fact-case": cases.fill_in_fact_case,
    "snippet": snippets.fill_in_snippet,
    "example-cell": example_cells.fill_in_example_cell,
    "solution": exercises.fill_in_solution,
    "erratum": errata.fill_in_erratum,
}
AFTER_ITS_BODY = {"erratum"}


def inside(node: nodes.Node, ancestor: nodes.Node) -> bool:
    """Whether ``node`` is in ``ancestor``'s tree now (docutils keeps the parent of a node it
    replaced or removed, so each step up is checked from the parent's side)."""
    while node is not ancestor:
        parent = node.parent
        if parent is None or not any(child is node for child in parent.children):
            return False
        node = parent
    return True


def fill_in(app: Sphinx, doctree: nodes.document) -> None:
    marked = [node for node in doctree.findall(nodes.Element) if attributes.PENDING in node]
    waiting: list[nodes.Element] = []  # errata whose bodies are being filled in
    for node in marked:
        while waiting and not inside(node, waiting[-1]):
            last = waiting.pop()
            FILL_IN[last[attributes.PENDING]](app.env, last)
        if not inside(node, doctree):
            continue  # in a case not kept
        if node[attributes.PENDING] in AFTER_ITS_BODY:
            waiting.append(node)
        else:
            FILL_IN[node[attributes.PENDING]](app.env, node)
    for node in reversed(waiting):
        FILL_IN[node[attributes.PENDING]](app.env, node)
