"""Workarounds for what Sphinx, the theme or sphinx-gallery do not (yet) do for this site.

Each module is a small Sphinx extension, to be deleted once its condition holds; the test
named with it fails if it stops working (after an upgrade, say).

=========================  ===================================  ===================================
module                     upstream                             delete when
=========================  ===================================  ===================================
``chinese_search``         Sphinx 9.0 writes a ``language_data.  a Sphinx release has
                           js`` whose stemmer class it never     sphinx-doc/sphinx#14416 (the fix
                           defines: sphinx-doc/sphinx#14229      of #14229); ``tests/test_browser
                                                                .py`` searches the Chinese site
``nav_labels``             pydata-sphinx-theme's sidebar         the theme's ``<summary>`` carries
                           toggles became ``<details>/<summary>`` an accessible name (axe rule
                           with only an icon inside              ``summary-name`` passes without
                           (pydata/pydata-sphinx-theme#1582);    it: ``tests/test_browser.py``)
                           no upstream issue filed yet
``theme_strings``          the theme prints ``search_bar_text``  the theme passes its text options
                           and ``header_dropdown_text`` as       through ``_()`` (then its own
                           given, untranslated (the option came  catalogs translate them);
                           from pydata/pydata-sphinx-theme#129); ``tests/test_catalogs.py``
                           no upstream issue filed yet
``translated_downloads``   sphinx-gallery writes one ``.py`` /   sphinx-gallery writes downloads
                           ``.ipynb`` / ``.zip`` per example in  from the translated page (no
                           the source language, whatever the     upstream issue found; to file);
                           build's ``language``                  ``tests/test_downloads.py``
``thumbnail_titles``       sphinx-gallery writes a thumbnail's   sphinx-gallery builds thumbnail
                           title and tooltip as raw HTML, which  titles from a resolved reference
                           no catalog reaches (see sphinx-       (no upstream issue found; to
                           gallery/sphinx-gallery#998 on that    file); ``tests/test_site.py``
                           markup)
``myst_settings``          myst-parser's renderer builds a       myst-parser evaluates
                           throwaway document (fresh docutils    ``make_document()`` only when no
                           settings) per parse, even when given  document is given (no upstream
                           one: 1,392 per Chinese build (no      issue found; to file);
                           upstream issue found)                 ``tests/test_speed_workarounds.py``
``myst_parsers``           myst-parser's Sphinx parser builds a  myst-parser keeps its markdown-it
                           markdown-it parser, every rule of     parser between parses (no upstream
                           every plugin, for each text it        issue found; to file); ``tests/
                           parses: 1,920 per Chinese build       test_speed_workarounds.py``
``search_stemmer``         Sphinx's search index stems every     Sphinx stems each distinct word
                           occurrence with the pure-Python       once, or uses PyStemmer (no
                           snowballstemmer, whose own cache was  Sphinx issue found);
                           removed (snowballstem/snowball#114)   ``tests/test_speed_workarounds.py``
``search_splits``          Sphinx's Chinese search cuts every     Sphinx splits each distinct text
                           text node with jieba, repeated ones   once (no Sphinx issue found);
                           too (11,190 texts, 6,025 distinct)    ``tests/test_speed_workarounds.py``
``gallery_gc``             sphinx-gallery runs a full            sphinx-gallery no longer calls
                           ``gc.collect()`` before each example  ``gc.collect()`` per example, or
                           (to measure memory), walking all of   freezes itself (no upstream issue
                           PyTorch's objects each time           found); ``tests/test_speed_
                                                                 workarounds.py``
``gallery_name_scan``      sphinx-gallery's backreference scan   sphinx-gallery resolves names
                           reads ``y.grad`` on the example's     without reading attributes of
                           objects, so PyTorch warns about a     instances (no upstream issue
                           non-leaf tensor mid-build (no         found; to file); ``tests/test_
                           upstream issue found)                 speed_workarounds.py``
=========================  ===================================  ===================================

The theme's interface strings it leaves untranslated are translated by hand in
``docs/theme_locales/`` (``tests/test_catalogs.py`` names any new one after an upgrade).
"""
