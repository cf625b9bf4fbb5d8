"""One Chinese vocabulary: the glossary's terms and Chinese punctuation in Chinese prose.

    extensions = [..., "torch_notes.i18n.chinese_terms"]
    chinese_terms_glossary = "glossary.md"    # the default: the {glossary} of term : 中文 lines

A Chinese build (a language starting with ``zh``) warns, naming the page, the line, the
catalog and the words, about

* a glossary term written in English in Chinese prose (``按 batch 读取`` for ``按批次读取``),
  with the glossary's Chinese name in the message. A few terms are also used in a short
  form, which is looked for too (:data:`SHORT_FORMS`: ``loss`` of *loss function*, written
  损失). English may stay where it is not prose: inline code, code and output blocks, math,
  the notes' own words (``{note}`` quotes and the erratum's quote, see
  ``torch_notes.evidence.markup.quotes``), a word that is part of a name (``Tensor.view``,
  ``torch.Tensor``, ``tensor()``, ``TensorDataset``), and an English parenthetical, as in
  ``张量（tensor）`` at first use;
* a link to the glossary that shows another name than the term's Chinese one
  (``{term}`批量 <batch>``` for ``{term}`批次 <batch>```);
* another word for what the glossary, or the house vocabulary (:data:`VARIANTS`), names once
  (``按元素`` for ``逐元素``, ``下标张量`` for ``索引张量``): one idea, one word;
* ASCII punctuation in a Chinese sentence: ``, ; : ? !`` next to a Chinese character
  (``35 仍然成立, 8 输出``), an ASCII full stop after one, and ASCII parentheses around
  Chinese text. Numbers (``1,000``), code, addresses and English parentheticals are left alone.

The page's prose is checked when the page has been read (after its catalog applied), and
counted as one check per page (``CheckKind.WORDING``, in the build summary); text that the
build adds later, such as the errata table's summary, is checked when the page is written.
Warnings are of type ``chinese`` (subtypes ``term`` and ``punctuation``), so ``-W`` fails.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.errors import ConfigError
from sphinx.util import logging

from torch_notes import sitewide
from torch_notes.evidence.model import attributes
from torch_notes.evidence.model.records import CheckKind
from torch_notes.evidence.store.domain import record_check
from torch_notes.i18n.bilingual_glossary import glossary_terms
from torch_notes.i18n.translation_check import NOT_PROSE, page_catalog

logger = logging.getLogger(__name__)

# Short forms in which the pages use a term, with the Chinese the glossary's name gives them.
SHORT_FORMS = {
    "in-place operation": ("in-place", "原地"),
    "loss function": ("loss", "损失"),
    "leaf node": ("leaf", "叶子"),
    "element-wise operation": ("element-wise", "逐元素"),
    "worker process": ("worker", "工作进程"),
    "data loader": ("loader", "数据加载器"),
}
# One word for one idea: the word the pages use, and the variants that drifted in beside it.
# A key that is a glossary term's Chinese name (or part of it) is checked to be one.
VARIANTS = {
    "逐元素": ("按元素",),  # element-wise operation : 逐元素运算
    "索引张量": ("下标张量",),  # a tensor of indices (advanced indexing : 高级索引)
    "原地": ("就地", "原位"),  # in-place operation : 原地操作
    "叶子节点": ("叶节点",),  # leaf node : 叶子节点
    "轮次": ("时期", "纪元"),  # epoch : 轮次
    "非有限值": ("非有限数",),  # inf and NaN
}
HAN = sitewide.HAN  # Chinese characters, not punctuation
CHECKED = "chinese_checked"  # node attribute: checked when the page was read
CONTEXT = 12  # characters of context either side of a hit, in the message


@dataclass(frozen=True)
class Term:
    english: str
    chinese: str
    pattern: re.Pattern[str]


def term_pattern(english: str) -> re.Pattern[str]:
    """The English name (any case, with a plural), as a word of its own: not part of a
    longer name (``TensorDataset``, ``torch.Tensor``, ``Tensor.view``, ``tensor()``)."""
    words = r"[\s-]+".join(re.escape(word) for word in re.split(r"[\s-]+", english))
    return re.compile(rf"(?<![\w./]){words}(?:s|es)?(?![\w\-(]|\.\w)", re.IGNORECASE | re.ASCII)


def terms(glossary: Path) -> tuple[Term, ...]:
    """The glossary's terms and short forms, longest English name first."""
    return read_terms(glossary, glossary.stat().st_mtime_ns)


@cache
def read_terms(glossary: Path, modified: int) -> tuple[Term, ...]:
    found = [Term(en, zh, term_pattern(en)) for en, zh in glossary_terms(glossary)]
    known = {term.english for term in found}
    found += [
        Term(short, chinese, term_pattern(short))
        for english, (short, chinese) in SHORT_FORMS.items()
        if english in known
    ]
    return tuple(sorted(found, key=lambda term: -len(term.english)))


# -- Reading a block of text ----------------------------------------------------------------


def is_block(node: nodes.Node) -> bool:
    """A paragraph, title, term, caption...: text that reads as one unit."""
    return (
        isinstance(node, nodes.TextElement)
        and not isinstance(node, nodes.Inline | nodes.FixedTextElement)
        and not any(isinstance(a, NOT_PROSE) for a in ancestors(node))
    )


def ancestors(node: nodes.Node) -> list[nodes.Node]:
    found = []
    while node.parent is not None:
        node = node.parent
        found.append(node)
    return found


def not_prose(node: nodes.Node) -> bool:
    """Code, math and the notes' own words (``note_words``, or the class ``note-quote`` of
    the tables that quote them), which keep their language, and the target of a reference
    that will show the target's title (``{doc}`hooks```), checked on its page."""
    if isinstance(node, NOT_PROSE):
        return True
    if isinstance(node, addnodes.pending_xref):
        return not node.get("refexplicit") and node.get("reftype") != "term"
    return isinstance(node, nodes.Element) and (
        attributes.NOTE_WORDS in node or "note-quote" in node["classes"]
    )


def read_block(block: nodes.Element) -> tuple[str, list[bool]]:
    """The block's text and, for each character, whether it is prose."""
    text, prose = [], []

    def visit(node: nodes.Node, in_prose: bool) -> None:
        if isinstance(node, nodes.Text):
            text.append(str(node))
            prose.extend([in_prose] * len(node))
            return
        in_prose = in_prose and not not_prose(node)
        for child in node.children:
            visit(child, in_prose)

    visit(block, True)
    return "".join(text), prose


def enclosing_parenthetical(text: str, at: int) -> str | None:
    """The text between the innermost pair of parentheses around position ``at``."""
    opening = unmatched(text, range(at - 1, -1, -1), wanted="(（", nested=")）")
    closing = unmatched(text, range(at, len(text)), wanted=")）", nested="(（")
    if opening is None or closing is None:
        return None
    return text[opening + 1 : closing]


def unmatched(text: str, positions: range, wanted: str, nested: str) -> int | None:
    """The first position holding a ``wanted`` bracket that no ``nested`` one has opened."""
    depth = 0
    for i in positions:
        if text[i] in nested:
            depth += 1
        elif text[i] in wanted:
            if depth == 0:
                return i
            depth -= 1
    return None


def excerpt(text: str, start: int, end: int) -> str:
    before = text[max(0, start - CONTEXT) : start]
    after = text[end : end + CONTEXT]
    return " ".join(f"{before}[{text[start:end]}]{after}".split())


# -- The rules ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Problem:
    subtype: str  # "term" or "punctuation"
    message: str


def english_terms(text: str, prose: list[bool], known: tuple[Term, ...]) -> list[Problem]:
    found, taken = [], [False] * len(text)
    for term in known:
        for match in term.pattern.finditer(text):
            start, end = match.span()
            if not all(prose[start:end]) or any(taken[start:end]):
                continue
            taken[start:end] = [True] * (end - start)
            inside = enclosing_parenthetical(text, start)
            if inside is not None and not HAN.search(inside):
                continue  # an English parenthetical: 张量（tensor）
            found.append(
                Problem(
                    "term",
                    f"English term {match.group(0)!r} in Chinese prose; the glossary's "
                    f"Chinese is {term.chinese} ({term.english}): {excerpt(text, start, end)}",
                )
            )
    return found


def variant_words(text: str, prose: list[bool]) -> list[Problem]:
    found = []
    for word, variants in VARIANTS.items():
        for variant in variants:
            for match in re.finditer(re.escape(variant), text):
                start, end = match.span()
                if all(prose[start:end]):
                    found.append(
                        Problem(
                            "term",
                            f"{variant!r} is another word for {word!r}, the one the pages use "
                            f"for this idea: {excerpt(text, start, end)}",
                        )
                    )
    return found


MARKS = ",;:?!."
NAMES = {",": "，", ";": "；", ":": "：", "?": "？", "!": "！", ".": "。", "(": "（", ")": "）"}


def neighbour(text: str, at: int, step: int) -> str:
    at += step
    while 0 <= at < len(text) and text[at] in " \t\n":
        at += step
    return text[at] if 0 <= at < len(text) else ""


def ascii_punctuation(text: str, prose: list[bool]) -> list[Problem]:
    found = []
    for at, char in enumerate(text):
        if not prose[at]:
            continue
        if char in MARKS:
            before, after = neighbour(text, at, -1), neighbour(text, at, 1)
            if char == ".":
                chinese = HAN.match(before or "x") and (after == "" or HAN.match(after))
            else:
                chinese = HAN.match(before or "x") or HAN.match(after or "x")
            if chinese:
                found.append(punctuation_problem(text, at, at + 1, char))
        elif char == "(":
            inside = enclosing_parenthetical(text, at + 1)
            if inside is not None and HAN.search(inside):
                end = at + 1 + len(inside) + 1
                found.append(punctuation_problem(text, at, end, "()"))
    return found


def punctuation_problem(text: str, start: int, end: int, marks: str) -> Problem:
    fullwidth = "".join(NAMES[mark] for mark in marks)
    return Problem(
        "punctuation",
        f"ASCII {marks!r} in a Chinese sentence; write {fullwidth}: {excerpt(text, start, end)}",
    )


def term_links(block: nodes.Element, known: tuple[Term, ...]) -> list[Problem]:
    """Links to the glossary (``{term}`批次 <batch>```) that show another name than its own."""
    chinese = {term.english.lower(): term.chinese for term in known}
    found = []
    for link in block.findall(addnodes.pending_xref):
        target = link.get("reftarget", "").lower()
        if link.get("reftype") != "term" or target not in chinese:
            continue
        shown = link.astext()
        if any(term.pattern.search(shown) for term in known):
            continue  # in English: reported as such
        if chinese[target] not in shown:
            found.append(
                Problem(
                    "term",
                    f"the link to the glossary's {target!r} shows {shown!r}; "
                    f"its Chinese name is {chinese[target]}",
                )
            )
    return found


def problems(block: nodes.Element, known: tuple[Term, ...]) -> list[Problem]:
    """What is wrong with the Chinese of one block; nothing when it is not Chinese prose."""
    text, prose = read_block(block)
    if not any(p and HAN.match(c) for c, p in zip(text, prose, strict=True)):
        return []
    return (
        english_terms(text, prose, known)
        + variant_words(text, prose)
        + term_links(block, known)
        + ascii_punctuation(text, prose)
    )


# -- Sphinx ---------------------------------------------------------------------------------


def chinese_build(app: Sphinx) -> bool:
    return (app.config.language or "").startswith("zh") and app.builder.format == "html"


def glossary_of(app: Sphinx) -> tuple[Term, ...]:
    path = Path(app.srcdir, app.config.chinese_terms_glossary)
    return terms(path)


def check_blocks(app: Sphinx, doctree: nodes.Node, docname: str, *, new_only: bool) -> int:
    known = glossary_of(app)
    shown = page_catalog(app.config, docname)
    found = 0
    for block in list(doctree.findall(is_block)):
        assert isinstance(block, nodes.TextElement)  # is_block() says so
        if new_only and block.get(CHECKED):
            continue
        block[CHECKED] = True
        for problem in problems(block, known):
            found += 1
            logger.warning(
                "%s (%s)",
                problem.message,
                shown,
                location=block,
                type="chinese",
                subtype=problem.subtype,
            )
    return found


def check_read(app: Sphinx, doctree: nodes.document) -> None:
    if not chinese_build(app):
        return
    found = check_blocks(app, doctree, app.env.docname, new_only=False)
    record_check(app.env, CheckKind.WORDING, app.env.docname, not found)


def check_written(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Text the build added after reading: generated tables, their summaries."""
    if chinese_build(app):
        check_blocks(app, doctree, docname, new_only=True)


def check_glossary(app: Sphinx, config: Config) -> None:
    if not (config.language or "").startswith("zh"):
        return
    path = Path(app.srcdir, config.chinese_terms_glossary)
    if not path.is_file():
        raise ConfigError(f"chinese_terms_glossary: {path} does not exist")
    if not terms(path):
        raise ConfigError(f"chinese_terms_glossary: {path} has no `term : 中文` lines")


def setup(app: Sphinx) -> dict[str, Any]:
    app.setup_extension("torch_notes.evidence")  # the check is counted in its records
    app.add_config_value("chinese_terms_glossary", "glossary.md", "env", str)
    app.connect("config-inited", check_glossary)
    app.connect("doctree-read", check_read)
    app.connect("doctree-resolved", check_written)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
