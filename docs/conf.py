"""Sphinx configuration for torch-notes (English source, zh_CN through gettext catalogs)."""

import sys
from pathlib import Path

DOCS = Path(__file__).parent.resolve()
sys.path.insert(0, str(DOCS.parent))  # the torch_notes package: the site's own code

from torch_notes import sitewide
from torch_notes.gallery import gallery_conf
from torch_notes.history.release_list import minor
from torch_notes.legs import torch_release

# -- Project ----------------------------------------------------------------
project = "torch-notes"
author = "torch-notes contributors"
copyright = "2026, torch-notes contributors"

# -- General ----------------------------------------------------------------
extensions = [
    "myst_nb",
    "sphinx_gallery.gen_gallery",
    "sphinx_copybutton",
    "torch_notes.gallery.hygiene",
    "torch_notes.gallery.volatile_output",
    "torch_notes.evidence",
    "torch_notes.i18n.catalog_syntax",
    "torch_notes.i18n.translation_check",
    "torch_notes.i18n.parity",
    "torch_notes.i18n.bilingual_glossary",
    "torch_notes.i18n.chinese_terms",
    "torch_notes.i18n.search_dictionary",
    "torch_notes.pages.language_switcher",
    "torch_notes.pages.page_meta",
    "torch_notes.pages.not_found",
    "torch_notes.pages.provenance",
    "torch_notes.pages.notes_aside",
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
    "torch_notes.workarounds.search_stemmer",
    "torch_notes.workarounds.gallery_gc",
]
exclude_patterns = ["_build", "_root", "locales", "**.ipynb", "**.md5", "**/GALLERY_HEADER.rst"]
templates_path = ["_templates"]
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3
suppress_warnings = ["config.cache"]  # sphinx_gallery_conf holds functions, so it is never cached

# -- Executed examples --------------------------------------------------------
# Teaching order, set on purpose: sections here, examples in each GALLERY_HEADER.rst.
sphinx_gallery_conf = gallery_conf(
    sections=("tensors", "autograd", "networks", "data", "together"),
)
nb_execution_mode = "cache"
nb_execution_cache_path = str(DOCS / "_generated" / "jupyter-cache")  # shared by both languages
nb_execution_raise_on_error = True
nb_execution_in_temp = True  # in TMPDIR, which the build points at _build/scratch/
snippets_dir = str(DOCS.parent / "snippets")
notes_dir = str(DOCS.parent / "notes")
notes_ledger_dir = str(
    DOCS.parent / "notes" / "ledger"
)  # every item of the notes, and where it is treated
release_history_dir = str(DOCS.parent / "history")
# The common expected outputs are the pin's; another release's own live beside them.
evidence_expected_release = minor(torch_release("pin"))

# -- Copy buttons -------------------------------------------------------------
# Code only: no button on what a cell, a snippet or a note printed; prompts are not copied.
copybutton_selector = (
    ":not(.sphx-glr-script-out, .snippet-output, .snippet-note-output, .output) > div.highlight pre"
)
copybutton_prompt_text = r">>> |\.\.\. |\$ "
copybutton_prompt_is_regexp = True

# -- Languages ----------------------------------------------------------------
language = sitewide.SOURCE_LANGUAGE.code  # the others: torch_notes.sitewide.LANGUAGES
# theme_locales/: the theme's interface strings it leaves untranslated (kept by hand).
locale_dirs = ["locales/", "theme_locales/"]
gettext_compact = False
gettext_allow_fuzzy_translations = False
translation_progress_classes = True

# -- HTML ---------------------------------------------------------------------
html_theme = "pydata_sphinx_theme"
html_title = "torch-notes"
html_static_path = ["_static"]
html_css_files = ["torch-notes.css"]
html_favicon = "_static/favicon.svg"  # the site root also has favicon.ico (docs/_root/)
html_context = {"default_mode": "auto"}  # follow the reader's system; "" is an invalid mode
html_math_renderer = "mathml"  # MathML written at build time: no math script for readers
html_last_updated_fmt = None
html_theme_options = {
    "navbar_end": ["language-switcher", "theme-switcher"],
    "show_toc_level": 2,
    "article_footer_items": ["provenance", "books", "report-error"],
    "footer_start": ["copyright"],
    "footer_end": ["sphinx-version"],
    # The theme's default, but none beside the errata table, which needs the whole width.
    "secondary_sidebar_items": {"**": ["page-toc", "edit-this-page", "sourcelink"], "errata": []},
}
html_sidebars = {"index": [], "errata": []}  # the errata table needs the whole width

# -- Hosting ------------------------------------------------------------------
# Public address of the site root (holding en/, zh_CN/), e.g. https://x.github.io/torch-notes/
# Unset: no canonical/og:url, relative hreflang links, no sitemap (see README "Publishing").
site_base_url = sitewide.base_url()
# Without jieba, Sphinx silently indexes no Chinese words. search_dictionary.py writes the
# dictionary it uses (html_search_options["dict"]): the glossary's Chinese names plus these words.
search_dictionary_glossary = "glossary.md"
search_dictionary_words = str(DOCS / "search_dict_zh.txt")

# -- EPUB (nox -s books: torch_notes/commands/books.py sets each language's title and id) ------
epub_tocscope = "includehidden"  # the root toctree is hidden: the contents would be one entry
epub_tocdepth = 4  # the gallery's examples sit below its sections: the fourth level
epub_exclude_files = ["404.xhtml"]  # a web server's page for missing addresses, not the book's
epub_uid = "book-id"
epub_contributor = author
