"""Where the package's event handlers sit among Sphinx's and its extensions' (``app.connect``).

Sphinx calls the handlers of an event in ascending priority; a handler connected without one
gets :data:`DEFAULT`, as do those of Sphinx, sphinx-gallery and the theme that ours must run
before or after. Each constant names the handler it is placed against, so that moving one
is a decision made here, in sight of the others.
"""

from __future__ import annotations

DEFAULT = 500  # Sphinx's own, for every handler connected without a priority

# builder-inited: a language that reuses another build's gallery run waits for it before
# anything looks at the examples (torch_notes.gallery.shared_run).
FIRST_ON_BUILDER = 100
# builder-inited: leftovers of the last build are pruned before sphinx-gallery's handler (at
# DEFAULT) runs the examples and would render them again (torch_notes.gallery.hygiene).
BEFORE_GALLERY_RUNS = DEFAULT - 100
# builder-inited: the thumbnails are stored with a palette once sphinx-gallery's handler (at
# DEFAULT) has made them (torch_notes.pages.thumbnails).
AFTER_GALLERY_RUNS = DEFAULT + 100
# doctree-read: each page is filled in from what ran before anything else reads it, Sphinx's
# collectors and the evidence checks among them (torch_notes.evidence.markup.fill_in).
FILL_IN = DEFAULT - 100
# doctree-read: what other releases print is added under a page's output blocks once the
# evidence checks (at DEFAULT) have read the blocks as the page shows them
# (torch_notes.pages.release_outputs).
AFTER_PAGE_CHECKS = DEFAULT + 100
# html-page-context: the theme's handler (at DEFAULT) puts generate_toctree_html into the
# context, which torch_notes.workarounds.nav_labels then wraps.
AFTER_THEME_CONTEXT = DEFAULT + 100
# build-finished: the downloads are cleaned and archived after translated_downloads (at
# DEFAULT) has written the page's language into them (torch_notes.gallery.downloads).
AFTER_TRANSLATED_DOWNLOADS = DEFAULT + 100
# html-page-context: after every handler that adds a script or a stylesheet to the page, so
# that torch_notes.pages.deferred_scripts and unused_stylesheets see the page's final list.
LAST_ON_PAGE = 900
