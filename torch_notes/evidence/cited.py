"""Statements about PyTorch's past rest on evidence: executed in this build, or cited.

::

    `Variable` has been merged into `Tensor` since PyTorch 0.4
    ({cited}`PyTorch 0.4.0 migration guide <https://pytorch.org/blog/pytorch-0_4_0-migration-guide/>`).

``{cited}`title <address>``` links the document (a release note, a pull request, a
migration guide) that shows history no release the build installs can show: everything
before 2.0. The link is marked as cited evidence, apart from what ran; a translation must
keep its address (``torch_notes.i18n.parity``) and translates its title. An erratum whose
body cites a document keeps it as the row's cited evidence (``errata.py``).

Every sentence of a narrative page that speaks of history (:data:`HISTORY`: a 0.x or 1.x
release, "deprecated", "renamed", "no longer", "early releases" ...) must hold a
``{claim}``, a ``{fact}`` or a ``{cited}`` document; the build fails naming the page and
line of any other, and counts each such sentence as a check. The source language is read
(a translation keeps the same roles); gallery pages are left out, because their prose sits
with the executed code and doctested output that shows what it says.
"""

from __future__ import annotations

import re

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxRole
from sphinx.util.nodes import is_translatable

from torch_notes import sitewide
from torch_notes.evidence.facts import extracting_messages, record_check
from torch_notes.evidence.model import CheckKind, Cited
from torch_notes.gallery import example_script

logger = logging.getLogger(__name__)

CITED = "cited_url"  # node attribute: the address of the document a {cited} link cites
_SYNTAX = re.compile(r"(?s)(?P<title>.+?)\s*<(?P<url>https?://[^\s>]+)>")
HISTORY = re.compile(
    r"\b(?:PyTorch [01]\.\d+|deprecated|renamed|no longer|used to|"
    r"early releases|older (?:releases|tutorials|versions)|"
    r"(?:since|before|until|from|up to) (?:PyTorch|Python) \d[\d.]*)",
    re.IGNORECASE,
)
EVIDENCE = "\N{OBJECT REPLACEMENT CHARACTER}"  # stands for a claim, fact or cited document
CODE = "\N{REPLACEMENT CHARACTER}"  # stands for inline code
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


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
        node[CITED] = matched["url"]
        return [node], []


def cited_in(element: nodes.Element) -> tuple[Cited, ...]:
    """The documents ``element`` cites, with their titles as the page shows them."""
    return tuple(
        Cited(node[CITED], node.astext()) for node in element.findall(nodes.reference)
        if CITED in node
    )  # fmt: skip


def is_evidence(node: nodes.Node) -> bool:
    return isinstance(node, nodes.Element) and bool(
        node.get("claim_key") or "fact_key" in node or "since_key" in node or CITED in node
    )


def sentences(paragraph: nodes.Element) -> list[tuple[str, str]]:
    """The paragraph's sentences as ``(prose, shown)``: in the prose, each claim, fact or
    cited document is :data:`EVIDENCE` and inline code is :data:`CODE` (a name in code says
    nothing about history); ``shown`` is the sentence as the reader sees it."""
    parts: list[str] = []
    codes: list[str] = []

    def visit(element: nodes.Element) -> None:
        for child in element.children:
            if is_evidence(child):
                parts.append(EVIDENCE)
            elif isinstance(child, nodes.literal):
                parts.append(CODE)
                codes.append(f"`{child.astext()}`")
            elif isinstance(child, nodes.Element):
                visit(child)
            else:
                parts.append(child.astext())

    visit(paragraph)
    found, next_code = [], iter(codes).__next__
    for prose in _SENTENCE_END.split(" ".join("".join(parts).split())):
        shown = re.sub(CODE, lambda _: next_code(), prose).replace(EVIDENCE, "…")
        found.append((prose, shown))
    return found


def check_history_statements(app: Sphinx, doctree: nodes.document) -> None:
    env = app.env
    if extracting_messages(env) or (app.config.language or "en") != sitewide.SOURCE_LANGUAGE.code:
        return
    if example_script(app.srcdir, app.config, env.docname) is not None:
        return  # a gallery page: the executed code and its output stand beside the prose
    for paragraph in doctree.findall(nodes.paragraph):
        if not is_translatable(paragraph):
            continue  # generated by a directive (the errata table), not written by an author
        for prose, shown in sentences(paragraph):
            if not HISTORY.search(prose):
                continue
            backed = EVIDENCE in prose
            record_check(env, CheckKind.HISTORY, shown, backed)
            if not backed:
                logger.warning(
                    "a statement about history with no evidence: %r; add the {claim} or "
                    "{fact} that shows it, or the {cited} document that says so",
                    shown,
                    location=paragraph,
                    type="evidence",
                    subtype="history",
                )
