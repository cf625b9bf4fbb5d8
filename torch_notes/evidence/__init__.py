"""The evidence extension: every value a page states is checked against executed code.

    extensions = [..., "sphinx_gallery.gen_gallery", "torch_notes.evidence"]
    snippets_dir = ".../snippets"   # the notes' code fragments
    notes_dir = ".../notes"         # the notes, verbatim

What it adds, by module (each module's docstring shows its syntax):

* ``facts``: ``{fact}`` and ``{claim}`` roles over the ``facts`` that gallery scripts record;
* ``cases``: ``{fact-case}``, the page's own sentence for each value a fact can take;
* ``quotes``: ``{note}`` quotes of the notes, checked against their text;
* ``snippets``: ``{snippet}`` runs a note's code fragment and shows what it prints now;
* ``errata``: ``{erratum}`` boxes where a note is outdated or wrong;
* ``exercises``: ``{solution}`` of an exercise, executed; every topic page ends with exercises;
* ``cited``: ``{cited}`` documents, and every statement about the past backed by evidence;
* ``table``: ``{errata-table}``, one row per claim of the notes, with a computed verdict;
* ``releases``: each row on every recorded PyTorch release, and ``{release-changes}``;
* ``code_blocks``: every Python block a reader sees has run in the build;
* ``outputs``: every output is compared with a reviewed expected output kept in git;
* ``clean_output``: no output shows a logger line or a path of the build machine;
* ``verbatim``: the notes' words and code keep their quotes (no typography);
* ``topics``: which pages are topics, and the examples and snippets each uses (derived);
* ``model``: the records (checks, rows, evidence, outcomes) and the verdict rule;
* ``domain``: where the records live, per page, through incremental and parallel builds.

Interface text (labels, column titles, verdicts) comes from the package's message catalog,
``torch_notes/i18n/locale/<language>/LC_MESSAGES/torch_notes.po`` (see ``i18n.interface``).
"""

from __future__ import annotations

from typing import Any

from sphinx.application import Sphinx

from torch_notes.evidence import (
    cases,
    cited,
    clean_output,
    code_blocks,
    errata,
    exercises,
    facts,
    outputs,
    quotes,
    releases,
    snippets,
    table,
    topics,
    verbatim,
)
from torch_notes.evidence.domain import EvidenceDomain
from torch_notes.i18n import interface


def note_builder(app: Sphinx) -> None:
    facts.domain(app.env).extracting_messages = app.builder.name == "gettext"


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value("facts_dirs", [], "env", types=[list])
    app.add_config_value("snippets_dir", "", "env", types=[str])
    app.add_config_value("notes_dir", "", "env", types=[str])
    # Topic pages besides docs/<section>/<page>.md (topics.py): a test project's one page.
    app.add_config_value("evidence_topic_pages", [], "env", types=[list])
    # Topic pages end with Summary and Exercises (exercises.py); cut-down test pages need not.
    app.add_config_value("evidence_topic_exercises", True, "env", types=[bool])
    # history/: what each recorded PyTorch release ran (nox -s history); "" records none.
    app.add_config_value("release_history_dir", "", "env", types=[str])
    # nox -s accept: write what the build shows as the expected outputs (see outputs.py).
    app.add_config_value("evidence_accept_outputs", False, "env", types=[bool])
    # The release (``2.13``) whose outputs the common expected files hold; others may have
    # their own (outputs.py). "" = one set of expected outputs for every release.
    app.add_config_value("evidence_expected_release", "", "env", types=[str])
    app.add_domain(EvidenceDomain)
    interface.add_catalog(app)
    app.add_role("fact", facts.FactRole())
    app.add_role("claim", facts.ClaimRole())
    app.add_role("note", quotes.NoteRole())
    app.add_role("cited", cited.CitedRole())
    app.add_role("since", releases.SinceRole())
    app.add_directive("fact-case", cases.FactCaseDirective)
    app.add_directive("case", cases.CaseDirective)
    app.add_directive("snippet", snippets.SnippetDirective)
    app.add_directive("erratum", errata.ErratumDirective)
    app.add_node(table.errata_table)
    app.add_directive("errata-table", table.ErrataTableDirective)
    app.add_post_transform(table.FillErrataTable)
    app.add_node(releases.release_changes)
    app.add_directive("release-changes", releases.ReleaseChangesDirective)
    app.add_post_transform(releases.FillReleaseChanges)
    exercises.setup(app)
    app.connect("builder-inited", note_builder)
    app.connect("env-before-read-docs", facts.reset_store)
    app.connect("doctree-read", table.collect_quote_rows)
    app.connect("doctree-read", errata.cite_in_page_language)
    app.connect("doctree-read", cited.check_history_statements)
    app.connect("doctree-read", releases.check_bounded_claims)
    app.connect("doctree-read", verbatim.check_verbatim)
    app.connect("doctree-read", clean_output.check_outputs)
    app.connect("doctree-read", code_blocks.check_code_blocks)
    app.connect("doctree-read", outputs.check_gallery_outputs)
    app.connect("env-get-updated", table.always_refresh)
    app.connect("env-check-consistency", releases.check_record_of_this_release)
    app.connect("build-finished", table.write_reports)
    app.connect("build-finished", topics.write_topics)
    return {"version": "2.0", "parallel_read_safe": True, "parallel_write_safe": True}
