"""torch-notes: the site's own code. See CONTRIBUTING.md, "Layout", for the data path.

As a Sphinx extension, ``"torch_notes"`` sets up all of the package's own extensions, in
:data:`EXTENSIONS`' order, after myst_nb, sphinx-gallery and sphinx-copybutton (which
``docs/conf.py`` names before it). A test project may name one of them alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the release probe (torch_notes.history) imports the package without Sphinx
    from sphinx.application import Sphinx

# Sphinx calls the handlers of one event and priority, and applies the transforms of one
# priority, in the order they were registered: this order is the one the site is built and
# checked with. Where a handler must run before or after another's, its priority says so
# (torch_notes.priorities).
EXTENSIONS = (
    "torch_notes.gallery.shared_run",
    "torch_notes.gallery.hygiene",
    "torch_notes.gallery.volatile_output",
    "torch_notes.gallery.hidden_blocks",
    "torch_notes.evidence",
    "torch_notes.i18n.catalog_syntax",
    "torch_notes.i18n.translation_check",
    "torch_notes.i18n.parity",
    "torch_notes.i18n.bilingual_glossary",
    "torch_notes.i18n.untranslated_formulas",
    "torch_notes.i18n.chinese_terms",
    "torch_notes.i18n.search_dictionary",
    "torch_notes.pages.language_switcher",
    "torch_notes.pages.page_meta",
    "torch_notes.pages.not_found",
    "torch_notes.pages.provenance",
    "torch_notes.pages.notes_aside",
    "torch_notes.pages.release_outputs",
    "torch_notes.pages.gallery_alt_text",
    "torch_notes.pages.mathml_math",
    "torch_notes.pages.report_error",
    "torch_notes.pages.deferred_scripts",
    "torch_notes.pages.thumbnails",
    "torch_notes.pages.unused_stylesheets",
    "torch_notes.pages.icon_font",
    "torch_notes.workarounds.thumbnail_titles",
    "torch_notes.workarounds.theme_strings",
    "torch_notes.workarounds.translated_downloads",
    "torch_notes.gallery.downloads",
    "torch_notes.workarounds.chinese_search",
    "torch_notes.workarounds.nav_labels",
    "torch_notes.workarounds.myst_settings",
    "torch_notes.workarounds.myst_parsers",
    "torch_notes.workarounds.search_stemmer",
    "torch_notes.workarounds.search_splits",
    "torch_notes.workarounds.gallery_gc",
    "torch_notes.workarounds.gallery_name_scan",
)


def setup(app: Sphinx) -> dict[str, Any]:
    for extension in EXTENSIONS:
        app.setup_extension(extension)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
