"""A topic page shows the code behind the values it states: at least 90% of its claims.

A ``{claim}`` counts as *shown* when the code that produced its value is on the same page:

* the ``{example-cell}`` that recorded the fact (``execution.recording`` traces each fact to
  the cell that first recorded it);
* the ``{snippet}`` or ``{solution}`` whose run gave it.

Every page's share is kept (``store.domain``, reported in ``topics.json``); a topic page below
``evidence_shown_claims_minimum`` (0.9) fails the build, naming the claims not shown.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util import logging

from torch_notes.evidence.checks.topic_shape import is_topic
from torch_notes.evidence.execution.fact_store import fact_store
from torch_notes.evidence.execution.snippet_runner import SNIPPET_PREFIX
from torch_notes.evidence.model import attributes
from torch_notes.evidence.model.records import Check, CheckKind
from torch_notes.evidence.model.values import parse_claim
from torch_notes.evidence.store.domain import evidence_domain

logger = logging.getLogger(__name__)


def is_shown(claim: str, cells: set[str], snippets: set[str], cell_of: dict[str, str]) -> bool:
    key = parse_claim(claim)[1]
    prefix, _, rest = key.partition(".")
    if prefix == SNIPPET_PREFIX:
        return rest.rpartition(".")[0] in snippets
    return cell_of.get(key) in cells


def shown_claims(checks: list[Check], cells: set[str], cell_of: dict[str, str]) -> dict[str, bool]:
    snippets = {check.subject for check in checks if check.kind is CheckKind.SNIPPET}
    return {
        check.subject: is_shown(check.subject, cells, snippets, cell_of)
        for check in checks
        if check.kind is CheckKind.CLAIM
    }


def check_claims_shown(app: Sphinx, doctree: nodes.document) -> None:
    env = app.env
    domain = evidence_domain(env)
    checks = domain.checks().get(env.docname, [])
    cells = {
        node[attributes.EXAMPLE_CELL]
        for node in doctree.findall(nodes.Element)
        if attributes.EXAMPLE_CELL in node and attributes.PENDING not in node
    }
    shown = shown_claims(checks, cells, fact_store(env).cells)
    domain.set_shown(env.docname, shown)
    minimum = app.config.evidence_shown_claims_minimum
    if not shown or not is_topic(app.config, env.docname):
        return
    share = sum(shown.values()) / len(shown)
    if share < minimum:
        hidden = [claim for claim, seen in shown.items() if not seen]
        logger.warning(
            "the page shows the code behind %d of its %d claims (%.0f%%, at least %.0f%% "
            "needed); embed the cell that records each value ({example-cell}) or run its "
            "snippet. Not shown: %s",
            len(shown) - len(hidden),
            len(shown),
            100 * share,
            100 * minimum,
            "; ".join(hidden),
            location=(env.docname, 1),
            type="evidence",
            subtype="shown",
        )
