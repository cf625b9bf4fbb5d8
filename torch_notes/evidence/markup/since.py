"""``{since}`key```: the first recorded release from which a fact has had its newest value.

A claim that holds only from that release on holds on an older build when its paragraph says
so with this role (``checks.bounded_claims``). The role marks the key; :func:`show_since`, run
by rendering builds, writes the release computed from the records (``history/``).
"""

from __future__ import annotations

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxRole

from torch_notes.evidence.execution.release_records import since
from torch_notes.evidence.markup.facts import pending, pending_nodes
from torch_notes.evidence.model import attributes

logger = logging.getLogger(__name__)


class SinceRole(SphinxRole):
    """``{since}`key```: ``2.7``, the first release of the newest run of equal values."""

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        key = self.text.strip()
        node = nodes.inline(self.rawtext, key, classes=["checked-fact"])
        node[attributes.SINCE_KEY] = key  # a translation must keep it (torch_notes.i18n.parity)
        return [pending(self, "since", node)], []


def show_since(app: Sphinx, doctree: nodes.document) -> None:
    for node in pending_nodes(doctree, "since"):
        del node[attributes.PENDING]
        key = node[attributes.SINCE_KEY]
        first = since(app.env, key)
        if first is None:
            logger.warning(
                "no recorded release has the fact %s (in {since}`%s`): record them with nox "
                "-s history", key, key, location=node, type="evidence", subtype="history",
            )  # fmt: skip
            continue
        node.children = [nodes.Text(first.label)]
