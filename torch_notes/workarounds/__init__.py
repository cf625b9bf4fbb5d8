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
=========================  ===================================  ===================================

The theme's interface strings it leaves untranslated are translated by hand in
``docs/theme_locales/`` (``tests/test_catalogs.py`` names any new one after an upgrade).
"""
