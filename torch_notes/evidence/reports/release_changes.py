"""What changed when: each row of the errata table on every recorded release.

The errata table shows, under each verdict, the releases grouped by status
(``2.0–2.5: cannot run (AttributeError) · 2.6–2.14: as now``), and ``{release-changes}``
lists, release by release, the rows whose status changed from the release before.
"""

from __future__ import annotations

import itertools
from typing import Any

from docutils import nodes
from sphinx.locale import get_translation
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util.docutils import SphinxDirective

from torch_notes.evidence.execution.release_records import (
    Record,
    Span,
    Status,
    records,
    spans,
    status,
)
from torch_notes.evidence.model.records import Row
from torch_notes.evidence.reports import table_nodes
from torch_notes.evidence.reports.table_nodes import cell, relative_uri
from torch_notes.evidence.store.domain import evidence_domain

_ = get_translation("torch_notes")

MAX_DETAIL = 60


SYMBOLS = {Status.SAME: "✓", Status.DIFFERENT: "≠", Status.CANNOT_RUN: "✗"}


def short(detail: str) -> str:
    detail = " ".join(detail.split())
    return detail if len(detail) <= MAX_DETAIL else detail[: MAX_DETAIL - 1] + "…"


def describe(span: Span) -> str:
    text = _("{releases}: {status}").format(releases=span.releases(), status=_(span.status.value))
    if span.detail and span.status is not Status.SAME:
        text += _(" ({detail})").format(detail=short(span.detail))
    return text


def history_nodes(row: Row, recorded: tuple[Record, ...]) -> list[nodes.Node]:
    """The row's line under its verdict: every recorded release, grouped by status."""
    if not recorded or not row.claims:
        return []
    line = nodes.inline(classes=["release-history"])
    for number, span in enumerate(spans(row, recorded)):
        if number:
            line += nodes.Text(" · ")
        line += nodes.inline(text=describe(span), classes=[f"release-{span.status.name.lower()}"])
    return [line]


def plain_history(rows: list[Row], recorded: tuple[Record, ...]) -> dict[str, list[dict[str, Any]]]:
    """For errata.json: each row's spans, by its page and anchor."""
    return {
        f"{row.docname}#{row.anchor}": [
            {"first": s.first, "last": s.last, "status": s.status.value, "detail": s.detail}
            for s in spans(row, recorded)
        ]
        for row in rows
        if row.claims
    }


class release_changes(nodes.General, nodes.Element):
    """Placeholder, replaced by :class:`FillReleaseChanges` once every page has been read."""


class ReleaseChangesDirective(SphinxDirective):
    def run(self) -> list[nodes.Node]:
        evidence_domain(self.env).note_table(
            self.env.docname
        )  # re-written on every build, like the table
        return [release_changes()]


class FillReleaseChanges(SphinxPostTransform):
    default_priority = 5

    def run(self, **kwargs: Any) -> None:
        for placeholder in list(self.document.findall(release_changes)):
            placeholder.replace_self(self.content())

    def link(self, row: Row) -> nodes.reference:
        uri = relative_uri(self, row.docname, row.anchor)
        words = " ".join(row.words.split())
        text = _("{note}: {words}").format(
            note=row.note, words=f"{words[:40]}{'…' if len(words) > 40 else ''}"
        )
        return nodes.reference("", text, refuri=uri, internal=True, classes=["note-quote"])

    def content(self) -> list[nodes.Node]:
        recorded = records(self.env)
        rows = [row for row in evidence_domain(self.env).rows() if row.claims]
        if not recorded:
            return [nodes.paragraph(text=_("No release has been recorded yet (nox -s history)."))]
        found: list[nodes.Node] = [self.provenance(recorded, rows), *self.grid(recorded, rows)]
        sections, quiet = [], []
        for before, record in itertools.pairwise(recorded):
            changed = []
            for row in rows:
                was, now = status(row, before)[0], status(row, record)[0]
                if was is not now:
                    changed.append((row, was, now))
            if not changed:
                quiet.append(record.label)
                continue
            section = nodes.section(ids=[f"release-{record.label.replace('.', '-')}"])
            section += nodes.title(text=_("PyTorch {release}").format(release=record.label))
            items = nodes.bullet_list()
            for row, was, now in changed:
                paragraph = nodes.paragraph()
                paragraph += self.link(row)
                paragraph += nodes.Text(f" {_(was.value)} → {_(now.value)}")
                items += nodes.list_item("", paragraph)
            section += items
            sections.append(section)
        if quiet:  # one line for the releases that change nothing, rather than a section each
            text = _("No row changes from the release before in {releases}.")
            found.append(nodes.paragraph(text=text.format(releases=_(", ").join(quiet))))
        return found + sections

    def grid(self, recorded: tuple[Record, ...], rows: list[Row]) -> list[nodes.Node]:
        """The rows that are not as now on every release, one column a release."""
        changing = [
            r for r in rows if any(status(r, rec)[0] is not Status.SAME for rec in recorded)
        ]
        legend = nodes.paragraph(classes=["release-legend"])
        intro = _("{count} of {rows} rows do not behave as now on every release:")
        legend += nodes.Text(intro.format(count=len(changing), rows=len(rows)) + " ")
        for state in Status:
            legend += nodes.inline(text=SYMBOLS[state], classes=[f"release-{state.name.lower()}"])
            legend += nodes.Text(f" {_(state.value)}  ")
        if not changing:
            return [legend]
        columns = [(_("The note's words"), 30), *((r.label, 3) for r in recorded)]
        lines = []
        for row in changing:
            line = nodes.row("", cell(self.link(row)))
            for record in recorded:
                state = status(row, record)[0]
                line += cell(nodes.Text(SYMBOLS[state]), classes=[f"release-{state.name.lower()}"])
            lines.append(line)
        table = table_nodes.table(["release-grid"], columns, lines)
        return [legend, table]

    def provenance(self, recorded: tuple[Record, ...], rows: list[Row]) -> nodes.table:
        columns = (
            (_("Release"), 10),
            (_("Build"), 12),
            (_("Recorded"), 12),
            (_("Python"), 10),
            (_("Rows as now"), 30),
        )
        lines = []
        for record in recorded:
            same = sum(status(row, record)[0] is Status.SAME for row in rows)
            shown = (record.release.split("+")[0], record.build, record.date, record.python,
                     f"{same} / {len(rows)}")  # fmt: skip
            lines.append(nodes.row("", *(cell(nodes.Text(text)) for text in shown)))
        return table_nodes.table(["release-provenance"], columns, lines)
