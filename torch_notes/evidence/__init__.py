"""The evidence extension: every value a page states is checked against executed code.

    extensions = [..., "sphinx_gallery.gen_gallery", "torch_notes.evidence"]
    snippets_dir = ".../snippets"   # the notes' code fragments
    notes_dir = ".../notes"         # the notes, verbatim

The package is built in layers. A module imports only from its own layer and the layers below
it (``tests/test_layers.py`` fails on an import that runs upward, and on any import circle):

1. ``model``: the records (checks, errata rows, evidence, outcomes), the verdict rule, and the
   functions that compare values and text; nothing here knows the build;
2. ``store``: where records live: the ``evidence`` domain, per page, and ``record_check``;
3. ``execution``: what ran: facts recorded inside sphinx-gallery, the snippet runner, the fact
   store, the reviewed expected outputs, and the records of every PyTorch release;
4. ``markup``: the roles and directives pages are written with (``{fact}``, ``{claim}``,
   ``{fact-case}``, ``{note}``, ``{cited}``, ``{since}``, ``{snippet}``, ``{erratum}``,
   ``{solution}``); each module's docstring shows its syntax;
5. ``checks``: what every page must satisfy (outputs, code blocks, history, topics ...), and
   that every item of the notes' ledger has a place on the site;
6. ``reports``: the errata table, what changed when, the ledger of the notes (every item
   and where it is treated), and each topic page's examples and snippets, over all pages.

This module is the top: it registers the markup and connects the checks and reports. The
checks run only for builders that render pages: the gettext builder runs nothing, so it has
nothing to check (:func:`connect_checks`, the one place that asks which builder runs).

Interface text (labels, column titles, verdicts) comes from the package's message catalog,
``torch_notes/locale/<language>/LC_MESSAGES/torch_notes.po`` (see ``torch_notes.interface``).
"""

from __future__ import annotations

from typing import Any

from sphinx.application import Sphinx

from torch_notes import interface, priorities
from torch_notes.evidence.checks import (
    absolute_statements,
    api_names,
    bounded_claims,
    cell_names,
    claims_shown,
    code_blocks,
    failed_recordings,
    gallery_outputs,
    hidden_output,
    history_statements,
    ledger,
    output_hygiene,
    pinned_verdicts,
    recorded_release,
    runnable_code,
    smart_quotes,
    topic_shape,
    verdict_evidence,
)
from torch_notes.evidence.execution import fact_store
from torch_notes.evidence.markup import (
    cases,
    cited,
    errata,
    example_cells,
    exercises,
    facts,
    fill_in,
    quotes,
    since,
    snippets,
)
from torch_notes.evidence.reports import (
    compat_data,
    errata_table,
    notes_ledger,
    release_changes,
    topics,
)
from torch_notes.evidence.store.domain import EvidenceDomain

# What a rendering build checks on each page once it is filled in (priorities.FILL_IN), in
# this order, and once at the end.
PAGE_CHECKS = (
    topic_shape.check_topic_shape,
    ledger.collect_places,  # before the quote rows: a quote's anchor is the one it gets here
    errata_table.collect_quote_rows,
    history_statements.check_history_statements,
    absolute_statements.check_absolute_statements,
    bounded_claims.check_bounded_claims,
    smart_quotes.check_smart_quotes,
    output_hygiene.check_output_hygiene,
    code_blocks.check_code_blocks,
    runnable_code.check_runnable_code,
    hidden_output.check_hidden_output,
    gallery_outputs.check_gallery_outputs,
    cell_names.check_cell_names,
    claims_shown.check_claims_shown,
)
BUILD_CHECKS = (
    recorded_release.check_record_of_this_release,
    failed_recordings.check_failed_recordings,
    ledger.check_ledger,
    verdict_evidence.check_verdict_evidence,
    pinned_verdicts.check_pinned_verdicts,
    absolute_statements.check_reviews_in_use,
    api_names.check_api_names,
)


def connect_checks(app: Sphinx) -> None:
    """Connect what runs code, checks and reports, for builders that render; the gettext
    builder only extracts messages (every case, none of the outputs), so it runs nothing."""
    if app.builder.name == "gettext":
        return
    app.connect("doctree-read", fill_in.fill_in, priority=priorities.FILL_IN)
    for check in PAGE_CHECKS:
        app.connect("doctree-read", check)
    for build_check in BUILD_CHECKS:
        app.connect("env-check-consistency", build_check)
    app.connect("env-get-updated", errata_table.always_refresh)
    app.connect("env-get-updated", notes_ledger.always_refresh)
    app.connect("build-finished", errata_table.write_reports)
    app.connect("build-finished", compat_data.write_dataset)
    app.connect("build-finished", notes_ledger.write_report)
    app.connect("build-finished", topics.write_topics)


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value("facts_dirs", [], "env", types=[list])
    app.add_config_value("snippets_dir", "", "env", types=[str])
    app.add_config_value("notes_dir", "", "env", types=[str])
    # notes/ledger/: every item of each note and where the site treats it (checks.ledger);
    # "" keeps no ledger.
    app.add_config_value("notes_ledger_dir", "", "env", types=[str])
    # Topic pages besides docs/<section>/<page>.md (checks.topic_shape): a test project's one page.
    app.add_config_value("evidence_topic_pages", [], "env", types=[list])
    # Topic pages end with Summary and Exercises (checks.topic_shape); cut-down test pages need not.
    app.add_config_value("evidence_topic_exercises", True, "env", types=[bool])
    # history/: what each recorded PyTorch release ran (nox -s history); "" records none.
    app.add_config_value("release_history_dir", "", "env", types=[str])
    # nox -s accept: write what the build shows as the expected outputs (execution.expected_outputs).
    app.add_config_value("evidence_accept_outputs", False, "env", types=[bool])
    # Each row's reviewed verdict (checks.pinned_verdicts); "" pins none.
    app.add_config_value("evidence_verdict_pins", "", "env", types=[str])
    # Absolute sentences a reviewer accepted, with reasons (checks.absolute_statements).
    app.add_config_value("evidence_reviewed_absolutes", "", "env", types=[str])
    # The probes that general sentences rest on, ``<section>/<name>.py`` each
    # (execution.statement_probes); "" = none.
    app.add_config_value("evidence_probes_dir", "", "env", types=[str])
    # The API each row is about, the key of its claim in compat.json (checks.api_names);
    # "" names none, and no dataset is written.
    app.add_config_value("evidence_api_names", "", "env", types=[str])
    # The release (``2.13``) whose outputs the common expected files hold; others may have
    # their own (execution.expected_outputs). "" = one set of expected outputs for every release.
    app.add_config_value("evidence_expected_release", "", "env", types=[str])
    # The oldest supported release (``2.6``): a claim that a record from there on contradicts
    # needs a bound (checks.bounded_claims). "" = every recorded release is supported.
    app.add_config_value("evidence_supported_from", "", "env", types=[str])
    # The share of a topic page's claims whose code is on the page (checks.claims_shown).
    app.add_config_value("evidence_shown_claims_minimum", 0.9, "env", types=[float])
    app.add_domain(EvidenceDomain)
    interface.add_catalog(app)
    app.add_role("fact", facts.FactRole())
    app.add_role("claim", facts.ClaimRole())
    app.add_role("note", quotes.NoteRole())
    app.add_role("cited", cited.CitedRole())
    app.add_role("since", since.SinceRole())
    app.add_directive("fact-case", cases.FactCaseDirective)
    app.add_directive("case", cases.CaseDirective)
    app.add_directive("snippet", snippets.SnippetDirective)
    app.add_directive("example-cell", example_cells.ExampleCellDirective)
    app.add_directive("erratum", errata.ErratumDirective)
    app.add_node(errata_table.errata_table)
    app.add_directive("errata-table", errata_table.ErrataTableDirective)
    app.add_directive("compat-dataset", compat_data.CompatDatasetDirective)
    app.add_post_transform(errata_table.FillErrataTable)
    app.add_node(notes_ledger.notes_ledger)
    app.add_directive("notes-ledger", notes_ledger.NotesLedgerDirective)
    app.add_post_transform(notes_ledger.FillNotesLedger)
    app.add_node(release_changes.release_changes)
    app.add_directive("release-changes", release_changes.ReleaseChangesDirective)
    app.add_post_transform(release_changes.FillReleaseChanges)
    exercises.setup(app)
    app.connect("builder-inited", connect_checks)
    app.connect("env-before-read-docs", fact_store.reset_store)
    return {"version": "2.0", "parallel_read_safe": True, "parallel_write_safe": True}
