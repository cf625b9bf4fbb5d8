"""Fail a translated build when a translation drops or changes what the build checks or links.

Sphinx's own i18n transform compares the references of a paragraph with those of its
translation. This extends the comparison to every node the reader trusts: claims (stated
text and fact), inserted facts, note quotes, glossary terms and other cross-references,
links, math, inline code, and the numbers of the plain text. Before the catalogs apply, each
translatable node keeps what it holds; after, a translated node must hold the same, in any
order (a translation may add: code marks, or 12 for "twelve"). Numbers joined to a word
count too ("3-channel", "1-D"), and the translation may write them as Chinese does (3通道,
三通道, 一维). Every Chinese numeral word (两次, 三个, 第二, 十二, 一维; 一 alone is not a
number) counts as its number both ways: it may stand for a number of the English, and it
must state one the English states, in digits or in words ("two", "twice", "both",
"second"), so 三个 for "two tensors" fails. A translator who replaces
``{claim}`4.5 <autograd_basics.first_grad>``` by the plain text ``4.6``, or turns a 4 into
a 5, fails the build, naming the catalog and the message.

A translation must also keep every sentence: one with fewer sentences than its English
(English sentences end at ``. ! ?`` before a capital or the end; Chinese ones at ``。！？；``;
only sentences of three words or more count) fails, since a dropped sentence keeps every
number and code span of the rest. A deliberate merge says so in a translator comment above
the message (``# merged: <why>``), and is then let through.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from pathlib import Path
from typing import Any

from babel.messages.pofile import read_po
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
# Chinese numeral words, 两 to 九十九: 两次, 三个, 第二, 十二个. 一 is a number only joined to
# a unit (一维, 一阶): alone it is also "a", "one and the same", "once" (一样, 一起, 统一),
# and after 这, 每, 某, 同... it is "this", "each", "some" layer or dimension (每一层, 这一维).
CHINESE_DIGITS = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7,
                  "八": 8, "九": 9}  # fmt: skip
CHINESE_NUMERAL = re.compile(
    r"[二三四五六七八九]?十[一二三四五六七八九]?|[二两三四五六七八九]"
    r"|(?<![这那某每同哪任各成作])一(?=维|通道|阶|层)"
)
# Words in which a numeral names no count: 四舍五入 (rounding), 最小二乘 (least squares),
# 二元组 (a tuple), 二分类 (binary classification), 两两 (pairwise), 十分 (very), 一两个 (a few),
# and 两者 / 二者, the pronoun Chinese uses for "they" or "the one and the other".
NOT_A_COUNT = re.compile(r"四舍五入|最小二乘|二元组|二分类|两两|十分(?!之)|一两|再三|[两二]者")
# English words for the numbers Chinese writes as numerals: "two", "twice", "both", "second".
COUNTS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
          "eleven", "twelve")  # fmt: skip
ORDINALS = ("", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
            "ninth", "tenth")  # fmt: skip
ENGLISH_NUMBERS = {
    **{word: n for n, word in enumerate(COUNTS)},
    **{word: n for n, word in enumerate(ORDINALS) if word},
    "twice": 2, "thrice": 3, "both": 2, "either": 2, "neither": 2, "pair": 2, "pairs": 2,
    "double": 2, "couple": 2, "half": 2, "halves": 2, "dozen": 12, "twenty": 20, "thirty": 30,
}  # fmt: skip
ENGLISH_NUMBER = re.compile(rf"\b({'|'.join(ENGLISH_NUMBERS)})\b", re.IGNORECASE)


def chinese_number(numeral: str) -> str:
    """三 -> "3", 十二 -> "12", 二十 -> "20", 一 (in 一维) -> "1"."""
    if "十" not in numeral:
        return str(CHINESE_DIGITS[numeral])
    tens, _, units = numeral.partition("十")
    return str(CHINESE_DIGITS.get(tens, 1) * 10 + CHINESE_DIGITS.get(units, 0))


def chinese_numerals(text: str) -> list[tuple[str, str]]:
    """The numeral words of a Chinese text as (number, the word with a character either side)."""
    text = NOT_A_COUNT.sub(lambda m: "_" * len(m.group(0)), text)
    return [
        (chinese_number(m.group(0)), text[max(0, m.start() - 1) : m.end() + 1].strip())
        for m in CHINESE_NUMERAL.finditer(text)
    ]


def numbers(text: str) -> list[str]:
    """The numbers a text states, standing alone or joined to a word, in either language:
    digits (1,797 and 1797 alike), and Chinese numeral words (三个 for "3", or for "three")."""
    text = sitewide.THOUSANDS.sub(lambda m: m.group(0).replace(",", ""), text)
    found = NUMBER.findall(text) + COMPOUND.findall(text) + BESIDE_CJK.findall(text)
    return found + [number for number, _ in chinese_numerals(text)]


def english_numbers(text: str) -> set[str]:
    """Every number an English text states, in digits or in words ("two", "twice", "both")."""
    words = {str(ENGLISH_NUMBERS[w.lower()]) for w in ENGLISH_NUMBER.findall(text)}
    return set(numbers(text)) | words


def plain_text(node: nodes.Element) -> str:
    """The text of ``node`` outside what :func:`item` counts (code, claims, quotes...)."""
    parts: list[str] = []

    def visit(element: nodes.Element) -> None:
        for child in element.children:
            if isinstance(child, nodes.Text):
                parts.append(child.astext())
            elif isinstance(child, nodes.Element) and item(child) is None:
                visit(child)
            else:
                parts.append(" ")

    visit(node)
    return "".join(parts)


def unstated(english: str, chinese: str) -> list[str]:
    """The Chinese numeral words that state a number the English does not."""
    stated = english_numbers(english)
    return [
        f"{words} ({number})" for number, words in chinese_numerals(chinese) if number not in stated
    ]


# Where a sentence ends: in English at . ! ? before a capital, a quote or a bracket, or at
# the end (not in "e.g. x", "i.e.", "vs.", "etc.", nor an ellipsis); in Chinese at 。！？；.
ENGLISH_SENTENCE_END = re.compile(
    r"(?<!\be\.g)(?<!\bi\.e)(?<!\bvs)(?<!\betc)(?<!\bcf)(?<!\.\.)[.!?](?=\s+[^a-z]|\s*$)"
)
CHINESE_SENTENCE_END = re.compile("[。！？；]")
CONTENT_WORDS = 3  # an English sentence carries content with this many words or more
ENGLISH_WORD = re.compile("[A-Za-z]{2,}")
MERGED = "merged:"  # a translator comment's start that lets a merge of sentences through


def english_sentences(text: str) -> int:
    return sum(
        len(ENGLISH_WORD.findall(part)) >= CONTENT_WORDS
        for part in ENGLISH_SENTENCE_END.split(text)
    )


def chinese_sentences(text: str) -> int:
    return sum(bool(sitewide.HAN.search(part)) for part in CHINESE_SENTENCE_END.split(text))


def han(text: str) -> str:
    """The ideographs of a text, in order: what a message's translation and the translated
    node both hold, whatever markup the message writes around them."""
    return "".join(sitewide.HAN.findall(text))


def merges(catalog: Path) -> frozenset[str]:
    """The translations (by :func:`han`) that a translator comment marks as deliberate merges."""
    if not catalog.is_file():
        return frozenset()
    return _merges(catalog, catalog.stat().st_mtime_ns)


@functools.cache
def _merges(catalog: Path, modified: int) -> frozenset[str]:
    with catalog.open("rb") as file:
        messages = read_po(file)
    return frozenset(
        han(message.string)
        for message in messages
        if isinstance(message.string, str)
        and any(comment.strip().startswith(MERGED) for comment in message.user_comments)
    )


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
        return "claim", f"{claim_value(node[attributes.CLAIM_TEXT])} <{node[attributes.CLAIM_KEY]}>"
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


def claim_value(text: str) -> str:
    """A claim's value as written in either language: Chinese separates the items of a list
    with 、 and sets a shape (a tuple) in parentheses, "0、1、2" for "0, 1, 2", "(5, 3)" for
    "5, 3"; the value stated is the same."""
    items = LIST_SEPARATOR.split(text.strip().strip("()[]（）"))
    return ", ".join(item.strip() for item in items)


LIST_SEPARATOR = re.compile(r"\s*[,，、]\s*")


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
            node[SOURCE] = (held(node), node.astext(), plain_text(node))


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
            wanted, message, english = source
            if lost := wanted - held(node):  # adding is allowed: a 12 for "twelve", code marked
                report(node, catalog, message, lost)
            translated = plain_text(node)
            if added := unstated(english, translated):  # but not a number of its own
                report_numerals(node, catalog, message, added)
            wanted_sentences, sentences = english_sentences(english), chinese_sentences(translated)
            merged = merges(Path(self.env.srcdir, catalog))
            if sentences < wanted_sentences and han(node.astext()) not in merged:
                report_sentences(node, catalog, message, wanted_sentences, sentences)


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


def report_numerals(node: nodes.Element, catalog: Path, message: str, added: list[str]) -> None:
    logger.warning(
        "the translation in %s states %s, a number its message does not state; write the "
        "number the English says (or none):\n  %r",
        catalog,
        ", ".join(added),
        message[:200],
        location=node,
        type="i18n",
        subtype="parity",
    )


def report_sentences(
    node: nodes.Element, catalog: Path, message: str, wanted: int, found: int
) -> None:
    logger.warning(
        "the translation in %s has %d sentence(s) where its message has %d: a sentence "
        "dropped? Translate each one, or, for a deliberate merge, write a translator comment "
        "'# %s <why>' above the message:\n  %r",
        catalog,
        found,
        wanted,
        MERGED,
        message[:200],
        location=node,
        type="i18n",
        subtype="parity",
    )


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_transform(RememberSource)
    app.add_transform(CompareTranslation)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
