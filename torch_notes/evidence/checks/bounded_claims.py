"""A claim that some supported release contradicts sits beside the ``{since}`` that bounds it.

Two cases, on a build of any release: a claim that holds here only as of a later release
(``release_bound``), and a claim that holds here but that the release history records another
outcome for on a supported release (``evidence_supported_from`` on; ``history_bound``): 2.10
accepting what every other release refuses, say. Either must name, with ``{since}`` in its
paragraph, a release from which it holds on every later record; a claim that the newest
record contradicts cannot be bounded so, and must be rewritten.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.util import logging

from torch_notes.evidence.execution.release_records import release_bound, since
from torch_notes.evidence.model import attributes
from torch_notes.evidence.model.records import installed_torch
from torch_notes.evidence.model.values import format_value
from torch_notes.release_list import version

logger = logging.getLogger(__name__)


def releases_named(env: BuildEnvironment, paragraph: nodes.paragraph) -> set[str]:
    """The releases a paragraph's {since} roles name; a quote continues the paragraph before it
    (``... warns:`` followed by the quoted warning)."""
    context: list[nodes.Node] = [paragraph]
    quote = paragraph.parent
    if isinstance(quote, nodes.block_quote) and quote.parent is not None:
        at = quote.parent.index(quote)
        if at and isinstance(quote.parent[at - 1], nodes.paragraph):
            context.append(quote.parent[at - 1])
    keys = {
        n[attributes.SINCE_KEY]
        for p in context
        for n in p.findall(nodes.Element)
        if attributes.SINCE_KEY in n
    }
    return {first.label for first in (since(env, k) for k in keys) if first is not None}


def covered(bound: str, named: set[str]) -> bool:
    """A value that holds from ``bound`` on also holds from any later release the page names."""
    return any(version(bound) <= version(release) for release in named)


def check_bounded_claims(app: Sphinx, doctree: nodes.document) -> None:
    """A claim that holds here only as of a later release, or that a supported release
    contradicts, sits beside the {since} that says so; in such a paragraph, a {fact} this
    release lacks shows the value of the releases it names."""
    for paragraph in doctree.findall(nodes.paragraph):
        named = releases_named(app.env, paragraph)
        for node in paragraph.findall(nodes.Element):
            key = node.get(attributes.FACT_KEY)
            bound = release_bound(app.env, key) if key else ""
            if bound and covered(bound, named):  # the page speaks of releases that have it
                first = since(app.env, key)
                assert first is not None  # release_bound() found it
                shown = format_value(first.value(key), node.get(attributes.FACT_SPEC, ""))
                node.children = [nodes.Text(shown)]
        for node in paragraph.findall(nodes.Element):
            key = node.get(attributes.RELEASE_BOUND_KEY)
            if key and not covered(node[attributes.RELEASE_BOUND], named):
                logger.warning(
                    "%s has its stated value only from PyTorch %s on, and this build runs %s: "
                    "say so in the paragraph with {since}`%s`",
                    key, node[attributes.RELEASE_BOUND], installed_torch().release, key,
                    location=node, type="evidence", subtype="history",
                )  # fmt: skip
        for node in paragraph.findall(nodes.Element):
            outcomes = node.get(attributes.HISTORY_OUTCOMES)
            bound = node.get(attributes.HISTORY_BOUND, "")
            if outcomes and not (bound and covered(bound, named)):
                bounded = (
                    f"say so in the paragraph with {{since}}`{node[attributes.CLAIM_KEY]}` "
                    f"(it holds from {bound} on)"
                    if bound
                    else "the newest record contradicts it: state what every supported release does"
                )
                logger.warning(
                    "the page states %r for %s without a release bound, but the release history "
                    "records another outcome on a supported release (%s): %s",
                    node[attributes.CLAIM_TEXT], node[attributes.CLAIM_KEY], outcomes, bounded,
                    location=node, type="evidence", subtype="history",
                )  # fmt: skip
