"""One Chinese vocabulary: the glossary's terms and Chinese punctuation in Chinese prose.

    extensions = [..., "torch_notes.i18n.chinese_terms"]
    chinese_terms_glossary = "glossary.md"    # the default: the {glossary} of term : 中文 lines

A Chinese build (a language starting with ``zh``) warns, naming the page, the line, the
catalog and the words, about

* a glossary term written in English in Chinese prose (``按 batch 读取`` for ``按批量读取``),
  with the glossary's Chinese name in the message. A few terms are also used in a short
  form, which is looked for too (:data:`SHORT_FORMS`: ``loss`` of *loss function*, written
  损失). English may stay where it is not prose: inline code, code and output blocks, math,
  the notes' own words (``{note}`` quotes and the erratum's quote, see
  ``torch_notes.evidence.markup.quotes``), a word that is part of a name (``Tensor.view``,
  ``torch.Tensor``, ``tensor()``, ``TensorDataset``), and an English parenthetical, as in
  ``张量（tensor）`` at first use;
* a link to the glossary that shows another name than the term's Chinese one
  (``{term}`批次 <batch>``` for ``{term}`批量 <batch>```);
* another word for what the glossary, or the house vocabulary (:data:`VARIANTS`), names once
  (``逐元素`` for ``按元素``, ``批次`` for ``批量``): one idea, one word, d2l-zh's where it has one;
* a word that drifted: ``单元`` alone (a cell of an example is 单元格, a unit of a layer
  神经元: :data:`DRIFTS`); and, comparing each paragraph with its English, 参数 for an
  *argument* (write 实参) or 实参 for a *parameter* (参数), a word of the other idea
  (:data:`MEANT`: 测量 where a model is *evaluated*, 步长 for a *stride*), and a repeated
  phrase in other words than its one form (:data:`PHRASES`);
* ASCII punctuation in a Chinese sentence: ``, ; : ? !`` next to a Chinese character
  (``35 仍然成立, 8 输出``), an ASCII full stop after one, and ASCII parentheses around
  Chinese text. Code, addresses and English parentheticals are left alone;
* Western typography on Chinese text: a list of inserted values (a ``{claim}`` or ``{fact}``)
  separated by ASCII ``, `` (write ``0、1、2``; a shape, which is a tuple, stands in
  parentheses: ``(5, 3)``), spaces between a link's Chinese title and the Chinese text
  around it (``见 网络搭建 。``; checked when the links are resolved), italics on
  Chinese words (Chinese does not slant its characters: write them plain, or in quotes),
  a number with thousands separators (``1,797``: write 1797), and an example's title
  without 《》 around it.

The page's prose is checked when the page has been read (after its catalog applied), and
counted as one check per page (``CheckKind.WORDING``, in the build summary); text that the
build adds later, such as the errata table's summary, is checked when the page is written.
Warnings are of type ``chinese`` (subtypes ``term``, ``punctuation`` and ``typography``), so
``-W`` fails.
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
from sphinx.transforms import SphinxTransform
from sphinx.util import logging
from sphinx.util.nodes import is_translatable

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
    "element-wise operation": ("element-wise", "按元素"),
    "worker process": ("worker", "工作进程"),
    "data loader": ("loader", "数据加载器"),
}
# One word for one idea: the word the pages use, and the variants that drifted in beside it.
# A key that is a glossary term's Chinese name (or part of it) is checked to be one.
VARIANTS = {
    # The words of d2l-zh (Dive into Deep Learning, the book these readers know), looked up in
    # its text: 批量 / 小批量 (批量大小), 迭代周期, 按元素, 隐藏单元, 汇聚, 批量规范化, 步幅.
    "批量": ("批次",),  # batch : 批量 (and 小批量 for a minibatch)
    "迭代周期": ("轮次", "每轮", "时期", "纪元"),  # epoch : 迭代周期
    "按元素": ("逐元素",),  # element-wise operation : 按元素运算
    "隐藏单元": ("隐藏神经元",),  # a unit of a hidden layer
    "汇聚": ("池化",),  # max pooling : 最大汇聚
    "批量规范化": ("批归一化", "批标准化", "批量归一化"),  # batch normalization : 批量规范化
    "索引张量": ("下标张量",),  # a tensor of indices (advanced indexing : 高级索引)
    "原地": ("就地", "原位"),  # in-place operation : 原地操作
    "叶子节点": ("叶节点", "叶子张量"),  # leaf node : 叶子节点
    "非有限值": ("非有限数",),  # inf and NaN
    "被追踪": ("受追踪",),  # recorded by autograd (requires_grad)
    "页锁定": ("锁页",),  # pinned memory: 页锁定内存
    "暂退层": ("暂退法层",),  # a dropout layer (暂退法 names the method)
}
# Words that drift between two ideas: (the word, where it counts, what to write instead).
DRIFTS = (
    (
        "单元",
        re.compile("(?<!隐藏)单元(?![格素])"),
        "单元格 for a cell of an example, 神经元 for a unit (隐藏单元 for a hidden unit)",
    ),
    ("传入的参数", re.compile("传入的参数"), "实参 for an argument (参数 is a parameter)"),
)
# Where a paragraph's English says which idea it means, the Chinese word must be that idea's:
# (what the English says, the word that would be wrong, the word to write, and what the
# English says where the other word is right too).
MEANT = (
    (
        re.compile(r"\bevaluat\w*", re.IGNORECASE),  # evaluating a model: 评估 (d2l-zh)
        "测量",
        "评估",
        re.compile(r"\bmeasur\w*|\btim(?:e|es|ed|ing|er|ers)\b", re.IGNORECASE),
    ),
    (
        re.compile(r"\bstrides?\b", re.IGNORECASE),  # a tensor's or a convolution's: 步幅
        "步长",
        "步幅",
        re.compile(r"\bsteps?\b", re.IGNORECASE),  # a step size, or arange's step: 步长
    ),
)
# Phrases the pages repeat, each with its one Chinese form: a paragraph whose English says
# the phrase says it in these words (the exercises' prompt, the notes' box, the bug hunts).
PHRASES = (
    (re.compile(r"\brun this check\b", re.IGNORECASE), "运行下面的检查"),
    (re.compile(r"\bWhat the notes? said\b"), "“笔记原文”框"),
    (re.compile(r"^Find the bug\b"), "找出错误："),
)
# An argument is 实参, a parameter 参数: a paragraph's English says which one it means.
ARGUMENT = re.compile(r"\barguments?\b", re.IGNORECASE)
PARAMETER = re.compile(r"\bparameters?\b", re.IGNORECASE)
ENGLISH = "chinese_terms_english"  # node attribute: the prose of the source, before translation
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
    """Code, math, the values the build inserts (``{claim}``, ``{fact}``) and the notes' own
    words (``note_words``, or the class ``note-quote`` of the tables that quote them), which
    keep their language, and the target of a reference
    that will show the target's title (``{doc}`hooks```), checked on its page."""
    if isinstance(node, NOT_PROSE):
        return True
    if isinstance(node, addnodes.pending_xref):
        return not node.get("refexplicit") and node.get("reftype") != "term"
    return isinstance(node, nodes.Element) and (
        attributes.NOTE_WORDS in node
        or "note-quote" in node["classes"]
        or inserted(node)  # a value the code printed (``weight、bias``), not a word of the page
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


def in_prose(pattern: re.Pattern[str], text: str, prose: list[bool]) -> list[str]:
    """Each match of ``pattern`` in the prose of ``text``, as the words around it."""
    return [
        excerpt(text, *match.span())
        for match in pattern.finditer(text)
        if all(prose[match.start() : match.end()])
    ]


def variant_words(text: str, prose: list[bool]) -> list[Problem]:
    return [
        Problem(
            "term",
            f"{variant!r} is another word for {word!r}, the one the pages use for this idea: "
            f"{words}",
        )
        for word, variants in VARIANTS.items()
        for variant in variants
        for words in in_prose(re.compile(re.escape(variant)), text, prose)
    ]


def drifted_words(text: str, prose: list[bool]) -> list[Problem]:
    return [
        Problem("term", f"{word!r} drifts between two ideas; write {wanted}: {words}")
        for word, pattern, wanted in DRIFTS
        for words in in_prose(pattern, text, prose)
    ]


def argument_words(text: str, prose: list[bool], english: str) -> list[Problem]:
    """参数 where the English says *argument*, 实参 where it says *parameter*."""
    argument, parameter = ARGUMENT.search(english), PARAMETER.search(english)
    if bool(argument) == bool(parameter):
        return []  # neither, or both: the words alone cannot say which is which
    wrong, right, meant = (
        ("参数", "实参", "argument") if argument else ("实参", "参数", "parameter")
    )
    return [
        Problem("term", f"{wrong!r} for {meant!r} (the English says {meant}); write {right}: {w}")
        for w in in_prose(re.compile(wrong), text, prose)
    ]


def meant_words(text: str, prose: list[bool], english: str) -> list[Problem]:
    """测量 where the English evaluates a model, 步长 where it means a stride (:data:`MEANT`)."""
    return [
        Problem("term", f"{wrong!r} where the English says {said.group(0)!r}; write {right}: {w}")
        for pattern, wrong, right, also in MEANT
        if (said := pattern.search(english)) and not also.search(english)
        for w in in_prose(re.compile(wrong), text, prose)
    ]


def phrase_renderings(text: str, english: str) -> list[Problem]:
    """A repeated phrase of the English (:data:`PHRASES`) in other Chinese words than its one form."""
    return [
        Problem(
            "term",
            f"the English says {said.group(0)!r}, which the pages write {chinese!r}: "
            f"{' '.join(text[:60].split())}…",
        )
        for pattern, chinese in PHRASES
        if (said := pattern.search(english.strip())) and chinese not in text
    ]


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


# -- Typography: what Western text does that Chinese does not ---------------------------------

# Values inserted into prose, separated as English separates them: "0, 1, 2", "5, 3".
ASCII_LIST = re.compile(r"[^\s,，、()（）\[\]]+(?:, [^\s,，、()（）\[\]]+)+")
# What may stand right before or after a link's title in Chinese text: ideographs, CJK and
# full-width punctuation, and the curly quotes Chinese uses.
CHINESE_SIDE = re.compile(f"[{sitewide.CJK_RANGES}\u2018\u2019\u201c\u201d]")


def spans(block: nodes.Element, wanted: Any) -> tuple[str, list[tuple[int, int, nodes.Element]]]:
    """The block's text, and where in it each element that ``wanted`` accepts stands."""
    text: list[str] = []
    found: list[tuple[int, int, nodes.Element]] = []
    length = 0

    def visit(node: nodes.Node) -> None:
        nonlocal length
        if isinstance(node, nodes.Text):
            text.append(str(node))
            length += len(node)
            return
        start = length
        for child in node.children:
            visit(child)
        if isinstance(node, nodes.Element) and node is not block and wanted(node):
            found.append((start, length, node))

    visit(block)
    return "".join(text), found


def inserted(node: nodes.Element) -> bool:
    return bool(node.get(attributes.CLAIM_KEY)) or attributes.FACT_KEY in node


def inserted_lists(block: nodes.Element) -> list[Problem]:
    """A claim or fact that shows values as "a, b, c", unless it is a tuple: "(5, 3)"."""
    text, values = spans(block, inserted)
    found = []
    for start, end, _node in values:
        shown = text[start:end].strip()
        if not ASCII_LIST.fullmatch(shown):
            continue
        if text[start - 1 : start] in ("(", "[") and text[end : end + 1] in (")", "]"):
            continue  # a shape or a Python list, written as Python writes it
        found.append(
            Problem(
                "typography",
                f"inserted values {shown!r} separated by ASCII ', ' in a Chinese sentence; "
                f"write {'、'.join(shown.split(', '))!r}, or, for a shape, "
                f"({shown}) in parentheses: {excerpt(text, start, end)}",
            )
        )
    return found


def grouped_numbers(text: str, prose: list[bool]) -> list[Problem]:
    return [
        Problem(
            "typography",
            f"a number with thousands separators in Chinese prose; the pages write "
            f"{words.split('[')[1].split(']')[0].replace(',', '')}: {words}",
        )
        for words in in_prose(sitewide.THOUSANDS, text, prose)
    ]


def chinese_italics(block: nodes.Element) -> list[Problem]:
    found = []
    for node in block.findall(nodes.emphasis):
        if not_prose(node) or any(not_prose(a) for a in ancestors(node)):
            continue
        if HAN.search(node.astext()):
            found.append(
                Problem(
                    "typography",
                    f"italics on Chinese text {node.astext()!r}; Chinese does not slant its "
                    "characters: write it plain, or in quotes (“…”)",
                )
            )
    return found


def example_link(node: nodes.Element) -> bool:
    """A reference to a gallery example that shows the example's title (``{ref}`sphx_glr_...```)."""
    return (
        isinstance(node, addnodes.pending_xref)
        and node.get("reftarget", "").startswith("sphx_glr_")
        and not node.get("refexplicit")
    )


def bare_example_titles(block: nodes.Element) -> list[Problem]:
    """An example's title without 《》 around it: the title would run into the sentence
    (取自示例视图、副本与原地操作 reads as one phrase). Chinese quotes a work's title in 《》."""
    text, links = spans(block, example_link)
    return [
        Problem(
            "typography",
            f"the title of example {node['reftarget']!r} stands without 《》; write "
            f"《{{ref}}`{node['reftarget']}`》: {excerpt(text, start, end)}",
        )
        for start, end, node in links
        if text[start - 1 : start] != "《" or text[end : end + 1] != "》"
    ]


def spaced_links(block: nodes.Element) -> list[Problem]:
    """A link whose Chinese title is set off by spaces from the Chinese text around it."""
    text, links = spans(block, lambda node: isinstance(node, nodes.reference))
    found = []
    for start, end, _node in links:
        title = text[start:end]
        if not title.strip():
            continue
        before = HAN.match(title[0]) and re.search(r"\s+$", text[:start])
        after = HAN.match(title[-1]) and re.match(r"\s+", text[end:])
        for side, space in (("before", before), ("after", after)):
            if not space:
                continue
            beyond = (
                text[: space.start()][-1:] if side == "before" else text[end + space.end() :][:1]
            )
            if CHINESE_SIDE.match(beyond or "x"):
                found.append(
                    Problem(
                        "typography",
                        f"a space {side} the link {title!r} in Chinese text; Chinese sets no "
                        f"space around a Chinese title: {excerpt(text, start, end)}",
                    )
                )
    return found


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


def chinese_prose(text: str, prose: list[bool]) -> bool:
    return any(p and HAN.match(c) for c, p in zip(text, prose, strict=True))


def problems(block: nodes.Element, known: tuple[Term, ...]) -> list[Problem]:
    """What is wrong with the Chinese of one block; nothing when it is not Chinese prose.

    The block's English (``ENGLISH``, kept by :class:`RememberEnglish`) says whether its
    参数 is an argument or a parameter."""
    text, prose = read_block(block)
    if not chinese_prose(text, prose):
        return []
    english = block.get(ENGLISH, "")
    return (
        english_terms(text, prose, known)
        + variant_words(text, prose)
        + drifted_words(text, prose)
        + argument_words(text, prose, english)
        + meant_words(text, prose, english)
        + phrase_renderings(text, english)
        + term_links(block, known)
        + ascii_punctuation(text, prose)
        + grouped_numbers(text, prose)
        + inserted_lists(block)
        + chinese_italics(block)
        + bare_example_titles(block)
    )


def written_problems(block: nodes.Element) -> list[Problem]:
    """What shows only once references are resolved: the titles of links."""
    text, prose = read_block(block)
    return spaced_links(block) if chinese_prose(text, prose) else []


def prose_text(node: nodes.Element) -> str:
    text, prose = read_block(node)
    return "".join(c if p else " " for c, p in zip(text, prose, strict=True))


class RememberEnglish(SphinxTransform):
    """Before the catalogs apply: the English prose of each block, for :func:`argument_words`."""

    default_priority = 11  # sphinx.transforms.i18n.Locale runs at 20

    def apply(self, **kwargs: Any) -> None:
        if not (self.config.language or "").startswith("zh"):
            return
        for node in self.document.findall(is_translatable):
            assert isinstance(node, nodes.Element)  # is_translatable() says so
            node[ENGLISH] = prose_text(node)


# -- Sphinx ---------------------------------------------------------------------------------


def chinese_build(app: Sphinx) -> bool:
    return (app.config.language or "").startswith("zh") and app.builder.format == "html"


def glossary_of(app: Sphinx) -> tuple[Term, ...]:
    path = Path(app.srcdir, app.config.chinese_terms_glossary)
    return terms(path)


def check_blocks(app: Sphinx, doctree: nodes.Node, docname: str, *, written: bool) -> int:
    """Check each block once when the page is read; when it is written, the blocks the build
    added since, and every block's links (their titles are known only then)."""
    known = glossary_of(app)
    shown = page_catalog(app.config, docname)
    found = 0
    for block in list(doctree.findall(is_block)):
        assert isinstance(block, nodes.TextElement)  # is_block() says so
        seen = bool(block.get(CHECKED))
        block[CHECKED] = True
        here = [] if seen else problems(block, known)
        here += written_problems(block) if written else []
        block.attributes.pop(ENGLISH, None)  # the doctree is pickled: keep it lean
        for problem in here:
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
    found = check_blocks(app, doctree, app.env.docname, written=False)
    record_check(app.env, CheckKind.WORDING, app.env.docname, not found)


def check_written(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Text the build added after reading: generated tables, their summaries."""
    if chinese_build(app):
        check_blocks(app, doctree, docname, written=True)


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
    app.add_transform(RememberEnglish)
    app.connect("config-inited", check_glossary)
    app.connect("doctree-read", check_read)
    app.connect("doctree-resolved", check_written)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
