"""Every general statement carries its evidence, is bounded, or rests on a probe, in each language.

A sentence that says how PyTorch behaves in general can be false while every value on its page
holds. The check finds such sentences on every narrative page two ways: by their words ("only
CPU tensors", "refused at once", 所有, 只能 …: :data:`ABSOLUTES`, per language), and by their
meaning (:func:`is_statement_by_meaning`: a present-tense sentence naming an API in inline
code, :data:`API_CODE_PATTERN`, or PyTorch). Each is backed (:func:`backing_of`) by

- a ``{claim}``, ``{fact}``, ``{since}`` or ``{cited}`` document that covers it ("claim");
- a bound to the releases ("on 2.6–2.14", :data:`BOUND`) or to the example ("here",
  :data:`EXAMPLE_BOUND`) ("bound");
- its entry in its language's list (``docs/reviewed_absolutes/<language>.toml``, config
  ``evidence_reviewed_absolutes``), word for word as the reader sees it, naming the probe that
  tries its edge cases (``probes/``, ``execution.statement_probes``) or, for a sentence about
  this site, the module whose check makes it true::

      [[sentence]]
      page = "tensors/operations"
      text = "torch.cat joins tensors along a dimension they already have: …"
      probe = "tensors/cat_other_sizes"

The build fails naming the page, the line and the sentence when one has no backing, when a
probe's case is refuted on this build's PyTorch or in a supported release's record (naming the
case and what happened), when a sentence names an API whose one probe it does not rest on
(``API = (...)`` in the probe), and on a listed sentence that no page has any more or that names
no probe. Each general statement is a check (``CheckKind.ABSOLUTE``), its backing the check's
detail, which the summary counts (its ``general:`` line). Sentences are read for their meaning
on the pages that teach (topic pages and the glossary; an entry of a list of pages is a
pointer, and a sentence reporting a note is the note's); absolute words are read everywhere.
Words of the notes (``{note}`` quotes) and inline code are not the site's sentences; an
exercise's task and a learning objective are instructions, not statements (a solution's
sentences are checked); gallery pages are left out, their prose sits beside the executed code.
"""

from __future__ import annotations

import contextlib
import importlib.util
import re
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.environment import BuildEnvironment
from sphinx.locale import get_translation
from sphinx.util import logging
from sphinx.util.nodes import is_translatable

from torch_notes.evidence.checks.history_statements import is_evidence
from torch_notes.evidence.checks.topic_shape import is_topic, title_of
from torch_notes.evidence.execution.release_records import supported
from torch_notes.evidence.execution.statement_probes import (
    PROBE_PREFIX,
    REFUTED,
    ProbeRunner,
    all_probes,
    declared_apis,
)
from torch_notes.evidence.markup.exercises import solution
from torch_notes.evidence.model import attributes
from torch_notes.evidence.model.names import defined_names
from torch_notes.evidence.model.records import CheckKind
from torch_notes.evidence.store.domain import evidence_domain, record_check
from torch_notes.paths import PROBES
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
# Words that bound a sentence to the case the page shows: "here", "in this example", 本例.
EXAMPLE_BOUND = {
    "en": re.compile(
        r"\b(?:here|this example|the example|this build|this run|this seed|this model|"
        r"in this case|this page)\b|\b(?:above|below)\b(?!\s*(?:-?\d|zero|one\b))",  # not "above 0"
        re.IGNORECASE,
    ),
    "zh_CN": re.compile(
        r"这里|此处|本例|这个例子|示例中|本次构建|这次运行|这次构建|上面|下面|上例|本页"
    ),
}
# A present-tense statement about what PyTorch does: its verbs, per language.
PRESENT_TENSE_ZH = re.compile(
    r"会|返回|给出|抛出|报错|复制|拷贝|共享|需要|要求|保留|记录|拒绝|重建|跳过|必须|不能|"
    r"可以|能够|得到|生成|变成|保持|释放|累加|存储|保存|读取|写入|移动|等于|相同|不同|取决于"
)
PRESENT_TENSE = re.compile(
    r"\b(?:is|are|returns?|gives?|raises?|copies|shares?|needs?|requires?|keeps?|runs?|"
    r"records?|refuses?|makes?|has|have|does|do|can|must|works?|computes?|accumulates?|"
    r"frees?|stores?|holds?|takes?|becomes?|stays?|rebuilds?|zeroes|skips?|sets?|adds?|"
    r"changes?|fails?|reads?|writes?|moves?|calls?|uses?|creates?|builds?)\b"
)
# Inline code that names an API (torch.cat, .backward(), nn.Linear, weights_only=True), as
# opposed to a name of the example's own code (x, out, model).
API_CODE_PATTERN = re.compile(
    r"^(?:torch|nn|F|optim|np|numpy)\.|\(|^\.|^[A-Z][A-Za-z0-9]+$|^[a-z_]+=|^[a-z]+_[a-z_]+$"
)
EVIDENCE = "\N{OBJECT REPLACEMENT CHARACTER}"  # stands for a claim, fact or cited document
OPAQUE = "\N{REPLACEMENT CHARACTER}"  # stands for inline code or the notes' words
API_CODE = "\N{INVISIBLE SEPARATOR}"  # stands for inline code that names an API
SENTENCE_END = re.compile(r"(?<=[.!?])\s+|(?<=[。！？；])")


@dataclass(frozen=True)
class Sentence:
    prose: str  # evidence is EVIDENCE, API code API_CODE, other code and the notes' words OPAQUE
    shown: str  # the sentence as a reader sees it
    apis: tuple[str, ...]  # the inline code in it that names an API


def names_api(code: str, own: frozenset[str]) -> bool:
    """Whether inline code names an API, not a function or class of the site's own examples
    (``save_checkpoint(path)``, ``CSVDigits``: what the page shows and runs)."""
    root = re.match(r"[A-Za-z_]\w*", code)
    return bool(API_CODE_PATTERN.search(code)) and not (root and root[0] in own)


@cache
def own_names(*folders: str) -> frozenset[str]:
    """The functions and classes that the examples and fragments under ``folders`` define."""
    found: set[str] = set()
    for folder in folders:
        for script in sorted(Path(folder).rglob("*.py")):
            with contextlib.suppress(SyntaxError):  # a note's fragment may not parse
                found |= defined_names(script.read_text(encoding="utf-8"))
    return frozenset(found)


def sentences(paragraph: nodes.Element, own: frozenset[str] = frozenset()) -> Iterator[Sentence]:
    """Each sentence of a paragraph (:class:`Sentence`); ``own``: the names of the site's own
    examples, which are not APIs."""
    parts: list[str] = []
    opaque: list[str] = []

    def visit(element: nodes.Element) -> None:
        for child in element.children:
            if is_evidence(child):
                parts.append(EVIDENCE)
                opaque.append(child.astext())
            elif isinstance(child, nodes.literal) and names_api(child.astext(), own):
                parts.append(API_CODE)
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
        if not prose.strip():
            continue
        apis: list[str] = []

        def restore(match: re.Match[str], apis: list[str] = apis) -> str:
            text = next(hidden)
            if match[0] == API_CODE:
                apis.append(text)
            return text

        shown = re.sub(f"[{EVIDENCE}{OPAQUE}{API_CODE}]", restore, prose)
        yield Sentence(prose, shown, tuple(apis))


def normalised(text: str) -> str:
    return " ".join(text.split())


def reviewed_file(folder: str, language: str) -> Path:
    return Path(folder, f"{language}.toml")


@dataclass(frozen=True)
class Review:
    """What a reviewed sentence rests on: a probe of PyTorch's behaviour, or (for a sentence
    about this site) the module of the site whose check makes it true."""

    probe: str = ""  # probes/<name>.py
    enforced_by: str = ""  # torch_notes.<module>
    reason: str = ""  # optional words for the reader of the file; never evidence alone

    @property
    def backing(self) -> str:
        return "probe" if self.probe else "site"


def reviewed(
    folder: str, language: str, probes_dir: str = str(PROBES)
) -> tuple[dict[tuple[str, str], Review], list[str]]:
    """``{(page, sentence): review}`` of the language, and what is wrong with its file."""
    file = reviewed_file(folder, language)
    if not file.is_file():
        return {}, [f"no reviewed list {file}"]
    try:
        entries = reviewed_entries(file.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as err:
        return {}, [f"{file.name} is not TOML: {err}"]
    found, problems = {}, []
    probes = set(all_probes(Path(probes_dir))) if probes_dir else set()
    for number, entry in enumerate(entries, start=1):
        where = f"{file.name}: sentence {number} ({entry.get('text', '')[:60]!r})"
        backings = [key for key in ("probe", "enforced_by") if entry.get(key)]
        if {"page", "text"} - entry.keys() or len(backings) != 1:
            problems.append(
                f"{where} needs page, text and one of probe (a file of probes/ that tries the "
                "sentence's edge cases) or enforced_by (the torch_notes module whose check "
                "makes a sentence about this site true); a reason alone is no evidence"
            )
            continue
        review = Review(
            entry.get("probe", ""), entry.get("enforced_by", ""), entry.get("reason", "")
        )
        if review.probe and review.probe not in probes:
            problems.append(f"{where}: no probe probes/{review.probe}.py")
            continue
        if review.enforced_by and not module_exists(review.enforced_by):
            problems.append(f"{where}: no module {review.enforced_by} enforces it")
            continue
        found[(entry["page"], normalised(entry["text"]))] = review
    return found, problems


@lru_cache(maxsize=8)
def reviewed_entries(text: str) -> tuple[dict[str, Any], ...]:
    """The ``[[sentence]]`` tables of a reviewed list, parsed once per text: every page with
    general statements reads the list, and parsing TOML costs far more than reading it."""
    return tuple(tomllib.loads(text).get("sentence", []))


def module_exists(name: str) -> bool:
    if not name.startswith("torch_notes."):
        return False
    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:
        return False


def refutations(env: BuildEnvironment, probe: str) -> list[str]:
    """What refutes a probe's sentence: a case refuted on this build's PyTorch, or in the
    record of a supported release (``nox -s history``). A record made before a case was
    changed or removed holds no evidence about today's case: the summary counts the releases
    whose record lacks a probe's cases (``commands.build_site.unrecorded_probes``)."""
    run = ProbeRunner.for_env(env).result(probe)
    found = [
        f"case {case.name} ({case.edge}): {case.detail}, on this build's torch"
        for case in run.refuted
    ]
    prefix = f"{PROBE_PREFIX}.{probe}."
    for record in supported(env):
        for case in run.cases:
            value = str(record.facts.get(prefix + case.name, ""))
            if value.startswith(REFUTED):
                found.append(
                    f"case {case.name}: {value.removeprefix(REFUTED + ': ')}, "
                    f"on {record.release} (history/torch-{record.release.split('+')[0]}.json)"
                )
    return found


# A sentence that reports what a note says ("Note 004 says ...", 笔记 001 ...): the notes'
# claims are checked as errata, against what PyTorch does now.
REPORTS_A_NOTE = re.compile(r"^\s*(?:Note \d{3}\b|The notes?\b|笔记\s*\d{3}|这篇笔记|笔记)")


def teaches(config: Config, docname: str, doctree: nodes.document) -> bool:
    """Whether a page teaches PyTorch, so that its sentences are read for their meaning too:
    a topic page, or a glossary (the site's and sections' front pages point to them)."""
    return is_topic(config, docname) or doctree.next_node(addnodes.glossary) is not None


def is_pointer(paragraph: nodes.Element) -> bool:
    """A paragraph that opens with a link to another page ("lifetime: what backward() keeps
    ..."): an entry of a list of pages, which says what the page holds, not how PyTorch behaves."""
    first = paragraph.children[0] if paragraph.children else None
    return isinstance(first, addnodes.pending_xref) and first.get("reftype") == "doc"


def is_statement_by_meaning(prose: str, language: str) -> bool:
    """Whether a sentence without an absolute word still states how PyTorch behaves: it names
    an API (or PyTorch) in the present tense, does not report what a note says, and does not
    introduce the code that follows."""
    if API_CODE not in prose and "PyTorch" not in prose:
        return False
    if REPORTS_A_NOTE.match(prose):
        return False
    if prose.rstrip().endswith((":", "：")):
        return False
    plain = prose.replace(OPAQUE, " ").replace(API_CODE, " ")
    return bool((PRESENT_TENSE if language == "en" else PRESENT_TENSE_ZH).search(plain))


def backing_of(prose: str, language: str, review: Review | None) -> str:
    """How a general sentence is backed: probe or site (listed), claim, bound, or none."""
    if review is not None:
        return review.backing
    if EVIDENCE in prose:
        return "claim"
    if BOUND.search(prose) or EXAMPLE_BOUND[language].search(prose):
        return "bound"
    return "none"


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
    # Problems of the file are reported once (check_reviews_in_use).
    accepted, _problems = reviewed(path, language, app.config.evidence_probes_dir)
    probes_dir = app.config.evidence_probes_dir
    declared = declared_apis(Path(probes_dir)) if probes_dir else {}
    gallery = getattr(app.config, "sphinx_gallery_conf", None) or {}
    examples = [str(Path(app.srcdir, d)) for d in gallery.get("examples_dirs", [])]
    own = own_names(*examples, *([app.config.snippets_dir] if app.config.snippets_dir else []))
    for paragraph in doctree.findall(nodes.paragraph):
        if not is_translatable(paragraph):
            continue  # generated by a directive (the errata table), not written by an author
        if is_exercise_task(paragraph) or is_objective(paragraph):
            continue
        by_meaning_here = teaches(app.config, env.docname, doctree) and not is_pointer(paragraph)
        for found in sentences(paragraph, own):
            prose, sentence = found.prose, normalised(found.shown)
            review = accepted.get((env.docname, sentence))
            has_absolute = bool(absolute.search(prose.replace(OPAQUE, " ").replace(API_CODE, " ")))
            by_meaning = by_meaning_here and is_statement_by_meaning(prose, language)
            # A sentence naming an API whose behaviour one probe states is about that behaviour.
            owners = {declared[api] for api in found.apis if api in declared}
            if not (has_absolute or review or by_meaning or owners):
                continue
            backing = backing_of(prose, language, review)
            refuted = refutations(env, review.probe) if review and review.probe else []
            # Every general statement must be backed, and its probe not refuted; the summary
            # counts them by their backing (the check's detail).
            ok = backing != "none" and not refuted
            record_check(env, CheckKind.ABSOLUTE, sentence, ok, detail=backing)
            if backing == "none":
                logger.warning(
                    "a general statement with no evidence: %r (%s); add the {claim}, {fact} or "
                    '{cited} document that covers it, bound it ("on 2.6–2.14", "here"), or '
                    "list it in %s with the probe that tries its edge cases (probes/)",
                    sentence,
                    "an absolute word"
                    if has_absolute
                    else "it names "
                    + (", ".join(found.apis) or "PyTorch")
                    + " in the present tense",
                    reviewed_file(path, language),
                    location=paragraph,
                    type="evidence",
                    subtype="absolute",
                )
            if backing not in ("claim", "bound") and owners - {review and review.probe}:
                logger.warning(
                    "a statement of how %s behaves that does not rest on probes/%s.py, the one "
                    "place that states it: %r; list it in %s with that probe (and link the page "
                    "that explains it) so that two pages cannot say it two ways",
                    ", ".join(api for api in found.apis if api in declared),
                    ", probes/".join(sorted(owners)),
                    sentence,
                    reviewed_file(path, language),
                    location=paragraph,
                    type="evidence",
                    subtype="absolute",
                )
            if refuted:
                logger.warning(
                    "a general statement its probe refutes: %r; probes/%s.py: %s; correct the "
                    "sentence (and its probe), or bound it to where it holds",
                    sentence,
                    review.probe if review else "",
                    "; ".join(refuted),
                    location=paragraph,
                    type="evidence",
                    subtype="absolute",
                )


def is_objective(paragraph: nodes.Element) -> bool:
    """Whether the paragraph is a learning objective: an item of the list that a topic page
    opens with ("After this page you can: ..."), before its first section, after a paragraph
    that ends with a colon. Like an exercise's task, it says what the reader will do."""
    item = paragraph.parent
    if not isinstance(item, nodes.list_item) or not isinstance(item.parent, nodes.bullet_list):
        return False
    listing = item.parent
    section = listing.parent
    if not isinstance(section, nodes.section) or not isinstance(section.parent, nodes.document):
        return False  # not in the page's own opening, before its first section
    before = section.index(listing)
    if any(isinstance(node, nodes.section) for node in section.children[:before]):
        return False
    lead = section.children[before - 1] if before else None
    return isinstance(lead, nodes.paragraph) and lead.astext().rstrip().endswith((":", "："))


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
    accepted, problems = reviewed(path, language, app.config.evidence_probes_dir)
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
