"""Sphinx configuration for torch-notes (English source, zh_CN through gettext catalogs)."""

import os
import sys
from pathlib import Path

DOCS = Path(__file__).parent.resolve()
sys.path.insert(0, str(DOCS / "_ext"))

# -- Project ----------------------------------------------------------------
project = "torch-notes"
author = "torch-notes contributors"
copyright = "2026, torch-notes contributors"

# -- General ----------------------------------------------------------------
extensions = [
    "myst_nb",
    "sphinx_gallery.gen_gallery",
    "sphinx_copybutton",
    "gallery_hygiene",
    "gallery_thumbnails",
    "facts",
    "note_quotes",
    "snippets",
    "errata",
    "errata_table",
    "volatile_output",
    "translation_check",
    "language_switcher",
    "theme_strings",
    "page_meta",
    "not_found",
    "provenance",
    "translated_downloads",
    "bilingual_glossary",
    "search_dictionary",
    "mathml_math",
    "chinese_search",
    "nav_a11y",
]
exclude_patterns = ["_build", "_root", "locales", "**.ipynb", "**.md5", "**/GALLERY_HEADER.rst"]
templates_path = ["_templates"]
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3
suppress_warnings = ["config.cache"]  # sphinx_gallery_conf holds functions, so it is never cached

# -- Executed examples --------------------------------------------------------
sphinx_gallery_conf = {
    "examples_dirs": ["../gallery"],
    "gallery_dirs": ["auto_examples"],
    "filename_pattern": r"/plot_",
    # Teaching order, set on purpose: sections here, examples in each GALLERY_HEADER.rst.
    "subsection_order": [
        f"../gallery/{section}"
        for section in ("tensors", "autograd", "networks", "data", "together")
    ],
    "within_subsection_order": "gallery_order.HeaderOrder",
    "minigallery_sort_order": "gallery_order.position_in_folder",
    "image_scrapers": ("matplotlib", "facts.record_facts"),
    "reset_modules": ("matplotlib", "facts.seed_everything"),
    # Run times change every build; shown, they would become new translatable strings.
    "min_reported_time": 10**9,
    "write_computation_times": False,
    "show_memory": False,
    "remove_config_comments": True,
    "download_all_examples": False,
    # Needed by the landing page's minigalleries (they list example files, not API names).
    "backreferences_dir": "_generated/backreferences",
    "doc_module": (),
    "only_warn_on_example_error": False,
    "show_signature": False,
}
nb_execution_mode = "cache"
nb_execution_cache_path = str(DOCS / "_generated" / "jupyter-cache")  # shared by both languages
nb_execution_raise_on_error = True
snippets_dir = str(DOCS.parent / "snippets")
notes_dir = str(DOCS.parent / "notes")

# -- Languages ----------------------------------------------------------------
language = "en"
# theme_locales/: the theme's interface strings it leaves untranslated (kept by hand).
locale_dirs = ["locales/", "theme_locales/"]
gettext_compact = False
gettext_allow_fuzzy_translations = False
translation_progress_classes = True
language_switcher_languages = {"en": "English", "zh_CN": "简体中文"}
page_meta_locales = {"en": "en_US", "zh_CN": "zh_CN"}

# -- HTML ---------------------------------------------------------------------
html_theme = "pydata_sphinx_theme"
html_title = "torch-notes"
html_static_path = ["_static"]
html_css_files = ["torch-notes.css"]
html_math_renderer = "mathml"  # MathML written at build time: no math script for readers
html_last_updated_fmt = None
html_theme_options = {
    "navbar_end": ["language-switcher", "theme-switcher"],
    "show_toc_level": 2,
    "article_footer_items": ["provenance"],
    "footer_start": ["copyright"],
    "footer_end": ["sphinx-version"],
}
html_sidebars = {"index": []}

# -- Hosting ------------------------------------------------------------------
# Public address of the site root (holding en/, zh_CN/), e.g. https://x.github.io/torch-notes/
# Unset: no canonical/og:url, relative hreflang links, no sitemap (see README "Publishing").
site_base_url = os.environ.get("TORCH_NOTES_BASE_URL", "")
# Without jieba, Sphinx silently indexes no Chinese words. search_dictionary.py writes the
# dictionary it uses (html_search_options["dict"]): the glossary's Chinese names plus these words.
search_dictionary_glossary = "glossary.md"
search_dictionary_words = str(DOCS / "search_dict_zh.txt")
