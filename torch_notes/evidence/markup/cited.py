"""Statements about PyTorch's past rest on evidence: executed in this build, or cited.

::

    `Variable` has been merged into `Tensor` since PyTorch 0.4
    ({cited}`PyTorch 0.4.0 migration guide <https://pytorch.org/blog/pytorch-0_4_0-migration-guide/>`).

``{cited}`title <address>``` links the document (a release note, a pull request, a
migration guide) that shows history no release the build installs can show: everything
before 2.0. The link is marked as cited evidence, apart from what ran; a translation must
keep its address (``torch_notes.i18n.parity``) and translates its title. An erratum whose
body cites a document keeps it as the row's cited evidence (``errata.py``).

Every statement about history must hold such evidence: ``checks.history_statements``.
"""

from __future__ import annotations

import re

from docutils import nodes
from sphinx.util import logging
from sphinx.util.docutils import SphinxRole

from torch_notes.evidence.model import attributes
from torch_notes.evidence.model.records import Cited

logger = logging.getLogger(__name__)

_SYNTAX = re.compile(r"(?s)(?P<title>.+?)\s*<(?P<url>https?://[^\s>]+)>")


class CitedRole(SphinxRole):
    """``{cited}`title <address>```: a link to the document that backs a statement."""

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        matched = _SYNTAX.fullmatch(self.text.strip())
        if not matched:
            message = self.inliner.reporter.error(
                f"{{cited}} needs `title <https://address>`, not {self.text!r}",
                line=self.lineno,
            )
            return [nodes.problematic(self.rawtext, self.rawtext)], [message]
        title = " ".join(matched["title"].split())
        node = nodes.reference(self.rawtext, title, refuri=matched["url"], classes=["cited"])
        node[attributes.CITED_URL] = matched["url"]
        return [node], []


def cited_in(element: nodes.Element) -> tuple[Cited, ...]:
    """The documents ``element`` cites, with their titles as the page shows them."""
    return tuple(
        Cited(node[attributes.CITED_URL], node.astext()) for node in element.findall(nodes.reference)
        if attributes.CITED_URL in node
    )  # fmt: skip
