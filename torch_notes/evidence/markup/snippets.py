"""The notes' own code fragments, executed at build time and shown with what they print now.

Each fragment is a file in ``snippets/``, kept verbatim from a note. A page shows one with::

    ```{snippet} autograd_add_two
    :note: 001
    :expect: changed

    tensor([[3., 3.],
            [3., 3.]], grad_fn=<AddBackward>)
    ```

The page then shows the code, what the note printed (the directive's body, checked to be
in note 001), and what the installed PyTorch prints. ``:expect:`` states how the two relate
and is checked on every build: ``same``, ``changed``, ``raises`` (the fragment now fails)
or ``runs``. Each fragment runs once per source and torch version, in a fresh namespace,
in a temporary folder, with seeded random generators; memory addresses are masked.

Results are facts too: ``{claim}`RuntimeError <snippets.name.error_type>``` (see ``markup.facts``);
the keys are ``output``, ``error`` (``Type: message``), ``error_type``, ``warnings``
and ``line1``, ``line2`` ... (each printed line; a number where it reads as one).
A snippet with ``:note:`` is a row of the errata table. Where the note's code or output holds
Chinese (its comments), ``:quote-en:`` gives the English, shown under the code on English
pages and in the errata table (when the row quotes the Chinese words); write the value in
double quotes when it starts with ``#`` (MyST reads an option that starts with ``#`` as a
comment). Each Chinese comment of the code needs its English there, one ``# ...`` gloss per
comment in the code's order, joined by `` · ``: the English build fails, naming the page, the
block and the fragment's file, on a Chinese comment an English reader could not read
(:func:`unglossed_comments`). Chinese pages show the comments alone.
"""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path
from typing import ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.environment import BuildEnvironment
from sphinx.locale import get_translation
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from torch_notes import sitewide
from torch_notes.evidence.execution.expected_outputs import SNIPPET_KEY, comparison
from torch_notes.evidence.execution.snippet_runner import (
    SNIPPET_PREFIX,
    SnippetRun,
    SnippetRunner,
    shown_key,
)
from torch_notes.evidence.markup.pending import replace
from torch_notes.evidence.markup.quotes import (
    check_quote,
    is_source_language,
    translation_nodes,
    untranslated,
)
from torch_notes.evidence.model import attributes
from torch_notes.evidence.model.ledger import Place
from torch_notes.evidence.model.records import (
    CheckKind,
    Executed,
    Outcome,
    Row,
    RowSource,
    installed_torch,
)
from torch_notes.evidence.model.text import printed_text
from torch_notes.evidence.store.domain import evidence_domain, record_check

_ = get_translation("torch_notes")
logger = logging.getLogger(__name__)

EXPECTATIONS = ("same", "changed", "raises", "runs")


def highlight_language(code: str) -> str:
    """Python, unless the note's code is not valid Python (then Pygments would choke on it)."""
    try:
        compile(code, "<snippet>", "exec")
    except SyntaxError:
        return "none"
    return "python"


def comments(code: str) -> list[str]:
    """The code's comments, in order; by line where the note's code does not tokenize (a ``#``
    inside a string then reads as a comment too, which errs towards asking for a gloss)."""
    try:
        return [
            token.string
            for token in tokenize.generate_tokens(io.StringIO(code).readline)
            if token.type == tokenize.COMMENT
        ]
    except (tokenize.TokenError, SyntaxError):
        return [line[line.index("#") :] for line in code.splitlines() if "#" in line]


GLOSS = re.compile(r"(?:^|\s)#\s*\S")  # where a comment's English starts in :quote-en:


def unglossed_comments(code: str, english: str) -> str | None:
    """The problem with the code's Chinese comments on an English page: more of them than
    English comments in ``english`` (the first ones are taken as glossed), or a gloss that
    is itself Chinese."""
    chinese = [comment for comment in comments(code) if sitewide.HAN.search(comment)]
    if not chinese:
        return None
    if sitewide.HAN.search(english):
        return f":quote-en: {english!r} holds Chinese; give the comments' English"
    glossed = len(GLOSS.findall(english))
    if glossed >= len(chinese):
        return None
    missing = ", ".join(repr(comment) for comment in chinese[glossed:])
    return (
        f"{len(chinese)} Chinese comment(s) in the code, {glossed} English gloss(es) in "
        f":quote-en:; add the English of {missing} (`# English · # English`, in the "
        "code's order)"
    )


class SnippetDirective(SphinxDirective):
    """Marks where a fragment is shown; :func:`show_snippets` runs it and shows it."""

    required_arguments = 1
    has_content = True
    option_spec: ClassVar = {
        "note": directives.unchanged_required,
        "expect": lambda arg: directives.choice(arg, EXPECTATIONS),
        # The English of the Chinese in the note's code (its comments), for the errata table.
        "quote-en": directives.unchanged_required,
    }

    def run(self) -> list[nodes.Node]:
        node = pending_snippet(
            name=self.arguments[0],
            note=self.options.get("note"),
            printed_by_note="\n".join(self.content),
            expect=self.options.get("expect"),
            quote_en=self.options.get("quote-en", ""),
        )
        node[attributes.PENDING] = "snippet"
        self.set_source_info(node)
        return [node]


class pending_snippet(nodes.General, nodes.Element):
    """A ``{snippet}`` to run and show; message extraction finds no text in it."""


class ShownSnippet:
    """A fragment, run and shown with what it prints, compared and turned into a row."""

    kind = "snippet"  # how its warnings name what it shows

    def __init__(self, env: BuildEnvironment, node: nodes.Element) -> None:
        self.env, self.node = env, node
        self.name: str = node["name"]

    def ran(self) -> tuple[Path, SnippetRun] | None:
        """The fragment's file and what it did, noted as a dependency (None, reported, when
        there is no such fragment)."""
        runner = SnippetRunner.for_env(self.env)
        try:
            path, result = runner.path(self.name), runner.result(self.name)
        except LookupError as err:
            self.fail(str(err))
            return None
        self.env.note_dependency(str(path))
        return path, result

    def show(self) -> list[nodes.Node]:
        name, note, expect = self.name, self.node["note"], self.node["expect"]
        if (ran := self.ran()) is None:
            return []
        path, result = ran
        printed_by_note = self.node["printed_by_note"]
        problems = []
        if printed_by_note and not note:
            problems.append("a snippet with the note's output needs :note: (which note printed it)")
        if note and printed_by_note:
            try:
                self.env.note_dependency(
                    str(check_quote(self.env.config.notes_dir, note, printed_by_note))
                )
            except LookupError as err:
                problems.append(str(err))
        problems += self.broken_expectation(result, printed_by_note, expect)
        code = path.read_text(encoding="utf-8").rstrip()
        if is_source_language(self.env.config) and (
            unglossed := unglossed_comments(code, self.node.get("quote_en", ""))
        ):
            problems.append(f"{self.source_name(path)}: {unglossed}")
        record_check(self.env, CheckKind.SNIPPET, name, not problems, detail=expect or "shown")
        for problem in problems:
            self.fail(f"snippet {name}: {problem}")

        container = nodes.container(classes=["snippet"], ids=[f"snippet-{name}"])
        if note:  # the note's words against what runs today: a row of the errata table
            self.note_row(note, printed_by_note, code, result)
            # ... and what the page quotes of the note, for its ledger (checks.ledger)
            evidence_domain(self.env).note_places(
                self.env.docname,
                [
                    Place(self.env.docname, f"snippet-{name}", note, words)
                    for words in (code, printed_by_note)
                    if words
                ],
            )
            container += nodes.paragraph(
                text=_("From note {note}:").format(note=note), classes=["snippet-label"]
            )
        container += code_block(code)
        english = self.node.get("quote_en", "")
        if english and is_source_language(self.env.config):  # its Chinese, for English readers
            container += nodes.paragraph(
                "",
                "",
                nodes.inline("", _("In English:")),
                *translation_nodes(english),
                classes=["snippet-label", "snippet-translation"],
            )
        if printed_by_note:
            container += nodes.paragraph(
                text=_("Note {note} printed:").format(note=note), classes=["snippet-label"]
            )
            container += nodes.literal_block(
                printed_by_note, printed_by_note, language="none", classes=["snippet-note-output"]
            )
        container += self.printed(path, result)
        return [container]

    def source_name(self, path: Path) -> str:
        """The fragment's file as its reader finds it in the repository (``snippets/x.py``)."""
        try:
            return path.relative_to(Path(self.env.config.snippets_dir).parent).as_posix()
        except ValueError:
            return path.as_posix()

    def printed(self, path: Path, result: SnippetRun) -> list[nodes.Node]:
        """What the installed PyTorch prints, labelled, and compared with the expected output."""
        label = nodes.paragraph(
            text=_("PyTorch {torch} prints:").format(torch=installed_torch().release),
            classes=["snippet-label"],
        )
        shown = result.output.rstrip() or "(nothing)"
        output = nodes.literal_block(shown, shown, language="none", classes=["snippet-output"])
        output.source, output.line = self.node.source, self.node.line  # its checks name this
        self.compare_output(path, shown)
        return [label, output]

    def compare_output(self, path: Path, shown: str) -> None:
        """What the page shows against the reviewed expected output (execution.expected_outputs)."""

        def warn(number: int, problem: str) -> None:
            self.fail(f"{self.kind} {self.name}: its output {problem}")

        (holds,) = comparison(path, self.env.config).check([(SNIPPET_KEY, shown, None)], warn)
        record_check(self.env, CheckKind.OUTPUT, f"{path.name}#1", holds)

    def note_row(self, note: str, printed_by_note: str, code: str, result: SnippetRun) -> None:
        english = self.node.get("quote_en", "")
        if is_source_language(self.env.config) and (
            problem := untranslated(printed_by_note or code, english)
        ):
            self.fail(f"snippet {self.name}: {problem}")
        outcome = Outcome(
            raised=result.raised,
            warned=result.warned,
            matches_note=(
                printed_text(result.output) == printed_text(printed_by_note)
                if printed_by_note
                else None
            ),
        )
        row = Row(
            source=RowSource.SNIPPET,
            note=note,
            words=printed_by_note or code,
            now=SnippetRunner.shown(result),
            outcome=outcome,
            evidence=(Executed((f"{SNIPPET_PREFIX}.{self.name}",)),),
            docname=self.env.docname,
            anchor=f"snippet-{self.name}",
            torch=installed_torch(),
            expected_output=printed_by_note or None,
            claims=((SnippetRunner.shown(result), shown_key(self.name)),),
            # The row quotes the output when the note printed one: the comments' English
            # belongs with the code, not beside words that hold no Chinese.
            words_en=english if sitewide.HAN.search(printed_by_note or code) else "",
        )
        evidence_domain(self.env).note_rows(self.env.docname, [row])

    @staticmethod
    def broken_expectation(
        result: SnippetRun, printed_by_note: str, expect: str | None
    ) -> list[str]:
        if expect is None:
            return []
        if expect in ("same", "changed") and not printed_by_note:
            return [f":expect: {expect} compares with the note's output: put it in the body"]
        same = printed_text(result.output) == printed_text(printed_by_note)
        holds = {
            "same": same,
            "changed": not same,
            "raises": result.raised is not None,
            "runs": result.raised is None,
        }[expect]
        if holds:
            return []
        now = result.error or printed_text(result.output)
        return [f"expected {expect!r} but PyTorch {installed_torch()} gives:\n{now}"]

    def fail(self, message: str) -> list[nodes.Node]:
        logger.warning(message, location=self.node, type="snippets", subtype="check")
        return []


def code_block(code: str) -> nodes.literal_block:
    return nodes.literal_block(
        code, code, language=highlight_language(code), classes=["snippet-code"]
    )


def fill_in_snippet(env: BuildEnvironment, node: nodes.Element) -> None:
    replace(node, ShownSnippet(env, node).show())
