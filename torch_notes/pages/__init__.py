"""What every HTML page carries besides its text (small Sphinx extensions, one feature each).

* ``language_switcher``: the same page in the other languages, and ``hreflang`` links;
* ``page_meta``: Open Graph and Twitter card tags, in the page's language;
* ``not_found``: a 404 page that works at any depth of the host;
* ``provenance``: which PyTorch, Python and device produced the page's outputs;
* ``release_outputs``: under an output block, what other recorded PyTorch releases print;
* ``mathml_math``: formulas written as MathML at build time (no math script for readers);
* ``report_error``: a "Report an error" link opening a GitHub issue that names the page;
* ``deferred_scripts``: ``defer`` on the scripts in ``<head>``, so they do not delay the first paint;
* ``thumbnails``: gallery thumbnails load when scrolled to, drawn small, stored with a palette;
* ``unused_stylesheets``: no stylesheet for things a page does not show;
* ``icon_font``: the theme's icon fonts cut down to the icons the pages show.
"""
