"""Topic pages, and the examples and snippets each draws on: derived from the page, never declared.

A topic page is a page of a section folder (``checks.topic_shape.is_topic``), which the build
holds to its shape: Summary, then Exercises.

Each page also counts its claims and those whose code it shows (``checks.claims_shown``).

What a page draws on is what it references: the examples whose facts its claims and facts
state, the snippets and solutions it runs, and the gallery scripts and snippets it shows
with ``literalinclude``, in the order the page first uses them (its own example first).
Every build writes them to ``<doctreedir>/topics.json``; ``torch_notes.commands.build_site``
keeps them in ``.build-info.json``, from which ::

    python -m torch_notes.commands.topic_table

prints the table of topics with their files (``torch_notes/commands/topic_table.py``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path

from sphinx.application import Sphinx

from torch_notes import sitewide
from torch_notes.evidence.checks.topic_shape import is_topic
from torch_notes.evidence.execution.snippet_runner import SNIPPET_PREFIX
from torch_notes.evidence.model.records import Check, CheckKind
from torch_notes.evidence.model.values import parse_claim
from torch_notes.evidence.store.domain import evidence_domain


def used_by(checks: Iterable[Check]) -> tuple[list[str], list[str]]:
    """The examples and snippets whose results a page's checks rest on, in the page's order."""
    examples: dict[str, None] = {}  # dicts keep the order of first use
    snippets: dict[str, None] = {}
    for check in checks:
        if check.kind is CheckKind.SNIPPET:
            snippets[check.subject] = None
            continue
        if check.kind in (CheckKind.CLAIM, CheckKind.NOTE_CLAIM):
            key = parse_claim(check.subject)[1]
        elif check.kind is CheckKind.FACT:
            key = check.subject
        else:
            continue
        prefix, _, rest = key.partition(".")
        if prefix == SNIPPET_PREFIX:
            snippets[rest.split(".")[0]] = None
        else:
            examples[prefix] = None
    return list(examples), list(snippets)


def shown_files(app: Sphinx, docname: str) -> tuple[list[str], list[str]]:
    """The gallery scripts and snippets a page depends on (``literalinclude``, ``{snippet}``)."""
    srcdir = Path(app.srcdir)
    conf = getattr(app.config, "sphinx_gallery_conf", None) or {}
    galleries = [(srcdir / folder).resolve() for folder in conf.get("examples_dirs", [])]
    snippets_dir = Path(app.config.snippets_dir).resolve() if app.config.snippets_dir else None
    examples, snippets = [], []
    for dependency in sorted(app.env.dependencies.get(docname, ())):
        path = (srcdir / dependency).resolve()
        if path.suffix != ".py":
            continue
        if any(folder in path.parents for folder in galleries):
            examples.append(sitewide.example_name(path))
        elif snippets_dir and snippets_dir in path.parents:
            snippets.append(path.relative_to(snippets_dir).with_suffix("").as_posix())
    return examples, snippets


def write_topics(app: Sphinx, exception: Exception | None) -> None:
    """``<doctreedir>/topics.json``: each topic page with the examples and snippets it uses."""
    if exception is not None:
        return
    checks = evidence_domain(app.env).checks()
    found = {}
    for docname in sorted(app.env.found_docs):
        if not is_topic(app.config, docname):
            continue
        examples, snippets = used_by(checks.get(docname, []))
        shown_examples, shown_snippets = shown_files(app, docname)
        shown = evidence_domain(app.env).shown(docname)
        found[docname] = {
            "examples": list(dict.fromkeys(examples + shown_examples)),
            "snippets": list(dict.fromkeys(snippets + shown_snippets)),
            # checks.claims_shown: the claims whose code is on the page, of all its claims
            "claims": len(shown),
            "claims_shown": sum(shown.values()),
        }
    Path(app.doctreedir, "topics.json").write_text(
        json.dumps(found, indent=1, ensure_ascii=False), encoding="utf-8"
    )
