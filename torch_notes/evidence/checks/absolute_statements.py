"""Every absolute sentence carries its evidence, is bounded, or was reviewed, in each language.

A sentence that generalises ("only CPU tensors", "refused at once", 所有, 只能 …: the words
are :data:`ABSOLUTES`, per language) can be false while every value on its page holds. Each
such sentence of a narrative page must do one of three things:

- carry a ``{claim}``, ``{fact}``, ``{since}`` or ``{cited}`` document that covers it;
- be bounded by the releases it speaks of ("on 2.6–2.14", :data:`BOUND`);
- stand in its language's reviewed list (``docs/reviewed_absolutes/<language>.toml``, config
  ``evidence_reviewed_absolutes`` names the folder), word for word as the reader sees it,
  with the reason a reviewer accepted it::

      [[sentence]]
      page = "tensors/memory"
      text = "Basic indexing never copies: …"
      reason = "basic indexing is defined as returning a view; no release copies"

The build fails naming the page, the line and the sentence of any other, in the language it
builds, and on a reviewed sentence that no page has any more; each absolute sentence counts as
a check. Words of the notes (``{note}`` quotes) and inline code are not the site's sentences,
and an exercise's task is an instruction, not a statement (its solution's sentences are
checked); gallery pages are left out, their prose sits beside the executed code that shows it.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from pathlib import Path

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.locale import get_translation
from sphinx.util import logging
from sphinx.util.nodes import is_translatable

from torch_notes.evidence.checks.history_statements import is_evidence
from torch_notes.evidence.checks.topic_shape import title_of
from torch_notes.evidence.markup.exercises import solution
from torch_notes.evidence.model import attributes
from torch_notes.evidence.model.records import CheckKind
from torch_notes.evidence.store.domain import evidence_domain, record_check
from torch_notes.sitewide import example_script

logger = logging.getLogger(__name__)
_ = get_translation("torch_notes")

ABSOLUTES = {
    "en": re.compile(
        r"\b(?:always|never|only|every|everything|all|any|anything|cannot|can't|"
        r"at once|whatever|whichever|none)\b",
        re.IGNORECASE,
    ),
    "zh_CN": re.compile(
        r"总是|总会|始终|永远|从不|从来不|从未|只有|只能|只会|仅仅|所有|任何|一定|必须|"
        r"无论|不管|每个|每一|全部|一律|立即|立刻"
    ),
}
# A release range bounds a sentence: "on 2.6–2.14", "2.0–2.5 上", "from 2.7 on".
BOUND = re.compile(r"\b2\.\d+\s*[–-]\s*2\.\d+\b|\b(?:on|from|since|before|until) 2\.\d+\b")
EVIDENCE = "\N{OBJECT REPLACEMENT CHARACTER}"  # stands for a claim, fact or cited document
OPAQUE = "\N{REPLACEMENT CHARACTER}"  # stands for inline code or the notes' words
SENTENCE_END = re.compile(r"(?<=[.!?])\s+|(?<=[。！？；])")


def sentences(paragraph: nodes.Element) -> Iterator[tuple[str, str]]:
    """``(prose, shown)`` per sentence: in the prose, evidence is :data:`EVIDENCE` and code or
    the notes' words are :data:`OPAQUE`; ``shown`` is the sentence as a reader sees it."""
    parts: list[str] = []
    opaque: list[str] = []

    def visit(element: nodes.Element) -> None:
        for child in element.children:
            if is_evidence(child):
                parts.append(EVIDENCE)
                opaque.append(child.astext())
            elif isinstance(child, nodes.literal) or (
                isinstance(child, nodes.Element) and attributes.NOTE in child
            ):
                parts.append(OPAQUE)
                opaque.append(child.astext())
            elif isinstance(child, nodes.Element):
                visit(child)
            else:
                parts.append(child.astext())

    visit(paragraph)
    hidden = iter(opaque)
    for prose in SENTENCE_END.split(" ".join("".join(parts).split())):
        if prose.strip():
            yield prose, re.sub(f"[{EVIDENCE}{OPAQUE}]", lambda _: next(hidden), prose)


def normalised(text: str) -> str:
    return " ".join(text.split())


def reviewed_file(folder: str, language: str) -> Path:
    return Path(folder, f"{language}.toml")


def reviewed(folder: str, language: str) -> tuple[dict[tuple[str, str], str], list[str]]:
    """``{(page, sentence): reason}`` of the language, and what is wrong with its file."""
    file = reviewed_file(folder, language)
    if not file.is_file():
        return {}, [f"no reviewed list {file}"]
    try:
        entries = tomllib.loads(file.read_text(encoding="utf-8")).get("sentence", [])
    except tomllib.TOMLDecodeError as err:
        return {}, [f"{file.name} is not TOML: {err}"]
    found, problems = {}, []
    for number, entry in enumerate(entries, start=1):
        if {"page", "text", "reason"} - entry.keys() or not str(entry["reason"]).strip():
            problems.append(f"{file.name}: sentence {number} needs page, text and a reason")
            continue
        found[(entry["page"], normalised(entry["text"]))] = entry["reason"]
    return found, problems


def check_absolute_statements(app: Sphinx, doctree: nodes.document) -> None:
    env = app.env
    language = app.config.language or "en"
    absolute = ABSOLUTES.get(language)
    path = app.config.evidence_reviewed_absolutes
    if absolute is None or not path:
        return
    if example_script(app.srcdir, app.config, env.docname) is not None:
        return  # a gallery page: the executed code and its output stand beside the prose
    env.note_dependency(str(reviewed_file(path, language)))  # read again when reviews change
    accepted, _problems = reviewed(path, language)  # reported once (check_reviews_in_use)
    for paragraph in doctree.findall(nodes.paragraph):
        if not is_translatable(paragraph):
            continue  # generated by a directive (the errata table), not written by an author
        if is_exercise_task(paragraph):
            continue
        for prose, shown in sentences(paragraph):
            if not absolute.search(prose.replace(OPAQUE, " ")):
                continue
            sentence = normalised(shown)
            backed = EVIDENCE in prose or bool(BOUND.search(prose))
            ok = backed or (env.docname, sentence) in accepted
            record_check(env, CheckKind.ABSOLUTE, sentence, ok)
            if not ok:
                logger.warning(
                    "an absolute statement with no evidence: %r; add the {claim}, {fact} or "
                    '{cited} document that covers it, bound it ("on 2.6–2.14"), or review it '
                    "in %s with its reason",
                    sentence,
                    reviewed_file(path, language),
                    location=paragraph,
                    type="evidence",
                    subtype="absolute",
                )


def is_exercise_task(paragraph: nodes.Element) -> bool:
    """Whether the paragraph sets an exercise (in the section Exercises, outside a solution)."""
    node: nodes.Node | None = paragraph
    while node is not None:
        if isinstance(node, solution):
            return False
        if isinstance(node, nodes.section):
            return title_of(node) == _("Exercises")
        node = node.parent
    return False


def check_reviews_in_use(app: Sphinx, env: BuildEnvironment) -> None:
    """Every reviewed sentence of this language is still on its page, and the file is sound."""
    language = app.config.language or "en"
    path = app.config.evidence_reviewed_absolutes
    if language not in ABSOLUTES or not path:
        return
    accepted, problems = reviewed(path, language)
    on_pages = {
        (docname, check.subject)
        for docname, checks in evidence_domain(env).checks().items()
        for check in checks
        if check.kind is CheckKind.ABSOLUTE
    }
    for page, sentence in sorted(accepted.keys() - on_pages):
        problems.append(f"reviewed, but not on {page} any more: {sentence!r}; remove it")
    for problem in problems:
        logger.warning("absolutes: %s", problem, type="evidence", subtype="absolute")
