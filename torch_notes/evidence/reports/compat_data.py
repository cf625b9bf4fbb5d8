"""The errata table and "What changed when" as one JSON file: the compatibility dataset.

Every HTML build writes ``compat.json`` and its JSON Schema ``compat.schema.json`` (kept beside
this module) at the root of each language's site, and validates the one against the other:
a dataset that does not fit its schema fails the build. Per claim of the notes it holds the
note, its words (with their English), what PyTorch does now, the verdict, the evidence
(executed facts, cited documents) and, release by release, the result: runs of releases with
the same result, ``since``/``until``, as MDN's browser-compat-data groups browser versions.
``__meta`` names the site's commit, the release it was made on, and the terms of use.

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

from torch_notes.evidence.execution.release_records import Record, Span, records, spans
from torch_notes.evidence.model.records import Cited, Executed, Row, installed_torch
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


def support(span: Span) -> dict[str, str]:
    entry = {"since": span.first, "until": span.last, "result": span.status.value}
    if span.detail:
        entry["value" if span.status.name == "DIFFERENT" else "error"] = span.detail
    return entry


def claim(row: Row, recorded: tuple[Record, ...], uri: str) -> dict[str, Any]:
    return {
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
    }


def dataset(env: BuildEnvironment, page_uri: Any) -> dict[str, Any]:
    """The dataset of this build; ``page_uri(row)`` is the address of the row's page."""
    recorded = records(env)
    torch = installed_torch()
    return {
        "__meta": {
            "schema_version": 1,
            "site_commit": site_commit(),
            "torch": torch.release,
            "torch_build": torch.kind,
            "licence": LICENCE,
            "quotations": QUOTATIONS,
        },
        "releases": [
            {"release": r.release, "minor": r.label, "build": r.build, "recorded": r.date}
            for r in recorded
        ],
        "claims": {
            f"{row.docname}#{row.anchor}": claim(row, recorded, page_uri(row))
            for row in evidence_domain(env).rows()
        },
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
    builder = app.builder

    def page_uri(row: Row) -> str:
        uri = builder.get_target_uri(row.docname)
        return f"{uri}#{row.anchor}" if row.anchor else uri

    data = dataset(app.env, page_uri)
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
    """The schema file, with the verdict's kinds read from where they are defined."""
    schema: dict[str, Any] = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    schema["$defs"]["claim"]["properties"]["verdict"]["enum"] = [v.value for v in Verdict]
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
            "claim it holds the note, its words, the verdict, the evidence and the result on "
            "each recorded release. The site's own text and data are under the MIT licence; "
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
