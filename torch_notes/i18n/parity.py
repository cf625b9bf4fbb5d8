"""Fail a translated build when a translation drops or changes what the build checks or links.

Sphinx's own i18n transform compares the references of a paragraph with those of its
translation. This extends the comparison to every node the reader trusts: claims (stated
text and fact), inserted facts, note quotes, glossary terms and other cross-references,
links, math, inline code, and the numbers of the plain text. Before the catalogs apply, each
translatable node keeps what it holds; after, a translated node must hold the same, in any
order (a translation may add: code marks, or 12 for "twelve"). Numbers joined to a word
count too ("3-channel", "1-D"), and the translation may write them as Chinese does (3通道,
三通道, 一维). A translator who replaces
``{claim}`4.5 <autograd_basics.first_grad>``` by the plain text ``4.6``, or turns a 4 into
a 5, fails the build, naming the catalog and the message.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.transforms import SphinxTransform
from sphinx.util import logging
from sphinx.util.nodes import is_translatable

from torch_notes import sitewide
from torch_notes.evidence.model import attributes
from torch_notes.i18n.translation_check import page_catalog

logger = logging.getLogger(__name__)
# A number standing alone: not part of a name (x2, float32), nor of a compound word (1-D).
NUMBER = re.compile(r"(?<![\w.])\d+(?:\.\d+)?(?![\w.]*\w)(?!-[A-Za-z])")
# A number joined to a word: "3-channel", "1-D" (a number too: 4 for 3 must fail).
COMPOUND = re.compile(r"(?<![\w.])(\d+)-(?=[A-Za-z])")
# In Chinese a number is often written against the ideographs: "3通道", "第2个".
BESIDE_CJK = re.compile(
    rf"(?<![A-Za-z0-9_.])(?:(?<=[{sitewide.CJK_RANGES}])\d+(?:\.\d+)?(?![A-Za-z0-9_]|\.\d)"
    rf"|\d+(?:\.\d+)?(?=[{sitewide.CJK_RANGES}]))"
)
# The Chinese forms a translation uses for a number joined to a word: 一维 for 1-D, 三通道.
CHINESE_DIGITS = {"一": "1", "二": "2", "两": "2", "三": "3", "四": "4", "五": "5", "六": "6",
                  "七": "7", "八": "8", "九": "9", "十": "10"}  # fmt: skip
CHINESE_COMPOUND = re.compile(f"([{''.join(CHINESE_DIGITS)}])(?=维|通道|阶|层)")


def numbers(text: str) -> list[str]:
    """The numbers a text states, standing alone or joined to a word, in either language."""
    found = NUMBER.findall(text) + COMPOUND.findall(text) + BESIDE_CJK.findall(text)
    return found + [CHINESE_DIGITS[d] for d in CHINESE_COMPOUND.findall(text)]


SOURCE = "parity_source"  # node attribute: (what the source holds, the source text)


def held(node: nodes.Element) -> Counter[tuple[str, str]]:
    """What ``node`` holds that a translation must keep: (kind, value) pairs, with counts."""
    found: Counter[tuple[str, str]] = Counter()

    def visit(element: nodes.Element) -> None:
        for child in element.children:
            if isinstance(child, nodes.Text):
                found.update(("number", n) for n in numbers(child.astext()))
                continue
            if not isinstance(child, nodes.Element):
                continue
            kind = item(child)
            if kind is None:
                visit(child)
            else:
                found[kind] += 1

    visit(node)
    return found


def item(node: nodes.Element) -> tuple[str, str] | None:
    if node.get(attributes.CLAIM_KEY):
        return "claim", f"{node[attributes.CLAIM_TEXT]} <{node[attributes.CLAIM_KEY]}>"
    if attributes.FACT_KEY in node:
        return "fact", node[attributes.FACT_KEY]
    if attributes.SINCE_KEY in node:
        return "since", node[attributes.SINCE_KEY]
    if attributes.NOTE_WORDS in node:
        return "note quote", f"{node[attributes.NOTE]}:{node[attributes.NOTE_WORDS]}"
    if isinstance(node, addnodes.download_reference):  # its label is translated, its file not
        return "download", node.get("reftarget", "")
    if isinstance(node, addnodes.pending_xref):
        return node.get("reftype", "xref"), node.get("reftarget", "")
    if isinstance(node, nodes.reference) and node.get("refuri"):
        return "link", node["refuri"]
    if isinstance(node, nodes.math):
        return "math", " ".join(node.astext().split())
    if isinstance(node, nodes.literal):  # reStructuredText may wrap inline code over lines
        return "code", " ".join(node.astext().split())
    return None


def translatable(node: nodes.Node) -> bool:
    return isinstance(node, nodes.Element) and is_translatable(node)


class RememberSource(SphinxTransform):
    """Before the catalogs apply: what each translatable node of the source holds."""

    default_priority = 10  # sphinx.transforms.i18n.Locale runs at 20

    def apply(self, **kwargs: Any) -> None:
        if self.config.language == sitewide.SOURCE_LANGUAGE.code:
            return
        for node in self.document.findall(translatable):
            assert isinstance(node, nodes.Element)  # translatable() says so
            node[SOURCE] = (held(node), node.astext())


class CompareTranslation(SphinxTransform):
    """After the catalogs apply: a translated node holds what its source held."""

    default_priority = 22  # after Locale (20), before Sphinx's post-Locale transforms (25)

    def apply(self, **kwargs: Any) -> None:
        if self.config.language == sitewide.SOURCE_LANGUAGE.code:
            return
        catalog = page_catalog(self.config, self.env.docname)
        for node in self.document.findall(translatable):
            assert isinstance(node, nodes.Element)  # translatable() says so
            source = node.attributes.pop(SOURCE, None)
            if source is None or not node.get("translated"):
                continue
            wanted, message = source
            if lost := wanted - held(node):  # adding is allowed: a 12 for "twelve", code marked
                report(node, catalog, message, lost)


def describe(items: Counter[tuple[str, str]]) -> str:
    return ", ".join(
        f"{kind} {value!r}" for (kind, value), count in items.items() for _ in range(count)
    )


def report(
    node: nodes.Element, catalog: Path, message: str, lost: Counter[tuple[str, str]]
) -> None:
    logger.warning(
        "the translation in %s drops or changes %s; keep every role, reference, code and "
        "number of the message as it is:\n  %r",
        catalog,
        describe(lost),
        message[:200],
        location=node,
        type="i18n",
        subtype="parity",
    )


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_transform(RememberSource)
    app.add_transform(CompareTranslation)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
