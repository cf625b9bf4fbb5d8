"""The ledger of the notes on the about page: coverage per note, and each note item by item.

A page holds the placeholder::

    ```{notes-ledger}
    ```

and every build replaces it with what ``checks.ledger`` resolved: a table with, per note, the
items treated (derived from a quote on a page, or declared), exempt, untreated and in all;
then each note, item by item, in the note's order: its id (an anchor, ``ledger-001-014``),
its words as the note has them, and a link to where the site treats it, or the reason it
needs none. The listing lives on the about page, beside what the build guarantees, rather than
on a page of its own per note: it is generated, so it needs no catalog, and a new page would
need its own translation, entry in the navigation and search entries for words that are all
the notes' own.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from itertools import groupby
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.locale import get_translation
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util.docutils import SphinxDirective

from torch_notes.evidence.checks.ledger import resolved_items
from torch_notes.evidence.markup.quotes import (
    QUOTE_LANGUAGE,
    is_source_language,
    translation_nodes,
)
from torch_notes.evidence.model.ledger import EXEMPTIONS, Resolved, Status
from torch_notes.evidence.reports import table_nodes
from torch_notes.evidence.reports.table_nodes import cell, relative_uri
from torch_notes.evidence.store.domain import evidence_domain

_ = get_translation("torch_notes")


class notes_ledger(nodes.General, nodes.Element):
    """Placeholder, replaced by :class:`FillNotesLedger` once every page has been read."""


class NotesLedgerDirective(SphinxDirective):
    def run(self) -> list[nodes.Node]:
        evidence_domain(self.env).note_ledger_page(self.env.docname)
        return [notes_ledger()]


def counts(resolved: Sequence[Resolved]) -> dict[str, dict[str, int]]:
    """Per note: items treated (derived, declared), exempt, untreated and in all."""
    table = {}
    for note, group in groupby(resolved, key=lambda r: r.item.note):
        found = list(group)
        table[note] = {
            "derived": sum(r.status is Status.DERIVED for r in found),
            "declared": sum(r.status is Status.DECLARED for r in found),
            "exempt": sum(r.status is Status.EXEMPT for r in found),
            "untreated": sum(r.status is Status.UNTREATED for r in found),
            "total": len(found),
        }
    return table


class FillNotesLedger(SphinxPostTransform):
    default_priority = 5  # links are built here, so reference resolution does not matter

    def run(self, **kwargs: Any) -> None:
        placeholders = list(self.document.findall(notes_ledger))
        if not placeholders:
            return
        resolved = resolved_items(self.env)
        for placeholder in placeholders:
            placeholder.replace_self([self.coverage(resolved), *self.listings(resolved)])

    def coverage(self, resolved: Sequence[Resolved]) -> nodes.table:
        columns = (
            (_("Note"), 10),
            (_("Treated (derived from a quote)"), 20),
            (_("Treated (declared)"), 15),
            (_("Exempt"), 15),
            (_("Not yet treated"), 15),
            (_("Items"), 10),
        )
        rows = []
        for note, found in counts(resolved).items():
            row = nodes.row()
            link = nodes.reference("", note, refid=f"ledger-{note}", internal=True)
            row += cell(link)
            for key in ("derived", "declared", "exempt", "untreated", "total"):
                row += cell(nodes.Text(str(found[key])))
            rows.append(row)
        return table_nodes.table(["notes-ledger-coverage"], columns, rows)

    def listings(self, resolved: Sequence[Resolved]) -> list[nodes.Node]:
        shown: list[nodes.Node] = []
        for note, group in groupby(resolved, key=lambda r: r.item.note):
            heading = nodes.rubric(
                text=_("Note {note}, item by item").format(note=note), ids=[f"ledger-{note}"]
            )
            columns = ((_("Item"), 8), (_("The note's words"), 52), (_("Treated in"), 40))
            rows = [self.item_row(found) for found in group]
            shown += [heading, table_nodes.table(["notes-ledger"], columns, rows)]
        return shown

    def item_row(self, found: Resolved) -> nodes.row:
        item = found.item
        row = nodes.row(ids=[f"ledger-{item.id}"], classes=[f"ledger-{found.status.name.lower()}"])
        row += cell(nodes.Text(item.id))
        words = nodes.literal_block(
            item.words.strip("\n"), item.words.strip("\n"), classes=["note-quote", QUOTE_LANGUAGE]
        )
        words["language"] = "none"
        entry = nodes.entry()
        entry += words
        if item.en and is_source_language(self.env.config):
            entry += nodes.paragraph("", "", *translation_nodes(item.en)[1:-1])
        row += entry
        row += cell(*self.where(found))
        return row

    def where(self, found: Resolved) -> list[nodes.Node]:
        if found.status is Status.EXEMPT:
            return [nodes.Text(_("exempt: {reason}").format(reason=reason(found.item.exempt)))]
        if found.place is None:
            if found.item.untreated:
                belongs = self.page_link(found.item.untreated, "")
                return [nodes.Text(_("not yet treated; belongs on: ")), *belongs]
            return [nodes.Text(_("not yet treated"))]
        return self.page_link(found.place.docname, found.place.anchor)

    def page_link(self, docname: str, anchor: str) -> list[nodes.Node]:
        uri = relative_uri(self, docname, anchor)
        title = self.env.titles.get(docname)
        return [
            nodes.reference("", title.astext() if title else docname, refuri=uri, internal=True)
        ]


def reason(exempt: str) -> str:
    """Why an item needs no page (``model.ledger.EXEMPTIONS``), in the page's language."""
    reasons = {
        "heading": _("a heading"),
        "blog-title": _("a blog post's title"),
        "link": _("a link"),
        "not-behaviour": _("not about behaviour"),
    }
    assert reasons.keys() == EXEMPTIONS.keys()
    return reasons[exempt]


def always_refresh(app: Sphinx, env: BuildEnvironment) -> list[str]:
    """The ledger shows every page's quotes: re-write its page on every build."""
    return evidence_domain(env).ledger_pages()


def write_report(app: Sphinx, exception: Exception | None) -> None:
    """``<doctreedir>/ledger.json``: the counts per note, for the build summary."""
    if exception is not None or not app.config.notes_ledger_dir:
        return
    report = counts(resolved_items(app.env))
    Path(app.doctreedir, "ledger.json").write_text(
        json.dumps(report, indent=1, sort_keys=True), encoding="utf-8"
    )
