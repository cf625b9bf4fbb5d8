"""Extensions that make the site work for readers offline and with assistive technology."""

from __future__ import annotations

import re

import pytest

from torch_notes.pages.mathml_math import MathConversionError, to_mathml
from torch_notes.workarounds import nav_labels as nav_a11y


@pytest.mark.sphinx("html", testroot="offline-search", freshenv=True)
def test_math_is_mathml_in_the_page_and_chinese_search_defines_its_stemmer(app):
    app.build()
    assert app.warning.getvalue() == ""
    out = app.outdir
    page = (out / "index.html").read_text(encoding="utf-8")
    assert not re.search(r"<script[^>]*(mathjax|tex-)", page, re.IGNORECASE)
    assert not re.search(r"""src="https?://""", page)
    assert not (out / "_static" / "mathjax").exists()
    inline = re.search(r'<math alttext="z = 2x" [^>]*display="inline">.*?</math>', page).group(0)
    assert "<mi>z</mi><mo>&#x0003D;</mo><mn>2</mn><mi>x</mi>" in inline
    # Focusable: a formula wider than a phone scrolls in its box, by keyboard too.
    opening = '<div class="math notranslate nohighlight" id="equation-chain" tabindex="0">'
    block = page[page.index(opening) :]
    assert '<span class="eqno">(1)' in block
    assert block.index("<mfrac>") < block.index("&#x003C3;")  # two equations, one under another
    assert block.count('display="block"') == 2

    language_data = (out / "_static" / "language_data.js").read_text(encoding="utf-8")
    stemmer = re.search(r"window\.Stemmer = (\w+);", language_data).group(1)
    assert re.search(rf"\bvar {stemmer}\s*=", language_data), f"{stemmer} is not defined"


def test_tex_that_cannot_become_mathml_is_refused_with_the_formula():
    with pytest.raises(MathConversionError, match=r"`\\frac\{1\}\{` to MathML"):
        to_mathml(r"\frac{1}{", "inline")
    # latex2mathml copies what it does not know into the output instead of failing.
    with pytest.raises(MathConversionError, match=r"stays as TeX"):
        to_mathml(r"\foo{x}", "inline")
    with pytest.raises(MathConversionError, match=r"`fan\\_in` stays as TeX"):
        to_mathml(r"\text{fan\_in}", "inline")
    assert to_mathml(r"\text{fan}_\text{in}", "inline").count("<mtext>") == 2
    # ... and an alignment's `&` as a bare ampersand, which breaks the EPUB's XHTML.
    with pytest.raises(MathConversionError, match=r"an `&` stays as text"):
        to_mathml(r"\begin{aligned} a &= b, & c &= d \end{aligned}", "block")
    matrix = to_mathml(r"\begin{pmatrix} 1 & 0 \\ 0 & 1 \end{pmatrix}", "block")
    assert "<mtable" in matrix and "<mi>&</mi>" not in matrix  # a matrix's & becomes cells


def test_a_bad_formula_fails_the_build_at_its_page_and_line(make_app, tmp_path):
    (tmp_path / "conf.py").write_text(
        'extensions = ["torch_notes.pages.mathml_math"]\nhtml_math_renderer = "mathml"\n',
        encoding="utf-8",
    )
    (tmp_path / "index.rst").write_text(
        "Title\n=====\n\nFine :math:`x^2`, broken :math:`\\unknown{x}`.\n", encoding="utf-8"
    )
    app = make_app("html", srcdir=tmp_path)
    app.build()
    warnings = app.warning.getvalue()
    assert "index.rst:4: WARNING: `\\unknown{x}` is not fully converted to MathML" in warnings
    assert "[mathml.convert]" in warnings
    page = (app.outdir / "index.html").read_text(encoding="utf-8")
    assert "<code>\\unknown{x}</code>" in page  # shown as source, never silently as math


def test_sidebar_toggles_are_named_after_their_page():
    html = (
        '<ul><li class="toctree-l1 has-children"><a class="reference internal" href="a.html">'
        '自动求梯度</a><details><summary><span class="toctree-toggle" role="presentation">'
        '<i class="fa-solid fa-chevron-down"></i></span></summary><ul><li>…</li></ul></details>'
        '</li><li class="has-children"><details><summary><p class="caption">张量</p></summary>'
        "</details></li></ul>"
    )
    named = nav_a11y.name_toggles(html)
    assert '<summary aria-label="自动求梯度">' in named
    assert '<summary><p class="caption">张量</p></summary>' in named  # has a name already
