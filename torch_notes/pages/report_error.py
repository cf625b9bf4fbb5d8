"""A "Report an error" link on every page: a new GitHub issue that already names the page.

For each HTML page this adds ``report_error`` to the template context: ``label`` ("Report an
error", translated through the package's interface catalog) and ``href``, the repository's
``/issues/new`` address whose ``title`` names the page's title and its path in the site
(``zh_CN/autograd/basics.html``) and whose ``body`` gives the page's address (absolute when
``site_base_url`` is known) and asks what is wrong, in the page's language, URL-encoded.
``_templates/report-error.html`` shows it (an ``article_footer_items`` entry of the theme). ::

    extensions = [..., "torch_notes.pages.report_error"]
    report_error_repository = "https://github.com/you/torch-notes"   # default: sitewide.repository_url()
"""

from __future__ import annotations

import html
import re
from typing import Any, cast
from urllib.parse import quote, urlencode

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.builders.html import StandaloneHTMLBuilder
from sphinx.locale import _ as sphinx_text
from sphinx.locale import get_translation

from torch_notes import interface, sitewide

_ = get_translation("torch_notes")
# Pages whose title only their template knows: Sphinx's own words for it, in its catalogs.
UNTITLED = {"search": "Search", "genindex": "Index"}


def plain_title(title: str) -> str:
    """A page title as Sphinx gives it to templates (HTML) as plain text."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", title)).split())


def issue_url(repository: str, title: str, body: str) -> str:
    """GitHub's form for a new issue, with its title and body filled in."""
    query = urlencode({"title": title, "body": body}, quote_via=quote)
    return f"{repository.rstrip('/')}/issues/new?{query}"


def report_link(repository: str, title: str, path: str, address: str) -> dict[str, str]:
    """``label`` and ``href`` of the link for the page ``path`` (``en/index.html``)."""
    issue_title = _("Error on “{title}” ({path})").format(title=title, path=path)
    body = "\n\n".join(
        [_("Page: {address}").format(address=address), _("What is wrong, and what should it say?")]
    )
    return {"label": _("Report an error"), "href": issue_url(repository, issue_title, body + "\n")}


def add_context(
    app: Sphinx,
    pagename: str,
    templatename: str,
    context: dict[str, Any],
    doctree: nodes.document | None,
) -> None:
    builder = cast("StandaloneHTMLBuilder", app.builder)  # html-page-context: an HTML builder
    path = f"{app.config.language}/{pagename}{builder.link_suffix}"
    address = f"{app.config.site_base_url}{path}" if app.config.site_base_url else path
    title = plain_title(context.get("title") or "")
    title = title or (sphinx_text(UNTITLED[pagename]) if pagename in UNTITLED else pagename)
    context["report_error"] = report_link(app.config.report_error_repository, title, path, address)


def setup(app: Sphinx) -> dict[str, Any]:
    app.setup_extension("torch_notes.pages.language_switcher")  # site_base_url
    app.add_config_value("report_error_repository", sitewide.repository_url(), "html", types=[str])
    interface.add_catalog(app)  # the label and the issue's words, in the page's language
    app.connect("html-page-context", add_context)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
