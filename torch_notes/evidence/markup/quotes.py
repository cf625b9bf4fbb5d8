"""Quotes from the study notes, checked against the notes' text on every build.

The notes live verbatim in ``notes/`` and are named by their three-digit prefix::

    The note says {note}`001:grad_fn=<AddBackward>`.
    Note 000 calls it {note}`000:叶子节点 <leaf nodes>`.

The build fails, naming the page, when the quoted words are not in that note (whitespace
is compared loosely, so a quote may be re-wrapped). The snippet and erratum directives use
:func:`check_quote` for their own quotes.

A quote of the notes' Chinese prose carries its English translation at the end, in angle
brackets, written in the English source. English pages show both, the quote marked as
Chinese (``lang="zh-CN"``) so that screen readers switch voice; pages in other languages show
the quote alone. A Chinese quote without a translation fails the English build: an English
reader could not read it. Quotes of code need none.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

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


TRANSLATED = re.compile(r"^(?P<quote>.*?)\s+<(?P<english>[^<>]+)>$", re.DOTALL)
QUOTE_LANGUAGE = "language-zh-CN"  # docutils writes the class as lang="zh-CN"


def split_translation(text: str) -> tuple[str, str]:
    """``叶子节点 <leaf nodes>`` -> (``叶子节点``, ``leaf nodes``); code has no translation."""
    match = TRANSLATED.match(text)
    if match and sitewide.CJK.search(match["quote"]):
        return match["quote"], match["english"].strip()
    return text, ""


def is_source_language(config: Any) -> bool:
    return (config.language or sitewide.SOURCE_LANGUAGE.code) == sitewide.SOURCE_LANGUAGE.code


def untranslated(words: str, english: str) -> str | None:
    """The problem with Chinese words shown on an English page without a translation."""
    if sitewide.HAN.search(words) and not english:
        return (
            f"the note's words {words!r} are Chinese: add their English translation "
            "(a quote: `id:words <English>`; an erratum or snippet: :quote-en:)"
        )
    return None


def translation_nodes(english: str) -> list[nodes.Node]:
    """`` (“English”)`` after a quote on an English page."""
    return [
        nodes.Text(" ("),
        nodes.inline("", f"“{english}”", classes=["quote-translation"], support_smartquotes=False),
        nodes.Text(")"),
    ]


class NoteRole(SphinxRole):
    """``{note}`001:quoted words```: the note's words, verified."""

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        note_id, sep, text = self.text.partition(":")
        quote, english = split_translation(text)
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
            node = nodes.inline(self.rawtext, f"“{quote}”", classes=["note-quote", QUOTE_LANGUAGE])
        else:
            node = nodes.literal(self.rawtext, quote, classes=["note-quote"])
        node[attributes.NOTE_TRANSLATION] = english
        # What the errata table needs to pair the quote with the claims of its paragraph.
        node[attributes.NOTE], node[attributes.NOTE_WORDS], node[attributes.NOTE_PROSE] = (
            note_id.strip(),
            quote,
            prose,
        )
        node["support_smartquotes"] = False  # the words as written (checks.smart_quotes)
        if not is_source_language(self.config):
            return [node], []
        if problem := untranslated(quote, english):
            logger.warning(
                problem, location=self.get_location(), type="notes", subtype="translation"
            )
            return [node], []
        return [node, *(translation_nodes(english) if english else [])], []
