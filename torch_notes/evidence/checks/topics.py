"""A topic's files, from one name: each page declares the examples and snippets it draws on.

A topic page starts with front matter naming them, its own example first::

    ---
    examples: [stop_gradients, autograd_basics]
    snippets: [autograd_requires_grad_inplace]
    ---

The build holds every page to its declaration: a page that states a fact of an example it
does not declare, runs a snippet it does not declare, or declares one it never uses, fails
with the page named. From the declarations, ::

    python -m torch_notes.commands.topic_table

prints the README's table of topics (``torch_notes/commands/topic_table.py``). A project made
of cut-down pages (the drift tests) sets ``evidence_topic_declarations = False``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.util import logging

from torch_notes.evidence.execution.snippet_runner import SNIPPET_PREFIX
from torch_notes.evidence.model.records import Check, CheckKind
from torch_notes.evidence.model.values import parse_claim
from torch_notes.evidence.store.domain import evidence_domain

logger = logging.getLogger(__name__)


def used_by(checks: Iterable[Check]) -> tuple[set[str], set[str]]:
    """The examples and snippets whose results a page's checks rest on."""
    examples: set[str] = set()
    snippets: set[str] = set()
    for check in checks:
        if check.kind is CheckKind.SNIPPET:
            snippets.add(check.subject)
            continue
        if check.kind in (CheckKind.CLAIM, CheckKind.NOTE_CLAIM):
            key = parse_claim(check.subject)[1]
        elif check.kind is CheckKind.FACT:
            key = check.subject
        else:
            continue
        prefix, _, rest = key.partition(".")
        if prefix == SNIPPET_PREFIX:
            snippets.add(rest.split(".")[0])
        else:
            examples.add(prefix)
    return examples, snippets


def declared(env: BuildEnvironment, docname: str) -> tuple[set[str], set[str]] | None:
    metadata = env.metadata.get(docname, {})
    if "examples" not in metadata and "snippets" not in metadata:
        return None
    examples: set[str] = set(json.loads(metadata.get("examples", "[]")))
    snippets: set[str] = set(json.loads(metadata.get("snippets", "[]")))
    return examples, snippets


def check_declarations(app: Sphinx, env: BuildEnvironment) -> None:
    if not env.config.evidence_topic_declarations:
        return
    checks = evidence_domain(env).checks()
    for docname in sorted(env.found_docs):
        used = used_by(checks.get(docname, []))
        stated = declared(env, docname)
        if stated is None:
            stated = (set(), set())
            if not any(used):
                continue
        for kind, uses, says in zip(("examples", "snippets"), used, stated, strict=True):
            problems = [f"uses {kind[:-1]} {name} but does not declare it" for name in uses - says]
            problems += [f"declares {kind[:-1]} {name} but uses none of it" for name in says - uses]
            for problem in problems:
                logger.warning(
                    "%s (front matter: %s: [...])",
                    problem,
                    kind,
                    location=(docname, 1),
                    type="evidence",
                    subtype="topics",
                )
