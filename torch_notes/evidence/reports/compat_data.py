"""The errata table and "What changed when" as one JSON file: the compatibility dataset.

Every HTML build writes ``compat.json`` and its JSON Schema ``compat.schema.json`` (kept beside
this module) at the root of each language's site, and validates the one against the other:
a dataset that does not fit its schema fails the build. It is made for tools (a linter, an IDE
plugin) as MDN's browser-compat-data is: each claim of the notes is keyed by the API it is
about (``torch.Tensor.backward.retain_variables``, reviewed in ``notes/apis.toml``, see
``checks.api_names``), names what replaces it (``alternative_name``), and says from which
recorded release the note's code runs and from which it fails (``version_added``,
``version_removed``), besides the note, its words, the verdict, the evidence and the result
release by release: runs of releases with the same result, ``since``/``until``.
``__meta`` names the site's commit and address, the language, the build's date and release,
and the terms of use.

The two languages' files hold the same data: only ``__meta.language``, ``__meta.built``, the
cited documents' titles (in the file's language) and, with a public address, the language's
folder in each ``page`` differ. A project that names no APIs (``evidence_api_names``) writes
no dataset.

A page links it with::

    ```{compat-dataset}
    ```
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, ClassVar

import jsonschema
from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.locale import get_translation
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from torch_notes import sitewide
from torch_notes.evidence.checks.api_names import Api, api_names
from torch_notes.evidence.checks.pinned_verdicts import row_key
from torch_notes.evidence.execution.release_records import (
    Record,
    Span,
    Status,
    nothing_printed,
    records,
    spans,
)
from torch_notes.evidence.model.records import Cited, Executed, Raised, Row, installed_torch
from torch_notes.evidence.model.verdicts import Verdict, verdict_of
from torch_notes.evidence.store.domain import evidence_domain
from torch_notes.sitewide import site_commit

logger = logging.getLogger(__name__)
_ = get_translation("torch_notes")

DATA = "compat.json"
SCHEMA = "compat.schema.json"
SCHEMA_PATH = Path(__file__).with_name(SCHEMA)
LICENCE = "MIT (the project's own text and data)"
QUOTATIONS = "the notes' words are quoted for commentary, as the site's About page states"


SCHEMA_VERSION = 2


def support(span: Span) -> dict[str, str]:
    entry = {"since": span.first, "until": span.last, "result": span.status.value}
    if span.status is Status.DIFFERENT:
        # The same in every language: "" where that release printed nothing.
        entry["value"] = "" if span.detail == nothing_printed() else span.detail
    elif span.status is Status.CANNOT_RUN:
        entry["error"] = span.detail
    return entry


def runs(row: Row, record: Record) -> bool:
    """Whether the row's code runs on a release: every fact its claims rest on was recorded
    there, and none of them is an exception."""
    return all(
        key in record.facts and not isinstance(record.value(key), Raised) for _, key in row.claims
    )


def versions(row: Row, recorded: tuple[Record, ...]) -> dict[str, str | None]:
    """``version_added``: the first recorded release on which the row's code runs, ``≤`` the
    oldest when it runs there already; ``version_removed``: the first after that on which it
    no longer runs. None when there is none (or the row rests on no recorded claim)."""
    added = removed = None
    if row.claims:
        for number, record in enumerate(recorded):
            if added is None and runs(row, record):
                added = f"≤{record.label}" if number == 0 else record.label
            elif added is not None and not runs(row, record):
                removed = record.label
                break
    return {"version_added": added, "version_removed": removed}


def claim(row: Row, api: Api, recorded: tuple[Record, ...], uri: str) -> dict[str, Any]:
    named = {"api": api.name}
    if api.alternative_name:
        named["alternative_name"] = api.alternative_name
    return {
        **named,
        "note": row.note,
        "words": row.words,
        "words_en": row.words_en,
        "now": row.now,
        "verdict": verdict_of(row).value,
        "source": row.source.value,
        "page": uri,
        "evidence": {
            "executed": [s for e in row.evidence if isinstance(e, Executed) for s in e.subjects],
            "cited": [
                {"url": e.url, "title": e.title} for e in row.evidence if isinstance(e, Cited)
            ],
        },
        "support": [support(s) for s in spans(row, recorded)] if row.claims else [],
        **versions(row, recorded),
    }


def dataset(
    env: BuildEnvironment, names: dict[tuple[str, str, str], Api], page_uri: Any
) -> dict[str, Any]:
    """The dataset of this build; ``page_uri(row)`` is the address of the row's page. A row
    without a name is left out (``checks.api_names`` fails the build for it)."""
    recorded = records(env)
    torch = installed_torch()
    rows = [
        (row, names[row_key(row)]) for row in evidence_domain(env).rows() if row_key(row) in names
    ]
    return {
        "__meta": {
            "schema_version": SCHEMA_VERSION,
            "site_commit": site_commit(),
            "base_url": sitewide.base_url() or None,
            "language": env.config.language or sitewide.SOURCE_LANGUAGE.code,
            "built": sitewide.build_moment().strftime("%Y-%m-%dT%H:%M:%SZ"),
            "torch": torch.release,
            "torch_build": torch.kind,
            "licence": LICENCE,
            "quotations": QUOTATIONS,
        },
        "releases": [
            {"release": r.release, "minor": r.label, "build": r.build, "recorded": r.date}
            for r in recorded
        ],
        "claims": {api.name: claim(row, api, recorded, page_uri(row)) for row, api in rows},
    }


def problems(data: dict[str, Any], schema: dict[str, Any]) -> list[str]:
    """Where ``data`` breaks ``schema``, one line each (``[]`` when it fits)."""
    validator = jsonschema.Draft202012Validator(
        schema, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER
    )
    return [
        f"{'/'.join(map(str, error.absolute_path)) or '(top)'}: {error.message}"
        for error in sorted(validator.iter_errors(data), key=lambda e: list(e.absolute_path))
    ]


def write_dataset(app: Sphinx, exception: Exception | None) -> None:
    """Write and validate ``compat.json`` and its schema at the root of an HTML build."""
    if exception is not None or app.builder.format != "html":
        return
    names = api_names(app.env)
    if names is None:
        return
    builder = app.builder
    # The site's public address, when it has one, holds one folder per language.
    base = sitewide.base_url()
    root = f"{base}{app.config.language or sitewide.SOURCE_LANGUAGE.code}/" if base else ""

    def page_uri(row: Row) -> str:
        uri = builder.get_target_uri(row.docname)
        return root + (f"{uri}#{row.anchor}" if row.anchor else uri)

    data = dataset(app.env, names, page_uri)
    schema = published_schema()
    for problem in problems(data, schema):
        logger.warning(
            "%s does not fit %s: %s", DATA, SCHEMA, problem, type="evidence", subtype="dataset"
        )
    out = Path(app.outdir)
    (out / DATA).write_text(
        json.dumps(data, indent=1, ensure_ascii=False, sort_keys=True) + "\n", encoding="utf-8"
    )
    (out / SCHEMA).write_text(
        json.dumps(schema, indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
    )


def published_schema() -> dict[str, Any]:
    """The schema file, with the verdict's kinds and the languages read from where they are
    defined."""
    schema: dict[str, Any] = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    schema["$defs"]["claim"]["properties"]["verdict"]["enum"] = [v.value for v in Verdict]
    languages = [language.code for language in sitewide.LANGUAGES]
    schema["properties"]["__meta"]["properties"]["language"]["enum"] = languages
    return schema


PLACEHOLDER = re.compile(r"\{(\w+)\}")


class CompatDatasetDirective(SphinxDirective):
    """A paragraph linking the dataset and its schema, with its commit, release and terms."""

    option_spec: ClassVar = {}

    def run(self) -> list[nodes.Node]:
        up = "../" * self.env.docname.count("/")
        torch = installed_torch()
        commit = site_commit()
        about = addnodes.pending_xref(
            "", refdomain="std", reftype="doc", reftarget="/about", refexplicit=True
        )
        about += nodes.inline(text=_("About this site"))
        parts: dict[str, nodes.Node] = {
            "data": nodes.reference("", "", nodes.literal(text=DATA), refuri=up + DATA),
            "schema": nodes.reference("", "", nodes.literal(text=SCHEMA), refuri=up + SCHEMA),
            "commit": nodes.literal(text=commit[:12] or _("(unknown)")),
            "torch": nodes.literal(text=f"{torch.release} ({torch.kind})"),
            "about": about,
        }
        template = _(
            "The same data as one JSON file: {data}, checked on every build against its JSON "
            "Schema {schema}; made from the site's commit {commit} on PyTorch {torch}. Per "
            "claim, keyed by the API it is about, it holds what replaces the API, the note, its "
            "words, the verdict, the evidence, the result on each recorded release and the "
            "first releases on which the note's code runs and fails. The site's own text and "
            "data are under the MIT licence; "
            "the notes' words in it are quoted on the terms of {about}."
        )
        paragraph = nodes.paragraph(classes=["compat-dataset"])
        paragraph["translatable"] = False  # already in the page's language
        position = 0
        for match in PLACEHOLDER.finditer(template):
            paragraph += nodes.Text(template[position : match.start()])
            paragraph += parts[match[1]]
            position = match.end()
        paragraph += nodes.Text(template[position:])
        self.set_source_info(paragraph)
        return [paragraph]
