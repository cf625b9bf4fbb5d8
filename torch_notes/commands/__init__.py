"""The site build and what surrounds it (commands, not Sphinx extensions).

* ``build_site``: ``nox -s docs``: both languages from scratch, checked, with a summary;
* ``check_site``: checks only the whole bilingual site can fail (run once, by the build);
* ``hosting``: the root 404 page, ``sitemap.xml`` and ``robots.txt``;
* ``determinism``: ``nox -s determinism``: two builds, the HTML compared;
* ``local_browser``: a local static host and Debian's Chromium, for tests and benchmarks;
* ``fill_catalog``: fill a catalog from a file of translations drafted in bulk.
"""
