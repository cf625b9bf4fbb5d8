"""A reference table of everything the build checked against the notes, with computed verdicts.

A page holds the placeholder::

    ```{errata-table}
    ```

and every build replaces it with one row per claim of the notes:

* each ``{snippet}`` with ``:note:`` (the note's code and what the note printed, run today);
* each ``{erratum}`` (its ``:quote:``, its ``:now:`` claim and what it declares);
* each ``{note}`` quote in a paragraph that states checked values (``{claim}``): a quote of
  the note's prose pairs with every claim of the paragraph, a quote of code with the claims
  whose stated text it contains; unless a snippet or erratum of the page covers its words.

Columns: note, the note's words, what PyTorch does now (executed: a snippet's output or
error, the value behind a claim), the verdict, the PyTorch release the build ran, and a link
to the page and anchor that explains it. Nobody types a verdict: each row is a
:class:`~torch_notes.evidence.model.Row`, and ``model.verdicts`` derives it from the row's
fields. Snippets and errata create their rows as they run; quote rows are collected here at
``doctree-read`` (after translation). All live in the ``evidence`` domain, and
``<doctreedir>/errata.json`` lists them with the verdict counts for the build summary.
"""

from __future__ import annotations

import dataclasses
import enum
import json
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.locale import get_translation
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util.docutils import SphinxDirective

from torch_notes import sitewide
from torch_notes.evidence.execution.fact_code import fact_code
from torch_notes.evidence.execution.gallery_cells import galleries
from torch_notes.evidence.execution.release_records import records
from torch_notes.evidence.markup.quotes import QUOTE_LANGUAGE, is_source_language
from torch_notes.evidence.model import attributes
from torch_notes.evidence.model.records import (
    Cited,
    Executed,
    Outcome,
    Row,
    RowSource,
    installed_torch,
)
from torch_notes.evidence.model.text import without_whitespace
from torch_notes.evidence.model.verdicts import Verdict, derive, verdict_of
from torch_notes.evidence.reports import table_nodes
from torch_notes.evidence.reports.release_changes import history_nodes, plain_history
from torch_notes.evidence.reports.table_nodes import cell, relative_uri
from torch_notes.evidence.store.domain import evidence_domain

_ = get_translation("torch_notes")
MAX_WORDS = 160


# -- Quote rows -----------------------------------------------------------------------------


def with_code(claim: nodes.Element, scripts: dict[str, Path]) -> str:
    """``code → value`` for a claim: the expression its example assigned to the fact."""
    key, value = claim[attributes.CLAIM_KEY], claim[attributes.CLAIM_TEXT]
    example, _, fact = key.partition(".")
    script = scripts.get(example)
    code = fact_code(script, fact) if script else None
    return f"{code or key} → {value}"


def example_scripts(env: BuildEnvironment) -> dict[str, Path]:
    """``{example: script}`` for every gallery script of the build."""
    return {
        sitewide.example_name(script): script
        for gallery in galleries(env.srcdir, env.config)
        for script in sorted(gallery.examples.rglob(f"{sitewide.EXAMPLE_PREFIX}*.py"))
    }


def quote_rows(
    doctree: nodes.document, docname: str, covered: list[Row], scripts: dict[str, Path]
) -> list[Row]:
    rows: list[Row] = []
    for paragraph in doctree.findall(nodes.paragraph):
        quotes = [n for n in paragraph.findall(nodes.Element) if attributes.NOTE_WORDS in n]
        claims = [n for n in paragraph.findall(nodes.Element) if n.get(attributes.CLAIM_KEY)]
        if not quotes or not claims:
            continue
        for quote in quotes:
            words = quote[attributes.NOTE_WORDS]
            if any(
                row.note == quote[attributes.NOTE]
                and (
                    without_whitespace(words) in without_whitespace(row.words)
                    or without_whitespace(row.words) in without_whitespace(words)
                )
                for row in covered
            ):
                continue
            paired = [
                c
                for c in claims
                if quote[attributes.NOTE_PROSE] or c[attributes.CLAIM_TEXT] in words
            ]
            if not paired:
                continue  # code whose paragraph states other values: no pairing to make
            if not quote["ids"]:
                quote["ids"].append(f"note-quote-{len(rows) + 1}")
            rows.append(
                Row(
                    source=RowSource.QUOTE,
                    note=quote[attributes.NOTE],
                    words=words,
                    words_en=quote.get(attributes.NOTE_TRANSLATION, ""),
                    # The values the paragraph states, each with its code; they hold, or the
                    # build fails.
                    now="\n".join(with_code(c, scripts) for c in paired),
                    outcome=Outcome(),
                    evidence=(Executed(tuple(c[attributes.CLAIM_KEY] for c in paired)),),
                    claims=tuple(
                        (c[attributes.CLAIM_TEXT], c[attributes.CLAIM_KEY]) for c in paired
                    ),
                    docname=docname,
                    anchor=quote["ids"][0],
                    torch=installed_torch(),
                )
            )
    return rows


def collect_quote_rows(app: Sphinx, doctree: nodes.document) -> None:
    env = app.env
    evidence = evidence_domain(env)
    covered = evidence.page_rows(env.docname)
    replaced = {row.covers for row in covered if row.covers}  # one claim, one row
    rows = [row for row in covered if row.anchor not in replaced]
    found = quote_rows(doctree, env.docname, covered, example_scripts(env))
    evidence.set_page_rows(env.docname, rows + found)
    if any(doctree.findall(errata_table)):
        evidence.note_table(env.docname)


# -- The table ------------------------------------------------------------------------------


class errata_table(nodes.General, nodes.Element):
    """Placeholder, replaced by :class:`FillErrataTable` once every page has been read."""


class ErrataTableDirective(SphinxDirective):
    def run(self) -> list[nodes.Node]:
        return [errata_table()]


def shorten(text: str) -> str:
    """At most MAX_WORDS characters, cut between tokens (never inside a name or a number)."""
    text = text.strip()
    if len(text) <= MAX_WORDS:
        return text
    cut = text[: MAX_WORDS - 1]
    at = max(cut.rfind(" "), cut.rfind("\n"))
    return (cut[:at] if at > MAX_WORDS // 2 else cut).rstrip() + " …"


class FillErrataTable(SphinxPostTransform):
    default_priority = 5  # links are built here, so reference resolution does not matter

    def run(self, **kwargs: Any) -> None:
        placeholders = list(self.document.findall(errata_table))
        if not placeholders:
            return
        rows = evidence_domain(self.env).rows()
        for placeholder in placeholders:
            placeholder.replace_self([self.definitions(), self.summary(rows), self.table(rows)])

    def definitions(self) -> nodes.definition_list:
        """The verdicts and what each means (model.verdicts), as badges."""
        terms = nodes.definition_list(classes=["verdict-definitions"])
        for verdict in Verdict:
            item = nodes.definition_list_item()
            item += nodes.term("", "", badge(verdict))
            item += nodes.definition("", nodes.paragraph(text=_(verdict.definition)))
            terms += item
        return terms

    def summary(self, rows: list[Row]) -> nodes.paragraph:
        counts = _(", ").join(
            _("{count} {verdict}").format(
                count=sum(verdict_of(r) is v for r in rows), verdict=_(v.value)
            )
            for v in Verdict
        )
        torch = installed_torch()
        text = _("{rows} rows, checked with PyTorch {release} ({kind} build): {counts}.")
        return nodes.paragraph(
            text=text.format(
                rows=len(rows), release=torch.release, kind=torch.kind.upper(), counts=counts
            ),
            classes=["errata-count"],
        )

    def table(self, rows: list[Row]) -> nodes.table:
        columns = (
            (_("Note"), 5),
            (_("The note's words"), 28),
            (_("PyTorch now"), 30),
            (_("Verdict"), 12),
            (_("Evidence"), 10),
            (_("Explained in"), 15),
        )
        return table_nodes.table(["errata-table"], columns, map(self.table_row, rows))

    def table_row(self, row: Row) -> nodes.row:
        line = nodes.row(classes=[f"verdict-{verdict_of(row).slug}"])
        line += cell(nodes.Text(row.note))
        words = nodes.literal(text=shorten(row.words), classes=["note-quote", QUOTE_LANGUAGE])
        words["support_smartquotes"] = False
        if is_source_language(self.env.config) and row.words_en:
            english = nodes.inline(
                "", f"“{row.words_en}”", classes=["quote-translation"], support_smartquotes=False
            )
            line += cell(words, english)
        else:
            line += cell(words)
        # One line a value, each with the code that gave it (a quote row states several).
        now = shorten(row.now) or _("(prints nothing)")
        values = now.split("\n") if row.source is RowSource.QUOTE else [now]
        line += cell(*(nodes.literal(text=value, classes=["now-value"]) for value in values))
        line += cell(badge(verdict_of(row)), *history_nodes(row, records(self.env)))
        line += cell(*evidence_nodes(row))
        uri = relative_uri(self, row.docname, row.anchor)
        title = self.env.titles.get(row.docname)
        link = nodes.reference(
            "", title.astext() if title else row.docname, refuri=uri, internal=True
        )
        line += cell(link)
        return line


def badge(verdict: Verdict) -> nodes.inline:
    return nodes.inline(
        text=_(verdict.value), classes=["verdict-badge", f"verdict-badge-{verdict.slug}"]
    )


def evidence_nodes(row: Row) -> list[nodes.Node]:
    """How the row is decided: executed in this build, and any document it cites."""
    shown: list[nodes.Node] = []
    if any(isinstance(e, Executed) for e in row.evidence):
        shown.append(nodes.Text(_("executed")))
    for cited in (e for e in row.evidence if isinstance(e, Cited)):
        if shown:
            shown.append(nodes.Text(_(", ")))
        shown.append(nodes.Text(_("cited: ")))
        shown.append(nodes.reference("", cited.title or cited.url, refuri=cited.url))
    return shown


def always_refresh(app: Sphinx, env: BuildEnvironment) -> list[str]:
    """The table shows every page's rows: re-write its page on every build."""
    return evidence_domain(env).table_pages()


# -- Reports for the build summary ----------------------------------------------------------


def plain(record: Any) -> Any:
    """A record as JSON: dataclasses as dicts, enums by value, with the record's kind."""
    if dataclasses.is_dataclass(record):
        fields = {f.name: plain(getattr(record, f.name)) for f in dataclasses.fields(record)}
        return {"record": type(record).__name__, **fields}
    if isinstance(record, enum.Enum):
        return record.value
    if isinstance(record, list | tuple):
        return [plain(item) for item in record]
    return record


def write_reports(app: Sphinx, exception: Exception | None) -> None:
    """``<doctreedir>/checks.json`` and ``errata.json``, read by ``torch_notes.commands``."""
    if exception is not None:
        return
    evidence = evidence_domain(app.env)
    checks = {docname: plain(page) for docname, page in evidence.checks().items()}
    rows = evidence.rows()
    errata = {
        "torch": plain(installed_torch()),
        # Each row with the verdict derived from it, and the rule that decided.
        "rows": [
            plain(row) | {"verdict": d.verdict.value, "rule": d.rule}
            for row, d in ((row, derive(row.source, row.outcome)) for row in rows)
        ],
        "verdicts": {v.value: sum(verdict_of(r) is v for r in rows) for v in Verdict},
        "releases": plain_history(rows, records(app.env)),
        # Rows by the kinds of evidence they rest on (a row may rest on both).
        "evidence": {
            kind.__name__.lower(): sum(any(isinstance(e, kind) for e in r.evidence) for r in rows)
            for kind in (Executed, Cited)
        },
    }
    for name, report in (("checks.json", checks), ("errata.json", errata)):
        Path(app.doctreedir, name).write_text(
            json.dumps(report, indent=1, ensure_ascii=False, sort_keys=True), encoding="utf-8"
        )
