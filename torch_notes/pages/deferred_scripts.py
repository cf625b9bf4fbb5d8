"""Load the pages' scripts without holding up the first paint: ``defer`` on Sphinx's script tags.

Sphinx and its extensions (doctools, sphinx_highlight, sphinx-gallery's tags, copybutton and
its clipboard library, the Chinese translations) put plain ``<script src>`` tags in ``<head>``;
the browser stops parsing at each until it has been fetched and run, so on a phone on a slow
line the page stays blank for several round trips. None of them needs to run before the page is
parsed (they act on ``DOMContentLoaded``, or when called), so each gets ``defer``: fetched in
parallel, run in their order once the page is parsed, before ``DOMContentLoaded``.

Kept as they are: ``documentation_options.js``, because the theme's inline scripts that follow
it set fields of the object it defines (inline scripts cannot be deferred; it is 300 bytes);
scripts that already say ``async``, ``defer`` or ``type="module"``; and the search page, whose
template adds the search scripts without ``defer`` and which needs doctools before them. ::

    extensions = [..., "torch_notes.pages.deferred_scripts"]
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from sphinx.application import Sphinx

from torch_notes import priorities

KEEP = ("_static/documentation_options.js",)
NOT_ON = ("search.html",)  # templates that add scripts of their own that need these at once


def deferred(script: Any) -> Any:
    """The same script with ``defer``, or itself when it must or does already load otherwise."""
    attributes = getattr(script, "attributes", None)
    filename = getattr(script, "filename", None)
    if attributes is None or not filename or str(filename) in KEEP:
        return script  # an inline script, or an old-style plain string
    if {"async", "defer"} & set(attributes) or attributes.get("type") == "module":
        return script
    # Sphinx's script entries are immutable: a new one of the same class, priority kept.
    return type(script)(filename, priority=script.priority, **{**attributes, "defer": "defer"})


def defer_scripts(
    app: Sphinx,
    pagename: str,
    templatename: str,
    context: dict[str, Any],
    doctree: nodes.document | None,
) -> None:
    if templatename in NOT_ON or "script_files" not in context:
        return
    # In place: the list is the builder's, to which other handlers of this event add scripts.
    context["script_files"][:] = [deferred(script) for script in context["script_files"]]


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("html-page-context", defer_scripts, priority=priorities.LAST_ON_PAGE)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
