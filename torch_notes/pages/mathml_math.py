"""Math written into the page as MathML when the page is built, so the reader's browser runs no
math script.

    extensions = [..., "torch_notes.pages.mathml_math"]
    html_math_renderer = "mathml"

Current browsers lay out MathML Core themselves. Converting ``:math:`` and ``math`` blocks with
``latex2mathml`` at build time replaces MathJax: no 1.1 MB script on every page with a formula,
no layout shift while it typesets, nothing to fetch offline, and formulas that screen readers read
as math. The TeX source stays in the ``alttext`` attribute.

A formula that ``latex2mathml`` cannot parse, or that it passes through unconverted (an unknown
command comes out as a literal ``\\name``, an alignment's ``&`` as a literal ampersand), is a
warning at the page and line: under ``-W`` the build fails instead of showing readers raw TeX.
"""

from __future__ import annotations

import re
from html import escape
from typing import Any

from docutils import nodes
from latex2mathml.converter import convert
from sphinx.application import Sphinx
from sphinx.locale import _
from sphinx.util import logging
from sphinx.util.math import get_node_equation_number
from sphinx.writers.html5 import HTML5Translator

logger = logging.getLogger(__name__)

# A backslash left in the output is TeX that was copied instead of converted.
UNCONVERTED = re.compile(r">[^<]*\\[^<]*<")
# A bare ampersand in the output is an alignment mark latex2mathml did not understand (inside
# `aligned`, for one): readers would see "&", and the EPUB's XHTML would not parse.
BARE_AMPERSAND = re.compile(r">[^<]*&(?!#?\w+;)[^<]*<")


class MathConversionError(ValueError):
    pass


def to_mathml(latex: str, display: str) -> str:
    """``<math>`` for ``latex``; raises MathConversionError when it cannot be converted."""
    try:
        mathml = convert(latex, display=display)
    except Exception as error:  # latex2mathml raises several unrelated types for bad input
        detail = f"{type(error).__name__}: {error}".rstrip(": ")
        raise MathConversionError(f"cannot convert `{latex}` to MathML ({detail})") from error
    left = UNCONVERTED.search(mathml)
    if left:
        raise MathConversionError(
            f"`{latex}` is not fully converted to MathML: `{left.group(0)[1:-1]}` stays as TeX"
        )
    if BARE_AMPERSAND.search(mathml):
        raise MathConversionError(
            f"`{latex}` is not fully converted to MathML: an `&` stays as text"
            " (write one formula per line instead of an alignment)"
        )
    return mathml.replace("<math ", f'<math alttext="{escape(latex)}" ', 1)


def render(node: nodes.Element, latex: str, display: str) -> str:
    try:
        return to_mathml(latex, display)
    except MathConversionError as error:
        logger.warning("%s", error, location=node, type="mathml", subtype="convert")
        return f"<code>{escape(latex)}</code>"


def visit_math(translator: HTML5Translator, node: nodes.math) -> None:
    translator.body.append(render(node, node.astext(), "inline"))
    raise nodes.SkipNode


def visit_math_block(translator: HTML5Translator, node: nodes.math_block) -> None:
    # A formula wider than a phone scrolls inside its box (docs/_static/torch-notes.css); a
    # keyboard scrolls only a box it can focus, and the theme's script that makes scrolling
    # code focusable does not know this one.
    translator.body.append(
        translator.starttag(node, "div", CLASS="math notranslate nohighlight", tabindex="0")
    )
    if node["number"]:
        number = get_node_equation_number(translator, node)
        translator.body.append(f'<span class="eqno">({number})')
        translator.add_permalink_ref(node, _("Link to this equation"))
        translator.body.append("</span>")
    # Sphinx's convention: equations separated by a blank line are shown one under another.
    for part in (p for p in node.astext().split("\n\n") if p.strip()):
        translator.body.append(render(node, part, "block"))
    translator.body.append("</div>\n")
    raise nodes.SkipNode


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_html_math_renderer("mathml", (visit_math, None), (visit_math_block, None))
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
