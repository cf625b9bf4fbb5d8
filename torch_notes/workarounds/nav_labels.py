"""Give the sidebar's expand/collapse toggles an accessible name.

    extensions = [..., "torch_notes.workarounds.nav_labels"]

pydata-sphinx-theme puts each sidebar entry that has children in a ``<details>`` whose
``<summary>`` holds only a chevron icon, so a screen reader announces an unnamed control
(axe: ``summary-name``, serious). This wraps the theme's ``generate_toctree_html`` and names
each such ``<summary>`` after the page link beside it, which is already in the page's
language. Summaries that hold a caption already have a name and are left alone.
"""

from __future__ import annotations

from typing import Any

from bs4 import BeautifulSoup
from docutils import nodes
from sphinx.application import Sphinx

from torch_notes import priorities


def name_toggles(html: str) -> str:
    soup = BeautifulSoup(html, "html.parser")
    for item in soup.select("li.has-children"):
        summary = item.select_one(":scope > details > summary")
        link = item.select_one(":scope > a.reference")
        if summary is None or link is None or summary.get_text(strip=True):
            continue
        summary["aria-label"] = link.get_text(" ", strip=True)
    return str(soup)


def wrap_toctree(
    app: Sphinx,
    pagename: str,
    templatename: str,
    context: dict[str, Any],
    doctree: nodes.document | None,
) -> None:
    generate = context.get("generate_toctree_html")
    if generate is None:  # another theme
        return

    def generate_named(kind: str, *args: Any, **kwargs: Any) -> Any:
        html = generate(kind, *args, **kwargs)
        # The theme returns a BeautifulSoup tree or, from its cache, a string.
        return name_toggles(str(html)) if kind == "sidebar" else html

    context["generate_toctree_html"] = generate_named


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("html-page-context", wrap_toctree, priority=priorities.AFTER_THEME_CONTEXT)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
