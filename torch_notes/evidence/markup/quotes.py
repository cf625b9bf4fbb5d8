"""Quotes from the study notes, checked against the notes' text on every build.

The notes live verbatim in ``notes/`` and are named by their three-digit prefix::

    The note says {note}`001:grad_fn=<AddBackward>`.

The build fails, naming the page, when the quoted words are not in that note (whitespace
is compared loosely, so a quote may be re-wrapped). The snippet and erratum directives use
:func:`check_quote` for their own quotes.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from docutils import nodes
from sphinx.util import logging
from sphinx.util.docutils import SphinxRole

from torch_notes import sitewide
from torch_notes.evidence.model import attributes
from torch_notes.evidence.model.records import CheckKind
from torch_notes.evidence.model.text import collapsed_whitespace
from torch_notes.evidence.store.domain import record_check

logger = logging.getLogger(__name__)


@cache
def note_text(notes_dir: str, note_id: str) -> tuple[Path, str]:
    matches = sorted(Path(notes_dir).glob(f"{note_id}_*.txt"))
    if len(matches) != 1:
        known = ", ".join(p.name.split("_")[0] for p in sorted(Path(notes_dir).glob("*_*.txt")))
        raise LookupError(f"no note {note_id!r} in {notes_dir} (notes: {known or 'none'})")
    return matches[0], collapsed_whitespace(matches[0].read_text(encoding="utf-8"))


def check_quote(notes_dir: str, note_id: str, quote: str) -> Path:
    """Return the note's path; raise LookupError when the quote is not in it."""
    path, text = note_text(notes_dir, note_id)
    if collapsed_whitespace(quote) not in text:
        raise LookupError(
            f"note {path.name} does not contain the quoted text {collapsed_whitespace(quote)!r}"
        )
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
            record_check(self.env, CheckKind.QUOTE, self.text, False)
            return [nodes.problematic(self.rawtext, self.rawtext)], []
        record_check(self.env, CheckKind.QUOTE, self.text, True)
        self.env.note_dependency(str(path))
        prose = bool(sitewide.CJK.search(quote))  # the note's prose is quoted, its code is code
        node: nodes.TextElement
        if prose:
            node = nodes.inline(self.rawtext, f"“{quote}”", classes=["note-quote"])
        else:
            node = nodes.literal(self.rawtext, quote, classes=["note-quote"])
        # What the errata table needs to pair the quote with the claims of its paragraph.
        node[attributes.NOTE], node[attributes.NOTE_WORDS], node[attributes.NOTE_PROSE] = (
            note_id.strip(),
            quote,
            prose,
        )
        node["support_smartquotes"] = False  # the words as written (checks.smart_quotes)
        return [node], []
