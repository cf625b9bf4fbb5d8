"""A marked box where a note is outdated or wrong, backed by checks on every build.

::

    ```{erratum} 004
    :quote: backward()里面的一个参数retain_variables
    :now: TypeError <snippets.autograd_retain_variables.error_type>

    `backward()` no longer takes `retain_variables`; write `retain_graph=True`.
    ```

The argument names the note. ``:quote:`` is checked to be in that note, ``:now:`` is a
claim (``stated value <fact key>``, as in the ``{claim}`` role) that must hold for the
installed PyTorch. The body says what PyTorch does now and what to write instead. Each box
is a row of the errata table (``reports.errata_table``); what the row needs beyond the executed fact is
declared here, never guessed:

``:note-claims: stated value <fact key>``
    what the NOTE says, as a claim against today's fact; it must *fail* (the build warns when
    it holds: the note would be right). A yes/no statement (``True``, ``False``, ``None``)
    refuted today makes the row *was never right*.
``:note-typo: name``
    the note's code misspells ``name`` (which must be in the quote): it never ran as printed.
``:corrected: stated value <fact key>``
    what the note's code gives with its spelling corrected (a missing import added, a
    misspelt name or a stray character mended), as a claim that must hold. A typo needs it
    (``model.verdicts``); when the corrected code raises too, the row is *never right*.
``:holds-when: stated value <fact key>``
    the note is right in part: the case where its words hold, as a claim that must hold (for
    "indexing allocates no new memory", basic indexing sharing ``y``'s storage). The row stays
    *never right, or partly right*, and needs both cases executed (``model.verdicts``).
``:history: renamed | changed | deprecated | always``
    what a document says happened to what the note describes: it was renamed or otherwise
    changed (the idea holds), it is deprecated, or PyTorch always behaved as it does today (the note was never right, or
    only in part). The body cites the document (``{cited}`title <address>```, see
    ``markup.cited``); every document the body cites is kept with the row as cited evidence.
``:quote-en: English``
    the quote's English translation, needed when it is Chinese; English pages show it beside
    the quote, in the box and in the errata table (``markup.quotes``).
``:shows: code``
    the code whose value the ``:now:`` fact is, as the errata table shows it (``code → value``);
    it must appear in the example's source. Statements joined by ``; `` show the code that
    leads to the value (``m = x.max(); type(m.grad_fn).__name__``), each in the source. An erratum whose fact is a snippet's result
    shows the snippet's output instead, and replaces the snippet's row: one claim, one row.

The box's title says what kind of error it reports, decided by what decides the row's
verdict (:func:`box_title`): out of date, a deprecated API, code that no longer runs,
inaccurate, or, for a typo, a misspelt name, a missing import or definition, a stray
character.
"""

from __future__ import annotations

import ast
import contextlib
from typing import ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.environment import BuildEnvironment
from sphinx.locale import get_translation
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from torch_notes.evidence.execution.fact_store import fact_store
from torch_notes.evidence.execution.recording import FACTS_SUFFIX
from torch_notes.evidence.execution.snippet_runner import SnippetRunner, shown_key
from torch_notes.evidence.markup.cited import cited_in
from torch_notes.evidence.markup.facts import check_claim
from torch_notes.evidence.markup.quotes import (
    QUOTE_LANGUAGE,
    check_quote,
    is_source_language,
    translation_nodes,
    untranslated,
)
from torch_notes.evidence.model import attributes
from torch_notes.evidence.model.records import (
    CheckKind,
    Cited,
    Executed,
    Outcome,
    Raised,
    Row,
    RowSource,
    Warned,
    installed_torch,
    is_error,
)
from torch_notes.evidence.model.text import collapsed_whitespace
from torch_notes.evidence.model.values import format_value, matches, parse_claim
from torch_notes.evidence.model.verdicts import HISTORIES, Verdict, verdict_of
from torch_notes.evidence.store.domain import evidence_domain, record_check

logger = logging.getLogger(__name__)
_ = get_translation("torch_notes")


def box_title(note: str, outcome: Outcome, verdict: Verdict) -> str:
    """What the box reports, from what decides its row's verdict (``model.verdicts``); an
    erratum's row never holds. A typo in the note is told apart by its cause."""
    if verdict is Verdict.TYPO:
        if outcome.note_typo:
            title = _("Note {note} misspells a name here")
        elif outcome.raised is not None and outcome.raised.type == "NameError":
            title = _("Note {note} lacks an import or a definition here")
        else:
            title = _("Note {note} has a typo here")
    else:
        title = {
            Verdict.CHANGED: _("Note {note} is out of date here"),
            Verdict.DEPRECATED: _("Note {note} uses a deprecated API here"),
            Verdict.REMOVED: _("Note {note}’s code no longer runs here"),
            Verdict.NEVER_RIGHT: _("Note {note} is inaccurate here"),
        }[verdict]
    return title.format(note=note)


def states_property(note_claims: str) -> bool:
    """Whether ``:note-claims:`` states a yes/no property: the literal True, False or None."""
    with contextlib.suppress(ValueError, SyntaxError):
        value = ast.literal_eval(parse_claim(note_claims)[0].strip())
        return value is None or isinstance(value, bool)
    return False


class ErratumDirective(SphinxDirective):
    required_arguments = 1
    has_content = True
    option_spec: ClassVar = {
        "quote": directives.unchanged_required,
        "now": directives.unchanged_required,
        "note-claims": directives.unchanged_required,
        "note-typo": directives.unchanged_required,
        "corrected": directives.unchanged_required,
        "holds-when": directives.unchanged_required,
        "history": lambda arg: directives.choice(arg, tuple(HISTORIES)),
        "shows": directives.unchanged_required,
        "quote-en": directives.unchanged_required,
    }

    def run(self) -> list[nodes.Node]:
        note = self.arguments[0]
        quote = self.options.get("quote", "")
        box = nodes.admonition(classes=["erratum", "warning"])
        heading = nodes.title()
        heading["translatable"] = False  # already in the page's language, like the labels
        box += heading
        paragraph = nodes.paragraph()
        label = _("The note says:")
        paragraph += nodes.strong(text=label)
        # A full-width colon (Chinese) already ends the label; a space after it shows as a gap.
        if not label.endswith("："):
            paragraph += nodes.Text(" ")
        words = nodes.inline(
            text=f"“{quote}”", classes=["note-quote", QUOTE_LANGUAGE], support_smartquotes=False
        )
        words[attributes.NOTE], words[attributes.NOTE_WORDS], words[attributes.NOTE_PROSE] = (
            note,
            quote,
            True,
        )
        english = self.options.get("quote-en", "")
        words[attributes.NOTE_TRANSLATION] = english
        paragraph += words
        if is_source_language(self.config):
            if problem := untranslated(quote, english):
                logger.warning(
                    "erratum: %s",
                    problem,
                    location=self.get_location(),
                    type="errata",
                    subtype="translation",
                )
            elif english:
                paragraph += translation_nodes(english)
        box += paragraph
        self.state.nested_parse(self.content, self.content_offset, box)
        box["ids"].append(f"erratum-{self.env.new_serialno('erratum')}")
        heading += nodes.Text(note)  # what message extraction sees; check_errata titles it
        box[attributes.PENDING], box["erratum"] = "erratum", {"note": note, **self.options}
        self.set_source_info(box)
        return [box]


class CheckedErratum:
    """An erratum's checks, its row of the errata table and its title, from what ran."""

    def __init__(self, env: BuildEnvironment, box: nodes.Element) -> None:
        self.env, self.box = env, box
        self.options: dict[str, str] = box["erratum"]
        self.note = self.options["note"]
        self.quote, self.claim = self.options.get("quote", ""), self.options.get("now", "")

    def warn(self, problem: str) -> None:
        logger.warning("erratum: %s", problem, location=self.box, type="errata", subtype="check")

    def check(self) -> None:
        note, quote, claim, box = self.note, self.quote, self.claim, self.box
        problems = []
        if not quote or not claim:
            problems.append("an erratum needs :quote: (the note's words) and :now: (a claim)")
        else:
            try:
                self.env.note_dependency(str(check_quote(self.env.config.notes_dir, note, quote)))
            except LookupError as err:
                problems.append(str(err))
            problems += check_claim(self.env, claim)
            typo = self.options.get("note-typo", "")
            if typo and typo not in quote:
                problems.append(f":note-typo: {typo!r} is not in the quote {quote!r}")
            if "corrected" in self.options:
                problems += check_claim(self.env, self.options["corrected"])
            if "holds-when" in self.options:
                problems += check_claim(self.env, self.options["holds-when"])
            if "note-claims" in self.options:
                problems += self.check_note_claims(self.options["note-claims"])
            if "history" in self.options and not cited_in(box):
                problems.append(
                    ":history: needs the document that says so, cited in the body "
                    "({cited}`title <address>`)"
                )
            problems += self.check_shows(claim)
        record_check(self.env, CheckKind.ERRATUM, f"{note}: {quote}", not problems)
        for problem in problems:
            self.warn(problem)

    def check_note_claims(self, note_claims: str) -> list[str]:
        """The note's own statement, which today's PyTorch must contradict."""
        try:
            text, key = parse_claim(note_claims)
            actual = fact_store(self.env).lookup(key)
        except (LookupError, ValueError) as err:
            return [f"{err.args[0]} (in :note-claims: {note_claims!r})"]
        holds = matches(text, actual)
        record_check(self.env, CheckKind.NOTE_CLAIM, note_claims, not holds)
        if not holds:
            return []
        problem = (
            f":note-claims: {note_claims!r} holds today ({key} is "
            f"{format_value(actual)!r}): the note is right, this is no erratum"
        )
        return [problem]

    def check_shows(self, claim: str) -> list[str]:
        """``:shows:`` is code of the example whose fact the claim states; a snippet's fact
        needs none (the snippet's output is shown)."""
        store = fact_store(self.env)
        try:
            key = parse_claim(claim)[1]
            store.lookup(key)
        except (LookupError, ValueError):
            return []  # reported with the claim
        if key in store.origins:
            return []
        shows = self.options.get("shows")
        if not shows:
            return [f":now: states {key}; add :shows: with the code whose value it is"]
        # The facts file lies beside the copy of the script that sphinx-gallery ran.
        facts_file = store.sources[key]
        script = facts_file.with_name(facts_file.name.removesuffix(FACTS_SUFFIX) + ".py")
        code = collapsed_whitespace(script.read_text(encoding="utf-8")) if script.is_file() else ""
        # Statements joined by "; " (the code that leads to the value, then the value's own)
        # are each code of the script.
        missing = [part for part in shows.split("; ") if collapsed_whitespace(part) not in code]
        if missing:
            return [f":shows: {' ; '.join(missing)!r} is not code of {script.name}"]
        return []

    def corrected(self) -> tuple[str, bool | None]:
        """The fact of ``:corrected:`` and whether it is an error (None: not given or unknown)."""
        if "corrected" not in self.options:
            return "", None
        try:
            key = parse_claim(self.options["corrected"])[1]
            value = fact_store(self.env).lookup(key)
        except (LookupError, ValueError):  # reported by check()
            return "", None
        return key, is_error(value)

    def holds_when(self) -> tuple[str, bool | None]:
        """The fact of ``:holds-when:`` and whether its claim holds (None: not declared)."""
        if "holds-when" not in self.options:
            return "", None
        try:
            text, key = parse_claim(self.options["holds-when"])
            value = fact_store(self.env).lookup(key)
        except (LookupError, ValueError):  # reported by check()
            return "", False
        return key, matches(text, value)

    def row(self) -> Row:
        """The errata table's row: the note's words, the executed fact, what was declared."""
        note, quote, claim, box = self.note, self.quote, self.claim, self.box
        store = fact_store(self.env)
        try:
            key = parse_claim(claim)[1]
            value = store.lookup(key)
        except (LookupError, ValueError):  # reported by check()
            key, value = "", None
        run = store.origins.get(key)  # a snippet's run, when the fact is one of its results
        warned = (value,) if isinstance(value, Warned) else ()
        corrected_key, corrected_raised = self.corrected()
        holds_key, holds_when = self.holds_when()
        outcome = Outcome(
            raised=value if isinstance(value, Raised) else None,
            warned=warned + (run.warned if run is not None else ()),
            note_states_property=states_property(self.options.get("note-claims", "")),
            note_typo=self.options.get("note-typo", ""),
            history=self.options.get("history", ""),
            corrected_raised=corrected_raised,
            holds_when=holds_when,
        )
        if run is not None:  # the snippet's own output; this row replaces the snippet's
            evidence: tuple[Executed | Cited, ...] = (Executed((f"snippets.{run.name}",)),)
            now, covers = SnippetRunner.shown(run), f"snippet-{run.name}"
            claims: tuple[tuple[str, str], ...] = ((now, shown_key(run.name)),)
        else:
            evidence, covers = ((Executed((key,)),) if key else ()), ""
            now = f"{self.options.get('shows', key)} → {format_value(value)}" if key else claim
            claims = ((parse_claim(claim)[0], key),) if key else ()
        if corrected_key:
            evidence += (Executed((corrected_key,)),)
        if holds_key:
            evidence += (Executed((holds_key,)),)
        evidence += cited_in(box)
        return Row(
            source=RowSource.ERRATUM,
            note=note,
            words=quote,
            words_en=self.options.get("quote-en", ""),
            now=now,
            outcome=outcome,
            evidence=evidence,
            docname=self.env.docname,
            anchor=box["ids"][0],
            torch=installed_torch(),
            covers=covers,
            claims=claims,
        )


def fill_in_erratum(env: BuildEnvironment, box: nodes.Element) -> None:
    """Check the erratum, note its row, and title its box by what the row reports."""
    erratum = CheckedErratum(env, box)
    del box[attributes.PENDING], box["erratum"]
    erratum.check()
    row = erratum.row()
    evidence_domain(env).note_rows(env.docname, [row])
    box[0].children = [nodes.Text(box_title(erratum.note, row.outcome, verdict_of(row)))]
