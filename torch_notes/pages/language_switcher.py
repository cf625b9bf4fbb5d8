"""Link every page to the same page in the site's other languages, for readers and for search engines.

The site is deployed as one folder per language, side by side (``en/``, ``zh_CN/``), each a
separate ``sphinx-build -D language=...``. For each page this adds ``language_links`` to
the template context, a list of ``{"code", "name", "href", "current", "hreflang"}`` whose
``href`` is relative (``../../zh_CN/autograd/basics.html`` from ``en/autograd/basics.html``),
so the site works from any host path and from disk. ``_templates/language-switcher.html``
shows them and carries the reader's ``#anchor`` along.

It also writes ``<link rel="alternate" hreflang="...">`` into every page's ``<head>``: one per
language (the page itself included) and ``x-default``. ``x-default`` is the root language
chooser for the home page and the English (source) page elsewhere: the chooser only knows the
home page, and x-default must offer the same content. The links are absolute when the site's
public address is known (search engines require that), relative otherwise. The languages
are ``torch_notes.sitewide.LANGUAGES``; the address is a setting::

    site_base_url = sitewide.base_url()  # TORCH_NOTES_BASE_URL, e.g. https://x.github.io/torch-notes/

``site_base_url`` is the address of the site root (the folder holding ``en/`` and ``zh_CN/``).
When it is set and ``html_baseurl`` is not, ``html_baseurl`` becomes ``<site_base_url><language>/``,
so Sphinx writes ``<link rel="canonical">`` and gives templates ``pageurl``.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any, cast

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.builders.html import StandaloneHTMLBuilder
from sphinx.config import Config
from sphinx.errors import ConfigError

from torch_notes import sitewide
from torch_notes.sitewide import Language


def language_links(
    pagename: str, current: str, languages: Sequence[Language], suffix: str, base_url: str = ""
) -> list[dict[str, Any]]:
    """The page in every language: relative to the page, or absolute under ``base_url``."""
    prefix = base_url or "../" * (pagename.count("/") + 1)
    return [
        {
            "code": language.code,
            "name": language.name,
            "current": language.code == current,
            "href": f"{prefix}{language.code}/{pagename}{suffix}",
            "hreflang": language.hreflang,
        }
        for language in languages
    ]


def alternate_links(
    pagename: str, languages: Sequence[Language], suffix: str, base_url: str = ""
) -> list[tuple[str, str]]:
    """``(hreflang, href)`` for ``<link rel="alternate">``: every language, then ``x-default``."""
    links = language_links(pagename, "", languages, suffix, base_url)
    alternates = [(link["hreflang"], link["href"]) for link in links]
    if pagename == "index":
        root = base_url or "../"  # from <lang>/index.html to the site root
        alternates.append(("x-default", f"{root}index.html"))
    else:
        default = next(link for link in links if link["code"] == sitewide.SOURCE_LANGUAGE.code)
        alternates.append(("x-default", default["href"]))
    return alternates


def set_base_url(app: Sphinx, config: Config) -> None:
    try:
        config.site_base_url = sitewide.normalise_base_url(config.site_base_url)
    except ValueError as error:
        raise ConfigError(f"site_base_url: {error}") from None
    if config.site_base_url and not config.html_baseurl:
        config.html_baseurl = f"{config.site_base_url}{config.language}/"


def add_context(
    app: Sphinx,
    pagename: str,
    templatename: str,
    context: dict[str, Any],
    doctree: nodes.document | None,
) -> None:
    languages = sitewide.LANGUAGES
    builder = cast("StandaloneHTMLBuilder", app.builder)  # html-page-context: an HTML builder
    suffix, base_url = builder.link_suffix, app.config.site_base_url
    context["language_links"] = language_links(pagename, app.config.language, languages, suffix)
    context["metatags"] = context.get("metatags", "") + "".join(
        f'\n<link rel="alternate" hreflang="{code}" href="{html.escape(href)}" />'
        for code, href in alternate_links(pagename, languages, suffix, base_url)
    )


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value("site_base_url", "", "html", types=[str])
    app.connect("config-inited", set_base_url)
    app.connect("html-page-context", add_context)
    return {"version": "1.1", "parallel_read_safe": True, "parallel_write_safe": True}
