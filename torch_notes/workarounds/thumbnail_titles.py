"""Show gallery thumbnails with the example's title in the page's language.

sphinx-gallery writes a thumbnail's visible title and its hover text as raw HTML, which
no catalog reaches: a Chinese page would list its examples in English. Each thumbnail
also carries a ``:doc:`` link to the example, whose text Sphinx resolves to the example's
title in the build's language. For every language but English, this copies that resolved
title into the thumbnail's title and hover text. Nothing is needed in ``conf.py``.
"""

from __future__ import annotations

import html
import re
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx

TITLE_DIV = re.compile(r'(<div class="sphx-glr-thumbnail-title">)(.*?)(</div>)', re.DOTALL)
TOOLTIP = re.compile(r'(<div class="sphx-glr-thumbcontainer" tooltip=")(.*?)(">)', re.DOTALL)


def replace_raw(node: nodes.raw, pattern: re.Pattern[str], text: str) -> None:
    new = pattern.sub(lambda m: m[1] + html.escape(text) + m[3], node.astext())
    node.replace_self(nodes.raw(node.rawsource, new, format=node.get("format", "html")))


def translate_titles(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    if app.config.language in (None, "en"):
        return
    opening: nodes.raw | None = None
    link_text: str | None = None
    for node in list(doctree.findall(lambda n: isinstance(n, nodes.raw | nodes.reference))):
        if isinstance(node, nodes.reference):
            if opening is not None and node.get("internal"):
                link_text = node.astext()
            continue
        assert isinstance(node, nodes.raw)  # what findall() gave, other than references
        source = node.astext()
        if "sphx-glr-thumbcontainer" in source:
            opening, link_text = node, None
        elif "sphx-glr-thumbnail-title" in source and opening is not None and link_text:
            replace_raw(node, TITLE_DIV, link_text)
            replace_raw(opening, TOOLTIP, link_text)
            opening = link_text = None


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("doctree-resolved", translate_titles)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
