"""Describe every page for link previews: Open Graph and Twitter card ``<meta>`` tags.

For each HTML page this appends to the ``<head>`` (through the ``metatags`` template value):
``description`` / ``og:description`` (the page's first paragraph of body text, in the
language of the build, so translated in zh_CN), ``og:title``, ``og:type``, ``og:site_name``,
``og:locale`` (``en_US``, ``zh_CN``), ``og:url`` (only when Sphinx knows the page's address,
i.e. ``html_baseurl`` is set, as ``language_switcher`` does from ``site_base_url``) and
``twitter:card``. No image: a ``summary`` card needs none. ::

    extensions = [..., "torch_notes.pages.page_meta"]   # og:locale: torch_notes.sitewide.LANGUAGES
    page_meta_description_length = 200                      # characters, then "…"
"""

from __future__ import annotations

import html
import re
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx

from torch_notes import sitewide

# Paragraphs inside these are asides, captions or code output, not what the page is about.
NOT_BODY = (
    nodes.Admonition,
    nodes.topic,
    nodes.sidebar,
    nodes.table,
    nodes.figure,
    nodes.caption,
    nodes.footnote,
    nodes.citation,
    nodes.field_list,
    nodes.container,
)


def first_paragraph(doctree: nodes.Node) -> str:
    """The text of the first paragraph that is body text, whitespace collapsed ("" if none)."""
    for paragraph in doctree.findall(nodes.paragraph):
        parent, aside = paragraph.parent, False
        while parent is not None:
            aside = aside or isinstance(parent, NOT_BODY)
            parent = parent.parent
        text = " ".join(paragraph.astext().split())
        if not aside and text:
            return text
    return ""


def shorten(text: str, limit: int) -> str:
    """Cut at ``limit`` characters: at a space in spaced text, anywhere in Chinese; add "…"."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    if not sitewide.CJK.search(cut[-20:]) and " " in cut:
        cut = cut.rsplit(" ", 1)[0]
    return cut.rstrip(" ,;:，；：、") + "…"


def meta_tags(title: str, description: str, locale: str, site_name: str, url: str | None) -> str:
    tags = [
        ("property", "og:title", title),
        ("property", "og:type", "website"),
        ("property", "og:site_name", site_name),
        ("property", "og:locale", locale),
    ]
    if url:
        tags.append(("property", "og:url", url))
    if description:
        tags += [("name", "description", description), ("property", "og:description", description)]
    tags.append(("name", "twitter:card", "summary"))
    return "".join(
        f'\n<meta {kind}="{key}" content="{html.escape(value)}" />' for kind, key, value in tags
    )


def add_meta(
    app: Sphinx,
    pagename: str,
    templatename: str,
    context: dict[str, Any],
    doctree: nodes.document | None,
) -> None:
    locale = sitewide.language(app.config.language).og_locale
    title = re.sub(r"<[^>]+>", "", context.get("title") or app.config.project)
    description = (
        shorten(first_paragraph(doctree), app.config.page_meta_description_length)
        if doctree is not None
        else ""
    )
    context["metatags"] = context.get("metatags", "") + meta_tags(
        html.unescape(title), description, locale, app.config.project, context.get("pageurl")
    )


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value("page_meta_description_length", 200, "html", types=[int])
    app.connect("html-page-context", add_meta)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
