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
from sphinx.transforms import SphinxTransform
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


class RememberImageAlt(SphinxTransform):
    """Before the catalogs apply: keep each image's alt text as written in English."""

    default_priority = 10  # sphinx.transforms.i18n.Locale runs at 20

    def apply(self, **kwargs: Any) -> None:
        for image in self.document.findall(nodes.image):
            if "alt" in image:
                image["source_alt"] = image["alt"]


class MarkTranslatedImageAlt(SphinxTransform):
    """Sphinx translates alt text without marking the image translated; mark it here."""

    default_priority = 870  # after Locale, before doctree-read (880) and the HTML classes (950)

    def apply(self, **kwargs: Any) -> None:
        for image in self.document.findall(nodes.image):
            if "source_alt" in image and image["alt"] != image.attributes.pop("source_alt"):
                image["translated"] = True


def check_translated(app: Sphinx, doctree: nodes.document) -> None:
    if app.config.language in (None, "en") or app.builder.format != "html":
        return
    docname = app.env.docname
    catalog = Path(
        app.srcdir, app.config.locale_dirs[0], app.config.language, "LC_MESSAGES", f"{docname}.po"
    )
    for node in doctree.findall(nodes.Element):
        if node.get("translated", True):
            continue
        if isinstance(node, addnodes.toctree):
            # Sphinx translates a caption without marking the toctree translated.
            if node.get("caption") != node.get("rawcaption"):
                continue
            message = node.get("rawcaption")
        elif isinstance(node, nodes.image):
            message = node.get("alt", node.get("uri", ""))
        else:
            message = node.rawsource or node.astext()
        logger.warning(
            "untranslated text in %s: %s\n  %r",
            catalog.relative_to(app.srcdir),
            catalog_state(catalog, message),
            message[:200],
            location=node,
            type="i18n",
            subtype="untranslated",
        )


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_transform(RememberImageAlt)
    app.add_transform(MarkTranslatedImageAlt)
    app.connect("doctree-read", check_translated)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
