"""``{since}`key```: the first recorded release from which a fact has had its newest value.

A claim that holds only from that release on holds on an older build when its paragraph says
so with this role (``checks.bounded_claims``). The role marks the key; :func:`show_since`, run
by rendering builds, writes the release computed from the records (``history/``).
"""

from __future__ import annotations

from docutils import nodes
from sphinx.environment import BuildEnvironment
from sphinx.util import logging
from sphinx.util.docutils import SphinxRole

from torch_notes.evidence.execution.release_records import since
from torch_notes.evidence.markup.pending import pending
from torch_notes.evidence.model import attributes

logger = logging.getLogger(__name__)


class SinceRole(SphinxRole):
    """``{since}`key```: ``2.7``, the first release of the newest run of equal values."""

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        key = self.text.strip()
        node = nodes.inline(self.rawtext, key, classes=["checked-fact"])
        node[attributes.SINCE_KEY] = key  # a translation must keep it (torch_notes.i18n.parity)
        return [pending(self, "since", node)], []


def fill_in_since(env: BuildEnvironment, node: nodes.Element) -> None:
    del node[attributes.PENDING]
    key = node[attributes.SINCE_KEY]
    first = since(env, key)
    if first is None:
        logger.warning(
            "no recorded release has the fact %s (in {since}`%s`): record them with nox "
            "-s history", key, key, location=node, type="evidence", subtype="history",
        )  # fmt: skip
        return
    node.children = [nodes.Text(first.label)]
