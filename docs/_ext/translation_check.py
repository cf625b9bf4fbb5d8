"""Fail a translated build on every paragraph that would show up untranslated.

Sphinx's i18n transform marks each translatable node ``translated`` or not (the same mark
``translation_progress_classes`` turns into HTML classes); a missing entry, an empty ``msgstr`` and a fuzzy entry
(never used, see ``gettext_allow_fuzzy_translations``) all end up untranslated. This
extension turns each of them into a warning that names the page, the catalog and the
message, so ``-W --keep-going`` lists every gap at once. English builds are not checked.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.util import logging

logger = logging.getLogger(__name__)


def catalog_state(catalog: Path, message: str) -> str:
    """Why ``message`` is untranslated in ``catalog``: missing, empty or fuzzy."""
    if not catalog.is_file():
        return "the catalog does not exist (run `nox -s translate`)"
    from babel.messages.pofile import read_po

    with catalog.open("rb") as handle:
        entry = read_po(handle).get(message)
    if entry is None:
        return "the message is not in the catalog (run `nox -s translate`)"
    if entry.fuzzy:
        return "the translation is marked fuzzy (the English changed): review it and drop the flag"
    return "the message has no translation"


def check_translated(app: Sphinx, doctree: nodes.document) -> None:
    if app.config.language in (None, "en") or app.builder.format != "html":
        return
    docname = app.env.docname
    catalog = Path(app.srcdir, app.config.locale_dirs[0], app.config.language, "LC_MESSAGES",
                   f"{docname}.po")
    for node in doctree.findall(nodes.Element):
        if node.get("translated", True):
            continue
        if isinstance(node, addnodes.toctree):
            # Sphinx translates a caption without marking the toctree translated.
            if node.get("caption") != node.get("rawcaption"):
                continue
            message = node.get("rawcaption")
        else:
            message = node.rawsource or node.astext()
        logger.warning(
            "untranslated text in %s: %s\n  %r",
            catalog.relative_to(app.srcdir), catalog_state(catalog, message), message[:200],
            location=node, type="i18n", subtype="untranslated",
        )


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("doctree-read", check_translated)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
