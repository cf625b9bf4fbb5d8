"""Quotes from the study notes, checked against the notes' text on every build.

The notes live verbatim in ``notes/`` and are named by their three-digit prefix::

    The note says {note}`001:grad_fn=<AddBackward>`.

The build fails, naming the page, when the quoted words are not in that note (whitespace
is compared loosely, so a quote may be re-wrapped). Other extensions use :func:`check_quote`.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxRole

import facts

logger = logging.getLogger(__name__)


CJK = re.compile(r"[\u4e00-\u9fff]")


def squeeze(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


@cache
def note_text(notes_dir: str, note_id: str) -> tuple[Path, str]:
    matches = sorted(Path(notes_dir).glob(f"{note_id}_*.txt"))
    if len(matches) != 1:
        known = ", ".join(p.name.split("_")[0] for p in sorted(Path(notes_dir).glob("*_*.txt")))
        raise LookupError(f"no note {note_id!r} in {notes_dir} (notes: {known or 'none'})")
    return matches[0], squeeze(matches[0].read_text(encoding="utf-8"))


def check_quote(notes_dir: str, note_id: str, quote: str) -> Path:
    """Return the note's path; raise LookupError when the quote is not in it."""
    path, text = note_text(notes_dir, note_id)
    if squeeze(quote) not in text:
        raise LookupError(f"note {path.name} does not contain the quoted text {squeeze(quote)!r}")
    return path


class NoteRole(SphinxRole):
    """``{note}`001:quoted words```: the note's words, verified."""

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        note_id, sep, quote = self.text.partition(":")
        try:
            if not sep:
                raise LookupError(f"note quote {self.text!r} must read `<note id>:<quoted words>`")
            path = check_quote(self.config.notes_dir, note_id.strip(), quote)
        except LookupError as err:
            logger.warning("%s", err, location=self.get_location(), type="notes", subtype="quote")
            facts.record_check(self.env, "quote", self.text, False)
            return [nodes.problematic(self.rawtext, self.rawtext)], []
        facts.record_check(self.env, "quote", self.text, True)
        self.env.note_dependency(str(path))
        if CJK.search(quote):  # the note's prose: a quotation, not code
            node = nodes.inline(self.rawtext, f"“{quote}”", classes=["note-quote"])
        else:
            node = nodes.literal(self.rawtext, quote, classes=["note-quote"])
        node["note"] = note_id.strip()  # for tables of what the build checked (errata_table.py)
        return [node], []


def setup(app: Sphinx) -> dict[str, Any]:
    app.setup_extension("facts")
    app.add_config_value("notes_dir", "", "env", types=[str])
    app.add_role("note", NoteRole())
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
