"""How each claim of the notes fares on every recorded PyTorch release, and what changed when.

``history/torch-<release>.json`` (written by ``nox -s history``, see ``torch_notes.history``)
holds what every example and snippet recorded on one release, with its provenance. Every row
of the errata table rests on claims, ``(stated value, fact key)`` pairs (``Row.claims``); on
each recorded release a row is

* **as now**: every claim holds there too;
* **different**: a claim's fact has another value there (shown);
* **cannot run**: the code behind a fact fails there (the API does not exist yet, say): the
  error is shown.

The errata table shows, under each verdict, the releases grouped by status
(``2.0–2.5: cannot run (AttributeError) · 2.6–2.14: as now``), and ``{release-changes}``
lists, release by release, the rows whose status changed from the release before.

Each build on a recorded release compares the record with what it ran (the three legs of CI
run on recorded releases): a fact that differs fails the build, naming the record, the key and
both values, so the committed history cannot drift from what PyTorch does.
"""

from __future__ import annotations

import enum
import itertools
import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.locale import get_translation
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective, SphinxRole

from torch_notes import sitewide
from torch_notes.evidence import tables
from torch_notes.evidence.facts import (
    SNIPPET_PREFIX,
    domain,
    extracting_messages,
    fact_store,
    format_value,
    from_plain,
    matches,
)
from torch_notes.evidence.model import Row, installed_torch
from torch_notes.evidence.snippets import normalise
from torch_notes.evidence.tables import cell
from torch_notes.history.release_list import minor, version

logger = logging.getLogger(__name__)
_ = get_translation("torch_notes")
SHOWN = "shown"  # snippets.<name>.shown: what a page shows of a run (its error, or its output)
MAX_DETAIL = 60


class Status(enum.Enum):
    SAME = "as now"
    DIFFERENT = "different"
    CANNOT_RUN = "cannot run"


SYMBOLS = {Status.SAME: "✓", Status.DIFFERENT: "≠", Status.CANNOT_RUN: "✗"}


@dataclass(frozen=True)
class Record:
    """What one release recorded (``history/torch-<release>.json``)."""

    release: str
    build: str
    date: str
    python: str
    facts: dict[str, Any]
    failures: dict[str, str]  # "<example>#<cell>": the error's last line

    @property
    def label(self) -> str:
        """``2.13`` for ``2.13.0+cpu``: the releases are the latest patch of each minor."""
        return minor(self.release)

    def value(self, key: str) -> Any:
        return self.facts[key]

    def failure(self, key: str) -> str:
        """Why ``key`` was not recorded: the first cell of its example that failed."""
        example = key.split(".", 1)[0]
        if key.startswith(f"{SNIPPET_PREFIX}."):
            return ""
        found = [error for cell, error in self.failures.items() if cell.startswith(f"{example}#")]
        return found[0] if found else ""


@cache
def load_records(folder: str) -> tuple[Record, ...]:
    records = []
    for path in Path(folder).glob("torch-*.json"):
        data = json.loads(path.read_text(encoding="utf-8"))
        facts = {key: from_plain(value) for key, value in data["facts"].items()}
        for key in [
            k for k in facts if k.startswith(f"{SNIPPET_PREFIX}.") and k.endswith(".output")
        ]:
            name = key.removesuffix(".output")
            facts[f"{name}.{SHOWN}"] = facts.get(f"{name}.error") or normalise(facts[key])
        provenance = data["provenance"]
        records.append(
            Record(
                provenance["release"],
                provenance["build"],
                provenance["date"],
                provenance["python"],
                facts,
                data["failures"],
            )
        )
    return tuple(sorted(records, key=lambda r: version(r.release)))


def records(env: BuildEnvironment) -> tuple[Record, ...]:
    folder = env.config.release_history_dir
    return load_records(str(folder)) if folder else ()


def holds(stated: str, key: str, value: Any) -> bool:
    if key.endswith(f".{SHOWN}"):
        return normalise(stated) == normalise(str(value))
    return matches(stated, value)


def status(row: Row, record: Record) -> tuple[Status, str]:
    """The row on one release, with the value or error that makes it differ."""
    for stated, key in row.claims:
        if key not in record.facts:
            return Status.CANNOT_RUN, record.failure(key)
        value = record.value(key)
        if not holds(stated, key, value):
            shown = format_value(value).strip() or _("(prints nothing)").strip("()（）")
            return Status.DIFFERENT, shown
    return Status.SAME, ""


@dataclass(frozen=True)
class Span:
    """Consecutive releases on which a row has the same status."""

    first: str
    last: str
    status: Status
    detail: str

    def releases(self) -> str:
        return self.first if self.first == self.last else f"{self.first}–{self.last}"


def spans(row: Row, recorded: tuple[Record, ...]) -> list[Span]:
    found: list[Span] = []
    for record in recorded:
        state, detail = status(row, record)
        if found and found[-1].status is state and found[-1].detail == detail:
            found[-1] = Span(found[-1].first, record.label, state, detail)
        else:
            found.append(Span(record.label, record.label, state, detail))
    return found


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


def plain_history(rows: list[Row], recorded: tuple[Record, ...]) -> dict[str, list[dict]]:
    """For errata.json: each row's spans, by its page and anchor."""
    return {
        f"{row.docname}#{row.anchor}": [
            {"first": s.first, "last": s.last, "status": s.status.value, "detail": s.detail}
            for s in spans(row, recorded)
        ]
        for row in rows
        if row.claims
    }


# -- The record and the build agree --------------------------------------------------------


def check_record_of_this_release(app: Sphinx, env: BuildEnvironment) -> None:
    """On a recorded release, every fact of the record must be what this build ran."""
    if extracting_messages(env) or (app.config.language or "en") != sitewide.SOURCE_LANGUAGE.code:
        return  # every language runs the same examples: compared once, with the source
    installed = version(installed_torch().release)
    mine = [r for r in records(env) if version(r.release) == installed]
    if not mine:
        return
    record, store = mine[0], fact_store(env)
    for key in sorted(record.facts):
        if key.endswith(f".{SHOWN}") or key in store.volatile:
            continue  # shown is made of the snippet's own facts; timings differ on every run
        try:
            live = store.lookup(key)
        except LookupError:
            continue  # not a fact of this project (another record layout): nothing to compare
        if format_value(live) != format_value(record.value(key)):
            logger.warning(
                "history/torch-%s.json records %s = %r, but this build ran %r: record the "
                "release again (nox -s history -- %s)",
                record.release.split("+")[0],
                key,
                format_value(record.value(key)),
                format_value(live),
                record.release.split("+")[0],
                type="evidence",
                subtype="history",
            )


# -- "What changed when" ---------------------------------------------------------------------


class release_changes(nodes.General, nodes.Element):
    """Placeholder, replaced by :class:`FillReleaseChanges` once every page has been read."""


class ReleaseChangesDirective(SphinxDirective):
    def run(self) -> list[nodes.Node]:
        domain(self.env).note_table(self.env.docname)  # re-written on every build, like the table
        return [release_changes()]


class FillReleaseChanges(SphinxPostTransform):
    default_priority = 5

    def run(self, **kwargs: Any) -> None:
        for placeholder in list(self.document.findall(release_changes)):
            placeholder.replace_self(self.content())

    def link(self, row: Row) -> nodes.reference:
        uri = self.app.builder.get_relative_uri(self.env.docname, row.docname) + f"#{row.anchor}"
        words = " ".join(row.words.split())
        text = _("{note}: {words}").format(
            note=row.note, words=f"{words[:40]}{'…' if len(words) > 40 else ''}"
        )
        return nodes.reference("", text, refuri=uri, internal=True, classes=["note-quote"])

    def content(self) -> list[nodes.Node]:
        recorded = records(self.env)
        rows = [row for row in domain(self.env).rows() if row.claims]
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
        table = tables.table(["release-grid"], columns, lines)
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
        return tables.table(["release-provenance"], columns, lines)


# -- Claims bounded by release ----------------------------------------------------------------


def newest_run(env: BuildEnvironment, key: str) -> tuple[Record, ...]:
    """The newest recorded releases on which ``key`` has the value of the newest record."""
    recorded = [r for r in records(env) if key in r.facts]
    if not recorded:
        return ()
    newest = format_value(recorded[-1].value(key))
    run: list[Record] = []
    for record in reversed(recorded):
        if format_value(record.value(key)) != newest:
            break
        run.insert(0, record)
    return tuple(run)


def since(env: BuildEnvironment, key: str) -> Record | None:
    """The first recorded release from which ``key`` has had its newest value."""
    run = newest_run(env, key)
    return run[0] if run else None


def release_bound(env: BuildEnvironment, key: str, stated: str | None = None) -> str:
    """``2.7`` when this build's release is older than every release on which ``key`` has had
    its newest value (and ``stated`` states that value): a claim that holds from 2.7 on."""
    first = since(env, key)
    if first is None or version(installed_torch().release) >= version(first.release):
        return ""
    if stated is not None and not matches(stated, first.value(key)):
        return ""
    return first.label


class SinceRole(SphinxRole):
    """``{since}`key```: the first recorded release from which the fact has had the value it
    has on the newest one (``2.7``), computed from the records. A claim that holds only from
    that release on holds on an older build when its paragraph says so with this role."""

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        key = self.text.strip()
        first = since(self.env, key) if not extracting_messages(self.env) else None
        if first is None and not extracting_messages(self.env):
            logger.warning(
                "no recorded release has the fact %s (in {since}`%s`): record them with nox "
                "-s history", key, key, location=self.get_location(), type="evidence",
                subtype="history",
            )  # fmt: skip
        node = nodes.inline(self.rawtext, first.label if first else key, classes=["checked-fact"])
        node["since_key"] = key  # a translation must keep it (torch_notes.i18n.parity)
        return [node], []


def releases_named(env: BuildEnvironment, paragraph: nodes.paragraph) -> set[str]:
    """The releases a paragraph's {since} roles name; a quote continues the paragraph before it
    (``... warns:`` followed by the quoted warning)."""
    context = [paragraph]
    quote = paragraph.parent
    if isinstance(quote, nodes.block_quote) and quote.parent is not None:
        at = quote.parent.index(quote)
        if at and isinstance(quote.parent[at - 1], nodes.paragraph):
            context.append(quote.parent[at - 1])
    keys = {n["since_key"] for p in context for n in p.findall(nodes.Element) if "since_key" in n}
    return {first.label for first in (since(env, k) for k in keys) if first is not None}


def covered(bound: str, named: set[str]) -> bool:
    """A value that holds from ``bound`` on also holds from any later release the page names."""
    return any(version(bound) <= version(release) for release in named)


def check_bounded_claims(app: Sphinx, doctree: nodes.document) -> None:
    """A claim that holds here only as of a later release sits beside the {since} that says so;
    in such a paragraph, a {fact} this release lacks shows the value of the releases it names."""
    if extracting_messages(app.env):
        return
    for paragraph in doctree.findall(nodes.paragraph):
        named = releases_named(app.env, paragraph)
        for node in paragraph.findall(nodes.Element):
            key = node.get("fact_key")
            bound = release_bound(app.env, key) if key else ""
            if bound and covered(bound, named):  # the page speaks of releases that have it
                shown = format_value(since(app.env, key).value(key), node.get("fact_spec", ""))
                node.children = [nodes.Text(shown)]
        for node in paragraph.findall(nodes.Element):
            key = node.get("release_bound_key")
            if key and not covered(node["release_bound"], named):
                logger.warning(
                    "%s has its stated value only from PyTorch %s on, and this build runs %s: "
                    "say so in the paragraph with {since}`%s`",
                    key, node["release_bound"], installed_torch().release, key,
                    location=node, type="evidence", subtype="history",
                )  # fmt: skip
