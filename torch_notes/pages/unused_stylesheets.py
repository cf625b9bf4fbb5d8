"""Leave out the stylesheets of things a page does not show.

sphinx-gallery adds three small stylesheets to every page, for Binder and JupyterLite badges, for
pandas tables and for HTML output of examples; this site's pages show none of them, yet each
was a request the first paint waited for (a phone on a slow line opens a few connections, so
every stylesheet in ``<head>`` can cost a round trip). A page keeps such a stylesheet when its
body has a class the stylesheet styles, so an example that starts printing a table gets it. ::

    extensions = [..., "torch_notes.pages.unused_stylesheets"]
"""

from __future__ import annotations

import posixpath
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx

from torch_notes import priorities

# A stylesheet: the classes it styles (all its rules are about elements with one of them).
ONLY_WITH = {
    "sg_gallery-binder.css": ("binder-badge", "lite-badge"),
    "sg_gallery-dataframe.css": ("dataframe",),
    "sg_gallery-rendered-html.css": ("rendered_html",),
}


def unused(stylesheet: Any, body: str) -> bool:
    name = posixpath.basename(str(getattr(stylesheet, "filename", stylesheet)).split("?")[0])
    classes = ONLY_WITH.get(name)
    return classes is not None and not any(class_ in body for class_ in classes)


def drop_unused(
    app: Sphinx,
    pagename: str,
    templatename: str,
    context: dict[str, Any],
    doctree: nodes.document | None,
) -> None:
    if "css_files" not in context:
        return
    body = context.get("body", "")
    # In place: the list is the builder's, to which other handlers of this event add files.
    context["css_files"][:] = [css for css in context["css_files"] if not unused(css, body)]


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("html-page-context", drop_unused, priority=priorities.LAST_ON_PAGE)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
