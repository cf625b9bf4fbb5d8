"""Every item of the notes has a place on the site, or a reason it needs none (``model.ledger``).

Two steps. On each page (``doctree-read``), :func:`collect_places` notes every quote of the
notes with the anchor it has there (a ``{note}`` gets one; an erratum is its box); snippets
note their code and the note's output themselves. Once every page is read
(``env-check-consistency``), :func:`check_ledger` reads each note's ledger, checks each
item's words against the note and that every word of the note is in some item, and resolves
each item. The build fails, naming the note, the item and the ledger file (at the item's
line), on an item with no place, on a declared place that does not exist, and on an item
declared untreated.
"""

from __future__ import annotations

from pathlib import Path

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.environment import BuildEnvironment
from sphinx.util import logging

from torch_notes.evidence.markup.quotes import is_source_language
from torch_notes.evidence.model import attributes
from torch_notes.evidence.model.ledger import Item, Place, Resolved, coverage_problems, resolve
from torch_notes.evidence.store.domain import evidence_domain
from torch_notes.evidence.store.ledger import id_line, ledger_path, read_ledger
from torch_notes.sitewide import HAN

logger = logging.getLogger(__name__)
QUOTE_ID = "quote-{number}"


def collect_places(app: Sphinx, doctree: nodes.document) -> None:
    """Note each quote of the notes on this page with its anchor (given one when it has none)."""
    places = []
    for number, node in enumerate(
        (n for n in doctree.findall(nodes.Element) if attributes.NOTE_WORDS in n), start=1
    ):
        box = node.parent
        while box is not None and not (isinstance(box, nodes.admonition) and box["ids"]):
            box = box.parent
        if box is not None and "erratum" in box["classes"]:
            anchor = box["ids"][0]
        else:
            if not node["ids"]:
                node["ids"].append(QUOTE_ID.format(number=number))
            anchor = node["ids"][0]
        places.append(
            Place(app.env.docname, anchor, node[attributes.NOTE], node[attributes.NOTE_WORDS])
        )
    evidence_domain(app.env).note_places(app.env.docname, places)


def page_anchors(env: BuildEnvironment) -> dict[str, dict[str, str]]:
    """Each page's explicit labels and MyST heading anchors, each with its id on the page."""
    anchors: dict[str, dict[str, str]] = {docname: {} for docname in env.found_docs}
    std = env.get_domain("std")
    for name, (docname, labelid) in getattr(std, "anonlabels", {}).items():
        anchors.setdefault(docname, {})[name] = labelid
    for docname in env.found_docs:
        slugs = env.metadata.get(docname, {}).get("myst_slugs", {})
        for slug, (_, section_id, _title) in slugs.items():
            anchors[docname].setdefault(slug, section_id)
    return anchors


def notes_of(notes_dir: str) -> dict[str, Path]:
    return {p.name.split("_")[0]: p for p in sorted(Path(notes_dir).glob("*_*.txt"))}


def ledger_items(config: Config) -> tuple[list[Item], list[tuple[str, str, int | None, str]]]:
    """Every item of every note's ledger, and the problems of the ledgers' form and words:
    ``(note, ledger path, line, problem)``."""
    ledger_dir = config.notes_ledger_dir
    items: list[Item] = []
    problems: list[tuple[str, str, int | None, str]] = []
    for note, note_path in notes_of(config.notes_dir).items():
        path = str(ledger_path(ledger_dir, note))
        found, form = read_ledger(ledger_dir, note)
        problems += [(note, path, None, problem) for problem in form]
        text = note_path.read_text(encoding="utf-8")
        for line, problem in coverage_problems(text, found):
            problems.append((note, str(note_path), line, problem))
        items += found
    return items, problems


def resolved_items(env: BuildEnvironment) -> list[Resolved]:
    """Each item of the ledger with where it is treated (``[]`` when the build keeps none)."""
    if not env.config.notes_ledger_dir:
        return []
    items, _ = ledger_items(env.config)
    return resolve(items, evidence_domain(env).places(), page_anchors(env))


def check_ledger(app: Sphinx, env: BuildEnvironment) -> None:
    """Fail on a ledger that does not match its note, and on an item without a place."""
    if not app.config.notes_ledger_dir:
        return
    for note_path in notes_of(app.config.notes_dir).values():
        env.note_dependency(str(note_path))
    _, problems = ledger_items(app.config)
    for note, path, line, problem in problems:
        logger.warning(
            "ledger of note %s: %s", note, problem, location=at(path, line), type="ledger"
        )
    english = is_source_language(app.config)
    for found in resolved_items(env):
        item = found.item
        problem = found.problem
        if not problem and english and HAN.search(item.words) and not item.en:
            # The about page lists every item: an English reader needs the English.
            problem = "Chinese words without their English: add en = '...' to the item"
        if not problem:
            continue
        logger.warning(
            "ledger of note %s, item %s (%r): %s",
            item.note,
            item.id,
            shortened(item.words),
            problem,
            location=at(
                str(ledger_path(app.config.notes_ledger_dir, item.note)),
                id_line(app.config.notes_ledger_dir, item.id),
            ),
            type="ledger",
            subtype="item",
        )


def at(path: str, line: int | None) -> str:
    """A warning's location in a file that is not a page (Sphinx reads a tuple as a page)."""
    return f"{path}:{line}" if line else path


def shortened(words: str, limit: int = 60) -> str:
    words = " ".join(words.split())
    return words if len(words) <= limit else words[: limit - 1] + "…"
