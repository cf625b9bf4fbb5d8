"""Make the "page not found" page work at whatever address the host serves it from.

A host such as GitHub Pages answers every missing address with the site's ``404.html``,
without redirecting: the browser still shows ``.../en/some/deep/missing.html`` and resolves
the page's relative links (stylesheets, scripts, navigation) against that address, where
they lead nowhere. So on the page ``not_found_page`` this adds, when ``site_base_url`` is set
(see ``language_switcher``), ``<base href="/sub/path/<language>/">`` (the path part of the
address: it also works on a preview host serving the same path); every relative link of the
page then resolves as if the page were at ``<language>/404.html``, from any depth, without
JavaScript. It also adds ``<meta name="robots" content="noindex">`` on that page.
``torch_notes.commands.build_site`` copies ``en/404.html`` to the site root, where the host looks for it.

    extensions = [..., "torch_notes.pages.language_switcher", "torch_notes.pages.not_found"]
    not_found_page = "404"    # docs/404.md, marked ``orphan: true``
"""

from __future__ import annotations

import html
from typing import Any
from urllib.parse import urlsplit

from docutils import nodes
from sphinx.application import Sphinx


def base_path(site_base_url: str, language: str) -> str:
    """``https://x.github.io/torch-notes/`` and ``en`` give ``/torch-notes/en/``."""
    return f"{urlsplit(site_base_url).path or '/'}{language}/"


def add_base(
    app: Sphinx,
    pagename: str,
    templatename: str,
    context: dict[str, Any],
    doctree: nodes.document | None,
) -> None:
    if pagename != app.config.not_found_page:
        return
    tags = '\n<meta name="robots" content="noindex" />'
    base_url = app.config.site_base_url
    if base_url:
        href = base_path(base_url, app.config.language)
        tags = f'\n<base href="{html.escape(href)}" />' + tags
    # First in <head> after charset and viewport: a <base> must precede every relative URL.
    context["metatags"] = tags + context.get("metatags", "")


def setup(app: Sphinx) -> dict[str, Any]:
    app.setup_extension("torch_notes.pages.language_switcher")  # defines site_base_url
    app.add_config_value("not_found_page", "404", "html", types=[str])
    app.connect("html-page-context", add_base)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
