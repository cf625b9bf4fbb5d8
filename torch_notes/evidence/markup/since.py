"""``{since}`key```: the first recorded release from which a fact has had its newest value."""

from __future__ import annotations

from docutils import nodes
from sphinx.util import logging
from sphinx.util.docutils import SphinxRole

from torch_notes.evidence.execution.release_records import since
from torch_notes.evidence.model import attributes
from torch_notes.evidence.store.domain import extracting_messages

logger = logging.getLogger(__name__)


class SinceRole(SphinxRole):
    """``{since}`key```: the first recorded release from which the fact has had the value it
    has on the newest one (``2.7``), computed from the records. A claim that holds only from
    that release on holds on an older build when its paragraph says so with this role."""

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        key = self.text.strip()
        first = since(self.env, key) if not extracting_messages(self.env) else None
        if first is None and not extracting_messages(self.env):
            logger.warning(
                "no recorded release has the fact %s (in {since}`%s`): record them with nox "
                "-s history", key, key, location=self.get_location(), type="evidence",
                subtype="history",
            )  # fmt: skip
        node = nodes.inline(self.rawtext, first.label if first else key, classes=["checked-fact"])
        node[attributes.SINCE_KEY] = key  # a translation must keep it (torch_notes.i18n.parity)
        return [node], []
