"""A marked box where a note is outdated or wrong, backed by checks on every build.

::

    ```{erratum} 004
    :quote: backward()里面的一个参数retain_variables
    :now: TypeError <snippets.autograd_retain_variables.error_type>

    `backward()` no longer takes `retain_variables`; write `retain_graph=True`.
    ```

The argument names the note. ``:quote:`` is checked to be in that note, ``:now:`` is a
claim (``stated value <fact key>``, as in the ``{claim}`` role) that must hold for the
installed PyTorch. The body says what PyTorch does now and what to write instead. The
errata table (errata_table.py) lists every erratum from the evidence each box carries.

``:note-claims: stated value <fact key>`` (optional) states what the NOTE says, as a claim
against today's fact; it must *fail* (the build warns when it holds: the note would be right).
It lets the errata table compute whether the note was once right (see errata_table.py)::

    ```{erratum} 004
    :quote: num_workers=2, # 多线程来读数据
    :now: True <load_batches.workers_are_processes>
    :note-claims: False <load_batches.workers_are_processes>
    ```
"""

from __future__ import annotations

import contextlib
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

import errata_table
import facts
import note_quotes

logger = logging.getLogger(__name__)

TITLES = {
    "en": ("Note {note} is outdated or inaccurate here", "The note says:"),
    "zh_CN": ("笔记 {note} 此处已过时或不准确", "笔记原文："),
}


class ErratumDirective(SphinxDirective):
    required_arguments = 1
    has_content = True
    option_spec: ClassVar = {
        "quote": directives.unchanged_required,
        "now": directives.unchanged_required,
        "note-claims": directives.unchanged_required,
    }

    def run(self) -> list[nodes.Node]:
        note = self.arguments[0]
        quote = self.options.get("quote", "")
        claim = self.options.get("now", "")
        note_claims = self.options.get("note-claims")
        self.check(note, quote, claim)
        if note_claims and not facts.extracting_messages(self.env):
            self.check_note_claims(note_claims)
        title, says = TITLES.get(self.config.language, TITLES["en"])
        box = nodes.admonition(classes=["erratum", "warning"])
        heading = nodes.title(text=title.format(note=note))
        heading["translatable"] = False  # already in the page's language, like the labels
        box += heading
        paragraph = nodes.paragraph()
        paragraph += nodes.strong(text=says)
        paragraph += nodes.Text(" ")
        paragraph += nodes.inline(text=f"“{quote}”", classes=["note-quote"])
        box += paragraph
        self.state.nested_parse(self.content, self.content_offset, box)
        target_id = f"erratum-{self.env.new_serialno('erratum')}"
        box["ids"].append(target_id)
        if not facts.extracting_messages(self.env):
            box[errata_table.EVIDENCE] = self.evidence(note, quote, claim, note_claims)
        return [box]

    def check(self, note: str, quote: str, claim: str) -> None:
        problems = []
        if not quote or not claim:
            problems.append("an erratum needs :quote: (the note's words) and :now: (a claim)")
        elif not facts.extracting_messages(self.env):
            try:
                self.env.note_dependency(
                    str(note_quotes.check_quote(self.config.notes_dir, note, quote))
                )
            except LookupError as err:
                problems.append(str(err))
            problems += facts.check_claim(self.env, claim)
        facts.record_check(self.env, "erratum", f"{note}: {quote}", not problems)
        for problem in problems:
            logger.warning(
                "erratum: %s", problem, location=self.get_location(), type="errata", subtype="check"
            )

    def check_note_claims(self, note_claims: str) -> None:
        """The note's own statement, which today's PyTorch must contradict."""
        try:
            text, key = facts.parse_claim(note_claims)
            actual = facts.fact_store(self.env).lookup(key)
        except (LookupError, ValueError) as err:
            problem = f"{err.args[0]} (in :note-claims: {note_claims!r})"
        else:
            holds = facts.matches(text, actual)
            facts.record_check(self.env, "note-claim", note_claims, not holds)
            if not holds:
                return
            problem = (
                f":note-claims: {note_claims!r} holds today ({key} is "
                f"{facts.format_value(actual)!r}): the note is right, this is no erratum"
            )
        logger.warning(
            "erratum: %s", problem, location=self.get_location(), type="errata", subtype="check"
        )

    def evidence(self, note: str, quote: str, claim: str, note_claims: str | None) -> dict:
        """What errata_table.py needs to compute this erratum's verdict."""

        store = facts.fact_store(self.env)
        try:
            key = facts.parse_claim(claim)[1]
            value = store.lookup(key)
        except (LookupError, ValueError):
            key, value = "", None
        evidence = {
            "source": "erratum",
            "note": note,
            "words": quote,
            "now": f"{key} = {facts.format_value(value)}" if key else claim,
        }
        if key:
            evidence |= errata_table.value_evidence(key, value, store.lookup)
        if note_claims:
            with contextlib.suppress(ValueError):  # reported by check_note_claims
                evidence["note_claims_stated"] = facts.parse_claim(note_claims)[0]
        return evidence


def setup(app: Sphinx) -> dict[str, Any]:
    app.setup_extension("facts")
    app.setup_extension("note_quotes")
    app.add_directive("erratum", ErratumDirective)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
