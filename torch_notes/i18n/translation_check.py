r"""Fail a translated build on every paragraph that would show up untranslated.

Sphinx's i18n transform marks each translatable node ``translated`` or not (the same mark
``translation_progress_classes`` turns into HTML classes); a missing entry, an empty ``msgstr`` and a fuzzy entry
(never used, see ``gettext_allow_fuzzy_translations``) all end up untranslated. This
extension turns each of them into a warning that names the page, the catalog and the
message, so ``-W --keep-going`` lists every gap at once. English builds are not checked.

A translation can also be present and still show wrongly: reStructuredText only recognises
inline markup set off from the characters around it, which Chinese text never is
(``调用``backward()``。`` shows its backquotes). Translated text in which markup survived as
plain characters is a warning too, with the fix (``调用\ ``backward()``\ 。``).
"""

from __future__ import annotations

import re
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


# Inline markup that was not parsed: ``literal``, :role:`x`, `x`_ links, `x`, **strong**, *emph*.
LEFTOVER_MARKUP = re.compile(
    r"``|:[\w-]+(?::[\w-]+)?:`|`[^`\s][^`]*`_?|\*\*[^\s*]|\*[^\s*](?:[^*\n]*[^\s*])?\*"
)
NOT_PROSE = (nodes.FixedTextElement, nodes.literal, nodes.math, nodes.raw, nodes.comment)


def is_prose(text: nodes.Text) -> bool:
    node = text.parent
    while node is not None:
        if isinstance(node, NOT_PROSE):
            return False
        node = node.parent
    return True


def leftover_markup(node: nodes.Element) -> list[str]:
    """The markup characters left in the prose of ``node``."""
    return [
        match.group(0)
        for text in node.findall(nodes.Text)
        if is_prose(text)
        for match in LEFTOVER_MARKUP.finditer(text.astext())
    ]


def page_catalog(config: Any, docname: str) -> Path:
    """The catalog that translates a page, relative to the source folder."""
    return Path(config.locale_dirs[0], config.language, "LC_MESSAGES", f"{docname}.po")


def check_translated(app: Sphinx, doctree: nodes.document) -> None:
    if app.config.language in (None, "en") or app.builder.format != "html":
        return
    shown = page_catalog(app.config, app.env.docname)
    catalog = Path(app.srcdir, shown)
    for node in doctree.findall(nodes.Element):
        translated = node.get("translated")
        if translated and isinstance(node, nodes.TextElement):
            warn_if_markup_left(node, shown)
        elif translated is False:
            warn_untranslated(node, catalog, shown)


def warn_if_markup_left(node: nodes.TextElement, shown: Path) -> None:
    if left := leftover_markup(node):
        logger.warning(
            "inline markup shown as plain text in the translation (%s): %s in\n  %r\n"
            "  reStructuredText only sees markup set off from the characters around it;"
            " in Chinese, escape the gap with a backslash and a space: 调用\\ ``x``\\ 。",
            shown,
            ", ".join(dict.fromkeys(left)),
            node.astext()[:200],
            location=node,
            type="i18n",
            subtype="markup",
        )


def warn_untranslated(node: nodes.Element, catalog: Path, shown: Path) -> None:
    if isinstance(node, addnodes.toctree):
        # Sphinx translates a caption without marking the toctree translated.
        if node.get("caption") != node.get("rawcaption"):
            return
        message = node.get("rawcaption")
    elif isinstance(node, nodes.image):
        message = node.get("alt", node.get("uri", ""))
    else:
        message = node.rawsource or node.astext()
    logger.warning(
        "untranslated text in %s: %s\n  %r",
        shown,
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
