"""A marked box where a note is outdated or wrong, backed by checks on every build.

::

    ```{erratum} 004
    :quote: backward()里面的一个参数retain_variables
    :now: TypeError <snippets.autograd_retain_variables.error_type>

    `backward()` no longer takes `retain_variables`; write `retain_graph=True`.
    ```

The argument names the note. ``:quote:`` is checked to be in that note, ``:now:`` is a
claim (``stated value <fact key>``, as in the ``{claim}`` role) that must hold for the
installed PyTorch. The body says what PyTorch does now and what to write instead. Every
erratum is also collected in ``env.torch_notes_errata`` (docname, note, quote, claim, id)
for pages that list them.
"""

from __future__ import annotations

from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

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
    }

    def run(self) -> list[nodes.Node]:
        note = self.arguments[0]
        quote = self.options.get("quote", "")
        claim = self.options.get("now", "")
        self.check(note, quote, claim)
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
        if not hasattr(self.env, "torch_notes_errata"):
            self.env.torch_notes_errata = []
        self.env.torch_notes_errata.append(
            {"docname": self.env.docname, "id": target_id, "note": note, "quote": quote,
             "now": claim}
        )
        return [box]

    def check(self, note: str, quote: str, claim: str) -> None:
        problems = []
        if not quote or not claim:
            problems.append("an erratum needs :quote: (the note's words) and :now: (a claim)")
        elif not facts.extracting_messages(self.env):
            try:
                self.env.note_dependency(
                    str(note_quotes.check_quote(self.config.notes_dir, note, quote)))
            except LookupError as err:
                problems.append(str(err))
            problems += facts.check_claim(self.env, claim)
        facts.record_check(self.env, "erratum", f"{note}: {quote}", not problems)
        for problem in problems:
            logger.warning("erratum: %s", problem, location=self.get_location(),
                           type="errata", subtype="check")


def purge(app: Sphinx, env, docname: str) -> None:
    env.torch_notes_errata = [
        e for e in getattr(env, "torch_notes_errata", []) if e["docname"] != docname
    ]


def merge(app: Sphinx, env, docnames, other) -> None:
    env.torch_notes_errata = [
        *getattr(env, "torch_notes_errata", []), *getattr(other, "torch_notes_errata", [])
    ]


def setup(app: Sphinx) -> dict[str, Any]:
    app.setup_extension("facts")
    app.setup_extension("note_quotes")
    app.add_directive("erratum", ErratumDirective)
    app.connect("env-purge-doc", purge)
    app.connect("env-merge-info", merge)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
