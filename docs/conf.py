"""Sphinx configuration for torch-notes (English source, zh_CN through gettext catalogs)."""

import sys
from pathlib import Path

DOCS = Path(__file__).parent.resolve()
sys.path.insert(0, str(DOCS.parent))  # the torch_notes package: the site's own code

from torch_notes import sitewide
from torch_notes.gallery import gallery_conf
from torch_notes.legs import torch_release
from torch_notes.release_list import minor
from torch_notes.time_limits import limit_seconds

# -- Project ----------------------------------------------------------------
project = "torch-notes"
author = "torch-notes contributors"
copyright = "2026, torch-notes contributors"

# -- General ----------------------------------------------------------------
extensions = [
    "myst_nb",
    "sphinx_gallery.gen_gallery",
    "sphinx_copybutton",
    "torch_notes",  # the site's own extensions, in their order: torch_notes.EXTENSIONS
]
exclude_patterns = ["_build", "_root", "locales", "**.ipynb", "**.md5", "**/GALLERY_HEADER.rst"]
templates_path = ["_templates"]
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3
suppress_warnings = ["config.cache"]  # sphinx_gallery_conf holds functions, so it is never cached

# -- Executed examples --------------------------------------------------------
# Teaching order, set on purpose: sections here, examples in each GALLERY_HEADER.rst.
sphinx_gallery_conf = gallery_conf(
    sections=("tensors", "autograd", "networks", "data", "together", "images"),
)
nb_execution_mode = "cache"
nb_execution_cache_path = str(DOCS / "_generated" / "jupyter-cache")  # shared by both languages
nb_execution_raise_on_error = True
nb_execution_in_temp = True  # in TMPDIR, which the build points at its scratch folder
nb_execution_timeout = int(limit_seconds())  # per cell; TORCH_NOTES_TIME_LIMIT sets every limit
snippets_dir = str(DOCS.parent / "snippets")
notes_dir = str(DOCS.parent / "notes")
notes_ledger_dir = str(
    DOCS.parent / "notes" / "ledger"
)  # every item of the notes, and where it is treated
release_history_dir = str(DOCS.parent / "history")
evidence_verdict_pins = str(DOCS.parent / "notes" / "verdicts.toml")  # reviewed; nox -s accept
evidence_reviewed_absolutes = str(DOCS / "reviewed_absolutes")  # <language>.toml, with probes
evidence_probes_dir = str(DOCS.parent / "probes")  # the edge cases general sentences rest on
evidence_api_names = str(DOCS.parent / "notes" / "apis.toml")  # reviewed, written by hand
# The common expected outputs are the pin's; another release's own live beside them.
evidence_expected_release = minor(torch_release("pin"))
# Claims hold on every supported release, from the floor on, unless bounded (checks.bounded_claims).
evidence_supported_from = minor(torch_release("floor"))

# -- Copy buttons -------------------------------------------------------------
# Code only: no button on what a cell, a snippet or a note printed; prompts are not copied.
copybutton_selector = (
    ":not(.sphx-glr-script-out, .snippet-output, .snippet-note-output, .output, .release-diff)"
    " > div.highlight pre"
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
# Unset: no canonical/og:url, relative hreflang links, no sitemap (see CONTRIBUTING.md, "Publishing").
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
